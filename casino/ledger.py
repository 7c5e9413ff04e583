"""The one service that moves money. Every feature books through `transfer_create` or its helpers.

Rules kept here (DESIGN.md "Money"):
- a transfer is a set of legs (account, amount in minor units) summing to zero per currency;
- each transfer has an idempotency key: the same key again returns the first transfer and moves
  nothing; the same key with different legs is refused;
- wallets and escrow accounts are locked with SELECT ... FOR UPDATE in ascending id order (so two
  transfers can never wait on each other) and can never go below zero (also a CHECK constraint);
- house accounts are credited and debited on one of HOUSE_SHARDS balance rows picked at random,
  so many concurrent transfers into one house account do not queue on a single hot row.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import random
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from casino import roles
from casino.currencies import format_amount
from casino.models import (
    HOUSE_SHARDS,
    Account,
    AccountKind,
    Entry,
    HouseBalanceShard,
    HousePurpose,
    Player,
    Transfer,
    TransferKind,
)

_shard_picker = random.Random()


class LedgerError(Exception):
    """A transfer that cannot be booked; the message is fit to show to the user."""


class UnbalancedTransfer(LedgerError):
    pass


class InsufficientFunds(LedgerError):
    pass


class IdempotencyConflict(LedgerError):
    pass


class ClosedAccount(LedgerError):
    pass


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


# --- accounts --------------------------------------------------------------------------------


def lock_accounts(accounts) -> dict[int, Account]:
    """Lock wallets and escrow accounts, never house accounts, in ascending id order: the one lock
    order of the casino, so that no two transactions ever wait on each other in a cycle.
    Call inside a transaction, before any other lock on these rows."""
    ids = sorted({account.pk for account in accounts if account.kind != AccountKind.HOUSE})
    locked = Account.objects.select_for_update().filter(pk__in=ids).order_by("pk")
    return {account.pk: account for account in locked}


_ACCOUNT_FIELDS = (
    "id",
    "kind",
    "owner_id",
    "purpose",
    "reference",
    "currency",
    "balance",
    "closed_at",
    "created_at",
)


def _aware(value):
    """A datetime column as a raw cursor returns it (text on SQLite) as an aware datetime."""
    if isinstance(value, str):
        value = dt.datetime.fromisoformat(value)
    if value is not None and value.tzinfo is None:
        value = value.replace(tzinfo=dt.UTC)
    return value


@dataclass
class FoundAccounts:
    """Accounts of one currency looked up together (``accounts_find``)."""

    wallets: dict[int, Account]  # by owner id
    escrows: dict[str, Account]  # by reference
    house: dict[tuple[str, str], Account]  # by (purpose, reference)


def accounts_find(
    currency: str,
    *,
    owners=(),
    escrows=(),
    house=(),
) -> FoundAccounts:
    """Wallets of `owners` (player ids), the escrow accounts of `escrows` (references) and the
    house accounts of `house` ((purpose, reference) pairs), in one SELECT; the escrows that do
    not exist yet are created in one INSERT, a missing wallet or house account the usual way.

    A busy table books a stake at almost every action, each into an escrow of its own (a box, a
    pot): looked up one by one through the ORM (and created in a savepoint each) the accounts
    cost more than the transfer itself (benchmarks/README.md, ``table_load``)."""
    owners, escrows, house = sorted(set(owners)), sorted(set(escrows)), sorted(set(house))
    found = FoundAccounts({}, {}, {})
    if not (owners or escrows or house):
        return found
    connection = transaction.get_connection()
    clauses, params = [], []
    if owners:
        clauses.append(f'("kind" = %s AND "owner_id" IN ({_placeholders(len(owners))}))')
        params += [AccountKind.WALLET, *owners]
    if escrows:
        clauses.append(
            f'("kind" = %s AND "purpose" = %s AND "reference" IN ({_placeholders(len(escrows))}))'
        )
        params += [AccountKind.ESCROW, HousePurpose.ESCROW, *escrows]
    for purpose, reference in house:
        clauses.append('("kind" = %s AND "purpose" = %s AND "reference" = %s)')
        params += [AccountKind.HOUSE, purpose, reference]
    columns = ", ".join(f'"{name}"' for name in _ACCOUNT_FIELDS)
    with connection.cursor() as cursor:
        cursor.execute(
            f'SELECT {columns} FROM "{_ACCOUNT_TABLE}" WHERE "currency" = %s '
            f"AND ({' OR '.join(clauses)})",
            [currency, *params],
        )
        rows = cursor.fetchall()
        missing = set(escrows) - {row[4] for row in rows if row[1] == AccountKind.ESCROW}
        if missing:
            now = connection.ops.adapt_datetimefield_value(timezone.now())
            values = []
            for reference in sorted(missing):
                values += [AccountKind.ESCROW, HousePurpose.ESCROW, reference, currency, now]
            insert = (
                f'INSERT INTO "{_ACCOUNT_TABLE}" ("kind", "owner_id", "purpose", "reference", '
                '"currency", "balance", "closed_at", "created_at") VALUES '
                + ", ".join(["(%s, NULL, %s, %s, %s, 0, NULL, %s)"] * len(missing))
            )
            if connection.features.can_return_columns_from_insert:
                cursor.execute(f"{insert} RETURNING {columns}", values)
            else:  # SQLite before 3.35: read the new rows back
                cursor.execute(insert, values)
                cursor.execute(
                    f'SELECT {columns} FROM "{_ACCOUNT_TABLE}" WHERE "currency" = %s AND '
                    f'"kind" = %s AND "purpose" = %s AND "reference" IN '
                    f"({_placeholders(len(missing))})",
                    [currency, AccountKind.ESCROW, HousePurpose.ESCROW, *sorted(missing)],
                )
            rows += cursor.fetchall()
    for row in rows:
        values = list(row)
        values[7], values[8] = _aware(values[7]), _aware(values[8])  # closed_at, created_at
        account = Account.from_db(connection.alias, _ACCOUNT_FIELDS, values)
        if account.kind == AccountKind.WALLET:
            found.wallets[account.owner_id] = account
        elif account.kind == AccountKind.ESCROW:
            found.escrows[account.reference] = account
        else:
            found.house[(account.purpose, account.reference)] = account
    for owner_id in owners:
        if owner_id not in found.wallets:
            found.wallets[owner_id] = Account.objects.get_or_create(
                kind=AccountKind.WALLET, owner_id=owner_id, currency=currency
            )[0]
    for purpose, reference in house:
        if (purpose, reference) not in found.house:
            found.house[(purpose, reference)] = house_account(purpose, currency, reference)
    return found


def wallet_for(player: Player, currency: str) -> Account:
    account, _created = Account.objects.get_or_create(
        kind=AccountKind.WALLET, owner=player, currency=currency
    )
    return account


def house_account(purpose: str, currency: str, reference: str = "") -> Account:
    account = Account.objects.filter(
        kind=AccountKind.HOUSE, purpose=purpose, reference=reference, currency=currency
    ).first()
    if account is not None:
        return account
    try:
        with transaction.atomic():
            account = Account.objects.create(
                kind=AccountKind.HOUSE, purpose=purpose, reference=reference, currency=currency
            )
            HouseBalanceShard.objects.bulk_create(
                [HouseBalanceShard(account=account, shard=n) for n in range(HOUSE_SHARDS)]
            )
            return account
    except IntegrityError:
        return Account.objects.get(
            kind=AccountKind.HOUSE, purpose=purpose, reference=reference, currency=currency
        )


def escrow_account(reference: str, currency: str) -> Account:
    """The escrow of one open hand or bet, named by `reference` ("hand:12", "bet:5")."""
    account, _created = Account.objects.get_or_create(
        kind=AccountKind.ESCROW, purpose=HousePurpose.ESCROW, reference=reference, currency=currency
    )
    return account


# --- helpers every game and the sportsbook use ---------------------------------------------


def stake_to_escrow(
    *,
    player: Player,
    amount: int,
    currency: str,
    escrow_reference: str,
    idempotency_key: str,
    memo: str = "",
) -> TransferResult:
    """Move a player's stake from their wallet into the escrow of a hand or bet, after the
    responsible-gaming check. The wallet is locked first so two stakes cannot both pass a limit."""
    from casino.limits import check_can_stake

    if amount <= 0:
        raise LedgerError(_("A stake must be more than zero."))
    with transaction.atomic():
        wallet = wallet_for(player, currency)
        if Transfer.objects.filter(idempotency_key=idempotency_key).exists():
            return _existing(
                idempotency_key,
                TransferKind.STAKE,
                [(wallet, -amount), (escrow_account(escrow_reference, currency), amount)],
            )
        escrow = escrow_account(escrow_reference, currency)
        lock_accounts([wallet, escrow])
        check_can_stake(player, amount, currency)
        return transfer_create(
            idempotency_key=idempotency_key,
            kind=TransferKind.STAKE,
            legs=[(wallet, -amount), (escrow, amount)],
            memo=memo,
            reference=escrow_reference,
        )


def escrow_pay_out(
    *,
    escrow_reference: str,
    currency: str,
    payouts: list[tuple[Player, int]],
    idempotency_key: str,
    house_purpose: str = "",
    house_reference: str = "",
    kind: str = TransferKind.PAYOUT,
    memo: str = "",
) -> TransferResult:
    """Pay players out of an escrow. If the payouts exceed what the escrow holds (a house-banked
    win), the difference comes from the named house account; if they are less, the rest goes to
    it. Without a house account the payouts must come from the escrow alone."""
    escrow = escrow_account(escrow_reference, currency)
    legs: list[Leg] = []
    total = 0
    for player, amount in payouts:
        if amount < 0:
            raise LedgerError(_("A payout cannot be negative."))
        if amount:
            legs.append((wallet_for(player, currency), amount))
            total += amount
    if total:
        legs.append((escrow, -total))
    if house_purpose:
        with transaction.atomic():
            held = lock_accounts([escrow, *(account for account, _amount in legs)])[
                escrow.pk
            ].balance
            difference = held - total
            if difference:
                house = house_account(house_purpose, currency, house_reference)
                legs = [leg for leg in legs if leg[0].pk != escrow.pk]
                legs.append((house, difference))
                legs.append((escrow, -held))
            return transfer_create(
                idempotency_key=idempotency_key,
                kind=kind,
                legs=legs,
                memo=memo,
                reference=escrow_reference,
            )
    return transfer_create(
        idempotency_key=idempotency_key,
        kind=kind,
        legs=legs,
        memo=memo,
        reference=escrow_reference,
    )


def commission_take(
    *,
    escrow_reference: str,
    currency: str,
    amount: int,
    idempotency_key: str,
    memo: str = "",
) -> TransferResult:
    """Book the casino's commission out of an escrow into the commission account."""
    return transfer_create(
        idempotency_key=idempotency_key,
        kind=TransferKind.COMMISSION,
        legs=[
            (escrow_account(escrow_reference, currency), -amount),
            (house_account(HousePurpose.COMMISSION, currency), amount),
        ],
        memo=memo,
        reference=escrow_reference,
    )


