"""The sportsbook's writes: accepting bets, moving the line, entering results (issue 4).

Money (DESIGN.md "Money", docs/architecture.md "Sportsbook money"): an accepted stake moves from
the wallet to the house account `sportsbook/stakes-held` (sharded, so concurrent bets never queue
on one row); settlement moves it on to the wallet (winnings, refunds) and to `sportsbook/book`
(the bookmaker's result). `casino.books` checks that `stakes-held` equals the open bets' stakes.

Settlement is in `sportsbook.settlement_runner`; the rules are pure (`sportsbook.settlement`).
"""

from __future__ import annotations

import datetime as dt
import math
from dataclasses import dataclass
from decimal import ROUND_CEILING, Decimal

from django.db import IntegrityError, connection, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from casino import ledger, limits
from casino.currencies import MINOR_UNITS, format_amount
from casino.models import HousePurpose, Player, TransferKind
from casino.realtime import group_send_all
from sportsbook.models import (
    LINE_CURRENCY,
    Bet,
    BetKind,
    BetLeg,
    BettorSettings,
    Event,
    EventStatus,
    ExchangeRate,
    Market,
    MarketStatus,
    OddsChange,
    OddsPolicy,
    Outcome,
    PlayerStakeLimit,
)
from sportsbook.settlement import bets as bet_math

STAKES_HELD = "stakes-held"
BOOK = "book"
RECEIVABLE = "receivable"
SETTLE_DELAY = dt.timedelta(minutes=20)  # SB §6.1

# SB §5.1: the minimum stake in these currencies; any other is the equivalent of 0.5 USD.
MINIMUM_STAKE = {
    "USD": Decimal("1"),
    "EUR": Decimal("1"),
    "UAH": Decimal("5"),
    "RUB": Decimal("20"),
}
MINIMUM_STAKE_USD_EQUIVALENT = Decimal("0.5")


class BetRefused(Exception):
    """A bet the book will not accept; str() is a sentence for that player."""


class OddsChanged(BetRefused):
    """SB §1.7: the odds moved since the slip was filled; the player must confirm the new ones."""

    def __init__(self, changes: dict[int, tuple[Decimal, Decimal]]):
        self.changes = changes  # outcome id -> (odds the player saw, odds now)
        super().__init__(_("The odds have changed. Check the new odds and confirm your bet."))


class LineError(Exception):
    """A change to the line that cannot be made; str() is for the staff member."""


@dataclass(frozen=True)
class Selection:
    outcome_id: int
    odds_seen: Decimal
    banker: bool = False


# --- money helpers -----------------------------------------------------------------------------


def stakes_held_account(currency: str):
    return ledger.house_account(HousePurpose.SPORTSBOOK, currency, STAKES_HELD)


def book_account(currency: str):
    return ledger.house_account(HousePurpose.SPORTSBOOK, currency, BOOK)


def receivable_account(currency: str):
    """What players owe after a correction took back more than their wallet held (E33)."""
    return ledger.house_account(HousePurpose.SPORTSBOOK, currency, RECEIVABLE)


def usd_rate(currency: str) -> Decimal:
    """Units of `currency` per 1 USD, as staff keep them (E31)."""
    if currency == "USD":
        return Decimal(1)
    rate = ExchangeRate.objects.filter(currency=currency).values_list("per_usd", flat=True).first()
    if rate is None:
        raise BetRefused(
            _("Bets in %(currency)s are not taken until the book has an exchange rate for it.")
            % {"currency": currency}
        )
    return rate


def convert_minor(amount: int, source: str, target: str, *, round_up: bool = False) -> int:
    """`amount` minor units of `source` in minor units of `target` at the staff-kept rates;
    rounded down, or up where a minimum must not be undercut (E31)."""
    if source == target:
        return amount
    major = Decimal(amount) / 10 ** MINOR_UNITS[source]
    converted = major / usd_rate(source) * usd_rate(target) * 10 ** MINOR_UNITS[target]
    if round_up:
        return int(converted.to_integral_value(rounding=ROUND_CEILING))
    return int(converted)


def minimum_stake(currency: str) -> int:
    """SB §5.1, in minor units of `currency`."""
    factor = 10 ** MINOR_UNITS[currency]
    if currency in MINIMUM_STAKE:
        return int(MINIMUM_STAKE[currency] * factor)
    usd_cents = int(MINIMUM_STAKE_USD_EQUIVALENT * 100)
    return convert_minor(usd_cents, "USD", currency, round_up=True)


def odds_policy_of(player: Player) -> str:
    policy = (
        BettorSettings.objects.filter(player=player).values_list("odds_policy", flat=True).first()
    )
    return policy or OddsPolicy.ASK


# --- accepting a bet ---------------------------------------------------------------------------


