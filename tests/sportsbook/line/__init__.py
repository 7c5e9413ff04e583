"""Tests of the line (`sportsbook.line`), and a small line for the sportsbook's service and
settlement tests everywhere: `make_event`, `outcome`, `football_result`, `place`, `set_rates`."""

from __future__ import annotations

import datetime as dt
import uuid
from decimal import Decimal

from django.utils import timezone

from sportsbook.betting import services
from sportsbook.betting.services import Selection
from sportsbook.models import (
    BetKind,
    Competition,
    Event,
    EventStatus,
    ExchangeRate,
    Market,
    Outcome,
)
from sportsbook.settlement.markets import KINDS
from tests.sportsbook import factories


def make_event(
    *,
    sport: str = "football",
    markets: tuple = (("1x2", {}), ("total", {"line": "2.5"})),
    odds: str = "2.00",
    max_stake: int = 100_000,
    status: str = EventStatus.SCHEDULED,
    starts_in: dt.timedelta = dt.timedelta(hours=2),
    in_play: bool = False,
) -> Event:
    competition = Competition.objects.create(
        sport=factories.sport(sport), name_ru="Лига", name_en="League"
    )
    event = Event.objects.create(
        competition=competition,
        home=f"Home {uuid.uuid4().hex[:4]}",
        away="Away",
        starts_at=timezone.now() + starts_in,
        status=status,
    )
    for position, (kind, params) in enumerate(markets):
        market = Market.objects.create(
            event=event, kind=kind, params=params, position=position, in_play=in_play
        )
        Outcome.objects.bulk_create(
            [
                Outcome(
                    market=market, code=code, odds=Decimal(odds), max_stake=max_stake, position=n
                )
                for n, code in enumerate(KINDS[kind].outcomes(params))
            ]
        )
    return event


def outcome(event: Event, kind: str, code: str) -> Outcome:
    return Outcome.objects.get(market__event=event, market__kind=kind, code=code)


def set_rates() -> None:
    for currency, per_usd in {"BYN": "3.20", "EUR": "0.92", "RUB": "90", "UAH": "41"}.items():
        ExchangeRate.objects.update_or_create(currency=currency, defaults={"per_usd": per_usd})


def football_result(home: int, away: int, **extra) -> dict:
    """A completed football match with goals at minutes 10, 20, ... (home goals first)."""
    goals = [{"minute": 10 * (n + 1), "team": "1"} for n in range(home)] + [
        {"minute": 10 * (home + n + 1), "team": "2"} for n in range(away)
    ]
    halves = [{"home": 0, "away": 0}, {"home": 0, "away": 0}]
    for goal in goals:
        half = halves[0 if goal["minute"] <= 45 else 1]
        half["home" if goal["team"] == "1" else "away"] += 1
    return {"sport": "football", "periods": halves, "goals": goals, **extra}


def place(player, outcomes, *, kind=BetKind.SINGLE, stake=1_000, currency="BYN", key=None, **kw):
    """Place a bet at the odds the outcomes show, as the slip does; `bankers`: outcome ids."""
    bankers = kw.pop("bankers", set())
    bet, _created = services.bet_place(
        player=player,
        kind=kind,
        selections=[Selection(o.pk, o.odds, banker=o.pk in bankers) for o in outcomes],
        stake=stake,
        currency=currency,
        idempotency_key=key or uuid.uuid4().hex,
        **kw,
    )
    return bet
