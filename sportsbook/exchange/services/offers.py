"""Offers: posting and taking (BK §41–§43), withdrawing and editing (BK §44, §45, A6), and the
lapse of what is unmatched at the start (BK §46, A8)."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from decimal import Decimal

from django.db import IntegrityError, connection, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from casino import ledger
from casino.models import Account, AccountKind, HousePurpose, Player, TransferKind
from sportsbook.exchange import rows as exchange_rows
from sportsbook.exchange.matching import Book, Offer, Side, liability
from sportsbook.exchange.services.money import _announce, _book_reservations, escrow_of
from sportsbook.exchange.services.validation import (
    MAX_ODDS,
    ODDS_PLACES,
    ExchangeRefused,
    PriceChanged,
    _check_locked,
    _lock_for_offer,
    _lock_market,
    _named_players,
    _odds,
    _side,
    _stake,
    _started,
)
from sportsbook.models import (
    EventStatus,
    ExchangeMarket,
    ExchangeOffer,
    OddsPolicy,
    OfferStatus,
)


def _best_standing(outcome_id: int, side: Side, player: Player) -> Decimal | None:
    """For a take that found nothing: the best price standing now that the player may take."""
    book = Book(
        Offer(pk, player_id, side.other, odds, remaining, pk, _open_to(open_to))
        for pk, player_id, odds, remaining, open_to in ExchangeOffer.objects.filter(
            outcome_id=outcome_id, side=side.other, status=OfferStatus.OPEN
        )
        .exclude(player=player)
        .values_list("pk", "player_id", "odds", "remaining", "open_to")
    )
    for price, _amount in book.ladder(side.other, depth=len(book.offers) or 1):
        if any(
            o.admits(player.pk) for o in book.halves[side.other].levels[price]
        ):  # a price only others may take is not his to confirm
            return price
    return None


def _open_to(value) -> frozenset[int] | None:
    return None if value is None else frozenset(value)


def _submit(
    cursor,
    *,
    locked: exchange_rows.LockedMarket,
    player: Player,
    side: Side,
    odds: Decimal,
    stake: int,
    key: str,
    rest: bool,
    any_price: bool = False,
    open_to: list[int] | None = None,
    replaces: ExchangeOffer | None = None,
    now: dt.datetime,
) -> ExchangeOffer:
    """Match an incoming offer; call holding the market's shared row lock and the outcome's
    advisory lock (_lock_for_offer). The statements under the locks (exchange.rows): the
    standing offers that cross; the offer's INSERT, the matched offers' UPDATE and the bets'
    INSERT, joined on PostgreSQL to the ledger's statement that claims the transfer's key and
    locks the wallet and escrow (a retry with the same key fails on the offer's unique key);
    the loss limit; the booking."""
    xm, outcome_id = locked.xm, locked.outcome_id
    standing = {
        o.id: o
        for o in exchange_rows.standing(
            cursor, outcome_id=outcome_id, side=side, limit=None if any_price else odds
        )
    }
    book = Book(
        Offer(o.id, o.player_id, side.other, o.odds, o.remaining, o.id, o.open_to)
        for o in standing.values()
    )
    incoming_limit = odds
    if any_price:
        incoming_limit = MAX_ODDS if side is Side.LAY else ODDS_PLACES
    incoming = Offer(0, player.pk, side, incoming_limit, stake, 0, _open_to(open_to))
    fills = book.submit(incoming, rest=rest)  # the incoming offer is 0 until it has its id
    if not rest and not fills:
        raise PriceChanged(odds, _best_standing(outcome_id, side, player))

    taker_delta = 0
    makers: list[exchange_rows.StandingOffer] = []
    for fill in fills:
        maker = standing[fill.maker]
        bet_liability = fill.lay_liability
        maker.remaining -= fill.stake
        maker.matched += fill.stake
        new_reserved = liability(side.other, maker.remaining, maker.odds)
        mine = fill.stake if side.other is Side.BACK else bet_liability
        # What the bet frees of the maker's reservation (rounding once per bet, A14: at most a
        # minor unit) stays in his escrow with the offer, to come back when the offer is
        # withdrawn or the market settled: booking it now would lock his wallet in every take.
        maker.reserved = new_reserved + (maker.reserved - new_reserved - mine)
        if maker not in makers:
            makers.append(maker)
        taker_delta += fill.stake if side is Side.BACK else bet_liability
    if rest:
        remaining = incoming.remaining
        reserved = liability(side, remaining, odds)
        taker_delta += reserved
        status = OfferStatus.OPEN if remaining else OfferStatus.MATCHED
    else:
        remaining, reserved, status = 0, 0, OfferStatus.TAKEN
    new = exchange_rows.NewOffer(
        xm_id=xm.pk,
        outcome_id=outcome_id,
        player_id=player.pk,
        side=side,
        odds=odds,
        stake=stake,
        remaining=remaining,
        matched=stake - incoming.remaining,
        reserved=reserved,
        is_take=not rest,
        status=status,
        replaces_id=replaces.pk if replaces is not None else None,
        key=key,
        open_to=sorted(open_to) if open_to is not None else None,
        now=now,
    )
    joined = locked.new_offer_id is not None and taker_delta > 0
    offer_id, rows = exchange_rows.offer_rows(
        cursor,
        offer=new,
        offer_id=locked.new_offer_id,
        makers=makers,
        fills=fills,
    )
    if rows is not None and not joined:
        exchange_rows.run_rows(cursor, rows)
    wallet = (
        Account(
            id=locked.wallet_id, kind=AccountKind.WALLET, owner_id=player.pk, currency=xm.currency
        )
        if locked.wallet_id is not None
        else ledger.wallet_for(player, xm.currency)
    )
    escrow = (
        Account(
            id=locked.escrow_id,
            kind=AccountKind.ESCROW,
            purpose=HousePurpose.ESCROW,
            reference=xm.escrow_reference(player.pk),
            currency=xm.currency,
        )
        if locked.escrow_id is not None
        else escrow_of(xm, player.pk)
    )
    _book_reservations(
        xm,
        {player.pk: taker_delta},
        key=f"xoffer:{offer_id}",
        kind=TransferKind.STAKE,
        memo=_("Exchange offer %(number)s") % {"number": offer_id},
        staker=player,
        accounts={player.pk: (wallet, escrow)},
        savepoint=False,
        with_rows=rows if joined else None,
    )
    _announce(xm)
    return new.model(offer_id)


def _place(
    *,
    player: Player,
    outcome_id: int,
    side,
    odds,
    stake,
    idempotency_key: str,
    rest: bool,
    any_price: bool = False,
    open_to=None,
    now: dt.datetime | None,
) -> tuple[ExchangeOffer, bool]:
    now = now or timezone.now()
    key = f"{player.pk}:{idempotency_key}"
    side = _side(side)
    odds = _odds(odds)
    try:
        with transaction.atomic(), connection.cursor() as cursor:
            locked = _lock_for_offer(cursor, outcome_id=outcome_id, player=player, key=key, now=now)
            if locked.existing_offer_id is not None:
                return ExchangeOffer.objects.get(pk=locked.existing_offer_id), False
            _check_locked(locked)
            stake = _stake(stake, locked.xm)
            offer = _submit(
                cursor,
                locked=locked,
                player=player,
                side=side,
                odds=odds,
                stake=stake,
                key=key,
                rest=rest,
                any_price=any_price,
                open_to=_named_players(open_to, player) if rest else None,
                now=now,
            )
    except IntegrityError:
        existing = ExchangeOffer.objects.filter(idempotency_key=key).first()
        if existing is None:
            raise
        return existing, False  # a double click that waited for the lock: the first offer
    return offer, True


def exchange_offer_post(
    *,
    player: Player,
    outcome_id: int,
    side: str,
    odds: Decimal,
    stake: int,
    idempotency_key: str,
    open_to=None,
    now: dt.datetime | None = None,
) -> tuple[ExchangeOffer, bool]:
    """Propose terms (BK §41): back or lay `outcome_id` at net `odds` for the backer's `stake`
    (A1, A2). Whatever crosses is matched at once, price then time (BK §43, A5, A7); the rest
    stands, its liability reserved (A3). `open_to`: user names (a list, or text separated by
    commas or spaces) of the only players who may take it (A4; empty: everyone). Returns (offer,
    created): the same key again returns the first offer and moves nothing (a double click
    books once)."""
    return _place(
        player=player,
        outcome_id=outcome_id,
        side=side,
        odds=odds,
        stake=stake,
        idempotency_key=idempotency_key,
        rest=True,
        open_to=open_to,
        now=now,
    )


def exchange_offer_take(
    *,
    player: Player,
    outcome_id: int,
    side: str,
    odds_seen: Decimal,
    stake: int,
    idempotency_key: str,
    policy: str = OddsPolicy.ASK,
    now: dt.datetime | None = None,
) -> tuple[ExchangeOffer, bool]:
    """Agree to terms that stand (BK §42): `side` is the taker's side (to back is to accept lay
    offers). Up to `stake` is matched at `odds_seen` or better (BK §43, A5); what cannot be
    matched is dropped (A7: a later acceptance gets what remains, otherwise it is rejected). If
    nothing stands at the price seen or better, PriceChanged carries the price now, as the slip
    does (SB §1.7) — unless the player's setting is to accept any change."""
    return _place(
        player=player,
        outcome_id=outcome_id,
        side=side,
        odds=odds_seen,
        stake=stake,
        idempotency_key=idempotency_key,
        rest=False,
        any_price=policy == OddsPolicy.ANY,
        now=now,
    )


