"""Podkidnoy durak, heads-up, a match played to N game wins (CG §122–§127,
../shared/rules/durak-tournament.md). One hand of the table is one game of the match.

Turn order within a bout is strict: the attacker leads, the defender beats cards one by one or
takes; when every card is beaten (or the defender has said he takes) the attacker may throw in
or say done. Dealer chores (dealing, drawing, clearing the table, scoring) are automatic, and a
bout ends by itself once the attacker has nothing left to throw in.
"""

from __future__ import annotations

import copy
import itertools
import random
from decimal import Decimal, InvalidOperation

from casino.money import percentage_of
from tables.engines import base
from tables.engines.base import (
    Commitment,
    Event,
    GameEngine,
    IllegalAction,
    NextHand,
    Payment,
    SeatInfo,
    State,
    gettext_noop,
)
from tables.engines.cards import RANKS_36, label, pack_36, rank, shuffled, suit

GAME = "durak"
SEATS = (2, 2)
HAND_SIZE = 6
MAX_BOUT_ATTACKS = 6
TIMEOUTS_TO_FORFEIT = 2
WINS_TO_WIN = (5, 7, 9, 11)  # §124: preliminary, quarter-final, semi-final / 3rd place, final


def check_settings(settings: dict) -> None:
    """Refuse (IllegalAction) a table's settings a match could not start with."""
    wins = settings.get("wins_to_win", 5)
    if isinstance(wins, bool) or wins not in WINS_TO_WIN:
        raise IllegalAction(
            gettext_noop("A match is played to %(choices)s wins."),
            choices=", ".join(map(str, WINS_TO_WIN)),
        )
    try:
        commission = Decimal(str(settings.get("commission_percent", "0")))
    except InvalidOperation:
        commission = Decimal(-1)
    if not commission.is_finite() or not 0 <= commission <= 100:
        raise IllegalAction(gettext_noop("The commission is a percentage from 0 to 100."))


def card_value(card: str) -> int:
    return RANKS_36.index(rank(card))


def beats(defence: str, attack: str, trump: str) -> bool:
    """§125.6: a higher card of the same suit, or any trump over a non-trump; a trump only by a
    higher trump."""
    if suit(defence) == suit(attack):
        return card_value(defence) > card_value(attack)
    return suit(defence) == trump


def may_beat(defence: str, attack: str, trump: str, hand: list[str]) -> bool:
    """§125.6 with the hand: a trump may beat a non-trump only "при отсутствии таковых", when
    the defender holds no higher card of the attacked suit (docs/rules-decisions.md)."""
    if not beats(defence, attack, trump):
        return False
    if suit(defence) == trump and suit(attack) != trump:
        return not any(suit(c) == suit(attack) and beats(c, attack, trump) for c in hand)
    return True


def _sort_key(trump: str):
    return lambda card: (suit(card) == trump, card_value(card), suit(card))


# --- a new game ----------------------------------------------------------------------------


def new_hand(config: dict, players: list[int], rng: random.Random, carry: dict | None = None):
    if len(players) != 2:
        raise ValueError("durak is played by two")
    wins = int(config.get("wins_to_win", 5))
    if wins not in WINS_TO_WIN:
        raise ValueError(f"a match is played to one of {WINS_TO_WIN} wins")
    match = (
        copy.deepcopy(carry)
        if carry
        else {
            "score": [0, 0],
            "games": 0,
            "draws": 0,
            "next_leader": None,
            # the match's escrow: named by the table's match number (hand number in old calls)
            "pot_key": config.get("match_number", config.get("hand_number", 1)),
            "stake": int(config.get("stake", 0)),
            "commission_percent": str(config.get("commission_percent", "0")),
            "wins_to_win": wins,
            "over": False,
            "winner": None,
            "result": None,
        }
    )
    while True:
        deck = shuffled(pack_36(), rng)
        hands: list[list[str]] = [[], []]
        # §125.4: six cards each, dealt alternately two at a time.
        for round_no in range(3):
            for seat in (0, 1):
                start = round_no * 4 + seat * 2
                hands[seat] += deck[start : start + 2]
        trump_card = deck[12]  # §125.4: the 13th card is turned up as trumps ...
        talon = deck[13:] + [trump_card]  # ... and lies under the deck: it is drawn last (D6)
        trump = suit(trump_card)
        leader = match["next_leader"]
        if leader is None:
            # §125.4: in the first game the holder of the lowest trump leads; D2: with no trump
            # in either hand the cards are shuffled and dealt again.
            lowest = [
                min((card_value(c) for c in hand if suit(c) == trump), default=None)
                for hand in hands
            ]
            if lowest == [None, None]:
                continue
            leader = min((v, seat) for seat, v in enumerate(lowest) if v is not None)[1]
        break
    match["games"] += 1
    state: State = {
        "game": GAME,
        "match": match,
        "deal_record": ",".join(deck),
        "trump": trump,
        "trump_card": trump_card,
        "talon": talon,
        "hands": hands,
        "table": [],
        "discard": [],
        "attacker": leader,
        "defender": 1 - leader,
        "first_leader": leader,
        "bout_limit": min(MAX_BOUT_ATTACKS, len(hands[1 - leader])),
        "taking": False,
        "timeouts": [0, 0],
        "over": False,
        "result": None,
    }
    return state


