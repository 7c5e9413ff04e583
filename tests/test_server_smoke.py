"""`make run` smoke test: migrate + loaddemo + Daphne on a fresh SQLite file, then plain HTTP.

No Django test client here: the requests go over TCP to the real server in a subprocess, so the
ASGI entry point, the static files (servestatic) and the settings' defaults are all exercised.
"""

import re
import urllib.error
import urllib.request
from urllib.parse import urljoin, urlsplit

import pytest

from tests.server import DaphneServer


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, req, fp, code, msg, headers, newurl):
        return None


_no_redirect_opener = urllib.request.build_opener(_NoRedirect)


def fetch(url: str, *, follow: bool = True) -> tuple[int, dict[str, str], bytes]:
    opener = urllib.request.build_opener() if follow else _no_redirect_opener
    try:
        with opener.open(url, timeout=15) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:  # 3xx (not followed), 4xx, 5xx
        return error.code, dict(error.headers), error.read()


@pytest.fixture(scope="module")
def server_url():
    with DaphneServer() as url:
        yield url


def test_login_page_is_served(server_url):
    status, headers, body = fetch(f"{server_url}/accounts/login/")

    assert status == 200
    assert headers["Content-Type"].startswith("text/html")
    html = body.decode()
    assert 'name="username"' in html
    assert 'name="password"' in html
    assert 'name="csrfmiddlewaretoken"' in html


def test_lobby_redirects_anonymous_visitor_to_login(server_url):
    status, headers, _body = fetch(f"{server_url}/lobby/", follow=False)

    assert status == 302
    location = urlsplit(headers["Location"])
    assert location.path == "/accounts/login/"
    assert location.query == "next=/lobby/"


def test_htmx_script_from_login_page_is_served(server_url):
    _status, _headers, body = fetch(f"{server_url}/accounts/login/")
    sources = re.findall(r'<script[^>]*\ssrc="([^"]+)"', body.decode())
    htmx = [src for src in sources if re.search(r"/htmx-\d+(\.min)?\.js$", src)]
    assert htmx, f"no htmx script on the login page; scripts: {sources}"

    status, headers, script = fetch(urljoin(server_url + "/", htmx[0]))

    assert status == 200
    assert "javascript" in headers["Content-Type"]
    assert b"htmx" in script
    assert len(script) > 10_000


def test_card_sprite_is_served_as_svg(server_url):
    status, headers, body = fetch(f"{server_url}/static/img/cards.svg")

    assert status == 200
    assert headers["Content-Type"].startswith("image/svg+xml")
    assert b'<symbol id="card-QS"' in body