# --- withdrawing and editing (BK §44, §45, A6) ---------------------------------------------------


def _market_of_offer(offer_id) -> int:
    """The market whose lock a change of this offer takes (read before taking it)."""
    market_id = (
        ExchangeOffer.objects.filter(pk=offer_id)
        .values_list("market__market_id", flat=True)
        .first()
    )
    if market_id is None:
        raise ExchangeRefused(_("This is not one of your offers."))
    return market_id


def _own_open_offer(xm: ExchangeMarket, player: Player, offer_id: int) -> ExchangeOffer:
    offer = ExchangeOffer.objects.filter(pk=offer_id, market=xm, player=player).first()
    if offer is None:
        raise ExchangeRefused(_("This is not one of your offers."))
    if offer.status != OfferStatus.OPEN:
        if offer.status == OfferStatus.MATCHED:
            raise ExchangeRefused(_("This offer is matched: concluded bets are final (BK §45)."))
        raise ExchangeRefused(_("This offer no longer stands."))
    return offer


def _withdraw(xm, offer: ExchangeOffer, status: str, now) -> int:
    released = offer.reserved  # the unmatched part's liability and what its bets freed
    offer.status, offer.closed_at, offer.reserved = status, now, 0
    offer.save(update_fields=["status", "closed_at", "reserved"])
    return released


