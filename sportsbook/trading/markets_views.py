"""The trader's pages of the exchange and the spread-bet assets (issue 18 §3), traders only:
each exchange market's matched volume and what the book stands behind (the liabilities held in
escrow; the bookmaker is the counterparty of both sides, BK §52), listing a market; each asset's
quote, halt, close-out switch and level, and the accounts at risk, with the staff's acts."""

from __future__ import annotations

from decimal import Decimal

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from casino.amounts import AmountError, parse_number
from sportsbook.exchange import selectors as exchange_selectors
from sportsbook.exchange import services as exchange_services
from sportsbook.models import Market, SpreadAsset
from sportsbook.pages import is_id
from sportsbook.spread import selectors as spread_selectors
from sportsbook.spread import services as spread_services
from sportsbook.spread.views import MAX_LEVEL
from sportsbook.trading.views import trader_only

MAX_RATE = Decimal("99.99")  # a percentage of the winnings, below 100 (exchange_commission_range)


@require_GET
@trader_only
def exchange_markets(request):
    return render(
        request,
        "sportsbook/trader/exchange.html",
        {"rows": exchange_selectors.exchange_trader_rows()},
    )


@require_POST
@trader_only
def exchange_list(request):
    market_id = request.POST.get("market", "")
    market = Market.objects.filter(pk=int(market_id)).first() if is_id(market_id) else None
    if market is None:
        messages.error(request, _("No such market."))
        return redirect("trader:exchange")
    try:  # BK §53: a percentage of the winnings, as the trader types it ("5", "2,5")
        rate = parse_number(
            request.POST.get("commission", "") or "5", places=2, low=Decimal(0), high=MAX_RATE
        )
    except AmountError as error:
        messages.error(request, _("Commission: %(error)s") % {"error": error.message})
        return redirect("trader:exchange")
    exchange_services.exchange_market_list(
        market_id=market.pk, commission_percent=rate, staff=request.user
    )
    messages.success(request, _("“%(market)s” is on the exchange.") % {"market": market})
    return redirect("trader:exchange")


@require_GET
@trader_only
def spread_assets(request):
    return render(
        request,
        "sportsbook/trader/spread.html",
        {"rows": spread_selectors.spread_trader_assets()},
    )


@require_POST
@trader_only
def spread_asset_act(request, asset_id: int):
    """Set a quote by hand, halt or resume, switch automatic close-outs (A8), delist (A13)."""
    act = request.POST.get("act")
    asset = get_object_or_404(SpreadAsset, pk=asset_id)
    try:
        if act == "quote":
            places = max(0, -asset.point_size.normalize().as_tuple().exponent)
            try:  # levels as the trader types them, on the asset's grid of points
                bid, ask = (
                    parse_number(
                        request.POST.get(name, ""), places=places, low=asset.point_size,
                        high=MAX_LEVEL,
                    )
                    for name in ("bid", "ask")
                )  # fmt: skip
            except AmountError as error:
                raise spread_services.QuoteError(
                    _("Bid and ask: %(error)s") % {"error": error.message}
                ) from None
            spread_services.spread_quote_set(
                asset_id=asset_id,
                bid=bid,
                ask=ask,
                source="staff",
                staff=request.user,
            )
        elif act in ("halt", "resume"):
            spread_services.spread_asset_halt(
                asset_id=asset_id, halted=act == "halt", staff=request.user
            )
        elif act in ("closeout_on", "closeout_off"):
            spread_services.spread_asset_switch(
                asset_id=asset_id, auto_closeout=act == "closeout_on", staff=request.user
            )
        elif act == "delist":
            closed = spread_services.spread_asset_delist(asset_id=asset_id, staff=request.user)
            messages.success(
                request,
                _("Delisted: %(count)s open bet(s) closed at the last quote (A13).")
                % {"count": closed},
            )
            return redirect("trader:spread")
        else:
            raise spread_services.QuoteError(_("Unknown action."))
    except spread_services.QuoteError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("Done."))
    return redirect("trader:spread")
