"""`make rngtest`: are the shuffles and rolls the games use uniform? Chi-square and runs tests
at 99 % over 10^6 shuffles of each pack and shoe and 10^6 rolls, with the production source
(`secrets.SystemRandom`, as the table actor injects it).

Usage:
    .venv/bin/python benchmarks/rngtest.py                 # every source, 10^6 each
    RNG_SHUFFLES=10000 RNG_WORKERS=1 .venv/bin/python benchmarks/rngtest.py pack36 dice

Per pack or shoe (k distinct cards, each m times, N = k*m positions, n shuffles):
- positions: the k x N table of how often each card lay at each position. The whole table's
  Pearson statistic, times (N-1)/N, is chi-square with (k-1)(N-1) degrees of freedom (the rows
  and columns of one shuffle's table are tied: its covariance is N/(N-1) times the product of
  the two multinomial ones); each card's row, times (N-1)/(N-m), is chi-square with N-1. The
  k per-card tests are one family: Bonferroni, each at 0.01/k, so the family's chance of a
  false alarm stays at most 1 %.
- runs: Wald-Wolfowitz on each shuffle's order cut at the median card (the lower half of the
  pack against the upper); the sum of the runs over n shuffles against its exact mean and
  variance, two-sided.
Per die source: the faces (chi-square, 5 df), the pairs of one roll (35 df), and runs above and
below 3.5 over the whole sequence of faces.

Pure Python (no numpy/scipy here): the chi-square tail is the regularised incomplete gamma
function. Shuffles run on RNG_WORKERS processes (default: every CPU). Exit status 1 if any test
fails at 99 %.
"""

from __future__ import annotations

import math
import multiprocessing as mp
import os
import random
import secrets
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tables.engines import cards, dice  # noqa: E402
from tables.engines.base import Draws  # noqa: E402
from tables.games.baccarat_bank import rules as baccarat_bank  # noqa: E402

ALPHA = 0.01
CHUNK = 10_000  # shuffles tallied at once (the positions are counted column by column)


# --- the chi-square and normal tails --------------------------------------------------------


def _lower_gamma_series(a: float, x: float) -> float:
    term = total = 1.0 / a
    n = a
    for _ in range(100_000):
        n += 1
        term *= x / n
        total += term
        if abs(term) < abs(total) * 1e-15:
            break
    return total * math.exp(-x + a * math.log(x) - math.lgamma(a))


def _upper_gamma_fraction(a: float, x: float) -> float:
    """Lentz's continued fraction for Q(a, x), x > a + 1."""
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 100_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return h * math.exp(-x + a * math.log(x) - math.lgamma(a))


def chi2_sf(statistic: float, df: int) -> float:
    """P(chi-square with df degrees of freedom >= statistic)."""
    if statistic <= 0:
        return 1.0
    a, x = df / 2, statistic / 2
    if x < a + 1:
        return max(0.0, 1 - _lower_gamma_series(a, x))
    return _upper_gamma_fraction(a, x)


def normal_two_sided(z: float) -> float:
    return math.erfc(abs(z) / math.sqrt(2))


def pearson(observed, expected: float) -> float:
    return sum((o - expected) ** 2 for o in observed) / expected


def runs_moments(low: int, high: int) -> tuple[float, float]:
    """Exact mean and variance of the number of runs in a random order of `low` zeros and
    `high` ones (Wald-Wolfowitz)."""
    n = low + high
    mean = 1 + 2 * low * high / n
    variance = 2 * low * high * (2 * low * high - n) / (n * n * (n - 1))
    return mean, variance


# --- what the games shuffle and roll --------------------------------------------------------


@dataclass(frozen=True)
class Pack:
    """A source of shuffled packs or shoes: `deal(rng)` is the function a game calls."""

    key: str
    label: str
    cards: tuple[str, ...]  # the distinct cards, in pack order (the runs test cuts it in two)
    copies: int
    deal: Callable[[random.Random], list[str]]


def _draws_shuffle(rng: random.Random) -> list[str]:
    deck = cards.pack_36()
    Draws(rng).shuffle(deck)
    return deck


def _rng_shuffle_33(rng: random.Random) -> list[str]:
    deck = cards.pack_33()
    rng.shuffle(deck)
    return deck


