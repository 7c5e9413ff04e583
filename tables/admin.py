from django.contrib import admin

from casino.admin import ReadOnlyAdminMixin
from tables.models import Hand, Seat, Table, TableEvent


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ("position", "player", "status", "away_since", "connections", "ready")
    readonly_fields = fields

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ("name", "game", "stake", "currency", "status", "hand_number", "version")
    list_filter = ("game", "status", "currency")
    search_fields = ("name",)
    readonly_fields = ("state", "version", "hand_number", "match_number", "deadline")
    inlines = [SeatInline]


class ReadOnly(ReadOnlyAdminMixin, admin.ModelAdmin):
    pass


@admin.register(Hand)
class HandAdmin(ReadOnly):
    list_display = ("table", "number", "match_number", "started_at", "ended_at", "commitment")
    list_filter = ("table",)


@admin.register(TableEvent)
class TableEventAdmin(ReadOnly):
    list_display = ("table", "version", "cause", "step", "seat", "player", "action", "created_at")
    list_filter = ("table", "cause", "step")
