"""The due jobs: seats away and idle tables holding escrow (``floor_checks``) and the books check
(``books_job``)."""

from __future__ import annotations

import datetime as dt
import hashlib
import time

from django.conf import settings
from django.db import transaction
from django.db.models import OuterRef, Subquery
from django.utils import timezone

from casino.books import books_check
from casino.models import Account, AccountKind
from floor.alerts.raising import enabled_rules, raise_alert
from floor.models import Alert, AlertKind, AlertRule
from tables.engines.registry import engine_for
from tables.models import Hand, Seat, Table, TableEvent
from tables.payments import escrow_prefix

FLOOR_CHECK_SECONDS = settings.FLOOR_CHECK_SECONDS  # the due job's pace: seats away, idle tables
BOOKS_JOB_SECONDS = 60.0  # how often the books job looks whether its rule's interval is up
MAX_PROBLEMS_KEPT = 10


# --- the due jobs ------------------------------------------------------------------------------


def escrow_by_table() -> dict[int, dict[str, int]]:
    """{table id: {currency: money in its open escrow accounts}}, tables holding any."""
    held: dict[int, dict[str, int]] = {}
    accounts = Account.objects.filter(
        kind=AccountKind.ESCROW,
        closed_at__isnull=True,
        balance__gt=0,
        reference__startswith=escrow_prefix(),
    ).values_list("reference", "balance", "currency")
    for reference, balance, currency in accounts:
        table_id = reference[len(escrow_prefix()) :].partition(":")[0]
        if table_id.isdigit():
            per_currency = held.setdefault(int(table_id), {})
            per_currency[currency] = per_currency.get(currency, 0) + balance
    return held


def floor_checks(now: dt.datetime | None = None) -> int:
    """The due job: seats away and idle tables, where money is in escrow. Returns how many
    alerts it raised."""
    now = now or timezone.now()
    active = enabled_rules()
    if AlertKind.AWAY not in active and AlertKind.IDLE not in active:
        return 0
    held = escrow_by_table()
    if not held:
        return 0
    raised = 0
    with transaction.atomic():
        if AlertKind.IDLE in active:
            raised += _idle_tables(held, active[AlertKind.IDLE], now)
        if AlertKind.AWAY in active:
            raised += _seats_away(held, active[AlertKind.AWAY], now)
    return raised


def _escrow_facts(money: dict[str, int]) -> list[list]:
    return [[currency, amount] for currency, amount in sorted(money.items())]


def seats_in_play(table: Table) -> dict[int, int]:
    """{seat: the money of his in the table's pots}, seats with any: the actor's count, pot by
    pot, of whose money each pot holds (``tables.actor.count_seat_stakes``): a player's bank,
    and the bets it won, are his, never the money of the player beside him."""
    if not engine_for(table.game).in_play(table.state):
        return {}
    stakes = (table.state or {}).get("seat_stakes") or {}
    return {int(seat): amount for seat, amount in stakes.items() if amount > 0}


def _whose(table: Table, in_play: dict[int, int]) -> list[list]:
    """[[player's shown name, amount], ...] of the seats with money in play, in seat order."""
    seats = {s.position: s for s in Seat.objects.filter(table=table).select_related("player")}
    return [
        [seats[position].player.shown_name if position in seats else "—", amount]
        for position, amount in sorted(in_play.items())
    ]


def _idle_tables(held, rule: AlertRule, now: dt.datetime) -> int:
    since = now - dt.timedelta(minutes=rule.threshold or 0)
    last_event = TableEvent.objects.filter(table=OuterRef("pk")).order_by("-version")
    tables = Table.objects.filter(pk__in=held).annotate(
        last_action=Subquery(last_event.values("created_at")[:1])
    )
    raised = 0
    for table in tables.only("pk", "name", "version", "created_at", "game", "state", "currency"):
        last = table.last_action or table.created_at
        if last > since:
            continue
        alert = raise_alert(
            AlertKind.IDLE,
            f"idle:{table.pk}:v{table.version}",
            now=now,
            table_id=table.pk,
            facts={
                "table_name": table.name,
                "since": last.isoformat(),
                "escrow": _escrow_facts(held[table.pk]),
                "currency": table.currency,
                "whose": _whose(table, seats_in_play(table)),
                "threshold": rule.threshold,
            },
        )
        raised += alert is not None
    return raised


