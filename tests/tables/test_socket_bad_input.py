"""Bad input on the table socket that once crashed it: an error to that socket, which stays open."""

import pytest

from tables.models import TableEvent
from tests.tables.sockets import table_now
from tests.tables.test_consumers import seated_sockets

pytestmark = pytest.mark.django_db(transaction=True)


async def test_deeply_nested_json_is_an_error_not_a_crash():
    table, players, sockets = await seated_sockets()
    sock = sockets[0]
    await sock.communicator.send_to(text_data="[" * 2000 + "]" * 2000)
    assert 'id="table-error"' in await sock.error()
    # the socket still answers
    await sock.send({"type": "sync"})
    assert "data-version" in await sock.receive()
    for s in sockets:
        await s.close()


@pytest.mark.parametrize(
    "frame",
    [
        {"type": "act", "action": "take", "client_action_id": "a\x00b"},
        {"type": "act", "action": "take\x00", "client_action_id": "nul-action"},
        {"type": "act", "action": "attack", "payload": {"cards": ["\x00"]}},
    ],
)
async def test_a_nul_character_is_an_error_not_a_crash(frame):
    table, players, sockets = await seated_sockets()
    version = (await table_now(table.pk)).version
    for sock in sockets:
        await sock.send(frame)
        assert 'id="table-error"' in await sock.error()
        await sock.send({"type": "sync"})
        assert "data-version" in await sock.receive()
    assert (await table_now(table.pk)).version == version
    assert not await TableEvent.objects.filter(version__gt=version, table_id=table.pk).aexists()
    for s in sockets:
        await s.close()