def start_events(state: State) -> list[Event]:
    """Money and announcements when the hand starts: both stakes go to the pot at the start of
    a match (its first game)."""
    match = state["match"]
    events: list[Event] = [
        {
            "type": "deal",
            "game": match["games"],
            "leader": state["attacker"],
            "trump_card": state["trump_card"],
        }
    ]
    if match["games"] == 1 and match["stake"]:
        for seat in (0, 1):
            events.append(Payment(f"seat:{seat}", "pot", match["stake"], "stake").as_event())
    return events


# --- what may be done ------------------------------------------------------------------------


def _unbeaten(state: State) -> list[str]:
    return [attack for attack, defence in state["table"] if defence is None]


def _table_ranks(state: State) -> set[str]:
    return {rank(card) for pair in state["table"] for card in pair if card}


def _defenders_turn(state: State) -> bool:
    return bool(_unbeaten(state)) and not state["taking"]


def to_act(state: State) -> list[int]:
    if state["over"]:
        return []
    return [state["defender"] if _defenders_turn(state) else state["attacker"]]


def _room(state: State) -> int:
    return state["bout_limit"] - len(state["table"])


def _check_attack(state: State, seat: int, cards: list) -> None:
    """§125.6/§125.8/D4: the one validator of leads and throw-ins."""
    if seat != state["attacker"] or _defenders_turn(state):
        raise IllegalAction(gettext_noop("It is not your turn to attack."))
    if not isinstance(cards, list) or not cards or not all(isinstance(c, str) for c in cards):
        raise IllegalAction(gettext_noop("Choose one or more cards to play."))
    if len(set(cards)) != len(cards):
        raise IllegalAction(gettext_noop("The same card cannot be played twice."))
    hand = state["hands"][seat]
    if any(card not in hand for card in cards):
        raise IllegalAction(gettext_noop("You can only play cards from your hand."))
    if not state["table"]:
        if len({rank(card) for card in cards}) != 1:
            raise IllegalAction(
                gettext_noop("A lead is one card, or two to four cards of one rank.")
            )
    elif any(rank(card) not in _table_ranks(state) for card in cards):
        raise IllegalAction(
            gettext_noop("You may only throw in cards of a rank already on the table.")
        )
    if len(cards) > _room(state):
        raise IllegalAction(
            gettext_noop(
                "At most %(limit)s cards may be played against the defender in this bout."
            ),
            limit=state["bout_limit"],
        )


def _check_defence(state: State, seat: int, card, target) -> None:
    if seat != state["defender"] or not _defenders_turn(state):
        raise IllegalAction(gettext_noop("It is not your turn to defend."))
    if not isinstance(card, str) or card not in state["hands"][seat]:
        raise IllegalAction(gettext_noop("You can only defend with a card from your hand."))
    if target not in _unbeaten(state):
        raise IllegalAction(gettext_noop("Choose a card on the table that is not beaten yet."))
    if not beats(card, target, state["trump"]):
        raise IllegalAction(
            gettext_noop(
                "%(card)s does not beat %(target)s: play a higher card of the same suit or a "
                "trump (a trump only by a higher trump)."
            ),
            card=label(card),
            target=label(target),
        )
    if not may_beat(card, target, state["trump"], state["hands"][seat]):
        raise IllegalAction(
            gettext_noop(
                "You hold a higher card of the same suit: beat %(target)s with it; a trump is "
                "allowed only without one."
            ),
            target=label(target),
        )


