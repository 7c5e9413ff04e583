"""A table's limits as its rules page shows them: read from the table's settings (filled with
the engine's defaults), each a label and a value in the reader's language and the table's
currency."""

from __future__ import annotations

from collections.abc import Callable

from django.utils.translation import gettext as _

from casino.currencies import format_amount
from tables.actor import DEFAULT_ABSENCE_SECONDS, DEFAULT_ACTION_SECONDS, DEFAULT_GRACE_SECONDS
from tables.engines.base import IllegalAction
from tables.engines.registry import engine_for

Rows = list[tuple[str, str]]


def _money(settings: dict, key: str, currency: str) -> str | None:
    value = settings.get(key)
    return format_amount(value, currency) if isinstance(value, int) else None


def _percent(value) -> str:
    return f"{value} %"


def _baccarat_bank(settings: dict, currency: str) -> Rows:
    return [
        (_("Smallest bet, and smallest new bank"), _money(settings, "min_bet", currency)),
        (_("Largest bank one may open"), _money(settings, "max_bank", currency)),
        (_("Largest bet"), _("the bank: all bets together cover at most the bank (CG §13)")),
        (
            _("Casino's commission on what the bank wins"),
            _percent(settings.get("commission_percent", "0")),
        ),
    ]


def _belarusian_poker(settings: dict, currency: str) -> Rows:
    unit = settings.get("unit")
    return [
        (
            _("Entry bet, and the starting level of each round"),
            _money(settings, "min_bet", currency),
        ),
        (_("Table maximum (the maximum bet)"), _money(settings, "max_bet", currency)),
        (_("Conventional unit"), _money(settings, "unit", currency)),
        (
            _("Casino's deduction from the bank"),
            _("%(one)s from a bank up to %(fifty)s, 2 %% from a larger bank")
            % {
                "one": format_amount(unit, currency),
                "fifty": format_amount(50 * unit, currency),
            }
            if isinstance(unit, int)
            else None,
        ),
    ]


def _khrap(settings: dict, currency: str) -> Rows:
    stake = settings.get("stake")
    return [
        (_("Stake every player puts into a fresh bank"), _money(settings, "stake", currency)),
        (
            _("Pledge of a declarer (twice the bank)"),
            _("twice the bank played, e.g. %(amount)s at a table of four")
            % {"amount": format_amount(2 * 4 * stake, currency)}
            if isinstance(stake, int)
            else None,
        ),
        (_("Casino's share of each bank played"), _percent(2)),
    ]


def _durak(settings: dict, currency: str) -> Rows:
    return [
        (_("Stake of each player on a match"), _money(settings, "stake", currency)),
        (_("Game wins to win the match"), str(settings.get("wins_to_win", 5))),
        (
            _("Casino's commission on the match winner's stakes"),
            _percent(settings.get("commission_percent", "0")),
        ),
    ]


def _highcard(settings: dict, currency: str) -> Rows:
    return [
        (_("Ante"), _money(settings, "ante", currency)),
        (_("Smallest bet"), _money(settings, "min_bet", currency)),
        (_("Largest bet"), _money(settings, "max_bet", currency)),
        (_("Decks in the shoe"), str(settings.get("decks", ""))),
    ]


GAME_LIMITS: dict[str, Callable[[dict, str], Rows]] = {
    "baccarat_bank": _baccarat_bank,
    "belarusian_poker": _belarusian_poker,
    "khrap": _khrap,
    "durak": _durak,
    "highcard": _highcard,
}


def table_limits(table) -> Rows:
    """The table's limits: the game's own, then the seats and the clocks every table has."""
    engine = engine_for(table.game)
    try:
        settings = engine.check_config(dict(table.settings))
    except IllegalAction:
        settings = dict(table.settings)
    rows = GAME_LIMITS[table.game](settings, table.currency) if table.game in GAME_LIMITS else []
    low, high = engine.seats
    seconds = _("%(count)s s")
    rows += [
        (_("Players"), f"{low}–{high}" if low != high else str(low)),
        (
            _("Time for a move"),
            seconds % {"count": settings.get("action_seconds", DEFAULT_ACTION_SECONDS)},
        ),
        (
            _("Time away before your clock runs"),
            seconds % {"count": settings.get("grace_seconds", DEFAULT_GRACE_SECONDS)},
        ),
        (
            _("Time away before the table treats you as gone"),
            seconds % {"count": settings.get("absence_seconds", DEFAULT_ABSENCE_SECONDS)},
        ),
    ]
    return [(label, value) for label, value in rows if value]
