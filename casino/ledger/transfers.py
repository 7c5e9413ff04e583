"""`transfer_create`, the one booking of money: the legs' checks, the idempotency claim, the locks
and the SQL that writes entries and balances (the hot path of every game)."""

from __future__ import annotations

import hashlib
import random
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from casino.currencies import format_amount
from casino.ledger.errors import (
    ClosedAccount,
    IdempotencyConflict,
    InsufficientFunds,
    UnbalancedTransfer,
)
from casino.models import (
    HOUSE_SHARDS,
    Account,
    AccountKind,
    Entry,
    HouseBalanceShard,
    Player,
    Transfer,
)

_shard_picker = random.Random()


@dataclass(frozen=True)
class TransferResult:
    transfer: Transfer
    created: bool  # False when the idempotency key had been used already (a retry)


Leg = tuple[Account, int]


def _fingerprint(kind: str, legs: list[Leg]) -> str:
    net: dict[int, int] = defaultdict(int)
    for account, amount in legs:
        net[account.pk] += amount
    text = kind + ";" + ";".join(f"{pk}:{amount}" for pk, amount in sorted(net.items()))
    return hashlib.sha256(text.encode()).hexdigest()


def _check_balanced(legs: list[Leg]) -> None:
    if not legs:
        raise UnbalancedTransfer(_("A transfer needs at least one entry."))
    per_currency: dict[str, int] = defaultdict(int)
    for account, amount in legs:
        if not isinstance(amount, int) or isinstance(amount, bool):
            raise UnbalancedTransfer(_("Amounts are whole numbers of minor units."))
        if amount == 0:
            raise UnbalancedTransfer(_("A ledger entry cannot be zero."))
        per_currency[account.currency] += amount
    for currency, total in per_currency.items():
        if total != 0:
            raise UnbalancedTransfer(
                _("The transfer does not balance in %(currency)s (off by %(total)s).")
                % {"currency": currency, "total": total}
            )


def _existing(idempotency_key: str, kind: str, legs: list[Leg]) -> TransferResult:
    transfer = Transfer.objects.get(idempotency_key=idempotency_key)
    if transfer.fingerprint != _fingerprint(kind, legs):
        raise IdempotencyConflict(
            _("This request was already made with different amounts; nothing was booked.")
        )
    return TransferResult(transfer, created=False)


# transfer_create is the hot path of every game, so it speaks SQL through the connection's cursor
# instead of building ORM queries: on a small machine the ORM's Python cost per transfer was
# several times the database's (benchmarks/README.md). The statements stay portable between
# PostgreSQL and SQLite; FOR UPDATE is added where the database has it (select_for_update's rule).
_TRANSFER_TABLE = Transfer._meta.db_table
_ACCOUNT_TABLE = Account._meta.db_table
_SHARD_TABLE = HouseBalanceShard._meta.db_table
_ENTRY_TABLE = Entry._meta.db_table


def _placeholders(count: int) -> str:
    return ", ".join(["%s"] * count)


