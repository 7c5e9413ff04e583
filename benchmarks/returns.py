"""Each house game's return to player, as its rules page publishes it (issue 47, build 3).

    .venv/bin/python benchmarks/returns.py [GAME ...]      # recompute and write the figures

The figures are computed by the project's own code, never typed in: exactly where the rules
fix them (every outcome counted: craps' 36 rolls, dice blackjack's throws, Russian poker's
hands, Let It Ride's third bet, High card), by the computed best play for the twenty-one games
(``tables/families/twentyone/strategy/``: two-card composition dependent, six decks), and
otherwise by a simulation through the engine (``benchmarks/rtp.py``, the harness's strategy,
``SIMULATED_HANDS`` hands in ``PARTS`` seeded parts) with its 95 % interval. Each game is
computed at the settings its harness module plays (its ``CONFIG``: the table's pay tables,
decks and limits), written beside the figures.

They are written once to ``tables/rules/returns.json`` (the rules pages read that file; nothing
is simulated when a page is shown) and ``tests/benchmarks/test_returns.py`` recomputes every
figure from this module and compares it with the file, so a change to a game's rules or engine
that moves a return fails until the file is written again (a simulation: its parts' sums give
the figures, and any one part re-run gives its sums again).
"""

from __future__ import annotations

import json
import sys
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

OUTPUT = ROOT / "tables" / "rules" / "returns.json"
SEED = 20261207
SIMULATED_HANDS = 100_000
PARTS = 10  # a simulation is run in parts of its own seeds: a test re-runs any one of them
SUM_KEYS = ("s", "r", "ss", "rr", "rs", "n")
DIGITS = 5  # the returns are published to 5 decimal places

EXACT, BEST_PLAY, SIMULATION = "exact", "best_play", "simulation"


def _figure(value) -> str:
    return f"{float(value):.{DIGITS}f}"


def _exact_row(kind: str, value: Fraction, method: str = EXACT) -> dict:
    return {"bet": kind, "method": method, "return": _figure(value), "fraction": str(value)}


def _sums(totals: dict, kinds) -> dict:
    """A simulation's sums per kind and for everything together (``rtp.ratio_interval``'s)."""
    found = {kind: dict(totals["kinds"][kind]) for kind in kinds}
    found["all"] = dict(totals["all"])
    return found


