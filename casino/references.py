"""Where a transfer's reference ("hand:12", "bet:5") leads: later apps register their pages here,
so the cashier's statement links to the hand or bet a payment came from."""

from collections.abc import Callable

_resolvers: dict[str, Callable[[str], str | None]] = {}


def register(prefix: str, resolver: Callable[[str], str | None]) -> None:
    _resolvers[prefix] = resolver


def url_for(reference: str) -> str | None:
    prefix, _sep, ident = reference.partition(":")
    resolver = _resolvers.get(prefix)
    return resolver(ident) if resolver and ident else None
