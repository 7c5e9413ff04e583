"""Accounts: locking in the one lock order, finding many at once (`accounts_find`), a player's
wallet, house and escrow accounts, and balances."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.utils import timezone

from casino.ledger.transfers import _ACCOUNT_TABLE, _placeholders
from casino.models import (
    HOUSE_SHARDS,
    Account,
    AccountKind,
    HouseBalanceShard,
    HousePurpose,
    Player,
)

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


# The unique constraint's predicate, written as a constant: PostgreSQL infers a partial
# index for ON CONFLICT only from a WHERE clause it can prove implies the index's own, and a
# bound parameter proves nothing ("no unique or exclusion constraint matching").
_NOT_UNIQUE_KIND = AccountKind.WALLET.value


def _escrows_insert(connection, currency: str, references) -> tuple[str, list]:
    """An INSERT of new, empty escrow accounts of `references`, and its parameters."""
    now = connection.ops.adapt_datetimefield_value(timezone.now())
    values = []
    for reference in sorted(references):
        values += [AccountKind.ESCROW, HousePurpose.ESCROW, reference, currency, now]
    insert = (
        f'INSERT INTO "{_ACCOUNT_TABLE}" ("kind", "owner_id", "purpose", "reference", '
        '"currency", "balance", "closed_at", "created_at") VALUES '
        + ", ".join(["(%s, NULL, %s, %s, %s, 0, NULL, %s)"] * len(references))
    )
    return insert, values


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
    select = (
        f'SELECT {columns} FROM "{_ACCOUNT_TABLE}" WHERE "currency" = %s '
        f"AND ({' OR '.join(clauses)})"
    )
    with connection.cursor() as cursor:
        if escrows and connection.vendor == "postgresql":
            # found and created in one statement (issue 49: a bet's escrow is new at almost
            # every stake): the insert skips those that exist (the unique escrow constraint),
            # the select reads what existed before the statement, the insert returns the rest
            insert, values = _escrows_insert(connection, currency, escrows)
            cursor.execute(
                f'WITH "created" AS ({insert} ON CONFLICT ("kind", "purpose", "reference", '
                f'"currency") WHERE NOT ("kind" = \'{_NOT_UNIQUE_KIND}\') DO NOTHING '
                f'RETURNING {columns}) {select} UNION ALL SELECT {columns} FROM "created"',
                [*values, currency, *params],
            )
        else:
            cursor.execute(select, [currency, *params])
        rows = cursor.fetchall()
        missing = set(escrows) - {row[4] for row in rows if row[1] == AccountKind.ESCROW}
        if missing and connection.vendor == "postgresql":
            # created by another transaction after this statement began: committed, so read
            cursor.execute(select, [currency, *params])
            rows = cursor.fetchall()
        elif missing:
            insert, values = _escrows_insert(connection, currency, missing)
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
