"""Alerts a person can act on (issue 17, part 4): the rules, their evaluation, and the floor's
live list.

Three ways in, none naming a game:
- a hand is over (``on_table_news``, a listener of ``tables.listeners``, in the actor's
  transaction): once the table's escrow scope holds no money (a scope that spans hands, a
  player's bank or a carried bank, only when it is paid out: ``scope_money``), each player's
  result is read from the ledger's transfers of the scope since it last stood empty and kept
  (``HandMoney``; who lost to whom, ``HandFlow``, where no house bank took part); then the big
  win, the hour at one table, the chip-dumping rules and the hands given up (the engine's
  ``folded_hands``);
- a change to a table failed unexpectedly (``on_table_error``, told by the actor after the
  rollback);
- the due jobs (``floor_checks``: seats away and idle tables holding escrow; ``books_job``).

An alert is raised once per occurrence: its ``dedupe_key`` is unique and names the occurrence
(the hand, the pair and the hand that tipped it, the table's version, the away spell...), and an
acknowledged alert keeps its key, so the same occurrence is never raised again. After the
transaction that raised it commits, the pit group gets the new item of the floor's open list and
the table tile's badge (``pit.html`` frames, in every language).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import logging
import time
from collections import defaultdict

from channels.layers import get_channel_layer
from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Count, OuterRef, Q, Subquery, Sum
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.formats import date_format
from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from casino.books import books_check
from casino.currencies import format_amount, minor_factor
from casino.models import Account, AccountKind, Entry, HousePurpose, Player
from casino.realtime import group_send_all, has_listeners
from casino.templatetags.money import money_html
from floor.models import RULES, Alert, AlertKind, AlertRule, HandFlow, HandMoney
from tables.engines.registry import engine_for
from tables.listeners import TableNews
from tables.models import Hand, Seat, Table, TableEvent
from tables.outbox import PIT_GROUP
from tables.payments import escrow_prefix, escrow_reference, transfer_keys

log = logging.getLogger(__name__)

HOUR = dt.timedelta(hours=1)
DUMPING_WINDOW = dt.timedelta(days=1)
# "losses to the same player": at least this many times as often as the other way round
DUMPING_RATIO = 4
FLOOR_CHECK_SECONDS = settings.FLOOR_CHECK_SECONDS  # the due job's pace: seats away, idle tables
BOOKS_JOB_SECONDS = 60.0  # how often the books job looks whether its rule's interval is up
MAX_PROBLEMS_KEPT = 10
OPEN_SHOWN = 200  # the floor's open list, newest first


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


# --- a hand is over ---------------------------------------------------------------------------


def on_table_news(news: TableNews) -> None:
    """The tables' listener: evaluate the hand rules when a hand is over. In a savepoint and
    never raising: a failing alert must not refuse the game's change (it is logged)."""
    if not news.hand_over:
        return
    try:
        with transaction.atomic():
            hand_over(news.table)
    except Exception:
        log.exception("floor: the alerts of a hand at table %s failed", news.table.pk)


def hand_money(table_id: int, versions) -> tuple[dict[int, int], bool]:
    """({player id: what the versions' transfers added to or took from his wallet}, whether
    the table's house bank took part)."""
    rows = (
        Entry.objects.filter(transfer__idempotency_key__in=transfer_keys(table_id, versions))
        .values("account__kind", "account__owner_id", "account__purpose")
        .annotate(total=Sum("amount"))
    )
    return _nets(rows)


def _nets(rows) -> tuple[dict[int, int], bool]:
    nets: dict[int, int] = defaultdict(int)
    house_bank = False
    for row in rows:
        if row["account__kind"] == AccountKind.WALLET:
            nets[row["account__owner_id"]] += row["total"]
        elif row["account__kind"] == AccountKind.HOUSE:
            house_bank = house_bank or row["account__purpose"] == HousePurpose.TABLE
    return {player: net for player, net in nets.items() if net}, house_bank