def escrow_close(*, escrow_reference: str, currency: str) -> Account:
    """Mark the escrow of a finished hand or bet closed; it must be empty. Idempotent."""
    with transaction.atomic():
        escrow = Account.objects.select_for_update().get(
            kind=AccountKind.ESCROW, reference=escrow_reference, currency=currency
        )
        if escrow.balance != 0:
            raise LedgerError(
                _("The escrow still holds %(amount)s; pay it out before closing.")
                % {"amount": format_amount(escrow.balance, currency)}
            )
        if escrow.closed_at is None:
            escrow.closed_at = timezone.now()
            escrow.save(update_fields=["closed_at"])
        return escrow


# --- cashier ---------------------------------------------------------------------------------


def cashier_deposit(
    *,
    player: Player,
    amount: int,
    currency: str,
    idempotency_key: str,
    memo: str = "",
    staff: Player | None = None,
    play_money: bool = False,
) -> TransferResult:
    """Money into a player's wallet: a staff deposit (from the cashier account) or, in demo mode,
    play money (from the demo bank). The daily deposit limit applies to both. A staff member
    needs the cashier's permission (casino.roles)."""
    from casino.limits import check_can_deposit

    roles.require(staff, roles.CASH_DESK)
    if amount <= 0:
        raise LedgerError(_("The amount must be more than zero."))
    source = HousePurpose.DEMO_BANK if play_money else HousePurpose.CASHIER
    kind = TransferKind.TOPUP if play_money else TransferKind.DEPOSIT
    with transaction.atomic():
        wallet = wallet_for(player, currency)
        house = house_account(source, currency)
        legs = [(house, -amount), (wallet, amount)]
        if Transfer.objects.filter(idempotency_key=idempotency_key).exists():
            return _existing(idempotency_key, kind, legs)
        lock_accounts([wallet])
        check_can_deposit(player, amount, currency)
        return transfer_create(
            idempotency_key=idempotency_key, kind=kind, legs=legs, memo=memo, created_by=staff
        )


