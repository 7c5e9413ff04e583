"""Staff create tournaments in the admin (issue 16, item 1). The terms a player registers on
(the fee, the casino's share, §126 and D10; the entrants; the times; the clocks) are fixed once
anyone has registered; entries and matches are shown, never edited: they change through the
tournament's services only."""

from django.contrib import admin

from casino.admin import ReadOnlyAdminMixin
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
    "action_seconds",
    "grace_seconds",
    "absence_seconds",
)
OUTCOME = (
    "status",
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


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
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
