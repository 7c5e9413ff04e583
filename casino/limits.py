"""Responsible gaming: daily deposit and loss limits and self-exclusion (issue: foundation §7).

Every game and the sportsbook call `check_can_stake` before a stake leaves a wallet (the ledger's
`stake_to_escrow` does it while holding the wallet's row lock, so two stakes cannot both slip
under a limit). Lowering a limit takes effect at once; raising or removing it waits
LIMIT_RAISE_DELAY_HOURS (24 h); staff changes take effect at once.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.conf import settings
from django.db import connection
from django.db.models import Sum
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from casino import roles
from casino.currencies import format_amount
from casino.models import (
    DEPOSIT_KINDS,
    GAMING_KINDS,
    AccountKind,
    Entry,
    GamingLimit,
    LimitKind,
    Player,
)


class StakeRefused(Exception):
    """The player may not stake or deposit this; the message is fit to show them."""


def start_of_today() -> dt.datetime:
    local_now = timezone.localtime()
    return local_now.replace(hour=0, minute=0, second=0, microsecond=0)


def _wallet_sum_today(player: Player | int, currency: str, kinds) -> int:
    return (
        Entry.objects.filter(
            account__kind=AccountKind.WALLET,
            account__owner=player,
            currency=currency,
            created_at__gte=start_of_today(),
            transfer__kind__in=kinds,
        ).aggregate(total=Sum("amount"))["total"]
        or 0
    )


def loss_today(player: Player | int, currency: str) -> int:
    """Net loss since local midnight: stakes less what came back (stakes in play count as lost)."""
    return max(0, -_wallet_sum_today(player, currency, GAMING_KINDS))


def deposits_today(player: Player, currency: str) -> int:
    return _wallet_sum_today(player, currency, DEPOSIT_KINDS)


_LIMIT_SQL = (
    f'SELECT "amount", "pending_from" IS NOT NULL AND "pending_from" <= %s '
    f'FROM "{GamingLimit._meta.db_table}" '
    'WHERE "player_id" = %s AND "kind" = %s AND "currency" = %s'
)


def effective_limit(player: Player, kind: str, currency: str) -> int | None:
    # Every stake asks this, so the common case (no limit, or no pending change due) is one plain
    # SQL read (at most one row: unique per player, kind and currency); a due change is applied
    # through the model as before.
    with connection.cursor() as cursor:
        cursor.execute(
            _LIMIT_SQL,
            [
                connection.ops.adapt_datetimefield_value(timezone.now()),
                player.pk,
                kind,
                currency,
            ],
        )
        row = cursor.fetchone()
    if row is None:
        return None
    amount, change_due = row
    if not change_due:
        return amount
    return _apply_due_change(player, kind, currency)


def _apply_due_change(player: Player | int, kind: str, currency: str) -> int | None:
    limit = GamingLimit.objects.filter(player=player, kind=kind, currency=currency).first()
    if limit is None:
        return None
    if limit.pending_from is not None and limit.pending_from <= timezone.now():
        limit.amount = limit.pending_amount
        limit.pending_amount = None
        limit.pending_from = None
        limit.save(update_fields=["amount", "pending_amount", "pending_from", "updated_at"])
    return limit.amount


def is_self_excluded(player: Player) -> bool:
    until = player.self_excluded_until
    return until is not None and until >= timezone.localdate()


def check_can_stake(player: Player, amount: int, currency: str) -> None:
    """Call holding the player's wallet lock (see the module's docstring)."""
    if is_self_excluded(player):
        raise StakeRefused(
            _("You have excluded yourself from play until %(date)s.")
            % {"date": date_format(player.self_excluded_until)}
        )
    limit = effective_limit(player, LimitKind.LOSS, currency)
    if limit is not None:
        already = loss_today(player, currency)
        if already + amount > limit:
            raise StakeRefused(_over_loss_limit(already + amount, limit, currency))


def check_stakes(
    stakes: dict[int, int], currency: str, excluded_until: dict[int, dt.date | None]
) -> None:
    """``check_can_stake`` for several players at once, by id, each with the self-exclusion date
    read beside them (a table's seats carry it): one query for all their loss limits, where one
    each was. Call holding their wallets' locks."""
    today = timezone.localdate()
    for player_id in sorted(stakes):
        until = excluded_until.get(player_id)
        if until is not None and until >= today:
            raise StakeRefused(
                _("You have excluded yourself from play until %(date)s.")
                % {"date": date_format(until)}
            )
    ids = sorted(stakes)
    with connection.cursor() as cursor:
        cursor.execute(
            f'SELECT "player_id", "amount", "pending_from" IS NOT NULL AND "pending_from" <= %s '
            f'FROM "{GamingLimit._meta.db_table}" '
            f'WHERE "player_id" IN ({", ".join(["%s"] * len(ids))}) AND "kind" = %s '
            'AND "currency" = %s',
            [
                connection.ops.adapt_datetimefield_value(timezone.now()),
                *ids,
                LimitKind.LOSS,
                currency,
            ],
        )
        rows = cursor.fetchall()
    for player_id, amount, change_due in sorted(rows):
        limit = _apply_due_change(player_id, LimitKind.LOSS, currency) if change_due else amount
        if limit is None:
            continue
        already = loss_today(player_id, currency)
        if already + stakes[player_id] > limit:
            raise StakeRefused(_over_loss_limit(already + stakes[player_id], limit, currency))


def _over_loss_limit(total: int, limit: int, currency: str) -> str:
    return _(
        "This stake would take today's losses to %(total)s, over your daily loss "
        "limit of %(limit)s."
    ) % {"total": format_amount(total, currency), "limit": format_amount(limit, currency)}


def check_can_deposit(player: Player, amount: int, currency: str) -> None:
    limit = effective_limit(player, LimitKind.DEPOSIT, currency)
    if limit is not None:
        already = deposits_today(player, currency)
        if already + amount > limit:
            raise StakeRefused(
                _(
                    "This deposit would take today's deposits to %(total)s, over the daily "
                    "deposit limit of %(limit)s."
                )
                % {
                    "total": format_amount(already + amount, currency),
                    "limit": format_amount(limit, currency),
                }
            )


@dataclass(frozen=True)
class LimitChange:
    immediate: bool
    effective_from: dt.datetime


def limit_set(
    *, player: Player, kind: str, currency: str, amount: int | None, by: Player
) -> LimitChange:
    """Set a limit (None removes it). A player's tightening applies now, loosening in 24 h;
    a staff member's change applies now. Setting another player's limit is the supervisor's
    (casino.roles)."""
    staff_act = by.pk != player.pk
    if staff_act:
        roles.require(by, roles.SET_LIMITS)
    if amount is not None and amount < 0:
        raise ValueError("a limit cannot be negative")
    limit, _created = GamingLimit.objects.get_or_create(player=player, kind=kind, currency=currency)
    effective_limit(player, kind, currency)  # apply a pending change that is due
    limit.refresh_from_db()
    now = timezone.now()
    tighter = amount is not None and (limit.amount is None or amount <= limit.amount)
    if tighter or staff_act:
        limit.amount = amount
        limit.pending_amount = None
        limit.pending_from = None
        change = LimitChange(immediate=True, effective_from=now)
    else:
        limit.pending_amount = amount
        limit.pending_from = now + dt.timedelta(hours=settings.LIMIT_RAISE_DELAY_HOURS)
        change = LimitChange(immediate=False, effective_from=limit.pending_from)
    limit.updated_by = by
    limit.save()
    return change


def staff_limit_save(limit: GamingLimit, *, by: Player) -> None:
    """A limit row edited by a supervisor in the admin: it applies at once, as his
    `limit_set` would (any change waiting for its 24 hours is dropped)."""
    roles.require(by, roles.SET_LIMITS)
    limit.updated_by = by
    limit.pending_amount = None
    limit.pending_from = None
    limit.save()


def self_exclusion_set(*, player: Player, until: dt.date | None, by: Player) -> None:
    """Players may start or lengthen a self-exclusion, never shorten it; a supervisor may do
    either (casino.roles)."""
    current = player.self_excluded_until if is_self_excluded(player) else None
    staff_act = by.pk != player.pk
    if staff_act:
        roles.require(by, roles.SET_LIMITS)
    else:
        if until is None or until < timezone.localdate():
            raise StakeRefused(_("Choose a date from today on."))
        if current is not None and until < current:
            raise StakeRefused(
                _("A self-exclusion cannot be shortened; it runs until %(date)s.")
                % {"date": date_format(current)}
            )
    player.self_excluded_until = until
    player.save(update_fields=["self_excluded_until"])
