"""Spread bets' writes (issue 18; BK §26–§36, ../shared/rules/bookmaker-financial.md).

Money (A7): each player's margin account is an escrow per currency (`spread:<player id>`). Opening
a bet moves its initial margin (margin points x stake per point) from the wallet into it. Closing
(part of) a bet (`close_effect` of the pure rules): a gain is paid by the book
(`sportsbook/spread-book`) to the wallet (first repaying what the player owes, if anything); a
loss is paid from the margin account to the book, and what the account cannot pay is the player's
debt, booked against `sportsbook/spread-receivable` and kept on the position (never lost); then
the closed part's margin goes back to the wallet as far as the account holds more than the margin
of the bets still open. The books check (`spread_books_check`) verifies the receivable against
the debts.

Locks, in this order: the asset row (orders and quotes: the quote that binds is the one current
when the order holds the asset's lock, A11), then the player's open positions (by id), then the
ledger's accounts (by id). The margin watch locks positions and accounts only, never an asset.

Where to look: ``services.orders`` (a player's bets and closes, delisting), ``services.quotes``
(staff's quotes, the feed), ``services.margin_watch``, ``services.money`` (accounts, booking a
close, the books check), ``services.terms`` (refusals, an asset's terms, the groups told)."""

from __future__ import annotations

from sportsbook.spread.services.margin_watch import spread_margin_watch
from sportsbook.spread.services.money import (
    BOOK,
    RECEIVABLE,
    book_account,
    margin_account,
    receivable_account,
    spread_books_check,
)
from sportsbook.spread.services.orders import (
    hold_seconds,
    spread_asset_delist,
    spread_bet,
    spread_policy_of,
)
from sportsbook.spread.services.quotes import (
    price_feed,
    spread_asset_halt,
    spread_asset_switch,
    spread_feed_tick,
    spread_quote_set,
)
from sportsbook.spread.services.terms import (
    MAX_ID,
    SPREAD_GROUP,
    TRADER_SPREAD_GROUP,
    QuoteError,
    Requote,
    SpreadRefused,
    asset_is_open,
    asset_quote,
    asset_terms,
    spread_user_group,
)

__all__ = [
    "BOOK",
    "MAX_ID",
    "QuoteError",
    "RECEIVABLE",
    "Requote",
    "SPREAD_GROUP",
    "SpreadRefused",
    "TRADER_SPREAD_GROUP",
    "asset_is_open",
    "asset_quote",
    "asset_terms",
    "book_account",
    "hold_seconds",
    "margin_account",
    "price_feed",
    "receivable_account",
    "spread_asset_delist",
    "spread_asset_halt",
    "spread_asset_switch",
    "spread_bet",
    "spread_books_check",
    "spread_feed_tick",
    "spread_margin_watch",
    "spread_policy_of",
    "spread_quote_set",
    "spread_user_group",
]
