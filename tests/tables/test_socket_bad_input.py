"""Bad input on the table socket that once crashed it: an error to that socket, which stays open."""

import pytest

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
