"""Staff create tournaments in the admin (issue 16, item 1). The terms a player registers on
(the fee, the casino's share, §126 and D10; the entrants; the times; the clocks) are fixed once
anyone has registered; entries and matches are shown, never edited: they change through the
tournament's services only."""

from django import forms
from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from casino.admin import ReadOnlyAdminMixin, money_column
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
# the terms once fixed, read-only: the fee in its currency, not in minor units
FIXED_TERMS = tuple(
    money_column(Tournament, "entry_fee") if term == "entry_fee" else term for term in TERMS
)
OUTCOME = (
    "status",
    "countdown_ends_at",
    "draw_commitment",
    "bracket_size",
    money_column(Tournament, "casino_share"),
    money_column(Tournament, "prize_fund"),
    "started_at",
    "ended_at",
)


class EntryInline(ReadOnlyAdminMixin, admin.TabularInline):
    model = TournamentEntry
    extra = 0
    fields = (
        "player",
        "status",
        money_column(TournamentEntry, "fee", "tournament.currency"),
        "place",
        money_column(TournamentEntry, "prize", "tournament.currency"),
        "out",
        "registered_at",
    )
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
    list_display = (
        "name",
        "status",
        "starts_at",
        money_column(Tournament, "entry_fee"),
        "casino_percent",
    )
    list_filter = ("status", "currency")
    inlines = (EntryInline, MatchInline)

    def get_fields(self, request, obj=None):
        if obj is None:
            return TERMS
        return (*(FIXED_TERMS if self._terms_fixed(obj) else TERMS), *OUTCOME)

    def get_readonly_fields(self, request, obj=None):
        if obj is None:
            return ()
        return (*(FIXED_TERMS if self._terms_fixed(obj) else ()), *OUTCOME)

    @staticmethod
    def _terms_fixed(tournament) -> bool:
        return tournament.status != TournamentStatus.REGISTERING or tournament.entries.exists()

    def has_delete_permission(self, request, obj=None):
        return False
