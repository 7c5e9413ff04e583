"""The sportsbook's line, bets and settlements (issue 4; rules: SB = ../shared/rules/sportsbook.md).

The line: Sport > Competition > Event > Market (one of the kinds of SB §3, `settlement.markets`)
> Outcome (decimal odds, a maximum stake, SB §5.2). Every odds change is kept (OddsChange).
A Bet has legs (BetLeg) that remember the odds accepted (SB §1.5: later changes do not touch it).
Settlements are append-only: a corrected result adds a new SettlementRun whose BetSettlement rows
book only the difference (E33), so the history is never rewritten.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from fractions import Fraction

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import get_language, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from casino.currencies import Currency
from casino.models import ImmutableLedgerRecord

LINE_CURRENCY = "BYN"  # SB §5.2: maximum stakes are kept in this currency and converted


class NamedInBothLanguages(models.Model):
    """A name kept in Russian and English; `name` is the one of the active language."""

    name_ru = models.CharField(_("name (Russian)"), max_length=120)
    name_en = models.CharField(_("name (English)"), max_length=120)

    class Meta:
        abstract = True

    def __str__(self) -> str:
        return self.name

    @property
    def name(self) -> str:
        return self.name_en if (get_language() or "ru").startswith("en") else self.name_ru


class Sport(NamedInBothLanguages):
    code = models.SlugField(_("code"), max_length=32, unique=True)
    position = models.PositiveSmallIntegerField(_("position"), default=0)

    class Meta:
        ordering = ["position", "code"]
        verbose_name = _("sport")
        verbose_name_plural = _("sports")


class Competition(NamedInBothLanguages):
    sport = models.ForeignKey(
        Sport, on_delete=models.PROTECT, related_name="competitions", verbose_name=_("sport")
    )
    country = models.CharField(_("country"), max_length=60, blank=True)

    class Meta:
        ordering = ["sport", "name_en"]
        verbose_name = _("competition")
        verbose_name_plural = _("competitions")


class EventStatus(models.TextChoices):
    SCHEDULED = "scheduled", _("scheduled")
    LIVE = "live", _("live")
    FINISHED = "finished", _("finished")
    INTERRUPTED = "interrupted", _("interrupted")
    POSTPONED = "postponed", _("postponed")
    CANCELLED = "cancelled", _("cancelled")


class Event(models.Model):
    competition = models.ForeignKey(
        Competition, on_delete=models.PROTECT, related_name="events", verbose_name=_("competition")
    )
    home = models.CharField(_("home / first participant"), max_length=120)
    away = models.CharField(_("away / second participant"), max_length=120, blank=True)
    # Outrights and match-ups name every participant here (code -> name).
    participants = models.JSONField(_("participants"), default=dict, blank=True)
    starts_at = models.DateTimeField(_("starts at"), db_index=True)
    venue = models.CharField(_("venue"), max_length=120, blank=True)
    is_friendly = models.BooleanField(_("friendly match"), default=False)  # SB §4.1, E12
    status = models.CharField(
        _("status"), max_length=12, choices=EventStatus.choices, default=EventStatus.SCHEDULED
    )
    # What the live page shows: {"score": [1, 0], "minute": 37, "period": "1st half"}.
    live_score = models.JSONField(_("live score"), default=dict, blank=True)
    started_at = models.DateTimeField(_("actually started"), null=True, blank=True)  # E13
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)
    # The official result (settlement.results.EventResult.to_dict()), entered by staff.
    result = models.JSONField(_("result"), null=True, blank=True)
    # SB §6.1: settled 20 minutes after the end; the sweepers look for due events by this.
    settle_due_at = models.DateTimeField(_("settlement due"), null=True, blank=True, db_index=True)
    settled_at = models.DateTimeField(_("settled at"), null=True, blank=True)
    voided_reason = models.CharField(_("voided because"), max_length=200, blank=True)  # §1.10
    # SB §1.10 / E33: on suspicion of foul play payouts wait until the investigation ends.
    payouts_held = models.BooleanField(_("payouts on hold"), default=False)
    version = models.PositiveIntegerField(_("version"), default=0)

    class Meta:
        ordering = ["starts_at", "pk"]
        verbose_name = _("event")
        verbose_name_plural = _("events")

    def __str__(self) -> str:
        return f"{self.home} — {self.away}" if self.away else self.home

    @property
    def group_name(self) -> str:
        return f"event.{self.pk}"

    @property
    def sport_code(self) -> str:
        return self.competition.sport.code

    @property
    def is_open_for_bets(self) -> bool:
        return self.status in (EventStatus.SCHEDULED, EventStatus.LIVE)


class MarketStatus(models.TextChoices):
    OPEN = "open", _("open")
    SUSPENDED = "suspended", _("suspended")
    CLOSED = "closed", _("closed")
    SETTLED = "settled", _("settled")


class Market(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="markets")
    kind = models.CharField(_("kind"), max_length=40)  # a code of settlement.markets.KINDS
    params = models.JSONField(_("parameters"), default=dict, blank=True)
    status = models.CharField(
        _("status"), max_length=10, choices=MarketStatus.choices, default=MarketStatus.OPEN
    )
    # Offered while the event is live; pre-match markets close when it starts (SB §1.1).
    in_play = models.BooleanField(_("offered live"), default=False)
    position = models.PositiveSmallIntegerField(_("position"), default=0)

    class Meta:
        ordering = ["event", "position", "pk"]
        verbose_name = _("market")
        verbose_name_plural = _("markets")

    def __str__(self) -> str:
        return f"{self.event}: {self.title}"

    @property
    def title(self) -> str:
        from sportsbook.presenters import market_title

        return market_title(self)


class Outcome(models.Model):
    market = models.ForeignKey(Market, on_delete=models.CASCADE, related_name="outcomes")
    code = models.CharField(_("code"), max_length=40)
    odds = models.DecimalField(_("odds"), max_digits=8, decimal_places=3)
    # SB §5.2: the most one bet may stake on this outcome, in LINE_CURRENCY minor units.
    max_stake = models.BigIntegerField(_("maximum stake"), default=100_000)
    position = models.PositiveSmallIntegerField(_("position"), default=0)
    # The result of every ordinary leg on this outcome (pre-match, accepted before the start), as
    # exact text shares (Settled): one row per outcome written at settlement, not one per leg.
    win = models.CharField(max_length=40, null=True, blank=True)
    void = models.CharField(max_length=40, null=True, blank=True)

    class Meta:
        ordering = ["market", "position", "pk"]
        verbose_name = _("outcome")
        verbose_name_plural = _("outcomes")
        constraints = [
            models.UniqueConstraint(fields=["market", "code"], name="outcome_code_once"),
            models.CheckConstraint(condition=Q(odds__gt=1), name="odds_above_one"),
            models.CheckConstraint(condition=Q(max_stake__gt=0), name="max_stake_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.market}: {self.label} @ {self.odds}"

    @property
    def label(self) -> str:
        from sportsbook.presenters import outcome_label

        return outcome_label(self)


class OddsChange(ImmutableLedgerRecord):
    """Every change of an outcome's odds: who, when, old, new (issue 4 §1)."""

    outcome = models.ForeignKey(Outcome, on_delete=models.CASCADE, related_name="odds_changes")
    old_odds = models.DecimalField(_("old odds"), max_digits=8, decimal_places=3)
    new_odds = models.DecimalField(_("new odds"), max_digits=8, decimal_places=3)
    changed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True
    )
    changed_at = models.DateTimeField(_("changed at"), auto_now_add=True)

    class Meta:
        ordering = ["-changed_at", "-pk"]
        verbose_name = _("odds change")
        verbose_name_plural = _("odds changes")