def exchange_offer_cancel(
    *, player: Player, offer_id: int, now: dt.datetime | None = None
) -> ExchangeOffer:
    """Withdraw the unmatched part of an offer (BK §44); its matched part is final (BK §45).
    Withdrawing an offer already withdrawn returns it and moves nothing (a double click)."""
    now = now or timezone.now()
    market_id = _market_of_offer(offer_id)
    with transaction.atomic():
        xm = _lock_market(market_id)
        offer = ExchangeOffer.objects.filter(pk=offer_id, player=player).first()
        if offer is not None and offer.status in (OfferStatus.CANCELLED, OfferStatus.LAPSED):
            return offer
        offer = _own_open_offer(xm, player, offer_id)
        released = _withdraw(xm, offer, OfferStatus.CANCELLED, now)
        _book_reservations(
            xm,
            {player.pk: -released},
            key=f"xoffer:{offer.pk}:withdrawn",
            kind=TransferKind.REFUND,
            memo=_("Exchange offer %(number)s withdrawn") % {"number": offer.pk},
        )
        xm.version += 1
        xm.save(update_fields=["version"])
        _announce(xm)
        return offer


def exchange_offer_edit(
    *,
    player: Player,
    offer_id: int,
    odds: Decimal,
    stake: int,
    idempotency_key: str,
    now: dt.datetime | None = None,
) -> tuple[ExchangeOffer, bool]:
    """Change the terms of the unmatched part (BK §44, A6): the part is withdrawn and a new offer
    with the new odds and stake is posted (a new time, so it queues behind offers already at its
    price; open to the same players, A4); it may match at once. Returns (new offer, created); the
    same key returns it again."""
    now = now or timezone.now()
    key = f"{player.pk}:{idempotency_key}"
    odds = _odds(odds)
    outcome_id = (
        ExchangeOffer.objects.filter(pk=offer_id, player=player)
        .values_list("outcome_id", flat=True)
        .first()
    )
    if outcome_id is None:
        raise ExchangeRefused(_("This is not one of your offers."))
    try:
        with transaction.atomic(), connection.cursor() as cursor:
            locked = _lock_for_offer(cursor, outcome_id=outcome_id, player=player, key=key, now=now)
            if locked.existing_offer_id is not None:
                return ExchangeOffer.objects.get(pk=locked.existing_offer_id), False
            old = _own_open_offer(locked.xm, player, offer_id)
            _check_locked(locked)
            stake = _stake(stake, locked.xm)
            released = _withdraw(locked.xm, old, OfferStatus.EDITED, now)
            _book_reservations(
                locked.xm,
                {player.pk: -released},
                key=f"xoffer:{old.pk}:withdrawn",
                kind=TransferKind.REFUND,
                memo=_("Exchange offer %(number)s changed") % {"number": old.pk},
            )
            offer = _submit(
                cursor,
                locked=locked,
                player=player,
                side=Side(old.side),
                odds=odds,
                stake=stake,
                key=key,
                rest=True,
                open_to=old.open_to,
                replaces=old,
                now=now,
            )
    except IntegrityError:
        existing = ExchangeOffer.objects.filter(idempotency_key=key).first()
        if existing is None:
            raise
        return existing, False
    return offer, True