def _throw_in_options(state: State, seat: int) -> list[list[str]]:
    hand = sorted(state["hands"][seat], key=_sort_key(state["trump"]))
    room = _room(state)
    if room <= 0:
        return []
    if not state["table"]:
        by_rank: dict[str, list[str]] = {}
        for card in hand:
            by_rank.setdefault(rank(card), []).append(card)
        groups = by_rank.values()
        return [
            list(combo)
            for cards in groups
            for size in range(1, min(len(cards), room) + 1)
            for combo in itertools.combinations(cards, size)
        ]
    matching = [card for card in hand if rank(card) in _table_ranks(state)]
    return [
        list(combo)
        for size in range(1, min(len(matching), room) + 1)
        for combo in itertools.combinations(matching, size)
    ]


def legal_actions(state: State, seat: int) -> list[dict]:
    if state["over"] or seat not in to_act(state):
        return []
    if seat == state["defender"]:
        actions = [
            {"type": "defend", "card": card, "target": target}
            for target in _unbeaten(state)
            for card in state["hands"][seat]
            if may_beat(card, target, state["trump"], state["hands"][seat])
        ]
        return [*actions, {"type": "take"}]
    actions = [{"type": "attack", "cards": cards} for cards in _throw_in_options(state, seat)]
    if state["table"]:
        actions.append({"type": "done"})
    return actions


# --- doing it ---------------------------------------------------------------------------------


def _copy(value):
    """A deep copy of a state (dicts, lists, tuples, primitives), several times faster than
    copy.deepcopy, which was most of the cost of `apply`."""
    kind = type(value)
    if kind is dict:
        return {key: _copy(item) for key, item in value.items()}
    if kind is list:
        return [_copy(item) for item in value]
    if kind is tuple:
        return tuple(_copy(item) for item in value)
    if kind in (str, int, float, bool) or value is None:
        return value
    return copy.deepcopy(value)


def apply(state: State, seat: int, action: dict, rng=None) -> tuple[State, list[Event]]:
    """One player's action; Durak draws nothing mid-hand, so ``rng`` is unused."""
    if state["over"]:
        raise IllegalAction(gettext_noop("This game is over."))
    if not isinstance(action, dict):
        raise IllegalAction(gettext_noop("Unknown action."))
    kind = action.get("type")
    state = _copy(state)
    events: list[Event] = []
    if kind == "attack":
        cards = action.get("cards")
        _check_attack(state, seat, cards)
        for card in cards:
            state["hands"][seat].remove(card)
            state["table"].append([card, None])
        events.append(
            {
                "type": "attack",
                "seat": seat,
                "cards": list(cards),
                "throw_in": len(state["table"]) > len(cards),
            }
        )
    elif kind == "defend":
        card, target = action.get("card"), action.get("target")
        _check_defence(state, seat, card, target)
        state["hands"][seat].remove(card)
        for pair in state["table"]:
            if pair[0] == target and pair[1] is None:
                pair[1] = card
                break
        events.append({"type": "defend", "seat": seat, "card": card, "target": target})
    elif kind == "take":
        if seat != state["defender"] or not _defenders_turn(state):
            raise IllegalAction(gettext_noop("It is not your turn to defend."))
        state["taking"] = True  # D7: the attacker may still throw in before the defender takes
        events.append({"type": "take", "seat": seat})
    elif kind == "done":
        if seat != state["attacker"] or _defenders_turn(state) or not state["table"]:
            raise IllegalAction(gettext_noop("You cannot end the attack now."))
        events += _end_bout(state)
    else:
        raise IllegalAction(gettext_noop("Unknown action."))
    if seat in (0, 1):
        state["timeouts"][seat] = 0
    events += _automate(state)
    return state, events