class OddsPolicy(models.TextChoices):
    """What to do when the odds moved between filling the slip and placing it (SB §1.7, E15)."""

    ASK = "ask", _("always ask me")
    HIGHER = "higher", _("accept higher odds")
    ANY = "any", _("accept any change")


class BettorSettings(models.Model):
    player = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="bettor_settings"
    )
    odds_policy = models.CharField(
        _("when odds change"), max_length=8, choices=OddsPolicy.choices, default=OddsPolicy.ASK
    )

    class Meta:
        verbose_name = _("betting settings")
        verbose_name_plural = _("betting settings")

    def __str__(self) -> str:
        return f"{self.player}: {self.odds_policy}"


class PlayerStakeLimit(models.Model):
    """SB §5.3: staff may cap one player's stake per bet, per currency."""

    player = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="stake_limits",
        verbose_name=_("player"),
    )
    currency = models.CharField(_("currency"), max_length=3, choices=Currency.choices)
    max_stake = models.BigIntegerField(_("maximum stake per bet"))
    reason = models.CharField(_("reason"), max_length=200, blank=True)
    set_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    set_at = models.DateTimeField(_("set at"), auto_now=True)

    class Meta:
        verbose_name = _("player stake limit")
        verbose_name_plural = _("player stake limits")
        constraints = [
            models.UniqueConstraint(fields=["player", "currency"], name="one_stake_limit"),
            models.CheckConstraint(condition=Q(max_stake__gt=0), name="stake_limit_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.player}: {self.max_stake} {self.currency}"


class ExchangeRate(models.Model):
    """Staff-kept: how many units of `currency` buy one US dollar (SB §5.1 minimums, §5.2, E31)."""

    currency = models.CharField(_("currency"), max_length=3, choices=Currency.choices, unique=True)
    per_usd = models.DecimalField(_("units per 1 USD"), max_digits=14, decimal_places=6)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        verbose_name=_("updated by"),
    )

    class Meta:
        verbose_name = _("exchange rate")
        verbose_name_plural = _("exchange rates")
        constraints = [models.CheckConstraint(condition=Q(per_usd__gt=0), name="rate_positive")]

    def __str__(self) -> str:
        return f"1 USD = {self.per_usd} {self.currency}"


class BetKind(models.TextChoices):
    SINGLE = "single", _("single")
    EXPRESS = "express", _("express")
    SYSTEM = "system", _("system")


class BetStatus(models.TextChoices):
    OPEN = "open", pgettext_lazy("bet status", "open")
    WON = "won", _("won")
    LOST = "lost", _("lost")
    VOID = "void", pgettext_lazy("bet status", "void")  # everything returned at odds 1
    PART = "part", _("partly won")  # returned something, neither all nor a plain win


class Bet(models.Model):
    # indexed by (player, placed_at) below
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="bets",
        db_index=False,
        verbose_name=_("player"),
    )
    kind = models.CharField(_("kind"), max_length=8, choices=BetKind.choices)
    system_size = models.PositiveSmallIntegerField(_("system: N of M"), null=True, blank=True)
    stake = models.BigIntegerField(_("stake"))
    currency = models.CharField(_("currency"), max_length=3, choices=Currency.choices)
    # Stake x the accepted odds if every leg wins; for a system the sum over its combinations.
    potential_return = models.BigIntegerField(_("potential return"))
    status = models.CharField(
        _("status"), max_length=6, choices=BetStatus.choices, default=BetStatus.OPEN
    )
    payout = models.BigIntegerField(_("payout"), null=True, blank=True)
    # E33: what a correction could not take back because the wallet no longer held it.
    debt = models.BigIntegerField(_("owed after a correction"), default=0)
    idempotency_key = models.CharField(_("idempotency key"), max_length=80)
    placed_at = models.DateTimeField(_("placed at"), auto_now_add=True)
    settled_at = models.DateTimeField(_("settled at"), null=True, blank=True)
    # SB §1.10: staff cancelled the bet (returned at odds 1): when, by whom and why. A cancelled
    # bet is never settled again (sportsbook.cancellations). Not indexed, and the staff member's
    # key has no index either: cancellations are rare and read with their bets.
    cancelled_at = models.DateTimeField(_("cancelled at"), null=True, blank=True)
    cancelled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        db_index=False,
        verbose_name=_("cancelled by"),
    )
    # A database default too: bet_place inserts bets with its own SQL, naming its columns.
    cancelled_reason = models.CharField(
        _("cancelled because"), max_length=200, blank=True, default="", db_default=""
    )

    class Meta:
        ordering = ["-placed_at", "-pk"]
        verbose_name = _("bet")
        verbose_name_plural = _("bets")
        # Settlement rewrites status and payout of every bet: neither is indexed, so PostgreSQL
        # can update a bet in place (a HOT update, with the table's free space left by its
        # fillfactor, 50 % since migration 0008) instead of adding an entry to every index. The
        # partial index of bets with a debt (E33, repaid from later credits) blocks that only for
        # the rare update that changes a debt.
        indexes = [
            models.Index(fields=["player", "-placed_at"], name="bet_player_placed"),
            models.Index(fields=["player"], condition=Q(debt__gt=0), name="bet_owing"),
        ]
        constraints = [
            models.UniqueConstraint(fields=["idempotency_key"], name="bet_idempotency_key_once"),
            models.CheckConstraint(condition=Q(stake__gt=0), name="bet_stake_positive"),
            models.CheckConstraint(
                condition=Q(payout__isnull=True) | Q(payout__gte=0), name="bet_payout_not_negative"
            ),
        ]

    def __str__(self) -> str:
        return f"bet {self.pk}"

    @property
    def reference(self) -> str:
        return f"bet:{self.pk}"


