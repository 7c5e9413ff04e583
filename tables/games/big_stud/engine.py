"""Big stud poker: seven-card stud between 2 to 8 players for one bank, fixed limits, table
stakes (CG §106–§113, ../shared/rules/big-stud.md with rulings T1–T13 and its section 5
decision, which overrides T5's proposal).

A hand: one 52-card deck (T1) shuffled when the hand starts (the shuffle commitment covers it);
two cards down and one up to each player ("third street"), then one up on each of the 4th, 5th
and 6th streets and the last down (§107, T2). A betting round follows each open card and the
seventh card (§108, T3) at the street's fixed size from the table's settings (§109, T6): small
on the 3rd and 4th street, big on the 5th to 7th. No ante and no forced bet (T4, decision T5):
the player whose open cards show the best poker hand acts first (the highest single card on
third street), ties to the first to the dealer's left. Check, bet (exactly the size), raise (by
exactly the size; one bet and three raises a round at most), call, fold; if everyone checks the
round ends (T4).

Table stakes (T12): a player plays for what his wallet held when the hand started (the actor
passes it in the config's ``stacks``, ``table_stakes`` below); one who cannot cover a call or a
bet puts in all he has and plays on all-in for the pots he paid into (side pots). The uncalled
part of a bet goes back to its maker and is never raked (T10). The casino's share is its
percentage of each bank (main and each side pot), capped if the table says so, taken before the
bank is paid (§113, T10), also when it is won without a showdown. Best five of seven wins
(§110, §111, T7); a tie splits the bank, the odd minor unit to the first tied player to the
dealer's left (T8). If the deck cannot give every player still in a seventh card, one card is
turned face up as a community card for all (T9). A void returns every stake (§112, T11: the
GameEngine default, from the escrow). No answer in time checks if it can, else folds (T13);
leaving mid-hand folds, but an all-in hand stays live to the showdown; a hand nobody bet in
ends with no showdown (there is no bank to open the hands for).

The croupier's chores (dealing, collecting, the showdown, paying) are automatic; players only
decide.
"""

from __future__ import annotations

from collections import Counter
from decimal import Decimal, InvalidOperation

from casino.money import percentage_of, split_amount
from tables.engines import base
from tables.engines.base import (
    Commitment,
    Draws,
    Event,
    GameEngine,
    IllegalAction,
    State,
    copy_json,
    gettext_noop,
    house,
    pay,
    pot,
    seat,
)
from tables.engines.betting import (
    check_bounds,
    clockwise_from_button,
    side_pots,
    unclaim,
    whole_number,
)
from tables.engines.cards import pack_52
from tables.engines.poker_hands import (
    HIGH_CARD,
    PAIR,
    QUADS,
    RANKS,
    SHIFT,
    TRIPS,
    TWO_PAIRS,
    best,
    name,
)

GAME = "big_stud"
SEATS = (2, 8)  # §106
STREETS = (3, 4, 5, 6, 7)  # third street to the river: a betting round after each (§108, T3)
LAST_STREET = 7
MAX_BETS = 4  # T6: one bet and three raises a round
DEFAULTS = {"share_percent": "5", "share_cap": None}
SHARE = house("commission")  # §113: the casino's share of each bank
UNCLAIMED = house("unclaimed")  # a leaver's stakes while a void could still return them
ACTIONS = ("check", "bet", "call", "raise", "fold")

# --- config -----------------------------------------------------------------------------------


