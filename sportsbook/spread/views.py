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
from sportsbook.models import SpreadAsset, SpreadPolicy
from sportsbook.pages import is_id, line_context
from sportsbook.spread import selectors, services

MAX_LEVEL = Decimal(10**9)  # far above any asset's quote; a level past it is not one seen


POSITIONS_DEAL = "spread-positions-deal"  # where a close's answers show, above the positions


def positions_context(player) -> dict:
    return {
        "accounts": selectors.spread_account(player),
        "closed": selectors.spread_closed(player),
    }


def _spread_setting(player) -> str:
    policy, points = services.spread_policy_of(player)
    label = str(SpreadPolicy(policy).label)
    return label.replace("N", str(points)) if policy == SpreadPolicy.SMALL else label


@login_required
def spread_index(request, deals=None, status=200):
    context = line_context(
        request,
        assets=selectors.spread_assets(),
        current="spread",
        deals=deals or {},
        spread_setting=_spread_setting(request.user),
        **positions_context(request.user),
    )
    return render(request, "sportsbook/spread/index.html", context, status=status)


def _respond(request, asset: SpreadAsset | None, slot: str, *, notice, requote=None, done=False):
    """The answer to an order, beside what was clicked (`slot`: the asset's place, or the one
    above the positions for a close). htmx: that place, and when the order was executed the
    positions and a fresh key for the asset's form; a plain post: the whole page with it."""
    deal = {"notice": notice, "requote": requote}
    if not request.htmx:
        if done:
            messages.add_message(request, messages.SUCCESS, notice[1])
            return redirect("sportsbook:spread")
        return spread_index(request, deals={slot: deal})
    context = {"deal_id": slot, "deal": deal, "done": done, "oob": True}
    if done:
        context.update(positions_context(request.user))
        if asset is not None:
            context["row"] = selectors.AssetRow(asset, True, None)
    return render(request, "sportsbook/spread/_answer.html", context)


def _level_places(asset: SpreadAsset) -> int:
    return max(0, -asset.point_size.normalize().as_tuple().exponent)


@login_required
@require_POST
def spread_order(request):
    """Buy or sell (BK §29–§31) at the quote the order meets, within the player's setting for
    moved quotes; a move beyond it comes back held to confirm (A11 as ruled), and the
    confirmation names the hold. Every number is read by casino.amounts: the stake per point in
    major units, the level seen on the asset's grid."""
    post = request.POST.copy()
    if "order" in post:  # the buy / sell button: "up" / "down", the quotes shown beside it
        post["direction"], _sep, level = post["order"].partition(":")
        post["level"] = level or post.get(f"level_{post['direction']}", "")
    asset_id = post.get("asset", "")
    position = post.get("position", "")
    asset = SpreadAsset.objects.filter(pk=int(asset_id)).first() if is_id(asset_id) else None
    slot = POSITIONS_DEAL if position or asset is None else f"spread-deal-{asset.pk}"
    if asset is None:
        return _respond(request, None, slot, notice=("error", _("Choose an asset.")))
    hold = post.get("hold", "")
    try:
        try:
            stake = parse_amount(post.get("stake", ""), asset.currency)
        except AmountError as error:
            raise services.SpreadRefused(
                _("Stake per point: %(error)s") % {"error": error.message}
            ) from None
        level = None
        if hold:
            if not is_id(hold):
                raise services.SpreadRefused(
                    _("No quote is held for you under that number: place the order again.")
                )
        else:
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
        if position and not is_id(position):
            raise services.SpreadRefused(_("There is no such position."))
        order, created = services.spread_bet(
            player=request.user,
            asset_id=asset.pk,
            direction=post.get("direction", ""),
            stake=stake,
            level_seen=level,
            idempotency_key=key,
            position_id=int(position) if position else None,
            hold_id=int(hold) if hold else None,
        )
    except services.Requote as moved:
        requote = {
            "asset": asset,
            "direction": moved.hold.direction,
            "stake": amount_input_value(moved.hold.stake, asset.currency),
            "level": moved.level,
            "position": moved.hold.position_id or "",
            "hold": moved.hold.pk,
            "key": post.get("idempotency_key"),
            "seconds": services.hold_seconds(),
        }
        return _respond(
            request, asset, slot, notice=("odds", _named(asset, slot, str(moved))), requote=requote
        )
    except services.SpreadRefused as refusal:
        return _respond(request, asset, slot, notice=("error", _named(asset, slot, str(refusal))))
    what = _("Closed") if order.closes else _("Opened")
    text = _("%(what)s: %(direction)s %(stake)s per point at %(level)s.") % {
        "what": what,
        "direction": _("up") if order.direction == "up" else _("down"),
        "stake": format_amount(order.stake, asset.currency),
        "level": order.level.quantize(asset.point_size.normalize()),
    }
    if not created:
        text = _("Order №%(number)s was already placed. %(order)s") % {
            "number": order.pk,
            "order": text,
        }
    return _respond(request, asset, slot, notice=("success", _named(asset, slot, text)), done=True)


def _named(asset: SpreadAsset, slot: str, text: str) -> str:
    """Above the positions an answer names its asset (beside an asset it needs not)."""
    return f"{asset.name}: {text}" if slot == POSITIONS_DEAL else text