class BetLeg(models.Model):
    bet = models.ForeignKey(Bet, on_delete=models.CASCADE, related_name="legs")
    outcome = models.ForeignKey(Outcome, on_delete=models.PROTECT, related_name="legs")
    odds = models.DecimalField(_("accepted odds"), max_digits=8, decimal_places=3)
    is_banker = models.BooleanField(_("banker"), default=False)  # SB §2.5
    live = models.BooleanField(_("placed live"), default=False)
    # What the context-sensitive markets need (SB §3.28 rest of the match, E13).
    score_at_placement = models.JSONField(_("score when placed"), null=True, blank=True)
    placed_minute = models.PositiveSmallIntegerField(_("minute when placed"), null=True, blank=True)
    # A leg settled in its own context (live, or accepted after the start: SB §3.28, E13) keeps
    # its own result here; an ordinary leg leaves these empty and takes its outcome's. Shares of
    # the stake won at the odds and returned (Settled), exact as text ("0.5", "1/3").
    win = models.CharField(max_length=40, null=True, blank=True)
    void = models.CharField(max_length=40, null=True, blank=True)

    class Meta:
        ordering = ["bet", "pk"]
        verbose_name = _("bet leg")
        verbose_name_plural = _("bet legs")
        indexes = [models.Index(fields=["outcome", "bet"], name="leg_outcome_bet")]

    def __str__(self) -> str:
        return f"{self.bet}: {self.outcome_id} @ {self.odds}"

    @property
    def settled(self):
        """The leg's `Settled`, or None while its event is not settled."""
        from sportsbook.settlement import Settled

        own = self if self.win is not None else self.outcome
        if own.win is None:
            return None
        return Settled(Fraction(own.win), Fraction(own.void))

    @property
    def result_code(self) -> str:
        """open, won, lost, void, half_won, half_lost or dead_heat."""
        settled = self.settled
        return "open" if settled is None else settled.state


