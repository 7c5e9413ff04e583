"""What the stud games' modules of the return harness share (``caribbean_stud.py``,
``oasis_stud.py``, ``golden_oasis.py``, ``russian_poker.py``): the table they play at, a
strategy's plain decisions mapped onto an engine's legal actions, the tally of a hand's stakes
and returns by pay-table line, counts beside them (the dealer's no-game rate, the fees, the
bought games, the svaras), and the poker games' bare hand the engines' speed is measured against
(Russian poker's is its module's own).

The engines are ``tables/games/<game>/engine.py`` on ``tables/families/stud/engine.py``. One player
plays one open box of the table minimum a hand (no dark box). A game's strategy is a plain function
``decide(cards, up, stage) -> (kind, cards)`` of what the player sees: his box's cards, the
dealer's up card and how many changes he made (``stage``); ``kind`` is "bet", "fold" or a
change the game offers ("change", "buy", "exchange"), ``cards`` the cards given back. Buying
a game (Oasis, Golden Oasis) is decided by ``buys_game``: the dealer's five are open then.
Where the dealer shows no card (Russian poker) ``up`` is None; in a svara (Russian poker, tied
with the dealer) the player always doubles the ante and declines to join other boxes' svaras.

Amounts in the decisions' reasoning are in antes: the poker games' bet is two antes (§42,
§56.1, §65), Russian poker's one (§31).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from tables.engines import poker_hands
from tables.engines.cards import pack_52
from tables.families.stud.rules import CATEGORY_KEYS, LOWEST_PAIR, PAY_TABLE, StudRules, bet_ratio

PLAYERS = 1
BET_MULTIPLE = StudRules.bet_multiple  # the poker games' bet: two antes (§42, §56.1, §65)
LEGAL_ACTIONS = False  # the strategies read the state alone (rtp.play_hand)
MINIMUM = 100

# The kinds, in the order printed: what the player staked: "ante", "bet", "fee" (every card
# change, sixth card, exchange and bought game: their return is nil) and "bonus".
KINDS = ("ante", "bet", "fee", "bonus")
PER_BOX_KINDS = ()  # one box a hand: a line's "how often" is per hand
COUNTED_KINDS = ("bonus",)  # the bonus's lines count every bonus bet

CATEGORIES = sorted(CATEGORY_KEYS, reverse=True)  # royal flush first
RANK = {rank: value for value, rank in enumerate(poker_hands.RANKS, start=2)}  # "2" 2 ... "A" 14
PACK = pack_52()
STRAIGHT_LOW = poker_hands.value(("5S", "4H", "3D", "2C", "AS"))  # the lowest straight


def pack_of_52() -> list[str]:
    return list(PACK)


# --- what a hand is --------------------------------------------------------------------------


def ranks(cards) -> list[int]:
    """The cards' ranks, 2 to 14 (ace), highest first."""
    return sorted((RANK[c[0]] for c in cards), reverse=True)


def pair_or_better(cards) -> bool:
    return poker_hands.value(cards) >= LOWEST_PAIR


def four_to_a_flush(cards) -> str | None:
    """The card off the suit when four of five share one, else None."""
    for card in cards:
        rest = [c for c in cards if c != card]
        if len({c[1] for c in rest}) == 1 and card[1] != rest[0][1]:
            return card
    return None


def four_to_an_open_straight(cards) -> str | None:
    """The card off the run when four of five are four ranks in a row open at both ends (2-3-4-5
    up to T-J-Q-K: A-2-3-4 and J-Q-K-A are one-ended), else None."""
    for card in cards:
        rest = sorted({RANK[c[0]] for c in cards if c != card})
        if len(rest) == 4 and rest[3] - rest[0] == 3 and rest[3] <= 13:
            return card
    return None


def four_to_an_inside_straight(cards) -> str | None:
    """The card off the run when four of five are four of five ranks in a row with one missing
    inside, or a one-ended four (A-2-3-4, J-Q-K-A), else None."""
    for card in cards:
        rest = sorted({RANK[c[0]] for c in cards if c != card})
        if len(rest) != 4:
            continue
        low = [1 if r == 14 else r for r in rest]  # the ace low too (A-2-3-5)
        if any(sorted(s)[3] - sorted(s)[0] == 4 or s == [2, 3, 4, 14] for s in (rest, low)):
            return card
        if rest in ([11, 12, 13, 14],):
            return card
    return None


