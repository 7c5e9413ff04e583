"""What the stud games' socket tests share (tests/tables/games/oasis_stud/test_oasis_sockets.py,
tests/tables/games/russian_poker/test_russian_poker_sockets.py): three players seated and dealt
in together, a wallet's balance, and the table's recorded engine steps and events."""

from channels.db import database_sync_to_async

from casino.ledger import balances_of
from tables.models import TableEvent
from tests.tables.test_six_seat_sockets import settle

# the table's settings in both tests: clocks long enough never to run out, the hand started at once
SETTINGS = {
    "min_bet": 100,
    "max_bet": 5_000,
    "bet_seconds": 600,
    "action_seconds": 600,
    "start_seconds": 0,
}


async def seat_three(sockets, table_id) -> None:
    """Every socket's player sits down; the first, dealt alone at once, ends his betting, so
    that the next hand deals all three."""
    first = sockets[0]
    for socket in sockets:
        await socket.send({"type": "sit"})
        await settle(sockets, table_id, socket)
    await first.act({"type": "done"})
    await settle(sockets, table_id, first)


@database_sync_to_async
def balance(player) -> int:
    return balances_of(player)["BYN"]


@database_sync_to_async
def engine_events(table_id):
    return TableEvent.objects.filter(table_id=table_id, step="engine").count()


@database_sync_to_async
def events_of_type(table_id, kind):
    found = []
    for event in TableEvent.objects.filter(table_id=table_id).order_by("pk"):
        found += [e for e in (event.events or []) if e.get("type") == kind]
    return found