class SettlementReason(models.TextChoices):
    SCHEDULED = "scheduled", _("20 minutes after the end (SB §6.1)")
    ON_DEMAND = "on_demand", _("settled on demand")
    CORRECTION = "correction", _("result corrected")
    VOID = "void", _("event voided (SB §1.10)")


class SettlementRun(ImmutableLedgerRecord):
    """One settlement of one event's bets against one result. A correction is a new run."""

    event = models.ForeignKey(Event, on_delete=models.PROTECT, related_name="settlement_runs")
    number = models.PositiveIntegerField(_("number"))
    reason = models.CharField(_("reason"), max_length=12, choices=SettlementReason.choices)
    result = models.JSONField(_("result settled on"), null=True)
    created_at = models.DateTimeField(_("settled at"), auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True
    )

    class Meta:
        ordering = ["event", "number"]
        verbose_name = _("settlement run")
        verbose_name_plural = _("settlement runs")
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="settlement_run_once")
        ]

    @property
    def reference(self) -> str:
        return f"settlement:{self.event_id}:{self.number}"


class BetSettlement(ImmutableLedgerRecord):
    """What one run did to one bet: its payout then, and the change booked for it."""

    # (run, bet) is unique below: that index serves lookups by run too.
    run = models.ForeignKey(
        SettlementRun, on_delete=models.PROTECT, related_name="bet_settlements", db_index=False
    )
    bet = models.ForeignKey(Bet, on_delete=models.PROTECT, related_name="settlements")
    payout = models.BigIntegerField(_("payout"))
    previous_payout = models.BigIntegerField(_("previous payout"), null=True)
    status = models.CharField(_("status"), max_length=6, choices=BetStatus.choices)

    class Meta:
        ordering = ["run", "bet"]
        verbose_name = _("bet settlement")
        verbose_name_plural = _("bet settlements")
        constraints = [
            models.UniqueConstraint(fields=["run", "bet"], name="bet_settled_once_per_run")
        ]

    @property
    def difference(self) -> int:
        return self.payout - (self.previous_payout or 0)


