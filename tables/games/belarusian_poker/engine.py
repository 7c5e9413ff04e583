"""Belarusian poker: seka with a joker, 2 to 7 players betting into one bank (CG §18–§25,
../shared/rules/belarusian-poker.md with rulings P1–P13 and its section 5 decisions).

A hand of the table is one game and any svaras it leads to (a svara continues the same bank,
section 5): the entry bets (§22), three cards each (§23), betting rounds (§24: P3–P8, P13), the
showdown, and on a tie the svara (§24, P9, P11); the bank is paid out once at the end, less the
casino's deduction (§25, P10, P12).

The croupier's chores are automatic: the engine deals, collects, opens the cards and pays.
Players only decide: bet, pass, propose or answer an early showdown, accept or refuse a svara,
join one. A player's balance is the ledger's: a bet the wallet cannot cover is refused there
(the page offers only what the player can afford, section 5), so here every amount from the
level to the table maximum is legal.

The three packs a hand may use (the game and at most two svaras, §24) are shuffled when the hand
starts and all three are covered by the shuffle commitment, so a svara draws nothing mid-hand.
"""

from __future__ import annotations

import functools
import itertools
import json
from collections import Counter

from casino.money import percentage_of, split_amount
from tables.engines import base
from tables.engines.base import (
    Commitment,
    Draws,
    Event,
    GameEngine,
    IllegalAction,
    Payment,
    State,
    gettext_noop,
    house,
    pot,
    seat,
    track_escrow,
)
from tables.engines.betting import check_bounds, clockwise_from_button, unclaim, whole_number
from tables.engines.cards import JOKER, RANKS_33, SUITS, pack_33

GAME = "belarusian_poker"
SEATS = (2, 7)  # §20: up to 7 people play at once
HAND_SIZE = 3  # §23
MAX_ROUNDS = 5  # §24, P5
MAX_SVARAS = 2  # §24: "svara may be played at most twice"
PACKS = 1 + MAX_SVARAS  # the game's pack and one for each svara
SMALL_BANK_UNITS = 50  # §25: a bank up to 50 c.u. pays 1 c.u., a larger one 2 %
SMALL_BANK_DEDUCTION_UNITS = 1
LARGE_BANK_PERCENT = 2
DEFAULTS = {"unit": 100}  # P12: one conventional unit in minor units of the table's currency
COMMISSION = house("commission")
# the answers each phase asks for, of everyone concerned at once
ANSWERS = {
    "consent": ("accept", "refuse"),
    "svara_offer": ("accept", "refuse"),
    "svara_join": ("join", "decline"),
}
# Where a void sends the stakes of a seat whose player has left: the seat may be someone
# else's by then, so the house holds the money for the cashier to give back.
UNCLAIMED = house("unclaimed")

# --- scoring (§23, P1, P2) -----------------------------------------------------------------------

# §23: pictures 10 points, the ace 11, the other cards their face value (the ten is "T").
CARD_POINTS = {"7": 7, "8": 8, "9": 9, "T": 10, "J": 10, "Q": 10, "K": 10, "A": 11}
ACE = "A"
TWO_ACES = 22  # P1 (b)
LOWEST_SCORE = 8  # P1: e.g. 7♠ 7♥ 8♦, no combination, best single card 8
HIGHEST_SCORE = 33  # three aces, or two aces and the joker


def seka_score(cards) -> int:
    """A seka hand's points (§23 with rulings P1 and P2): the best of

    (a) the sum of the points of the cards of one suit (a single card is a suit of its own,
        so every hand scores);
    (b) two aces: 22;
    (c) three cards of one rank: their sum (three 7s 21 ... three aces 33);

    where the joker joins whichever group scores most and counts as a copy of that group's
    highest card (P2: joker + A = two aces 22, joker + A + A = three aces 33, joker + 10♥ + 9♥
    = 29, joker + 8 + 8 = three eights 24, joker + K = 20).

    Any number of cards is scored the same way, so Russian poker can reuse it for its hands.
    """
    jokers = 0
    by_suit: dict[str, list[int]] = {}
    ranks: Counter = Counter()
    for card in cards:
        if card == JOKER:
            jokers += 1
            continue
        points = CARD_POINTS[card[0]]
        by_suit.setdefault(card[1], []).append(points)
        ranks[card[0]] += 1
    best = 0
    for suited in by_suit.values():
        # (a), the joker joining the suit as a copy of its highest card
        best = max(best, sum(suited) + jokers * max(suited))
    for card_rank, count in ranks.items():
        same = count + jokers
        if same >= HAND_SIZE:  # (c) three of a rank, a joker making up the third
            best = max(best, HAND_SIZE * CARD_POINTS[card_rank])
        elif card_rank == ACE and same == 2:  # (b) two aces, or an ace and the joker
            best = max(best, TWO_ACES)
    return best


