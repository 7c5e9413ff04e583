"""The exchange's writes (issue 18; BK §37–§53, ../shared/rules/betting-exchange.md).

Every change to a market's offers takes the same path (the table actor's shape):
1. lock: an offer (post, take, edit) takes the `ExchangeMarket` row FOR SHARE and its outcome's
   advisory lock (`rows.market_lock`): offers on one outcome run one at a time, so of
   two simultaneous takes the first recorded wins (A7), while offers on the market's other
   outcomes (another book: matching is per outcome) run beside it; a withdrawal, the lapse and
   settlement take the row FOR UPDATE, waiting for the offers in flight and stopping new ones.
   The idempotency key is checked under the lock (a double click waits and gets the first
   offer back);
2. build the outcome's `Book` from the standing offers that cross, match with the pure rules
   (`sportsbook.exchange.matching`), write the offers and the concluded bets;
3. book the reservations' change in ONE ledger transfer (the ledger then locks the wallets and
   escrow accounts in ascending id order: the casino's one lock order after the market's locks);
4. after commit, tell the market's sockets (`exchange.<market id>`) and the trader's page.

Money (A3, BK §52): each player's reservations on a market sit in one escrow account
(`ExchangeMarket.escrow_reference`): the unmatched part of his offers (`ExchangeOffer.reserved`:
the stake for a back, stake x odds for a lay) and the liability of his matched bets. A match
books one transfer, the incoming offer's player's only (wallet <-> escrow): a price better than
he asked frees money that goes straight back to his wallet; what a bet frees of a standing
offer's reservation (the rounding of its liability, A14: at most a minor unit) stays with that
offer in its player's escrow until the offer is withdrawn, lapses or the market is settled, so
a take never locks another player's wallet. The books check (`exchange_books_check`) verifies
that every escrow holds exactly that. At settlement each player's escrow is emptied: his net
result less commission (section 5) goes to his wallet, the commission to `sportsbook/exchange`.

Services that lock: all of them lock the market row first (offers: shared, with the outcome's
advisory lock; the others: exclusive), then the players' exchange debts (settlement and
corrections), then (through the ledger) accounts.
"""

from __future__ import annotations

import datetime as dt
import logging
from collections import defaultdict
from decimal import Decimal, InvalidOperation

from django.db import IntegrityError, connection, transaction
from django.db.models import F, Q, Sum
from django.utils import timezone
from django.utils.translation import gettext as _

from casino import ledger, limits, roles
from casino.currencies import format_amount
from casino.models import Account, AccountKind, HousePurpose, Player, TransferKind
from casino.realtime import group_send_all
from sportsbook.exchange import rows as exchange_rows
from sportsbook.exchange.matching import Book, Offer, Side, liability
from sportsbook.exchange.settle import MatchedBet, bet_result, market_results
from sportsbook.models import (
    EventStatus,
    ExchangeBet,
    ExchangeBetStatus,
    ExchangeDebt,
    ExchangeMarket,
    ExchangeOffer,
    ExchangeSettlement,
    MarketStatus,
    OddsPolicy,
    OfferStatus,
    Outcome,
)
from sportsbook.settlement import Settled

log = logging.getLogger(__name__)

COMMISSION = "exchange"  # house account sportsbook/exchange: the exchange's commission (BK §53)
RECEIVABLE = "exchange-receivable"  # what players owe after corrected results (E33)
TRADER_EXCHANGE_GROUP = "trader.exchange"  # the trader's live page of the exchange
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


def commission_account(currency: str) -> Account:
    return ledger.house_account(HousePurpose.SPORTSBOOK, currency, COMMISSION)


def receivable_account(currency: str) -> Account:
    return ledger.house_account(HousePurpose.SPORTSBOOK, currency, RECEIVABLE)


def escrow_of(xm: ExchangeMarket, player_id: int) -> Account:
    return ledger.escrow_account(xm.escrow_reference(player_id), xm.currency)


# --- listing a market (staff, demo) --------------------------------------------------------------


