"""Staff create tournaments in the admin (issue 16, item 1). The terms a player registers on
(the fee, the casino's share, §126 and D10; the entrants; the times; the clocks) are fixed once
anyone has registered; entries and matches are shown, never edited: they change through the
tournament's services only."""

from django import forms
from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from casino.admin import ReadOnlyAdminMixin
from casino.amounts import MoneyField
from casino.currencies import Currency
from tables.tournament.models import (
    Tournament,
    TournamentEntry,
    TournamentMatch,
    TournamentStatus,
)

TERMS = (
    "name",
    "currency",
    "entry_fee",
    "casino_percent",
    "min_entrants",
    "max_entrants",
    "registration_closes_at",
    "starts_at",
    "start_after_minimum_seconds",
    "action_seconds",
    "grace_seconds",
    "absence_seconds",
)
OUTCOME = (
    "status",
    "countdown_ends_at",
    "draw_commitment",
    "bracket_size",
    "casino_share",
    "prize_fund",
    "started_at",
    "ended_at",
)


class EntryInline(ReadOnlyAdminMixin, admin.TabularInline):
    model = TournamentEntry
    extra = 0
    fields = ("player", "status", "fee", "place", "prize", "out", "registered_at")
    readonly_fields = fields


class MatchInline(ReadOnlyAdminMixin, admin.TabularInline):
    model = TournamentMatch
    extra = 0
    fields = (
        "round_number",
        "slot",
        "stage",
        "wins_to_win",
        "entry_a",
        "entry_b",
        "status",
        "winner",
        "reason",
        "table",
    )
    readonly_fields = fields


class TournamentForm(forms.ModelForm):
    """The entry fee is typed in the currency's major units ("50", "50,50") and stored in minor
    units (``casino.amounts.MoneyField``), in the currency the form chooses."""

    entry_fee = MoneyField(label=_("entry fee"))

    class Meta:
        model = Tournament
        fields = TERMS

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        chosen = self.data.get(self.add_prefix("currency")) or getattr(
            self.instance, "currency", ""
        )
        if chosen in Currency.values and "entry_fee" in self.fields:
            self.fields["entry_fee"].currency = chosen


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    form = TournamentForm
    list_display = ("name", "status", "starts_at", "entry_fee", "currency", "casino_percent")
    list_filter = ("status", "currency")
    inlines = (EntryInline, MatchInline)

    def get_fields(self, request, obj=None):
        return TERMS if obj is None else (*TERMS, *OUTCOME)

    def get_readonly_fields(self, request, obj=None):
        if obj is None:
            return ()
        fixed = obj.status != TournamentStatus.REGISTERING or obj.entries.exists()
        return (*(TERMS if fixed else ()), *OUTCOME)

    def has_delete_permission(self, request, obj=None):
        return False