def seka_combination(cards) -> dict:
    """What scored a seka hand (§23, P1, P2), for the showdown in words: the group counted and
    its points, the same as ``seka_score``.

    ``kind``: "three" (three cards of one rank, ``rank``), "two_aces", or "suit" (``count``
    cards of ``suit``, one card when no two share a suit); ``cards``: the hand's cards that
    count; ``joker_as``: the card the joker stands for (a copy of the group's highest card,
    P2), or None. Of groups scoring the same, three of a rank is named before two aces, and
    two aces before a suit."""
    cards = list(cards)
    jokers = cards.count(JOKER)
    plain = [c for c in cards if c != JOKER]
    options = []  # (score, preference, the description)
    ranks = Counter(c[0] for c in plain)
    for card_rank, count in ranks.items():
        same = [c for c in plain if c[0] == card_rank]
        if count + jokers >= HAND_SIZE:
            joker_as = same[0] if count < HAND_SIZE else None
            combo = {"kind": "three", "rank": card_rank, "cards": same, "joker_as": joker_as}
            options.append((HAND_SIZE * CARD_POINTS[card_rank], 2, combo))
        elif card_rank == ACE and count + jokers == 2:
            joker_as = same[0] if count < 2 else None
            options.append((TWO_ACES, 1, {"kind": "two_aces", "cards": same, "joker_as": joker_as}))
    by_suit: dict[str, list[str]] = {}
    for card in plain:
        by_suit.setdefault(card[1], []).append(card)
    for card_suit, suited in by_suit.items():
        points = [CARD_POINTS[c[0]] for c in suited]
        highest = max(suited, key=lambda c: CARD_POINTS[c[0]])
        combo = {
            "kind": "suit",
            "suit": card_suit,
            "count": len(suited) + jokers,
            "cards": suited,
            "joker_as": highest if jokers else None,
        }
        options.append((sum(points) + jokers * max(points), 0, combo))
    if not options:  # the joker alone (never three cards)
        return {
            "kind": "suit",
            "suit": None,
            "count": jokers,
            "cards": [],
            "joker_as": None,
            "score": 0,
        }
    score, _preference, combo = max(options, key=lambda option: option[:2])
    return {**combo, "score": score}


@functools.cache
def _weaker_percent() -> dict[int, int]:
    """For each score, the whole percentage of all three-card hands of the pack scoring less."""
    scores = Counter(seka_score(hand) for hand in itertools.combinations(pack_33(), HAND_SIZE))
    total, below, weaker = sum(scores.values()), 0, {}
    for score in sorted(scores):
        weaker[score] = below * 100 // total
        below += scores[score]
    return weaker


def folded_hands(state: State) -> list[dict]:
    """P6: every pass of a finished hand (a timed-out one too), with the hand it gave up."""
    if not state["over"]:
        return []
    folded = []
    for entry in state["log"]:
        if entry["act"] == "pass" and entry["seat"] is not None:
            cards = state["deals"][entry["game"]][str(entry["seat"])]
            beats = _weaker_percent()[seka_score(cards)]
            folded.append({"seat": entry["seat"], "cards": list(cards), "beats": beats})
    return folded


# --- config -----------------------------------------------------------------------------------


def check_config(config: dict) -> dict:
    """The table's settings with defaults filled, or IllegalAction saying what is wrong: the
    entry (minimum) bet ``min_bet`` and the table maximum ``max_bet`` (§2, §22, P4) and the
    conventional unit ``unit`` (P12), all in minor units of the table's currency. Keys this
    game does not know (the actor's clock settings) pass through untouched."""
    if not isinstance(config, dict):
        raise IllegalAction(gettext_noop("The settings are a JSON object."))
    checked = {**DEFAULTS, **config}
    check_bounds(
        checked,
        "min_bet",
        "max_bet",
        gettext_noop(
            "The entry bet (min_bet, the table minimum) is a whole number of minor units above 0."
        ),
        gettext_noop(
            "The table maximum (max_bet) is a whole number of minor units, at least the entry "
            "bet of %(min_bet)s."
        ),
    )
    if not whole_number(checked["unit"]) or checked["unit"] <= 0:
        raise IllegalAction(
            gettext_noop("The conventional unit (unit) is a whole number of minor units above 0.")
        )
    return checked


