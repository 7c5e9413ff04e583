"""A table's limits as its rules page shows them: read from the table's settings (filled with
the engine's defaults), each a label and a value in the reader's language and the table's
currency."""

from __future__ import annotations

from django.utils.translation import gettext as _

from tables.actor import DEFAULT_ABSENCE_SECONDS, DEFAULT_ACTION_SECONDS, DEFAULT_GRACE_SECONDS
from tables.engines.base import IllegalAction
from tables.engines.registry import engine_for
from tables.presentation import presentation_for
from tables.rules import LimitRows


def table_limits(table) -> LimitRows:
    """The table's limits: the game's own, then the seats and the clocks every table has."""
    engine = engine_for(table.game)
    try:
        settings = engine.check_config(dict(table.settings))
    except IllegalAction:
        settings = dict(table.settings)
    own = presentation_for(table.game).limits
    rows = own(settings, table.currency) if own is not None else []
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
