"""Staff admin: players with their balances and limits, the ledger read-only, cash desk."""

import uuid

from django.contrib import admin, messages
from django.contrib.auth.admin import GroupAdmin, UserAdmin
from django.contrib.auth.models import Group
from django.core.exceptions import PermissionDenied
from django.db.models import Count, Q
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext_lazy as _

from casino import ledger, limits, roles
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
        "roles_shown",
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
        (_("Staff roles"), {"fields": ("roles_shown", "role_permissions_shown")}),
    )
    readonly_fields = ("roles_shown", "role_permissions_shown")
    inlines = [WalletInline, GamingLimitInline]
    change_form_template = "admin/casino/player/change_form.html"

    def get_queryset(self, request):
        return super().get_queryset(request).prefetch_related("accounts", "groups")

    def get_fieldsets(self, request, obj=None):
        """Who may only look at a player (the cashier) is not shown the password's line: its
        link opens the password form, which only who may change players may use."""
        fieldsets = super().get_fieldsets(request, obj)
        if obj is None or self.has_change_permission(request, obj):
            return fieldsets
        return [
            (name, {**options, "fields": [f for f in options["fields"] if f != "password"]})
            for name, options in fieldsets
        ]

    @admin.display(description=_("staff roles"))
    def roles_shown(self, player):
        """The roles (casino.roles) whose groups the player is in; a superuser holds every
        permission, in a group or not."""
        names = {group.name for group in player.groups.all()}
        shown = [str(role.label) for role in roles.ROLES if role.group in names]
        if player.is_superuser:
            shown.append(str(_("superuser")))
        return ", ".join(shown) or "—"

    @admin.display(description=_("what the roles allow"))
    def role_permissions_shown(self, player):
        held = sorted(player.get_all_permissions()) if player.pk else []
        return format_html_join(", ", "{}", ((name,) for name in held)) or "—"

    def save_model(self, request, obj, form, change):
        # a self-exclusion set or lifted by staff is the supervisor's, as in casino.limits
        if change and "self_excluded_until" in form.changed_data and obj.pk != request.user.pk:
            roles.require(request.user, roles.SET_LIMITS)
        super().save_model(request, obj, form, change)

    @admin.display(description=_("balances"))
    def balances_shown(self, player):
        wallets = [a for a in player.accounts.all() if a.kind == AccountKind.WALLET]
        return ", ".join(format_amount(a.balance, a.currency) for a in wallets) or "—"

    def save_formset(self, request, form, formset, change):
        instances = formset.save(commit=False)
        for instance in instances:
            if isinstance(instance, GamingLimit):
                limits.staff_limit_save(instance, by=request.user)  # at once, a supervisor's
            else:
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
        """Deposit or withdraw for a player, with a reason and the staff user recorded: the
        cashier's (casino.roles; the ledger checks it again)."""
        if not request.user.has_perm(roles.CASH_DESK):
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
    list_display = ("id", "created_at", "kind", "memo", "reference_shown", "created_by")
    list_filter = ("kind", "created_at")
    search_fields = ("memo", "reference", "idempotency_key", "entries__account__owner__username")
    inlines = [EntryInline]
    date_hierarchy = "created_at"

    @admin.display(description=_("reference"), ordering="reference")
    def reference_shown(self, transfer):
        """What the transfer came from in words ("Ставка №14"), the raw key as a tooltip (and in
        the search); no link: its pages are the player's own."""
        from casino.templatetags.references import reference_words

        words = reference_words(transfer.reference) or transfer.reference
        if not words:
            return "—"
        return format_html('<span title="{}">{}</span>', transfer.reference, words)


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
        limits.staff_limit_save(obj, by=request.user)  # at once, a supervisor's


admin.site.unregister(Group)


@admin.register(Group)
class StaffGroupAdmin(GroupAdmin):
    """Who holds what: each group (a role's, casino.roles) with its members and permissions."""

    list_display = ("name", "role_shown", "members_shown", "permission_count")
    readonly_fields = ("role_shown", "members_shown")
    fields = ("name", "role_shown", "members_shown", "permissions")

    def get_queryset(self, request):
        return (
            super()
            .get_queryset(request)
            .prefetch_related("user_set")
            .annotate(permission_total=Count("permissions", distinct=True))
        )

    @admin.display(description=_("role"))
    def role_shown(self, group):
        role = next((role for role in roles.ROLES if role.group == group.name), None)
        return role.label if role else "—"

    @admin.display(description=_("members"))
    def members_shown(self, group):
        members = sorted(group.user_set.all(), key=lambda member: member.username)
        return (
            format_html_join(
                ", ",
                '<a href="{}">{}</a>',
                (
                    (reverse("admin:casino_player_change", args=[member.pk]), member.username)
                    for member in members
                ),
            )
            or "—"
        )

    @admin.display(description=_("permissions"), ordering="permission_total")
    def permission_count(self, group):
        return group.permission_total