def exchange_market_list(
    *,
    market_id: int,
    currency: str = "BYN",
    commission_percent: Decimal = Decimal("5"),
    min_stake: int = 100,
    max_stake: int = 10_000_000,
    staff: Player | None = None,
) -> ExchangeMarket:
    """List a market of the line on the exchange (BK §47: only the bookmaker's events), with its
    commission (BK §53) and stake limits (BK §38). Listing it again changes nothing."""
    roles.require(staff, roles.TRADE_LINE)
    xm, created = ExchangeMarket.objects.get_or_create(
        market_id=market_id,
        defaults={
            "currency": currency,
            "commission_percent": Decimal(commission_percent),
            "min_stake": min_stake,
            "max_stake": max_stake,
        },
    )
    if created:
        _announce(xm, listed=True)
    return xm


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


# --- money -----------------------------------------------------------------------------------


def _book_reservations(
    xm: ExchangeMarket,
    deltas: dict[int, int],
    *,
    key: str,
    kind: str,
    memo: str,
    staker: Player | None = None,
    accounts: dict[int, tuple[Account, Account]] | None = None,
    savepoint: bool = True,
    with_rows: tuple[str, list] | None = None,
) -> None:
    """One transfer: each player's reservation change (+: wallet -> escrow, -: escrow -> wallet).
    `staker`: the player whose positive change is a new stake (responsible gaming is checked
    under his wallet's lock, as for every stake). `accounts`: player id -> (wallet, escrow)
    already read (before the market's lock, to hold it shorter). `savepoint=False`: inside a
    transaction that is rolled back whole on any error. `with_rows`: the caller's rows to write
    in the transfer's first statement (ledger.transfer_create)."""
    accounts = dict(accounts or {})
    missing = [p for p, d in deltas.items() if d and p not in accounts]
    for player in Player.objects.filter(pk__in=missing) if missing else []:
        accounts[player.pk] = (ledger.wallet_for(player, xm.currency), escrow_of(xm, player.pk))
    legs = []
    for player_id, delta in sorted(deltas.items()):
        if not delta:
            continue
        wallet, escrow = accounts[player_id]
        legs += [(wallet, -delta), (escrow, delta)]
    if not legs:
        return
    under_lock = None
    if staker is not None and deltas.get(staker.pk, 0) > 0:
        amount = deltas[staker.pk]

        def under_lock():
            limits.check_can_stake(staker, amount, xm.currency)

    try:
        ledger.transfer_create(
            idempotency_key=key,
            kind=kind,
            legs=legs,
            memo=memo,
            reference=f"exchange:{xm.market_id}",
            under_lock=under_lock,
            savepoint=savepoint,
            with_rows=with_rows,
        )
    except (limits.StakeRefused, ledger.LedgerError) as refusal:
        raise ExchangeRefused(str(refusal)) from refusal


def _announce(xm: ExchangeMarket, *, listed: bool = False) -> None:
    """After commit: the market's sockets and the trader's live page (its row; the whole page
    for a market newly `listed`)."""
    change = {"type": "exchange.changed", "market": xm.market_id}
    messages = [(TRADER_EXCHANGE_GROUP, {**change, "listed": True} if listed else change)]
    if not listed:
        messages.insert(0, (xm.group_name, change))
    transaction.on_commit(lambda: group_send_all(messages))


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


# --- settlement (BK §48–§53, A10, A11, A13, section 5) -------------------------------------------


def _outcome_results(market_id: int) -> dict[int, Settled]:
    """The sportsbook's results of a market's outcomes (A13), those that have one."""
    return {
        pk: Settled.from_dict({"win": win, "void": void})
        for pk, win, void in Outcome.objects.filter(market_id=market_id).values_list(
            "pk", "win", "void"
        )
        if win is not None
    }


def _lacks_results(market_id: int, bets: list[ExchangeBet], settled: dict) -> bool:
    unresulted = sorted({b.outcome_id for b in bets} - set(settled))
    if unresulted:
        # A market marked settled while an outcome with matched bets has no result (A13: the
        # exchange settles on the sportsbook's result, and there is none): nothing is settled
        # and the escrows keep every reservation until the result is entered.
        log.warning(
            "exchange market %s: settled without a result for outcome(s) %s; not settled",
            market_id,
            unresulted,
        )
    return bool(unresulted)


def _results(xm: ExchangeMarket, bets: list[ExchangeBet], settled: dict):
    return market_results(
        [
            MatchedBet(b.back_player_id, b.lay_player_id, b.outcome_id, b.stake, b.odds)
            for b in bets
        ],  # noqa: E501
        settled,
        xm.commission_percent,
    )