def scope_money(table: Table) -> tuple[dict[int, int], bool] | None:
    """Each player's result of the money the table's escrow scope held, once it holds none:
    what the transfers since the scope last stood empty added to or took from his wallet, and
    whether the house bank took part; None while the scope still holds the players' money.

    A player's result is known only when the money held for him is paid out: a bank held from
    coup to coup (baccarat's, CG §4–§17), a Khrap bank carried from deal to deal, are still his,
    not won or lost, until they come back or are lost (so a bank returned to its holder is no
    win, and its opening no loss to the others). A scope that spans one hand settles with it."""
    base = escrow_reference(table, engine_for(table.game).escrow_key(table.state or {}))
    rows = (
        Entry.objects.filter(transfer__reference=base)
        .values("transfer_id", "account__kind", "account__owner_id", "account__purpose")
        .annotate(total=Sum("amount"))
        .order_by("transfer_id")
    )
    transfers: dict[int, list[dict]] = defaultdict(list)
    for row in rows:
        transfers[row["transfer_id"]].append(row)
    held, since = 0, 0
    ordered = sorted(transfers)
    for n, transfer_id in enumerate(ordered):
        held += sum(
            r["total"] for r in transfers[transfer_id] if r["account__kind"] == AccountKind.ESCROW
        )
        if held == 0 and n < len(ordered) - 1:
            since = n + 1  # the scope stood empty here: what came before was settled then
    if held:
        return None
    return _nets(row for transfer_id in ordered[since:] for row in transfers[transfer_id])


def losses_shared(nets: dict[int, int]) -> list[tuple[int, int, int]]:
    """(loser, winner, amount): each loss shared among the winners in proportion to what each
    won, rounded down."""
    won = {player: net for player, net in nets.items() if net > 0}
    total = sum(won.values())
    flows = []
    for loser, net in sorted(nets.items()):
        if net >= 0:
            continue
        for winner, gain in sorted(won.items()):
            amount = -net * gain // total
            if amount:
                flows.append((loser, winner, amount))
    return flows


def hand_over(table: Table) -> None:
    hand_id = (table.state or {}).get("hand_id")
    if hand_id is None:
        return
    # the hand ending is the table's last (the next one is dealt after the listeners)
    hand = Hand(pk=hand_id, table_id=table.pk, number=table.hand_number)
    now = timezone.now()
    hand_facts = {"table_name": table.name, "hand": hand.number, "currency": table.currency}
    settled = scope_money(table)
    if settled is None:
        # the players' money is still held for them (a bank carried on): no result yet, but
        # a hand given up is this hand's, where the house bank took no part in it
        versions = set(
            TableEvent.objects.filter(table_id=table.pk, hand_id=hand_id).values_list(
                "version", flat=True
            )
        )
        versions.add(table.version)  # this change's event is stored when the change is
        _nets, house_bank = hand_money(table.pk, versions)
        if not house_bank:
            _strong_folds((table, hand, hand_facts, now, enabled_rules()))
        return
    nets, house_bank = settled
    between_players = not house_bank and any(n > 0 for n in nets.values()) and len(nets) > 1
    HandMoney.objects.bulk_create(
        [
            HandMoney(
                table_id=table.pk,
                hand_id=hand_id,
                player_id=player_id,
                net=net,
                currency=table.currency,
                between_players=between_players,
                ended_at=now,
            )
            for player_id, net in nets.items()
        ],
        ignore_conflicts=True,
    )
    flows = losses_shared(nets) if between_players else []
    HandFlow.objects.bulk_create(
        [
            HandFlow(
                table_id=table.pk,
                hand_id=hand_id,
                loser_id=loser,
                winner_id=winner,
                amount=amount,
                currency=table.currency,
                ended_at=now,
            )
            for loser, winner, amount in flows
        ]
    )
    active = enabled_rules()
    context = (table, hand, hand_facts, now, active)
    _big_wins(context, nets)
    _table_hour(context, nets)
    if flows:
        _losses_to_one(context, flows)
        _big_losses_to_one(context, flows)
    if between_players:
        _strong_folds(context)


def _big_wins(context, nets: dict[int, int]) -> None:
    table, hand, facts, now, active = context
    rule = active.get(AlertKind.BIG_WIN)
    if rule is None:
        return
    limit = money_threshold(rule, table.currency)
    for player_id, net in nets.items():
        if net > limit:
            raise_alert(
                AlertKind.BIG_WIN,
                f"big_win:{hand.pk}:{player_id}",
                now=now,
                table_id=table.pk,
                player_id=player_id,
                facts={**facts, "amount": net, "threshold": limit},
            )


