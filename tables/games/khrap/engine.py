"""Khrap, a four-card trick-taking game between 2-6 players (CG §114-§121,
../shared/rules/khrap.md with rulings K1-K15 and its section 5 decisions).

One hand of the table is one deal. A bank outlives deals: the remainder of a played bank (K8),
a bank nobody declared a game on (§119.1) and a bank made of penalties (K5, K6) are carried into
the next deal, in the same escrow (``escrow_key`` names the series of deals one bank spans), and
the engine says a bank is in play (``in_play``) while it holds money, even between deals.

The deal (automatic): the marker's seat receives first, four cards each (§118); the player
before the marker cuts (K12); the top card of the rest is turned up for trumps (§119). Then:

- **announce**: clockwise from the marker each says "pass" or a game; the first game ends the
  bidding (K3). All pass: the next card with a new suit is turned (§119.1), up to three trumps;
  all pass three times and the deal ends: the bank is carried, everyone adds the stake again and
  the marker moves (§119.1, K6).
- **answer** (khrap, strelyayu, zavorachivayu): clockwise from the declarer, round one "help" or
  "pass", round two "five" or "pass" for those who said neither (§119.2.1, K3). Nobody joins: the
  declarer takes the four tricks alone (K4). Vertolyot: everyone plays on his dealt cards, the
  declarer having shown the six of trumps and one more trump (§119.2.2, K9).
- **exchange**, in the game's order (§119.2.1, §119.2.3, §119.2.4): khrap or help, any number of
  cards; five, discard four, take five, discard one; strelyayu, three out, four in, discard one
  of the four drawn (the declarer keeps a card of his own); zavorachivayu, take the face-up trump
  card (K10) and discard one other card. A deck too short is refilled by the discards shuffled
  and cut by the player before the marker (§120, K11, K13).
- **play**: four tricks; follow suit, else trump, else any card (K1, K2); the first five-player
  leads, else the declarer (vertolyot: the declarer); then the winner of the last trick.
- **settle**: 2 % of the bank to the casino once, each trick a quarter of the rest, rounded down,
  the remainder carried (§121, K7, K8); a declarer under two tricks owes twice the bank, a joiner
  with no trick once (§119.2.1, K5; vertolyot's forced players owe nothing, section 5); the
  penalties are the next bank, played without new stakes (K6).

Money: every stake, the bank and each participant's **pledge** sit in one escrow pot. A player
who declares (2 × the bank) or joins (1 × the bank) puts the penalty he may owe into the pot as
he says it (K14: the ledger refuses the pledge of a wallet that cannot cover it, so the player
must pass); it comes back if he keeps his commitment and becomes the next bank if not.
``state["shares"]`` says whose money the bank is, so a staff void returns it.

The folder: rules.py (the terms, the card order, the seats' order, the bank's split, the money
moves), auction.py (trumps turned up, announce, answer, redeal), tricks.py (the exchange and the
play of tricks), settle.py (the deal's settlement); this module deals, validates and applies an
action, and holds the engine class the platform registers.
"""

from __future__ import annotations

import itertools
import random

from tables.engines import base
from tables.engines.base import (
    Commitment,
    Draws,
    Event,
    GameEngine,
    IllegalAction,
    Payment,
    State,
    copy_json,
    gettext_noop,
)
from tables.engines.cards import pack_36
from tables.games.khrap.auction import _announce, _answer, _turn_up, _vertolyot_partners
from tables.games.khrap.rules import (
    BANK,
    DECLARER_PENALTY,
    FIVE,
    GAME,
    GAME_LABELS,
    GAMES,
    HAND_SIZE,
    HELP,
    JOINER_PENALTY,
    KHRAP,
    PASS,
    SEATS,
    STAGES,
    STRELYAYU,
    STRELYAYU_OUT,
    UNCLAIMED,
    VERTOLYOT,
    ZAVORACHIVAYU,
    _pay,
    _payee,
    _weaker_percent,
    _whole,
    after,
    check_config,
    clockwise,
    low_first,
)
from tables.games.khrap.rules import COMMISSION as COMMISSION  # for the tests
from tables.games.khrap.rules import bank_split as bank_split  # for the tests
from tables.games.khrap.tricks import _discardable, _exchange, _exchange_kind, _legal_play, _play


