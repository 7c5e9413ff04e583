"""Spread bets' writes (issue 18; BK §26–§36, ../shared/rules/bookmaker-financial.md).

Money (A7): each player's margin account is an escrow per currency (`spread:<player id>`). Opening
a bet moves its initial margin (margin points x stake per point) from the wallet into it. Closing
(part of) a bet (`close_effect` of the pure rules): a gain is paid by the book
(`sportsbook/spread-book`) to the wallet (first repaying what the player owes, if anything); a
loss is paid from the margin account to the book, and what the account cannot pay is the player's
debt, booked against `sportsbook/spread-receivable` and kept on the position (never lost); then
the closed part's margin goes back to the wallet as far as the account holds more than the margin
of the bets still open. The books check (`spread_books_check`) verifies the receivable against
the debts.

Locks, in this order: the asset row (orders and quotes: the quote that binds is the one current
when the order holds the asset's lock, A11), then the player's open positions (by id), then the
ledger's accounts (by id). The margin watch locks positions and accounts only, never an asset.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from decimal import Decimal, InvalidOperation

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Sum
from django.utils import timezone
from django.utils.translation import gettext as _

from casino import ledger, limits, roles
from casino.currencies import format_amount
from casino.models import Account, HousePurpose, Player, TransferKind
from casino.realtime import group_send_all
from sportsbook.betting import moves
from sportsbook.models import (
    DEFAULT_SPREAD_POINTS,
    BettorSettings,
    SpreadAsset,
    SpreadClose,
    SpreadCloseReason,
    SpreadHold,
    SpreadOrder,
    SpreadPolicy,
    SpreadPosition,
    SpreadQuote,
)
from sportsbook.spread import pnl as rules
from sportsbook.spread.feed import FileFeed, PriceFeed, RandomWalkFeed

BOOK = "spread-book"
RECEIVABLE = "spread-receivable"
MAX_ID = 2**63 - 1  # a bigint primary key
SPREAD_GROUP = "spread"  # every asset's quotes: the positions pages
TRADER_SPREAD_GROUP = "trader.spread"  # the trader's live page of the assets


def spread_user_group(player_id: int) -> str:
    """A player's spread pages (their own group: the lobby's `user.<id>` knows no spread news)."""
    return f"spread.user.{player_id}"


class SpreadRefused(Exception):
    """An order the bookmaker will not take; str() is for the player. Nothing was booked."""


class Requote(SpreadRefused):
    """The quote met moved from the one the player saw further than his setting takes (A11 as
    ruled in docs/rules-decisions.md): nothing was booked, and `hold` offers him the quote met
    for his order until `hold.expires_at`. `expired`: he confirmed a hold too late; this is the
    next one."""

    def __init__(self, hold: SpreadHold, point_size: Decimal, *, expired: bool = False):
        self.hold = hold
        self.seen, self.level = hold.seen, hold.level
        self.expired = expired
        places = point_size.normalize()
        values = {"seen": hold.seen.quantize(places), "now": hold.level.quantize(places)}
        if expired:
            text = _(
                "The time to confirm %(seen)s ran out: the quote now is %(now)s. "
                "It is held for you: confirm in time to take it."
            )
        else:
            text = _(
                "The quote moved from %(seen)s to %(now)s. "
                "It is held for you: confirm in time to take it."
            )
        super().__init__(text % values)


class QuoteError(Exception):
    """A quote staff or a feed cannot set; str() is for the staff member."""


def book_account(currency: str) -> Account:
    return ledger.house_account(HousePurpose.SPORTSBOOK, currency, BOOK)


def receivable_account(currency: str) -> Account:
    return ledger.house_account(HousePurpose.SPORTSBOOK, currency, RECEIVABLE)


def margin_account(player_id: int, currency: str) -> Account:
    return ledger.escrow_account(f"spread:{player_id}", currency)


# --- terms ---------------------------------------------------------------------------------------


def asset_terms(asset: SpreadAsset) -> rules.AssetTerms:
    return rules.AssetTerms(
        code=asset.code,
        point_size=asset.point_size,
        margin_points=asset.margin_points,
        closeout_points=asset.closeout_points,
        min_stake=asset.min_stake,
        max_stake=asset.max_stake,
        auto_closeout=asset.auto_closeout,
        hours=rules.Hours(
            days=frozenset(int(d) for d in asset.open_days if d.isdigit()),
            opens=asset.opens,
            closes=asset.closes,
        ),
    )


def asset_quote(asset: SpreadAsset) -> rules.Quote:
    return rules.Quote(asset.bid, asset.ask)


def asset_is_open(asset: SpreadAsset, now: dt.datetime) -> bool:
    """BK §32, A9: in working hours (local time) and not halted by staff."""
    hours = asset_terms(asset).hours
    return not asset.halted and rules.in_working_hours(hours, timezone.localtime(now))


# --- booking a close -----------------------------------------------------------------------------


def _announce(asset_id: int | None, player_ids=(), *, traded=()) -> None:
    """After commit: `asset_id`'s quote or state changed (the players' pages and the trader's
    row); `player_ids`' bets changed (their own pages); `traded`: assets whose open bets changed
    (the trader's rows)."""
    messages = []
    if asset_id is not None:
        messages.append((SPREAD_GROUP, {"type": "spread.quote", "asset": asset_id}))
    for changed in sorted(set(traded) | ({asset_id} - {None})):
        messages.append((TRADER_SPREAD_GROUP, {"type": "spread.asset", "asset": changed}))
    for player_id in sorted(set(player_ids)):
        messages.append((spread_user_group(player_id), {"type": "spread.positions"}))
    if messages:
        transaction.on_commit(lambda: group_send_all(messages))


def _book_close(
    *,
    position: SpreadPosition,
    stake: int,
    level: Decimal,
    effect: rules.CloseEffect,
    reason: str,
    order: SpreadOrder | None,
    currency: str,
    now: dt.datetime,
) -> SpreadClose:
    """Record one close and book its money (see the module's docstring). Call while holding the
    position's lock and, through the ledger, its accounts'."""
    close = SpreadClose.objects.create(
        position=position,
        order=order,
        stake=stake,
        level=level,
        pnl=effect.pnl,
        from_margin=effect.from_margin,
        debt=effect.debt,
        released=effect.released,
        reason=reason,
        at=now,
    )
    net: dict[str, int] = defaultdict(int)  # account role -> amount
    gain = max(0, effect.pnl)
    repaid = 0
    if gain:
        owed = list(
            SpreadPosition.objects.select_for_update()
            .filter(player_id=position.player_id, asset__currency=currency, debt__gt=0)
            .order_by("pk")
        )
        for debtor in owed:  # A7: what the player owes is repaid from his next gains
            if debtor.pk == position.pk:
                debtor = position
            part = min(debtor.debt, gain - repaid)
            if not part:
                break
            debtor.debt -= part
            repaid += part
            if debtor is not position:
                debtor.save(update_fields=["debt"])
        net["book"] -= gain
        net["receivable"] += repaid
        net["wallet"] += gain - repaid
    net["margin"] -= effect.from_margin + effect.released
    net["receivable"] -= effect.debt
    net["book"] += effect.from_margin + effect.debt
    net["wallet"] += effect.released
    accounts = {
        "book": lambda: book_account(currency),
        "receivable": lambda: receivable_account(currency),
        "margin": lambda: margin_account(position.player_id, currency),
        "wallet": lambda: ledger.wallet_for(position.player, currency),
    }
    legs = [(accounts[role](), amount) for role, amount in net.items() if amount]
    if legs:
        ledger.transfer_create(
            idempotency_key=f"spreadclose:{close.pk}",
            kind=TransferKind.PAYOUT if effect.pnl >= 0 else TransferKind.TRANSFER,
            legs=legs,
            memo=_("Spread bet %(number)s closed") % {"number": position.pk},
            reference=f"spread:{position.pk}",
        )
    position.stake -= stake
    position.realised += effect.pnl
    position.debt += effect.debt
    if not position.stake:
        position.closed_at = now
    position.save(update_fields=["stake", "realised", "debt", "closed_at"])
    return close


# --- the player's orders (BK §29–§31, A2, A5, A6, A10, A11) ----------------------------------


def _parse_level(value) -> Decimal:
    try:
        level = Decimal(str(value))
    except (InvalidOperation, ValueError):
        raise SpreadRefused(_("The quote you saw is missing: reload the page.")) from None
    if not level.is_finite() or not 0 < level < 10**9:
        raise SpreadRefused(_("The quote you saw is missing: reload the page."))
    return level


def spread_policy_of(player: Player) -> tuple[str, int]:
    """The player's setting for moved quotes (his betting settings): the policy and its N."""
    row = (
        BettorSettings.objects.filter(player=player)
        .values_list("spread_policy", "spread_points")
        .first()
    )
    return row or (SpreadPolicy.SMALL, DEFAULT_SPREAD_POINTS)


def hold_seconds() -> int:
    return int(settings.SPREAD_HOLD_SECONDS)


def _favour(side: rules.Direction, seen: Decimal, met: Decimal, point_size: Decimal) -> Decimal:
    """How many points the quote met is better for the player than the one he saw (negative:
    worse): a lower ask to buy at, a higher bid to sell at."""
    points = (seen - met) / point_size
    return points if side is rules.Direction.UP else -points


def spread_bet(
    *,
    player: Player,
    asset_id: int,
    direction: str,
    stake: int,
    level_seen=None,
    idempotency_key: str,
    position_id: int | None = None,
    hold_id: int | None = None,
    now: dt.datetime | None = None,
) -> tuple[SpreadOrder, bool]:
    """Buy (up) at the ask or sell (down) at the bid (BK §29, §30), `stake` per point (§28).
    An opposite bet closes the player's open bets on the asset, the named one or the oldest
    first (§31, A6), for at most what is open (A5); otherwise it opens a bet, within the stake
    limits (A10), its initial margin moved to the margin account. An order that names a position
    (`position_id`) only ever closes it: a position closed meanwhile, unknown, another player's,
    on another asset or in the same direction is refused and nothing opens. Only in working hours
    (§32) and while the asset is not halted.

    The quote that binds is the one the order meets under the asset's lock (A11), if it is the
    one the player saw (`level_seen`) or his setting takes the move (`spread_policy_of`:
    `betting.moves`). Otherwise nothing is booked and Requote offers him the quote met, held for
    SPREAD_HOLD_SECONDS: his confirmation (`hold_id`, with the same order and key) executes at the
    held quote while the hold lasts; after it, the held quote is what he saw, and the quote then
    met binds as above (or he is offered the next hold).
    Returns (order, created); the same key again returns the first order and moves nothing; the
    key of another order is refused."""
    now = now or timezone.now()
    key = f"{player.pk}:{idempotency_key}"
    try:
        side = rules.Direction(direction)
    except ValueError:
        raise SpreadRefused(_("A bet is up (buy) or down (sell).")) from None
    if not isinstance(stake, int) or isinstance(stake, bool) or stake <= 0:
        raise SpreadRefused(_("The stake per point must be more than zero."))
    seen = None if hold_id is not None else _parse_level(level_seen)
    existing = SpreadOrder.objects.filter(idempotency_key=key).first()
    if existing is not None:
        return _same_order(existing, asset_id, side, stake), False
    requote = None
    try:
        with transaction.atomic():
            asset = SpreadAsset.objects.select_for_update().filter(pk=asset_id).first()
            if asset is None:
                raise SpreadRefused(_("This asset is not quoted."))
            existing = SpreadOrder.objects.filter(idempotency_key=key).first()
            if existing is not None:  # a double click that waited for the lock
                return _same_order(existing, asset.pk, side, stake), False
            if asset.delisted_at is not None:
                raise SpreadRefused(_("This asset is no longer quoted (delisted)."))
            if asset.halted:
                raise SpreadRefused(_("Trading in this asset is halted."))
            if not asset_is_open(asset, now):
                raise SpreadRefused(_("The bookmaker is closed for this asset now (BK §32)."))
            if position_id is not None:
                _check_named(player, asset, side, position_id)
            hold = None
            if hold_id is not None:
                hold = _hold_of(player, hold_id, asset, side, stake, position_id, key)
                seen = hold.level
            met = rules.open_level(side, asset_quote(asset))
            if hold is not None and now <= hold.expires_at:
                level = hold.level  # the bookmaker's offer, taken in time
            else:
                policy, points = spread_policy_of(player)
                if not moves.move_accepted(
                    policy, _favour(side, seen, met, asset.point_size), points
                ):
                    offered = SpreadHold.objects.create(
                        player=player,
                        asset=asset,
                        direction=side.value,
                        stake=stake,
                        position_id=position_id,
                        seen=seen,
                        level=met,
                        idempotency_key=key,
                        offered_at=now,
                        expires_at=now + dt.timedelta(seconds=hold_seconds()),
                    )
                    requote = Requote(offered, asset.point_size, expired=hold is not None)
                level = met
            if requote is None:
                order = _execute(player, asset, side, stake, level, key, position_id, now)
                if hold is not None:
                    hold.order = order
                    hold.save(update_fields=["order"])
    except IntegrityError:
        existing = SpreadOrder.objects.filter(idempotency_key=key).first()
        if existing is None:
            raise
        return _same_order(existing, asset_id, side, stake), False
    if requote is not None:  # the hold is committed; nothing else was done
        raise requote
    return order, True


def _same_order(existing: SpreadOrder, asset_id: int, side, stake: int) -> SpreadOrder:
    """The order a key already made: the same order sent again (a double click, a retry) gets
    it; another order with that key (a form sent before, reused) is refused."""
    if (existing.asset_id, existing.direction, existing.stake) != (asset_id, side.value, stake):
        raise SpreadRefused(
            _(
                "This form was already sent, for order №%(number)s: "
                "reload the page to place another."
            )
            % {"number": existing.pk}
        )
    return existing


def _hold_of(player, hold_id: int, asset, side, stake: int, position_id, key: str) -> SpreadHold:
    """The player's own hold for exactly this order; anything else is refused."""
    hold = (
        SpreadHold.objects.filter(pk=hold_id, player=player).first()
        if 0 < hold_id <= MAX_ID
        else None
    )
    if hold is None:
        raise SpreadRefused(_("No quote is held for you under that number: place the order again."))
    if (hold.asset_id, hold.direction, hold.stake, hold.position_id, hold.idempotency_key) != (
        asset.pk,
        side.value,
        stake,
        position_id,
        key,
    ):
        raise SpreadRefused(
            _("This confirmation does not match the quote held for you: place the order again.")
        )
    return hold


def _execute(player, asset, side, stake, level, key, position_id, now) -> SpreadOrder:
    """The order at `level`: it closes the opposite bets or opens one. Call holding the asset's
    lock."""
    opposite = list(
        SpreadPosition.objects.select_for_update()
        .filter(player=player, asset=asset, direction=side.opposite.value, stake__gt=0)
        .order_by("pk")
    )
    if position_id is not None:
        opposite = [p for p in opposite if p.pk == position_id]
        if not opposite:  # closed out since _check_named read it
            raise SpreadRefused(_("This position is already closed."))
    order = SpreadOrder.objects.create(
        player=player,
        asset=asset,
        direction=side.value,
        stake=stake,
        level=level,
        closes=bool(opposite),
        idempotency_key=key,
        at=now,
    )
    if opposite:
        _close_by_order(player, asset, opposite, order, now)
    else:
        _open(player, asset, side, order, now)
    _announce(None, [player.pk], traded=[asset.pk])
    return order


def _check_named(player, asset: SpreadAsset, side, position_id: int) -> None:
    """An order that names a position closes that position or nothing (§31): the position must
    be this player's, on this asset, in the other direction and still open. Call holding the
    asset's lock. A close-out (which locks positions, not the asset) may still close it before
    the order locks the positions: the caller checks again under that lock."""
    named = (
        SpreadPosition.objects.filter(pk=position_id, player=player, asset=asset).first()
        if 0 < position_id <= MAX_ID
        else None
    )
    if named is None:
        raise SpreadRefused(_("There is no such position."))
    if named.direction == side.value:
        raise SpreadRefused(_("A position is closed by the opposite bet."))
    if named.stake <= 0:
        raise SpreadRefused(_("This position is already closed."))


def _open(player, asset: SpreadAsset, side, order: SpreadOrder, now) -> SpreadPosition:
    if order.stake < asset.min_stake:  # A10: the minimum binds opening bets only
        raise SpreadRefused(
            _("The minimum stake is %(amount)s per point.")
            % {"amount": format_amount(asset.min_stake, asset.currency)}
        )
    if order.stake > asset.max_stake:
        raise SpreadRefused(
            _("The maximum stake is %(amount)s per point.")
            % {"amount": format_amount(asset.max_stake, asset.currency)}
        )
    position = SpreadPosition.objects.create(
        player=player,
        asset=asset,
        order=order,
        direction=side.value,
        opened_stake=order.stake,
        stake=order.stake,
        open_level=order.level,
        margin_points=asset.margin_points,
        closeout_points=asset.closeout_points,
        opened_at=now,
    )
    margin = asset.margin_points * order.stake
    try:
        ledger.transfer_create(
            idempotency_key=f"spreadopen:{position.pk}",
            kind=TransferKind.STAKE,
            legs=[
                (ledger.wallet_for(player, asset.currency), -margin),
                (margin_account(player.pk, asset.currency), margin),
            ],
            memo=_("Initial margin of spread bet %(number)s") % {"number": position.pk},
            reference=f"spread:{position.pk}",
            under_lock=lambda: limits.check_can_stake(player, margin, asset.currency),
        )
    except (limits.StakeRefused, ledger.LedgerError) as refusal:
        raise SpreadRefused(
            _("The initial margin of %(margin)s cannot be held: %(reason)s")
            % {"margin": format_amount(margin, asset.currency), "reason": refusal}
        ) from refusal
    return position


def _open_positions_in(player_id: int, currency: str, lock: bool) -> list[SpreadPosition]:
    positions = SpreadPosition.objects.filter(
        player_id=player_id, asset__currency=currency, stake__gt=0
    ).order_by("pk")
    if lock:
        positions = positions.select_for_update(of=("self",))
    return list(positions)


def _lock_debts(player_id: int, currency: str) -> None:
    """Lock the player's closed positions that still carry a debt (A7), before his accounts:
    a gain repays them (_book_close), and positions are locked before accounts, always."""
    list(
        SpreadPosition.objects.select_for_update()
        .filter(player_id=player_id, asset__currency=currency, stake=0, debt__gt=0)
        .order_by("pk")
        .values_list("pk", flat=True)
    )


def _held(player_id: int, currency: str) -> int:
    account = margin_account(player_id, currency)
    return ledger.lock_accounts([account])[account.pk].balance


def _close_by_order(player, asset, opposite, order: SpreadOrder, now) -> None:
    open_stake = sum(p.stake for p in opposite)
    if order.stake > open_stake:  # A5: never more than is open; reversing is close then open
        raise SpreadRefused(
            _(
                "You can close at most %(amount)s per point. To bet the other way, close "
                "first, then open a new bet."
            )
            % {"amount": format_amount(open_stake, asset.currency)}
        )
    left, parts = order.stake, []
    for position in opposite:
        if not left:
            break
        parts.append((position, min(left, position.stake)))
        left -= parts[-1][1]
    _close_parts(
        player.pk,
        asset,
        parts,
        level=order.level,
        reason=SpreadCloseReason.PLAYER,
        order=order,
        now=now,
    )


def _close_parts(player_id: int, asset: SpreadAsset, parts, *, level, reason, order, now) -> None:
    """Close (part of) some of a player's bets on `asset` at `level`: `parts` is (position,
    stake per point to close), positions of this player locked by the caller. Call holding the
    asset's lock; takes the player's open positions, his debts and his margin account (the
    module's lock order). Each part's margin goes back only as far as the account holds more
    than the bets still open require (A7)."""
    everything = _open_positions_in(player_id, asset.currency, lock=True)
    _lock_debts(player_id, asset.currency)
    held = _held(player_id, asset.currency)
    for position, part in parts:
        result = rules.pnl(
            rules.Direction(position.direction), part, position.open_level, level,
            asset.point_size,
        )  # fmt: skip
        still = sum(p.margin for p in everything) - position.margin_points * part
        effect = rules.close_effect(
            held=held,
            still_required=still,
            part_margin=position.margin_points * part,
            result=result,
        )
        _book_close(
            position=position,
            stake=part,
            level=level,
            effect=effect,
            reason=reason,
            order=order,
            currency=asset.currency,
            now=now,
        )
        held += effect.account_change
        for p in everything:
            if p.pk == position.pk:
                p.stake = position.stake


def spread_asset_delist(
    *, asset_id: int, staff: Player | None = None, now: dt.datetime | None = None
) -> int:
    """A13: the bookmaker stops quoting an asset for good. Every open bet on it is closed whole
    at its last published closing-side quote (A2: an up bet at the bid, a down bet at the ask),
    in or out of working hours and halted or not (no order is executed in the market: the
    asset's quoting ends); a loss beyond the margin is owed as at any close (A7). From then on
    the asset takes no orders and no quotes. Returns the number of bets closed; delisting it
    again closes nothing."""
    roles.require(staff, roles.TRADE_LINE)
    now = now or timezone.now()
    with transaction.atomic():
        asset = SpreadAsset.objects.select_for_update().get(pk=asset_id)
        if asset.delisted_at is not None:
            return 0
        asset.delisted_at, asset.halted = now, True
        asset.save(update_fields=["delisted_at", "halted"])
        # Each player's positions are locked as every close locks them (all his open positions,
        # by id: the module's order), one player after the other; locking the asset's positions
        # first would hold them against a close-out or order of his that holds a lower id.
        # No bet on the asset opens meanwhile (its row is locked); one closed meanwhile is gone.
        by_player: dict[int, list[SpreadPosition]] = {}
        for player_id in sorted(
            set(
                SpreadPosition.objects.filter(asset=asset, stake__gt=0).values_list(
                    "player_id", flat=True
                )
            )
        ):
            mine = [
                p
                for p in _open_positions_in(player_id, asset.currency, lock=True)
                if p.asset_id == asset.pk
            ]
            if mine:
                by_player[player_id] = mine
        quote = asset_quote(asset)
        for player_id, positions in by_player.items():
            for position in positions:
                _close_parts(
                    player_id,
                    asset,
                    [(position, position.stake)],
                    level=rules.close_level(rules.Direction(position.direction), quote),
                    reason=SpreadCloseReason.DELISTED,
                    order=None,
                    now=now,
                )
        _announce(asset.pk, list(by_player))
        return sum(len(positions) for positions in by_player.values())


# --- quotes: the feed and staff (A11, A14) -------------------------------------------------------


def spread_quote_set(
    *,
    asset_id: int,
    bid: Decimal,
    ask: Decimal,
    source: str = "staff",
    staff: Player | None = None,
    now: dt.datetime | None = None,
    watch: bool = True,
) -> SpreadAsset:
    """Set an asset's quote (staff by hand, or a feed). Levels must be whole points (A3) with
    the ask not below the bid. The new quote is stored, pushed live, and every account with a
    bet on the asset is watched for a close-out (BK §36)."""
    roles.require(staff, roles.TRADE_LINE)
    now = now or timezone.now()
    try:
        bid, ask = Decimal(str(bid)), Decimal(str(ask))
    except (InvalidOperation, ValueError):
        raise QuoteError(_("Bid and ask must be numbers.")) from None
    with transaction.atomic():
        asset = SpreadAsset.objects.select_for_update().get(pk=asset_id)
        if asset.delisted_at is not None:
            raise QuoteError(_("This asset is delisted: it is quoted no more (A13)."))
        if not (bid.is_finite() and ask.is_finite()) or bid <= 0 or ask < bid:
            raise QuoteError(_("The ask must be at least the bid, and both above zero."))
        if not (rules.on_grid(bid, asset.point_size) and rules.on_grid(ask, asset.point_size)):
            raise QuoteError(
                _("Quotes are whole points of %(size)s.") % {"size": asset.point_size.normalize()}
            )
        _apply_quote(asset, rules.Quote(bid, ask), source, staff, now)
    if watch:
        spread_margin_watch(asset_id=asset_id, now=now)
    return asset


def _apply_quote(asset: SpreadAsset, quote: rules.Quote, source, staff, now) -> None:
    asset.bid, asset.ask = quote.bid, quote.ask
    asset.quote_version += 1
    asset.quoted_at = now
    asset.save(update_fields=["bid", "ask", "quote_version", "quoted_at"])
    SpreadQuote.objects.create(
        asset=asset,
        bid=quote.bid,
        ask=quote.ask,
        version=asset.quote_version,
        source=source,
        set_by=staff,
        at=now,
    )
    _announce(asset.pk)


def spread_asset_halt(*, asset_id: int, halted: bool, staff: Player | None = None) -> SpreadAsset:
    """Staff halt an asset (no orders, no feed, no close-outs) or resume it."""
    roles.require(staff, roles.TRADE_LINE)
    with transaction.atomic():
        asset = SpreadAsset.objects.select_for_update().get(pk=asset_id)
        if asset.delisted_at is not None:
            raise QuoteError(_("This asset is delisted: it is quoted no more (A13)."))
        if asset.halted != halted:
            asset.halted = halted
            asset.save(update_fields=["halted"])
            _announce(asset.pk)
        return asset


def spread_asset_switch(
    *, asset_id: int, auto_closeout: bool, staff: Player | None = None
) -> SpreadAsset:
    """A8: the operator's switch of automatic close-outs for an asset."""
    roles.require(staff, roles.TRADE_LINE)
    with transaction.atomic():
        asset = SpreadAsset.objects.select_for_update().get(pk=asset_id)
        if asset.auto_closeout != auto_closeout:
            asset.auto_closeout = auto_closeout
            asset.save(update_fields=["auto_closeout"])
            _announce(asset.pk)
    if auto_closeout:
        spread_margin_watch(asset_id=asset_id)
    return asset


_feeds: dict[str, PriceFeed] = {}


def price_feed(asset: SpreadAsset) -> PriceFeed:
    """settings.SPREAD_FEED_FILE: replay that file of quotes; otherwise a random walk per asset,
    seeded by the asset's seed (the embedded default, run by the server's clock)."""
    path = settings.SPREAD_FEED_FILE
    key = f"file:{path}" if path else f"walk:{asset.code}:{asset.feed_seed}"
    feed = _feeds.get(key)
    if feed is None:
        feed = FileFeed(path) if path else RandomWalkFeed(asset.feed_seed, asset.feed_step_points)
        _feeds[key] = feed
    return feed


def spread_feed_tick(now: dt.datetime | None = None) -> int:
    """What the clocks call: the feed's next quote for every asset in working hours and not
    halted (A9: a closed market's quotes do not move here; the first quote after reopening may
    gap), each applied and watched. Returns the number of quotes applied."""
    now = now or timezone.now()
    applied = 0
    for asset in SpreadAsset.objects.filter(halted=False).order_by("pk"):
        if not asset_is_open(asset, now):
            continue
        quote = price_feed(asset).next_quote(asset.code, asset_quote(asset), asset.point_size)
        if quote is None:
            continue
        with transaction.atomic():
            locked = SpreadAsset.objects.select_for_update().get(pk=asset.pk)
            if locked.halted:
                continue
            source = "file" if settings.SPREAD_FEED_FILE else "feed"
            _apply_quote(locked, quote, source, None, now)
        applied += 1
        spread_margin_watch(asset_id=asset.pk, now=now)
    return applied


# --- the margin watch (BK §36, A7, A8, A9) -------------------------------------------------------


_ROW_FIELDS = (
    "pk",
    "asset_id",
    "direction",
    "stake",
    "open_level",
    "margin_points",
    "closeout_points",
)


def _row(position: SpreadPosition) -> tuple:
    return tuple(getattr(position, name) for name in _ROW_FIELDS)


def _plan(rows, assets: dict[int, SpreadAsset], held: int, now) -> list[rules.CloseOut]:
    """The pure close-out plan of one account. `rows`: its open positions as _ROW_FIELDS
    tuples. Each position is its own key in the plan: it keeps the margin and level it was
    opened on (A3); the asset's point size, quote, switch (A8) and hours (A9) are shared."""
    per_asset = {}
    positions, quotes, terms, tradable = [], {}, {}, set()
    for pk, asset_id, direction, stake, opened, margin_points, closeout_points in rows:
        if asset_id not in per_asset:
            asset = assets[asset_id]
            per_asset[asset_id] = (
                asset_terms(asset),
                asset_quote(asset),
                asset_is_open(asset, now),
            )
        base, quote, is_open = per_asset[asset_id]
        key = f"{asset_id}#{pk}"
        positions.append(
            rules.Position(
                pk, key, rules.Direction(direction), stake, opened, margin_points * stake
            )
        )
        quotes[key] = quote
        terms[key] = rules.AssetTerms(
            code=key,
            point_size=base.point_size,
            margin_points=margin_points,
            closeout_points=closeout_points,
            auto_closeout=base.auto_closeout,
        )
        if is_open:
            tradable.add(key)
    return rules.closeout_plan(
        held=held, positions=positions, quotes=quotes, terms=terms, tradable=tradable
    )


def _accounts_below_level(asset_id: int | None, now) -> list[tuple[int, str]]:
    """Read without locks: the (player, currency) accounts whose equity is below their close-out
    level now and that have a bet that may be closed (a set-based first pass: two queries and
    the pure rules; each account found is then checked again under its locks)."""
    assets = {a.pk: a for a in SpreadAsset.objects.all()}
    open_positions = SpreadPosition.objects.filter(stake__gt=0)
    if asset_id is not None:
        players = open_positions.filter(asset_id=asset_id).values("player_id")
        open_positions = open_positions.filter(player_id__in=players)
    by_account: dict[tuple[int, str], list] = defaultdict(list)
    for player_id, *row in open_positions.values_list("player_id", *_ROW_FIELDS):
        by_account[(player_id, assets[row[1]].currency)].append(row)
    if not by_account:
        return []
    held = {
        (int(reference.split(":")[1]), currency): balance
        for reference, currency, balance in Account.objects.filter(
            reference__in=[f"spread:{player_id}" for player_id, _c in by_account], kind="escrow"
        ).values_list("reference", "currency", "balance")
    }
    return [
        account
        for account, rows in by_account.items()
        if _plan(rows, assets, held.get(account, 0), now)
    ]


def _close_out_account(player_id: int, currency: str, now) -> int:
    with transaction.atomic():
        positions = _open_positions_in(player_id, currency, lock=True)
        if not positions:
            return 0
        assets = {
            a.pk: a for a in SpreadAsset.objects.filter(pk__in={p.asset_id for p in positions})
        }
        _lock_debts(player_id, currency)
        plan = _plan([_row(p) for p in positions], assets, _held(player_id, currency), now)
        by_id = {p.pk: p for p in positions}
        for close in plan:
            position = by_id[close.position]
            _book_close(
                position=position,
                stake=position.stake,
                level=close.level,
                effect=close.effect,
                reason=SpreadCloseReason.CLOSEOUT,
                order=None,
                currency=currency,
                now=now,
            )
        if plan:
            _announce(None, [player_id], traded={by_id[c.position].asset_id for c in plan})
        return len(plan)


def spread_margin_watch(*, asset_id: int | None = None, now: dt.datetime | None = None) -> int:
    """BK §36, A7, A8: close out every account (of the players with a bet on `asset_id`, or all)
    whose equity is below its close-out level, largest loss first, at the current quotes, on the
    assets that are open (A9) and whose switch is on (A8). Returns the number of bets closed.
    The clocks call it with no asset too, so an asset that reopens after closed hours is acted
    on at its first quote, even past the level (A9)."""
    now = now or timezone.now()
    closed = 0
    for player_id, currency in _accounts_below_level(asset_id, now):
        closed += _close_out_account(player_id, currency, now)
    return closed


# --- the books check -------------------------------------------------------------------------


def spread_books_check(report) -> None:
    """Per currency: `sportsbook/spread-receivable` is owed exactly the debts on positions (A7)."""
    from sportsbook.books import check_owed

    owed = dict(
        SpreadPosition.objects.filter(debt__gt=0)
        .values("asset__currency")
        .annotate(total=Sum("debt"))
        .values_list("asset__currency", "total")
    )
    check_owed(report, "spread bets", "owed by players", owed, RECEIVABLE, "positions")
