"""Exact websocket origins (issue 19 §2): a logged-in player's socket opens only from a page of
this site, scheme, host and port (its own origin, or one of CSRF_TRUSTED_ORIGINS); another port,
another scheme, a look-alike host, no Origin and `null` are refused before any consumer runs."""

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client, override_settings

from casino.asgi import application
from casino.origins import origin_allowed, parse_origin
from tables.models import Table
from tests.conftest import new_player

HOST = (b"host", b"127.0.0.1:8000")

REFUSED = {
    "another port (the report)": "http://localhost:9999",
    "another port, same host": "http://127.0.0.1:9999",
    "the default port": "http://127.0.0.1",
    "another scheme": "https://127.0.0.1:8000",
    "a websocket scheme": "ws://127.0.0.1:8000",
    "a look-alike host (a subdomain)": "http://127.0.0.1.evil.example:8000",
    "a look-alike host (a prefix)": "http://evil-127.0.0.1:8000",
    "a look-alike port": "http://127.0.0.1:80001",
    "another allowed host": "http://testserver:8000",  # in ALLOWED_HOSTS, not this page's
    "a path after the origin": "http://127.0.0.1:8000/table",
    "credentials in the origin": "http://player@127.0.0.1:8000",
    "null (a sandboxed frame)": "null",
    "empty": "",
    "no Origin header": None,
}
ACCEPTED = {
    "the site's own origin": "http://127.0.0.1:8000",
    "written in capitals": "HTTP://127.0.0.1:8000",
}


@database_sync_to_async
def player_cookie_and_table():
    player = new_player()
    client = Client()
    client.force_login(player)
    cookie = f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"
    table = Table.objects.create(
        name="Origin check", game="highcard", currency="BYN",
        settings={"min_bet": 100, "max_bet": 1_000, "ante": 10, "action_seconds": 45},
    )  # fmt: skip
    return (b"cookie", cookie.encode()), table.pk


async def opens(path: str, origin: str | None, cookie, host=HOST) -> bool:
    headers = [host, cookie] + ([(b"origin", origin.encode())] if origin is not None else [])
    communicator = WebsocketCommunicator(application, path, headers=headers)
    connected, _code = await communicator.connect()
    if connected:
        await communicator.disconnect()
    return connected


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("case", list(REFUSED) + list(ACCEPTED))
async def test_a_logged_in_players_sockets_open_from_the_sites_own_origin_only(case):
    cookie, table_id = await player_cookie_and_table()
    origin = REFUSED.get(case, ACCEPTED.get(case))
    expected = case in ACCEPTED
    for path in ("/ws/lobby/", f"/ws/table/{table_id}/"):
        assert await opens(path, origin, cookie) is expected, path


@pytest.mark.django_db(transaction=True)
async def test_a_rebound_dns_name_is_not_this_sites_origin():
    """evil.example resolving to this server: its page and the Host agree, but the Host is not
    one of ALLOWED_HOSTS."""
    cookie, _table_id = await player_cookie_and_table()
    host = (b"host", b"evil.example:8000")
    assert not await opens("/ws/lobby/", "http://evil.example:8000", cookie, host=host)
    assert await opens(
        "/ws/lobby/", "http://localhost:8000", cookie, host=(b"host", b"localhost:8000")
    )


@pytest.mark.django_db(transaction=True)
async def test_a_trusted_origin_opens_a_socket_whatever_the_host():
    """Behind a proxy that ends TLS the server sees ws:// and its own Host: the public origin is
    in CSRF_TRUSTED_ORIGINS."""
    cookie, _table_id = await player_cookie_and_table()
    with override_settings(CSRF_TRUSTED_ORIGINS=["https://casino.example"]):
        assert await opens("/ws/lobby/", "https://casino.example", cookie)
        assert await opens("/ws/lobby/", "https://casino.example:443", cookie)
        assert not await opens("/ws/lobby/", "http://casino.example", cookie)
        assert not await opens("/ws/lobby/", "https://casino.example:8443", cookie)
        assert not await opens("/ws/lobby/", "https://casino.example.evil.example", cookie)


def scope(origin: str | None, host: str, scheme: str = "ws") -> dict:
    headers = [(b"host", host.encode())]
    if origin is not None:
        headers.append((b"origin", origin.encode()))
    return {"type": "websocket", "scheme": scheme, "headers": headers}


@override_settings(CSRF_TRUSTED_ORIGINS=[])  # the site's own origin alone
@pytest.mark.parametrize(
    ("origin", "host", "scheme", "allowed"),
    [
        ("https://127.0.0.1:8443", "127.0.0.1:8443", "wss", True),  # a TLS socket, its page
        ("http://127.0.0.1:8443", "127.0.0.1:8443", "wss", False),  # a plain page
        ("https://127.0.0.1:8443", "127.0.0.1:8443", "ws", False),
        ("http://localhost", "localhost", "ws", True),  # port 80, written or not
        ("http://localhost:80", "localhost", "ws", True),
        ("http://localhost", "localhost:80", "ws", True),
        ("http://localhost:8080", "localhost", "ws", False),
        ("http://[::1]:8000", "[::1]:8000", "ws", False),  # not in ALLOWED_HOSTS
        ("http://127.0.0.1:8000", "", "ws", False),  # no Host: no site origin to match
        ("http://127.0.0.1:8000", "127.0.0.1:notaport", "ws", False),
    ],
)
def test_the_sites_origin_is_the_hosts_with_the_pages_scheme_and_port(
    origin, host, scheme, allowed
):
    assert origin_allowed(scope(origin, host, scheme)) is allowed


@override_settings(ALLOWED_HOSTS=["[::1]"])
def test_an_ipv6_host_is_matched_as_allowed_hosts_writes_it():
    assert origin_allowed(scope("http://[::1]:8000", "[::1]:8000"))
    assert not origin_allowed(scope("http://[::2]:8000", "[::1]:8000"))


@override_settings(CSRF_TRUSTED_ORIGINS=["https://*.casino.example"])
@pytest.mark.parametrize(
    ("origin", "allowed"),
    [
        ("https://www.casino.example", True),
        ("https://casino.example", True),  # as Django's CSRF check reads the wildcard
        ("https://wwwcasino.example", False),
        ("http://www.casino.example", False),
        ("https://www.casino.example:8443", False),
        ("https://www.casino.example.evil.example", False),
    ],
)
def test_a_wildcard_trusted_origin_covers_subdomains_on_its_scheme_and_port(origin, allowed):
    assert origin_allowed(scope(origin, "10.0.0.5:8000")) is allowed


@pytest.mark.parametrize(
    "text",
    ["null", "", "http://", "file:///etc", "http://host:99999", "http://h/x", "javascript:1"],
)
def test_what_is_not_an_origin_is_nobodys(text):
    assert parse_origin(text) is None