def caribbean_raise(cards, up: str) -> bool:
    """The usual simple rule against a dealer who qualifies with ace-king (Caribbean, Golden
    Oasis): bet with a pair or better; with no pair, only holding an ace and a king, and then if
    the dealer's up card is 2 to Q and matches one of your ranks, or it is an A or K and you hold
    a Q or J, or your hand is A-K-J-8-3 or better; else fold."""
    if pair_or_better(cards):
        return True
    mine = ranks(cards)
    if mine[:2] != [14, 13]:
        return False
    up_rank = RANK[up[0]]
    if up_rank <= 12 and up_rank in mine:
        return True
    if up_rank >= 13 and (12 in mine or 11 in mine):
        return True
    return mine >= [14, 13, 11, 8, 3]


def buys_game(cards, dealer: list[str], seen, replaces: str) -> bool:
    """The strategies' rule for buying the dealer a game (§58, §66, O5-O8, G4-G6): with a
    straight or better. On the same deals it does as well as buying by the game's worth
    (``game_worth_buying``) in both games (``benchmarks/stud_variants.py``)."""
    return poker_hands.value(cards) >= STRAIGHT_LOW


def buys_with_two_pairs_up(cards, dealer: list[str], seen, replaces: str) -> bool:
    """A variant of buying the dealer a game (``variants.py``): with two pairs or better."""
    return poker_hands.category(poker_hands.value(cards)) >= poker_hands.TWO_PAIRS


def bonus_config_for(config: dict, bonus_config: dict):
    """A game's ``config_for`` (benchmarks/rtp.py) where its strategy ``bonus`` plays the bonus:
    ``bonus_config`` for it, ``config`` for the others."""

    def config_for(strategy: str) -> dict:
        return bonus_config if strategy == "bonus" else config

    return config_for


def game_worth_buying(cards, dealer: list[str], seen, replaces: str) -> bool:
    """Whether buying the dealer a game is worth more than the ante's 1:1 the player takes
    without it (§58, §66, O5, G4-G5): every card the dealer may draw (any the player has not
    seen: not his five, the cards he gave back or the dealer's five) is counted alike; the
    dealer replaces his ``replaces`` ("lowest" or "highest") card, and with a pair now the box
    is compared (won: the ante 1:1 and the bet by the pay table; lost: both), without one ante
    and bet come back. The fee is one ante."""
    mine = poker_hands.value(cards)
    won = 1 + BET_MULTIPLE * bet_ratio(mine)
    lost = -(1 + BET_MULTIPLE)
    by_rank = sorted(dealer, key=lambda c: RANK[c[0]])
    replaced = by_rank[0] if replaces == "lowest" else by_rank[-1]
    kept = [c for c in dealer if c != replaced]
    known = set(seen)
    unseen = [c for c in PACK if c not in known]
    total = 0
    for card in unseen:
        his = poker_hands.value([*kept, card])
        if his < LOWEST_PAIR:
            continue
        total += won if mine > his else lost if mine < his else 0
    return total / len(unseen) - 1 > 1


# --- the strategy on the engine ------------------------------------------------------------


