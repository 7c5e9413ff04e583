"""BK §52: the bookmaker makes all settlements between the players; towards the proposer it acts
as the acceptor, towards the acceptor as the proposer (the central counterparty of both).

Worked example 1 (Anna backs at net odds 3 for 100, Boris lays 60; the home side wins), settled
through the ledger: no transfer ever moves money from one player's wallet to the other's; each
player's stake or liability goes from his own wallet into his escrow on the market, and the
settlement pays the winner from the market's escrows through the house's books (the commission
to the house), never touching the loser's wallet: the winner is paid whatever the loser's wallet
holds by then. Wallets, escrows and the books are checked."""

from __future__ import annotations

import pytest
from django.db.models import Q

from casino.models import AccountKind, Transfer
from sportsbook.exchange.services import escrow_of
from sportsbook.models import ExchangeMarket
from tests.conftest import assert_books_clean
from tests.sportsbook.exchange.test_services import (
    FUNDS,
    balance,
    commission_held,
    example_1,
    finish,
    line,
)

pytestmark = pytest.mark.django_db

__all__ = ["line"]  # the fixture, used by name


def accounts_touched(transfer: Transfer) -> set[tuple[str, int | None, str]]:
    return {
        (entry.account.kind, entry.account.owner_id, entry.account.reference)
        for entry in transfer.entries.select_related("account")
    }


def test_bk_52_the_bookmaker_settles_between_the_players_through_its_books(line):
    event, anna, boris = example_1(line)
    xm = ExchangeMarket.objects.get(market__event=event)
    before = set(Transfer.objects.values_list("pk", flat=True))
    finish(event, 2, 0)
    # wallets: Anna wins 180 less 5 % commission, Boris loses his liability (BK §48, §51, §53)
    assert balance(anna) == FUNDS + 17_100 and balance(boris) == FUNDS - 18_000
    assert commission_held() == 900
    players = {anna.pk, boris.pk}
    transfers = Transfer.objects.filter(
        Q(entries__account__owner_id__in=players)
        | Q(entries__account__reference__startswith=f"xm:{xm.pk}:")
    ).distinct()
    for transfer in transfers:
        wallets = {o for kind, o, _ref in accounts_touched(transfer) if kind == AccountKind.WALLET}
        # never one player's wallet against the other's: the bookmaker stands between them
        assert len(wallets) <= 1, (transfer.pk, accounts_touched(transfer))
    settlement = [t for t in transfers if t.pk not in before]
    assert settlement
    for transfer in settlement:
        touched = accounts_touched(transfer)
        # paid from the market's escrows, which the house holds, through its books
        assert any(kind == AccountKind.HOUSE for kind, _o, _r in touched), touched
        assert (AccountKind.WALLET, boris.pk, "") not in touched  # his liability was held
    # the market's escrows are empty once it is settled: everything went through them
    for player in (anna, boris):
        assert escrow_of(xm, player.pk).current_balance() == 0
    assert_books_clean()
