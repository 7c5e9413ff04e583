"""The trader's pages of the exchange and the spread-bet assets (issue 18 §3), traders only:
each exchange market's matched volume and what the book stands behind (the liabilities held in
escrow; the bookmaker is the counterparty of both sides, BK §52), listing a market; each asset's
quote, halt, close-out switch and level, and the accounts at risk, with the staff's acts."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from sportsbook import exchange_selectors, exchange_services, spread_selectors, spread_services
from sportsbook.models import Market
from sportsbook.staff_views import trader_only


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
    try:
        market = Market.objects.get(pk=int(request.POST.get("market", "")))
        rate = Decimal(request.POST.get("commission", "5") or "5")
        exchange_services.exchange_market_list(
            market_id=market.pk, commission_percent=rate, staff=request.user
        )
        messages.success(request, _("“%(market)s” is on the exchange.") % {"market": market})
    except (ValueError, InvalidOperation, Market.DoesNotExist):
        messages.error(request, _("No such market."))
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
    try:
        if act == "quote":
            spread_services.spread_quote_set(
                asset_id=asset_id,
                bid=request.POST.get("bid", ""),
                ask=request.POST.get("ask", ""),
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
