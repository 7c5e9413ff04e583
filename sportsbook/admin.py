"""Staff manage the line here (the trader page is the fast way to move odds); bets, odds changes
and settlements are read-only records. Changes to odds and statuses go through the services, so
they are kept (OddsChange) and pushed live like the trader page's."""

from django import forms
from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.html import format_html_join
from django.utils.translation import gettext_lazy as _

from casino import roles
from casino.admin import ReadOnlyAdminMixin, money_column
from casino.currencies import format_amount
from casino.ledger import LedgerError
from sportsbook.betting import cancellations
from sportsbook.line.services import LineError, event_set_status, market_set_status
from sportsbook.models import (
    Bet,
    BetLeg,
    BettorSettings,
    Competition,
    Event,
    EventStatus,
    ExchangeRate,
    Market,
    MarketStatus,
    OddsChange,
    Outcome,
    PlayerStakeLimit,
    SettlementRun,
    Sport,
)
from sportsbook.settlement.services import event_hold_payouts
from sportsbook.trading.forms import MAX_BETS_PER_CANCELLATION, CancelReasonForm


class RoleActionsMixin:
    """Actions of a role (casino.roles) shown to those who hold it: `allowed_permissions`
    ("trade",) is the trader's, ("cancel",) the supervisor's. The services check again."""

    def has_trade_permission(self, request):
        return request.user.has_perm(roles.TRADE_LINE)

    def has_cancel_permission(self, request):
        return request.user.has_perm(roles.CANCEL_BETS)


@admin.register(Sport)
class SportAdmin(admin.ModelAdmin):
    list_display = ["code", "name_ru", "name_en", "position"]


@admin.register(Competition)
class CompetitionAdmin(admin.ModelAdmin):
    list_display = ["name_en", "name_ru", "sport", "country"]
    list_filter = ["sport"]
    search_fields = ["name_en", "name_ru"]


class MarketForm(forms.ModelForm):
    """A market is settled by its event's settlement only, which gives every outcome its result:
    marked settled by hand it would have none, and its bets (and the exchange's) nothing to
    settle on."""

    class Meta:
        model = Market
        fields = ["kind", "params", "status", "in_play", "position"]

    def clean_status(self):
        status = self.cleaned_data["status"]
        was = self.initial.get("status") if self.instance.pk else None
        if status == MarketStatus.SETTLED and was != MarketStatus.SETTLED:
            raise forms.ValidationError(
                _("A market is settled by settling its event (its result), not by hand.")
            )
        if was == MarketStatus.SETTLED and status != MarketStatus.SETTLED:
            raise forms.ValidationError(_("A settled market cannot be reopened here."))
        return status


class MarketInline(admin.TabularInline):
    model = Market
    form = MarketForm
    fields = ["kind", "params", "status", "in_play", "position"]
    extra = 0
    show_change_link = True


