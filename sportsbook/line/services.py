"""The line's writes (issue 4 §1): odds, a market's and an event's status, the live score. Each
change is kept (OddsChange) or versioned (the event's `version`) and, after commit, announced
to the event's group `event.<id>` (its pages and the slips holding it) and, for the event's
status, score and result, to the traders' list (TRADER_EVENTS_GROUP)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from casino import roles
from casino.models import Player
from casino.realtime import group_send_all
from sportsbook.line.presenters import odds_text
from sportsbook.models import Event, EventStatus, Market, MarketStatus, OddsChange, Outcome


class LineError(Exception):
    """A change to the line that cannot be made; str() is for the staff member."""


SETTLE_DELAY = dt.timedelta(minutes=20)  # SB §6.1


# --- announcing a change --------------------------------------------------------------------------


# The trader's list of events (status, score, result, settled) follows its events live.
TRADER_EVENTS_GROUP = "trader.events"
_EVENT_ROW_CHANGES = ("event", "score", "result")


def _announce_line(event_id: int, payload: dict) -> None:
    messages = [(f"event.{event_id}", {"type": "line.changed", **payload})]
    if payload["what"] in _EVENT_ROW_CHANGES:
        messages.append((TRADER_EVENTS_GROUP, {"type": "trader.event", "event": event_id}))
    transaction.on_commit(lambda: group_send_all(messages))


def announce_result(event_id: int) -> None:
    """After commit: the event's result, its settlement or a hold of its payouts changed (the
    traders' pages and lists show them; the event's version moved on)."""
    _announce_line(event_id, {"what": "result"})


# --- changing the line ----------------------------------------------------------------------------


def odds_set(
    *,
    outcome_id: int,
    odds: Decimal,
    staff: Player | None,
    expected_odds: Decimal | None = None,
) -> Outcome:
    """Change an outcome's odds; the change is kept and pushed live. Bets already accepted keep
    their odds (SB §1.5). `expected_odds`: the odds the trader's page showed; if another change
    came first (checked under the row lock) this one is refused rather than overwriting it."""
    roles.require(staff, roles.TRADE_LINE)
    odds = Decimal(odds)
    if odds <= 1:
        raise LineError(_("Odds must be more than 1."))
    with transaction.atomic():
        outcome = Outcome.objects.select_for_update().select_related("market").get(pk=outcome_id)
        if outcome.odds == odds:
            return outcome
        if expected_odds is not None and outcome.odds != Decimal(expected_odds):
            raise LineError(
                _("These odds were changed meanwhile to %(odds)s.")
                % {"odds": odds_text(outcome.odds)}
            )
        OddsChange.objects.create(
            outcome=outcome, old_odds=outcome.odds, new_odds=odds, changed_by=staff
        )
        outcome.odds = odds
        outcome.save(update_fields=["odds"])
        _announce_line(
            outcome.market.event_id,
            {"what": "odds", "outcome": outcome.pk, "odds": str(odds), "market": outcome.market_id},
        )
        return outcome


def market_set_status(*, market_id: int, status: str, staff: Player | None = None) -> Market:
    roles.require(staff, roles.TRADE_LINE)
    if status not in (MarketStatus.OPEN, MarketStatus.SUSPENDED, MarketStatus.CLOSED):
        raise LineError(_("A market can be opened, suspended or closed here."))
    with transaction.atomic():
        market = Market.objects.select_for_update().get(pk=market_id)
        if market.status == MarketStatus.SETTLED:
            raise LineError(_("This market is settled."))
        if market.status != status:
            market.status = status
            market.save(update_fields=["status"])
            _announce_line(market.event_id, {"what": "market", "market": market.pk})
        return market


def event_set_status(
    *, event_id: int, status: str, staff: Player | None = None, now: dt.datetime | None = None
) -> Event:
    """Mark an event live, finished, interrupted, postponed or cancelled. Finishing it starts the
    settlement clock (SB §6.1: 20 minutes after the end)."""
    roles.require(staff, roles.TRADE_LINE)
    now = now or timezone.now()
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event_id)
        if event.status == status:
            return event  # a repeated click: nothing changes, nothing is announced
        if event.settled_at is not None and status != EventStatus.FINISHED:
            raise LineError(_("This event is settled; correct its result instead."))
        event.status = status
        if status == EventStatus.LIVE and event.started_at is None:
            event.started_at = now
            # SB §1.1: pre-match markets close at the start; live ones stay open.
            Market.objects.filter(event=event, in_play=False, status=MarketStatus.OPEN).update(
                status=MarketStatus.CLOSED
            )
        if status in (EventStatus.FINISHED, EventStatus.CANCELLED):
            event.finished_at = event.finished_at or now
            Market.objects.filter(
                event=event, status__in=[MarketStatus.OPEN, MarketStatus.SUSPENDED]
            ).update(status=MarketStatus.CLOSED)
            if event.result is not None and event.settled_at is None:
                event.settle_due_at = event.finished_at + SETTLE_DELAY
        event.version += 1
        event.save()
        _announce_line(event.pk, {"what": "event", "status": status})
        return event


def event_score_set(
    *,
    event_id: int,
    score: list[int],
    minute: int | None,
    period: str = "",
    expected_version: int | None = None,
    staff: Player | None = None,
) -> Event:
    """The live score a live event's page shows and its live bets record. `expected_version`:
    the event's version the trader's page showed; a double click or a stale page is refused
    under the row lock rather than applied twice."""
    roles.require(staff, roles.TRADE_LINE)
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event_id)
        if expected_version is not None and expected_version != event.version:
            raise LineError(
                _("The event was changed meanwhile (a double click?): nothing was done twice.")
            )
        if event.status in (EventStatus.FINISHED, EventStatus.CANCELLED) or event.settled_at:
            raise LineError(_("This event is over: enter its result instead of a live score."))
        event.live_score = {"score": list(score), "minute": minute, "period": period}
        event.version += 1
        event.save(update_fields=["live_score", "version"])
        _announce_line(event.pk, {"what": "score"})
        return event