ODDS_QUANTUM = Decimal("0.001")


# --- the betting exchange (issue 18; rules: BK §37–§53, ../shared/rules/betting-exchange.md) ----


class ExchangeMarket(models.Model):
    """A market of the line that the bookmaker lists on the exchange (BK §47), with its terms:
    the currency every offer on it is in, the commission (BK §53) and the stake limits (BK §38).
    Odds on the exchange are net odds (A1, section 5)."""

    market = models.OneToOneField(Market, on_delete=models.CASCADE, related_name="exchange")
    currency = models.CharField(
        _("currency"), max_length=3, choices=Currency.choices, default=LINE_CURRENCY
    )
    commission_percent = models.DecimalField(
        _("commission, percent of net winnings"),
        max_digits=5,
        decimal_places=2,
        default=Decimal("5"),
    )
    min_stake = models.BigIntegerField(_("minimum stake"), default=100)
    max_stake = models.BigIntegerField(_("maximum stake"), default=10_000_000)
    # Unmatched offers lapsed at the start (BK §46, A8) / bets settled (A13).
    lapsed_at = models.DateTimeField(_("offers lapsed at"), null=True, blank=True)
    settled_at = models.DateTimeField(_("settled at"), null=True, blank=True)
    version = models.PositiveIntegerField(_("version"), default=0)

    class Meta:
        verbose_name = _("exchange market")
        verbose_name_plural = _("exchange markets")
        constraints = [
            models.CheckConstraint(
                condition=Q(commission_percent__gte=0) & Q(commission_percent__lt=100),
                name="exchange_commission_range",
            ),
            models.CheckConstraint(
                condition=Q(min_stake__gt=0) & Q(max_stake__gte=models.F("min_stake")),
                name="exchange_stake_limits",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.market} (exchange)"

    @property
    def group_name(self) -> str:
        return f"exchange.{self.market_id}"

    def escrow_reference(self, player_id: int) -> str:
        """Each player's reservations on this market (BK §52, A3) sit in one escrow."""
        return f"xm:{self.pk}:{player_id}"


class ExchangeSide(models.TextChoices):
    BACK = "back", _("back")  # BK §40
    LAY = "lay", _("lay")


class OfferStatus(models.TextChoices):
    OPEN = "open", pgettext_lazy("exchange offer", "open")  # some of it stands unmatched
    MATCHED = "matched", _("fully matched")
    CANCELLED = "cancelled", _("withdrawn")  # BK §44
    EDITED = "edited", _("changed")  # A6: withdrawn and replaced by a new offer
    LAPSED = "lapsed", _("lapsed at the start")  # BK §46
    TAKEN = "taken", _("take done")  # a take: what stood was accepted, the rest dropped


class ExchangeOffer(models.Model):
    """A player's terms (BK §41): outcome, side, net odds, the backer's stake (A2). A post
    stands until matched, withdrawn or lapsed; a take accepts what stands and stands no further.
    The id orders offers in time (A7)."""

    market = models.ForeignKey(ExchangeMarket, on_delete=models.PROTECT, related_name="offers")
    outcome = models.ForeignKey(Outcome, on_delete=models.PROTECT, related_name="exchange_offers")
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="exchange_offers",
        verbose_name=_("player"),
    )
    side = models.CharField(_("side"), max_length=4, choices=ExchangeSide.choices)
    odds = models.DecimalField(_("net odds"), max_digits=8, decimal_places=3)
    stake = models.BigIntegerField(_("stake"))
    remaining = models.BigIntegerField(_("unmatched"))
    matched = models.BigIntegerField(_("matched"), default=0)
    # What the unmatched part holds in escrow (A3): the stake (back) or stake x odds (lay).
    reserved = models.BigIntegerField(_("reserved"), default=0)
    is_take = models.BooleanField(_("take"), default=False)
    status = models.CharField(
        _("status"), max_length=10, choices=OfferStatus.choices, default=OfferStatus.OPEN
    )
    replaces = models.OneToOneField(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="replaced_by"
    )
    idempotency_key = models.CharField(_("idempotency key"), max_length=120, unique=True)
    # A4: the players the proposer restricts the offer to (their ids); null: open to everyone.
    open_to = models.JSONField(_("open to"), null=True, blank=True)
    created_at = models.DateTimeField(_("made at"), auto_now_add=True)
    closed_at = models.DateTimeField(_("closed at"), null=True, blank=True)

    class Meta:
        ordering = ["-pk"]
        verbose_name = _("exchange offer")
        verbose_name_plural = _("exchange offers")
        indexes = [
            models.Index(
                fields=["outcome", "side", "odds", "id"],
                condition=Q(status="open"),
                name="xoffer_standing",
            ),
            models.Index(fields=["player", "market"], name="xoffer_player_market"),
        ]
        constraints = [
            models.CheckConstraint(condition=Q(odds__gt=0), name="xoffer_odds_positive"),
            models.CheckConstraint(
                condition=Q(stake__gt=0)
                & Q(remaining__gte=0)
                & Q(remaining__lte=models.F("stake")),
                name="xoffer_remaining_in_stake",
            ),
            models.CheckConstraint(condition=Q(reserved__gte=0), name="xoffer_reserved"),
        ]

    def __str__(self) -> str:
        return f"offer {self.pk}: {self.side} {self.remaining}/{self.stake} @ {self.odds}"

    @property
    def decimal_odds(self) -> Decimal:
        return self.odds + 1  # A1: K = k + 1


