"""The exchange's reads: a market's ladder, a player's own offers and bets, the trader's view."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal
from functools import reduce
from operator import or_

from django.db.models import Count, Q, Sum
from django.utils import timezone

from casino.models import Account, AccountKind, Player
from sportsbook.models import (
    EventStatus,
    ExchangeBet,
    ExchangeBetStatus,
    ExchangeMarket,
    ExchangeOffer,
    MarketStatus,
    OfferStatus,
    Outcome,
)

DEPTH = 3  # prices shown each way, as exchanges do


@dataclass(frozen=True)
class Price:
    odds: Decimal  # net odds (A1)
    amount: int  # the backer's stake available at this price (A2)

    @property
    def decimal_odds(self) -> Decimal:
        return self.odds + 1


@dataclass
class LadderRow:
    outcome: Outcome
    to_back: list[Price] = field(default_factory=list)  # standing lays, best (highest) first
    to_lay: list[Price] = field(default_factory=list)  # standing backs, best (lowest) first
    matched: int = 0


@dataclass
class MarketView:
    xm: ExchangeMarket
    rows: list[LadderRow]
    offers: list[ExchangeOffer]  # the player's standing offers
    bets: list[ExchangeBet]  # the player's matched bets
    open: bool  # offers and takes accepted now
    reason: str  # why not, when not open

    @property
    def market(self):
        return self.xm.market

    @property
    def event(self):
        return self.xm.market.event


def exchange_ladder(xm: ExchangeMarket, viewer_id: int | None = None) -> list[LadderRow]:
    """Per outcome: the best DEPTH prices to back (the lay offers) and to lay (the back offers)
    with the stake available at each, and the stake matched so far. An offer restricted to named
    players (A4) counts only for them and its proposer: nobody else sees it or could take it."""
    outcomes = list(Outcome.objects.filter(market_id=xm.market_id).order_by("position", "pk"))
    rows = {o.pk: LadderRow(o) for o in outcomes}
    standing = ExchangeOffer.objects.filter(market=xm, status=OfferStatus.OPEN)
    amounts: dict[tuple[int, str, Decimal], int] = defaultdict(int)
    for level in (
        standing.filter(open_to__isnull=True)
        .values("outcome_id", "side", "odds")
        .annotate(amount=Sum("remaining"))
    ):
        amounts[level["outcome_id"], level["side"], level["odds"]] += level["amount"]
    if viewer_id is not None:
        # few, as a rule; JSON containment is not portable to SQLite, so it is checked here
        for outcome_id, side, odds, remaining, player_id, open_to in standing.filter(
            open_to__isnull=False
        ).values_list("outcome_id", "side", "odds", "remaining", "player_id", "open_to"):
            if player_id == viewer_id or viewer_id in open_to:
                amounts[outcome_id, side, odds] += remaining
    for (outcome_id, side, odds), amount in amounts.items():
        row = rows[outcome_id]
        (row.to_back if side == "lay" else row.to_lay).append(Price(odds, amount))
    for outcome_id, matched in (
        ExchangeBet.objects.filter(market=xm)
        .values("outcome_id")
        .annotate(total=Sum("stake"))
        .values_list("outcome_id", "total")
    ):
        rows[outcome_id].matched = matched
    for row in rows.values():
        row.to_back = sorted(row.to_back, key=lambda p: -p.odds)[:DEPTH]
        row.to_lay = sorted(row.to_lay, key=lambda p: p.odds)[:DEPTH]
    return list(rows.values())


def _state(xm: ExchangeMarket) -> tuple[bool, str]:
    from django.utils.translation import gettext as _

    event = xm.market.event
    if xm.settled_at is not None:
        return False, _("Settled.")
    if (
        xm.lapsed_at is not None
        or event.starts_at <= timezone.now()
        or event.started_at is not None
        or event.status != EventStatus.SCHEDULED
    ):
        return False, _("The event has started: unmatched offers have lapsed (BK §46).")
    if xm.market.status != MarketStatus.OPEN:
        return False, _("Suspended.")
    return True, ""


def exchange_market_view(market_id: int, player) -> MarketView | None:
    xm = (
        ExchangeMarket.objects.select_related("market__event__competition__sport")
        .filter(market_id=market_id)
        .first()
    )
    if xm is None:
        return None
    offers, bets = [], []
    viewer_id = None
    if player is not None and player.is_authenticated:
        viewer_id = player.pk
        offers = list(
            ExchangeOffer.objects.filter(market=xm, player=player, status=OfferStatus.OPEN)
            .select_related("outcome")
            .order_by("pk")
        )
        named = {pk for offer in offers for pk in offer.open_to or ()}
        names = dict(Player.objects.filter(pk__in=named).values_list("pk", "username"))
        for offer in offers:
            offer.open_to_names = sorted(names[pk] for pk in offer.open_to or () if pk in names)
        bets = list(
            ExchangeBet.objects.filter(market=xm)
            .filter(Q(back_player=player) | Q(lay_player=player))
            .select_related("outcome")
            .order_by("-pk")[:50]
        )
        for bet in bets:
            bet.mine = "back" if bet.back_player_id == player.pk else "lay"
            bet.my_liability = bet.stake if bet.mine == "back" else bet.lay_liability
            if bet.back_result is not None:
                bet.my_result = bet.back_result if bet.mine == "back" else -bet.back_result
    is_open, reason = _state(xm)
    return MarketView(xm, exchange_ladder(xm, viewer_id), offers, bets, is_open, reason)


def exchange_markets_open():
    """The markets listed on the exchange that are not settled, soonest event first."""
    return (
        ExchangeMarket.objects.filter(settled_at__isnull=True)
        .select_related("market__event__competition__sport")
        .order_by("market__event__starts_at", "market_id")
    )


@dataclass(frozen=True)
class TraderRow:
    xm: ExchangeMarket
    matched: int  # total matched stake (backer's stakes)
    bets: int
    standing: int  # unmatched stake standing
    held: int  # what every escrow of the market holds: the liabilities the book stands behind
    commission: int  # commission taken at settlement


def exchange_trader_rows(market_ids: list[int] | None = None) -> list[TraderRow]:
    """The trader's page (issue 18 §3): each exchange market's matched volume and the book's
    exposure (the latest 100, or the markets `market_ids`: the live page's changed rows). The
    bookmaker is the counterparty of both sides (BK §52), so his own position is flat; what he
    stands behind is the liability held in escrow, and he earns the commission."""
    markets = ExchangeMarket.objects.select_related("market__event").order_by("-pk")
    if market_ids is not None:
        markets = markets.filter(market_id__in=market_ids)
    markets = list(markets[:100])
    ids = [xm.pk for xm in markets]
    matched = {
        row["market_id"]: row
        for row in ExchangeBet.objects.filter(market_id__in=ids)
        .values("market_id")
        .annotate(total=Sum("stake"), n=Count("pk"))
    }
    standing = dict(
        ExchangeOffer.objects.filter(market_id__in=ids, status=OfferStatus.OPEN)
        .values("market_id")
        .annotate(total=Sum("remaining"))
        .values_list("market_id", "total")
    )
    held: dict[int, int] = defaultdict(int)
    escrows = Account.objects.filter(kind=AccountKind.ESCROW, closed_at__isnull=True)
    if market_ids is not None:
        escrows = escrows.filter(
            reduce(or_, (Q(reference__startswith=f"xm:{pk}:") for pk in ids), Q(pk__in=[]))
        )
    else:
        escrows = escrows.filter(reference__startswith="xm:")
    for reference, balance in escrows.values_list("reference", "balance"):
        held[int(reference.split(":")[1])] += balance
    from sportsbook.models import ExchangeSettlement

    commission = dict(
        ExchangeSettlement.objects.filter(market_id__in=ids)
        .values("market_id")
        .annotate(total=Sum("commission"))
        .values_list("market_id", "total")
    )
    return [
        TraderRow(
            xm,
            matched.get(xm.pk, {}).get("total") or 0,
            matched.get(xm.pk, {}).get("n") or 0,
            standing.get(xm.pk, 0) or 0,
            held.get(xm.pk, 0),
            commission.get(xm.pk, 0) or 0,
        )
        for xm in markets
    ]


__all__ = [
    "ExchangeBetStatus",
    "MarketView",
    "exchange_ladder",
    "exchange_market_view",
    "exchange_markets_open",
    "exchange_trader_rows",
]
