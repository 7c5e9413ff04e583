"""The table socket end to end (real ASGI stack, sessions, database, channel layer)."""

import asyncio
import datetime as dt
import random
import re
import threading

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.db import connection, transaction
from django.utils import timezone

from casino import ledger
from casino.asgi import application
from tables import consumers, services
from tables.engines.cards import SUIT_SYMBOLS
from tables.games.durak import engine as durak
from tables.models import Hand, Table, TableEvent
from tests.conftest import assert_books_clean, fund, new_player, requires_postgres
from tests.tables.conftest import pick_action
from tests.tables.sockets import CARD, Socket, session_cookie, table_now

pytestmark = pytest.mark.django_db(transaction=True)


@database_sync_to_async
def make_table_and_players(**settings):
    table = Table.objects.create(
        name="Socket table",
        game="durak",
        currency="BYN",
        settings={"stake": 1_000, "wins_to_win": 5, "commission_percent": "5", **settings},
    )
    # the players read the socket's messages in English (the casino's default is Russian)
    players = [new_player(language="en"), new_player(language="en")]
    for player in players:
        fund(player, 10_000)
    return table, players


async def seated_sockets(**settings):
    table, players = await make_table_and_players(**settings)
    sockets = [await Socket(p, table.pk).connect() for p in players]
    for sock in sockets:
        before = (await table_now(table.pk)).version
        await sock.send({"type": "sit"})
        await sock.until_version(before + 1)
        table = await table_now(table.pk)
        for other in sockets:
            await other.until_version(table.version)
    return table, players, sockets


def seat_socket(sockets, table):
    by_player = {s.player.pk: s for s in sockets}
    return {seat.position: by_player[seat.player_id] for seat in table.seats.all()}


@database_sync_to_async
def seats_map(table_id, sockets):
    return seat_socket(sockets, Table.objects.get(pk=table_id))


async def play_one_action(table_id, by_seat, rng, all_sockets):
    table = await table_now(table_id)
    (seat,) = durak.to_act(table.state)
    await by_seat[seat].act(pick_action(table.state, seat, rng))
    await by_seat[seat].until_version(table.version + 1)
    table = await table_now(table_id)
    for sock in all_sockets:
        await sock.until_version(table.version)
    return table


async def test_two_players_play_a_whole_match_through_sockets_and_a_spectator_sees_no_cards(
    unthrottled,
):
    table, players, sockets = await seated_sockets()
    spectator = await Socket(await database_sync_to_async(new_player)(), table.pk).connect()
    everyone = [*sockets, spectator]
    by_seat = await seats_map(table.pk, sockets)
    rng = random.Random(3)
    secrets_at: dict[int, tuple[list, list, list]] = {}
    table = await table_now(table.pk)
    secrets_at[table.version] = (
        table.state["hands"][0],
        table.state["hands"][1],
        table.state["talon"],
    )
    for _step in range(5_000):
        table = await play_one_action(table.pk, by_seat, rng, everyone)
        secrets_at[table.version] = (
            table.state["hands"][0],
            table.state["hands"][1],
            table.state["talon"],
        )
        if table.state["match"]["over"]:
            break
    assert table.state["match"]["over"]
    # Hidden information: no frame to a seat shows the other seat's hand or the talon order,
    # none to the spectator shows any hand (the turned-up trump under the deck is public).
    for position, sock in by_seat.items():
        checked = 0
        for frame in sock.frames:
            version_match = re.search(r'data-version="(\d+)"', frame)
            if not version_match or int(version_match.group(1)) not in secrets_at:
                continue
            hands = secrets_at[int(version_match.group(1))]
            shown = set(CARD.findall(frame))
            hidden = set(hands[1 - position]) | set(hands[2][:-1])
            public = {c for c in shown if c not in hands[position]}
            assert not (public & hidden), (position, public & hidden)
            checked += 1
        assert checked > 20
    for frame in spectator.frames:
        version_match = re.search(r'data-version="(\d+)"', frame)
        if not version_match or int(version_match.group(1)) not in secrets_at:
            continue
        hands = secrets_at[int(version_match.group(1))]
        assert not set(CARD.findall(frame)) & (set(hands[0]) | set(hands[1]) | set(hands[2][:-1]))
        assert 'id="hand-form"' not in frame
    winner = table.state["match"]["winner"]
    balances = await database_sync_to_async(
        lambda: [ledger.balances_of(by_seat[p].player)["BYN"] for p in (0, 1)]
    )()
    assert balances[winner] == 10_900 and balances[1 - winner] == 9_000
    for sock in everyone:
        await sock.close()
    await database_sync_to_async(assert_books_clean)()


