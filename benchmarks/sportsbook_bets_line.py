"""The line `benchmarks/sportsbook_bets.py` bets on: the currency and funding, exchange rates, a
football event with its markets, and a new funded player."""

from __future__ import annotations

from decimal import Decimal

CURRENCY = "BYN"
FUNDING = 100_000_000  # minor units per acceptance worker's wallet
LINE_EVENTS = 20
RATES = {"BYN": "3.20", "EUR": "0.92", "RUB": "90", "UAH": "41"}
LIVE_KINDS = ("1x2", "total", "rest_of_match")


# --- the line ---------------------------------------------------------------------------------


def _sport():
    from sportsbook.models import Sport

    sport, _created = Sport.objects.get_or_create(
        code="football", defaults={"name_ru": "Футбол", "name_en": "Football"}
    )
    return sport


def _event(name: str, markets: list[tuple[str, dict]], *, odds: str = "1.90"):
    """A scheduled football event two days ahead with the given markets (every outcome at
    `odds`, except a spread so payouts differ)."""
    import datetime as dt

    from django.utils import timezone

    from sportsbook.models import Competition, Event, Market, Outcome
    from sportsbook.settlement.markets import KINDS

    competition, _created = Competition.objects.get_or_create(
        sport=_sport(), name_en="Bench League", defaults={"name_ru": "Лига"}
    )
    event = Event.objects.create(
        competition=competition,
        home=f"{name} home",
        away=f"{name} away",
        starts_at=timezone.now() + dt.timedelta(days=2),
    )
    spread = ["1.25", "1.90", "2.40", "3.75", odds]
    for position, (kind, params) in enumerate(markets):
        market = Market.objects.create(
            event=event,
            kind=kind,
            params=params,
            position=position,
            in_play=kind in LIVE_KINDS,
        )
        Outcome.objects.bulk_create(
            [
                Outcome(market=market, code=code, odds=Decimal(spread[n % len(spread)]), position=n)
                for n, code in enumerate(KINDS[kind].outcomes(params))
            ]
        )
    return event


def _all_football_markets() -> list[tuple[str, dict]]:
    from sportsbook.settlement.markets import KINDS

    return [
        (code, params)
        for code, kind in KINDS.items()
        if "football" in kind.sports
        for params in kind.example_params
    ]


SIMPLE_MARKETS = [("1x2", {}), ("total", {"line": "2.5"}), ("asian_handicap", {"line": "-0.75"})]


def _set_rates() -> None:
    from sportsbook.models import ExchangeRate

    for currency, per_usd in RATES.items():
        ExchangeRate.objects.update_or_create(currency=currency, defaults={"per_usd": per_usd})


def _new_player(name: str):
    from casino.models import Player

    player, created = Player.objects.get_or_create(
        username=name, defaults={"display_name": name[:30]}
    )
    if created:
        player.set_unusable_password()
        player.save(update_fields=["password"])
    return player
