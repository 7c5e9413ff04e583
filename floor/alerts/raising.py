"""The rules and raising: the alert rules (``rules``, ``enabled_rules``, thresholds), raising an
alert once per occurrence (``raise_alert``), acknowledging it, and the alert of a change to a
table that failed (``on_table_error``)."""

from __future__ import annotations

import datetime as dt
import logging

from django.db import IntegrityError, transaction
from django.utils import timezone

from casino.currencies import minor_factor
from casino.models import Player
from floor.alerts.live_list import announce, announce_gone
from floor.models import RULES, Alert, AlertKind, AlertRule
from tables.models import Table

log = logging.getLogger(__name__)


# --- rules -----------------------------------------------------------------------------------


def ensure_rules() -> None:
    """Every kind has its rule, with the default threshold (docs/rules-decisions.md)."""
    for kind, (_unit, _times, _words, threshold, times) in RULES.items():
        defaults = {"threshold": threshold, "times": times}
        AlertRule.objects.get_or_create(kind=kind, defaults=defaults)


def rules() -> dict[str, AlertRule]:
    found = {rule.kind: rule for rule in AlertRule.objects.all()}
    if len(found) < len(RULES):
        ensure_rules()
        found = {rule.kind: rule for rule in AlertRule.objects.all()}
    return found


def enabled_rules() -> dict[str, AlertRule]:
    return {kind: rule for kind, rule in rules().items() if rule.enabled}


def money_threshold(rule: AlertRule, currency: str) -> int:
    """A money rule's threshold (whole units) in minor units of `currency`."""
    return (rule.threshold or 0) * minor_factor(currency)


# --- raising -----------------------------------------------------------------------------------


def raise_alert(
    kind: str,
    key: str,
    *,
    now: dt.datetime,
    facts: dict,
    table_id: int | None = None,
    player_id: int | None = None,
    other_player_id: int | None = None,
) -> Alert | None:
    """Record the occurrence `key` of `kind` unless it was raised already (then None); the pit
    hears of it after commit."""
    if Alert.objects.filter(dedupe_key=key).exists():
        return None
    try:
        with transaction.atomic():  # another process raising the same key meanwhile
            alert = Alert.objects.create(
                kind=kind,
                dedupe_key=key,
                raised_at=now,
                facts=facts,
                table_id=table_id,
                player_id=player_id,
                other_player_id=other_player_id,
            )
    except IntegrityError:
        return None
    transaction.on_commit(lambda: announce(alert.pk, alert.table_id))
    return alert


def raised_since(kind: str, since: dt.datetime, **match) -> bool:
    """Whether an alert of `kind` for the same table or players was raised since `since`: an
    occurrence of a rule that looks back over a window lasts that window."""
    return Alert.objects.filter(kind=kind, raised_at__gte=since, **match).exists()


def acknowledge(alert_id: int, staff: Player, now: dt.datetime | None = None) -> bool:
    """Mark the alert acknowledged by `staff`; False if it was already (a double click, another
    pit boss first): nothing changes then."""
    now = now or timezone.now()
    with transaction.atomic():
        done = Alert.objects.filter(pk=alert_id, acknowledged_at__isnull=True).update(
            acknowledged_by=staff, acknowledged_at=now
        )
        if done:
            table_id = Alert.objects.filter(pk=alert_id).values_list("table_id", flat=True).get()
            transaction.on_commit(lambda: announce_gone(alert_id, table_id))
    return bool(done)


# --- a change failed ---------------------------------------------------------------------------


def on_table_error(table_id: int, error: BaseException) -> None:
    """The actor's error listener: one alert per table version and kind of error (a clock that
    fails on every tick is one occurrence until the table moves on)."""
    connection = transaction.get_connection()
    if connection.in_atomic_block and connection.needs_rollback:
        log.error("floor: table %s failed inside a broken transaction: %r", table_id, error)
        return
    if AlertKind.ERROR not in enabled_rules():
        return
    table = Table.objects.filter(pk=table_id).only("pk", "name", "version").first()
    if table is None:
        return
    name = type(error).__name__
    with transaction.atomic():
        raise_alert(
            AlertKind.ERROR,
            f"error:{table_id}:v{table.version}:{name}"[:200],
            now=timezone.now(),
            table_id=table_id,
            facts={
                "table_name": table.name,
                "error": name,
                "detail": str(error)[:300],
                "version": table.version,
            },
        )