def _claim_key(
    cursor,
    connection,
    *,
    idempotency_key,
    kind,
    memo,
    reference,
    created_by,
    fingerprint,
    now,
    lock_ids: list[int],
    with_rows: tuple[str, list] | None = None,
) -> tuple[Transfer, list[tuple]]:
    """INSERT the transfer row: a second transfer with the same key fails here (IntegrityError).
    Then lock `lock_ids` (wallets and escrow, see _lock_accounts) and return their rows.
    `with_rows` (PostgreSQL): the caller's data-modifying WITH clauses, run in the same statement
    (PostgreSQL runs every such clause to completion, in no promised order with the lock).

    On PostgreSQL both go as one statement: the INSERT as a data-modifying WITH that the locking
    SELECT joins, so no account row can be locked before the key's row exists (a concurrent
    retry still waits on the unique index, then fails, without touching a balance); the rows are
    sorted by id before they are locked (LockRows above the Sort), as in _lock_accounts."""
    sql = (
        f'INSERT INTO "{_TRANSFER_TABLE}" ("idempotency_key", "kind", "memo", "reference", '
        f'"created_by_id", "fingerprint", "created_at") VALUES ({_placeholders(7)})'
    )
    params = [
        idempotency_key,
        kind,
        memo,
        reference,
        created_by.pk if created_by is not None else None,
        fingerprint,
        connection.ops.adapt_datetimefield_value(now),
    ]
    locked = None
    if with_rows is not None and (connection.vendor != "postgresql" or not lock_ids):
        raise ValueError("with_rows joins the key claim's statement: PostgreSQL, accounts locked")
    if connection.vendor == "postgresql" and lock_ids:
        before, before_params = with_rows or ("", [])
        cursor.execute(
            f'WITH {before + ", " if before else ""}"t" AS ({sql} RETURNING "id") '
            'SELECT "t"."id", a."id", a."balance", '
            f'a."currency", a."closed_at" FROM "t", "{_ACCOUNT_TABLE}" a '
            f'WHERE a."id" IN ({_placeholders(len(lock_ids))}) ORDER BY a."id" FOR UPDATE OF a',
            before_params + params + lock_ids,
        )
        rows = cursor.fetchall()
        if rows:
            transfer_id = rows[0][0]
            locked = [row[1:] for row in rows]
        else:  # none of the accounts exists: the key is claimed all the same
            cursor.execute(
                f'SELECT "id" FROM "{_TRANSFER_TABLE}" WHERE "idempotency_key" = %s',
                [idempotency_key],
            )
            transfer_id = cursor.fetchone()[0]
            locked = []
    elif connection.features.can_return_columns_from_insert:
        cursor.execute(sql + ' RETURNING "id"', params)
        transfer_id = cursor.fetchone()[0]
    else:
        cursor.execute(sql, params)
        transfer_id = cursor.lastrowid
    if locked is None:
        locked = _lock_accounts(cursor, connection, lock_ids) if lock_ids else []
    transfer = Transfer(
        id=transfer_id,
        idempotency_key=idempotency_key,
        kind=kind,
        memo=memo,
        reference=reference,
        created_by=created_by,
        fingerprint=fingerprint,
        created_at=now,
    )
    transfer._state.adding = False
    transfer._state.db = connection.alias
    return transfer, locked


def _lock_accounts(cursor, connection, ids: list[int]) -> list[tuple]:
    """SELECT ... FOR UPDATE of wallets and escrow, in ascending id order (no lock cycles).
    Rows are (id, balance, currency, closed_at)."""
    sql = (
        f'SELECT "id", "balance", "currency", "closed_at" FROM "{_ACCOUNT_TABLE}" '
        f'WHERE "id" IN ({_placeholders(len(ids))}) ORDER BY "id"'
    )
    if connection.features.has_select_for_update:
        sql += " FOR UPDATE"
    cursor.execute(sql, ids)
    return cursor.fetchall()


def _balances_sql(balances: dict[int, int], vendor: str) -> tuple[str, list]:
    """Store the new balances of wallets and escrow (rows this transaction has locked): one
    statement joined to the new values (a `CASE id WHEN ...` list would compare every row with
    every branch: quadratic for a settlement's transfer to a thousand wallets)."""
    if len(balances) == 1:
        ((pk, balance),) = balances.items()
        return f'UPDATE "{_ACCOUNT_TABLE}" SET "balance" = %s WHERE "id" = %s', [balance, pk]
    if vendor == "postgresql":
        return (
            f'UPDATE "{_ACCOUNT_TABLE}" SET "balance" = "v"."balance" '
            'FROM unnest(%s::bigint[], %s::bigint[]) AS "v"("id", "balance") '
            f'WHERE "{_ACCOUNT_TABLE}"."id" = "v"."id"',
            [list(balances), list(balances.values())],
        )
    params: list[int] = []
    for pk, balance in balances.items():
        params += [pk, balance]
    return (
        f'WITH "v"("id", "balance") AS (VALUES {", ".join(["(%s, %s)"] * len(balances))}) '
        f'UPDATE "{_ACCOUNT_TABLE}" SET "balance" = "v"."balance" FROM "v" '
        f'WHERE "{_ACCOUNT_TABLE}"."id" = "v"."id"',
        params,
    )


