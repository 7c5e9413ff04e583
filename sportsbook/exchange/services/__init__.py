"""The exchange's writes (issue 18; BK §37–§53, ../shared/rules/betting-exchange.md).

Every change to a market's offers takes the same path (the table actor's shape):
1. lock: an offer (post, take, edit) takes the `ExchangeMarket` row FOR SHARE and its outcome's
   advisory lock (`rows.market_lock`): offers on one outcome run one at a time, so of
   two simultaneous takes the first recorded wins (A7), while offers on the market's other
   outcomes (another book: matching is per outcome) run beside it; a withdrawal, the lapse and
   settlement take the row FOR UPDATE, waiting for the offers in flight and stopping new ones.
   The idempotency key is checked under the lock (a double click waits and gets the first
   offer back);
2. build the outcome's `Book` from the standing offers that cross, match with the pure rules
   (`sportsbook.exchange.matching`), write the offers and the concluded bets;
3. book the reservations' change in ONE ledger transfer (the ledger then locks the wallets and
   escrow accounts in ascending id order: the casino's one lock order after the market's locks);
4. after commit, tell the market's sockets (`exchange.<market id>`) and the trader's page.

Money (A3, BK §52): each player's reservations on a market sit in one escrow account
(`ExchangeMarket.escrow_reference`): the unmatched part of his offers (`ExchangeOffer.reserved`:
the stake for a back, stake x odds for a lay) and the liability of his matched bets. A match
books one transfer, the incoming offer's player's only (wallet <-> escrow): a price better than
he asked frees money that goes straight back to his wallet; what a bet frees of a standing
offer's reservation (the rounding of its liability, A14: at most a minor unit) stays with that
offer in its player's escrow until the offer is withdrawn, lapses or the market is settled, so
a take never locks another player's wallet. The books check (`exchange_books_check`) verifies
that every escrow holds exactly that. At settlement each player's escrow is emptied: his net
result less commission (section 5) goes to his wallet, the commission to `sportsbook/exchange`.

Services that lock: all of them lock the market row first (offers: shared, with the outcome's
advisory lock; the others: exclusive), then the players' exchange debts (settlement and
corrections), then (through the ledger) accounts.

Where to look: ``services.offers`` (post, take, cancel, edit, the lapse), ``services.settlement``,
``services.money`` (accounts, reservations, announcing), ``services.validation`` (refusals and
checks), ``services.books`` (the books check)."""

from __future__ import annotations

from sportsbook.exchange.services.books import exchange_books_check
from sportsbook.exchange.services.money import (
    COMMISSION,
    RECEIVABLE,
    TRADER_EXCHANGE_GROUP,
    commission_account,
    escrow_of,
    exchange_market_list,
    receivable_account,
)
from sportsbook.exchange.services.offers import (
    exchange_lapse_due,
    exchange_offer_cancel,
    exchange_offer_edit,
    exchange_offer_post,
    exchange_offer_take,
)
from sportsbook.exchange.services.settlement import (
    exchange_market_resettle,
    exchange_market_settle,
    exchange_settle_due,
    exchange_settle_event,
)
from sportsbook.exchange.services.validation import (
    MAX_NAMED,
    MAX_ODDS,
    ODDS_PLACES,
    ExchangeRefused,
    PriceChanged,
)

__all__ = [
    "COMMISSION",
    "ExchangeRefused",
    "MAX_NAMED",
    "MAX_ODDS",
    "ODDS_PLACES",
    "PriceChanged",
    "RECEIVABLE",
    "TRADER_EXCHANGE_GROUP",
    "commission_account",
    "escrow_of",
    "exchange_books_check",
    "exchange_lapse_due",
    "exchange_market_list",
    "exchange_market_resettle",
    "exchange_market_settle",
    "exchange_offer_cancel",
    "exchange_offer_edit",
    "exchange_offer_post",
    "exchange_offer_take",
    "exchange_settle_due",
    "exchange_settle_event",
    "receivable_account",
]
