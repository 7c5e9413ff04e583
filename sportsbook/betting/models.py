"""The bets' tables (issue 4; SB §1, §2, §5): a Bet has legs (BetLeg) that remember the odds
accepted (SB §1.5: later changes do not touch it); a player's betting settings and stake
limits; the staff-kept exchange rates of the minimum and maximum stakes (E31).

Import them from `sportsbook.models` (the app's models module)."""

from __future__ import annotations

from fractions import Fraction

from django.conf import settings
from django.core.validators import MaxValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from casino.currencies import Currency, format_amount
from sportsbook.line.models import Outcome


class OddsPolicy(models.TextChoices):
    """What to do when the odds moved between filling the slip and placing it (SB §1.7, E15)."""

    ASK = "ask", _("always ask me")
    HIGHER = "higher", _("accept higher odds")
    ANY = "any", _("accept any change")


class SpreadPolicy(models.TextChoices):
    """What to do when a spread quote moved between the page and the order (BK §29–§31, A11;
    docs/rules-decisions.md): the odds' choices (the same values, `betting.moves`) and one more,
    the default: small moves against the player, of at most his N points, or any in his favour."""

    ASK = OddsPolicy.ASK.value, _("confirm every change")
    HIGHER = OddsPolicy.HIGHER.value, _("accept changes in my favour")
    SMALL = "small", _("accept changes of at most N points against me, or any in my favour")
    ANY = OddsPolicy.ANY.value, _("accept any change")


DEFAULT_SPREAD_POINTS = 5  # N of SpreadPolicy.SMALL until the player sets his own
MAX_SPREAD_POINTS = 1000


class BettorSettings(models.Model):
    player = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="bettor_settings"
    )
    odds_policy = models.CharField(
        _("when odds change"), max_length=8, choices=OddsPolicy.choices, default=OddsPolicy.ASK
    )
    spread_policy = models.CharField(
        _("when a spread quote moves"),
        max_length=8,
        choices=SpreadPolicy.choices,
        default=SpreadPolicy.SMALL,
    )
    spread_points = models.PositiveSmallIntegerField(
        _("N: points against me taken without asking"),
        default=DEFAULT_SPREAD_POINTS,
        validators=[MaxValueValidator(MAX_SPREAD_POINTS)],
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
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("set by"),
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
        return f"{self.player}: {format_amount(self.max_stake, self.currency)}"


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
    # bet is never settled again (sportsbook.betting.cancellations). Not indexed, and the staff
    # member's key has no index either: cancellations are rare and read with their bets.
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
        return _("Bet №%(number)s") % {"number": self.pk}

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