def _house_sql(account_id: int, amount: int) -> tuple[str, list]:
    """Book a house account's share on one of its HOUSE_SHARDS balance rows, picked at random."""
    return (
        f'UPDATE "{_SHARD_TABLE}" SET "balance" = "balance" + %s '
        f'WHERE "account_id" = %s AND "shard" = %s',
        [amount, account_id, _shard_picker.randrange(HOUSE_SHARDS)],
    )


ENTRIES_AS_ARRAYS = 16  # from this many entries, PostgreSQL gets them as arrays (see below)


def _entries_sql(connection, transfer_id: int, rows: list[tuple], now) -> tuple[str, list]:
    """rows: (account_id, currency, amount, balance_after) in the order of the legs. A large
    transfer (a settlement pays a thousand wallets) goes to PostgreSQL as four arrays rather than
    six placeholders per entry, which both the driver and the server would parse one by one."""
    created_at = connection.ops.adapt_datetimefield_value(now)
    if connection.vendor == "postgresql" and len(rows) >= ENTRIES_AS_ARRAYS:
        accounts, currencies, amounts, balances_after = (list(c) for c in zip(*rows, strict=True))
        return (
            f'INSERT INTO "{_ENTRY_TABLE}" ("transfer_id", "account_id", "currency", "amount", '
            '"balance_after", "created_at") SELECT %s, "a", "c", "m", "b", %s FROM '
            "unnest(%s::bigint[], %s::varchar[], %s::bigint[], %s::bigint[]) "
            'WITH ORDINALITY AS "e"("a", "c", "m", "b", "n") ORDER BY "n"',
            [transfer_id, created_at, accounts, currencies, amounts, balances_after],
        )
    params: list = []
    for account_id, currency, amount, balance_after in rows:
        params += [transfer_id, account_id, currency, amount, balance_after, created_at]
    values = ", ".join([f"({_placeholders(6)})"] * len(rows))
    return (
        f'INSERT INTO "{_ENTRY_TABLE}" ("transfer_id", "account_id", "currency", "amount", '
        f'"balance_after", "created_at") VALUES {values}',
        params,
    )


def _write(
    cursor,
    connection,
    balances: tuple[str, list] | None,
    house: list[tuple[str, list]],
    entries: tuple[str, list],
) -> None:
    """Run the UPDATE of the balances, those of the house shards, then the INSERT of the entries.

    On PostgreSQL they go as one statement (the UPDATEs as data-modifying WITH clauses, which
    always run to completion): one round trip instead of up to three. PostgreSQL does not promise
    an order among those clauses, so this is done only while at most one of them can wait for a
    lock: the balance UPDATE touches rows this transaction already holds FOR UPDATE, a house shard
    UPDATE may wait. With two or more house shards the statements run one by one, in the order
    given (ascending account id), as on other databases.
    """
    updates = ([balances] if balances else []) + house
    if connection.vendor == "postgresql" and updates and len(house) <= 1:
        clauses = ", ".join(f'"w{n}" AS ({sql})' for n, (sql, _params) in enumerate(updates))
        params: list = []
        for _sql, update_params in updates:
            params += update_params
        cursor.execute(f"WITH {clauses} {entries[0]}", params + entries[1])
        return
    for sql, params in updates:
        cursor.execute(sql, params)
    cursor.execute(*entries)