@admin.register(Event)
class EventAdmin(RoleActionsMixin, admin.ModelAdmin):
    list_display = [
        "__str__",
        "competition",
        "starts_at",
        "status",
        "settle_due_at",
        "settled_at",
    ]  # and the trader's links its viewer may open: get_list_display
    list_filter = ["status", "competition__sport"]
    search_fields = ["home", "away"]
    date_hierarchy = "starts_at"
    readonly_fields = ["started_at", "finished_at", "settle_due_at", "settled_at", "version"]
    inlines = [MarketInline]
    actions = ["mark_live", "mark_finished", "mark_cancelled", "hold_payouts", "release_payouts"]

    def get_list_display(self, request):
        """The trader's pages of each event, only those this staff member may open."""
        shown = []
        if request.user.has_perm(roles.TRADE_LINE):
            shown += [("trader:event", _("odds")), ("trader:results", _("result"))]
        if request.user.has_perm(roles.CANCEL_BETS):
            shown.append(("trader:cancellations", _("cancellations")))

        @admin.display(description=_("trader"))
        def trader_links(event):
            return format_html_join(
                " · ", '<a href="{}">{}</a>', ((reverse(n, args=[event.pk]), t) for n, t in shown)
            )

        return [*self.list_display, trader_links] if shown else list(self.list_display)

    def _set_status(self, request, queryset, status):
        for event in queryset:
            try:
                event_set_status(event_id=event.pk, status=status, staff=request.user)
            except LineError as error:
                self.message_user(request, f"{event}: {error}", messages.ERROR)

    @admin.action(description=_("Mark live"), permissions=["trade"])
    def mark_live(self, request, queryset):
        self._set_status(request, queryset, EventStatus.LIVE)

    @admin.action(description=_("Mark finished"), permissions=["trade"])
    def mark_finished(self, request, queryset):
        self._set_status(request, queryset, EventStatus.FINISHED)

    @admin.action(description=_("Hold payouts (investigation, SB §1.10)"), permissions=["cancel"])
    def hold_payouts(self, request, queryset):
        for event in queryset:
            event_hold_payouts(event_id=event.pk, held=True, staff=request.user)

    @admin.action(description=_("Release held payouts"), permissions=["cancel"])
    def release_payouts(self, request, queryset):
        for event in queryset:
            event_hold_payouts(event_id=event.pk, held=False, staff=request.user)

    @admin.action(description=_("Mark cancelled"), permissions=["trade"])
    def mark_cancelled(self, request, queryset):
        self._set_status(request, queryset, EventStatus.CANCELLED)


class OutcomeInline(admin.TabularInline):
    model = Outcome
    fields = ["code", "odds", "max_stake", "position"]
    extra = 0

    def get_readonly_fields(self, request, obj=None):
        # Odds of an existing outcome change through the service, which keeps the history.
        return ["odds"] if obj is not None else []


class MarketKindFilter(admin.SimpleListFilter):
    """The market kinds by their names in the reader's language, not their codes."""

    title = _("kind")
    parameter_name = "kind"

    def lookups(self, request, model_admin):
        from sportsbook.line.presenters import MARKET_NAMES

        return sorted(
            ((kind, _(name)) for kind, name in MARKET_NAMES.items()), key=lambda o: str(o[1])
        )

    def queryset(self, request, queryset):
        return queryset.filter(kind=self.value()) if self.value() else queryset


@admin.register(Market)
class MarketAdmin(RoleActionsMixin, admin.ModelAdmin):
    form = MarketForm
    list_display = ["__str__", "kind_shown", "status", "in_play"]
    list_filter = ["status", MarketKindFilter, "in_play"]
    search_fields = ["event__home", "event__away"]
    inlines = [OutcomeInline]
    actions = ["suspend", "reopen"]

    @admin.display(description=_("kind"), ordering="kind")
    def kind_shown(self, market):
        """The market's kind in the reader's language, not its code ("total")."""
        from sportsbook.line.presenters import MARKET_NAMES

        name = MARKET_NAMES.get(market.kind)
        return _(name) if name else market.kind

    def _set_status(self, request, queryset, status):
        for market in queryset:
            try:
                market_set_status(market_id=market.pk, status=status, staff=request.user)
            except LineError as error:
                self.message_user(request, f"{market}: {error}", messages.ERROR)

    @admin.action(description=_("Suspend"), permissions=["trade"])
    def suspend(self, request, queryset):
        self._set_status(request, queryset, MarketStatus.SUSPENDED)

    @admin.action(description=_("Reopen"), permissions=["trade"])
    def reopen(self, request, queryset):
        self._set_status(request, queryset, MarketStatus.OPEN)


@admin.register(OddsChange)
class OddsChangeAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ["outcome", "old_odds", "new_odds", "changed_by", "changed_at"]
    list_select_related = ["outcome__market__event", "changed_by"]


class BetLegInline(ReadOnlyAdminMixin, admin.TabularInline):
    model = BetLeg
    fields = ["outcome", "odds", "is_banker", "live", "win", "void"]
    readonly_fields = fields