# --- hidden information over many random games ------------------------------------------------

# A card in any form a frame may carry it: a code standing alone in an attribute or text
# (data-card, data-attack, data-defence, data-beats, value, the sprite's "#card-QH") ...
ANY_CODE = re.compile(r"(?<![0-9A-Za-z])([2-9TJQKA][SHDC])(?![0-9A-Za-z])")
# ... or its label ("10♥", aria-label)
ANY_LABEL = re.compile(r"(10|[2-9JQKA])([♠♥♦♣])")
SUIT_OF_SYMBOL = {symbol: code for code, symbol in SUIT_SYMBOLS.items()}
FRAME_VERSION = re.compile(r'id="table-board"[^>]*data-version="(\d+)"')
MARKER_VERSION = re.compile(r'id="board-version"[^>]*data-version="(\d+)"')


def cards_shown(frame: str) -> set[str]:
    return set(ANY_CODE.findall(frame)) | {
        ("T" if rank == "10" else rank) + SUIT_OF_SYMBOL[symbol]
        for rank, symbol in ANY_LABEL.findall(frame)
    }


def secrets_of(table: Table) -> dict:
    """What no frame of this version may give away, and whose it is."""
    state = table.state
    return {
        "hands": [list(hand) for hand in state["hands"]],
        "talon": list(state["talon"]),
        "trump_card": state["trump_card"],
        "hand_id": state["hand_id"],
        "over": state["over"],
    }


@database_sync_to_async
def public_cards_by_version(table_id: int, versions) -> dict[int, set[str]]:
    """The cards public at each version, in the game (hand) in play then: the turned-up trump
    and every card ever played to the table in that game (attacks, throw-ins, defences, also
    those a defender took, or that were thrown in and taken in one change), from the log."""
    log = list(TableEvent.objects.filter(table_id=table_id).order_by("version"))
    public: dict[int | None, set[str]] = {}
    at: dict[int, set[str]] = {}
    index = 0
    for version in sorted(versions):
        while index < len(log) and log[index].version <= version:
            record = log[index]
            cards = public.setdefault(record.hand_id, set())
            for event in record.events:
                if event.get("type") == "attack":
                    cards.update(event["cards"])
                elif event.get("type") == "defend":
                    cards.add(event["card"])
                elif event.get("type") == "deal":
                    cards.add(event["trump_card"])
            index += 1
        at[version] = {hand_id: set(cards) for hand_id, cards in public.items()}
    return at


@database_sync_to_async
def hand_secrets(table_id: int) -> dict[int, tuple[str, str]]:
    return {
        hand.pk: (hand.secret, hand.deck_record) for hand in Hand.objects.filter(table_id=table_id)
    }


