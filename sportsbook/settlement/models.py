"""The settlements' tables (issue 4 §5): append-only, so a corrected result adds a new
SettlementRun whose BetSettlement rows book only the difference (E33) and the history is
never rewritten.

Import them from `sportsbook.models` (the app's models module)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from casino.models import ImmutableLedgerRecord
from sportsbook.betting.models import Bet, BetStatus
from sportsbook.line.models import Event


class SettlementReason(models.TextChoices):
    SCHEDULED = "scheduled", _("20 minutes after the end (SB §6.1)")
    ON_DEMAND = "on_demand", _("settled on demand")
    CORRECTION = "correction", _("result corrected")
    VOID = "void", _("event voided (SB §1.10)")


class SettlementRun(ImmutableLedgerRecord):
    """One settlement of one event's bets against one result. A correction is a new run."""

    event = models.ForeignKey(
        Event, on_delete=models.PROTECT, related_name="settlement_runs", verbose_name=_("event")
    )
    number = models.PositiveIntegerField(_("number"))
    reason = models.CharField(_("reason"), max_length=12, choices=SettlementReason.choices)
    result = models.JSONField(_("result settled on"), null=True)
    created_at = models.DateTimeField(_("settled at"), auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        verbose_name=_("settled by"),
    )

    class Meta:
        ordering = ["event", "number"]
        verbose_name = _("settlement run")
        verbose_name_plural = _("settlement runs")
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="settlement_run_once")
        ]

    def __str__(self) -> str:
        return _("Settlement №%(number)s: %(event)s") % {"number": self.number, "event": self.event}

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