def _automate(state: State) -> list[Event]:
    """End the bout once the attacker's only choice is "done"."""
    events: list[Event] = []
    if (
        not state["over"]
        and state["table"]
        and not _defenders_turn(state)
        and not _throw_in_options(state, state["attacker"])
    ):
        events += _end_bout(state)
    return events


def _end_bout(state: State) -> list[Event]:
    attacker, defender = state["attacker"], state["defender"]
    cards = [card for pair in state["table"] for card in pair if card]
    events: list[Event] = []
    if state["taking"]:
        # §125.7: the defender picks up everything; D5: the attacker leads again.
        state["hands"][defender] += cards
        events.append({"type": "took", "seat": defender, "count": len(cards)})
    else:
        # §125.7: all beaten: the cards go to the discard and the defender leads next.
        state["discard"] += cards
        events.append({"type": "beaten_off", "seat": defender, "count": len(cards)})
        attacker, defender = defender, attacker
    state["table"] = []
    state["taking"] = False
    # §125.8, D6: the attacker of the bout draws first, then the defender, up to six each.
    for seat in (state["attacker"], state["defender"]):
        need = max(0, HAND_SIZE - len(state["hands"][seat]))
        drawn = state["talon"][:need]
        state["talon"] = state["talon"][need:]
        state["hands"][seat] += drawn
        if drawn:
            events.append({"type": "draw", "seat": seat, "count": len(drawn)})
    state["attacker"], state["defender"] = attacker, defender
    state["bout_limit"] = min(MAX_BOUT_ATTACKS, len(state["hands"][defender]))
    if not state["talon"]:
        out = [seat for seat in (0, 1) if not state["hands"][seat]]
        if out:
            # §125.5: the first to have no cards wins; both at once is a draw.
            events += _finish_game(state, winner=out[0] if len(out) == 1 else None, reason="out")
    return events


def _finish_game(state: State, *, winner: int | None, reason: str) -> list[Event]:
    match = state["match"]
    state["over"] = True
    state["result"] = {"winner": winner, "reason": reason}
    events: list[Event] = [{"type": "game_over", "winner": winner, "reason": reason}]
    if winner is None:
        match["draws"] += 1
        # D3: no win counted; the player who did not lead first in the drawn game leads next.
        match["next_leader"] = 1 - state["first_leader"]
    else:
        match["score"][winner] += 1
        match["next_leader"] = winner  # §125.4: later games are led by the previous winner
        if match["score"][winner] >= match["wins_to_win"]:
            events += _finish_match(state, winner=winner, reason="wins")
    events.append({"type": "score", "score": list(match["score"])})
    return events


def _finish_match(state: State, *, winner: int, reason: str) -> list[Event]:
    match = state["match"]
    match["over"] = True
    match["winner"] = winner
    match["result"] = reason
    events: list[Event] = [{"type": "match_over", "winner": winner, "reason": reason}]
    pot = 2 * match["stake"]
    if pot:
        commission = percentage_of(pot, match["commission_percent"])
        if commission:
            events.append(Payment("pot", "house:commission", commission, "commission").as_event())
        events.append(Payment("pot", f"seat:{winner}", pot - commission, "match won").as_event())
    return events


# --- clocks, forfeits and voids ------------------------------------------------------------


def timeout_action(state: State, seat: int) -> dict:
    """D13: a defender out of time takes; an attacker out of time ends the attack, or, with
    nothing on the table yet, leads his lowest card (non-trumps first)."""
    if seat == state["defender"]:
        return {"type": "take"}
    if state["table"]:
        return {"type": "done"}
    lowest = min(state["hands"][seat], key=_sort_key(state["trump"]))
    return {"type": "attack", "cards": [lowest]}


