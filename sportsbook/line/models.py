"""The line's tables (issue 4; rules: SB = ../shared/rules/sportsbook.md): Sport >
Competition > Event > Market (one of the kinds of SB §3, `settlement.markets`) > Outcome
(decimal odds, a maximum stake, SB §5.2). Every odds change is kept (OddsChange).

Import them from `sportsbook.models` (the app's models module)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

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
        from sportsbook.line.presenters import market_title

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
        from sportsbook.line.presenters import outcome_label

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