@pytest.mark.parametrize("seed", range(101, 109))
async def test_hidden_information_no_socket_ever_sees_a_card_before_it_is_public(unthrottled, seed):
    """Two whole games per seed (the deal of the next game included), every frame to both seats
    and to a spectator recorded: a seat's frames show none of the opponent's cards that were not
    public yet, nor any card of the deck but the turned-up trump; a spectator's show no hand
    card that was not public and nothing of the deck; no frame shows the game's shuffle secret
    or deck record while the game is in play."""
    games = 2
    table, players, sockets = await seated_sockets()
    spectator = await Socket(await database_sync_to_async(new_player)(), table.pk).connect()
    everyone = [*sockets, spectator]
    by_seat = await seats_map(table.pk, sockets)
    rng = random.Random(seed)
    table = await table_now(table.pk)
    first_version = table.version
    secrets_at = {table.version: secrets_of(table)}
    for _step in range(5_000):
        table = await play_one_action(table.pk, by_seat, rng, everyone)
        secrets_at[table.version] = secrets_of(table)
        if table.state["match"]["over"] or table.state["match"]["games"] > games:
            break
    assert table.state["match"]["over"] or table.state["match"]["games"] > games
    public_at = await public_cards_by_version(table.pk, secrets_at)
    hands = await hand_secrets(table.pk)

    def check(frame: str, position: int | None) -> bool:
        """Check one frame; False when it is from before the match (no game to hide)."""
        shown = cards_shown(frame)
        # the old, narrower reading of the same frame finds nothing the wide one misses
        assert set(CARD.findall(frame)) <= shown
        # (a frame of parts carries its version on the marker)
        version_match = FRAME_VERSION.search(frame) or MARKER_VERSION.search(frame)
        version = int(version_match.group(1)) if version_match else None
        if version is None or version < first_version:
            assert not shown, (position, version, shown)  # no game yet: no card at all
            return False
        # every frame of the match is of a version whose secrets were recorded
        assert version in secrets_at, (position, version)
        secrets = secrets_at[version]
        public = public_at[version].get(secrets["hand_id"], set())
        deck = set(secrets["talon"]) - {secrets["trump_card"]}
        held = [set(hand) for hand in secrets["hands"]]
        if position is None:
            hidden = ((held[0] | held[1]) - public) | deck
            assert 'id="hand-form"' not in frame
        else:
            hidden = (held[1 - position] - public) | deck
            assert held[position] <= shown or secrets["over"]  # the own hand is shown
        assert not shown & hidden, (seed, position, version, sorted(shown & hidden))
        secret, record = hands[secrets["hand_id"]]
        if not secrets["over"]:
            assert secret not in frame and record not in frame
        return True

    for position, sock in by_seat.items():
        checked = sum(check(frame, position) for frame in sock.frames)
        assert checked > 20
    checked = sum(check(frame, None) for frame in spectator.frames)
    assert checked > 20
    for sock in everyone:
        await sock.close()


async def test_bad_frames_get_errors_on_that_socket_only_and_change_nothing():
    table, players, sockets = await seated_sockets()
    by_seat = await seats_map(table.pk, sockets)
    table = await table_now(table.pk)
    version = table.version
    (seat,) = durak.to_act(table.state)
    waiting = by_seat[1 - seat]
    # out of turn
    await waiting.act({"type": "take"})
    assert "not your turn" in await waiting.error()
    # the other seat's cards
    await by_seat[seat].act({"type": "attack", "cards": table.state["hands"][1 - seat][:1]})
    assert "from your hand" in await by_seat[seat].error()
    # malformed, unknown, oversized, binary
    await waiting.communicator.send_to(text_data="{nope")
    assert "not valid JSON" in await waiting.error()
    await waiting.send({"type": "steal_the_pot"})
    assert "Unknown message type" in await waiting.error()
    await waiting.send({"type": "act", "action": "take", "payload": {"x": "y" * 5000}})
    assert "too large" in await waiting.error()
    await waiting.communicator.send_to(bytes_data=b"\x00\x01")
    assert "text frames" in await waiting.error()
    await waiting.send({"type": "act", "action": "attack", "payload": {"cards": 5}})
    assert 'id="table-error"' in await waiting.error()
    table = await table_now(table.pk)
    assert table.version == version
    # nobody else heard about any of it
    assert await by_seat[seat].communicator.receive_nothing(timeout=0.05)
    for sock in sockets:
        await sock.close()