def transfer_create(
    *,
    idempotency_key: str,
    kind: str,
    legs: list[Leg],
    memo: str = "",
    reference: str = "",
    created_by: Player | None = None,
    under_lock: Callable[[], None] | None = None,
    savepoint: bool = True,
    with_rows: tuple[str, list] | None = None,
) -> TransferResult:
    """Book one balanced transfer atomically (joins the caller's transaction if there is one).

    Raises UnbalancedTransfer, InsufficientFunds, ClosedAccount or IdempotencyConflict; on any
    error nothing is booked.

    `under_lock`: called once the wallets and escrow of the legs are locked and before their
    balances are checked (a stake's responsible-gaming check, which must hold the wallet's lock
    so two stakes cannot both slip under a limit); whatever it raises is raised, nothing booked.
    `savepoint=False`: inside a caller's transaction that is rolled back as a whole on any error
    (no retry by key within it), skip the savepoint: an IntegrityError is then raised as it is.
    `with_rows` (PostgreSQL, a transfer that locks a wallet or escrow): the caller's own rows as
    data-modifying WITH clauses (`"name" AS (INSERT ...), ...`, and their parameters), run in the
    statement that claims the key: one round trip for both (a bet and its stake). They may run
    after the accounts are locked, so a unique key of theirs (a bet's idempotency key) is then
    what stops a retry: it waits for the lock, fails on that key and books nothing.
    """
    _check_balanced(legs)
    fingerprint = _fingerprint(kind, legs)
    now = timezone.now()
    net: dict[int, int] = defaultdict(int)
    for account, amount in legs:
        net[account.pk] += amount
    locked_ids = sorted(
        {account.pk for account, _amount in legs if account.kind != AccountKind.HOUSE}
    )
    house_ids = sorted(
        {account.pk for account, _amount in legs if account.kind == AccountKind.HOUSE}
    )
    try:
        with transaction.atomic(savepoint=savepoint):
            connection = transaction.get_connection()
            with connection.cursor() as cursor:
                # The key is claimed first: a concurrent retry waits here on the unique index and
                # then fails with IntegrityError, so it never touches a balance.
                transfer, locked = _claim_key(
                    cursor,
                    connection,
                    idempotency_key=idempotency_key,
                    kind=kind,
                    memo=memo[:255],
                    reference=reference,
                    created_by=created_by,
                    fingerprint=fingerprint,
                    now=now,
                    lock_ids=locked_ids,
                    with_rows=with_rows,
                )
                new_balances: dict[int, int] = {}
                balances_update = None
                if under_lock is not None:
                    under_lock()
                if locked_ids:
                    for pk, balance, currency, closed_at in locked:
                        new_balance = balance + net[pk]
                        if new_balance < 0:
                            raise InsufficientFunds(
                                _(
                                    "Insufficient funds: the balance is %(balance)s, "
                                    "%(needed)s needed."
                                )
                                % {
                                    "balance": format_amount(balance, currency),
                                    "needed": format_amount(-net[pk], currency),
                                }
                            )
                        if closed_at is not None:
                            raise ClosedAccount(_("This hand or bet is already settled."))
                        new_balances[pk] = new_balance
                    changed = {pk: new_balances[pk] for pk in locked_ids if net[pk] != 0}
                    if changed:
                        balances_update = _balances_sql(changed, connection.vendor)
                entries = [
                    (account.pk, account.currency, amount, new_balances.get(account.pk))
                    for account, amount in legs
                ]
                _write(
                    cursor,
                    connection,
                    balances_update,
                    [_house_sql(pk, net[pk]) for pk in house_ids if net[pk]],
                    _entries_sql(connection, transfer.pk, entries, now),
                )
            wallet_changes = [
                (account.owner_id, account.currency, new_balances[account.pk])
                for account, _amount in legs
                if account.kind == AccountKind.WALLET
            ]
            if wallet_changes:
                transaction.on_commit(lambda: _announce_wallets(wallet_changes))
    except IntegrityError:
        if savepoint and Transfer.objects.filter(idempotency_key=idempotency_key).exists():
            return _existing(idempotency_key, kind, legs)
        raise
    return TransferResult(transfer, created=True)


def _announce_wallets(changes: list[tuple[int, str, int]]) -> None:
    from casino.realtime import announce_balances

    announce_balances(changes)
