"""The results' writes (SB §1.9, §1.10, §6.1, E33): entering or correcting an event's official
result, which sets when its settlement falls due, and holding its payouts while foul play is
investigated. The settlement itself is `runner.event_settle`."""

from __future__ import annotations

import datetime as dt

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from casino import roles
from casino.models import Player
from sportsbook.line.services import SETTLE_DELAY, LineError, announce_result
from sportsbook.models import Event, EventStatus, Market


def event_result_set(
    *, event_id: int, result: dict, staff: Player | None = None, now: dt.datetime | None = None
) -> Event:
    """Enter (or correct) the official result (SB §1.9). A first result is settled 20 minutes after
    the end (SB §6.1); a correction of a settled event is settled again at once (E33)."""
    roles.require(staff, roles.TRADE_LINE)
    from sportsbook.settlement.markets import KINDS
    from sportsbook.settlement.results import EventResult

    now = now or timezone.now()
    try:
        parsed = EventResult.from_dict(result)
    except (ValueError, TypeError, KeyError) as error:
        raise LineError(str(error)) from None
    checked = parsed.to_dict()
    # A result must settle every market of the event (a goal list for goalscorers, corners...):
    # refused now, with the reason, rather than failing at settlement time.
    for market in Market.objects.filter(event_id=event_id):
        try:
            KINDS[market.kind].settle(parsed, market.params)
        except ValueError as error:
            raise LineError(
                _("The result cannot settle “%(market)s”: %(reason)s")
                % {"market": market.title, "reason": error}
            ) from None
    with transaction.atomic():
        event = (
            Event.objects.select_for_update().select_related("competition__sport").get(pk=event_id)
        )
        if checked.get("sport") and checked["sport"] != event.sport_code:
            raise LineError(_("This result is for another sport."))
        event.result = checked
        if event.settled_at is not None:
            event.settle_due_at = now
        elif event.status in (EventStatus.FINISHED, EventStatus.CANCELLED):
            event.settle_due_at = (event.finished_at or now) + SETTLE_DELAY
        event.version += 1
        event.save()
        announce_result(event.pk)
        return event


def event_hold_payouts(*, event_id: int, held: bool, staff: Player | None = None) -> Event:
    """SB §1.10 / E33: hold an event's settlement while foul play is investigated, or release it.
    A held event is not settled, by the clock or on demand; once released, a settlement that
    fell due meanwhile runs at the next sweep. (Voiding the bets, if the foul play is proven, is
    a result whose ending is `foul_play_void`.)"""
    roles.require(staff, roles.CANCEL_BETS)
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event_id)
        if event.payouts_held != held:
            event.payouts_held = held
            event.version += 1
            event.save(update_fields=["payouts_held", "version"])
            announce_result(event.pk)
        return event