def deduction(bank: int, unit: int) -> int:
    """The casino's deduction from a bank paid out (§25, P10, P12): 1 c.u. from a bank of up
    to 50 c.u. (exactly 50 included), 2 % of a larger one, rounded down to the minor unit by
    the casino's rule (casino/money.py); never more than the bank."""
    if bank <= SMALL_BANK_UNITS * unit:
        return min(bank, SMALL_BANK_DEDUCTION_UNITS * unit)
    return percentage_of(bank, LARGE_BANK_PERCENT)


# --- state helpers ----------------------------------------------------------------------------


def _copy(state: State) -> State:
    """A deep copy of the JSON state (the C codec is faster than copy.deepcopy here)."""
    return json.loads(json.dumps(state))


def _pay(state: State, events: list[Event], source: str, target: str, amount: int, reason: str):
    """Append a payment; keep the bank, each seat's chips in it and the escrow with it."""
    payment = Payment(source, target, amount, reason).as_event()
    events.append(payment)
    if target == pot():
        state["bank"] += amount
        key = source.partition(":")[2]
        state["paid"][key] = state["paid"].get(key, 0) + amount
    if source == pot():
        state["bank"] -= amount
    track_escrow(state, [payment])


def _current_cards(state: State) -> dict[str, list[str]]:
    return state["deals"][-1]


def _log(state: State, position: int | None, act: str, amount: int | None = None) -> None:
    """The hand's history as the page shows it (public facts only)."""
    state["log"].append(
        {"game": state["svaras"], "round": state["round"], "seat": position, "act": act}
        | ({"amount": amount} if amount is not None else {})
    )


def to_act(state: State) -> list[int]:
    """Betting is in turn (one seat); answering an early showdown, a svara offer or joining
    a svara are decisions everyone concerned makes at once."""
    phase = state["phase"]
    if phase == "betting":
        return state["queue"][:1]
    if phase in ("consent", "svara_offer", "svara_join"):
        return [p for p in state["asked"] if str(p) not in state["answers"]]
    return []


def _may_propose(state: State, position: int) -> bool:
    """P8: an early showdown is proposed during a round and asked at its end; not in the last
    round (the showdown follows anyway), not once the maximum is bet (P7), once per round."""
    return (
        state["round"] < MAX_ROUNDS
        and state["max_by"] is None
        and position not in state["proposals"]
    )


def _validated(state: State, position: int, action) -> dict:
    """The one validator of actions: ``legal_actions`` lists only what passes it and ``apply``
    refuses what does not. Returns the action's meaningful fields."""
    if state["over"]:
        raise IllegalAction(gettext_noop("This hand is over."))
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalAction(gettext_noop("Unknown action."))
    if position not in to_act(state):
        raise IllegalAction(gettext_noop("It is not your turn."))
    kind, phase = action["type"], state["phase"]
    if phase == "betting":
        if kind == "pass":
            return {"type": "pass"}
        if kind == "propose":
            if not _may_propose(state, position):
                raise IllegalAction(gettext_noop("An early showdown cannot be proposed now (P8)."))
            return {"type": "propose"}
        if kind == "bet":
            low, high = bet_range(state)
            amount = action.get("amount")
            if not whole_number(amount) or not low <= amount <= high:
                if low == high:
                    raise IllegalAction(
                        gettext_noop("Bet the maximum of %(max_bet)s or pass (P7)."),
                        max_bet=high,
                    )
                raise IllegalAction(
                    gettext_noop("A bet is from the level of %(low)s to the maximum %(high)s."),
                    low=low,
                    high=high,
                )
            return {"type": "bet", "amount": amount}
    elif kind in ANSWERS.get(phase, ()):
        return {"type": kind}
    raise IllegalAction(gettext_noop("Unknown action."))


def bet_range(state: State) -> tuple[int, int]:
    """P4: a bet is at least the current level and at most the table maximum; after the
    maximum (P7 as decided) only the maximum."""
    if state["max_by"] is not None:
        return state["max_bet"], state["max_bet"]
    return state["level"], state["max_bet"]


