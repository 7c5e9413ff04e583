"""What an offer may be: the exchange's refusals (``ExchangeRefused``, ``PriceChanged``), the odds,
side and stake checks, whether the market is open, and locking the market for an offer."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal, InvalidOperation

from django.utils.translation import gettext as _

from casino.currencies import format_amount
from casino.models import Player
from sportsbook.exchange import rows as exchange_rows
from sportsbook.exchange.matching import Side
from sportsbook.models import (
    EventStatus,
    ExchangeMarket,
    MarketStatus,
    Outcome,
)

ODDS_PLACES = Decimal("0.001")  # A12: net odds to three places
MAX_ODDS = Decimal("999")
MAX_NAMED = 20  # A4: players an offer may be restricted to


class ExchangeRefused(Exception):
    """An offer, take, edit or withdrawal the exchange will not make; str() is for the player.
    Nothing was booked."""


class PriceChanged(ExchangeRefused):
    """A take found nothing at the price the player saw or better: the ladder moved (as the bet
    slip's odds change, SB §1.7). `best` is what stands now (None: nothing), to confirm."""

    def __init__(self, seen: Decimal, best: Decimal | None):
        self.seen, self.best = seen, best
        if best is None:
            message = _("Nothing stands at %(seen)s any more.") % {"seen": seen}
        else:
            message = _("The price moved from %(seen)s to %(best)s. Check it and confirm.") % {
                "seen": seen,
                "best": best,
            }
        super().__init__(message)


# --- validation ----------------------------------------------------------------------------------


def _odds(value) -> Decimal:
    try:
        odds = Decimal(str(value))
    except (InvalidOperation, ValueError):
        raise ExchangeRefused(_("The odds must be a number, such as 1.5.")) from None
    if not odds.is_finite() or odds <= 0:  # A12: k > 0
        raise ExchangeRefused(_("Net odds must be more than zero (decimal odds more than 1)."))
    if odds > MAX_ODDS:
        raise ExchangeRefused(_("Net odds can be at most %(max)s.") % {"max": MAX_ODDS})
    if odds != odds.quantize(ODDS_PLACES):
        raise ExchangeRefused(_("Odds have at most three decimal places."))
    return odds.quantize(ODDS_PLACES)


def _side(value) -> Side:
    try:
        return Side(value)
    except ValueError:
        raise ExchangeRefused(_("An offer is to back or to lay.")) from None


def _stake(value, xm: ExchangeMarket) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value <= 0:
        raise ExchangeRefused(_("The stake must be more than zero."))
    if value < xm.min_stake:  # BK §38
        raise ExchangeRefused(
            _("The minimum stake is %(amount)s.")
            % {"amount": format_amount(xm.min_stake, xm.currency)}
        )
    if value > xm.max_stake:
        raise ExchangeRefused(
            _("The maximum stake is %(amount)s.")
            % {"amount": format_amount(xm.max_stake, xm.currency)}
        )
    return value


def _started(xm: ExchangeMarket, now: dt.datetime) -> bool:
    """A8: the earlier of the scheduled start and the actual start recorded by the bookmaker."""
    event = xm.market.event
    return (
        event.starts_at <= now
        or event.started_at is not None
        or event.status != EventStatus.SCHEDULED
    )


def _check_open(xm: ExchangeMarket, now: dt.datetime) -> None:
    if xm.settled_at is not None or xm.market.status in (MarketStatus.SETTLED,):
        raise ExchangeRefused(_("This market is settled."))
    if xm.lapsed_at is not None or _started(xm, now):
        # BK §46, A8: no offers or acceptances after the start (once lapsed, the market's
        # exchange stays closed even if the start is moved later)
        raise ExchangeRefused(_("The event has started: the exchange on it is closed."))
    if xm.market.status != MarketStatus.OPEN:
        raise ExchangeRefused(_("This market is suspended: no offers are taken right now."))


def _lock_market(market_id: int) -> ExchangeMarket:
    try:
        return (
            ExchangeMarket.objects.select_for_update(of=("self",))
            .select_related("market__event")
            .get(market_id=market_id)
        )
    except ExchangeMarket.DoesNotExist:
        raise ExchangeRefused(_("This market is not on the exchange.")) from None


# --- posting and taking (BK §41–§43) -------------------------------------------------------------


def _check_locked(locked: exchange_rows.LockedMarket) -> None:
    """_check_open on the lock's read (the hot path's row, not the models)."""
    if locked.xm.settled_at is not None or locked.market_status == MarketStatus.SETTLED:
        raise ExchangeRefused(_("This market is settled."))
    if locked.xm.lapsed_at is not None or locked.started:
        raise ExchangeRefused(_("The event has started: the exchange on it is closed."))
    if locked.market_status != MarketStatus.OPEN:
        raise ExchangeRefused(_("This market is suspended: no offers are taken right now."))


def _lock_for_offer(
    cursor, *, outcome_id: int, player: Player, key: str, now: dt.datetime
) -> exchange_rows.LockedMarket:
    """Lock the market of `outcome_id` for an offer on it (exchange_rows.market_lock), or refuse."""
    locked = exchange_rows.market_lock(
        cursor, outcome_id=outcome_id, player_id=player.pk, key=key, now=now
    )
    if locked is None:
        if not Outcome.objects.filter(pk=outcome_id).exists():
            raise ExchangeRefused(_("This outcome is not in the line."))
        raise ExchangeRefused(_("This market is not on the exchange."))
    return locked


def _named_players(names, player: Player) -> list[int] | None:
    """A4: the players an offer is restricted to, by user name (None or empty: everyone)."""
    if names is None:
        return None
    if isinstance(names, str):
        names = [n for n in names.replace(",", " ").split() if n]
    names = sorted({str(n).strip() for n in names if str(n).strip()})
    if not names:
        return None
    if len(names) > MAX_NAMED:
        raise ExchangeRefused(
            _("An offer can be restricted to at most %(count)s players.") % {"count": MAX_NAMED}
        )
    found = dict(Player.objects.filter(username__in=names).values_list("username", "pk"))
    unknown = [n for n in names if n not in found]
    if unknown:
        raise ExchangeRefused(_("No player is called %(names)s.") % {"names": ", ".join(unknown)})
    if player.pk in found.values():
        raise ExchangeRefused(_("You cannot take your own offer (A4): name other players."))
    return sorted(found.values())