def dealt(state: State) -> dict[str, list[str]]:
    """Each seat's four cards as dealt (§118: from the marker, in order, off the cut deck)."""
    deck = state["deal_record"].split(",")
    order = clockwise(state["players"], state["marker"])
    return {str(p): deck[i * HAND_SIZE : (i + 1) * HAND_SIZE] for i, p in enumerate(order)}


def folded_hands(state: State) -> list[dict]:
    """§119.2.1: whoever passed a declared game to the end (his cards to the dealer), with the
    hand he was dealt, ranked with the game's trumps; a player who left is not counted."""
    if not state["over"] or state["trump"] is None:
        return []
    cards = dealt(state)
    return [
        {
            "seat": int(position),
            "cards": cards[position],
            "beats": _weaker_percent(cards[position], state["trump"]),
        }
        for position, answer in sorted(state["answers"].items())
        if answer == PASS and int(position) not in state["gone"]
    ]


# --- a new deal ------------------------------------------------------------------------------


def new_hand(config: dict, players: list[int], rng: random.Random, carry: dict | None = None):
    """Deal to ``players``; ``carry`` brings the marker, the bank and whose money it is."""
    config = check_config(config)
    players = sorted(players)
    if not SEATS[0] <= len(players) <= SEATS[1] or len(set(players)) != len(players):
        raise ValueError(f"khrap deals {SEATS[0]} to {SEATS[1]} distinct seats")
    carry = carry or {}
    deals = carry.get("deals", 0) + 1
    hand_number = config.get("hand_number")
    hand_key = hand_number if _whole(hand_number) else deals
    # §118, K6: the marker starts at the dealer's left (the lowest seat) and moves clockwise
    # after every play and every all-pass redeal
    marker = after(players, carry["marker"])[0] if "marker" in carry else players[0]
    cutter = clockwise(players, marker)[-1]  # K12: the player seated just before the marker
    deck = list(pack_36())
    rng.shuffle(deck)
    cut = rng.randrange(1, len(deck))
    deck = deck[cut:] + deck[:cut]
    carried = int(carry.get("bank", 0))
    shares = {party: amount for party, amount in (carry.get("shares") or {}).items() if amount}
    for party in list(shares):  # a carried share of a seat not dealt in now: unclaimed (void)
        if party.startswith(base.SEAT) and base.Party.parse(party).key not in players:
            shares[UNCLAIMED] = shares.get(UNCLAIMED, 0) + shares.pop(party)
    stakes_due = carry.get("stakes_due", True)
    order = clockwise(players, marker)
    hands = {str(p): deck[i * HAND_SIZE : (i + 1) * HAND_SIZE] for i, p in enumerate(order)}
    rest = deck[len(order) * HAND_SIZE :]
    state: State = {
        "game": GAME,
        "hand_key": hand_key,
        "deals": deals,
        # the escrow of the bank: named by the deal that opened it, kept while a bank carries
        "series": carry["series"] if carried else hand_key,
        "deal_record": ",".join(deck),
        "cut": cut,
        "stake": config["stake"],
        "players": players,
        "marker": marker,
        "cutter": cutter,
        "carried": carried,
        "penalty_bank": bool(carry.get("penalty_bank")) and not stakes_due,
        "stakes_due": stakes_due,
        # what each player put in as his stake for this deal (§117, §119.1; none for a
        # penalty bank, K6), for the deal's result
        "staked": config["stake"] if stakes_due else 0,
        "bank": carried,
        "pot": carried,
        "shares": shares,
        "pledges": {},
        "deck": rest,
        "reshuffles": 0,
        "committed_left": len(rest),  # the deck's top cards still in the committed order
        "discard": [],
        "hands": hands,
        "shown": {},
        "turned": [],
        "trump": None,
        "trump_card": None,
        "trumps_tried": [],
        "phase": "announce",
        "turn": None,
        "queue": [],
        "declarer": None,
        "declared": None,
        "answers": {},
        # what each seat said last on this trump (a game, "pass", "help", "five", "forced"):
        # public, for the board
        "said": {},
        "participants": [],
        "exchanged": {},
        "pending": None,
        "drawn": [],  # strelyayu: the four cards just drawn, one of which is discarded
        "leader": None,
        "trick": [],
        "last_trick": [],
        "played": [],
        "tricks": {},
        "gone": [],
        "step": 0,
        "over": False,
        "result": None,
        "next_bank": 0,
        "next_penalty": False,
    }
    if stakes_due:  # §117 a fresh bank, §119.1 a redeal: every player adds the stake
        for position in players:
            _pay(state, [], base.seat(position), BANK, state["stake"], "stake")
    _turn_up(state, [])
    return state


