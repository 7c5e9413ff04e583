"""The knock-out bracket and the prize fund of a Podkidnoy durak tournament, in pure Python
(CG §124, §126, §127; rulings D1, D8, D9, D12 of ../shared/rules/durak-tournament.md).

Rounds are counted from 0 (the first round). A round is named by how many players it starts
with: 2 the final, 4 the semi-finals, 8 the quarter-finals, more the preliminary stage (D1).
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass
from decimal import Decimal

from casino.money import percentage_of, split_amount

FINAL = "final"
THIRD_PLACE = "third_place"
SEMI_FINAL = "semi_final"
QUARTER_FINAL = "quarter_final"
PRELIMINARY = "preliminary"

# §124: preliminary matches to 5 wins, quarter-finals 7, semi-finals and the third-place match 9,
# the final 11.
WINS_BY_STAGE = {PRELIMINARY: 5, QUARTER_FINAL: 7, SEMI_FINAL: 9, THIRD_PLACE: 9, FINAL: 11}
# §127 with D8: 35 / 25 / 14 / 10 % to places 1-4 and 4 % to each quarter-final loser (5-8).
PRIZE_PERCENT_BY_PLACE = {1: 35, 2: 25, 3: 14, 4: 10, 5: 4}
MIN_ENTRANTS = 2


def bracket_size(entrants: int) -> int:
    """D1: the next power of two at or above the number of entrants."""
    if entrants < MIN_ENTRANTS:
        raise ValueError("a knock-out needs two entrants at least")
    size = 2
    while size < entrants:
        size *= 2
    return size


def rounds_of(size: int) -> int:
    return size.bit_length() - 1


def players_in_round(size: int, round_number: int) -> int:
    return size >> round_number


def stage_of(size: int, round_number: int) -> str:
    """D1: the round before the quarter-final and earlier ones are preliminary."""
    players = players_in_round(size, round_number)
    return {2: FINAL, 4: SEMI_FINAL, 8: QUARTER_FINAL}.get(players, PRELIMINARY)


def loser_place(size: int, round_number: int) -> int:
    """The best place a loser of this round can finish in (the rest of its range share it):
    2 in the final, 5 for a quarter-final loser ("5-8"), 9 for the round of 16 ("9-16"). A
    semi-final loser plays the third-place match; without one (D9) he is third."""
    return players_in_round(size, round_number) // 2 + 1


@dataclass(frozen=True)
class Draw:
    """The first round: pairs of entry ids in slot order, None for a bye (D1)."""

    size: int
    pairs: list[tuple[int, int | None]]

    def record(self) -> str:
        return ";".join(f"{a}-{'' if b is None else b}" for a, b in self.pairs)


def draw_seed(secret: str, entry_ids: list[int]) -> int:
    """The draw is a function of the secret committed to before registration and of who
    entered: nobody can choose it after seeing the entrants."""
    text = f"{secret}|{','.join(map(str, sorted(entry_ids)))}"
    return int(hashlib.sha256(text.encode()).hexdigest(), 16)


def make_draw(entry_ids: list[int], rng: random.Random) -> Draw:
    """D1: a random draw; the byes (size - entrants, fewer than the first round's matches)
    go to first-round matches chosen at random, at most one each."""
    size = bracket_size(len(entry_ids))
    order = list(entry_ids)
    rng.shuffle(order)
    matches = size // 2
    byes = set(rng.sample(range(matches), size - len(order)))
    pairs: list[tuple[int, int | None]] = []
    taken = iter(order)
    for slot in range(matches):
        first = next(taken)
        pairs.append((first, None) if slot in byes else (first, next(taken)))
    return Draw(size=size, pairs=pairs)


def has_third_place_match(size: int, entrants: int) -> bool:
    """Two semi-final losers exist only if the semi-finals are not the first round with a
    bye (3 entrants: one semi-final is a bye, its loser is third without a match, D9)."""
    return size >= 4 and not (size == 4 and entrants == 3)


def fund_split(total_fees: int, casino_percent: Decimal | str | int) -> tuple[int, int]:
    """§126, D10: (casino's share, prize fund), the share rounded down (the casino's rounding
    rule), the fund the rest."""
    casino = percentage_of(total_fees, casino_percent)
    return casino, total_fees - casino


def prize_shares(fund: int, places: list[int], eligible: list[bool] | None = None) -> list[int]:
    """§127, D8, D9, D12: each awarded place's percentage, the shares of places that do not
    exist redistributed in proportion (so the whole fund is paid), rounded down with the
    remainder to first place. ``places`` sorted, first place first; places past 8 get 0.
    ``eligible`` (issue 45): False for a player who played no card in the tournament: he gets
    0 and his place's share goes to the others as a place that does not exist (D9); the
    remainder goes to the best place paid."""
    if places != sorted(places):
        raise ValueError("places must be sorted, first place first")
    if eligible is None:
        eligible = [True] * len(places)
    weights = [
        PRIZE_PERCENT_BY_PLACE.get(place, 0) if paid else 0
        for place, paid in zip(places, eligible, strict=True)
    ]
    awarded = [w for w in weights if w]
    if not awarded:
        return [0] * len(places)
    shares = iter(split_amount(fund, awarded))
    return [next(shares) if w else 0 for w in weights]