class ExchangeBetStatus(models.TextChoices):
    OPEN = "open", pgettext_lazy("bet status", "open")
    SETTLED = "settled", _("settled")


class ExchangeBet(models.Model):
    """A concluded bet (BK §42): final (BK §45). The bookmaker is the counterparty of both
    players (BK §52); each side's liability stays in its escrow until settlement."""

    market = models.ForeignKey(ExchangeMarket, on_delete=models.PROTECT, related_name="bets")
    outcome = models.ForeignKey(Outcome, on_delete=models.PROTECT, related_name="exchange_bets")
    back_offer = models.ForeignKey(ExchangeOffer, on_delete=models.PROTECT, related_name="+")
    lay_offer = models.ForeignKey(ExchangeOffer, on_delete=models.PROTECT, related_name="+")
    back_player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    lay_player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    odds = models.DecimalField(_("net odds"), max_digits=8, decimal_places=3)
    stake = models.BigIntegerField(_("stake"))
    lay_liability = models.BigIntegerField(_("layer's liability"))
    matched_at = models.DateTimeField(_("matched at"), auto_now_add=True)
    status = models.CharField(
        _("status"),
        max_length=8,
        choices=ExchangeBetStatus.choices,
        default=ExchangeBetStatus.OPEN,
    )
    back_result = models.BigIntegerField(_("backer's result"), null=True, blank=True)

    class Meta:
        ordering = ["-pk"]
        verbose_name = _("exchange bet")
        verbose_name_plural = _("exchange bets")
        indexes = [models.Index(fields=["market", "status"], name="xbet_market_status")]
        constraints = [
            models.CheckConstraint(condition=Q(stake__gt=0), name="xbet_stake_positive"),
            models.CheckConstraint(
                condition=~Q(back_player=models.F("lay_player")), name="xbet_two_players"
            ),
        ]

    def __str__(self) -> str:
        return f"exchange bet {self.pk}: {self.stake} @ {self.odds}"


class ExchangeSettlement(ImmutableLedgerRecord):
    """One player's result on one settled market (section 5: all his bets there together). A
    corrected result (E33) adds a record per player whose result changed, with the change: the
    records of a market and player sum to his result on it now."""

    market = models.ForeignKey(ExchangeMarket, on_delete=models.PROTECT, related_name="results")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    # 0: the settlement; n: the n-th correction of the market's result (E33)
    correction = models.PositiveSmallIntegerField(_("correction"), default=0)
    net = models.BigIntegerField(_("net result"))
    commission = models.BigIntegerField(_("commission"))
    released = models.BigIntegerField(_("released from escrow"))
    created_at = models.DateTimeField(_("settled at"), auto_now_add=True)

    class Meta:
        ordering = ["market", "player", "correction"]
        verbose_name = _("exchange settlement")
        verbose_name_plural = _("exchange settlements")
        constraints = [
            models.UniqueConstraint(
                fields=["market", "player", "correction"], name="xsettled_once_per_result"
            ),
        ]