def _stakes(state: State) -> list[Event]:
    if not state["stakes_due"]:
        return []
    return [
        Payment(base.seat(p), BANK, state["stake"], "stake").as_event() for p in state["players"]
    ]


def start_events(state: State) -> list[Event]:
    return [
        {
            "type": "deal",
            "marker": state["marker"],
            "cutter": state["cutter"],
            "cut": state["cut"],
            "carried": state["carried"],
            "penalty_bank": state["penalty_bank"],
            "trump_card": state["trump_card"],
        },
        *_stakes(state),
    ]


# --- who may do what ------------------------------------------------------------------------------


def to_act(state: State) -> list[int]:
    return [] if state["over"] or state["turn"] is None else [state["turn"]]


def _validated(state: State, position: int, action) -> dict:
    """The one validator: ``legal_actions`` lists what passes it, ``apply`` refuses the rest."""
    if state["over"]:
        raise IllegalAction(gettext_noop("This deal is over."))
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalAction(gettext_noop("Unknown action."))
    if position not in to_act(state):
        raise IllegalAction(gettext_noop("It is not your turn."))
    kind, phase = action["type"], state["phase"]
    hand = state["hands"][str(position)]
    if phase == "announce":
        if kind == PASS:
            return {"type": PASS}
        if kind == "declare":
            game = action.get("game")
            if game not in GAMES:
                raise IllegalAction(
                    gettext_noop("Declare khrap, vertolyot, strelyayu or zavorachivayu.")
                )
            if game != VERTOLYOT:
                return {"type": "declare", "game": game}
            shown = action.get("with")
            partners = _vertolyot_partners(state, position)
            if not partners:
                raise IllegalAction(
                    gettext_noop(
                        "Vertolyot needs the six of trumps and one more trump in your dealt cards."
                    )
                )
            if shown not in partners:
                raise IllegalAction(
                    gettext_noop("Show the six of trumps with one more trump of your cards.")
                )
            return {"type": "declare", "game": game, "with": shown}
        raise IllegalAction(gettext_noop("Say pass or declare a game."))
    if phase == "answer":
        answer = HELP if state["answer_round"] == 1 else FIVE
        if kind in (PASS, answer):
            return {"type": kind}
        raise IllegalAction(gettext_noop('Say "%(answer)s" or pass.'), answer=answer)
    if phase == "exchange":
        exchange = _exchange_kind(state, position)
        if state["pending"] == "discard":
            card = action.get("card")
            if kind != "discard" or not isinstance(card, str) or card not in hand:
                raise IllegalAction(gettext_noop("Discard one of your cards."))
            if card not in _discardable(state, position):
                if exchange == ZAVORACHIVAYU:
                    raise IllegalAction(
                        gettext_noop("Zavorachivayu keeps the trump card: discard another card.")
                    )
                raise IllegalAction(
                    gettext_noop(
                        "Strelyayu discards one of the four cards drawn: you keep one card "
                        "of your own (CG §119.2.3)."
                    )
                )
            return {"type": "discard", "card": card}
        cards = action.get("cards", [])  # a form with nothing picked sends no cards: keep
        if (
            kind != "exchange"
            or not isinstance(cards, list)
            or not all(isinstance(c, str) and c in hand for c in cards)
            or len(set(cards)) != len(cards)
        ):
            raise IllegalAction(gettext_noop("Choose cards of your hand to exchange."))
        if exchange == STRELYAYU and len(cards) != STRELYAYU_OUT:
            raise IllegalAction(gettext_noop("Strelyayu exchanges exactly three cards."))
        return {"type": "exchange", "cards": sorted(cards, key=hand.index)}
    # play
    card = action.get("card")
    if kind != "play" or not isinstance(card, str) or card not in hand:
        raise IllegalAction(gettext_noop("Play one of your cards."))
    if card not in _legal_play(state, position):
        raise IllegalAction(
            gettext_noop(
                "Follow the suit led; without it play a trump; only without both any card."
            )
        )
    return {"type": "play", "card": card}