class _Debts:
    """E33 on the exchange: a correction's debit that a wallet cannot pay is owed (booked against
    `sportsbook/exchange-receivable`), and a credit repays what the player owes first, oldest
    first. Built under the market's lock; it locks the players' debts (before any account: the
    module's lock order) and collects the receivable's leg."""

    def __init__(self, xm: ExchangeMarket, player_ids, now: dt.datetime):
        self.xm, self.now = xm, now
        self.owed: dict[int, list[ExchangeDebt]] = defaultdict(list)
        for debt in (
            ExchangeDebt.objects.select_for_update()
            .filter(player_id__in=list(player_ids), currency=xm.currency, amount__gt=0)
            .order_by("pk")
        ):
            self.owed[debt.player_id].append(debt)
        self.receivable = 0  # the receivable account's leg
        self.new: list[ExchangeDebt] = []

    def credit(self, player_id: int, amount: int) -> int:
        """What of a credit of `amount` reaches the wallet (the rest repays debts)."""
        for debt in self.owed.get(player_id, []):
            repaid = min(debt.amount, amount)
            debt.amount -= repaid
            amount -= repaid
            self.receivable += repaid
        return amount

    def debit(self, player_id: int, amount: int, balance: int) -> int:
        """What of a debit of `amount` the wallet (holding `balance`) pays; the rest is owed."""
        shortfall = max(0, amount - balance)
        if shortfall:
            self.receivable -= shortfall
            self.new.append(
                ExchangeDebt(
                    market=self.xm,
                    player_id=player_id,
                    currency=self.xm.currency,
                    amount=shortfall,
                    owed_since=self.now,
                )
            )
        return amount - shortfall

    def legs(self) -> list:
        if not self.receivable:
            return []
        return [(receivable_account(self.xm.currency), self.receivable)]

    def save(self) -> None:
        changed = [d for debts in self.owed.values() for d in debts]
        if changed:
            ExchangeDebt.objects.bulk_update(changed, ["amount"])
        ExchangeDebt.objects.bulk_create(self.new)


def _book_results(xm, legs, *, commission: int, debts: _Debts, key: str, kind: str, memo: str):
    """The players' legs of a settlement or correction with the commission's and the exchange
    receivable's, as one transfer; then the debts it changed are written."""
    if commission:
        legs.append((commission_account(xm.currency), commission))
    legs += debts.legs()
    if legs:
        ledger.transfer_create(
            idempotency_key=key,
            kind=kind,
            legs=legs,
            memo=memo,
            reference=f"exchange:{xm.market_id}",
        )
    debts.save()


def exchange_market_settle(*, market_id: int, now: dt.datetime | None = None) -> int:
    """Settle an exchange market once the sportsbook has settled its market on the official result
    (A13): each outcome's `Settled` is the sportsbook's (void A10, dead heat A11). Each player's
    bets on the market are settled together and commission is taken on his net winnings
    (section 5), rounded down once (A14). Offers still standing lapse. One transfer empties every
    escrow of the market (what reaches a wallet first repays an exchange debt, E33). Returns the
    number of bets settled (0: nothing to do, or done before)."""
    now = now or timezone.now()
    with transaction.atomic():
        xm = _lock_market(market_id)
        if xm.settled_at is not None or xm.market.status != MarketStatus.SETTLED:
            return 0
        settled = _outcome_results(market_id)
        bets = list(ExchangeBet.objects.filter(market=xm, status=ExchangeBetStatus.OPEN))
        if _lacks_results(market_id, bets, settled):
            return 0
        results = _results(xm, bets, settled)
        escrows = list(
            Account.objects.filter(
                kind=AccountKind.ESCROW,
                reference__startswith=f"xm:{xm.pk}:",
                currency=xm.currency,
                closed_at__isnull=True,
            )
        )
        held = {int(a.reference.rsplit(":", 1)[1]): a for a in escrows}
        debts = _Debts(xm, set(held) | set(results), now)
        locked = ledger.lock_accounts(escrows)
        held = {player_id: locked[a.pk].balance for player_id, a in held.items()}
        players = {p.pk: p for p in Player.objects.filter(pk__in=set(held) | set(results))}
        legs = []
        commission = 0
        records = []
        for player_id in sorted(set(held) | set(results)):
            result = results.get(player_id)
            credited = result.credited if result else 0
            reserved = held.get(player_id, 0)
            back = reserved + credited  # never negative: the escrow covers the worst loss (A3)
            if reserved:
                legs.append((escrow_of(xm, player_id), -reserved))
            to_wallet = debts.credit(player_id, back)
            if to_wallet:
                legs.append((ledger.wallet_for(players[player_id], xm.currency), to_wallet))
            if result:
                commission += result.commission
                records.append(
                    ExchangeSettlement(
                        market=xm,
                        player_id=player_id,
                        net=result.net,
                        commission=result.commission,
                        released=reserved,
                    )
                )
        _book_results(
            xm,
            legs,
            commission=commission,
            debts=debts,
            key=f"xsettle:{xm.pk}",
            kind=TransferKind.PAYOUT,
            memo=_("Exchange market %(number)s settled") % {"number": xm.market_id},
        )
        for bet in bets:
            bet.back_result = bet_result(bet.stake, bet.odds, settled[bet.outcome_id])
            bet.status = ExchangeBetStatus.SETTLED
        ExchangeBet.objects.bulk_update(bets, ["back_result", "status"])
        ExchangeOffer.objects.filter(market=xm, status=OfferStatus.OPEN).update(
            status=OfferStatus.LAPSED, reserved=0, closed_at=now
        )
        ExchangeOffer.objects.filter(market=xm, reserved__gt=0).update(reserved=0)
        ExchangeSettlement.objects.bulk_create(records)
        Account.objects.filter(pk__in=[a.pk for a in escrows]).update(closed_at=now)
        xm.settled_at = now
        xm.lapsed_at = xm.lapsed_at or now
        xm.version += 1
        xm.save(update_fields=["settled_at", "lapsed_at", "version"])
        _announce(xm)
        return len(bets)