class ExchangeDebt(models.Model):
    """E33: what a corrected result took back of a player's exchange winnings that his wallet
    no longer held: owed (booked against `sportsbook/exchange-receivable`), never lost; repaid
    first from his next exchange credits in the currency, oldest first."""

    market = models.ForeignKey(ExchangeMarket, on_delete=models.PROTECT, related_name="debts")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    currency = models.CharField(_("currency"), max_length=3, choices=Currency.choices)
    amount = models.BigIntegerField(_("owed"))
    owed_since = models.DateTimeField(_("owed since"))

    class Meta:
        ordering = ["pk"]
        verbose_name = _("exchange debt")
        verbose_name_plural = _("exchange debts")
        indexes = [
            models.Index(
                fields=["player", "currency"], condition=Q(amount__gt=0), name="xdebt_owing"
            )
        ]
        constraints = [models.CheckConstraint(condition=Q(amount__gte=0), name="xdebt_amount")]

    def __str__(self) -> str:
        return f"exchange debt {self.pk}: {self.amount}"


# --- spread bets on financial assets (issue 18; rules: BK §26–§36, bookmaker-financial.md) --------


class SpreadAsset(NamedInBothLanguages):
    """A financial asset the bookmaker quotes (BK §26): its bid/ask quote now, its point size
    (A3: never changed while bets are open), per-point stake limits (BK §27, §28, A10), margin
    and close-out level in points of stake (BK §36, A7), the close-out switch (A8), working hours
    (BK §32, A9) and the feed's settings. Levels are whole multiples of the point size."""

    code = models.SlugField(_("code"), max_length=20, unique=True)
    currency = models.CharField(
        _("currency"), max_length=3, choices=Currency.choices, default=LINE_CURRENCY
    )
    point_size = models.DecimalField(_("point size"), max_digits=12, decimal_places=6)
    bid = models.DecimalField(_("bid"), max_digits=18, decimal_places=6)
    ask = models.DecimalField(_("ask"), max_digits=18, decimal_places=6)
    quote_version = models.PositiveIntegerField(_("quote version"), default=0)
    quoted_at = models.DateTimeField(_("quoted at"), null=True, blank=True)
    min_stake = models.BigIntegerField(_("minimum stake per point"), default=100)
    max_stake = models.BigIntegerField(_("maximum stake per point"), default=100_000)
    margin_points = models.PositiveIntegerField(_("initial margin, points of stake"), default=50)
    closeout_points = models.PositiveIntegerField(_("close-out level, points of stake"), default=20)
    auto_closeout = models.BooleanField(_("close out automatically"), default=True)  # A8
    halted = models.BooleanField(_("halted"), default=False)
    # A13: the bookmaker stopped quoting it for good; its bets were closed at the last quote.
    delisted_at = models.DateTimeField(_("delisted at"), null=True, blank=True)
    open_days = models.CharField(_("working days (0 = Monday)"), max_length=7, default="0123456")
    opens = models.TimeField(_("opens at"), default=dt.time(0, 0))
    closes = models.TimeField(_("closes at"), default=dt.time(0, 0))  # = opens: all day
    feed_seed = models.IntegerField(_("random walk seed"), default=0)
    feed_step_points = models.PositiveSmallIntegerField(_("random walk step, points"), default=3)
    position = models.PositiveSmallIntegerField(_("position"), default=0)

    class Meta:
        ordering = ["position", "code"]
        verbose_name = _("spread asset")
        verbose_name_plural = _("spread assets")
        constraints = [
            models.CheckConstraint(condition=Q(point_size__gt=0), name="spread_point_positive"),
            models.CheckConstraint(condition=Q(ask__gte=models.F("bid")), name="spread_ask_bid"),
            models.CheckConstraint(
                condition=Q(min_stake__gt=0) & Q(max_stake__gte=models.F("min_stake")),
                name="spread_stake_limits",
            ),
        ]

    @property
    def spread(self) -> Decimal:
        return self.ask - self.bid


class SpreadQuote(ImmutableLedgerRecord):
    """Every quote an asset had (A14: bid and ask stored with it): the chart and the record."""

    asset = models.ForeignKey(SpreadAsset, on_delete=models.CASCADE, related_name="quotes")
    bid = models.DecimalField(_("bid"), max_digits=18, decimal_places=6)
    ask = models.DecimalField(_("ask"), max_digits=18, decimal_places=6)
    version = models.PositiveIntegerField(_("version"))
    source = models.CharField(_("source"), max_length=8)  # feed, file, staff
    set_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    at = models.DateTimeField(_("at"))

    class Meta:
        ordering = ["asset", "-version"]
        verbose_name = _("spread quote")
        verbose_name_plural = _("spread quotes")
        indexes = [models.Index(fields=["asset", "-version"], name="spread_quote_recent")]