def legal_actions(state: State, position: int) -> list[dict]:
    if state["over"] or position not in to_act(state):
        return []
    phase, hand = state["phase"], state["hands"][str(position)]
    if phase == "announce":
        actions = [{"type": PASS}]
        actions += [{"type": "declare", "game": g} for g in (KHRAP, STRELYAYU, ZAVORACHIVAYU)]
        actions += [
            {"type": "declare", "game": VERTOLYOT, "with": card}
            for card in _vertolyot_partners(state, position)
        ]
        return actions
    if phase == "answer":
        return [{"type": HELP if state["answer_round"] == 1 else FIVE}, {"type": PASS}]
    if phase == "exchange":
        exchange = _exchange_kind(state, position)
        if state["pending"] == "discard":
            return [{"type": "discard", "card": c} for c in _discardable(state, position)]
        sizes = [STRELYAYU_OUT] if exchange == STRELYAYU else range(len(hand) + 1)
        return [
            {"type": "exchange", "cards": list(combo)}
            for size in sizes
            for combo in itertools.combinations(hand, size)
        ]
    return [{"type": "play", "card": c} for c in _legal_play(state, position)]


def timeout_action(state: State, position: int) -> dict:
    """K15: a silent announcement or answer is a pass, a silent exchange keeps the cards, a
    silent play is the lowest legal card. Where keeping is not allowed (strelyayu's three, a
    card to discard) the lowest cards go (docs/rules-decisions.md)."""
    phase, trump = state["phase"], state["trump"]
    hand = state["hands"][str(position)]
    if phase in ("announce", "answer"):
        return {"type": PASS}
    if phase == "exchange":
        if state["pending"] == "discard":
            options = _discardable(state, position)
            return {"type": "discard", "card": min(options, key=low_first(trump))}
        if _exchange_kind(state, position) == STRELYAYU:
            lowest = sorted(hand, key=low_first(trump))[:STRELYAYU_OUT]
            return {"type": "exchange", "cards": [c for c in hand if c in lowest]}
        return {"type": "exchange", "cards": []}
    return {"type": "play", "card": min(_legal_play(state, position), key=low_first(trump))}


# --- doing it ----------------------------------------------------------------------------------


def apply(state: State, position: int, action, rng: Draws | None = None):
    checked = _validated(state, position, action)
    state = copy_json(state)
    events: list[Event] = []
    _step(state, position, checked, events, rng if rng is not None else Draws())
    _run_gone(state, events, rng if rng is not None else Draws())
    return state, events


def _step(state: State, position: int, action: dict, events: list[Event], rng: Draws) -> None:
    state["step"] += 1
    kind, phase = action["type"], state["phase"]
    if phase == "announce":
        _announce(state, position, action, events)
    elif phase == "answer":
        _answer(state, position, kind, events)
    elif phase == "exchange":
        _exchange(state, position, action, events, rng)
    else:
        _play(state, position, action["card"], events)


def _run_gone(state: State, events: list[Event], rng: Draws) -> None:
    """A seat whose player has left plays on by itself: its timeout actions (K15)."""
    for _guard in range(200):
        if state["over"] or state["turn"] not in state["gone"]:
            return
        position = state["turn"]
        _step(
            state,
            position,
            _validated(state, position, timeout_action(state, position)),
            events,
            rng,
        )


# --- the engine ---------------------------------------------------------------------------