def strategy(
    decide: Callable,
    *,
    replaces: str | None = None,
    bonus: bool = False,
    dealer_up: bool = True,
    phases: dict[str, Callable[[dict, int], dict]] | None = None,
) -> Callable[..., dict]:
    """A harness strategy (``rtp.play_hand``: state, seat, legal actions, rng -> action) playing
    ``decide``: an ante of the table minimum on the seat's own box (with the bonus on it where
    ``bonus`` and the table offers one), the dealer's cut, then the box's decisions; a game is
    bought by ``buys_game`` (the dealer replacing his ``replaces`` card). ``dealer_up`` false:
    the dealer's cards are all face down and ``decide`` is given None for his up card.
    ``phases``: a game's own phases, each answered by its function of the state and the seat
    (Russian poker's svara)."""

    def play(state: dict, seat: int, legal: list[dict] | None, rng: random.Random) -> dict:
        """(The legal actions are not read: ``LEGAL_ACTIONS`` is False.)"""
        phase = state["phase"]
        if phase == "betting":
            action = {"type": "ante", "amount": state["limits"]["min_bet"]}
            if bonus and state["options"]["bonus"]:
                action["bonus"] = True
            return action
        if phase == "cut":
            return {"type": "cut"}
        if phases and phase in phases:
            return phases[phase](state, seat)
        waiting = "buy" if phase == "buying" else "deciding"
        box = next(
            int(n)
            for n, b in state["boxes"].items()
            if b["owner"] == seat and b["status"] == waiting
        )
        box_state = state["boxes"][str(box)]
        if phase == "buying":
            dealer = state["dealer"]["cards"]  # open: he has shown them (§57, §58, §66)
            seen = [*box_state["cards"], *box_state["given_back"], *dealer]
            kind = (
                "buy_game" if buys_game(box_state["cards"], dealer, seen, replaces) else "no_game"
            )
            return {"type": kind, "box": box}
        up = state["dealer"]["cards"][-1] if dealer_up else None
        kind, cards = decide(box_state["cards"], up, box_state["stage"])
        action = {"type": kind, "box": box}
        if kind != "fold" and (cards or kind != "bet"):
            action["cards"] = list(cards)
        return action

    return play


# --- the pay table's lines, read from a hand's events ----------------------------------------


def lines(rule: str, bonus_rule: str | None = None, bonus_from: int | None = None) -> tuple:
    """The harness's LINES: (key, kind, what pays, where the rule is written). Every outcome of a
    box is one bet line (a bought game's too: it is compared on the same table); the bonus's
    lines from the game's lowest paying hand up."""
    words = {c: poker_hands.NAMES[c] for c in CATEGORIES}
    found = [
        (f"won {CATEGORY_KEYS[c]}", "bet", f"won with {words[c]}, bet paid {PAY_TABLE[c]}:1", rule)
        for c in CATEGORIES
        if c in PAY_TABLE
    ]
    found += [
        ("won high_card", "bet", "won with no pair, bet paid 1:1", "C4, G1"),
        ("tie", "bet", "tie: ante and bet returned", "C5"),
        ("lost", "bet", "lost: ante and bet lost", "§45, §60, §68"),
        ("no game", "bet", "dealer without a game: ante 1:1, bet back", "§43, §58, §66"),
        ("bought, no game", "bet", "game bought, still none: both back", "O5, G4"),
        ("folded", "bet", "folded: ante lost", "§40, §56.2"),
    ]
    if bonus_from is not None:
        found += [
            (f"bonus {CATEGORY_KEYS[c]}", "bonus", f"bonus: {words[c]}", bonus_rule)
            for c in CATEGORIES
            if c >= bonus_from
        ]
        found += [
            ("bonus lost", "bonus", "bonus: below its lowest hand, lost", bonus_rule),
            ("bonus folded", "bonus", "bonus: box folded, lost", "C8"),
            ("bonus forfeited", "bonus", "bonus: cards changed, forfeited", "§47, §68, C8"),
        ]
    return tuple(found)


