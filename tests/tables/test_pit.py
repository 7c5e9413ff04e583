"""The pit boss's monitor: every table with its status, players (who is away) and score, kept
live over the `pit` group; pause, resume, void, close and open through the table actor."""

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client
from django.urls import reverse

from casino.asgi import application
from tables import services
from tables.models import Table, TableEvent, TableStatus
from tests.conftest import assert_books_clean, new_player
from tests.tables.conftest import balances
from tests.tables.test_interventions import staff_member
from tests.tables.test_services import seat_both

ORIGIN = (b"origin", b"http://127.0.0.1:8000")
HOST = (b"host", b"127.0.0.1:8000")


def pit_boss():
    """A pit boss who may also void (a supervisor's right)."""
    return staff_member("view_pit", "void_play")


def signed_in(player) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(player)
    return client


@pytest.mark.django_db
def test_only_the_pit_boss_sees_the_pit(durak_table, two_players):
    seat_both(durak_table, two_players)
    assert signed_in(two_players[0]).get(reverse("pit")).status_code == 403
    page = signed_in(pit_boss()).get(reverse("pit")).content.decode()
    assert 'id="table-error"' in page  # where a refusal on the pit's socket is shown
    assert f'id="pit-table-{durak_table.pk}"' in page and 'ws-connect="/ws/pit/"' in page
    for player in two_players:
        assert player.shown_name in page
    assert 'value="pause"' in page and 'value="void"' in page  # a match is in play
    response = signed_in(two_players[0]).post(
        reverse("pit_act", args=[durak_table.pk]), {"act": "void"}
    )
    assert response.status_code == 403
    durak_table.refresh_from_db()
    assert durak_table.status == TableStatus.PLAYING


@pytest.mark.django_db
def test_the_pit_boss_pauses_resumes_and_voids_a_match_through_the_actor(durak_table, two_players):
    before = balances(*two_players)
    table = seat_both(durak_table, two_players)
    client = signed_in(pit_boss())
    client.defaults["HTTP_HX_REQUEST"] = "true"
    url = reverse("pit_act", args=[table.pk])
    row = client.post(url, {"act": "pause", "reason": "dealer change"}).content.decode()
    assert 'data-status="paused"' in row and 'value="resume"' in row
    assert "20.00\xa0BYN" in row  # both stakes of 10.00 in the pot
    row = client.post(url, {"act": "resume", "reason": "checked"}).content.decode()
    assert 'data-status="playing"' in row
    row = client.post(url, {"act": "void", "reason": "suspected collusion"}).content.decode()
    assert 'data-status="open"' in row and 'value="close"' in row
    assert "20.00\xa0BYN" not in row and '<dd class="num pace">1</dd>' in row  # one game this hour
    assert "hx-preserve" not in row  # the act's own answer clears the reason it used
    assert balances(*two_players) == before  # both stakes back, once
    staff_steps = TableEvent.objects.filter(table=table, cause=TableEvent.Cause.STAFF)
    assert [e.action["type"] for e in staff_steps.order_by("version")] == [
        "pause",
        "resume",
        "void",
    ]
    assert staff_steps.get(action__type="void").action["reason"] == "suspected collusion"
    # a second void (a double click) finds nothing to void: a message, nothing moves
    row = client.post(url, {"act": "void", "reason": "again"}).content.decode()
    assert 'role="alert"' in row and "No match is being played at this table." in row
    row = client.post(url, {"act": "explode"}).content.decode()
    assert "Unknown staff action." in row
    assert balances(*two_players) == before
    assert_books_clean()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("reason", "message"),
    [
        ("x" * 201, "The reason is at most 200 characters."),  # past the form's maxlength
        ("dealer\x00change", "The reason holds a character that is not allowed."),
    ],
)
def test_a_forged_reason_is_refused_with_a_message_and_changes_nothing(
    durak_table, two_players, reason, message
):
    table = seat_both(durak_table, two_players)
    version = table.version
    client = signed_in(pit_boss())
    client.defaults["HTTP_HX_REQUEST"] = "true"
    row = client.post(reverse("pit_act", args=[table.pk]), {"act": "pause", "reason": reason})
    assert row.status_code == 200 and message in row.content.decode()
    table.refresh_from_db()
    assert (table.status, table.version) == (TableStatus.PLAYING, version)
    # the form allows what the actor takes
    assert f'maxlength="{services.MAX_REASON_LENGTH}"' in row.content.decode()


@pytest.mark.django_db
def test_a_pit_act_without_the_csrf_token_is_refused(durak_table, two_players):
    table = seat_both(durak_table, two_players)
    client = Client(enforce_csrf_checks=True)
    client.force_login(pit_boss())
    assert client.post(reverse("pit_act", args=[table.pk]), {"act": "pause"}).status_code == 403
    table.refresh_from_db()
    assert table.status == TableStatus.PLAYING


@database_sync_to_async
def cookie_of(player):
    client = Client()
    client.force_login(player)
    value = client.cookies[settings.SESSION_COOKIE_NAME].value
    return (b"cookie", f"{settings.SESSION_COOKIE_NAME}={value}".encode())