@admin.register(Bet)
class BetAdmin(RoleActionsMixin, ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = [
        "id",
        "player",
        "kind",
        "system_size",
        money_column(Bet, "stake"),
        "status",
        money_column(Bet, "payout"),
        "cancelled_at",
    ]
    fields = [
        "player",
        "kind",
        "system_size",
        money_column(Bet, "stake"),
        money_column(Bet, "potential_return"),
        "status",
        money_column(Bet, "payout"),
        money_column(Bet, "debt"),
        "placed_at",
        "settled_at",
        "cancelled_at",
        "cancelled_by",
        "cancelled_reason",
    ]
    readonly_fields = fields
    list_filter = ["status", "kind", "currency"]
    search_fields = ["player__username", "player__display_name"]
    inlines = [BetLegInline]
    actions = ["cancel_bets"]

    @admin.action(
        description=_("Cancel selected bets at odds 1 (SB §1.10)"), permissions=["cancel"]
    )
    def cancel_bets(self, request, queryset):
        """A page asking for the reason first; its POST (with `confirm`) cancels the bets."""
        if queryset.count() > MAX_BETS_PER_CANCELLATION:
            self.message_user(
                request,
                _("At most %(count)s bets at a time.") % {"count": MAX_BETS_PER_CANCELLATION},
                messages.ERROR,
            )
            return None
        form = CancelReasonForm(request.POST if "confirm" in request.POST else None)
        if form.is_bound and form.is_valid():
            try:
                done = cancellations.bets_cancel(
                    bet_ids=list(queryset.values_list("pk", flat=True)),
                    reason=form.cleaned_data["reason"],
                    staff=request.user,
                )
            except (cancellations.CancelRefused, LedgerError) as refusal:
                self.message_user(request, str(refusal), messages.ERROR)
                return None
            if done.cancelled:
                money = ", ".join(
                    format_amount(amount, currency)
                    for currency, amount in sorted(done.returned.items())
                )
                self.message_user(
                    request,
                    _(
                        "Cancelled at odds 1 (SB §1.10): bets %(numbers)s; booked to the "
                        "wallets: %(money)s."
                    )
                    % {"numbers": ", ".join(str(b.pk) for b in done.cancelled), "money": money},
                    messages.SUCCESS,
                )
            if done.already:
                self.message_user(
                    request,
                    _("Cancelled before, left as they were: bets %(numbers)s.")
                    % {"numbers": ", ".join(str(n) for n in done.already)},
                    messages.INFO,
                )
            return None
        return TemplateResponse(
            request,
            "sportsbook/admin/cancel_bets.html",
            {
                **self.admin_site.each_context(request),
                "title": _("Cancel bets at odds 1 (SB §1.10)"),
                "opts": self.model._meta,
                "bets": queryset.select_related("player").order_by("pk"),
                "form": form,
                "action_checkbox_name": helpers.ACTION_CHECKBOX_NAME,
                "action": "cancel_bets",
            },
        )


@admin.register(SettlementRun)
class SettlementRunAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ["event", "number", "reason", "created_at", "created_by"]


@admin.register(ExchangeRate)
class ExchangeRateAdmin(admin.ModelAdmin):
    list_display = ["currency", "per_usd", "updated_at", "updated_by"]
    readonly_fields = ["updated_by"]

    def save_model(self, request, obj, form, change):
        obj.updated_by = request.user
        super().save_model(request, obj, form, change)


@admin.register(PlayerStakeLimit)
class PlayerStakeLimitAdmin(admin.ModelAdmin):
    list_display = [
        "player",
        "currency",
        money_column(PlayerStakeLimit, "max_stake"),
        "reason",
        "set_by",
        "set_at",
    ]
    readonly_fields = ["set_by"]
    autocomplete_fields = ["player"]

    def save_model(self, request, obj, form, change):
        roles.require(request.user, roles.SET_LIMITS)  # a limit set by staff: the supervisor's
        obj.set_by = request.user
        super().save_model(request, obj, form, change)


@admin.register(BettorSettings)
class BettorSettingsAdmin(admin.ModelAdmin):
    list_display = ["player", "odds_policy"]