def tally(
    events: list[dict],
    kinds: dict,
    lines: dict,
    bonus_pays: dict | None = None,
    line_of: Callable | None = None,
) -> None:
    """Add one hand to ``kinds`` ({kind: [staked, returned]}) and ``lines`` ({line: [times,
    returned]}). Stakes are payments from the seat to a pot: the ante to the box's pot (a svara's
    doubling too), the bet and the bonus to its side pots (…:bet, …:bonus), a fee to a fee pot;
    returns are payments to the seat, by their reason's kind ("ante won", "bet returned", ...).
    A bet line's returned is the bet's; its outcome is read from the hand's result, by
    ``line_of(box, result)`` where the game names its own lines (else a poker hand's category
    won, or the outcome). A bonus's line is read from what it won against its stake
    (``bonus_pays``: the table's {hand: "X:1"}, distinct ratios): the box's cards are not shown
    when the dealer has no game."""
    won = 0
    for event in events:
        if event.get("type") != "payment":
            continue
        source, target, amount = event["source"], event["target"], event["amount"]
        if source.startswith("seat:"):
            if event["reason"].endswith(" fee"):
                kinds["fee"][0] += amount
            elif target.endswith(":bet"):
                kinds["bet"][0] += amount
            elif target.endswith(":bonus"):
                kinds["bonus"][0] += amount
            else:
                kinds["ante"][0] += amount
        elif target.startswith("seat:"):
            kind = event["reason"].split(" ")[0]  # "ante won", "bet returned", "bonus won"
            kinds[kind][1] += amount
            won += amount if event["reason"] == "bonus won" else 0
    result = next((e["result"] for e in events if e.get("type") == "hand_over"), None)
    if result is None or result.get("void"):
        return
    forfeited = any(e.get("type") == "bonus_forfeited" for e in events)
    bought = any(e.get("type") == "buy_game" for e in events)
    for box in result["boxes"].values():
        outcome = box["outcome"]
        if line_of is not None:
            line = line_of(box, result)
        elif outcome == "won":
            line = f"won {CATEGORY_KEYS[box['hand']]}"
        elif outcome == "no game":
            line = "bought, no game" if bought else "no game"
        else:
            line = outcome
        lines[line][0] += 1
        lines[line][1] += kinds["bet"][1]
        if kinds.get("bonus", (0,))[0]:
            if forfeited:
                bonus_line = "bonus forfeited"
            elif outcome == "folded":
                bonus_line = "bonus folded"
            elif won:
                ratio = f"{won // kinds['bonus'][0]}:1"
                bonus_line = next(f"bonus {k}" for k, r in bonus_pays.items() if r == ratio)
            else:
                bonus_line = "bonus lost"
            lines[bonus_line][0] += 1
            lines[bonus_line][1] += kinds["bonus"][1]


def derived(kinds: dict) -> dict:
    """The harness's rows made of one hand's kinds (``rtp.py``: printed with their intervals,
    left out of its totals): "ante+bet" the two stakes together; "game" the same with the fees
    counted as staked (all the main game cost the player); "/ante" the main game's net per ante
    staked, plus one: one minus the house edge per ante."""
    staked = kinds["ante"][0] + kinds["bet"][0]
    returned = kinds["ante"][1] + kinds["bet"][1]
    paid = staked + kinds["fee"][0]
    return {
        "ante+bet": (staked, returned),
        "game": (paid, returned),
        "/ante": (kinds["ante"][0], kinds["ante"][0] + returned - paid),
    }


def boxes_in(events: list[dict]) -> int:
    """The boxes a hand played: its antes (a payment to a box's own pot, pot:b<n>:s<seat>)."""
    return sum(
        1
        for e in events
        if e.get("type") == "payment"
        and e["source"].startswith("seat:")
        and e["target"].startswith("pot:b")
        and e["target"].count(":") == 2
    )


# --- counts beside the lines -------------------------------------------------------------------


def count(events: list[dict], counts: dict) -> None:
    """Add one hand to ``counts`` ({name: number}): the dealer's games, the decisions, each
    change and its fees, the games offered to buy, bought and what became of them."""

    def add(name: str, by: int = 1) -> None:
        counts[name] = counts.get(name, 0) + by

    bought = {e["box"] for e in events if e.get("type") == "buy_game"}
    for event in events:
        kind = event.get("type")
        if kind == "dealer_hand":
            add("dealer opened")
            add("dealer no game", not event["qualified"])
        elif kind in ("bet", "fold", "no_game", "svara_doubled"):
            add(kind)
        elif kind in ("svara_offered", "svara_opened"):  # the engine's name, before and after
            add("svara_opened")
        elif kind == "card_change":  # a change, a sixth card bought, an exchange
            change = event["kind"]
            add(change)
            add(f"{change} fees", event["fee"])
            if change == "exchange":
                add(f"exchange of {event['returned']}")
        elif kind == "buy_game":
            add("buy_game")
            add("buy_game fees", event["fee"])
        elif kind == "game_bought" and event["boxes"]:
            add("game bought: dealer qualified", event["qualified"])
        elif kind == "settled" and event["box"] in bought:
            add(f"bought: {event['outcome']}")