class Khrap(GameEngine):
    game = GAME
    display_name = gettext_noop("Khrap")
    seats = SEATS

    # one config: the suite plays every seat count from 2 to 6 with it
    example_configs = ({"stake": 1_000},)

    def check_config(self, config: dict) -> dict:
        return check_config(config)

    new_hand = staticmethod(new_hand)
    start_events = staticmethod(start_events)
    legal_actions = staticmethod(legal_actions)
    apply = staticmethod(apply)
    to_act = staticmethod(to_act)
    timeout_action = staticmethod(timeout_action)

    def turn_key(self, state: State, seat: int) -> str:
        """One seat decides at a time; every step is a new decision."""
        return f"{state['hand_key']}:{state['step']}"

    def carry_over(self, state: State) -> dict:
        """The marker, and the bank with whose money it is (K6, K8, §119.1); never None, so
        seats stay ready from deal to deal."""
        carried = state["next_bank"] if state["over"] else 0
        return {
            "marker": state["marker"],
            "bank": carried,
            "shares": dict(state["shares"]) if carried else {},
            "series": state["series"],
            "penalty_bank": state["next_penalty"] if carried else False,
            "stakes_due": state["stakes_due"] if state["over"] else True,
            "deals": state["deals"],
        }

    def escrow_key(self, state: State) -> str:
        return f"bank:{state['series']}"

    def folded_hands(self, state: State) -> list[dict]:
        return folded_hands(state)

    def commitment(self, state: State) -> Commitment:
        return Commitment("hand", state["deal_record"])

    def in_play(self, state: State | None) -> bool:
        """A deal under way, or a bank carried to the next deal (it is in escrow)."""
        return bool(state) and (not state["over"] or state["pot"] > 0)

    def sit_minimum(self, config: dict) -> int:
        return int(config.get("stake", 0))

    def holds_bets(self, state: State | None, seat: int) -> bool:
        # the deal plays on for him (K15), but what he would be paid goes to the house for him
        # (``UNCLAIMED``), so the seat is freed at once. Paying it to a seat held for him
        # instead (``holds_bets``) is issue 31's part for this game, not done yet.
        return False

    def apply_leave(self, state: State, seat: int, rng: Draws | None = None):
        """Leaving: a deal in play goes on with the seat's timeout actions (K15) and what it
        would be paid goes to the house for him (``UNCLAIMED``); between deals his share of a
        carried bank stays in it (a void would return it to the house for him)."""
        if not self.in_play(state) or seat not in state["players"] or seat in state["gone"]:
            return None
        state = copy_json(state)
        events: list[Event] = [{"type": "left", "seat": seat}]
        share = state["shares"].pop(base.seat(seat), 0)
        if share:
            state["shares"][UNCLAIMED] = state["shares"].get(UNCLAIMED, 0) + share
        state["gone"].append(seat)
        if not state["over"]:
            _run_gone(state, events, rng if rng is not None else Draws())
        return state, events

    def next_hand(self, state, seats, config):
        """Every present player is dealt in as soon as two are (the GameEngine default), never
        while a deal is being played."""
        if state and not state["over"]:
            return None
        return super().next_hand(state, seats, config)

    def apply_absent(self, state: State, seat: int, rng: Draws | None = None):
        if state["over"]:
            return None
        return super().apply_absent(state, seat, rng)

    def apply_void(self, state: State):
        """Staff void: the bank goes back to whose money it is and every pledge to its
        payer; the deals already played stand."""
        if not self.in_play(state):
            raise IllegalAction(gettext_noop("No bank is being played."))
        state = copy_json(state)
        events: list[Event] = [{"type": "void"}]
        returned: dict[str, int] = dict(state["shares"])
        for position, amount in state["pledges"].items():
            party = _payee(state, int(position))
            returned[party] = returned.get(party, 0) + amount
        for party, amount in sorted(returned.items()):
            _pay(state, events, BANK, party, amount, "void")
        previous = state["result"] or {}
        state.update(
            over=True,
            phase="over",
            turn=None,
            shares={},
            pledges={},
            next_bank=0,
            stakes_due=True,
            next_penalty=False,
        )
        state["result"] = {**previous, "void": True, "next_bank": 0}
        return state, events

    # --- what each may see -------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> dict:
        """Public: the bank, the face-up cards, what was said, the trick, the tricks won, cards
        shown (vertolyot's two trumps, zavorachivayu's trump card). Never the deck, the
        discards or another seat's hand."""
        public = {
            "game": GAME,
            "hand": state["hand_key"],
            "phase": state["phase"],
            "players": list(state["players"]),
            "marker": state["marker"],
            "cutter": state["cutter"],
            "stake": state["stake"],
            "bank": state["bank"],
            "carried": state["carried"],
            "penalty_bank": state["penalty_bank"],
            "next_penalty": state["next_penalty"],
            "pot": state["pot"],
            "pledges": dict(state["pledges"]),
            "trump": state["trump"],
            "trump_card": state["trump_card"] if state["trump_card"] in state["turned"] else None,
            "turned": list(state["turned"]),
            "trumps_tried": list(state["trumps_tried"]),
            "deck_count": len(state["deck"]),
            "discard_count": len(state["discard"]),
            "reshuffles": state["reshuffles"],
            "declarer": state["declarer"],
            "declared": state["declared"],
            "answer_round": state.get("answer_round"),
            "answers": dict(state["answers"]),
            "said": dict(state.get("said") or {}),
            "participants": list(state["participants"]),
            "shown": {p: list(cards) for p, cards in state["shown"].items()},
            "hand_counts": {p: len(cards) for p, cards in state["hands"].items()},
            "exchanged": dict(state["exchanged"]),
            "exchanging": state["turn"] if state["phase"] == "exchange" else None,
            "pending": state["pending"],
            "leader": state["leader"],
            "trick": [list(pair) for pair in state["trick"]],
            "last_trick": [list(pair) for pair in state["last_trick"]],
            "tricks": dict(state["tricks"]),
            "gone": list(state["gone"]),
            "to_act": to_act(state),
            "over": state["over"],
            "next_bank": state["next_bank"],
            "result": copy_json(state["result"]),
            "seat": seat,
        }
        if seat is not None:
            hand = self.private_cards(state).get(seat, [])
            # the seat's cards nobody else sees; its shown ones are in "shown", as for all
            public["cards"] = sorted(hand, key=low_first(state["trump"]))
            public["legal"] = legal_actions(state, seat)
            # K14: what declaring (announce) or joining (answer) would put into escrow now
            multiple = {"announce": DECLARER_PENALTY, "answer": JOINER_PENALTY}
            public["pledge"] = (
                multiple[state["phase"]] * state["bank"]
                if seat in to_act(state) and state["phase"] in multiple
                else 0
            )
        return public

    def private_cards(self, state: State) -> dict[int, list[str]]:
        return {
            int(p): [c for c in cards if c not in state["shown"].get(p, [])]
            for p, cards in state["hands"].items()
        }

    def undealt(self, state: State) -> list[str]:
        return list(state["deck"])

    def undealt_committed(self, state: State) -> list[str]:
        """Before a §120 reshuffle the deck is the committed order's last cards; after one,
        only what was left of it (on top of the reshuffled discards, drawn from the recorded
        random source) is."""
        return state["deck"][: state["committed_left"]]

    def all_cards(self, state: State) -> list[str]:
        hands = [c for cards in state["hands"].values() for c in cards]
        trick = [c for _p, c in state["trick"]]
        return [
            *state["deck"],
            *state["discard"],
            *state["turned"],
            *hands,
            *trick,
            *state["played"],
        ]

    # --- the session ------------------------------------------------------------------

    def summary(self, state: State | None, config: dict) -> dict:
        facts: list = [[gettext_noop("Stake"), {"money": config.get("stake", 0)}]]
        if not self.in_play(state):
            return {"pot": 0, "stage": "", "facts": facts}
        bank = state["next_bank"] if state["over"] else state["bank"]
        penalty = state["next_penalty"] if state["over"] else state["penalty_bank"]
        facts.append(
            [gettext_noop("Penalty bank") if penalty else gettext_noop("Bank"), {"money": bank}]
        )
        if state["declared"] and not state["over"]:
            facts.append([GAME_LABELS[state["declared"]], ""])
        stage = STAGES["over" if state["over"] else state["phase"]]
        return {"pot": state["pot"], "stage": stage, "facts": facts}


ENGINE = base.register(Khrap())
