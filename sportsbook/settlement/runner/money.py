"""A chunk's money and rows (step 3): the wallets locked, the debts repaid, the one ledger
transfer, the bets' new status and payout, and one BetSettlement row per bet."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field

from django.db import connection

from casino import ledger
from casino.models import Account, AccountKind, Player
from sportsbook.betting.services import (
    book_account,
    receivable_account,
    stakes_held_account,
)
from sportsbook.models import (
    BetSettlement,
    SettlementRun,
)


@dataclass
class _Chunk:
    """A chunk's bets read and graded: what changes, ready to be booked and written. The changed
    bets are kept as columns (one list per field, not an object per bet): the bets' UPDATE and
    the BetSettlement rows are written from the same lists."""

    key: int  # the chunk's first bet id: part of its transfer's idempotency key
    money: _ChunkMoney
    ids: list[int] = field(default_factory=list)
    statuses: list[str] = field(default_factory=list)
    payouts: list[int] = field(default_factory=list)
    previous: list[int | None] = field(default_factory=list)


def _pg_array(values) -> str:
    """A PostgreSQL array literal ("{1,2,NULL}") of integers, None or plain codes, sent as one
    text parameter and cast in SQL: the driver then has one string to pass, not a Python list
    to walk element by element (which cost more than the statement itself for 10,000 bets)."""
    return "{" + ",".join(["NULL" if v is None else str(v) for v in values]) + "}"


def _pg_list(values: list) -> str:
    """As `_pg_array`, for integers or codes only (the common case, without the None test)."""
    return "{" + ",".join(map(str, values)) + "}"


def _record_settlements(run: SettlementRun, chunk: _Chunk) -> None:
    """One BetSettlement row per changed bet: its payout, previous payout and status."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(
                "INSERT INTO sportsbook_betsettlement (run_id, bet_id, payout, previous_payout, "
                "status) SELECT %s, * FROM unnest(%s::bigint[], %s::bigint[], %s::bigint[], "
                "%s::varchar[])",
                [
                    run.pk,
                    _pg_list(chunk.ids),
                    _pg_list(chunk.payouts),
                    _pg_array(chunk.previous),
                    _pg_list(chunk.statuses),
                ],
            )
        return
    BetSettlement.objects.bulk_create(
        [
            BetSettlement(
                run=run, bet_id=bet_id, payout=payout, previous_payout=before, status=status
            )
            for bet_id, payout, before, status in zip(
                chunk.ids, chunk.payouts, chunk.previous, chunk.statuses, strict=True
            )
        ]
    )


class _ChunkMoney:
    """What a chunk of bets moves, per currency: wallets (net per player), stakes-held, book."""

    def __init__(self):
        self.wallets: dict[tuple[int, str], int] = defaultdict(int)
        self.held: dict[str, int] = defaultdict(int)
        self.book_result: dict[str, int] = defaultdict(int)
        self.taken_back: dict[tuple[int, str], list[tuple[int, int]]] = defaultdict(list)

    def add(
        self,
        bet_id: int,
        player_id: int,
        currency: str,
        stake: int,
        payout: int,
        previous: int | None,
    ) -> None:
        """A bet's payout goes from `previous` (None: never settled) to `payout`."""
        change = payout - (previous or 0)
        self.wallets[(player_id, currency)] += change
        if previous is None:  # first settlement: the stake leaves stakes-held
            self.held[currency] -= stake
            self.book_result[currency] += stake - payout
        else:
            self.book_result[currency] -= change
            if change < 0:
                self.taken_back[(player_id, currency)].append((bet_id, -change))

    def book(
        self,
        *,
        key: Callable[[str], str],
        kind: str,
        memo: str,
        reference: str,
        created_by: Player | None = None,
    ) -> dict[int, int]:
        """Book one transfer per currency (idempotency key `key(currency)`). A correction takes
        back what a wallet still holds; what it no longer holds is booked to
        `sportsbook/receivable` and owed on the bets (E33). Returns bet id -> amount owed."""
        wallets = _wallets(self.wallets)
        balances = _lock_wallets(sorted(a.pk for a in wallets.values()))
        debts = _debts_owed([key for key, amount in self.wallets.items() if amount > 0])
        owed: dict[int, int] = {}
        repaid: dict[int, int] = {}
        for currency in sorted(
            set(self.held) | set(self.book_result) | {c for _p, c in self.wallets}
        ):
            legs, receivable = [], 0
            owed_here: dict[int, int] = {}
            repaid_here: dict[int, int] = {}
            for (player_id, wallet_currency), amount in sorted(self.wallets.items()):
                if wallet_currency != currency or not amount:
                    continue
                wallet = wallets[(player_id, currency)]
                shortfall = max(0, -amount - balances[wallet.pk])
                if shortfall:
                    receivable += shortfall
                    owed_here.update(_spread(self.taken_back[(player_id, currency)], shortfall))
                # E33: what an earlier correction left owing is repaid first from a credit
                repayment = _spread(debts.get((player_id, currency), []), max(0, amount))
                receivable -= sum(repayment.values())
                repaid_here.update(repayment)
                credited = amount + shortfall - sum(repayment.values())
                if credited:
                    legs.append((wallet, credited))
            if receivable:
                legs.append((receivable_account(currency), -receivable))
            if self.held.get(currency):
                legs.append((stakes_held_account(currency), self.held[currency]))
            if self.book_result.get(currency):
                legs.append((book_account(currency), self.book_result[currency]))
            if not legs:
                continue
            booked = ledger.transfer_create(
                idempotency_key=key(currency),
                kind=kind,
                legs=legs,
                memo=memo,
                reference=reference,
                created_by=created_by,
            )
            if booked.created:  # a transfer found by its key changed the debts already
                owed.update(owed_here)
                repaid.update(repaid_here)
        _repay_debts(repaid)
        return owed


