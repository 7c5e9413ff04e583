"""The exchange's money: its commission and receivable accounts, a market's escrow, booking the
reservations' change in one transfer, telling the market's sockets, and listing a market."""

from __future__ import annotations

from decimal import Decimal

from django.db import transaction

from casino import ledger, limits, roles
from casino.models import Account, HousePurpose, Player
from casino.realtime import group_send_all
from sportsbook.exchange.services.validation import ExchangeRefused
from sportsbook.models import (
    ExchangeMarket,
)

COMMISSION = "exchange"  # house account sportsbook/exchange: the exchange's commission (BK §53)
RECEIVABLE = "exchange-receivable"  # what players owe after corrected results (E33)
TRADER_EXCHANGE_GROUP = "trader.exchange"  # the trader's live page of the exchange


def commission_account(currency: str) -> Account:
    return ledger.house_account(HousePurpose.SPORTSBOOK, currency, COMMISSION)


def receivable_account(currency: str) -> Account:
    return ledger.house_account(HousePurpose.SPORTSBOOK, currency, RECEIVABLE)


def escrow_of(xm: ExchangeMarket, player_id: int) -> Account:
    return ledger.escrow_account(xm.escrow_reference(player_id), xm.currency)


# --- listing a market (staff, demo) --------------------------------------------------------------


def exchange_market_list(
    *,
    market_id: int,
    currency: str = "BYN",
    commission_percent: Decimal = Decimal("5"),
    min_stake: int = 100,
    max_stake: int = 10_000_000,
    staff: Player | None = None,
) -> ExchangeMarket:
    """List a market of the line on the exchange (BK §47: only the bookmaker's events), with its
    commission (BK §53) and stake limits (BK §38). Listing it again changes nothing."""
    roles.require(staff, roles.TRADE_LINE)
    xm, created = ExchangeMarket.objects.get_or_create(
        market_id=market_id,
        defaults={
            "currency": currency,
            "commission_percent": Decimal(commission_percent),
            "min_stake": min_stake,
            "max_stake": max_stake,
        },
    )
    if created:
        _announce(xm, listed=True)
    return xm


# --- money -----------------------------------------------------------------------------------


def _book_reservations(
    xm: ExchangeMarket,
    deltas: dict[int, int],
    *,
    key: str,
    kind: str,
    memo: str,
    staker: Player | None = None,
    accounts: dict[int, tuple[Account, Account]] | None = None,
    savepoint: bool = True,
    with_rows: tuple[str, list] | None = None,
) -> None:
    """One transfer: each player's reservation change (+: wallet -> escrow, -: escrow -> wallet).
    `staker`: the player whose positive change is a new stake (responsible gaming is checked
    under his wallet's lock, as for every stake). `accounts`: player id -> (wallet, escrow)
    already read (before the market's lock, to hold it shorter). `savepoint=False`: inside a
    transaction that is rolled back whole on any error. `with_rows`: the caller's rows to write
    in the transfer's first statement (ledger.transfer_create)."""
    accounts = dict(accounts or {})
    missing = [p for p, d in deltas.items() if d and p not in accounts]
    for player in Player.objects.filter(pk__in=missing) if missing else []:
        accounts[player.pk] = (ledger.wallet_for(player, xm.currency), escrow_of(xm, player.pk))
    legs = []
    for player_id, delta in sorted(deltas.items()):
        if not delta:
            continue
        wallet, escrow = accounts[player_id]
        legs += [(wallet, -delta), (escrow, delta)]
    if not legs:
        return
    under_lock = None
    if staker is not None and deltas.get(staker.pk, 0) > 0:
        amount = deltas[staker.pk]

        def under_lock():
            limits.check_can_stake(staker, amount, xm.currency)

    try:
        ledger.transfer_create(
            idempotency_key=key,
            kind=kind,
            legs=legs,
            memo=memo,
            reference=f"exchange:{xm.market_id}",
            under_lock=under_lock,
            savepoint=savepoint,
            with_rows=with_rows,
        )
    except (limits.StakeRefused, ledger.LedgerError) as refusal:
        raise ExchangeRefused(str(refusal)) from refusal


def _announce(xm: ExchangeMarket, *, listed: bool = False) -> None:
    """After commit: the market's sockets and the trader's live page (its row; the whole page
    for a market newly `listed`)."""
    change = {"type": "exchange.changed", "market": xm.market_id}
    messages = [(TRADER_EXCHANGE_GROUP, {**change, "listed": True} if listed else change)]
    if not listed:
        messages.insert(0, (xm.group_name, change))
    transaction.on_commit(lambda: group_send_all(messages))