def check_config(config: dict) -> dict:
    """The table's settings with defaults filled, or IllegalAction saying what is wrong: the
    small bet (``small_bet``: third and fourth street) and the big bet (``big_bet``: fifth to
    seventh street) in minor units (§109, T6), the casino's share in per cent of each bank
    (``share_percent``, §113) and its cap per bank (``share_cap``, minor units, or none: T10).
    ``stacks`` is the actor's, not the table's (table stakes, T12). Keys this game does not know
    (the actor's clocks) pass through."""
    if not isinstance(config, dict):
        raise IllegalAction(gettext_noop("The settings are a JSON object."))
    checked = {**DEFAULTS, **config}
    check_bounds(
        checked,
        "small_bet",
        "big_bet",
        gettext_noop(
            "The small bet (small_bet, third and fourth street) is a whole number of minor "
            "units above 0."
        ),
        gettext_noop(
            "The big bet (big_bet, fifth to seventh street) is a whole number of minor units, "
            "at least the small bet of %(small_bet)s."
        ),
    )
    try:
        percent = Decimal(str(checked["share_percent"]))
    except (InvalidOperation, ValueError):
        percent = Decimal(-1)
    if isinstance(checked["share_percent"], bool) or not 0 <= percent < 100:
        raise IllegalAction(
            gettext_noop(
                "The casino's share (share_percent) is a percentage from 0 to below 100, "
                'such as "5" or "2.5".'
            )
        )
    checked["share_percent"] = str(checked["share_percent"])
    cap = checked["share_cap"]
    if cap is not None and (not whole_number(cap) or cap < 0):
        raise IllegalAction(
            gettext_noop(
                "The cap on the casino's share (share_cap) is a whole number of minor units, "
                "or empty for none."
            )
        )
    stacks = checked.get("stacks")
    if stacks is not None and (
        not isinstance(stacks, dict)
        or not all(str(k).isdigit() and whole_number(v) and v >= 0 for k, v in stacks.items())
    ):
        raise IllegalAction(gettext_noop("The players' stacks are whole amounts by seat."))
    return checked


def street_sizes(config: dict) -> list[int]:
    """The fixed size of a bet on each street, third to seventh (§109, T6)."""
    small, big = config["small_bet"], config["big_bet"]
    return [small, small, big, big, big]


def casino_share(bank: int, percent: str, cap: int | None) -> int:
    """§113, T10: the percentage of a bank, rounded down (casino/money.py), within the cap."""
    share = percentage_of(bank, percent)
    return share if cap is None else min(share, cap)


# --- what the open cards show (decision T5) -------------------------------------------------