def cashier_withdraw(
    *,
    player: Player,
    amount: int,
    currency: str,
    idempotency_key: str,
    memo: str,
    staff: Player | None = None,
) -> TransferResult:
    roles.require(staff, roles.CASH_DESK)
    if amount <= 0:
        raise LedgerError(_("The amount must be more than zero."))
    return transfer_create(
        idempotency_key=idempotency_key,
        kind=TransferKind.WITHDRAWAL,
        legs=[
            (wallet_for(player, currency), -amount),
            (house_account(HousePurpose.CASHIER, currency), amount),
        ],
        memo=memo,
        created_by=staff,
    )


def wallet_balances(player_ids, currency: str) -> dict[int, int]:
    """Each player's wallet balance in ``currency`` in one read (0 for a player with no wallet
    in it yet), by player id."""
    found = dict(
        Account.objects.filter(
            kind=AccountKind.WALLET, owner_id__in=list(player_ids), currency=currency
        ).values_list("owner_id", "balance")
    )
    return {player_id: found.get(player_id) or 0 for player_id in player_ids}


def balances_of(player: Player) -> dict[str, int]:
    return dict(
        Account.objects.filter(kind=AccountKind.WALLET, owner=player)
        .order_by("currency")
        .values_list("currency", "balance")
    )