def _table_hour(context, nets: dict[int, int]) -> None:
    """A player's net at the table over the hands ended in the last hour; one occurrence lasts
    the hour."""
    table, hand, facts, now, active = context
    rule = active.get(AlertKind.TABLE_HOUR)
    if rule is None:
        return
    limit = money_threshold(rule, table.currency)
    # a player who lost this hand is no further over the limit than after his last hand
    winners = [player_id for player_id, net in nets.items() if net > 0]
    if not winners:
        return
    totals = (
        HandMoney.objects.filter(table_id=table.pk, player_id__in=winners, ended_at__gt=now - HOUR)
        .values("player_id")
        .annotate(total=Sum("net"))
        .values_list("player_id", "total")
    )
    for player_id, total in totals:
        if total <= limit:
            continue
        if raised_since(AlertKind.TABLE_HOUR, now - HOUR, table_id=table.pk, player_id=player_id):
            continue
        raise_alert(
            AlertKind.TABLE_HOUR,
            f"table_hour:{table.pk}:{player_id}:{hand.pk}",
            now=now,
            table_id=table.pk,
            player_id=player_id,
            facts={**facts, "amount": total, "threshold": limit},
        )


def _pair_window(loser: int, winner: int, since: dt.datetime):
    return HandFlow.objects.filter(loser_id=loser, winner_id=winner, ended_at__gt=since)


def _losses_to_one(context, flows) -> None:
    """At every table between players: a player's losses went to the same player in at least
    the threshold's hands within the window, at least DUMPING_RATIO times as often as the other
    way round."""
    table, hand, facts, now, active = context
    rule = active.get(AlertKind.LOSSES_TO_ONE)
    if rule is None or not rule.threshold:
        return
    since = now - DUMPING_WINDOW
    for loser, winner, _amount in flows:
        both_ways = (
            HandFlow.objects.filter(
                Q(loser_id=loser, winner_id=winner) | Q(loser_id=winner, winner_id=loser),
                ended_at__gt=since,
            )
            .values("loser_id")
            .annotate(hands=Count("hand", distinct=True))
            .values_list("loser_id", "hands")
        )
        hands = dict(both_ways)
        count, back = hands.get(loser, 0), hands.get(winner, 0)
        if count < rule.threshold or back * DUMPING_RATIO > count:
            continue
        _raise_pair(
            AlertKind.LOSSES_TO_ONE,
            context,
            loser,
            winner,
            {**facts, "count": count, "back": back, "threshold": rule.threshold},
        )


def _big_losses_to_one(context, flows) -> None:
    table, hand, facts, now, active = context
    rule = active.get(AlertKind.BIG_LOSSES_TO_ONE)
    if rule is None or not rule.times:
        return
    limit = money_threshold(rule, table.currency)
    since = now - DUMPING_WINDOW
    for loser, winner, amount in flows:
        if amount <= limit:
            continue
        big = _pair_window(loser, winner, since).filter(amount__gt=limit, currency=table.currency)
        count = big.values("hand").distinct().count()
        if count < rule.times:
            continue
        total = big.aggregate(total=Sum("amount"))["total"]
        _raise_pair(
            AlertKind.BIG_LOSSES_TO_ONE,
            context,
            loser,
            winner,
            {**facts, "count": count, "amount": total, "threshold": limit},
        )


def _raise_pair(kind: str, context, loser: int, winner: int, facts: dict) -> None:
    """A pair's occurrence lasts the dumping window: raised once in it, at the hand that tipped
    it."""
    table, hand, _facts, now, _active = context
    if raised_since(kind, now - DUMPING_WINDOW, player_id=loser, other_player_id=winner):
        return
    raise_alert(
        kind,
        f"{kind}:{loser}:{winner}:{hand.pk}",
        now=now,
        table_id=table.pk,
        player_id=loser,
        other_player_id=winner,
        facts=facts,
    )


