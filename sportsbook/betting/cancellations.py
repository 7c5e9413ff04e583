"""Staff cancel bets, returning them at odds 1 (SB §1.10): all of one player's bets on an event he
is suspected of taking part in, or bets chosen one by one (accepted while a technical or software
error showed wrong data, e.g. a wrong score in the broadcast).

Whole-event voids (48 hours, a venue moved, foul play proven) are results (`Event.result` with the
ending) settled by `sportsbook.settlement.runner`; this module cancels single bets with the same
money machinery (`_ChunkMoney`): only the difference from the bet's previous payout is booked, so
an open bet gets its stake back from `sportsbook/stakes-held`, and a settled bet is re-settled to
its stake (a `reversal`, E33: what the wallet no longer holds is owed on the bet). A cancelled
bet is returned whole, an express or system too, whatever its other legs (docs/rules-decisions.md),
and settlement leaves it alone from then on (`settlement_runner._read_chunk`).

One transaction takes the settlement lock (no chunk of a settlement writes these bets meanwhile)
and the bets' row locks; a bet cancelled already is left as it is, and each bet's transfer has
its own idempotency key, so a double click or a retry books nothing twice.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from django.db import OperationalError, connection, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from casino import roles
from casino.models import Player, TransferKind
from sportsbook.betting.services import announce_liability
from sportsbook.models import Bet, BetLeg, BetStatus
from sportsbook.settlement.runner import _ChunkMoney, _one_settlement_at_a_time

REASON_MAX_LENGTH = Bet._meta.get_field("cancelled_reason").max_length
# How long a cancellation waits for a settlement in progress (a page request must not hang).
SETTLEMENT_WAIT = "10s"


class CancelRefused(Exception):
    """A cancellation that cannot be made; str() is a sentence for the staff member."""


@dataclass
class Cancellation:
    """What `bets_cancel` did."""

    cancelled: list[Bet] = field(default_factory=list)  # cancelled now, by ascending id
    already: list[int] = field(default_factory=list)  # ids cancelled before: nothing done
    returned: dict[str, int] = field(default_factory=lambda: defaultdict(int))  # per currency
    owed: int = 0  # what corrections could not take back from wallets (E33)


def bets_cancel(
    *,
    reason: str,
    staff: Player | None,
    bet_ids: Iterable[int] | None = None,
    event_id: int | None = None,
    player_id: int | None = None,
    now: dt.datetime | None = None,
) -> Cancellation:
    """Cancel bets at odds 1 (SB §1.10), either `bet_ids` (when `event_id` is given too, each must
    have a leg on that event) or every bet of `player_id` with a leg on `event_id`. Raises
    CancelRefused (nothing done) without a reason or for a bet that is not there."""
    roles.require(staff, roles.CANCEL_BETS)
    reason = (reason or "").strip()
    if not reason:
        raise CancelRefused(_("Give the reason for the cancellation."))
    if len(reason) > REASON_MAX_LENGTH:
        raise CancelRefused(
            _("The reason is at most %(count)s characters.") % {"count": REASON_MAX_LENGTH}
        )
    if bet_ids is None and (event_id is None or player_id is None):
        raise ValueError("bets_cancel needs bet_ids, or event_id and player_id")
    wanted = None if bet_ids is None else sorted(set(bet_ids))
    if wanted == []:
        raise CancelRefused(_("Choose the bets to cancel."))
    now = now or timezone.now()
    result = Cancellation()
    with transaction.atomic():
        _settlement_lock_or_refuse()
        bets = Bet.objects.select_for_update().order_by("pk")
        if wanted is not None:
            bets = bets.filter(pk__in=wanted)
        else:
            bets = bets.filter(player_id=player_id)
        if event_id is not None:
            on_event = BetLeg.objects.filter(outcome__market__event_id=event_id)
            bets = bets.filter(pk__in=on_event.values("bet_id"))
        bets = list(bets)
        if wanted is not None and len(bets) != len(wanted):
            missing = sorted(set(wanted) - {bet.pk for bet in bets})
            numbers = ", ".join(str(n) for n in missing)
            raise CancelRefused(
                _("No bet on this event has the number %(numbers)s: nothing was cancelled.")
                % {"numbers": numbers}
                if event_id is not None
                else _("There is no bet %(numbers)s: nothing was cancelled.") % {"numbers": numbers}
            )
        if not bets:
            raise CancelRefused(_("This player has no bets on this event."))
        for bet in bets:
            if bet.cancelled_at is not None:
                result.already.append(bet.pk)
                continue
            change, owed = _cancel_one(bet, reason=reason, staff=staff, now=now)
            result.cancelled.append(bet)
            result.returned[bet.currency] += change
            result.owed += owed
        if result.cancelled:
            announce_liability(
                BetLeg.objects.filter(bet__in=[bet.pk for bet in result.cancelled])
                .values_list("outcome__market__event_id", flat=True)
                .distinct()
            )
    return result


def _settlement_lock_or_refuse() -> None:
    """The settlement lock, waiting at most SETTLEMENT_WAIT on PostgreSQL (SQLite's writers are
    one at a time and wait on their own busy timeout)."""
    if connection.vendor != "postgresql":
        _one_settlement_at_a_time()
        return
    with connection.cursor() as cursor:
        cursor.execute(f"SET LOCAL lock_timeout = '{SETTLEMENT_WAIT}'")
        try:
            _one_settlement_at_a_time()
        except OperationalError as busy:
            raise CancelRefused(
                _("A settlement is running: nothing was cancelled. Try again in a minute.")
            ) from busy
        cursor.execute("SET LOCAL lock_timeout TO DEFAULT")


def _cancel_one(bet: Bet, *, reason: str, staff: Player | None, now: dt.datetime):
    """Return one bet at odds 1: book the difference from its previous payout (the settlement's
    mechanism) and record who, when and why. Returns (amount booked to the wallet, owed)."""
    previous = bet.payout
    money = _ChunkMoney()
    money.add(bet.pk, bet.player_id, bet.currency, bet.stake, bet.stake, previous)
    owed = money.book(
        key=lambda currency: f"bet:{bet.pk}:cancel:{currency}",
        kind=TransferKind.REFUND if previous is None else TransferKind.REVERSAL,
        memo=reason,  # the staff member's words; the kind and the bet's reference say the rest
        reference=bet.reference,
        created_by=staff,
    ).get(bet.pk, 0)
    bet.status = BetStatus.VOID
    bet.payout = bet.stake
    bet.settled_at = now
    bet.cancelled_at = now
    bet.cancelled_by = staff
    bet.cancelled_reason = reason
    bet.save(
        update_fields=[
            "status",
            "payout",
            "settled_at",
            "cancelled_at",
            "cancelled_by",
            "cancelled_reason",
        ]
    )
    # The booking may have repaid debts, this bet's among them (E33): the debt is changed where
    # it is stored, never written back from the row read before the booking.
    if owed:
        Bet.objects.filter(pk=bet.pk).update(debt=F("debt") + owed)
    bet.refresh_from_db(fields=["debt"])
    return bet.stake - (previous or 0), owed