async def test_a_repeated_client_action_id_is_applied_once_and_answered_again():
    table, players, sockets = await seated_sockets()
    by_seat = await seats_map(table.pk, sockets)
    table = await table_now(table.pk)
    (seat,) = durak.to_act(table.state)
    action = durak.legal_actions(table.state, seat)[0]
    await by_seat[seat].act(action, client_action_id="double-click")
    await by_seat[seat].until_version(table.version + 1)
    table = await table_now(table.pk)
    await by_seat[seat].act(action, client_action_id="double-click")
    again = await by_seat[seat].receive()
    assert f'data-version="{table.version}"' in again  # the current view, nothing applied
    count = await database_sync_to_async(
        TableEvent.objects.filter(client_action_id="double-click").count
    )()
    assert count == 1
    for sock in sockets:
        await sock.close()


async def test_a_reconnect_mid_hand_gets_the_same_view():
    table, players, sockets = await seated_sockets()
    by_seat = await seats_map(table.pk, sockets)
    rng = random.Random(5)
    for _ in range(5):
        table = await play_one_action(table.pk, by_seat, rng, sockets)
    before = by_seat[0].last_hand()
    await by_seat[0].close()
    again = await Socket(by_seat[0].player, table.pk).connect()
    assert again.last_hand() == before
    assert again.version >= table.version
    await again.close()
    await by_seat[1].close()


async def test_an_anonymous_socket_and_a_missing_table_are_refused():
    communicator = WebsocketCommunicator(
        application,
        "/ws/table/1/",
        headers=[(b"origin", b"http://127.0.0.1:8000"), (b"host", b"127.0.0.1:8000")],
    )
    connected, code = await communicator.connect()
    assert not connected and code == 4401
    player = await database_sync_to_async(new_player)()
    sock = Socket(player, 999_999)
    with pytest.raises(AssertionError):
        await sock.connect()


async def test_the_in_process_timer_makes_a_silent_player_lose_the_match_by_timeouts():
    table, players, sockets = await seated_sockets(action_seconds=0.2)
    by_seat = await seats_map(table.pk, sockets)
    silent = 0
    rng = random.Random(9)
    for _ in range(2_000):
        table = await table_now(table.pk)
        if table.state["match"]["over"]:
            break
        (seat,) = durak.to_act(table.state)
        if seat != silent:
            await by_seat[seat].act(pick_action(table.state, seat, rng))
        # wait for the next change, made by the active player or by the clock
        await by_seat[1 - silent].until_version(table.version + 1, timeout=15)
    table = await table_now(table.pk)
    assert table.state["match"]["over"] and table.state["match"]["winner"] == 1 - silent
    timeouts = await database_sync_to_async(
        TableEvent.objects.filter(table=table, step="timeout", seat=silent).count
    )()
    assert timeouts >= 10  # two per game, five games
    balance = await database_sync_to_async(lambda: ledger.balances_of(by_seat[silent].player))()
    assert balance["BYN"] == 9_000
    for sock in sockets:
        await sock.close()
    await database_sync_to_async(assert_books_clean)()


async def test_a_flood_of_frames_is_rate_limited_on_that_socket(monkeypatch):
    # a slow refill: however slowly a loaded machine answers, 120 frames overrun the burst
    monkeypatch.setattr(consumers, "RATE_PER_SECOND", 0.1)
    table, players, sockets = await seated_sockets()
    flooder = sockets[0]
    for _ in range(120):
        await flooder.send({"type": "sync"})
    errors = 0
    for _ in range(120):
        frame = await flooder.receive()
        errors += "Too many messages" in frame
    assert errors > 0
    for sock in sockets:
        await sock.close()


