"""Names of markets and outcomes in the reader's language, from the pure registry's English
(`settlement.markets.KINDS`), translated through the project's catalogue."""

from __future__ import annotations

from django.utils.translation import gettext as _

from sportsbook.settlement.markets import KINDS


def market_title(market) -> str:
    kind = KINDS.get(market.kind)
    if kind is None:
        return market.kind
    title = _(kind.name)
    detail = market_detail(market.params)
    return f"{title} ({detail})" if detail else title


def market_detail(params: dict) -> str:
    """The parameters a bettor needs to read the market: the line, the period, the player..."""
    parts = []
    for key in ("period", "set", "game", "n", "x", "line", "handicap", "team", "player"):
        value = params.get(key)
        if value in (None, "", "match"):
            continue
        if key == "line" or key == "handicap":
            parts.append(f"{float(value):+g}" if key == "handicap" else f"{value}")
        elif key == "team":
            parts.append(_("team %(team)s") % {"team": value})
        else:
            parts.append(f"{_(key)} {value}")
    if params.get("includes_overtime"):
        parts.append(_("incl. OT"))
    return ", ".join(parts)


def outcome_label(outcome) -> str:
    market = outcome.market
    kind = KINDS.get(market.kind)
    if kind is None:
        return outcome.code
    return _(kind.outcome_label(market.params, outcome.code))