def _strong_folds(context) -> None:
    table, hand, facts, now, active = context
    rule = active.get(AlertKind.STRONG_FOLD)
    if rule is None or rule.threshold is None:
        return
    strong = [
        folded
        for folded in engine_for(table.game).folded_hands(table.state)
        if folded["beats"] >= rule.threshold
    ]
    if not strong:
        return
    players = Hand.objects.filter(pk=hand.pk).values_list("players", flat=True).get()
    for folded in strong:
        player_id = players.get(str(folded["seat"]))
        raise_alert(
            AlertKind.STRONG_FOLD,
            f"strong_fold:{hand.pk}:{folded['seat']}",
            now=now,
            table_id=table.pk,
            player_id=player_id,
            facts={**facts, "cards": folded["cards"], "beats": folded["beats"]},
        )


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


# --- what the floor shows ------------------------------------------------------------------------


def _money(amount: int | None, currency: str) -> str:
    """An amount as the pages show it (the money filter's span, never wrapped)."""
    return money_html(format_amount(amount or 0, currency)) if currency else str(amount)


def _when(iso: str | None) -> str:
    if not iso:
        return ""
    return date_format(timezone.localtime(dt.datetime.fromisoformat(iso)), "DATETIME_FORMAT")


def message(alert: Alert) -> str:
    """What the alert found, in plain words of the active language, as safe HTML: every name
    and detail escaped, every amount the money filter's nowrap span."""
    return mark_safe(_message(alert))  # noqa: S308 - every value put in is escaped


def _message(alert: Alert) -> str:
    facts = alert.facts
    currency = facts.get("currency", "")
    words = {
        "player": escape(alert.player.shown_name) if alert.player_id else "—",
        "other": escape(alert.other_player.shown_name) if alert.other_player_id else "—",
        "hand": facts.get("hand"),
        "amount": _money(facts.get("amount"), currency),
        "threshold": _money(facts.get("threshold"), currency),
        "count": facts.get("count"),
        "back": facts.get("back"),
    }
    kind = alert.kind
    if kind == AlertKind.BIG_WIN:
        return _("%(player)s won %(amount)s in hand %(hand)s (the limit is %(threshold)s).") % words
    if kind == AlertKind.TABLE_HOUR:
        return (
            _(
                "%(player)s won %(amount)s at this table within an hour (the limit is "
                "%(threshold)s)."
            )
            % words
        )
    if kind == AlertKind.LOSSES_TO_ONE:
        return (
            _(
                "%(player)s lost to %(other)s in %(count)s hands within a day, %(other)s to "
                "%(player)s in %(back)s."
            )
            % words
        )
    if kind == AlertKind.BIG_LOSSES_TO_ONE:
        return (
            _(
                "%(player)s lost more than %(threshold)s to %(other)s in %(count)s hands within "
                "a day, %(amount)s in all."
            )
            % words
        )
    if kind == AlertKind.STRONG_FOLD:
        return _(
            "%(player)s gave up %(cards)s in hand %(hand)s, a hand stronger than %(beats)s%% "
            "of all."
        ) % {
            **words,
            "cards": escape(" ".join(facts.get("cards", []))),
            "beats": facts.get("beats"),
        }
    if kind == AlertKind.AWAY:
        return _away_message(facts, words)
    if kind == AlertKind.IDLE:
        text = _("Nothing has happened since %(since)s; %(escrow)s is held in escrow.") % {
            "since": _when(facts.get("since")),
            "escrow": _escrow_words(facts),
        }
        if facts.get("whose"):
            text += " " + _("Whose: %(whose)s.") % {"whose": _whose_words(facts)}
        return text
    if kind == AlertKind.ERROR:
        return _("%(error)s at version %(version)s: %(detail)s") % {
            "error": escape(facts.get("error")),
            "version": facts.get("version"),
            "detail": escape(facts.get("detail") or "—"),
        }
    problems = facts.get("problems") or []
    return _("%(count)s problem(s): %(first)s") % {
        "count": facts.get("count"),
        "first": escape(problems[0]) if problems else "—",
    }