def simulate_part(game: str, strategy: str, part: int, kinds) -> dict:
    """One of the ``PARTS`` seeded runs a published simulation is made of (``rtp.play`` on the
    seed ``SEED/part``): its hands and sums."""
    from benchmarks import rtp

    totals = rtp.play(game, strategy, SIMULATED_HANDS // PARTS, f"{SEED}/{part}")
    assert not totals["failures"], f"{game}: money or cards not conserved: {totals['shown']}"
    return {"hands": totals["hands"], "sums": _sums(totals, kinds)}


def rows_of_parts(parts: list[dict], kinds) -> list[dict]:
    """The published rows of a simulation: its parts' sums added, each kind's return with its
    95 % interval (``rtp.ratio_interval``)."""
    from benchmarks import rtp

    rows = []
    for kind in (*kinds, "all"):
        sums = {key: sum(part["sums"][kind][key] for part in parts) for key in SUM_KEYS}
        if not sums["s"]:
            continue
        ratio, half = rtp.ratio_interval(sums)
        rows.append(
            {
                "bet": kind,
                "method": SIMULATION,
                "return": _figure(ratio),
                "low": _figure(ratio - half),
                "high": _figure(ratio + half),
            }
        )
    return rows


def shown_rows(rows: list[dict], shown) -> list[dict]:
    """The rows a page shows: a bet made only on a good hand (a stud game's bet, Let It Ride's
    first two bets left to ride) returns more than it is staked on the hands it is made on, so
    its own figure says nothing of the game; the game's whole return does (``all``)."""
    return [row for row in rows if row["bet"] in shown]


def _simulated_rows(game: str, strategy: str, kinds, shown=("all",)) -> tuple[list, dict]:
    parts = [simulate_part(game, strategy, part, kinds) for part in range(PARTS)]
    run = {
        "hands": sum(p["hands"] for p in parts),
        "seed": SEED,
        "strategy": strategy,
        "kinds": list(kinds),
        "shown": list(shown),
        "parts": parts,
    }
    return shown_rows(rows_of_parts(parts, kinds), shown), run


def _module(game: str):
    from benchmarks import rtp

    return rtp.game_module(game)


def craps() -> dict:
    module = _module("craps")
    found = module.exact("every_bet")["return"]
    return {"config": module.CONFIG, "rows": [_exact_row(k, found[k]) for k in module.KINDS]}


def dice_blackjack() -> dict:
    module = _module("dice_blackjack")
    found = module.exact("best")["return"]
    return {"config": module.CONFIG, "strategy": "best", "rows": [_exact_row("bet", found["bet"])]}


def russian_poker() -> dict:
    module = _module("russian_poker")
    found = module.exact_of(module.THRESHOLDS["basic"], module.SVARAS)["return"]
    rows = [_exact_row("all", found["all"])]  # the bet is made on good hands: the game's whole
    return {"config": module.CONFIG, "strategy": "basic", "rows": rows}


def highcard() -> dict:
    module = _module("highcard")
    found = module.exact("minimum")["return"]
    rows = [_exact_row(k, found[k]) for k in module.KINDS if k in found]
    return {"config": module.config_for("minimum"), "strategy": "minimum", "rows": rows}


def _twentyone(game: str) -> dict:
    from tables.families.twentyone import strategy as best

    module = _module(game)
    value = best.expected_return(game)
    rows = [_exact_row("bet", Fraction(value["return"]).limit_denominator(10**9), BEST_PLAY)]
    if game == "blackjack_switch":
        match = module.exact("best")["return"][module.SUPER_MATCH]
        rows.append(_exact_row(module.SUPER_MATCH, match))
    return {"config": module.CONFIG, "strategy": "best", "decks": best.DECKS, "rows": rows}


def let_it_ride() -> dict:
    """Bet 3 always rides: exact; the three bets together (1 and 2 taken back or left to ride
    by the basic strategy) by simulation."""
    module = _module("let_it_ride")
    rows, run = _simulated_rows("let_it_ride", "basic", ("bet1", "bet2"))
    bet3 = module.exact("basic")["return"]["bet3"]
    rows.insert(0, _exact_row("bet3", bet3))
    return {"config": module.CONFIG, **run, "rows": rows}


def _stud(game: str) -> dict:
    module = _module(game)
    strategy = next(iter(module.STRATEGIES))
    config = module.config_for(strategy) if hasattr(module, "config_for") else module.CONFIG
    rows, run = _simulated_rows(game, strategy, ("ante", "bet", "bonus"))
    return {"config": config, **run, "rows": rows}


GAMES = {
    "craps": craps,
    "dice_blackjack": dice_blackjack,
    "russian_poker": russian_poker,
    "highcard": highcard,
    "blackjack": lambda: _twentyone("blackjack"),
    "pontoon": lambda: _twentyone("pontoon"),
    "blackjack_switch": lambda: _twentyone("blackjack_switch"),
    "let_it_ride": let_it_ride,
    "caribbean_stud": lambda: _stud("caribbean_stud"),
    "oasis_stud": lambda: _stud("oasis_stud"),
    "golden_oasis": lambda: _stud("golden_oasis"),
}


def compute(game: str) -> dict:
    return json.loads(json.dumps(GAMES[game]()))


def main(argv: list[str] | None = None) -> int:
    games = (argv if argv is not None else sys.argv[1:]) or list(GAMES)
    found = json.loads(OUTPUT.read_text()) if OUTPUT.exists() else {}
    for game in games:
        found[game] = compute(game)
        print(game, [(r["bet"], r["return"]) for r in found[game]["rows"]])
    OUTPUT.write_text(json.dumps(dict(sorted(found.items())), indent=1, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
