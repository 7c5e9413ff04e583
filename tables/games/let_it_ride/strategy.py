"""Let It Ride for the return harness (``benchmarks/rtp.py let_it_ride``) and the engine benchmark
(``tables/games/let_it_ride/bench.py``).

The engine is ``tables/games/let_it_ride/engine.py`` (CG §33-§39, ../shared/rules/let-it-ride.md).
One player plays one box of the minimum (three bets of 1.00) every round, with the published basic
strategy (``basic``):

- **Bet 1** (three cards) rides with: a paying hand already (a pair of tens or better, three of a
  kind); three to a royal flush; three suited in a row, except 2-3-4 and A-2-3; three to a
  straight flush with one gap and at least one card ten or higher; three to a straight flush
  with two gaps and at least two cards ten or higher. Otherwise it is taken down.
- **Bet 2** (four cards: his three and the first community card) rides with: a paying hand
  already; four to a flush; four to an outside straight with a card ten or higher; four to an
  inside straight with four cards ten or higher. Otherwise it is taken down.

An ace counts high or low in a straight draw (L5: A-2-3-4-5 is a straight), and high as a card
that pairs to a paying pair. ``always`` lets every bet ride (the plain five-card hand on three
bets), ``never`` takes bets 1 and 2 down every time (bet 3 alone).

The lines: each §36 line per box (the hand's frequency does not depend on the strategy: its
exact chance is the five-card hand's among all 2,598,960), with what every bet riding on it
returned; and bets 1 and 2 taken down (returned whole). Every line's contribution is per unit of
one bet (the base unit, which is bet 3's stake), so the lines' contributions add up to what the
three bets return per base unit, and 3 minus that is the house edge per base unit, the figure
the literature quotes (3.51 % for this pay table with the optimal strategy).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction

from tables.engines import poker_hands
from tables.games.let_it_ride.engine import LOW_PAIR, PAYS

GAME = "let_it_ride"
PLAYERS = 1
CONFIG = {"min_bet": 100, "max_bet": 5_000, "max_payout": 500_000}
RULES = "CG §36, ../shared/rules/let-it-ride.md"
KINDS = ("bet1", "bet2", "bet3")
PER_BOX_KINDS = KINDS

P = poker_hands
NOTHING = "nothing"  # below a pair
LINES = (
    ("royal", "bet3", "royal flush, 1000:1 on every bet riding", "§36"),
    ("straight_flush", "bet3", "straight flush, 200:1", "§36"),
    ("quads", "bet3", "four of a kind, 50:1", "§36"),
    ("full_house", "bet3", "full house, 11:1", "§36"),
    ("flush", "bet3", "flush, 8:1", "§36"),
    ("straight", "bet3", "straight, 5:1 (A-2-3-4-5 too)", "§36, L5"),
    ("trips", "bet3", "three of a kind, 3:1", "§36"),
    ("two_pairs", "bet3", "two pairs, 2:1", "§36"),
    ("high_pair", "bet3", "pair of tens or better, 1:1", "§36"),
    ("low_pair", "bet3", "pair of nines or lower, lost", "§36, L2"),
    ("nothing", "bet3", "no pair, lost", "§36, L2"),
    ("down1", "bet1", "bet 1 taken down, returned", "§35, L3"),
    ("down2", "bet2", "bet 2 taken down, returned", "§35, L3"),
)
LINE_OF = {
    P.ROYAL_FLUSH: "royal",
    P.STRAIGHT_FLUSH: "straight_flush",
    P.QUADS: "quads",
    P.FULL_HOUSE: "full_house",
    P.FLUSH: "flush",
    P.STRAIGHT: "straight",
    P.TRIPS: "trips",
    P.TWO_PAIRS: "two_pairs",
    P.PAIR: "high_pair",
    LOW_PAIR: "low_pair",
    P.HIGH_CARD: NOTHING,
}
# every five-card hand of 52 by line: 2,598,960 in all
HANDS = {
    "royal": 4,
    "straight_flush": 36,
    "quads": 624,
    "full_house": 3_744,
    "flush": 5_108,
    "straight": 10_200,
    "trips": 54_912,
    "two_pairs": 123_552,
    "high_pair": 422_400,  # five ranks of thirteen (T, J, Q, K, A) of the 1,098,240 pairs
    "low_pair": 675_840,
    "nothing": 1_302_540,
}
ALL_HANDS = 2_598_960
PAYS_BY_LINE = {LINE_OF[kind]: pays for kind, pays in PAYS.items()}

RANK = {r: i + 2 for i, r in enumerate("23456789TJQKA")}  # 2..14
HIGH = 10  # ten or higher


# --- the strategy ----------------------------------------------------------------------------


def _ranks(cards) -> list[int]:
    return [RANK[c[0]] for c in cards]


def _suited(cards) -> bool:
    return len({c[1] for c in cards}) == 1


def _paying(cards) -> bool:
    """A pair of tens or better, or better than a pair, among three or four cards."""
    ranks = _ranks(cards)
    counts = {r: ranks.count(r) for r in ranks}
    pairs = [r for r, n in counts.items() if n >= 2]
    return any(n >= 3 for n in counts.values()) or len(pairs) >= 2 or any(r >= HIGH for r in pairs)


def _spreads(ranks: list[int]) -> list[int]:
    """The spread (highest - lowest + 1) of distinct ranks, the ace high and, where it makes a
    wheel draw, low; [] if two ranks are equal."""
    if len(set(ranks)) != len(ranks):
        return []
    found = [max(ranks) - min(ranks) + 1]
    if 14 in ranks:
        low = [1 if r == 14 else r for r in ranks]
        found.append(max(low) - min(low) + 1)
    return found


def keeps_bet_1(cards) -> bool:
    """Three cards: ride bet 1 (module docstring)."""
    if _paying(cards):
        return True
    if not _suited(cards):
        return False
    ranks = _ranks(cards)
    if min(ranks) >= HIGH:  # three to a royal
        return True
    spreads = _spreads(ranks)
    if not spreads:
        return False
    high = sum(r >= HIGH for r in ranks)
    if 3 in spreads and sorted(ranks) not in ([2, 3, 4], [2, 3, 14]):
        return True
    if 4 in spreads and high >= 1:
        return True
    return 5 in spreads and high >= 2


def _straight_draw(ranks: list[int]) -> str | None:
    """Four distinct ranks: ``outside`` (open at both ends), ``inside`` (one rank completes a
    straight) or None."""
    if len(set(ranks)) != 4:
        return None
    sets = [set(ranks)]
    if 14 in ranks:
        sets.append({1 if r == 14 else r for r in ranks})
    completing = set()
    for values in sets:
        for top in range(5, 15):
            run = set(range(top - 4, top + 1))
            missing = run - values
            if len(missing) == 1:
                completing |= missing
    if not completing:
        return None
    ends_open = len(completing) == 2 and max(ranks) - min(ranks) == 3 and 14 not in ranks
    return "outside" if ends_open else "inside"


def keeps_bet_2(cards) -> bool:
    """Four cards: ride bet 2 (module docstring)."""
    if _paying(cards):
        return True
    if _suited(cards):
        return True
    ranks = _ranks(cards)
    draw = _straight_draw(ranks)
    high = sum(r >= HIGH for r in ranks)
    if draw == "outside":
        return high >= 1
    return draw == "inside" and high == 4


def basic(state: dict, seat: int, legal: list[dict], rng: random.Random) -> dict:
    """One box of the minimum; bets 1 and 2 by the basic strategy."""
    if legal[0]["type"] == "bet":
        return legal[0]  # the minimum (the low end of the range comes first)
    bet = legal[0]["bet"]
    cards = state["boxes"][str(seat)]["cards"]
    ride = keeps_bet_1(cards) if bet == 1 else keeps_bet_2([*cards, state["community"][0]])
    return {"type": "ride" if ride else "take_down", "bet": bet}


def always(state: dict, seat: int, legal: list[dict], rng: random.Random) -> dict:
    """Every bet rides, every round."""
    if legal[0]["type"] == "bet":
        return legal[0]
    return {"type": "ride", "bet": legal[0]["bet"]}


def never(state: dict, seat: int, legal: list[dict], rng: random.Random) -> dict:
    """Bets 1 and 2 taken down every round: bet 3 alone plays."""
    if legal[0]["type"] == "bet":
        return legal[0]
    return {"type": "take_down", "bet": legal[0]["bet"]}


STRATEGIES: dict[str, Callable] = {"basic": basic, "always": always, "never": never}


# --- a hand's events read as stakes, returns and lines -----------------------------------------


def tally(events: list[dict], kinds: dict, lines: dict) -> None:
    """Add one round to ``kinds`` ({kind: [staked, returned]}) and ``lines`` ({line: [times,
    returned]}), from its payments (what was staked on each bet and what came back) and its
    result (each box's line)."""
    result = None
    for event in events:
        kind = event.get("type")
        if kind == "hand_over":
            result = event["result"]
        if kind != "payment":
            continue
        reason, amount = event["reason"], event["amount"]
        if event["target"].startswith("pot"):
            if reason == "bet":
                kinds["bet3"][0] += amount
            elif reason in ("bet1", "bet2"):
                kinds[reason][0] += amount
        elif event["target"].startswith("seat"):
            # "box won", "box returned" (bet 3, the box's hand), "bet1 won", "bet2 returned"...
            bet = reason.partition(" ")[0]
            kinds["bet3" if bet == "box" else bet][1] += amount
    if result is None or result.get("void"):
        return
    for box in result["boxes"].values():
        line = LINE_OF[box["line"]]
        lines[line][0] += 1
        for bet in box["bets"]:
            if bet["state"] == "down":
                lines[f"down{bet['bet']}"][0] += 1
                lines[f"down{bet['bet']}"][1] += bet["amount"]
            elif bet["state"] == "won":
                lines[line][1] += bet["amount"] + bet["net"]


# --- the exact values the rules give -------------------------------------------------------


def exact(strategy: str) -> dict:
    """What the rules alone fix: each line's chance per box (the five cards are any five of the
    deck, whatever is decided) and bet 3's return (it always rides: the sum over the paying
    lines of chance x (1 + payout)). For ``always`` every bet returns that, and each line
    contributes three times its chance x (1 + payout) per base unit; for ``never`` bets 1 and 2
    return exactly 1. The basic strategy's bets 1 and 2 are measured only."""
    chance = {line: Fraction(n, ALL_HANDS) for line, n in HANDS.items()}
    bet3 = sum(chance[line] * (1 + pays) for line, pays in PAYS_BY_LINE.items())
    returns = {"bet3": bet3}
    contribution = {}
    if strategy == "always":
        returns.update(bet1=bet3, bet2=bet3)
        contribution = {line: 3 * chance[line] * (1 + PAYS_BY_LINE.get(line, -1)) for line in HANDS}
        contribution.update(down1=Fraction(0), down2=Fraction(0))
    elif strategy == "never":
        returns.update(bet1=Fraction(1), bet2=Fraction(1))
        contribution = {line: chance[line] * (1 + PAYS_BY_LINE.get(line, -1)) for line in HANDS}
        contribution.update(down1=Fraction(1), down2=Fraction(1))
        chance.update(down1=Fraction(1), down2=Fraction(1))
    return {"return": returns, "chance": chance, "contribution": contribution, "per_hand": {}}