def apply_timeout(state: State, seat: int, rng=None) -> tuple[State, list[Event]]:
    """D13: the seat's clock ran out. Twice in a row in one game forfeits the game."""
    if state["over"] or seat not in to_act(state):
        raise IllegalAction(gettext_noop("That seat has no clock running."))
    strikes = state["timeouts"][seat] + 1
    if strikes >= TIMEOUTS_TO_FORFEIT:
        state = _copy(state)
        state["timeouts"][seat] = strikes
        events = [{"type": "timeout", "seat": seat, "strikes": strikes}]
        events += _finish_game(state, winner=1 - seat, reason="timeouts")
        return state, events
    state, events = apply(state, seat, timeout_action(state, seat))
    state["timeouts"][seat] = strikes
    return state, [{"type": "timeout", "seat": seat, "strikes": strikes}, *events]


def apply_forfeit(state: State, seat: int, reason: str = "forfeit") -> tuple[State, list[Event]]:
    """D13/D11: the seat loses the match (absence limit, leaving the table): the game in play
    ends without a score and the opponent wins the match."""
    if state["match"]["over"]:
        raise IllegalAction(gettext_noop("The match is already over."))
    state = _copy(state)
    state["over"] = True
    state["result"] = {"winner": 1 - seat, "reason": reason}
    events: list[Event] = [{"type": "forfeit", "seat": seat, "reason": reason}]
    events += _finish_match(state, winner=1 - seat, reason=reason)
    return state, events


def apply_void(state: State) -> tuple[State, list[Event]]:
    """Staff void: the match ends without a winner and both stakes go back, once: a match that
    is over (decided, or voided already) has no stakes left to return."""
    if state["match"]["over"]:
        raise IllegalAction(gettext_noop("The match is already over."))
    state = _copy(state)
    match = state["match"]
    state["over"] = True
    state["result"] = {"winner": None, "reason": "void"}
    match["over"] = True
    match["result"] = "void"
    events: list[Event] = [{"type": "void"}]
    if match["stake"]:
        for seat in (0, 1):
            events.append(Payment("pot", f"seat:{seat}", match["stake"], "void").as_event())
    return state, events


# --- what each may see ---------------------------------------------------------------------


def view(state: State, seat: int | None) -> dict:
    """Everything public, plus the hand of `seat` (None: a spectator sees no hand). The talon's
    order and the other hand never leave the engine."""
    match = state["match"]
    trump = state["trump"]
    public = {
        "game": GAME,
        "game_number": match["games"],
        "score": list(match["score"]),
        "wins_to_win": match["wins_to_win"],
        "draws": match["draws"],
        "trump": trump,
        "trump_card": state["trump_card"] if state["talon"] else None,
        "talon_count": len(state["talon"]),
        "discard_count": len(state["discard"]),
        "table": [list(pair) for pair in state["table"]],
        "attacker": state["attacker"],
        "defender": state["defender"],
        "taking": state["taking"],
        "bout_limit": state["bout_limit"],
        "hand_counts": [len(hand) for hand in state["hands"]],
        "to_act": to_act(state),
        "over": state["over"],
        "result": state["result"],
        "match_over": match["over"],
        "match_winner": match["winner"],
        "stake": match["stake"],
        "seat": seat,
    }
    if seat is not None:
        public["hand"] = sorted(state["hands"][seat], key=_sort_key(trump))
        public["legal"] = legal_actions(state, seat)
    return public


def full_view(state: State) -> dict:
    """Staff only (hand history): every seat's hand, never sent to a table's group."""
    return {
        **view(state, None),
        "hands": [sorted(h, key=_sort_key(state["trump"])) for h in state["hands"]],
    }


def is_hand_over(state: State) -> bool:
    return state["over"]


def is_match_over(state: State) -> bool:
    return state["match"]["over"]


def carry_over(state: State) -> dict | None:
    """The match goes on into the next game; after the match a new one starts from scratch."""
    return None if state["match"]["over"] else copy.deepcopy(state["match"])


def pot_key(state: State) -> str:
    """The stakes of a match sit in one escrow for all its games."""
    return f"match:{state['match']['pot_key']}"


def deck_record(state: State) -> str:
    return state["deal_record"]


def hand_result(state: State) -> dict:
    return {
        **(state["result"] or {}),
        "score": list(state["match"]["score"]),
        "match_over": state["match"]["over"],
        "match_winner": state["match"]["winner"],
    }


