"""Staff admin: players with their balances and limits, the ledger read-only, cash desk."""

import uuid

from django.contrib import admin, messages
from django.contrib.auth.admin import UserAdmin
from django.db.models import Q
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from casino import ledger, limits
from casino.currencies import format_amount
from casino.forms import StaffCashForm
from casino.models import (
    Account,
    AccountKind,
    Entry,
    GamingLimit,
    Player,
    Transfer,
)


class ReadOnlyAdminMixin:
    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class WalletInline(ReadOnlyAdminMixin, admin.TabularInline):
    model = Account
    fk_name = "owner"
    fields = ("currency", "balance_shown")
    readonly_fields = fields
    extra = 0
    verbose_name = _("wallet")
    verbose_name_plural = _("wallets")

    @admin.display(description=_("balance"))
    def balance_shown(self, account):
        return format_amount(account.balance, account.currency)


class GamingLimitInline(admin.TabularInline):
    model = GamingLimit
    fk_name = "player"
    fields = ("kind", "currency", "amount", "pending_amount", "pending_from", "updated_by")
    readonly_fields = ("pending_amount", "pending_from", "updated_by")
    extra = 0


class SelfExcludedFilter(admin.SimpleListFilter):
    title = _("self-excluded")
    parameter_name = "excluded"

    def lookups(self, request, model_admin):
        return [("yes", _("yes")), ("no", _("no"))]

    def queryset(self, request, queryset):
        from django.utils import timezone

        excluded = Q(self_excluded_until__gte=timezone.localdate())
        if self.value() == "yes":
            return queryset.filter(excluded)
        if self.value() == "no":
            return queryset.exclude(excluded)
        return queryset


@admin.register(Player)
class PlayerAdmin(UserAdmin):
    list_display = (
        "username",
        "display_name",
        "email",
        "balances_shown",
        "self_excluded_until",
        "is_staff",
        "is_active",
        "date_joined",
    )
    list_filter = ("is_staff", "is_active", "groups", "preferred_currency", SelfExcludedFilter)
    search_fields = ("username", "display_name", "email", "first_name", "last_name")
    fieldsets = (
        *UserAdmin.fieldsets,
        (
            _("Casino"),
            {"fields": ("display_name", "preferred_currency", "language", "self_excluded_until")},
        ),
    )
    inlines = [WalletInline, GamingLimitInline]
    change_form_template = "admin/casino/player/change_form.html"

    def get_queryset(self, request):
        return super().get_queryset(request).prefetch_related("accounts")

    @admin.display(description=_("balances"))
    def balances_shown(self, player):
        wallets = [a for a in player.accounts.all() if a.kind == AccountKind.WALLET]
        return ", ".join(format_amount(a.balance, a.currency) for a in wallets) or "—"

    def save_formset(self, request, form, formset, change):
        instances = formset.save(commit=False)
        for instance in instances:
            if isinstance(instance, GamingLimit):
                # A staff member's limit change applies at once (casino.limits).
                instance.updated_by = request.user
                instance.pending_amount = None
                instance.pending_from = None
            instance.save()
        for obj in formset.deleted_objects:
            obj.delete()

    def get_urls(self):
        return [
            path(
                "<int:player_id>/cash/",
                self.admin_site.admin_view(self.cash_view),
                name="casino_player_cash",
            ),
            *super().get_urls(),
        ]

    def cash_view(self, request, player_id):
        """Deposit or withdraw for a player, with a reason and the staff user recorded."""
        if not self.has_change_permission(request):
            from django.core.exceptions import PermissionDenied

            raise PermissionDenied
        player = get_object_or_404(Player, pk=player_id)
        form = StaffCashForm(
            request.POST or None,
            initial={
                "idempotency_key": uuid.uuid4(),
                "currency": player.preferred_currency,
            },
        )
        if request.method == "POST" and form.is_valid():
            data = form.cleaned_data
            operation = (
                ledger.cashier_deposit
                if data["direction"] == "deposit"
                else (ledger.cashier_withdraw)
            )
            try:
                result = operation(
                    player=player,
                    amount=data["amount_minor"],
                    currency=data["currency"],
                    idempotency_key=f"staffcash:{data['idempotency_key']}",
                    memo=data["reason"],
                    staff=request.user,
                )
            except (ledger.LedgerError, limits.StakeRefused) as refusal:
                messages.error(request, str(refusal))
            else:
                if result.created:
                    messages.success(
                        request, _("Booked as transfer #%(id)s.") % {"id": result.transfer.pk}
                    )
                else:
                    messages.info(
                        request,
                        _("Already booked as transfer #%(id)s.") % {"id": result.transfer.pk},
                    )
                return redirect(reverse("admin:casino_player_change", args=[player.pk]))
        context = {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "player": player,
            "form": form,
            "balances": ledger.balances_of(player),
            "title": _("Cash desk: %(player)s") % {"player": player},
        }
        return TemplateResponse(request, "admin/casino/player/cash.html", context)


class EntryInline(ReadOnlyAdminMixin, admin.TabularInline):
    model = Entry
    fields = ("account", "currency", "amount", "balance_after", "created_at")
    readonly_fields = fields
    extra = 0


@admin.register(Account)
class AccountAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = (
        "id",
        "kind",
        "owner",
        "purpose",
        "reference",
        "currency",
        "balance_shown",
        "closed_at",
    )
    list_filter = ("kind", "purpose", "currency")
    search_fields = ("owner__username", "owner__display_name", "reference")
    list_select_related = ("owner",)

    @admin.display(description=_("balance"))
    def balance_shown(self, account):
        return format_amount(account.current_balance(), account.currency)


@admin.register(Transfer)
class TransferAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("id", "created_at", "kind", "memo", "reference", "created_by")
    list_filter = ("kind", "created_at")
    search_fields = ("memo", "reference", "idempotency_key", "entries__account__owner__username")
    inlines = [EntryInline]
    date_hierarchy = "created_at"


@admin.register(Entry)
class EntryAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = (
        "id",
        "created_at",
        "transfer_link",
        "account",
        "currency",
        "amount",
        "balance_after",
    )
    list_filter = ("currency", "transfer__kind", "account__kind")
    search_fields = ("account__owner__username", "transfer__memo", "transfer__reference")
    list_select_related = ("account__owner", "transfer")

    @admin.display(description=_("transfer"))
    def transfer_link(self, entry):
        url = reverse("admin:casino_transfer_change", args=[entry.transfer_id])
        return format_html('<a href="{}">#{}</a>', url, entry.transfer_id)


@admin.register(GamingLimit)
class GamingLimitAdmin(admin.ModelAdmin):
    list_display = (
        "player",
        "kind",
        "currency",
        "amount",
        "pending_amount",
        "pending_from",
        "updated_by",
        "updated_at",
    )
    list_filter = ("kind", "currency")
    search_fields = ("player__username", "player__display_name")
    readonly_fields = ("pending_amount", "pending_from", "updated_by")
    autocomplete_fields = ("player",)

    def save_model(self, request, obj, form, change):
        obj.updated_by = request.user
        obj.pending_amount = None
        obj.pending_from = None
        super().save_model(request, obj, form, change)
