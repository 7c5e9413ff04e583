"""Small helpers that make a line for the sportsbook's tests: a sport, a competition, an event
with a few markets built from the pure registry (KINDS[...].example_params, .outcomes(params))."""

from __future__ import annotations

import datetime as dt
import itertools
from decimal import Decimal

from django.utils import timezone

from sportsbook.models import Competition, Event, EventStatus, Market, Outcome, Sport
from sportsbook.settlement.markets import KINDS

_numbers = itertools.count(1)

DEFAULT_MARKETS = ("1x2", "total", "asian_handicap")


def sport(code: str = "football") -> Sport:
    found, _created = Sport.objects.get_or_create(
        code=code, defaults={"name_ru": f"{code} (ru)", "name_en": code.replace("_", " ").title()}
    )
    return found


def competition(sport_code: str = "football") -> Competition:
    n = next(_numbers)
    return Competition.objects.create(
        sport=sport(sport_code), name_ru=f"Лига {n}", name_en=f"League {n}"
    )


def market(event: Event, kind: str, *, params: dict | None = None, odds=None, **fields) -> Market:
    """A market of `kind` with its registry outcomes; odds 1.5, 2.0, 2.5, ... unless given."""
    params = dict(KINDS[kind].example_params[0] if params is None else params)
    made = Market.objects.create(event=event, kind=kind, params=params, **fields)
    codes = KINDS[kind].outcomes(params)
    for position, code in enumerate(codes):
        price = odds[position] if odds else Decimal("1.5") + Decimal("0.5") * position
        Outcome.objects.create(market=made, code=code, odds=Decimal(price), position=position)
    return made


def event(
    *,
    sport_code: str = "football",
    kinds=DEFAULT_MARKETS,
    starts_in: dt.timedelta = dt.timedelta(days=1),
    status: str = EventStatus.SCHEDULED,
    in_play: bool = False,
    home: str = "",
    away: str = "",
    **fields,
) -> Event:
    n = next(_numbers)
    made = Event.objects.create(
        competition=competition(sport_code),
        home=home or f"Home {n}",
        away=away or f"Away {n}",
        starts_at=timezone.now() + starts_in,
        status=status,
        **fields,
    )
    for position, kind in enumerate(kinds):
        market(made, kind, in_play=in_play, position=position)
    return made


def outcome(event: Event, kind: str = "1x2", code: str = "1") -> Outcome:
    return Outcome.objects.get(market__event=event, market__kind=kind, code=code)