async def test_the_lobby_socket_gets_a_tables_row_when_it_changes():
    table, players = await make_table_and_players()
    watcher = await database_sync_to_async(new_player)()
    cookie = await session_cookie(watcher)
    lobby = WebsocketCommunicator(
        application,
        "/ws/lobby/?tables=1",
        headers=[(b"origin", b"http://127.0.0.1:8000"), (b"host", b"127.0.0.1:8000"), cookie],
    )
    assert (await lobby.connect())[0]
    await lobby.receive_from()  # balances
    listed = await lobby.receive_from()  # the whole list, on (re)connect
    assert '<tbody id="lobby-table-rows" hx-swap-oob="innerHTML">' in listed
    assert f'id="table-row-{table.pk}"' in listed
    await database_sync_to_async(services.table_sit)(table_id=table.pk, player=players[0])
    row = await lobby.receive_from()
    for _ in range(20):  # news of an earlier test's table may still be on its way
        if f'id="table-row-{table.pk}"' in row:
            break
        row = await lobby.receive_from()
    assert f'id="table-row-{table.pk}"' in row and 'hx-swap-oob="true"' in row
    assert players[0].shown_name in row and "1/2" in row
    await lobby.disconnect()


async def test_the_lobby_adds_a_table_opened_after_the_page_loaded_and_not_a_closed_one():
    watcher = await database_sync_to_async(new_player)()
    lobby = WebsocketCommunicator(
        application,
        "/ws/lobby/?tables=1",
        headers=[
            (b"origin", b"http://127.0.0.1:8000"),
            (b"host", b"127.0.0.1:8000"),
            await session_cookie(watcher),
        ],
    )
    assert (await lobby.connect())[0]
    await lobby.receive_from()  # balances
    assert 'id="no-lobby-tables"' in await lobby.receive_from()  # no table open yet
    closed, _players = await make_table_and_players()
    await database_sync_to_async(Table.objects.filter(pk=closed.pk).update)(status="closed")
    await database_sync_to_async(services.broadcast)(closed.pk)
    opened, players = await make_table_and_players()
    await database_sync_to_async(services.broadcast)(opened.pk)  # as the admin does

    added = await lobby.receive_from()  # the closed table sent nothing before it

    assert '<tbody hx-swap-oob="beforeend:#lobby-table-rows">' in added
    assert f'id="table-row-{opened.pk}"' in added and f"table-row-{closed.pk}" not in added
    assert added.endswith('<tbody hx-swap-oob="delete:#no-lobby-tables"></tbody>')
    await database_sync_to_async(services.table_sit)(table_id=opened.pk, player=players[0])
    row = await lobby.receive_from()
    assert row.startswith(f'<tr id="table-row-{opened.pk}"') and "1/2" in row
    staff = await database_sync_to_async(new_player)(is_staff=True, is_superuser=True)
    other, _others = await make_table_and_players()
    await database_sync_to_async(services.broadcast)(other.pk)
    assert f'id="table-row-{other.pk}"' in await lobby.receive_from()
    # a listed table that closes leaves the list, as a reload would show it
    await database_sync_to_async(services.table_staff_act)(
        table_id=other.pk, staff=staff, act="close", reason="test"
    )
    assert (
        await lobby.receive_from() == f'<tbody hx-swap-oob="delete:#table-row-{other.pk}"></tbody>'
    )
    await database_sync_to_async(services.announce_table_gone)(closed.pk)  # never listed: nothing
    await database_sync_to_async(services.announce_table_gone)(opened.pk)
    assert (
        await lobby.receive_from() == f'<tbody hx-swap-oob="delete:#table-row-{opened.pk}"></tbody>'
    )
    await lobby.disconnect()


async def test_sitting_out_and_coming_back_show_on_the_board():
    table, players, sockets = await seated_sockets()
    me = sockets[0]
    other = sockets[1]
    version = (await table_now(table.pk)).version
    await me.send({"type": "sit_out"})
    frame = await other.until_version(version + 1)
    assert "away" in frame
    seat = await database_sync_to_async(lambda: table.seats.get(player=me.player))()
    assert seat.status == "sitting_out" and seat.away_since is not None
    await me.send({"type": "back"})
    await other.until_version(version + 2)
    seat = await database_sync_to_async(lambda: table.seats.get(player=me.player))()
    assert seat.status == "sitting" and seat.away_since is None
    for sock in sockets:
        await sock.close()