class SpreadOrder(models.Model):
    """A player's bet (BK §29–§31): it opened a position or closed (part of) positions (A6).
    Its idempotency key makes a double click one order."""

    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="spread_orders"
    )
    asset = models.ForeignKey(SpreadAsset, on_delete=models.PROTECT, related_name="orders")
    direction = models.CharField(_("direction"), max_length=4)  # up / down
    stake = models.BigIntegerField(_("stake per point"))
    level = models.DecimalField(_("executed at"), max_digits=18, decimal_places=6)
    closes = models.BooleanField(_("closing"), default=False)
    idempotency_key = models.CharField(_("idempotency key"), max_length=120, unique=True)
    at = models.DateTimeField(_("at"))

    class Meta:
        ordering = ["-pk"]
        verbose_name = _("spread order")
        verbose_name_plural = _("spread orders")

    def __str__(self) -> str:
        return f"spread order {self.pk}: {self.direction} {self.stake}/pt @ {self.level}"


class SpreadPosition(models.Model):
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="spread_positions"
    )
    asset = models.ForeignKey(SpreadAsset, on_delete=models.PROTECT, related_name="positions")
    order = models.OneToOneField(SpreadOrder, on_delete=models.PROTECT, related_name="opened")
    direction = models.CharField(_("direction"), max_length=4)
    opened_stake = models.BigIntegerField(_("stake per point opened"))
    stake = models.BigIntegerField(_("stake per point open"))
    open_level = models.DecimalField(_("opening quote"), max_digits=18, decimal_places=6)
    # The terms when opened (A3: they hold while the bet is open).
    margin_points = models.PositiveIntegerField(_("margin, points"))
    closeout_points = models.PositiveIntegerField(_("close-out level, points"))
    realised = models.BigIntegerField(_("realised P&L"), default=0)
    # A7: a loss beyond the margin account, owed by the player (repaid from later spread gains).
    debt = models.BigIntegerField(_("owed"), default=0)
    opened_at = models.DateTimeField(_("opened at"))
    closed_at = models.DateTimeField(_("closed at"), null=True, blank=True)

    class Meta:
        ordering = ["-pk"]
        verbose_name = _("spread position")
        verbose_name_plural = _("spread positions")
        indexes = [
            models.Index(fields=["asset"], condition=Q(stake__gt=0), name="spread_open_by_asset"),
            models.Index(fields=["player"], condition=Q(stake__gt=0), name="spread_open_by_player"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=Q(stake__gte=0) & Q(stake__lte=models.F("opened_stake")),
                name="spread_stake_open",
            ),
            models.CheckConstraint(condition=Q(debt__gte=0), name="spread_debt"),
        ]

    def __str__(self) -> str:
        return f"spread bet {self.pk}: {self.direction} {self.stake}/pt @ {self.open_level}"

    @property
    def margin(self) -> int:
        return self.margin_points * self.stake

    @property
    def is_open(self) -> bool:
        return self.stake > 0


class SpreadCloseReason(models.TextChoices):
    PLAYER = "player", _("closed by the player")  # BK §31
    CLOSEOUT = "closeout", _("margin close-out")  # BK §36
    DELISTED = "delisted", _("asset delisted")  # A13: at its last quote


class SpreadClose(ImmutableLedgerRecord):
    """One close of (part of) a position: BK §33 P&L and where its money went (A7)."""

    position = models.ForeignKey(SpreadPosition, on_delete=models.PROTECT, related_name="closes")
    order = models.ForeignKey(
        SpreadOrder, on_delete=models.PROTECT, null=True, blank=True, related_name="made_closes"
    )
    stake = models.BigIntegerField(_("stake per point closed"))
    level = models.DecimalField(_("closing quote"), max_digits=18, decimal_places=6)
    pnl = models.BigIntegerField(_("P&L"))
    from_margin = models.BigIntegerField(_("paid from margin"))
    debt = models.BigIntegerField(_("left owing"))
    released = models.BigIntegerField(_("margin released"))
    reason = models.CharField(_("reason"), max_length=8, choices=SpreadCloseReason.choices)
    at = models.DateTimeField(_("at"))

    class Meta:
        ordering = ["-pk"]
        verbose_name = _("spread close")
        verbose_name_plural = _("spread closes")
