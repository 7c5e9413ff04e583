from django import forms
from django.contrib import admin, messages
from django.db import transaction
from django.http import HttpResponseRedirect
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from casino.admin import ReadOnlyAdminMixin
from casino.currencies import format_amount
from tables import services
from tables.engines.registry import engine_for, registered_games
from tables.models import Hand, Seat, Table, TableEvent
from tables.rows import seats_of
from tables.rules.limits import table_limits
from tables.selectors import table_summary


class SeatInline(admin.TabularInline):
    """Seats are shown, never edited here: a seat comes and goes through the table actor (a
    seat deleted beside it mid-match left both stakes in escrow with nobody to pay)."""

    model = Seat
    extra = 0
    can_delete = False
    fields = ("position", "player", "status", "away_since", "last_seen", "connections", "ready")
    readonly_fields = fields

    def has_add_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


TERMS = ("name", "game", "currency", "settings")


class TableForm(forms.ModelForm):
    """A table's terms. An existing table changes only through the actor
    (``services.table_configure``); what it would refuse is shown on the form."""

    game = forms.ChoiceField(label=_("game"), choices=())

    class Meta:
        model = Table
        fields = TERMS

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # A staff member who may only view a table gets a form without the fields he may not
        # change (the admin shows them read-only): set up only the fields that are there.
        if "game" in self.fields:
            self.fields["game"].choices = [
                (game, engine_for(game).display_name or game) for game in registered_games()
            ]
        if "settings" in self.fields:
            self.fields["settings"].help_text = _(
                "The game's terms as JSON (stakes and bets in minor units, commission, wins to "
                "play, as the game asks) and the clocks (action_seconds, grace_seconds, "
                "absence_seconds); the game checks them."
            )

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        if self.instance.pk:
            changes = {field: data[field] for field in TERMS if field in data}
            current = Table.objects.get(pk=self.instance.pk)
            refusal = services.table_configure_refusal(current, changes)
        else:
            refusal = services.table_terms_refusal(data.get("game"), data.get("settings"))
        if refusal:
            raise forms.ValidationError(refusal)
        return data


def game_label(game: str) -> str:
    """A game's name in the reader's language, not its registry key."""
    name = engine_for(game).display_name
    return gettext(name) if name else game


class GameFilter(admin.SimpleListFilter):
    title = _("game")
    parameter_name = "game"

    def lookups(self, request, model_admin):
        return [(game, game_label(game)) for game in registered_games()]

    def queryset(self, request, queryset):
        return queryset.filter(game=self.value()) if self.value() else queryset


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    form = TableForm
    list_display = ("name", "game_shown", "currency", "status", "live", "hand_number", "staff_view")
    list_filter = (GameFilter, "status", "currency")
    search_fields = ("name",)
    # the engine's state is read on the staff view, in words and cards, not as its JSON here
    readonly_fields = ("status", "version", "hand_number", "match_number", "deadline")

    def get_fields(self, request, obj=None):
        fields = list(super().get_fields(request, obj))
        if obj is not None and not self.has_change_permission(request, obj):
            # who may only look reads the terms in words, as the rules page gives them, not
            # the settings' JSON keys
            shown = {"settings": "terms", "game": "game_shown"}
            fields = [shown.get(field, field) for field in fields]
        return fields

    def get_readonly_fields(self, request, obj=None):
        fields = list(super().get_readonly_fields(request, obj))
        if obj is not None and not self.has_change_permission(request, obj):
            fields += ["terms", "game_shown"]
        return fields

    @admin.display(description=_("terms"))
    def terms(self, obj):
        rows = table_limits(obj)
        return format_html_join(
            mark_safe("<br>"), "{}: {}", ((label, value) for label, value in rows if value)
        )

    inlines = [SeatInline]

    def save_model(self, request, obj, form, change):
        if not change:  # a new table: nobody can be at it yet
            super().save_model(request, obj, form, change)
            # the lobby's and the pit boss's live lists add it
            transaction.on_commit(lambda: services.broadcast(obj.pk))
            return
        changes = {field: form.cleaned_data[field] for field in TERMS if field in form.cleaned_data}
        try:
            services.table_configure(table_id=obj.pk, staff=request.user, changes=changes)
        except services.TableError as refusal:  # changed meanwhile (a match started)
            request.table_refused = True
            self.message_user(request, f"{obj}: {refusal}", messages.ERROR)

    def has_delete_permission(self, request, obj=None):
        # A table with any history keeps it (the append-only event log: sittings, staff acts,
        # hands and their shuffle reveals, escrow references): close it instead.
        if obj is not None and (obj.events.exists() or obj.seats.exists()):
            return False
        return super().has_delete_permission(request, obj)

    def get_actions(self, request):
        # the bulk delete would pass over the check above
        actions = super().get_actions(request)
        actions.pop("delete_selected", None)
        return actions

    def delete_model(self, request, obj):
        table_id = obj.pk
        super().delete_model(request, obj)
        transaction.on_commit(lambda: services.announce_table_gone(table_id))

    def response_change(self, request, obj):
        if getattr(request, "table_refused", False):  # not "changed successfully" as well
            return HttpResponseRedirect(request.path)
        return super().response_change(request, obj)

    @admin.display(description=_("game"), ordering="game")
    def game_shown(self, obj):
        return game_label(obj.game)

    @admin.display(description=_("live"))
    def live(self, obj):
        """Players, the money in play and the hand, as the floor shows them; the staff acts
        (each with its reason) are on the table's staff page."""
        summary = table_summary(obj, seats_of(obj))
        players = ", ".join(summary["players"]) or "—"
        pot = format_amount(summary["pot"], obj.currency) if summary["pot"] else "—"
        return f"{players} · {pot} · #{summary['hand_number']}"

    @admin.display(description=_("staff view"))
    def staff_view(self, obj):
        return format_html('<a href="{}">{}</a>', reverse("table_staff", args=[obj.pk]), _("open"))


class ReadOnly(ReadOnlyAdminMixin, admin.ModelAdmin):
    pass


@admin.register(Hand)
class HandAdmin(ReadOnly):
    list_display = (
        "table",
        "number",
        "match_number",
        "started_at",
        "ended_at",
        "shuffle_scope",
        "revealed_at",
        "commitment",
        "empty",
    )
    # a round nobody staked in is a record here (its events and its shoe's secret), flagged:
    # no history shows it (docs/architecture.md "Betting windows")
    list_filter = ("table", "empty")


@admin.register(TableEvent)
class TableEventAdmin(ReadOnly):
    list_display = ("table", "version", "cause", "step", "seat", "player", "action", "created_at")
    list_filter = ("table", "cause", "step")


# knock-out tournaments (issue 16): their admin lives with them
from tables.tournament import admin as tournament_admin  # noqa: E402, F401