async def test_the_socket_speaks_the_players_language():
    table, _players = await make_table_and_players()
    russian = await database_sync_to_async(new_player)(language="ru")
    sock = await Socket(russian, table.pk).connect()
    assert "Сесть" in sock.frames[0] or "сесть" in sock.frames[0].lower()
    await sock.send({"type": "steal_the_pot"})
    error = await sock.error()
    assert "Unknown message type" not in error
    assert re.search("[а-яА-Я]", error.split("data-error")[1])
    await sock.close()


async def test_a_self_excluded_player_sitting_from_the_socket_gets_an_error_not_a_crash():
    table, players = await make_table_and_players()

    @database_sync_to_async
    def exclude(player):
        player.self_excluded_until = timezone.localdate() + dt.timedelta(days=7)
        player.save()

    await exclude(players[0])
    sock = await Socket(players[0], table.pk).connect()
    await sock.send({"type": "sit"})
    assert "excluded yourself from play" in await sock.error()
    await sock.send({"type": "sync"})  # the socket is still open and answers
    assert 'id="table-board"' in await sock.receive()
    assert await database_sync_to_async(table.seats.count)() == 0
    await sock.close()


async def test_a_player_who_leaves_keeps_watching_the_table_from_the_same_socket():
    table, players, sockets = await seated_sockets()
    by_seat = await seats_map(table.pk, sockets)
    leaver, stayer = by_seat[1], by_seat[0]
    before = (await table_now(table.pk)).version
    await leaver.send({"type": "leave"})
    frame = await leaver.until_version(before + 1)
    table = await table_now(table.pk)
    frame = await leaver.until_version(table.version)
    assert 'data-seat=""' in frame and 'id="hand-form"' not in frame
    await stayer.until_version(table.version)
    # the socket is back in the table's group: a newcomer sitting down reaches it
    newcomer = await database_sync_to_async(new_player)(language="en")
    await database_sync_to_async(fund)(newcomer, 10_000)
    await database_sync_to_async(services.table_sit)(table_id=table.pk, player=newcomer)
    table = await table_now(table.pk)
    frame = await leaver.until_version(table.version)
    assert 'data-seat=""' in frame
    await stayer.until_version(table.version)
    for sock in sockets:
        await sock.close()


@requires_postgres
async def test_a_table_held_up_in_the_database_does_not_hold_up_another_tables_sockets(
    unthrottled,
):
    """PostgreSQL: the actions of different tables run at once (consumers.table_work). Table A's
    row is held locked by another transaction; an action at A waits for it, and meanwhile an
    action at B is applied and its board sent (on one database thread it queued behind A's)."""
    table_a, _players_a, sockets_a = await seated_sockets()
    table_b, _players_b, sockets_b = await seated_sockets()
    seats_a, seats_b = (
        await seats_map(table_a.pk, sockets_a),
        await seats_map(table_b.pk, sockets_b),
    )
    locked, release = threading.Event(), threading.Event()

    def hold_table_a():
        with transaction.atomic():
            Table.objects.select_for_update().get(pk=table_a.pk)
            locked.set()
            release.wait(timeout=60)
        connection.close()

    holder = threading.Thread(target=hold_table_a)
    holder.start()
    try:
        await asyncio.get_running_loop().run_in_executor(None, locked.wait, 30)
        (seat_a,) = durak.to_act(table_a.state)
        await seats_a[seat_a].act(durak.legal_actions(table_a.state, seat_a)[0])
        (seat_b,) = durak.to_act(table_b.state)
        await seats_b[seat_b].act(durak.legal_actions(table_b.state, seat_b)[0])
        await seats_b[seat_b].until_version(table_b.version + 1)
        assert not release.is_set()  # B's board came while A was still held up
        assert (await table_now(table_a.pk)).version == table_a.version
    finally:
        release.set()
        await asyncio.get_running_loop().run_in_executor(None, holder.join, 30)
    await seats_a[seat_a].until_version(table_a.version + 1)  # then A's action went through
    for sock in (*sockets_a, *sockets_b):
        await sock.close()
