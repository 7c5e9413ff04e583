"""A hand is over (``on_table_news``): each player's result read from the ledger once the table's
escrow scope stands empty (``scope_money``, ``hand_money``), then the rules a hand may trip: the
big win, the hour at one table, chip dumping (losses to one player) and the hands given up.

This runs after the table's transaction (``after_hands``, a ``tables.listeners`` listener after
the transaction, issue 49): the floor's reads and rows are no part of a table's action, so the
table's lock is held for its own rows alone. The hands that end at one table while its last
hands' floor work still runs are taken by that run (``after_hands``): one table's floor work at a
time, each hand once, in order, and a table's next action never waits for it."""

from __future__ import annotations

import datetime as dt
import logging
import threading
from collections import defaultdict

from django.db import transaction
from django.db.models import Count, Q, Sum
from django.utils import timezone

from casino.models import AccountKind, Entry, HousePurpose
from floor.alerts.raising import enabled_rules, money_threshold, raise_alert, raised_since
from floor.models import AlertKind, HandFlow, HandMoney
from tables.engines.registry import engine_for
from tables.listeners import TableNews
from tables.models import Hand, Table, TableEvent
from tables.payments import escrow_reference, transfer_keys

log = logging.getLogger(__name__)

HOUR = dt.timedelta(hours=1)
DUMPING_WINDOW = dt.timedelta(days=1)
# "losses to the same player": at least this many times as often as the other way round
DUMPING_RATIO = 4


# --- a hand is over ---------------------------------------------------------------------------

# the hands over per table not yet looked at, and the tables whose floor work a thread is running
_waiting: dict[int, list[TableNews]] = defaultdict(list)
_running: set[int] = set()
_waiting_lock = threading.Lock()


def ends_a_hand(news: TableNews) -> bool:
    """What ``after_hands`` looks at (``tables.listeners.subscribe_after``): a hand's end."""
    return news.hand_over


def after_hands(news: list[TableNews]) -> None:
    """The tables' listener after a transaction: the hands it ended, looked at now, or by the
    thread already looking at this table's (it takes them before it stops)."""
    hands = [item for item in news if item.hand_over]
    if not hands:
        return
    table_id = hands[0].table.pk
    with _waiting_lock:
        _waiting[table_id].extend(hands)
        if table_id in _running:
            return
        _running.add(table_id)
    try:
        while True:
            with _waiting_lock:
                batch = _waiting.pop(table_id, [])
                if not batch:
                    return
            with transaction.atomic():  # one commit for the hands taken together
                for item in batch:
                    on_table_news(item)
    finally:
        with _waiting_lock:
            _running.discard(table_id)


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
    win, and its opening no loss to the others). A scope that spans one hand settles with it.

    Read after the transaction that ended the hand, the transfers of the table's later versions
    (the next hand's antes into a scope carried on, booked in the same transaction or since) are
    not this hand's: a transfer's key names the version that booked it
    (``tables.payments.transfer_key``)."""
    base = escrow_reference(table, engine_for(table.game).escrow_key(table.state or {}))
    rows = (
        Entry.objects.filter(transfer__reference=base)
        .values(
            "transfer_id",
            "transfer__idempotency_key",
            "account__kind",
            "account__owner_id",
            "account__purpose",
        )
        .annotate(total=Sum("amount"))
        .order_by("transfer_id")
    )
    transfers: dict[int, list[dict]] = defaultdict(list)
    for row in rows:
        if _booked_version(row["transfer__idempotency_key"]) <= table.version:
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


def _booked_version(key: str) -> int:
    """The table version a transfer's key names ("table:<id>:v<version>:<kind>")."""
    return int(key.split(":")[2].removeprefix("v"))


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
