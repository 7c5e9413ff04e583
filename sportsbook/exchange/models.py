"""The betting exchange's tables (issue 18; rules: BK §37–§53,
../shared/rules/betting-exchange.md): a market listed on the exchange, its offers, the
bets they matched, the settlements and the debts of corrections (E33).

Import them from `sportsbook.models` (the app's models module)."""

from __future__ import annotations

from decimal import Decimal

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from casino.currencies import Currency
from casino.models import ImmutableLedgerRecord
from sportsbook.line.models import LINE_CURRENCY, Market, Outcome

ODDS_QUANTUM = Decimal("0.001")


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
