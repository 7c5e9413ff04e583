"""The exchange's pages (issue 18): the list of exchange markets and a market's ladder, with the
forms to post, take, change and withdraw offers. Views parse, call one service, render: an htmx
request gets the market's fragment back (with a notice), a plain form post a redirect."""

from __future__ import annotations

import uuid
from decimal import Decimal

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from casino.amounts import AmountError, amount_input_value, parse_amount, parse_number
from casino.currencies import format_amount
from sportsbook.betting.services import odds_policy_of
from sportsbook.exchange import selectors, services
from sportsbook.models import ExchangeMarket, ExchangeOffer, ExchangeSide, Outcome
from sportsbook.pages import line_context


def market_context(market_id: int, player, **extra) -> dict:
    view = selectors.exchange_market_view(market_id, player)
    if view is None:
        raise Http404
    return {
        "view": view,
        "new_key": uuid.uuid4().hex,
        "notice": None,
        "confirm": None,
        "sides": ExchangeSide.choices,
        **extra,
    }


@login_required
def exchange_index(request):
    context = line_context(request, markets=selectors.exchange_markets_open(), current="exchange")
    return render(request, "sportsbook/exchange/index.html", context)


@login_required
def exchange_market(request, market_id: int):
    context = line_context(request, **market_context(market_id, request.user), current="exchange")
    return render(request, "sportsbook/exchange/market.html", context)


def _respond(request, market_id: int, *, notice=None, confirm=None):
    """htmx: the market's fragment with the notice; otherwise back to the page."""
    if request.htmx:
        context = market_context(market_id, request.user, notice=notice, confirm=confirm)
        return render(request, "sportsbook/exchange/_market.html", context)
    if notice is not None:
        level = messages.ERROR if notice[0] == "error" else messages.SUCCESS
        messages.add_message(request, level, notice[1])
    return redirect("sportsbook:exchange_market", market_id=market_id)


def _amount(text: str, currency: str) -> int:
    """The backer's stake as typed, in major units (casino.amounts: "12,50", "1 000")."""
    try:
        return parse_amount(text, currency)
    except AmountError as error:
        raise services.ExchangeRefused(_("Stake: %(error)s") % {"error": error.message}) from None


def _odds(text: str) -> Decimal:
    """Net odds as typed ("1.5" or "1,5"; A12: above zero, three decimals at most)."""
    try:
        return parse_number(text, places=3, low=services.ODDS_PLACES, high=services.MAX_ODDS)
    except AmountError as error:
        raise services.ExchangeRefused(
            _("Net odds: %(error)s") % {"error": error.message}
        ) from None


def _key(request) -> str:
    key = request.POST.get("idempotency_key", "")
    try:
        return str(uuid.UUID(key))
    except ValueError:
        raise services.ExchangeRefused(_("The form is out of date: reload the page.")) from None


def _currency(market_id: int) -> str:
    xm = ExchangeMarket.objects.filter(market_id=market_id).first()
    if xm is None:
        raise Http404
    return xm.currency


def _int(value: str) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        raise services.ExchangeRefused(_("Choose an outcome.")) from None


def _outcome_of(market_id: int, value: str) -> int:
    """The form's outcome, which must be one of this page's market: a forged form naming
    another market's outcome would be booked there and answered on the wrong page."""
    outcome_id = _int(value)
    if not Outcome.objects.filter(pk=outcome_id, market_id=market_id).exists():
        raise services.ExchangeRefused(_("That outcome is not in this market."))
    return outcome_id


def _offer_of(market_id: int, value: str) -> int:
    """The form's offer, which must be on this page's market: a forged form naming another
    market's offer would have its stake read in this market's currency and be answered on the
    wrong page. Whose it is the service checks."""
    try:
        offer_id = int(value)
    except (TypeError, ValueError):
        raise services.ExchangeRefused(_("Choose an offer.")) from None
    if not ExchangeOffer.objects.filter(pk=offer_id, market__market_id=market_id).exists():
        raise services.ExchangeRefused(_("That offer is not in this market."))
    return offer_id


def _done(offer, currency: str) -> tuple[str, str]:
    if offer.matched and offer.remaining:
        text = _("Matched %(matched)s; %(left)s stands unmatched.") % {
            "matched": format_amount(offer.matched, currency),
            "left": format_amount(offer.remaining, currency),
        }
    elif offer.matched:
        text = _("Matched %(matched)s.") % {"matched": format_amount(offer.matched, currency)}
    else:
        text = _("Your offer stands: %(left)s unmatched.") % {
            "left": format_amount(offer.remaining, currency)
        }
    return ("success", text)


@login_required
@require_POST
def exchange_offer(request, market_id: int):
    """Post an offer (BK §41) or take what stands (BK §42): `take` in the form says which."""
    currency = _currency(market_id)
    take = request.POST.get("take") == "1"
    post = request.POST
    try:
        common = {
            "player": request.user,
            "outcome_id": _outcome_of(market_id, post.get("outcome")),
            "side": post.get("side", ""),
            "stake": _amount(post.get("stake", ""), currency),
            "idempotency_key": _key(request),
        }
        if take:
            offer, _created = services.exchange_offer_take(
                odds_seen=_odds(post.get("odds", "")),
                policy=odds_policy_of(request.user),  # as the slip: E15
                **common,
            )
        else:
            offer, _created = services.exchange_offer_post(
                odds=_odds(post.get("odds", "")), open_to=post.get("open_to", ""), **common
            )
    except services.PriceChanged as changed:
        confirm = None
        if changed.best is not None:
            confirm = {
                "outcome": post.get("outcome"),
                "side": post.get("side"),
                "odds": changed.best,
                "decimal_odds": changed.best + 1,
                "stake": amount_input_value(common["stake"], currency),
                "key": post.get("idempotency_key"),
            }
        return _respond(request, market_id, notice=("error", str(changed)), confirm=confirm)
    except services.ExchangeRefused as refusal:
        return _respond(request, market_id, notice=("error", str(refusal)))
    return _respond(request, market_id, notice=_done(offer, currency))


@login_required
@require_POST
def exchange_cancel(request, market_id: int):
    """Withdraw the unmatched part of an offer (BK §44)."""
    try:
        services.exchange_offer_cancel(
            player=request.user, offer_id=_offer_of(market_id, request.POST.get("offer"))
        )
    except services.ExchangeRefused as refusal:
        return _respond(request, market_id, notice=("error", str(refusal)))
    return _respond(request, market_id, notice=("success", _("Offer withdrawn.")))


@login_required
@require_POST
def exchange_edit(request, market_id: int):
    """Change the odds and stake of the unmatched part (BK §44, A6)."""
    currency = _currency(market_id)
    try:
        offer, _created = services.exchange_offer_edit(
            player=request.user,
            offer_id=_offer_of(market_id, request.POST.get("offer")),
            odds=_odds(request.POST.get("odds", "")),
            stake=_amount(request.POST.get("stake", ""), currency),
            idempotency_key=_key(request),
        )
    except services.ExchangeRefused as refusal:
        return _respond(request, market_id, notice=("error", str(refusal)))
    return _respond(request, market_id, notice=_done(offer, currency))