def summary(counts: dict, totals: dict) -> list[str]:
    """The counts in words, for the harness's report."""
    hands = totals["hands"] or 1
    opened = counts.get("dealer opened", 0) or 1
    found = [
        f"dealer without a game: {counts.get('dealer no game', 0):,} of {opened:,} showdowns "
        f"({counts.get('dealer no game', 0) / opened:.4%})",
        "decisions per hand: "
        + ", ".join(
            f"{name} {counts.get(name, 0) / hands:.4f}"
            for name in ("bet", "fold", "change", "buy", "exchange")
            if counts.get(name)
        ),
    ]
    if counts.get("svara_opened"):
        found.append(
            f"svaras: opened {counts['svara_opened']:,} times "
            f"({counts['svara_opened'] / hands:.4%} of hands), the ante doubled "
            f"{counts.get('svara_doubled', 0):,} times"
        )
    exchanges = sorted(k for k in counts if k.startswith("exchange of "))
    if exchanges:
        found.append(
            "exchanges by cards given back: "
            + ", ".join(f"{k[12:]}: {counts[k]:,}" for k in exchanges)
        )
    fees = [
        k for k in ("change fees", "buy fees", "exchange fees", "buy_game fees") if counts.get(k)
    ]
    if fees:
        found.append(
            "fees per hand, in antes (the minimum "
            f"{MINIMUM}): " + ", ".join(f"{k[:-5]} {counts[k] / MINIMUM / hands:.4f}" for k in fees)
        )
    asked = counts.get("buy_game", 0) + counts.get("no_game", 0)
    if asked:
        bought = counts.get("buy_game", 0)
        found.append(
            f"buying a game: offered {asked:,} times ({asked / hands:.4%} of hands), bought "
            f"{bought:,} ({bought / asked:.2%} of offers); the dealer qualified after "
            f"{counts.get('game bought: dealer qualified', 0):,} of the {bought:,}; the bought "
            "boxes "
            + ", ".join(
                f"{k[8:]} {counts[k]:,}" for k in sorted(counts) if k.startswith("bought: ")
            )
        )
    return found


# --- the bare hand: the floor of the engines' speed ------------------------------------------


def bare_hand(
    deck: list[str],
    decide: Callable,
    rules: StudRules,
    replaces: str | None,
    buys: Callable = buys_game,
    boxes: int = 1,
) -> int:
    """One hand of ``boxes`` boxes with no state, rules checked, money or events: each box's
    five from the shuffled deck, then the dealer's five, the strategy's decisions with the cards
    a change brings, the dealer's hand evaluated once and compared with each box standing, a
    game bought where the strategy says (one card replaced for every buyer). Returns the boxes'
    net in antes (fees included), for checks against the engine."""
    at = 5 * boxes + 5
    dealer = deck[at - 5 : at]
    up = dealer[-1]
    net, standing = 0, []  # the boxes that bet: (their cards, the cards given back, fees)
    for first in range(0, 5 * boxes, 5):
        box, fees, stage, given = deck[first : first + 5], 0, 0, []
        while True:
            kind, cards = decide(box, up, stage)
            if kind == "fold":
                break
            box = [c for c in box if c not in cards]
            given += cards
            if kind == "bet":
                break
            draw = next(d for d in rules.draws[stage] if d.kind == kind)
            taken = draw.cards_taken(len(cards))
            fees += draw.fees[len(cards)]
            box += deck[at : at + taken]
            at += taken
            stage += 1
        if kind == "fold":
            net += -1 - fees
        else:
            standing.append((box, given, fees))
    his = poker_hands.value(dealer)
    buyers = []  # (the box's value, its fees with the game's)
    for box, given, fees in standing:
        mine = poker_hands.value(box)
        if his >= rules.dealer_minimum:
            net += _compared(mine, his, rules) - fees
        elif (
            rules.buy_game
            and mine >= LOWEST_PAIR
            and buys(box, dealer, [*box, *given, *dealer], replaces)
        ):
            buyers.append((mine, fees + 1))
        else:
            net += 1 - fees
    if buyers:
        by_rank = sorted(dealer, key=lambda c: RANK[c[0]])
        replaced = by_rank[0] if replaces == "lowest" else by_rank[-1]
        his = poker_hands.value([deck[at] if c == replaced else c for c in dealer])
        for mine, fees in buyers:
            net += (_compared(mine, his, rules) if his >= LOWEST_PAIR else 0) - fees
    return net


def _compared(mine: int, his: int, rules: StudRules) -> int:
    """A box's ante and bet against a qualified dealer, in antes: won, lost or tied."""
    if mine > his:
        return int(1 + rules.bet_multiple * bet_ratio(mine))
    if mine < his:
        return -(1 + rules.bet_multiple)
    return 0
