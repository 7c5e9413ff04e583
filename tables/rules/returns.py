"""The return to player of each house game's bets, as its rules page shows it (issue 47).

The figures are computed once by ``benchmarks/returns.py`` (exactly, by the computed best play,
or by a simulation through the engine with its 95 % interval) and kept in ``returns.json``
beside this module; nothing is computed when a page is shown. ``tests/benchmarks/
test_returns.py`` recomputes each figure and compares it with the file. Nothing here names a
game: a bet is named by the game's presentation (``bet_name``) or by the words below.
"""

from __future__ import annotations

import functools
import json
from decimal import ROUND_HALF_EVEN, Decimal
from pathlib import Path

from django.utils import formats
from django.utils.translation import gettext, gettext_noop

from casino.currencies import format_amount
from tables.engines.base import IllegalAction
from tables.engines.registry import engine_for
from tables.presentation import presentation_for

FILE = Path(__file__).with_name("returns.json")

# the bets every harness names alike, by their kind
NAMES = {
    "bet": gettext_noop("The bet on a box"),
    "ante": gettext_noop("Ante"),
    "bonus": gettext_noop("Bonus"),
    "all": gettext_noop("Everything staked together"),
    "bet1": gettext_noop("Bet 1"),
    "bet2": gettext_noop("Bet 2"),
    "bet3": gettext_noop("Bet 3"),
    "super_match": gettext_noop("Super Match"),
    "odds_come": gettext_noop("Odds on a come bet"),
}
METHODS = {
    "exact": gettext_noop("exact: every outcome the rules allow, counted"),
    "best_play": gettext_noop(
        "exact for the computed best play (each decision the one with the highest expected "
        "value, by the box's cards and the dealer's card), %(decks)s decks"
    ),
    "simulation": gettext_noop(
        "simulation: %(hands)s hands through the game's own engine, played by the strategy "
        "written with it; 95 %% interval %(low)s–%(high)s"
    ),
}


@functools.cache
def _published() -> dict:
    return json.loads(FILE.read_text()) if FILE.exists() else {}


def published(game: str) -> dict | None:
    """The game's figures as computed (the file's entry), or None."""
    return _published().get(game)


def _percent(value: Decimal) -> str:
    """A share as a percentage to 0.01 in the reader's way of writing numbers ("98,59 %")."""
    rounded = (value * 100).quantize(Decimal("0.01"), ROUND_HALF_EVEN)
    return f"{formats.number_format(rounded, 2)}\u00a0%"


def _name(game: str, kind: str) -> str:
    """A bet by the game's own name for it (a layout's, ``bet_name``), else the words above; a
    name the layout's words read with a capital, as a table's row."""
    named = presentation_for(game).bet_name
    name = (named(kind) if named else "") or gettext(NAMES.get(kind, kind))
    return name[:1].upper() + name[1:]


def return_rows(game: str) -> list[dict]:
    """Each bet's row in the reader's language: its name, the return to player and the house
    edge (as percentages of what is staked), how the figure was found."""
    found = published(game)
    if not found:
        return []
    rows = []
    for row in found["rows"]:
        value = Decimal(row["return"])
        method = gettext(METHODS[row["method"]]) % {
            "decks": found.get("decks", ""),
            "hands": formats.number_format(found.get("hands", 0), 0, force_grouping=True),
            "low": _percent(Decimal(row["low"])) if "low" in row else "",
            "high": _percent(Decimal(row["high"])) if "high" in row else "",
        }
        rows.append(
            {
                "bet": row["bet"],
                "name": _name(game, row["bet"]),
                "return": _percent(value),
                "edge": _percent(1 - value),
                "method": method,
                "figure": row["return"],
            }
        )
    return rows


def computed_for(game: str) -> list[tuple[str, str]]:
    """The table's settings the figures are computed for, as the limits are shown."""
    found = published(game)
    if not found:
        return []
    own = presentation_for(game).limits
    try:
        settings = engine_for(game).check_config(dict(found["config"]))
    except IllegalAction:
        settings = dict(found["config"])
    rows = own(settings, "BYN") if own is not None else []
    return [(label, value) for label, value in rows if value] or [
        (gettext("Minimum bet"), format_amount(settings.get("min_bet", 0), "BYN"))
    ]
