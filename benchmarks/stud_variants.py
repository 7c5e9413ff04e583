"""The stud strategies' rules compared on the same deals (``tables/games/<game>/strategy.py``:
caribbean_stud, oasis_stud, golden_oasis say which won and by how much).

    .venv/bin/python -m benchmarks.stud_variants GAME [--hands N] [--seed S]

Each variant of a rule plays every deal of one seeded sequence as a bare hand (``harness.
bare_hand``: no engine, no state, the same cards as the engine would deal one box), so the
differences between variants are measured hand by hand (common deals: their noise is far below
each variant's own). Prints each variant's mean net per ante, and its difference from the first
with a 95 % interval. Not in ``run.py``.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path

if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tables.families.stud import harness as stud

Z95 = 1.959964


def _caribbean_variants() -> dict:
    from tables.games.caribbean_stud import strategy as game

    def changer(pick):
        def decide(cards, up, stage):
            if stage == 0 and not stud.pair_or_better(cards):
                odd = pick(cards, up)
                if odd is not None:
                    return "change", [odd]
            return game.decide_no_change(cards, up, stage)

        return decide

    def flush(cards, up):
        return stud.four_to_a_flush(cards)

    def flush_straight(cards, up):
        return stud.four_to_a_flush(cards) or stud.four_to_an_open_straight(cards)

    def flush_straight_inside(cards, up):
        return (
            stud.four_to_a_flush(cards)
            or stud.four_to_an_open_straight(cards)
            or stud.four_to_an_inside_straight(cards)
        )

    def flush_ak(cards, up):
        odd = stud.four_to_a_flush(cards)
        if (
            odd is None
            and stud.ranks(cards)[:2] == [14, 13]
            and not stud.caribbean_raise(cards, up)
        ):
            odd = min(cards, key=lambda c: stud.RANK[c[0]])
        return odd

    def flush_any(cards, up):
        odd = stud.four_to_a_flush(cards)
        if odd is None and not stud.caribbean_raise(cards, up):
            odd = min(cards, key=lambda c: stud.RANK[c[0]])
        return odd

    return game, {
        "no change": game.decide_no_change,
        "four-flush": changer(flush),
        "four-flush or open straight": changer(flush_straight),
        "four-flush or any four to a straight": changer(flush_straight_inside),
        "four-flush or folding A-K": changer(flush_ak),
        "four-flush or any fold (lowest card)": changer(flush_any),
    }


def _oasis_variants() -> dict:
    from tables.games.oasis_stud import strategy as game

    return game, game.VARIANTS


def _golden_variants() -> dict:
    from tables.games.golden_oasis import strategy as game

    return game, game.VARIANTS


VARIANTS = {
    "caribbean_stud": _caribbean_variants,
    "oasis_stud": _oasis_variants,
    "golden_oasis": _golden_variants,
}


def compare(game_name: str, hands: int, seed: int) -> list[tuple]:
    game, variants = VARIANTS[game_name]()
    names = list(variants)
    rng = random.Random(seed)
    pack = stud.pack_of_52()
    sums = {n: [0, 0] for n in names}  # net, net^2
    diffs = {n: [0, 0] for n in names}
    for _hand in range(hands):
        deck = pack[:]
        rng.shuffle(deck)
        first = None
        for name in names:
            variant = variants[name]
            decide, *buys = variant if isinstance(variant, tuple) else (variant,)
            net = game.bare_hand(deck, decide, **({"buys": buys[0]} if buys else {}))
            first = net if first is None else first
            sums[name][0] += net
            sums[name][1] += net * net
            d = net - first
            diffs[name][0] += d
            diffs[name][1] += d * d
    rows = []
    for name in names:
        mean = sums[name][0] / hands
        dm = diffs[name][0] / hands
        dvar = max(diffs[name][1] / hands - dm * dm, 0.0)
        rows.append((name, mean, dm, Z95 * math.sqrt(dvar / hands)))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=sorted(VARIANTS))
    parser.add_argument("--hands", type=int, default=400_000)
    parser.add_argument("--seed", type=int, default=20261206)
    args = parser.parse_args(argv)
    print(f"{args.game}: {args.hands:,} deals, seed {args.seed}; net per ante a hand")
    for name, mean, diff, half in compare(args.game, args.hands, args.seed):
        print(f"{name:<48} {mean:+.5f}   vs the first {diff:+.5f} ± {half:.5f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