@pytest.mark.django_db(transaction=True)
async def test_the_pit_socket_gets_a_tables_row_when_what_it_shows_changes(
    durak_table, two_players
):
    boss = await database_sync_to_async(pit_boss)()
    socket = WebsocketCommunicator(
        application, "/ws/pit/", headers=[ORIGIN, HOST, await cookie_of(boss)]
    )
    assert (await socket.connect())[0]
    listed = await socket.receive_from()  # the whole list, on (re)connect
    assert '<div id="pit-table-rows" hx-swap-oob="innerHTML">' in listed
    assert f'<article id="pit-table-{durak_table.pk}"' in listed
    assert f'id="pit-reason-{durak_table.pk}" hx-preserve="true"' in listed  # kept on reconnect
    await database_sync_to_async(services.table_sit)(
        table_id=durak_table.pk, player=two_players[0], connected=True
    )
    row = await socket.receive_from()
    assert f'<article id="pit-table-{durak_table.pk}"' in row and 'hx-swap-oob="true"' in row
    assert two_players[0].shown_name in row and "1/2" in row
    assert '<dd class="num pace">0</dd>' in row  # no game ended in the last hour
    # a reason the pit boss is typing survives the live update
    assert f'id="pit-reason-{durak_table.pk}" hx-preserve="true"' in row
    await socket.send_to(text_data="pause everything")
    assert "This socket accepts no messages." in await socket.receive_from()
    await socket.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_the_pit_socket_is_refused_to_players_and_strangers():
    player = await database_sync_to_async(new_player)()
    refusals = []
    for headers in ([ORIGIN, HOST], [ORIGIN, HOST, await cookie_of(player)]):
        socket = WebsocketCommunicator(application, "/ws/pit/", headers=headers)
        refusals.append(await socket.connect())
    assert refusals == [(False, 4401), (False, 4403)]


def _new_table(name):
    table = Table.objects.create(
        name=name, game="durak", currency="USD", settings={"stake": 500, "wins_to_win": 7}
    )
    services.broadcast(table.pk)  # what the admin does when it creates one
    return table


@pytest.mark.django_db(transaction=True)
async def test_a_table_created_after_the_pit_loaded_is_added_to_its_list_once():
    boss = await database_sync_to_async(pit_boss)()
    socket = WebsocketCommunicator(
        application, "/ws/pit/", headers=[ORIGIN, HOST, await cookie_of(boss)]
    )
    assert (await socket.connect())[0]
    assert 'id="no-pit-tables"' in await socket.receive_from()  # no table yet

    first = await database_sync_to_async(_new_table)("Late table")
    added = await socket.receive_from()
    assert '<div hx-swap-oob="beforeend:#pit-table-rows">' in added
    assert f'<article id="pit-table-{first.pk}"' in added and "Late table" in added
    assert added.endswith('<div hx-swap-oob="delete:#no-pit-tables"></div>')  # it goes
    second = await database_sync_to_async(_new_table)("Later table")
    added = await socket.receive_from()
    assert f'<article id="pit-table-{second.pk}"' in added and "no-pit-tables" not in added
    # a listed table's row changes in place
    await database_sync_to_async(services.table_staff_act)(
        table_id=first.pk, staff=boss, act="close", reason="test"
    )
    row = await socket.receive_from()
    assert row.startswith(f'<article id="pit-table-{first.pk}"') and 'hx-swap-oob="true"' in row
    # a table deleted (never played at) leaves the list
    await database_sync_to_async(services.announce_table_gone)(second.pk)
    assert await socket.receive_from() == f'<div hx-swap-oob="delete:#pit-table-{second.pk}"></div>'
    await socket.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_a_players_action_makes_exactly_one_pit_frame_with_the_tile_and_no_hidden_card(
    durak_table, two_players
):
    """Issue 17: the floor hears every action once, with the tile's figures; a tile shows the
    money and the clocks, never a card."""
    import random

    from tables.engines.registry import engine_for
    from tables.games.durak import engine as durak
    from tests.tables.conftest import pick_action

    boss = await database_sync_to_async(pit_boss)()
    table = await database_sync_to_async(seat_both)(durak_table, two_players)
    socket = WebsocketCommunicator(
        application, "/ws/pit/", headers=[ORIGIN, HOST, await cookie_of(boss)]
    )
    assert (await socket.connect())[0]
    await socket.receive_from()  # the whole floor
    rng = random.Random(11)
    for _ in range(3):
        await database_sync_to_async(table.refresh_from_db)()
        (seat,) = durak.to_act(table.state)
        mover = two_players[seat]
        await database_sync_to_async(services.table_act)(
            table_id=table.pk, player=mover, action=pick_action(table.state, seat, rng)
        )
        frame = await socket.receive_from()
        assert await socket.receive_nothing(timeout=0.3)  # exactly one frame for the action
        await database_sync_to_async(table.refresh_from_db)()
        assert f'<article id="pit-table-{table.pk}"' in frame
        assert f'data-version="{table.version}"' in frame
        assert "10.00\xa0BYN" in frame  # each seat's stake in the pot
        assert 'class="clock" data-deadline=' in frame  # the clock of the seat to move
        hidden = engine_for("durak").private_cards(table.state)
        for cards in hidden.values():
            for card in cards:
                assert f'"{card}"' not in frame and f">{card}<" not in frame
    await socket.disconnect()