PACKS = [
    Pack(
        "pack36",
        "36 cards, cards.shuffled (Durak's deal)",
        tuple(cards.pack_36()),
        1,
        lambda rng: cards.shuffled(cards.pack_36(), rng),
    ),  # fmt: skip
    Pack(
        "draws36",
        "36 cards, Draws.shuffle (mid-hand reshuffles: Khrap's discards)",
        tuple(cards.pack_36()),
        1,
        _draws_shuffle,
    ),  # fmt: skip
    Pack(
        "pack33",
        "33 cards with the joker, rng.shuffle (Belarusian poker's packs)",
        tuple(cards.pack_33()),
        1,
        _rng_shuffle_33,
    ),  # fmt: skip
    Pack(
        "pack52",
        "52 cards, Shoe.new(1) (High card, one deck)",
        tuple(cards.pack_52()),
        1,
        lambda rng: cards.Shoe.new(1, rng).cards,
    ),  # fmt: skip
    Pack(
        "shoe104",
        "shoe of 2 x 52, Shoe.new(2) (High card's default)",
        tuple(cards.pack_52()),
        2,
        lambda rng: cards.Shoe.new(2, rng).cards,
    ),  # fmt: skip
    Pack(
        "shoe312",
        "shoe of 6 x 52, new_shoe (Baccarat bank)",
        tuple(cards.pack_52()),
        baccarat_bank.DECKS,
        lambda rng: baccarat_bank.new_shoe(rng).cards,
    ),  # fmt: skip
]


@dataclass(frozen=True)
class Die:
    key: str
    label: str
    roll: Callable[[random.Random], list[int]]  # two faces per roll


DICE = [
    Die("dice", "dice.roll(rng, 2)", lambda rng: dice.roll(rng, 2)),
    Die(
        "craps_set",
        "dice.roll_set: the two of craps' five committed dice a new shooter picks first",
        lambda rng: dice.faces_of(dice.roll_set(rng), [1, 2]),
    ),
    Die(
        "tape",
        "dice.new_tape: a dice blackjack round's committed throws, the first taken",
        lambda rng: dice.throw(dice.new_tape(rng, 1))[1],
    ),
    Die(
        "draws_die",
        "Draws.randint(1, 6), twice (High card's tie die)",
        lambda rng: [Draws(rng).randint(1, 6), Draws(rng).randint(1, 6)],
    ),  # fmt: skip
]

SOURCES = {source.key: source for source in [*PACKS, *DICE]}


# --- tallies (in the worker processes) ------------------------------------------------------


def _source(seed: int | None) -> random.Random:
    return secrets.SystemRandom() if seed is None else random.Random(seed)


