"""Presence survives a crash (issue 19): two players seated over real websockets at a real
Daphne, the server killed with SIGKILL mid-match (no socket is closed, the seats' counts of open
sockets stay 1), a new server started on the same database: the player who does not come back
becomes away once his heartbeat expires, and the absence limit ends his match, books clean.

Short settings (a heartbeat of 0.3 s, an expiry of 1.5 s, an absence limit of 3 s); the test
waits for conditions, never for durations.
"""

import json
import time
from contextlib import ExitStack

from websockets.sync.client import connect

from tests.server import DaphneServer

SETTINGS = {"TABLE_HEARTBEAT_SECONDS": "0.3", "TABLE_PRESENCE_SECONDS": "1.5"}
WAIT_SECONDS = 60

SETUP = """
import json
from django.test import Client
from django.conf import settings
from casino import ledger
from casino.models import Player
from tables.models import Table
table = Table.objects.create(name="Crash", game="durak", currency="BYN", settings={
    "stake": 1000, "wins_to_win": 5, "commission_percent": "5",
    "action_seconds": 600, "grace_seconds": 600, "absence_seconds": 3})
cookies = []
for name in ("crash-a", "crash-b"):
    player = Player.objects.create_user(username=name, password="s3cret-pass-77", language="en")
    ledger.cashier_deposit(player=player, amount=10000, currency="BYN",
                           idempotency_key="fund:" + name, memo="test funds")
    client = Client()
    client.force_login(player)
    cookies.append(client.cookies[settings.SESSION_COOKIE_NAME].value)
print(json.dumps({"table": table.pk, "cookies": cookies}))
"""

STATE = """
import json
from casino.books import books_check
from tables.models import Seat, Table, TableEvent
table = Table.objects.get(pk=%d)
print(json.dumps({
    "status": table.status,
    "over": bool((table.state or {}).get("match", {}).get("over")),
    "winner": (table.state or {}).get("match", {}).get("winner"),
    "seats": {s.player.username: {"position": s.position, "away": s.away_since is not None,
              "connections": s.connections} for s in Seat.objects.filter(table=table)},
    "forfeits": list(TableEvent.objects.filter(table=table, step="forfeit")
                     .values_list("seat", flat=True)),
    "books_clean": books_check().clean,
}))
"""


def shell_json(server: DaphneServer, code: str) -> dict:
    return json.loads(server.shell(code).strip().splitlines()[-1])  # after the shell's banner


def open_socket(server: DaphneServer, table_id: int, cookie: str):
    return connect(
        f"ws://{server.host}:{server.port}/ws/table/{table_id}/",
        origin=server.base_url,
        additional_headers={"Cookie": f"sessionid={cookie}"},
        open_timeout=15,
    )


def wait_for(server: DaphneServer, table_id: int, condition, what: str) -> dict:
    deadline = time.monotonic() + WAIT_SECONDS
    while True:
        state = shell_json(server, STATE % table_id)
        if condition(state):
            return state
        assert time.monotonic() < deadline, f"{what}: never happened; last state {state}"
        time.sleep(0.2)


def test_a_player_whose_server_was_killed_becomes_away_and_the_absence_limit_ends_his_match():
    server = DaphneServer(extra_env=SETTINGS)
    with server:
        setup = shell_json(server, SETUP)
        table_id, (cookie_a, cookie_b) = setup["table"], setup["cookies"]
        with ExitStack() as killed:
            for cookie in (cookie_a, cookie_b):
                sock = killed.enter_context(open_socket(server, table_id, cookie))
                sock.recv(timeout=15)  # the view on connect
                sock.send(json.dumps({"type": "sit"}))
            playing = wait_for(
                server, table_id, lambda s: s["status"] == "playing", "the match to start"
            )
            connections = {name: seat["connections"] for name, seat in playing["seats"].items()}
            assert connections == {"crash-a": 1, "crash-b": 1}
            server.kill()  # both sockets open: nothing tells the seats they closed
        server.restart()
        with open_socket(server, table_id, cookie_b) as survivor:  # b comes back, a never does
            survivor.recv(timeout=15)
            away = wait_for(
                server, table_id, lambda s: s["seats"]["crash-a"]["away"], "crash-a away"
            )
            assert not away["seats"]["crash-b"]["away"]
            over = wait_for(server, table_id, lambda s: s["over"], "the absence limit")
    absent = away["seats"]["crash-a"]["position"]
    # the match is over and he is still away past the limit: his seat is freed (issue 46)
    assert "crash-a" not in over["seats"]
    assert over["forfeits"] == [absent]
    assert over["winner"] == over["seats"]["crash-b"]["position"]
    assert over["books_clean"]
