"""The websocket origin check (issue 19 §2): a socket opens only from a page of this site.

A browser sends every socket's handshake with the session cookie, from whatever page opened it:
the Origin header is what tells this site's pages from another's (cross-site websocket
hijacking). Channels' AllowedHostsOriginValidator compared the origin's host with ALLOWED_HOSTS
only, so `http://localhost:9999` (another program on the player's machine) opened his table's
socket. Here the origin must be exactly, scheme, host and port, either

- the site's own origin: the handshake's Host with its scheme (`ws` is served to `http` pages,
  `wss` to `https`), that Host being one of ALLOWED_HOSTS (so a rebound DNS name, whose pages
  would be "same origin" with themselves, is refused); or
- one of CSRF_TRUSTED_ORIGINS (the site's public origin behind a proxy that terminates TLS, a
  second name), which may hold a wildcard subdomain (`https://*.example.com`) as Django allows.

A handshake without an Origin header is refused (channels' rule kept): every browser sends one,
so a client without it is a program, which can name the site's origin like any other; and
`Origin: null` (a sandboxed frame, a file) is nobody's origin.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import validate_host
from django.utils.http import is_same_domain

DEFAULT_PORTS = {"http": 80, "https": 443}
PAGE_SCHEME = {"ws": "http", "wss": "https"}  # the page that opens a socket of this scheme

Origin = tuple[str, str, int]  # scheme, host (lower case), port


def parse_origin(text: str) -> Origin | None:
    """(scheme, host, port) of an origin such as `https://casino.example:8443`; None for
    anything else (`null`, a path, no host, another scheme, a port out of range)."""
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in DEFAULT_PORTS or not parts.hostname:
        return None
    if parts.path not in ("", "/") or parts.query or parts.fragment or parts.username:
        return None
    return parts.scheme, parts.hostname.lower(), port or DEFAULT_PORTS[parts.scheme]


def site_origin(scope) -> Origin | None:
    """The origin of the page that may open this socket: the handshake's Host (if it is one of
    ALLOWED_HOSTS) with the page's scheme."""
    host = _header(scope, b"host")
    page_scheme = PAGE_SCHEME.get(scope.get("scheme") or "ws")
    if not host or page_scheme is None:
        return None
    origin = parse_origin(f"{page_scheme}://{host}")
    if origin is None:
        return None
    name = f"[{origin[1]}]" if ":" in origin[1] else origin[1]  # ALLOWED_HOSTS writes "[::1]"
    return origin if validate_host(name, settings.ALLOWED_HOSTS) else None


def origin_allowed(scope) -> bool:
    text = _header(scope, b"origin")
    origin = parse_origin(text) if text else None
    if origin is None:
        return False
    if origin == site_origin(scope):
        return True
    return any(_trusted(origin, pattern) for pattern in settings.CSRF_TRUSTED_ORIGINS)


def _trusted(origin: Origin, pattern: str) -> bool:
    scheme, host, port = origin
    if "*" not in pattern:
        return parse_origin(pattern) == origin
    pattern_scheme, _, netloc = pattern.partition("://")
    if pattern_scheme != scheme:
        return False
    shown = host if port == DEFAULT_PORTS[scheme] else f"{host}:{port}"
    # as Django's CSRF check reads `https://*.example.com`: any subdomain, the port as written
    return is_same_domain(shown, netloc.lstrip("*").lower())


def _header(scope, name: bytes) -> str:
    for key, value in scope.get("headers", ()):
        if key == name:
            return value.decode("latin1").strip()
    return ""


class SameOriginValidator:
    """ASGI middleware: a websocket handshake from another origin is refused (HTTP 403) before
    any consumer runs."""

    def __init__(self, application):
        self.application = application

    async def __call__(self, scope, receive, send):
        if scope["type"] != "websocket":
            raise ValueError("SameOriginValidator guards websockets only")
        if origin_allowed(scope):
            return await self.application(scope, receive, send)
        return await WebsocketDenier()(scope, receive, send)