SHAPES = {4: QUADS, 3: TRIPS}
# the whole percentage of all 2,598,960 five-card hands in a lower category than each (high
# card, pair, two pairs, trips, straight, flush, full house, quads, straight flush)
_COUNTS = (1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 40)
FIVE_CARD_WEAKER = [sum(_COUNTS[:kind]) * 100 // sum(_COUNTS) for kind in range(len(_COUNTS))]


def open_value(cards) -> tuple:
    """How strong the open cards look, to pick who acts first (decision T5): four of a kind,
    three of a kind, two pairs, a pair or high cards, then the ranks by how many of each,
    highest first (one card: its rank; suits never rank, T7). Fewer than five cards make no
    straight or flush."""
    counts = Counter(RANKS.index(card[0]) for card in cards)
    ordered = tuple(sorted(counts, key=lambda r: (counts[r], r), reverse=True))
    shape = sorted(counts.values(), reverse=True)
    if shape[0] >= 3:
        kind = SHAPES[shape[0]]
    elif shape[0] == 2:
        kind = TWO_PAIRS if len(shape) > 1 and shape[1] == 2 else PAIR
    else:
        kind = HIGH_CARD
    return (kind, ordered)


# --- the state --------------------------------------------------------------------------------


def live(state: State) -> list[int]:
    """The players still in the hand (not folded), clockwise from the button's left."""
    return [p for p in state["order"] if p not in state["folded"]]


def actors(state: State) -> list[int]:
    """The players still in who can still bet (not all-in)."""
    return [p for p in live(state) if p not in state["all_in"]]


def to_act(state: State) -> list[int]:
    return [] if state["over"] else state["queue"][:1]


def _stack(state: State, position: int) -> int | None:
    return state["stacks"].get(str(position))


def _owed(state: State, position: int) -> int:
    return state["level"] - state["round_bets"].get(str(position), 0)


def _size(state: State) -> int:
    return state["sizes"][state["street"] - STREETS[0]]


def _afford(state: State, position: int, amount: int) -> int:
    """As much of ``amount`` as the player's stack holds (table stakes, T12)."""
    stack = _stack(state, position)
    return amount if stack is None else min(amount, stack)


def choices(state: State, position: int) -> dict[str, int | None]:
    """The one validator's answer: each move the seat may make now and the money it puts in
    (None for check and fold). A call or a bet the stack cannot cover is for all it holds
    (T12); a raise is the call and one more bet of the street's size, offered while the round
    has had fewer than one bet and three raises (T6), to a player who can cover it whole, while
    someone else can still answer it."""
    if state["over"] or position not in to_act(state):
        return {}
    owed, size = _owed(state, position), _size(state)
    stack = _stack(state, position)
    others = [p for p in actors(state) if p != position]
    moves: dict[str, int | None] = {}
    if owed <= 0:
        moves["check"] = None
        if state["bets"] == 0:
            moves["bet"] = _afford(state, position, size)
    else:
        moves["call"] = _afford(state, position, owed)
    can_raise = state["bets"] > 0 and state["bets"] < MAX_BETS and others
    if can_raise and (stack is None or stack > owed + size - 1):
        moves["raise"] = owed + size
    if owed > 0:
        moves["fold"] = None
    return moves


def legal_actions(state: State, position: int) -> list[dict]:
    return [
        {"type": kind} | ({"amount": amount} if amount is not None else {})
        for kind, amount in choices(state, position).items()
    ]


def validated(state: State, position: int, action) -> tuple[str, int | None]:
    """The one validator (STYLE.md): the move and the money it puts in, or IllegalAction with
    a sentence for the player."""
    if state["over"]:
        raise IllegalAction(gettext_noop("This hand is over."))
    if not isinstance(action, dict) or action.get("type") not in ACTIONS:
        raise IllegalAction(gettext_noop("Unknown action."))
    if position not in to_act(state):
        raise IllegalAction(gettext_noop("It is not your turn."))
    kind = action["type"]
    moves = choices(state, position)
    if kind not in moves:
        if kind == "raise" and state["bets"] >= MAX_BETS:
            raise IllegalAction(
                gettext_noop("One bet and three raises a round at most: call or fold (T6).")
            )
        if kind == "check":
            raise IllegalAction(gettext_noop("There is a bet to you: call, raise or fold."))
        if kind == "bet" and state["bets"]:
            raise IllegalAction(gettext_noop("Someone has bet already: call, raise or fold."))
        if kind == "raise" and "call" in moves:
            raise IllegalAction(
                gettext_noop("You cannot raise now (T6, T12): call %(amount)s or fold."),
                amount=moves["call"],
            )
        if kind == "fold":
            raise IllegalAction(gettext_noop("Nobody has bet: check for free instead."))
        raise IllegalAction(gettext_noop("That move is not open to you now."))
    amount = moves[kind]
    given = action.get("amount")
    if amount is not None and given is not None and given != amount:
        if kind == "bet":
            raise IllegalAction(
                gettext_noop("A bet on this street is exactly %(amount)s (§109, T6)."),
                amount=amount,
            )
        if kind == "raise":
            raise IllegalAction(
                gettext_noop(
                    "A raise on this street puts in exactly %(amount)s: the call and one bet "
                    "of the street's size (T6)."
                ),
                amount=amount,
            )
        raise IllegalAction(gettext_noop("A call is exactly %(amount)s."), amount=amount)
    return kind, amount


# --- the flow of a hand -----------------------------------------------------------------------


def _log(state: State, position: int | None, act: str, amount: int | None = None) -> None:
    """The hand's history as the board shows it (public facts only)."""
    entry = {"street": state["street"], "seat": position, "act": act}
    if amount is not None:
        entry["amount"] = amount
    state["log"].append(entry)


def _put(state: State, events: list[Event], position: int, amount: int) -> None:
    if amount:
        pay(state, events, seat(position), pot(), amount, "bet")
    key = str(position)
    state["paid"][key] = state["paid"].get(key, 0) + amount
    state["round_bets"][key] = state["round_bets"].get(key, 0) + amount
    stack = _stack(state, position)
    if stack is not None:
        state["stacks"][key] = stack - amount
        if stack - amount == 0 and position not in state["all_in"]:
            state["all_in"].append(position)


def _deal(state: State, count: int = 1) -> list[str]:
    cards = state["deck"][state["next"] : state["next"] + count]
    state["next"] += count
    return cards


def _deal_street(state: State, events: list[Event]) -> None:
    """§107, T2: one card to each player still in, from the dealer's left: up on the 4th to
    6th street, down on the 7th; a deck that cannot give each a seventh card turns one up for
    all instead (T9)."""
    street = state["street"]
    players = live(state)
    if street == LAST_STREET and len(players) > len(state["deck"]) - state["next"]:
        (card,) = _deal(state)
        state["community"] = card
        events.append({"type": "community", "street": street, "card": card})
        _log(state, None, "community")
        return
    up = {}
    for position in players:
        (card,) = _deal(state)
        if street == LAST_STREET:
            state["down"][str(position)].append(card)
        else:
            state["up"][str(position)].append(card)
            up[str(position)] = card
    events.append({"type": "street", "street": street, "up": up, "players": players})


def first_to_act(state: State) -> int:
    """Decision T5: of the players who can bet, the one whose open cards show the best hand
    (the highest single card on third street); ties: the first to the dealer's left."""
    order = clockwise_from_button(actors(state), state["button"])
    return max(order, key=lambda p: open_value(state["up"][str(p)]))


def _start_round(state: State) -> None:
    """A betting round at the street's size (§108, §109, T3); none when fewer than two
    players can still bet (the others are all-in, T12)."""
    state["round_bets"] = {}
    state["level"] = 0
    state["bets"] = 0
    betting = actors(state)
    if len(betting) < 2:
        state["queue"] = []
        state["opener"] = None
        return
    first = first_to_act(state)
    state["opener"] = first
    order = clockwise_from_button(betting, first)
    state["queue"] = [first, *(p for p in order if p != first)]


def _return_uncalled(state: State, events: list[Event]) -> None:
    """T10: the part of the last bet nobody called goes back to its maker, unraked."""
    paid = {int(p): amount for p, amount in state["paid"].items()}
    if not paid:
        return
    top = max(paid, key=lambda p: paid[p])
    if top in state["folded"]:
        return
    second = max((amount for p, amount in paid.items() if p != top), default=0)
    extra = paid[top] - second
    if extra <= 0:
        return
    pay(state, events, pot(), seat(top), extra, "bet returned")
    key = str(top)
    state["paid"][key] -= extra
    state["round_bets"][key] = state["round_bets"].get(key, 0) - extra
    if _stack(state, top) is not None:
        state["stacks"][key] += extra
        if top in state["all_in"]:
            state["all_in"].remove(top)
    state["returned"][key] = state["returned"].get(key, 0) + extra
    events.append({"type": "returned", "seat": top, "amount": extra})
    _log(state, top, "returned", extra)


def _advance(state: State, events: list[Event]) -> None:
    """After a move: one player left takes the bank unseen; a round complete deals the next
    street (streets without betting follow at once when fewer than two can bet) or, after the
    seventh, the showdown."""
    while True:
        if len(live(state)) == 1:
            _return_uncalled(state, events)
            _pay_banks(state, events, shown=False)
            return
        if state["queue"]:
            return
        _return_uncalled(state, events)
        if state["street"] == LAST_STREET:
            if not sum(state["paid"].values()):
                _no_bank(state, events)  # nobody bet: no showdown over a bank of 0.00
                return
            _showdown(state, events)
            return
        state["street"] += 1
        _deal_street(state, events)
        _start_round(state)


def seven_cards(state: State, position: int) -> list[str]:
    cards = [*state["down"][str(position)], *state["up"][str(position)]]
    return cards + ([state["community"]] if state["community"] else [])


def _showdown(state: State, events: list[Event]) -> None:
    """§110, §111, T7: the hands still in are opened, each the best five of its seven."""
    opened = {}
    for position in live(state):
        hand_value, five = best(seven_cards(state, position))
        opened[str(position)] = {
            "cards": seven_cards(state, position),
            "down": list(state["down"][str(position)]),
            "best": list(five),
            "value": hand_value,
            "name": name(hand_value),
        }
    state["opened"] = opened
    events.append(
        {
            "type": "opened",
            "hands": {p: list(h["cards"]) for p, h in opened.items()},
            "names": {p: h["name"] for p, h in opened.items()},
        }
    )
    _log(state, None, "showdown")
    _pay_banks(state, events, shown=True)


def _no_bank(state: State, events: list[Event]) -> None:
    """Every round checked through (T4, decision T5: no ante, no forced bet): the bank is
    empty, so there is nothing to play the hands for and none is opened (issue 47)."""
    state["over"] = True
    state["queue"] = []
    state["escrowed"] = {}
    state["result"] = {
        "void": False,
        "shown": False,
        "no_bank": True,
        "winners": [],
        "split": False,
        "bank": 0,
        "share": 0,
        "pots": [],
        "payouts": {},
        "returned": dict(state["returned"]),
        "paid": dict(state["paid"]),
        "hands": {},
        "community": state["community"],
    }
    events.append({"type": "hand_over", "result": state["result"]})


def banks(state: State) -> list[dict]:
    """The main pot and the side pots as the bank stands (T12), each with the casino's share
    it would give (§113, T10)."""
    paid = {int(p): amount for p, amount in state["paid"].items()}
    return [
        {**bank, "share": casino_share(bank["amount"], state["share_percent"], state["share_cap"])}
        for bank in side_pots(paid, live(state))
    ]


def _pay_banks(state: State, events: list[Event], *, shown: bool) -> None:
    """Each bank in turn: the casino's share first (§113, T10), then the rest to its best hand
    among the players who paid into all of it, or split among the tied with the odd minor unit
    to the first to the dealer's left (T8)."""
    paid_in = dict(state["paid"])
    results, payouts, total_share = [], {}, 0
    for number, bank in enumerate(banks(state)):
        share = bank["share"]
        if share:
            pay(state, events, pot(), SHARE, share, "commission")
        contenders = bank["eligible"]
        if shown:
            top = max(state["opened"][str(p)]["value"] for p in contenders)
            winners = [p for p in contenders if state["opened"][str(p)]["value"] == top]
        else:
            winners = contenders
        winners = clockwise_from_button(winners, state["button"])
        amounts = split_amount(bank["amount"] - share, [1] * len(winners))
        won = {}
        for position, amount in zip(winners, amounts, strict=True):
            if amount:
                pay(state, events, pot(), seat(position), amount, "bank won")
            won[str(position)] = amount
            payouts[str(position)] = payouts.get(str(position), 0) + amount
        total_share += share
        results.append(
            {
                "number": number,
                "amount": bank["amount"],
                "share": share,
                "eligible": bank["eligible"],
                "winners": winners,
                "payouts": won,
            }
        )
    state["over"] = True
    state["queue"] = []
    state["escrowed"] = {}  # the bank is paid out: nothing is left for a void to return
    state["result"] = {
        "void": False,
        "shown": shown,
        "winners": sorted({p for r in results for p in r["winners"]}),
        "split": any(len(r["winners"]) > 1 for r in results),
        "bank": sum(r["amount"] for r in results),
        "share": total_share,
        "pots": results,
        "payouts": payouts,
        "returned": dict(state["returned"]),
        "paid": paid_in,
        "hands": copy_json(state["opened"]) if shown else {},
        "community": state["community"],
    }
    events.append({"type": "hand_over", "result": state["result"]})
    _log(state, None, "won")


def _copy(state: State) -> State:
    """A copy as deep as an action changes it (``copy_json`` of the whole state was most of an
    action's time): the deck is never changed and is shared; the log's entries, the opened
    hands and the result are never changed once written, so their containers are copied alone."""
    copied = dict(state)
    for key in ("queue", "folded", "all_in", "left", "log"):
        copied[key] = list(state[key])
    for key in ("stacks", "paid", "round_bets", "returned", "pots"):
        copied[key] = dict(state[key])
    for key in ("down", "up"):
        copied[key] = {p: list(cards) for p, cards in state[key].items()}
    copied["escrowed"] = {name: dict(payers) for name, payers in state["escrowed"].items()}
    return copied


def _live_all_in_leaver(state: State, position: int) -> bool:
    return (
        position in state["left"]
        and position in state["all_in"]
        and position not in state["folded"]
    )


def _fold(state: State, position: int) -> None:
    state["folded"].append(position)
    if position in state["queue"]:
        state["queue"].remove(position)


# --- the engine -------------------------------------------------------------------------------


class BigStud(GameEngine):
    """Big stud's hooks (module docstring). Players sit at any time and are dealt in from the
    next hand; the button moves one seat clockwise each hand."""

    game = GAME
    display_name = gettext_noop("Big stud poker")
    seats = SEATS
    # The actor puts each dealt-in player's wallet balance in the table's currency in the
    # config's ``stacks`` when the hand starts (docs/architecture.md, "Big stud"): T12.
    table_stakes = True

    example_configs = (
        {"small_bet": 100, "big_bet": 200, "share_percent": "5"},
        # short stacks: all-ins and side pots (T12), a capped share (T10)
        {
            "small_bet": 100,
            "big_bet": 200,
            "share_percent": "5",
            "share_cap": 30,
            "stacks": {"0": 150, "1": 700, "2": 0, "3": 2_000, "4": 350, "5": 100, "6": 900},
        },
    )

    def check_config(self, config: dict) -> dict:
        return check_config(config)

    # --- the hand --------------------------------------------------------------------------

    def new_hand(self, config, players, rng, carry=None) -> State:
        """Deal third street to ``players``; ``carry`` brings the button (it moves clockwise to
        the next seat dealt in each hand) and the session's count of hands."""
        config = check_config(config)
        players = sorted(players)
        if not SEATS[0] <= len(players) <= SEATS[1] or len(set(players)) != len(players):
            raise ValueError(f"Big stud deals in {SEATS[0]} to {SEATS[1]} distinct seats")
        carry = carry or {}
        last = carry.get("button")
        button = players[0] if last is None else clockwise_from_button(players, last)[0]
        deck = pack_52()  # T1
        rng.shuffle(deck)
        hands_dealt = carry.get("hands_dealt", 0) + 1
        number = config.get("hand_number")
        stacks = dict(config.get("stacks") or {})
        broke = [p for p in players if stacks.get(str(p)) == 0]
        if len(players) - len(broke) < 2:  # T12 needs two who can bet: the ledger judges
            for position in broke:
                stacks.pop(str(position))
            broke = []
        order = clockwise_from_button(players, button)
        state: State = {
            "game": GAME,
            "hand_key": number if whole_number(number) else hands_dealt,
            "hands_dealt": hands_dealt,
            "button": button,
            "dealt_in": list(players),
            "order": order,
            "sizes": street_sizes(config),
            "share_percent": config["share_percent"],
            "share_cap": config["share_cap"],
            "deck": deck,
            "next": 0,
            "down": {str(p): [] for p in players},
            "up": {str(p): [] for p in players},
            "community": None,
            "street": STREETS[0],
            # T12: what each plays for (None: the ledger alone limits him)
            "stacks": {str(p): stacks.get(str(p)) for p in players},
            "paid": {},
            "round_bets": {},
            "returned": {},
            "level": 0,
            "bets": 0,
            "opener": None,
            "queue": [],
            "folded": [],
            "all_in": broke,  # an empty wallet plays all-in for nothing (T12)
            "left": [],
            "opened": {},
            "pots": {},
            "escrowed": {},
            "log": [],
            "over": False,
            "result": None,
        }
        # §107, T2: a card at a time from the dealer's left: two down, then one up
        for _down in range(2):
            for position in order:
                state["down"][str(position)] += _deal(state)
        for position in order:
            state["up"][str(position)] += _deal(state)
        _start_round(state)
        return state

    def start_events(self, state: State) -> list[Event]:
        return [
            {"type": "hand_started", "players": list(state["dealt_in"]), "button": state["button"]},
            {
                "type": "street",
                "street": STREETS[0],
                "up": {str(p): state["up"][str(p)][0] for p in state["order"]},
                "players": list(state["order"]),
            },
        ]

    def legal_actions(self, state: State, seat: int) -> list[dict]:
        return legal_actions(state, seat)

    def apply(self, state, seat, action, rng=None):
        kind, amount = validated(state, seat, action)
        state = _copy(state)
        events: list[Event] = []
        if kind == "check":
            state["queue"].pop(0)
            events.append({"type": "check", "seat": seat})
        elif kind == "fold":
            _fold(state, seat)
            events.append({"type": "fold", "seat": seat})
        elif kind == "call":
            _put(state, events, seat, amount)
            state["queue"].pop(0)
            events.append({"type": "call", "seat": seat, "amount": amount})
        else:  # bet or raise: everyone else who can still bet answers it
            _put(state, events, seat, amount)
            state["level"] = max(state["level"], state["round_bets"][str(seat)])
            state["bets"] += 1
            order = clockwise_from_button(actors(state), seat)
            state["queue"] = [p for p in order if p != seat]
            events.append({"type": kind, "seat": seat, "amount": amount})
        if seat in state["all_in"] and kind in ("call", "bet", "raise"):
            events[-1]["all_in"] = True
        _log(state, seat, kind, amount)
        _advance(state, events)
        return state, events

    def to_act(self, state: State) -> list[int]:
        return to_act(state)

    def turn_key(self, state: State, seat: int) -> str:
        """A seat's decision: its turn on a street with the round's bets so far (a raise asks
        it again, with a new key)."""
        return f"hand {state['hand_key']} street {state['street']} bets {state['bets']}"

    def timeout_action(self, state: State, seat: int) -> dict:
        """T13: check if possible, otherwise fold."""
        return {"type": "check"} if "check" in choices(state, seat) else {"type": "fold"}

    def carry_over(self, state: State) -> dict:
        return {"button": state["button"], "hands_dealt": state["hands_dealt"]}

    def commitment(self, state: State) -> Commitment:
        return Commitment("hand", ",".join(state["deck"]))

    # --- what each may see -------------------------------------------------------------------

    def private_cards(self, state: State) -> dict[int, list[str]]:
        """Each seat's down cards, until the showdown opens them (a folded hand never is)."""
        return {
            int(p): list(cards)
            for p, cards in state["down"].items()
            if cards and p not in state["opened"]
        }

    def undealt(self, state: State) -> list[str]:
        return state["deck"][state["next"] :]

    def all_cards(self, state: State) -> list[str]:
        return list(state["deck"])

    def view(self, state: State, seat: int | None) -> dict:
        """Public: every seat's up cards and how many down, what it has put in this round and in
        all, its stack, folded or all-in; the community card; the street, its fixed size, the
        round's bets and who acts; the bank, the main and side pots with the casino's share of
        each; the opened hands and the result; the hand's history. A seat also sees its own down
        cards, its legal moves with their amounts."""
        waiting = to_act(state)
        public = {
            "game": GAME,
            "hand": state["hand_key"],
            "button": state["button"],
            "street": state["street"],
            "size": _size(state),
            "sizes": list(state["sizes"]),
            "share_percent": state["share_percent"],
            "share_cap": state["share_cap"],
            "level": state["level"],
            "bets": state["bets"],
            "max_bets": MAX_BETS,
            "opener": state["opener"],
            "order": list(state["order"]),
            "seats": {
                str(p): {
                    "up": list(state["up"][str(p)]),
                    "down_count": len(state["down"][str(p)]),
                    "paid": state["paid"].get(str(p), 0),
                    "round_bet": state["round_bets"].get(str(p)),
                    "stack": state["stacks"][str(p)],
                    "folded": p in state["folded"],
                    "all_in": p in state["all_in"],
                    "left": p in state["left"],
                    "deciding": p in waiting,
                }
                for p in state["dealt_in"]
            },
            "community": state["community"],
            "bank": sum(state["paid"].values()),
            "banks": banks(state) if not state["over"] else [],
            "to_act": waiting,
            "opened": copy_json(state["opened"]),
            "log": copy_json(state["log"]),
            "over": state["over"],
            "result": copy_json(state["result"]),
            "seat": seat,
        }
        if seat is not None:
            public["my_down"] = self.private_cards(state).get(seat, [])
            public["legal"] = legal_actions(state, seat)
        return public

    # --- the session -------------------------------------------------------------------------

    def sit_minimum(self, config: dict) -> int:
        """Enough for a small bet (§109)."""
        return int(config["small_bet"])

    def holds_bets(self, state: State | None, seat: int) -> bool:
        """An all-in player who left plays on to the showdown (his seat held until the hand
        ends); any other leaver folded at once: nothing of his is left working."""
        return bool(self.in_play(state) and _live_all_in_leaver(state, seat))

    def apply_leave(self, state: State, seat: int, rng: Draws | None = None):
        """Leaving mid-hand folds at once, whoever's turn it is; his stakes stay in the bank
        and a void returns them to the house for him, not to the seat (someone else may sit).
        An all-in hand is not folded: it has nothing more to decide and stays live to the
        showdown for the pots he paid into, as in every poker room (T12, issue 47); his seat
        is held for him until the hand ends (``holds_bets``)."""
        if not self.in_play(state) or seat not in state["dealt_in"] or seat in state["left"]:
            return None
        state = _copy(state)
        events: list[Event] = [{"type": "left", "seat": seat}]
        state["left"].append(seat)
        _log(state, seat, "left")
        if seat in state["all_in"] and seat not in state["folded"]:
            return state, events
        unclaim(state, seat, UNCLAIMED)
        if seat not in state["folded"]:
            _fold(state, seat)
            _advance(state, events)
        return state, events

    def bet_states(self, state: State) -> dict[str, str]:
        """Every hand still in works; an all-in one is live: it plays on to the showdown
        whatever its player does (T12); the view marks it all-in, and it ends only with the
        hand (``decided``)."""
        if state["over"]:
            return {}
        return {f"seat {p}": "live" if p in state["all_in"] else "working" for p in live(state)}

    def decided(self, state: State, events: list[Event]) -> set[str]:
        """The hand's end (a void too) decides every hand still in it."""
        if any(e.get("type") in ("hand_over", "void") for e in events):
            return {f"seat {p}" for p in state["dealt_in"]}
        return set()

    def apply_void(self, state: State):
        """§112, T11: every stake goes back (the escrow's default)."""
        state, events = super().apply_void(state)
        state["queue"] = []
        return state, events

    def folded_hands(self, state: State) -> list[dict]:
        """Every fold of a finished hand with the cards given up (staff's chip-dumping alert);
        ``beats`` by the category of the best hand those cards make (``FIVE_CARD_WEAKER``)."""
        if not state["over"]:
            return []
        folded = []
        for entry in state["log"]:
            if entry["act"] == "fold":
                position = entry["seat"]
                cards = [*state["down"][str(position)], *state["up"][str(position)]]
                kind = (best(cards)[0] >> SHIFT) if len(cards) >= 5 else open_value(cards)[0]
                folded.append({"seat": position, "cards": cards, "beats": FIVE_CARD_WEAKER[kind]})
        return folded

    def summary(self, state: State | None, config: dict) -> dict:
        facts: list = [
            [
                gettext_noop("Bets"),
                {"money_range": [config.get("small_bet"), config.get("big_bet")]},
            ]
        ]
        if not self.in_play(state):
            return {"pot": 0, "stage": "", "facts": facts}
        facts.append([gettext_noop("Street"), str(state["street"])])
        return {
            "pot": sum(state["pots"].values()),
            "stage": gettext_noop("betting round"),
            "facts": facts,
        }


ENGINE = base.register(BigStud())

__all__ = ["ENGINE", "banks", "check_config", "open_value", "seven_cards"]
