"""Spread bets' pages (issue 18): the assets with live quotes and charts, and the player's
positions with live P&L and equity; one form buys (up) or sells (down), which opens a bet or closes
an open one (BK §29–§31). Views parse, call one service, render."""

from __future__ import annotations

import uuid
from decimal import Decimal

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from casino.amounts import AmountError, amount_input_value, parse_amount, parse_number
from casino.currencies import format_amount
from sportsbook.models import SpreadAsset
from sportsbook.pages import is_id, line_context
from sportsbook.spread import selectors, services

MAX_LEVEL = Decimal(10**9)  # far above any asset's quote; a level past it is not one seen


def positions_context(player, **extra) -> dict:
    return {
        "accounts": selectors.spread_account(player),
        "closed": selectors.spread_closed(player),
        "notice": None,
        "requote": None,
        **extra,
    }


@login_required
def spread_index(request):
    context = line_context(
        request,
        assets=selectors.spread_assets(),
        current="spread",
        **positions_context(request.user),
    )
    return render(request, "sportsbook/spread/index.html", context)


def _respond(request, *, notice=None, requote=None):
    if request.htmx:
        context = positions_context(request.user, notice=notice, requote=requote)
        return render(request, "sportsbook/spread/_orders.html", context)
    if notice is not None:
        level = messages.ERROR if notice[0] == "error" else messages.SUCCESS
        messages.add_message(request, level, notice[1])
    return redirect("sportsbook:spread")


def _level_places(asset: SpreadAsset) -> int:
    return max(0, -asset.point_size.normalize().as_tuple().exponent)


@login_required
@require_POST
def spread_order(request):
    """Buy or sell (BK §29–§31); a moved quote comes back to confirm (A11). Every number is read
    by casino.amounts: the stake per point in major units, the level seen on the asset's grid."""
    post = request.POST.copy()
    if "order" in post:  # the buy / sell button: "up:<the ask seen>" or "down:<the bid seen>"
        post["direction"], _sep, post["level"] = post["order"].partition(":")
    asset_id = post.get("asset", "")
    asset = SpreadAsset.objects.filter(pk=int(asset_id)).first() if is_id(asset_id) else None
    if asset is None:
        return _respond(request, notice=("error", _("Choose an asset.")))
    try:
        try:
            stake = parse_amount(post.get("stake", ""), asset.currency)
        except AmountError as error:
            raise services.SpreadRefused(
                _("Stake per point: %(error)s") % {"error": error.message}
            ) from None
        try:
            level = parse_number(
                post.get("level", ""),
                places=_level_places(asset),
                low=asset.point_size,
                high=MAX_LEVEL,
            )
        except AmountError:
            raise services.SpreadRefused(
                _("The quote you saw is missing: reload the page.")
            ) from None
        try:
            key = str(uuid.UUID(post.get("idempotency_key", "")))
        except ValueError:
            raise services.SpreadRefused(_("The form is out of date: reload the page.")) from None
        position = post.get("position", "")
        if position and not is_id(position):
            raise services.SpreadRefused(_("There is no such position."))
        order, _created = services.spread_bet(
            player=request.user,
            asset_id=asset.pk,
            direction=post.get("direction", ""),
            stake=stake,
            level_seen=level,
            idempotency_key=key,
            position_id=int(position) if position else None,
        )
    except services.Requote as moved:
        requote = {
            "asset": asset,
            "direction": post.get("direction"),
            "stake": amount_input_value(stake, asset.currency),
            "level": moved.level,
            "position": post.get("position", ""),
            "key": post.get("idempotency_key"),
        }
        return _respond(request, notice=("error", str(moved)), requote=requote)
    except services.SpreadRefused as refusal:
        return _respond(request, notice=("error", str(refusal)))
    what = _("Closed") if order.closes else _("Opened")
    text = _("%(what)s: %(direction)s %(stake)s per point at %(level)s.") % {
        "what": what,
        "direction": _("up") if order.direction == "up" else _("down"),
        "stake": format_amount(order.stake, asset.currency),
        "level": order.level.quantize(asset.point_size.normalize()),
    }
    return _respond(request, notice=("success", text))