def _away_message(facts: dict, words: dict) -> str:
    """The absent player named with his own money in play, never another's (a bank held by the
    player beside him is that player's, and said so)."""
    since = _when(facts.get("since"))
    if "own" not in facts:  # raised before issue 45: the table's escrow alone
        return _("%(player)s has been away since %(since)s with %(escrow)s in play.") % {
            **words,
            "since": since,
            "escrow": _escrow_words(facts),
        }
    if facts["own"]:
        text = _("%(player)s has been away since %(since)s with %(own)s of their own in play.") % {
            **words,
            "since": since,
            "own": _money(facts["own"], facts.get("currency", "")),
        }
    else:
        text = _("%(player)s has been away since %(since)s with nothing of their own in play.") % {
            **words,
            "since": since,
        }
    if facts.get("whose"):
        text += " " + _("Also in play: %(whose)s.") % {"whose": _whose_words(facts)}
    return text


def _whose_words(facts: dict) -> str:
    currency = facts.get("currency", "")
    return ", ".join(
        f"{escape(name)} {_money(amount, currency)}" for name, amount in facts.get("whose") or []
    )


def _escrow_words(facts: dict) -> str:
    held = facts.get("escrow", [])
    return ", ".join(_money(amount, currency) for currency, amount in held)


def alert_row(alert: Alert) -> dict:
    return {
        "id": alert.pk,
        "kind": alert.kind,
        "kind_label": alert.get_kind_display(),
        "message": message(alert),
        "table_id": alert.table_id,
        "table_name": alert.facts.get("table_name", ""),
        "raised_at": alert.raised_at,
        "acknowledged_by": (alert.acknowledged_by.shown_name if alert.acknowledged_by_id else None),
        "acknowledged_at": alert.acknowledged_at,
        "open": alert.acknowledged_at is None,
    }


def _rows(alerts) -> list[dict]:
    return [
        alert_row(a) for a in alerts.select_related("player", "other_player", "acknowledged_by")
    ]


def open_alerts(limit: int = OPEN_SHOWN) -> list[dict]:
    """The open alerts for the floor page, newest first."""
    return _rows(Alert.objects.filter(acknowledged_at__isnull=True)[:limit])


def acknowledged_alerts(limit: int = 100) -> list[dict]:
    done = Alert.objects.filter(acknowledged_at__isnull=False).order_by("-acknowledged_at")
    return _rows(done[:limit])


def open_alert_counts() -> dict[int, int]:
    """{table id: its open alerts}, tables with any."""
    rows = (
        Alert.objects.filter(acknowledged_at__isnull=True, table__isnull=False)
        .values("table_id")
        .annotate(count=Count("pk"))
    )
    return {row["table_id"]: row["count"] for row in rows}


def _open_count(table_id: int | None) -> int:
    if table_id is None:
        return 0
    return Alert.objects.filter(acknowledged_at__isnull=True, table_id=table_id).count()


def _in_every_language(template: str, context: dict) -> dict[str, str]:
    html = {}
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            html[code] = render_to_string(template, context)
    return html


def _send_to_pit(html: dict[str, str]) -> None:
    group_send_all([(PIT_GROUP, {"type": "pit.html", "html": html})])


def announce(alert_id: int, table_id: int | None) -> None:
    """After commit: the alert added to the floor's open list, its table's badge updated."""
    if not has_listeners(get_channel_layer(), PIT_GROUP):
        return
    alert = Alert.objects.filter(pk=alert_id).select_related("player", "other_player").first()
    if alert is None:
        return
    context = {"a": None, "table_id": table_id, "count": _open_count(table_id)}
    html = {}
    for code, _name in settings.LANGUAGES:
        with translation.override(code):  # the message is written in each language
            html[code] = render_to_string(
                "floor/_alert_raised.html", {**context, "a": alert_row(alert)}
            )
    _send_to_pit(html)


def announce_gone(alert_id: int, table_id: int | None) -> None:
    """After an acknowledgement commits: the alert leaves the open list, the badge updated."""
    if not has_listeners(get_channel_layer(), PIT_GROUP):
        return
    _send_to_pit(
        _in_every_language(
            "floor/_alert_gone.html",
            {"alert_id": alert_id, "table_id": table_id, "count": _open_count(table_id)},
        )
    )