def _lock_line(outcome_ids: list[int]) -> dict[int, Outcome]:
    """The selected outcomes with their markets and events, read so that a concurrent odds change
    or suspension waits for this bet (PostgreSQL: FOR SHARE; SQLite's IMMEDIATE transactions
    already hold the one write lock), so a bet racing a suspension sees it or precedes it."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT o.id FROM sportsbook_outcome o JOIN sportsbook_market m "
                "ON m.id = o.market_id JOIN sportsbook_event e ON e.id = m.event_id "
                "WHERE o.id = ANY(%s) ORDER BY o.id FOR SHARE",
                [outcome_ids],
            )
    outcomes = Outcome.objects.select_related("market__event__competition__sport").in_bulk(
        outcome_ids
    )
    return outcomes


def _check_selection(outcome: Outcome, now: dt.datetime) -> bool:
    """Refuse a leg the book does not take now; returns whether it is a live leg."""
    market, event = outcome.market, outcome.market.event
    if market.status != MarketStatus.OPEN:
        raise BetRefused(
            _("“%(market)s” is suspended: bets on it are not taken right now.")
            % {"market": market.title}
            if market.status == MarketStatus.SUSPENDED
            else _("“%(market)s” is closed.") % {"market": market.title}
        )
    if not event.is_open_for_bets:
        raise BetRefused(_("%(event)s is no longer taking bets.") % {"event": event})
    started = event.status == EventStatus.LIVE or event.starts_at <= now
    if started and not (market.in_play and event.status == EventStatus.LIVE):
        # SB §1.1 and E13: once an event has started only its live markets take bets.
        raise BetRefused(
            _("%(event)s has started: “%(market)s” is not offered live.")
            % {"event": event, "market": market.title}
        )
    return started


def _check_odds(
    selections: list[Selection], outcomes: dict[int, Outcome], policy: str
) -> dict[int, Decimal]:
    """SB §1.7 / E15: the odds taken are today's; a change is accepted only as the player's
    setting allows, otherwise they are shown old and new and asked to confirm."""
    changes = {}
    for selection in selections:
        now_odds = outcomes[selection.outcome_id].odds
        if now_odds == selection.odds_seen:
            continue
        if policy == OddsPolicy.ANY or (
            policy == OddsPolicy.HIGHER and now_odds > selection.odds_seen
        ):
            continue
        changes[selection.outcome_id] = (selection.odds_seen, now_odds)
    if changes:
        raise OddsChanged(changes)
    return {s.outcome_id: outcomes[s.outcome_id].odds for s in selections}


def _check_shape(kind: str, selections: list[Selection], system_size: int | None) -> None:
    bankers = [s for s in selections if s.banker]
    if kind == BetKind.SINGLE and len(selections) != 1:
        raise BetRefused(_("A single is a bet on one outcome."))
    if kind == BetKind.EXPRESS and len(selections) < 2:
        raise BetRefused(_("An express needs at least two outcomes."))
    if kind != BetKind.SYSTEM and bankers:
        raise BetRefused(_("Only a system can have bankers."))
    if kind == BetKind.SYSTEM:
        others = len(selections) - len(bankers)
        if others < 3:
            raise BetRefused(_("A system needs at least three outcomes besides its bankers."))
        if system_size is None or not 2 <= system_size < others:
            raise BetRefused(
                _("A system N of %(m)s needs N from 2 to %(top)s.")
                % {"m": others, "top": others - 1}
            )
        if len(selections) > bet_math.MAX_SYSTEM_LEGS:
            raise BetRefused(
                _("A system has at most %(count)s outcomes.") % {"count": bet_math.MAX_SYSTEM_LEGS}
            )
    if len({s.outcome_id for s in selections}) != len(selections):
        raise BetRefused(_("The same outcome is in the slip twice."))


def _check_independent(outcomes: list[Outcome]) -> None:
    """SB §2.3 / E8: two outcomes of one event cannot be combined."""
    seen = set()
    for outcome in outcomes:
        event_id = outcome.market.event_id
        if event_id in seen:
            raise BetRefused(
                _("Two outcomes of %(event)s cannot be combined in one bet.")
                % {"event": outcome.market.event}
            )
        seen.add(event_id)


def _check_stake(
    player: Player, stake: int, currency: str, outcomes: list[Outcome], combinations: int
) -> None:
    least = minimum_stake(currency)
    if stake < least:
        raise BetRefused(
            _("The minimum stake is %(amount)s.") % {"amount": format_amount(least, currency)}
        )
    if stake < combinations:  # E6: each combination carries at least one minor unit
        raise BetRefused(
            _("A stake of %(amount)s cannot be shared among %(count)s combinations.")
            % {"amount": format_amount(stake, currency), "count": combinations}
        )
    # SB §5.2 and E31: the lowest maximum among the legs, in the player's currency.
    maximum = min(convert_minor(o.max_stake, LINE_CURRENCY, currency) for o in outcomes)
    if stake > maximum:
        raise BetRefused(
            _("The maximum stake on this bet is %(amount)s.")
            % {"amount": format_amount(maximum, currency)}
        )
    cap = (
        PlayerStakeLimit.objects.filter(player=player, currency=currency)
        .values_list("max_stake", flat=True)
        .first()
    )
    if cap is not None and stake > cap:  # SB §5.3
        raise BetRefused(
            _("Your maximum stake per bet is %(amount)s.")
            % {"amount": format_amount(cap, currency)}
        )


def bet_place(
    *,
    player: Player,
    kind: str,
    selections: list[Selection],
    stake: int,
    currency: str,
    idempotency_key: str,
    system_size: int | None = None,
    now: dt.datetime | None = None,
) -> tuple[Bet, bool]:
    """Accept a bet or refuse it with a reason (BetRefused, OddsChanged). Returns (bet, created):
    the same idempotency key again (a double click, a retry) returns the first bet, created False.
    The stake leaves the wallet in the same transaction (SB §1.3, §1.4: accepted means final)."""
    now = now or timezone.now()
    key = f"{player.pk}:{idempotency_key}"
    existing = Bet.objects.filter(idempotency_key=key).first()
    if existing is not None:
        return existing, False
    _check_shape(kind, selections, system_size)
    policy = odds_policy_of(player)
    try:
        with transaction.atomic():
            outcomes = _lock_line([s.outcome_id for s in selections])
            if len(outcomes) != len(selections):
                raise BetRefused(_("An outcome in your slip is no longer in the line."))
            ordered = [outcomes[s.outcome_id] for s in selections]
            live = {o.pk: _check_selection(o, now) for o in ordered}
            _check_independent(ordered)
            odds = _check_odds(selections, outcomes, policy)
            combinations = (
                math.comb(len([s for s in selections if not s.banker]), system_size)
                if kind == BetKind.SYSTEM
                else 1
            )
            _check_stake(player, stake, currency, ordered, combinations)
            bet = Bet.objects.create(
                player=player,
                kind=kind,
                system_size=system_size if kind == BetKind.SYSTEM else None,
                stake=stake,
                currency=currency,
                potential_return=_potential_return(kind, selections, odds, stake, system_size),
                idempotency_key=key,
            )
            BetLeg.objects.bulk_create(
                [
                    BetLeg(
                        bet=bet,
                        outcome_id=s.outcome_id,
                        odds=odds[s.outcome_id],
                        is_banker=s.banker,
                        live=live[s.outcome_id],
                        score_at_placement=(
                            outcomes[s.outcome_id].market.event.live_score.get("score")
                            if live[s.outcome_id]
                            else None
                        ),
                        placed_minute=(
                            outcomes[s.outcome_id].market.event.live_score.get("minute")
                            if live[s.outcome_id]
                            else None
                        ),
                    )
                    for s in selections
                ]
            )
            wallet = ledger.wallet_for(player, currency)
            ledger.lock_accounts([wallet])
            try:
                limits.check_can_stake(player, stake, currency)
                ledger.transfer_create(
                    idempotency_key=f"bet:{bet.pk}:stake",
                    kind=TransferKind.STAKE,
                    legs=[(wallet, -stake), (stakes_held_account(currency), stake)],
                    memo=_("Bet %(number)s") % {"number": bet.pk},
                    reference=bet.reference,
                )
            except (limits.StakeRefused, ledger.LedgerError) as refusal:
                raise BetRefused(str(refusal)) from refusal
    except IntegrityError:
        existing = Bet.objects.filter(idempotency_key=key).first()
        if existing is None:
            raise
        return existing, False
    return bet, True


def _potential_return(kind, selections, odds, stake, system_size) -> int:
    return bet_math.potential_return(
        stake,
        [odds[s.outcome_id] for s in selections if not s.banker],
        system_size if kind == BetKind.SYSTEM else None,
        [odds[s.outcome_id] for s in selections if s.banker],
    )


# --- the line (staff) ---------------------------------------------------------------------------


def _announce_line(event_id: int, payload: dict) -> None:
    transaction.on_commit(
        lambda: group_send_all([(f"event.{event_id}", {"type": "line.changed", **payload})])
    )


def odds_set(
    *,
    outcome_id: int,
    odds: Decimal,
    staff: Player | None,
    expected_odds: Decimal | None = None,
) -> Outcome:
    """Change an outcome's odds; the change is kept and pushed live. Bets already accepted keep
    their odds (SB §1.5). `expected_odds`: the odds the trader's page showed; if another change
    came first (checked under the row lock) this one is refused rather than overwriting it."""
    odds = Decimal(odds)
    if odds <= 1:
        raise LineError(_("Odds must be more than 1."))
    with transaction.atomic():
        outcome = Outcome.objects.select_for_update().select_related("market").get(pk=outcome_id)
        if outcome.odds == odds:
            return outcome
        if expected_odds is not None and outcome.odds != Decimal(expected_odds):
            raise LineError(
                _("These odds were changed meanwhile to %(odds)s.") % {"odds": outcome.odds}
            )
        OddsChange.objects.create(
            outcome=outcome, old_odds=outcome.odds, new_odds=odds, changed_by=staff
        )
        outcome.odds = odds
        outcome.save(update_fields=["odds"])
        _announce_line(
            outcome.market.event_id,
            {"what": "odds", "outcome": outcome.pk, "odds": str(odds), "market": outcome.market_id},
        )
        return outcome


def market_set_status(*, market_id: int, status: str, staff: Player | None = None) -> Market:
    if status not in (MarketStatus.OPEN, MarketStatus.SUSPENDED, MarketStatus.CLOSED):
        raise LineError(_("A market can be opened, suspended or closed here."))
    with transaction.atomic():
        market = Market.objects.select_for_update().get(pk=market_id)
        if market.status == MarketStatus.SETTLED:
            raise LineError(_("This market is settled."))
        if market.status != status:
            market.status = status
            market.save(update_fields=["status"])
            _announce_line(market.event_id, {"what": "market", "market": market.pk})
        return market


def event_set_status(
    *, event_id: int, status: str, staff: Player | None = None, now: dt.datetime | None = None
) -> Event:
    """Mark an event live, finished, interrupted, postponed or cancelled. Finishing it starts the
    settlement clock (SB §6.1: 20 minutes after the end)."""
    now = now or timezone.now()
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event_id)
        if event.status == status:
            return event  # a repeated click: nothing changes, nothing is announced
        if event.settled_at is not None and status != EventStatus.FINISHED:
            raise LineError(_("This event is settled; correct its result instead."))
        event.status = status
        if status == EventStatus.LIVE and event.started_at is None:
            event.started_at = now
            # SB §1.1: pre-match markets close at the start; live ones stay open.
            Market.objects.filter(event=event, in_play=False, status=MarketStatus.OPEN).update(
                status=MarketStatus.CLOSED
            )
        if status in (EventStatus.FINISHED, EventStatus.CANCELLED):
            event.finished_at = event.finished_at or now
            Market.objects.filter(
                event=event, status__in=[MarketStatus.OPEN, MarketStatus.SUSPENDED]
            ).update(status=MarketStatus.CLOSED)
            if event.result is not None and event.settled_at is None:
                event.settle_due_at = event.finished_at + SETTLE_DELAY
        event.version += 1
        event.save()
        _announce_line(event.pk, {"what": "event", "status": status})
        return event


def event_score_set(
    *, event_id: int, score: list[int], minute: int | None, period: str = ""
) -> Event:
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event_id)
        event.live_score = {"score": list(score), "minute": minute, "period": period}
        event.version += 1
        event.save(update_fields=["live_score", "version"])
        _announce_line(event.pk, {"what": "score"})
        return event


def event_result_set(
    *, event_id: int, result: dict, staff: Player | None = None, now: dt.datetime | None = None
) -> Event:
    """Enter (or correct) the official result (SB §1.9). A first result is settled 20 minutes after
    the end (SB §6.1); a correction of a settled event is settled again at once (E33)."""
    from sportsbook.settlement.markets import KINDS
    from sportsbook.settlement.results import EventResult

    now = now or timezone.now()
    try:
        parsed = EventResult.from_dict(result)
    except (ValueError, TypeError, KeyError) as error:
        raise LineError(str(error)) from None
    checked = parsed.to_dict()
    # A result must settle every market of the event (a goal list for goalscorers, corners...):
    # refused now, with the reason, rather than failing at settlement time.
    for market in Market.objects.filter(event_id=event_id):
        try:
            KINDS[market.kind].settle(parsed, market.params)
        except ValueError as error:
            raise LineError(
                _("The result cannot settle “%(market)s”: %(reason)s")
                % {"market": market.title, "reason": error}
            ) from None
    with transaction.atomic():
        event = (
            Event.objects.select_for_update().select_related("competition__sport").get(pk=event_id)
        )
        if checked.get("sport") and checked["sport"] != event.sport_code:
            raise LineError(_("This result is for another sport."))
        event.result = checked
        if event.settled_at is not None:
            event.settle_due_at = now
        elif event.status in (EventStatus.FINISHED, EventStatus.CANCELLED):
            event.settle_due_at = (event.finished_at or now) + SETTLE_DELAY
        event.version += 1
        event.save()
        return event