# --- the start (BK §46, A8) ----------------------------------------------------------------------


def _lapse_locked(xm: ExchangeMarket, now: dt.datetime) -> int:
    """Annul every unmatched offer of a locked market and release its reservations."""
    offers = list(ExchangeOffer.objects.filter(market=xm, status=OfferStatus.OPEN))
    if offers:
        deltas: dict[int, int] = defaultdict(int)
        for offer in offers:
            deltas[offer.player_id] -= offer.reserved
        for player_id, freed in ExchangeOffer.objects.filter(
            market=xm, status=OfferStatus.MATCHED, reserved__gt=0
        ).values_list("player_id", "reserved"):
            deltas[player_id] -= freed
        ExchangeOffer.objects.filter(pk__in=[o.pk for o in offers]).update(
            status=OfferStatus.LAPSED, reserved=0, closed_at=now
        )
        ExchangeOffer.objects.filter(market=xm, status=OfferStatus.MATCHED).update(reserved=0)
        _book_reservations(
            xm,
            deltas,
            key=f"xlapse:{xm.pk}:{max(o.pk for o in offers)}",
            kind=TransferKind.REFUND,
            memo=_("Exchange offers lapsed at the start"),
        )
        xm.version += 1
    xm.lapsed_at = xm.lapsed_at or now
    xm.save(update_fields=["lapsed_at", "version"])
    if offers:
        _announce(xm)
    return len(offers)


def exchange_lapse_due(now: dt.datetime | None = None) -> int:
    """What the clocks call (sportsbook.clock, and the production sweeper): lapse the unmatched
    offers of every exchange market whose event has started (BK §46, A8: the earlier of the
    scheduled and the actual start). Returns the number of offers lapsed."""
    now = now or timezone.now()
    due = ExchangeMarket.objects.filter(lapsed_at__isnull=True).filter(
        Q(market__event__starts_at__lte=now)
        | Q(market__event__started_at__isnull=False)
        | ~Q(market__event__status=EventStatus.SCHEDULED)
    )
    lapsed = 0
    for market_id in due.values_list("market_id", flat=True):
        with transaction.atomic():
            xm = _lock_market(market_id)
            if xm.lapsed_at is None and _started(xm, now):
                lapsed += _lapse_locked(xm, now)
    return lapsed