def exchange_market_resettle(*, market_id: int, now: dt.datetime | None = None) -> int:
    """E33: the sportsbook corrected the result of a market the exchange has settled. Each
    player's result on the market is computed again on the corrected outcomes (section 5,
    A14) and only the difference with what he was settled is booked, in one transfer (a
    `reversal`): a gain reaches the wallet after repaying what he owes on the exchange; a loss is
    taken from the wallet, and what it no longer holds is owed (ExchangeDebt), never lost; the
    commission changes with the net winnings. Records of the change are added per player.
    Returns the number of players whose result changed (0: nothing changed, or done before)."""
    now = now or timezone.now()
    with transaction.atomic():
        xm = _lock_market(market_id)
        if xm.settled_at is None or xm.market.status != MarketStatus.SETTLED:
            return 0
        settled = _outcome_results(market_id)
        bets = list(ExchangeBet.objects.filter(market=xm))
        if _lacks_results(market_id, bets, settled):
            return 0  # retried by the due job once the result is there
        results = _results(xm, bets, settled)
        before: dict[int, list[int]] = defaultdict(lambda: [0, 0])
        correction = 0
        for player_id, net, commission, number in ExchangeSettlement.objects.filter(
            market=xm
        ).values_list("player_id", "net", "commission", "correction"):
            before[player_id][0] += net
            before[player_id][1] += commission
            correction = max(correction, number)
        changes = {}
        for player_id in sorted(set(before) | set(results)):
            result = results.get(player_id)
            net, commission = (result.net, result.commission) if result else (0, 0)
            old_net, old_commission = before[player_id]
            if (net, commission) != (old_net, old_commission):
                changes[player_id] = (net - old_net, commission - old_commission)
        # settled_at: the moment of the result last settled on (the due job compares it with the
        # event's, so a correction this process did not reach is booked by the next one)
        xm.settled_at = now
        xm.version += 1
        xm.save(update_fields=["settled_at", "version"])
        if not changes:
            return 0
        correction += 1
        debts = _Debts(xm, changes, now)
        players = {p.pk: p for p in Player.objects.filter(pk__in=changes)}
        wallets = {pk: ledger.wallet_for(player, xm.currency) for pk, player in players.items()}
        balances = ledger.lock_accounts(list(wallets.values()))
        legs, commission_change, records = [], 0, []
        for player_id, (net_change, commission_delta) in changes.items():
            change = net_change - commission_delta  # what his wallet gains (or loses)
            wallet = wallets[player_id]
            if change > 0:
                paid = debts.credit(player_id, change)
            else:
                paid = -debts.debit(player_id, -change, balances[wallet.pk].balance)
            if paid:
                legs.append((wallet, paid))
            commission_change += commission_delta
            records.append(
                ExchangeSettlement(
                    market=xm,
                    player_id=player_id,
                    correction=correction,
                    net=net_change,
                    commission=commission_delta,
                    released=0,
                )
            )
        _book_results(
            xm,
            legs,
            commission=commission_change,
            debts=debts,
            key=f"xsettle:{xm.pk}:correction:{correction}",
            kind=TransferKind.REVERSAL,
            memo=_("Exchange market %(number)s: settlement corrected") % {"number": xm.market_id},
        )
        ExchangeSettlement.objects.bulk_create(records)
        for bet in bets:
            bet.back_result = bet_result(bet.stake, bet.odds, settled[bet.outcome_id])
        ExchangeBet.objects.bulk_update(bets, ["back_result"])
        _announce(xm)
        return len(changes)


