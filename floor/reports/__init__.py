"""The revenue reports (issue 17, part 5; issue 45): what the tables and the sportsbook earned,
read from the ledger and the bets, aggregated in the database (one grouped query per source;
Python only merges a few rows per day and table, or per sport and market kind).

Definitions (docs/rules-decisions.md "Revenue reports" and "The casino's revenue is what the house
books"):
- tables and tournaments, per local day of the booking, game and place: stakes taken (wallet
  debits of `stake` transfers), paid out (wallet credits of `payout` transfers), refunds
  (wallet credits of `refund` transfers: a void), commission and rake (credits of the casino's
  commission account), the house bank's result (the net of the legs on the place's house bank:
  a house-banked game's wins and losses), and the hands that ended that day. The **casino's
  revenue** is what the house accounts booked: commission and rake + the house bank's result.
  What players staked and was not paid back that day is theirs still (a bank held from coup to
  coup, a pot carried to the next deal, a prize fund): it is shown apart, as is the turnover
  between players at a place where the house banks nothing;
- the sportsbook, per sport and market kind: fixed-odds bets placed in the period (turnover,
  what is still open, what the settled ones paid, margin = turnover - open - paid), the
  exchange's bets matched in the period and the commission it booked in the period, and spread
  bets (initial margins taken, gains paid and the house's result on the closes in the period).

A report is a list of `Section`s of cells; the page and the CSV export both render those same
sections, so they cannot disagree.

Where to look: ``reports.period``, ``reports.places`` (tables and tournaments), ``reports.book``
(the sportsbook), ``reports.report`` (the sections and ``revenue_report``)."""

from __future__ import annotations

from floor.reports.book import EXCHANGE, FIXED_ODDS, SPREAD, BookRow, book_rows
from floor.reports.period import MAX_DAYS, Period
from floor.reports.places import (
    HOUSE_BANK_PURPOSES,
    PLACE_PREFIXES,
    PlaceDay,
    game_name,
    place_days,
)
from floor.reports.report import Cell, Money, Report, Section, market_kind_name, revenue_report

__all__ = [
    "BookRow",
    "Cell",
    "EXCHANGE",
    "FIXED_ODDS",
    "HOUSE_BANK_PURPOSES",
    "MAX_DAYS",
    "Money",
    "PLACE_PREFIXES",
    "Period",
    "PlaceDay",
    "Report",
    "SPREAD",
    "Section",
    "book_rows",
    "game_name",
    "market_kind_name",
    "place_days",
    "revenue_report",
]
