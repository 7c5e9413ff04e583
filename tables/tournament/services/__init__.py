"""A knock-out tournament's writes (CG §122–§127, ../shared/rules/durak-tournament.md).

Registration pays the entry fee into the tournament's escrow (``tournament:<id>``); unregistering
before the start refunds it; at the start time (a due job of the sweeper and of the in-process
clock) the tournament is cancelled with every fee refunded if it has fewer than its minimum of
entrants (section 5), else the draw is made (D1), the casino's share is booked (§126, D10) and
each match whose two players are known opens at a table of its own. The tournament never changes
a table itself: it seats the players through the actor (``table_seat_assign``), a withdrawing
player leaves through it (``table_leave``), and it hears each match's end from the table's
listener, inside the table's transaction (``on_table_news``), where the winner advances at once.
The prizes are paid out of the escrow when the last match is over (§127, D8, D9, D12).

Locks: the tournament row (SELECT ... FOR UPDATE) guards its entries and matches. A table's
change holds its table lock and then takes the tournament's (the listener), so nothing here
takes a table's lock while holding the tournament's: tables are seated and left after commit.

Where to look: ``services.registration``, ``services.start`` (and the due job),
``services.advance`` (the bracket moving on, the finish), ``services.matches`` (matches at
tables), ``services.listener`` (a match's end), ``services.base`` (the lock, the escrow)."""

from __future__ import annotations

from tables.tournament.services.advance import _void, played_entries
from tables.tournament.services.base import ABSENT, CAME, PLAYED, TournamentError
from tables.tournament.services.listener import on_table_news
from tables.tournament.services.matches import (
    NOTICE_TEMPLATE,
    SEATED_BY,
    match_table_settings,
    tournament_open_matches,
)
from tables.tournament.services.registration import (
    closing_time,
    registration_refusal,
    tournament_register,
    tournament_unregister,
    tournament_withdraw,
)
from tables.tournament.services.start import tournament_due, tournament_start

__all__ = [
    "ABSENT",
    "CAME",
    "NOTICE_TEMPLATE",
    "PLAYED",
    "SEATED_BY",
    "TournamentError",
    "_void",
    "closing_time",
    "match_table_settings",
    "on_table_news",
    "played_entries",
    "registration_refusal",
    "tournament_due",
    "tournament_open_matches",
    "tournament_register",
    "tournament_start",
    "tournament_unregister",
    "tournament_withdraw",
]