def exchange_settle_event(*, event_id: int, now: dt.datetime | None = None) -> int:
    """Settle the exchange markets of an event the sportsbook has just settled, or settle again
    those it had settled when the result was corrected (E33). Returns the bets settled the first
    time and the players whose result a correction changed."""
    changed = 0
    for market_id, settled_at in ExchangeMarket.objects.filter(
        market__event_id=event_id
    ).values_list("market_id", "settled_at"):
        if settled_at is None:
            changed += exchange_market_settle(market_id=market_id, now=now)
        else:
            changed += exchange_market_resettle(market_id=market_id, now=now)
    return changed


def exchange_settle_due(now: dt.datetime | None = None) -> int:
    """What the clocks call: settle every exchange market whose sportsbook market is settled and
    which is not settled yet (A13), and settle again those whose event was settled again since
    (E33: a correction that the sportsbook's run booked but this process did not reach).
    Returns the number of bets settled and players whose result changed."""
    settled = 0
    markets = ExchangeMarket.objects.filter(market__status=MarketStatus.SETTLED)
    for market_id in markets.filter(settled_at__isnull=True).values_list("market_id", flat=True):
        settled += exchange_market_settle(market_id=market_id, now=now)
    for market_id in markets.filter(settled_at__lt=F("market__event__settled_at")).values_list(
        "market_id", flat=True
    ):
        settled += exchange_market_resettle(market_id=market_id, now=now)
    return settled


# --- the books check -------------------------------------------------------------------------


def exchange_books_check(report) -> None:
    """Every exchange escrow holds exactly the reservations of its player on its market: the
    unmatched part of his standing offers (with the minor units their bets freed) and the
    liability of his open bets (A3)."""
    expected: dict[str, int] = defaultdict(int)
    for xm_id, player_id, reserved in ExchangeOffer.objects.filter(reserved__gt=0).values_list(
        "market_id", "player_id", "reserved"
    ):
        expected[f"xm:{xm_id}:{player_id}"] += reserved
    for xm_id, back, lay, stake, lay_liability in ExchangeBet.objects.filter(
        status=ExchangeBetStatus.OPEN
    ).values_list("market_id", "back_player_id", "lay_player_id", "stake", "lay_liability"):
        expected[f"xm:{xm_id}:{back}"] += stake
        expected[f"xm:{xm_id}:{lay}"] += lay_liability
    actual = dict(
        Account.objects.filter(
            kind=AccountKind.ESCROW, reference__startswith="xm:", closed_at__isnull=True
        ).values_list("reference", "balance")
    )
    total = 0
    for reference in sorted(set(expected) | set(actual)):
        want, have = expected.get(reference, 0), actual.get(reference, 0)
        total += have
        if want != have:
            report.problems.append(
                f"exchange escrow {reference}: holds {have} but the reservations are {want}"
            )
    report.lines.append(f"exchange: {len(actual)} open escrow(s) hold {total} minor units")
    # E33: `sportsbook/exchange-receivable` is owed exactly what the players' exchange debts say
    from sportsbook.books import check_owed

    owed = dict(
        ExchangeDebt.objects.filter(amount__gt=0)
        .values("currency")
        .annotate(total=Sum("amount"))
        .values_list("currency", "total")
    )
    check_owed(report, "exchange", "owed after corrections", owed, RECEIVABLE, "exchange debts")
    from sportsbook.books import check_owed

    owed = dict(
        ExchangeDebt.objects.filter(amount__gt=0)
        .values("currency")
        .annotate(total=Sum("amount"))
        .values_list("currency", "total")
    )
    check_owed(report, "exchange", "owed after corrections", owed, RECEIVABLE, "players")