def _seats_away(held, rule: AlertRule, now: dt.datetime) -> int:
    """A seat away past the threshold whose player was dealt into the hand in play (the
    engine says one is), at a table holding escrow."""
    since = now - dt.timedelta(minutes=rule.threshold or 0)
    seats = Seat.objects.filter(table_id__in=held, away_since__lte=since).select_related("table")
    raised = 0
    for seat in seats:
        table = seat.table
        state = table.state or {}
        if not engine_for(table.game).in_play(state) or state.get("hand_id") is None:
            continue
        players = Hand.objects.filter(pk=state["hand_id"]).values_list("players", flat=True).first()
        if (players or {}).get(str(seat.position)) != seat.player_id:
            continue
        if _spell_alerted_already(seat):
            continue
        in_play = seats_in_play(table)
        alert = raise_alert(
            AlertKind.AWAY,
            f"away:{table.pk}:{seat.player_id}:{seat.away_since.timestamp():.6f}",  # a spell each
            now=now,
            table_id=table.pk,
            player_id=seat.player_id,
            facts={
                "table_name": table.name,
                "since": seat.away_since.isoformat(),
                "seat": seat.position,
                "version": table.version,
                "escrow": _escrow_facts(held[table.pk]),
                # the absent player's own money, and whose the rest is (issue 45)
                "currency": table.currency,
                "own": in_play.get(seat.position, 0),
                "whose": _whose(table, {p: a for p, a in in_play.items() if p != seat.position}),
                "threshold": rule.threshold,
            },
        )
        raised += alert is not None
    return raised


# the table acts after which a seat is someone's new (sitting down, seated by staff), and the
# presence changes that may log the player back
SEATED_BY = ("sit", "assign")
MAY_BRING_BACK = ("connect", "seen", "back")


def _spell_alerted_already(seat: Seat) -> bool:
    """Whether the seat's spell away was alerted already. A resume moves ``away_since`` on by
    the time paused (it does not count against the player), so the time alone cannot say which
    spell it is; the table's log can: the spell alerted at a version lasts until the player is
    logged back (or someone sits down in his place)."""
    last = (
        Alert.objects.filter(kind=AlertKind.AWAY, table_id=seat.table_id, player_id=seat.player_id)
        .order_by("-pk")
        .values_list("facts", flat=True)
        .first()
    )
    if last is None or "version" not in last:
        return False
    since = TableEvent.objects.filter(
        table_id=seat.table_id,
        player_id=seat.player_id,
        version__gt=last["version"],
        action__type__in=SEATED_BY + MAY_BRING_BACK,
    ).values_list("action", "events")
    return not any(
        action.get("type") in SEATED_BY or any(event.get("type") == "back" for event in events)
        for action, events in since.iterator()
    )


_books_last_run: list[float] = []  # this process's pace only: the occurrence is in the database


def books_job(now: dt.datetime | None = None, *, force: bool = False) -> int:
    """Run the books check when the rule's interval is up; a failing check raises one alert
    per set of problems found (the same problems found again are the same occurrence)."""
    rule = enabled_rules().get(AlertKind.BOOKS)
    if rule is None:
        return 0
    moment = time.monotonic()
    interval = (rule.threshold or 0) * 60
    if not force and _books_last_run and moment - _books_last_run[-1] < interval:
        return 0
    _books_last_run[:] = [moment]
    report = books_check()
    if report.clean:
        return 0
    problems = sorted(report.problems)
    digest = hashlib.sha256("\n".join(problems).encode()).hexdigest()[:40]
    with transaction.atomic():
        alert = raise_alert(
            AlertKind.BOOKS,
            f"books:{digest}",
            now=now or timezone.now(),
            facts={"count": len(problems), "problems": problems[:MAX_PROBLEMS_KEPT]},
        )
    return int(alert is not None)
