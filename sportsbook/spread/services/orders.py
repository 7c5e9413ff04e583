"""The player's orders (BK §29–§31, A2, A5, A6, A10, A11): a bet at the quote or a re-quote held
for confirmation, opening and closing positions, and closing every position of a delisted asset."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal, InvalidOperation

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from casino import ledger, limits, roles
from casino.currencies import format_amount
from casino.models import Player, TransferKind
from sportsbook.betting import moves
from sportsbook.models import (
    DEFAULT_SPREAD_POINTS,
    BettorSettings,
    SpreadAsset,
    SpreadCloseReason,
    SpreadHold,
    SpreadOrder,
    SpreadPolicy,
    SpreadPosition,
)
from sportsbook.spread import pnl as rules
from sportsbook.spread.services.money import _book_close, margin_account
from sportsbook.spread.services.terms import (
    MAX_ID,
    Requote,
    SpreadRefused,
    _announce,
    asset_is_open,
    asset_quote,
)

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