def all_cards(state: State) -> list[str]:
    """Every card of the pack wherever it is: talon, hands, table, discard (for invariants)."""
    table = [card for pair in state["table"] for card in pair if card]
    return [*state["talon"], *state["hands"][0], *state["hands"][1], *table, *state["discard"]]


class Durak(GameEngine):
    """The contract's hooks for the module's rules. The session is a match: nobody sits down
    while one is played, leaving or staying away forfeits it (D11, D13), the next game of a
    match starts at once and a new match when both players say they are ready."""

    game = GAME
    display_name = gettext_noop("Podkidnoy durak")
    seats = SEATS

    def check_config(self, config: dict) -> dict:
        check_settings(config)
        stake = config.get("stake", 0)
        if isinstance(stake, bool) or not isinstance(stake, int) or stake < 0:
            raise IllegalAction(
                gettext_noop("The stake is a whole number of minor units, 0 or more.")
            )
        return {"wins_to_win": 5, "commission_percent": "0", "stake": 0, **config}

    new_hand = staticmethod(new_hand)
    start_events = staticmethod(start_events)
    legal_actions = staticmethod(legal_actions)
    apply = staticmethod(apply)
    view = staticmethod(view)
    full_view = staticmethod(full_view)
    to_act = staticmethod(to_act)
    timeout_action = staticmethod(timeout_action)
    apply_timeout = staticmethod(apply_timeout)
    is_hand_over = staticmethod(is_hand_over)
    hand_result = staticmethod(hand_result)
    carry_over = staticmethod(carry_over)
    apply_void = staticmethod(apply_void)
    all_cards = staticmethod(all_cards)

    example_configs = (
        {"stake": 500, "wins_to_win": 5, "commission_percent": "5"},
        {"stake": 0, "wins_to_win": 7},
    )

    def private_cards(self, state: State) -> dict[int, list[str]]:
        return {seat: list(hand) for seat, hand in enumerate(state["hands"])}

    def undealt(self, state: State) -> list[str]:
        # the bottom card (the turned-up trump) is public while it lies under the talon
        return state["talon"][:-1]

    def turn_key(self, state: State, seat: int) -> str:
        """Every move changes the table, a hand or the talon: each starts a fresh clock (D13)."""
        return repr((state["table"], len(state["talon"]), state["taking"], state["timeouts"]))

    def escrow_key(self, state: State) -> str:
        return pot_key(state)

    def commitment(self, state: State) -> Commitment:
        return Commitment("hand", state["deal_record"])

    def in_play(self, state: State | None) -> bool:
        return bool(state) and not state["match"]["over"]

    def sit_refusal(self, state: State | None, config: dict) -> str | None:
        return gettext_noop("A match is already being played.") if self.in_play(state) else None

    def sit_minimum(self, config: dict) -> int:
        return int(config.get("stake", 0))

    def apply_leave(self, state: State, seat: int, rng=None):
        return apply_forfeit(state, seat, "left") if self.in_play(state) else None

    def apply_absent(self, state: State, seat: int, rng=None):
        return apply_forfeit(state, seat, "absent") if self.in_play(state) else None

    def next_hand(self, state: State | None, seats: list[SeatInfo], config: dict):
        positions = tuple(s.position for s in seats)
        if len(positions) != 2:
            return None
        if self.in_play(state):  # the next game of the match, whoever is away (D13 runs)
            return NextHand(positions, carry_over(state))
        if all(s.ready for s in seats):
            return NextHand(positions, None)
        return None

    def summary(self, state: State | None, config: dict) -> dict:
        wins = config.get("wins_to_win", 5)
        stake = int(config.get("stake", 0))
        facts = [[gettext_noop("Stake"), {"money": stake}], [gettext_noop("Wins to win"), wins]]
        if not self.in_play(state):
            return {"pot": 0, "stage": "", "facts": facts}
        match = state["match"]
        facts.append([gettext_noop("Score"), ":".join(map(str, match["score"]))])
        facts.append([gettext_noop("Game"), match["games"]])
        return {
            "pot": 2 * match["stake"],
            "stage": "playing",
            "facts": facts,
        }


ENGINE = base.register(Durak())