def tally_pack(key: str, count: int, seed: int | None) -> tuple[list[int], int]:
    """`count` shuffles of a pack: the k x N position counts (row per card) and the runs summed."""
    pack = SOURCES[key]
    index = {card: i for i, card in enumerate(pack.cards)}
    k, positions = len(pack.cards), len(pack.cards) * pack.copies
    halves = bytes.maketrans(bytes(range(k)), b"0" * (k // 2) + b"1" * (k - k // 2))
    table = [0] * (k * positions)
    runs = 0
    rng = _source(seed)
    done = 0
    while done < count:
        batch = min(CHUNK, count - done)
        orders = bytearray()
        for _ in range(batch):
            order = bytes(map(index.__getitem__, pack.deal(rng)))
            halved = order.translate(halves)
            runs += 1 + halved.count(b"01") + halved.count(b"10")
            orders += order
        for position in range(positions):
            for card, seen in Counter(orders[position::positions]).items():
                table[card * positions + position] += seen
        done += batch
    return table, runs


def tally_die(key: str, count: int, seed: int | None) -> tuple[list[int], int, int, int]:
    """`count` rolls of two dice: the 36 pairs' counts, and the runs above and below 3.5 over
    the sequence of all faces (with how many were high and low)."""
    die = SOURCES[key]
    rng = _source(seed)
    pairs = [0] * 36
    runs, high, previous = 0, 0, None
    for _ in range(count):
        first, second = die.roll(rng)
        pairs[(first - 1) * 6 + second - 1] += 1
        for face in (first, second):
            side = face > 3
            high += side
            runs += side != previous
            previous = side
    return pairs, runs, high, 2 * count - high


# --- the tests -------------------------------------------------------------------------------


@dataclass
class Result:
    source: str
    test: str
    statistic: str
    p_value: float
    threshold: float = ALPHA

    @property
    def passed(self) -> bool:
        return self.p_value >= self.threshold

    def line(self) -> str:
        verdict = "pass" if self.passed else "FAIL"
        return (
            f"  {self.test:<44} {self.statistic:<34} p={self.p_value:.4f}"
            f" (needs >= {self.threshold:.2g}) {verdict}"
        )


def pack_results(pack: Pack, shuffles: int, table: list[int], runs: int) -> list[Result]:
    k, m = len(pack.cards), pack.copies
    positions = k * m
    expected = shuffles * m / positions
    rows = [table[c * positions : (c + 1) * positions] for c in range(k)]
    whole = pearson(table, expected) * (positions - 1) / positions
    whole_df = (k - 1) * (positions - 1)
    per_card = [chi2_sf(pearson(row, expected) * (positions - 1) / (positions - m), positions - 1)
                for row in rows]  # fmt: skip
    worst = min(range(k), key=per_card.__getitem__)
    low = m * (k // 2)
    mean, variance = runs_moments(low, positions - low)
    z = (runs - shuffles * mean) / math.sqrt(shuffles * variance)
    return [
        Result(
            pack.key,
            "position x card, whole table",
            f"chi2={whole:.1f} df={whole_df}",
            chi2_sf(whole, whole_df),
        ),  # fmt: skip
        Result(
            pack.key,
            f"each card over positions ({k} tests, Bonferroni)",
            f"worst {pack.cards[worst]}, df={positions - 1}; {sum(p < ALPHA for p in per_card)}"
            f" below 0.01",
            per_card[worst],
            ALPHA / k,
        ),  # fmt: skip
        Result(
            pack.key, "runs below/above the median card", f"z={z:+.3f}", normal_two_sided(z)
        ),  # fmt: skip
    ]


def die_results(die: Die, rolls: int, pairs: list[int], runs, high, low) -> list[Result]:
    faces = [sum(pairs[a * 6 + b] for b in range(6)) + sum(pairs[b * 6 + a] for b in range(6))
             for a in range(6)]  # fmt: skip
    face_stat = pearson(faces, 2 * rolls / 6)
    pair_stat = pearson(pairs, rolls / 36)
    mean, variance = runs_moments(low, high)
    z = (runs - mean) / math.sqrt(variance)
    return [
        Result(die.key, "faces", f"chi2={face_stat:.2f} df=5", chi2_sf(face_stat, 5)),
        Result(
            die.key, "pairs of one roll", f"chi2={pair_stat:.2f} df=35", chi2_sf(pair_stat, 35)
        ),  # fmt: skip
        Result(die.key, "runs above/below 3.5", f"z={z:+.3f}", normal_two_sided(z)),
    ]


def _split(total: int, parts: int) -> list[int]:
    return [total // parts + (i < total % parts) for i in range(parts)]


def run_source(key: str, count: int, *, workers: int = 1, seed: int | None = None, pool=None):
    """Tally `count` shuffles or rolls of one source (on `pool` if given) and test them."""
    source = SOURCES[key]
    is_pack = isinstance(source, Pack)
    tally = tally_pack if is_pack else tally_die
    parts = [n for n in _split(count, max(1, workers * 4)) if n]
    seeds = [None if seed is None else seed + i for i in range(len(parts))]
    jobs = [(key, n, s) for n, s in zip(parts, seeds, strict=True)]
    tallies = pool.starmap(tally, jobs) if pool is not None else [tally(*job) for job in jobs]
    if is_pack:
        table = [sum(column) for column in zip(*(t[0] for t in tallies), strict=True)]
        return pack_results(source, count, table, sum(t[1] for t in tallies))
    pairs = [sum(column) for column in zip(*(t[0] for t in tallies), strict=True)]
    # runs across the parts' joins: each part's sequence starts a run of its own, so the count
    # is one more per join than if they were one sequence, or the same when the sides differ;
    # the error is at most len(parts) - 1 of about 10^6 runs, below the test's resolution
    runs = sum(t[1] for t in tallies) - (len(tallies) - 1)
    return die_results(source, count, pairs, runs, sum(t[2] for t in tallies),
                       sum(t[3] for t in tallies))  # fmt: skip


def main(argv: list[str]) -> int:
    shuffles = int(os.environ.get("RNG_SHUFFLES", 1_000_000))
    rolls = int(os.environ.get("RNG_ROLLS", shuffles))
    workers = int(os.environ.get("RNG_WORKERS", os.cpu_count() or 1))
    keys = argv or list(SOURCES)
    unknown = [key for key in keys if key not in SOURCES]
    if unknown:
        print(f"unknown sources {unknown}; known: {', '.join(SOURCES)}")
        return 2
    print(
        f"rngtest: {shuffles:,} shuffles per pack, {rolls:,} rolls per die source, "
        f"secrets.SystemRandom, {workers} worker process(es), alpha = {ALPHA}"
    )
    failed = 0
    started = time.monotonic()
    with mp.get_context("fork").Pool(workers) as pool:
        for key in keys:
            source = SOURCES[key]
            count = shuffles if isinstance(source, Pack) else rolls
            began = time.monotonic()
            results = run_source(key, count, workers=workers, pool=pool)
            print(f"{key}: {source.label} - {count:,} in {time.monotonic() - began:.0f} s")
            for result in results:
                print(result.line())
                failed += not result.passed
    print(
        f"rngtest: {failed} of the tests failed at 99 % ({time.monotonic() - started:.0f} s in all)"
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