def legal_actions(state: State, position: int) -> list[dict]:
    """What the seat may do now. A bet's amount is a range (the view's ``bet_range``): the
    list names its two ends, every whole amount between them is legal as well."""
    if state["over"] or position not in to_act(state):
        return []
    phase = state["phase"]
    if phase == "betting":
        low, high = bet_range(state)
        actions = [{"type": "bet", "amount": amount} for amount in sorted({low, high})]
        actions.append({"type": "pass"})
        if _may_propose(state, position):
            actions.append({"type": "propose"})
        return actions
    return [{"type": kind} for kind in ANSWERS[phase]]


def bets_this_round(state: State) -> dict[int, int]:
    """Each seat's bet in the current round of the current game (P5: one bet a round; after
    the maximum, P7, the answer to it is that seat's bet), from the hand's history."""
    bets: dict[int, int] = {}
    for entry in state["log"]:
        if (
            entry["game"] == state["svaras"]
            and entry["round"] == state["round"]
            and entry["act"] in ("bet", "max", "answer_max")
        ):
            bets[entry["seat"]] = entry["amount"]
    return bets


def join_cost(state: State) -> int:
    """P9: joining a svara costs half of the bank it is played for, rounded up to the minor
    unit (never less than half); every joiner pays the same, half of the bank as the tie left
    it (docs/rules-decisions.md)."""
    return -(-state["svara_bank"] // 2)


# --- the flow of a game -----------------------------------------------------------------------


def _start_round(state: State) -> None:
    state["queue"] = clockwise_from_button(state["active"], state["button"])
    state["proposals"] = []


def _end_of_turn(state: State, events: list[Event]) -> None:
    """After a bet or a pass: one player left takes the bank unseen (P6); a round complete
    goes on to the showdown (five rounds, P5; the maximum answered, P7), to the vote on an
    early showdown (P8) or to the next round."""
    if len(state["active"]) == 1:
        _pay_bank(state, events, list(state["active"]), shown=False)
        return
    if state["queue"]:
        return
    if state["max_by"] is not None or state["round"] >= MAX_ROUNDS:
        _showdown(state, events)
        return
    proposers = [p for p in state["proposals"] if p in state["active"]]
    if proposers:
        _ask(state, "consent", [p for p in state["active"] if p not in proposers])
        state["answers"] = {str(p): True for p in proposers}
        if not to_act(state):
            _showdown(state, events)
        return
    state["round"] += 1
    _start_round(state)


def _ask(state: State, phase: str, seats) -> None:
    state["phase"] = phase
    state["asked"] = clockwise_from_button(seats, state["button"])
    state["answers"] = {}


def _bet(state: State, events: list[Event], position: int, amount: int) -> None:
    _pay(state, events, seat(position), pot(), amount, "bet")
    state["level"] = amount  # P4: every bet becomes the level
    state["queue"].pop(0)
    events.append({"type": "bet", "seat": position, "amount": amount})
    if amount == state["max_bet"] and state["max_by"] is None:
        # P7 as decided (section 5): every other active player answers the maximum or passes,
        # also one who already bet this round; then the showdown
        state["max_by"] = position
        order = clockwise_from_button(state["active"], position)
        state["queue"] = [p for p in order if p != position]
        _log(state, position, "max", amount)
    elif state["max_by"] is not None:
        state["answered_max"].append(position)
        _log(state, position, "answer_max", amount)
    else:
        _log(state, position, "bet", amount)


def _fold(state: State, position: int) -> None:
    """P6: passing folds for the rest of the game; the chips stay in the bank."""
    state["active"].remove(position)
    if position in state["queue"]:
        state["queue"].remove(position)
    state["passed"].append(position)


def _showdown(state: State, events: list[Event]) -> None:
    """§24: the croupier opens the remaining hands; the highest score takes the bank, a tie
    among the highest offers a svara (at most two, §24) or splits the bank (P9, P11)."""
    cards = _current_cards(state)
    contenders = clockwise_from_button(state["active"], state["button"])
    scores = {p: seka_score(cards[str(p)]) for p in contenders}
    best = max(scores.values())
    top = [p for p in contenders if scores[p] == best]
    state["showdowns"].append(
        {
            "game": state["svaras"],
            "hands": {
                str(p): {"cards": list(cards[str(p)]), "score": scores[p]} for p in contenders
            },
            "best": best,
            "tied": top if len(top) > 1 else [],
        }
    )
    events.append(
        {
            "type": "showdown",
            "hands": {str(p): list(cards[str(p)]) for p in contenders},
            "scores": {str(p): s for p, s in scores.items()},
        }
    )
    _log(state, None, "showdown")
    if len(top) == 1:
        _pay_bank(state, events, top, shown=True)
    elif state["svaras"] < MAX_SVARAS:
        state["tied"] = top
        state["svara_bank"] = state["bank"]
        state["queue"] = []
        _ask(state, "svara_offer", top)
        events.append({"type": "svara_offered", "tied": top, "bank": state["bank"]})
    else:  # P9: a tie after the second svara splits the bank
        _pay_bank(state, events, top, shown=True)


def _offer_answered(state: State, events: list[Event]) -> None:
    """P9: one refusal splits the bank among the tied players; when every tied player has
    accepted, the others dealt in this hand (who passed too) may join."""
    if any(answer is False for answer in state["answers"].values()):
        _pay_bank(state, events, list(state["tied"]), shown=True)
        return
    if to_act(state):
        return
    candidates = [p for p in state["dealt_in"] if p not in state["tied"] and p not in state["left"]]
    state["joiners"] = []
    if candidates:
        _ask(state, "svara_join", candidates)
    else:
        _deal_svara(state, events)


def _deal_svara(state: State, events: list[Event]) -> None:
    """§24, P9: the svara players get new cards from the next pack; no entry bets; betting as
    in §24 with the level back at the table minimum and the maximum free again. A svara left
    with one player (the others tied left the table, nobody joined) is his bank."""
    players = sorted([*state["tied"], *state["joiners"]])
    if len(players) == 1:
        _pay_bank(state, events, players, shown=True)
        return
    state["svaras"] += 1
    state["players"] = players
    state["active"] = list(players)
    deal = _deal(state["packs"][state["svaras"]], players, state["button"])
    state["deals"].append(deal)
    state["level"] = state["min_bet"]
    state["round"] = 1
    state["max_by"] = None
    state["answered_max"] = []
    state["passed"] = []
    state["tied"] = []
    state["asked"] = []
    state["answers"] = {}
    state["phase"] = "betting"
    _start_round(state)
    events.append({"type": "svara_dealt", "svara": state["svaras"], "players": players})
    _log(state, None, "svara")


def _deal(pack: list[str], players: list[int], button: int) -> dict[str, list[str]]:
    """§23: three cards each, one at a time, from the button's left."""
    order = clockwise_from_button(players, button)
    hands: dict[str, list[str]] = {str(p): [] for p in order}
    for index in range(HAND_SIZE * len(order)):
        hands[str(order[index % len(order)])].append(pack[index])
    return hands


def _leave_game(state: State, events: list[Event], position: int) -> None:
    """A player leaving the table mid-hand is out of it at once (P6), whoever's turn it is; a
    tied player gives up the svara and the share; the hand goes on without him."""
    phase = state["phase"]
    in_game = position in state["active"]
    if in_game:
        _fold(state, position)
    if position in state["asked"]:
        state["asked"].remove(position)
        state["answers"].pop(str(position), None)
    if position in state["tied"]:
        state["tied"].remove(position)
    if phase == "betting":
        _end_of_turn(state, events)
    elif phase == "consent" and in_game:
        if len(state["active"]) == 1:
            _pay_bank(state, events, list(state["active"]), shown=False)
        elif not to_act(state):
            _showdown(state, events)
    elif phase == "svara_offer":
        if len(state["tied"]) == 1:
            _pay_bank(state, events, list(state["tied"]), shown=True)
        else:
            _offer_answered(state, events)
    elif phase == "svara_join" and not to_act(state):
        _deal_svara(state, events)


def _pay_bank(state: State, events: list[Event], winners: list[int], *, shown: bool) -> None:
    """The bank is paid once, at the very end (P10): the casino's deduction (§25) first, then
    the rest to the winner, or split equally among the tied with the remainder to the one first
    to the button's left (P11)."""
    bank = state["bank"]
    taken = deduction(bank, state["unit"])
    if taken:
        _pay(state, events, pot(), COMMISSION, taken, "deduction")
    winners = clockwise_from_button(winners, state["button"])
    shares = split_amount(bank - taken, [1] * len(winners))
    payouts = {}
    for position, share in zip(winners, shares, strict=True):
        payouts[str(position)] = share
        if share:
            _pay(state, events, pot(), seat(position), share, "bank won")
    state["over"] = True
    state["phase"] = "over"
    state["queue"] = []
    state["asked"] = []
    state["escrowed"] = {}  # the bank is paid out: nothing is left for a void to return
    state["result"] = {
        "void": False,
        "winners": winners,
        "split": len(winners) > 1,
        "shown": shown,
        "bank": bank,
        "deduction": taken,
        "payouts": payouts,
        "paid": dict(state["paid"]),
        "svaras": state["svaras"],
        "showdowns": json.loads(json.dumps(state["showdowns"])),
    }
    events.append({"type": "hand_over", "result": state["result"]})
    _log(state, None, "split" if len(winners) > 1 else "won")


# --- the engine -------------------------------------------------------------------------------


class BelarusianPoker(GameEngine):
    """Belarusian poker's hooks (module docstring). Players sit at any time and are dealt in
    from the next hand; a player away between hands sits out (the GameEngine defaults)."""

    game = GAME
    display_name = gettext_noop("Belarusian poker")
    seats = SEATS

    # one config: the suite plays every seat count from 2 to 7 with each
    example_configs = ({"min_bet": 100, "max_bet": 2_000, "unit": 100},)

    def check_config(self, config: dict) -> dict:
        return check_config(config)

    # --- the hand --------------------------------------------------------------------------

    def new_hand(self, config, players, rng, carry=None) -> State:
        """Deal in ``players``; ``carry`` brings the button (P3: it moves clockwise to the next
        seat dealt in each game) and the session's count of hands."""
        config = check_config(config)
        players = sorted(players)
        if not SEATS[0] <= len(players) <= SEATS[1] or len(set(players)) != len(players):
            raise ValueError(f"Belarusian poker deals in {SEATS[0]} to {SEATS[1]} distinct seats")
        carry = carry or {}
        last_button = carry.get("button")
        if last_button is None:
            button = players[0]
        else:
            button = clockwise_from_button(players, last_button)[0]
        packs = []
        for _pack in range(PACKS):
            cards = pack_33()
            rng.shuffle(cards)
            packs.append(cards)
        hands_dealt = carry.get("hands_dealt", 0) + 1
        hand_number = config.get("hand_number")
        state: State = {
            "game": GAME,
            "hand_key": hand_number if whole_number(hand_number) else hands_dealt,
            "hands_dealt": hands_dealt,
            "min_bet": config["min_bet"],
            "max_bet": config["max_bet"],
            "unit": config["unit"],
            "button": button,
            "dealt_in": list(players),
            "players": list(players),  # the players of the current game (a svara's)
            "active": list(players),  # of them, those who have not passed
            "passed": [],
            "left": [],  # dealt in, then left the table: never paid, never asked again
            "packs": packs,
            "deals": [_deal(packs[0], players, button)],
            "phase": "betting",
            "round": 1,
            "level": config["min_bet"],  # P4: the level starts at the table minimum
            "queue": [],
            "proposals": [],
            "max_by": None,
            "answered_max": [],
            "asked": [],
            "answers": {},
            "tied": [],
            "joiners": [],
            "svaras": 0,
            "svara_bank": 0,
            "bank": 0,
            "paid": {},
            "showdowns": [],
            "log": [],
            "escrowed": {},
            "over": False,
            "result": None,
        }
        _start_round(state)
        for payment in self._entry_bets(state):  # §22: the bank holds them as the hand starts
            _pay(state, [], payment["source"], payment["target"], payment["amount"], "entry bet")
        return state

    def _entry_bets(self, state: State) -> list[Event]:
        return [
            Payment(seat(position), pot(), state["min_bet"], "entry bet").as_event()
            for position in state["dealt_in"]
        ]

    def start_events(self, state: State) -> list[Event]:
        return [
            {"type": "hand_started", "players": list(state["dealt_in"]), "button": state["button"]},
            *self._entry_bets(state),
        ]

    def legal_actions(self, state: State, seat: int) -> list[dict]:
        return legal_actions(state, seat)

    def apply(self, state, seat, action, rng=None):
        checked = _validated(state, seat, action)
        state = _copy(state)
        events: list[Event] = []
        kind, phase = checked["type"], state["phase"]
        if kind == "bet":
            _bet(state, events, seat, checked["amount"])
            _end_of_turn(state, events)
        elif kind == "pass":
            _fold(state, seat)
            events.append({"type": "pass", "seat": seat})
            _log(state, seat, "pass")
            _end_of_turn(state, events)
        elif kind == "propose":
            state["proposals"].append(seat)
            events.append({"type": "propose", "seat": seat})
            _log(state, seat, "propose")
        elif phase == "consent":
            state["answers"][str(seat)] = kind == "accept"
            events.append({"type": kind, "seat": seat, "to": "showdown"})
            _log(state, seat, f"showdown_{kind}")
            if kind == "refuse":  # P8: all must agree; play goes on with the next round
                state["phase"] = "betting"
                state["asked"], state["answers"] = [], {}
                state["round"] += 1
                _start_round(state)
            elif not to_act(state):
                _showdown(state, events)
        elif phase == "svara_offer":
            state["answers"][str(seat)] = kind == "accept"
            events.append({"type": kind, "seat": seat, "to": "svara"})
            _log(state, seat, f"svara_{kind}")
            _offer_answered(state, events)
        else:  # svara_join
            state["answers"][str(seat)] = kind == "join"
            if kind == "join":
                cost = join_cost(state)
                _pay(state, events, base.seat(seat), pot(), cost, "svara joined")
                state["joiners"].append(seat)
                _log(state, seat, "join", cost)
            else:
                _log(state, seat, "decline")
            events.append({"type": kind, "seat": seat})
            if not to_act(state):
                _deal_svara(state, events)
        return state, events

    def to_act(self, state: State) -> list[int]:
        return to_act(state)

    def turn_key(self, state: State, seat: int) -> str:
        """The decision a seat's clock times: its turn in a round (a proposal does not restart
        it, else a player could hold the table by proposing), or one answer asked of several at
        once (another's answer does not restart it)."""
        phase = state["phase"]
        where = f"hand {state['hand_key']} game {state['svaras']} round {state['round']}"
        if phase == "betting":
            return f"{where}: {'answer the maximum' if state['max_by'] is not None else 'bet'}"
        return f"{where}: {phase}"

    def timeout_action(self, state: State, seat: int) -> dict:
        """P13: a silent player passes; an unanswered proposal or svara offer is refused, an
        unanswered chance to join declined (issue 14, build 4)."""
        phase = state["phase"]
        if phase == "betting":
            return {"type": "pass"}
        if phase == "svara_join":
            return {"type": "decline"}
        return {"type": "refuse"}

    def carry_over(self, state: State) -> dict:
        """The button goes on to the next hand (P3), whatever happened in this one."""
        return {"button": state["button"], "hands_dealt": state["hands_dealt"]}

    def commitment(self, state: State) -> Commitment:
        """The three packs shuffled at the start: the game's and the svaras' (module docstring)."""
        return Commitment("hand", ",".join(card for pack in state["packs"] for card in pack))

    # --- what each may see -------------------------------------------------------------------

    def _shown(self, state: State) -> list[Counter]:
        """By deal: the cards opened at that deal's showdown."""
        shown = [Counter() for _ in state["deals"]]
        for showdown in state["showdowns"]:
            for hand in showdown["hands"].values():
                shown[showdown["game"]].update(hand["cards"])
        return shown

    def private_cards(self, state: State) -> dict[int, list[str]]:
        """Each seat's cards of every deal not opened at a showdown (folded hands never are)."""
        opened = {
            (showdown["game"], int(p)) for showdown in state["showdowns"] for p in showdown["hands"]
        }
        private: dict[int, list[str]] = {}
        for number, deal in enumerate(state["deals"]):
            for position, cards in deal.items():
                if (number, int(position)) not in opened:
                    private.setdefault(int(position), []).extend(cards)
        return private

    def undealt(self, state: State) -> list[str]:
        """The rest of the current pack and the packs of svaras not yet played."""
        current = state["svaras"]
        dealt = HAND_SIZE * len(state["deals"][current])
        return [
            *state["packs"][current][dealt:],
            *(c for p in state["packs"][current + 1 :] for c in p),
        ]

    def all_cards(self, state: State) -> list[str]:
        return [card for pack in state["packs"] for card in pack]

    def view(self, state: State, seat: int | None) -> dict:
        """Public: each seat's chips in the bank and status, the bank, the level, the round,
        whose turn, the svara, the showdowns with the hands opened, the hand's history. A seat
        also sees its own cards and their score, its legal actions and its bet's range."""
        waiting = to_act(state)
        current = _current_cards(state)
        round_bets = bets_this_round(state)
        public = {
            "game": GAME,
            "hand": state["hand_key"],
            "phase": state["phase"],
            "button": state["button"],
            "bank": state["bank"],
            "level": state["level"],
            "round": state["round"],
            "max_rounds": MAX_ROUNDS,
            "min_bet": state["min_bet"],
            "max_bet": state["max_bet"],
            "max_by": state["max_by"],
            "svaras": state["svaras"],
            "seats": {
                str(p): {
                    "paid": state["paid"].get(str(p), 0),
                    "round_bet": round_bets.get(p),
                    "in_game": p in state["players"],
                    "active": p in state["active"],
                    "passed": p in state["passed"],
                    "left": p in state["left"],
                    "answered_max": p in state["answered_max"],
                    "has_cards": str(p) in current,
                    "deciding": p in waiting,
                    "proposed": p in state["proposals"],
                    "answer": state["answers"].get(str(p)),
                }
                for p in state["dealt_in"]
            },
            "to_act": waiting,
            "tied": list(state["tied"]),
            "svara_bank": state["svara_bank"],
            "join_cost": join_cost(state) if state["phase"] == "svara_join" else None,
            "joiners": list(state["joiners"]),
            "showdowns": json.loads(json.dumps(state["showdowns"])),
            "log": json.loads(json.dumps(state["log"])),
            "over": state["over"],
            "result": json.loads(json.dumps(state["result"])),
            "seat": seat,
        }
        if seat is not None:
            # the cards the seat holds, or last held if it is not in this svara; not once
            # they are opened (the showdown shows them to all)
            mine = self.private_cards(state).get(seat, [])[-HAND_SIZE:]
            public["my_cards"] = mine
            public["my_score"] = seka_score(mine) if mine else None
            public["legal"] = legal_actions(state, seat)
            betting = state["phase"] == "betting" and seat in waiting
            public["bet_range"] = list(bet_range(state)) if betting else None
        return public

    # --- the session -------------------------------------------------------------------------

    def sit_minimum(self, config: dict) -> int:
        """Enough for the entry bet (§22)."""
        return int(config["min_bet"])

    def holds_bets(self, state: State | None, seat: int) -> bool:
        return False  # leaving folds at once (P6): nothing of his is left working

    def apply_leave(self, state: State, seat: int, rng: Draws | None = None):
        """Leaving mid-hand folds at once (P6), whoever's turn it is; a tied player leaving
        gives up the svara and the share. The player is gone, so a void must not return his
        stakes to the seat (someone else may sit there): the house holds them for him."""
        if not self.in_play(state) or seat not in state["dealt_in"] or seat in state["left"]:
            return None
        state = _copy(state)
        events: list[Event] = [{"type": "left", "seat": seat}]
        state["left"].append(seat)
        _log(state, seat, "left")
        _leave_game(state, events, seat)
        unclaim(state, seat, UNCLAIMED)
        return state, events

    def folded_hands(self, state: State) -> list[dict]:
        return folded_hands(state)

    def apply_void(self, state: State):
        state, events = super().apply_void(state)
        state["bank"] = 0
        state["phase"] = "over"
        state["queue"], state["asked"] = [], []
        return state, events

    def summary(self, state: State | None, config: dict) -> dict:
        facts: list = [
            [gettext_noop("Bets"), {"money_range": [config.get("min_bet"), config.get("max_bet")]}]
        ]
        if not self.in_play(state):
            return {"pot": 0, "stage": "", "facts": facts}
        svara = state["svaras"] or state["phase"].startswith("svara")
        stage = gettext_noop("svara") if svara else gettext_noop("betting round")
        facts.append([gettext_noop("Round"), f"{state['round']}/{MAX_ROUNDS}"])
        return {"pot": state["bank"], "stage": stage, "facts": facts}


ENGINE = base.register(BelarusianPoker())

__all__ = ["ENGINE", "RANKS_33", "SUITS", "seka_combination", "seka_score"]