def _lock_wallets(ids: list[int]) -> dict[int, int]:
    """Lock the chunk's wallets in ascending id order (the ledger's one lock order) and read
    their balances, in one statement (not a model instance per wallet)."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(
                "SELECT id, balance FROM casino_account WHERE id = ANY(%s) ORDER BY id FOR UPDATE",
                [ids],
            )
        else:  # SQLite: the IMMEDIATE transaction holds the database's one write lock
            marks = ", ".join(["%s"] * len(ids))
            cursor.execute(f"SELECT id, balance FROM casino_account WHERE id IN ({marks})", ids)
        return dict(cursor.fetchall())


def _debts_owed(keys: list[tuple[int, str]]) -> dict[tuple[int, str], list[tuple[int, int]]]:
    """(player, currency) -> [(bet id, debt)], oldest bet first, for the players of `keys` who
    owe on any bet (E33); read through the partial index of bets with a debt."""
    if not keys:
        return {}
    wanted = set(keys)
    players = sorted({player_id for player_id, _currency in wanted})
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(
                "SELECT player_id, currency, id, debt FROM sportsbook_bet "
                "WHERE debt > 0 AND player_id = ANY(%s::bigint[]) ORDER BY id",
                [_pg_list(players)],
            )
        else:
            marks = ", ".join(["%s"] * len(players))
            cursor.execute(
                "SELECT player_id, currency, id, debt FROM sportsbook_bet "
                f"WHERE debt > 0 AND player_id IN ({marks}) ORDER BY id",
                players,
            )
        debts: dict[tuple[int, str], list[tuple[int, int]]] = defaultdict(list)
        for player_id, currency, bet_id, debt in cursor.fetchall():
            if (player_id, currency) in wanted:
                debts[(player_id, currency)].append((bet_id, debt))
    return debts


def _repay_debts(repaid: dict[int, int]) -> None:
    """Lower the debts the credits of this transfer repaid (the settlement lock is held, so
    nobody else changes them meanwhile)."""
    with connection.cursor() as cursor:
        for bet_id, amount in sorted(repaid.items()):
            cursor.execute(
                "UPDATE sportsbook_bet SET debt = debt - %s WHERE id = %s AND debt >= %s",
                [amount, bet_id, amount],
            )
            if cursor.rowcount != 1:
                raise RuntimeError(f"bet {bet_id} no longer owes {amount}")


def _spread(taken_back: list[tuple[int, int]], shortfall: int) -> dict[int, int]:
    """Owe the shortfall on the bets whose payouts were cut, first bets first."""
    owed = {}
    for bet_id, amount in taken_back:
        part = min(amount, shortfall)
        if part:
            owed[bet_id] = part
            shortfall -= part
    return owed


def _wallets(keys) -> dict[tuple[int, str], Account]:
    wallets = {
        (a.owner_id, a.currency): a
        for a in Account.objects.filter(
            kind=AccountKind.WALLET,
            owner_id__in={p for p, _c in keys},
            currency__in={c for _p, c in keys},
        )
    }
    for player_id, currency in keys:
        if (player_id, currency) not in wallets:
            wallets[(player_id, currency)] = ledger.wallet_for(Player(pk=player_id), currency)
    return wallets


def _write_bets(
    ids: list[int],
    statuses: list[str],
    payouts: list[int],
    debts: list[int] | None,
    now: dt.datetime,
) -> None:
    """The bets' new status and payout; `debts`: what each now owes besides (E33), None for
    nothing owed."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            # One statement per chunk, its values as arrays sent as text literals: a short
            # query text and four string parameters.
            if debts is None:
                cursor.execute(
                    "UPDATE sportsbook_bet SET status = v.status, payout = v.payout, "
                    "settled_at = %s FROM unnest(%s::bigint[], %s::varchar[], %s::bigint[]) "
                    "AS v(k, status, payout) WHERE sportsbook_bet.id = v.k",
                    [now, _pg_list(ids), _pg_list(statuses), _pg_list(payouts)],
                )
                return
            cursor.execute(
                "UPDATE sportsbook_bet SET status = v.status, payout = v.payout, "
                "debt = sportsbook_bet.debt + v.debt, settled_at = %s "
                "FROM unnest(%s::bigint[], %s::varchar[], %s::bigint[], %s::bigint[]) "
                "AS v(k, status, payout, debt) WHERE sportsbook_bet.id = v.k",
                [now, _pg_list(ids), _pg_list(statuses), _pg_list(payouts), _pg_list(debts)],
            )
            return
        updates = list(zip(ids, statuses, payouts, debts or [0] * len(ids), strict=True))
        for start in range(0, len(updates), 500):
            part = updates[start : start + 500]
            values = ", ".join(["(%s, %s, %s, %s)"] * len(part))
            cursor.execute(
                f"WITH v(k, status, payout, debt) AS (VALUES {values}) "
                "UPDATE sportsbook_bet SET status = v.status, payout = v.payout, "
                "debt = sportsbook_bet.debt + v.debt, settled_at = %s FROM v "
                "WHERE sportsbook_bet.id = v.k",
                [*[value for row in part for value in row], now],
            )
