"""Staff admin: players with their balances and limits, the ledger read-only, cash desk."""

import json
import uuid

from django import forms
from django.apps import apps
from django.contrib import admin, messages
from django.contrib.admin import helpers as admin_helpers
from django.contrib.auth.admin import GroupAdmin, UserAdmin
from django.contrib.auth.models import Group, Permission
from django.core.exceptions import PermissionDenied
from django.db import models
from django.db.models import Count, Q
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe
from django.utils.translation import gettext, gettext_noop
from django.utils.translation import gettext_lazy as _

from casino import ledger, limits, roles
from casino.admin_site import current_request
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


def display_for_field(value, field, empty_value_display, *args, **kwargs):
    """A JSON field read in the admin (a result, a live score, a table event's action) is data in
    the apps' own keys: shown as code, marked translate="no" (the page audit reads the words of
    the page, not of the data)."""
    if isinstance(field, models.JSONField) and value not in (None, "", {}, []):
        return format_html(
            '<code class="json" translate="no">{}</code>', json.dumps(value, ensure_ascii=False)
        )
    return _display_for_field(value, field, empty_value_display, *args, **kwargs)


# the admin's read-only fields call it by this module-level name (AdminReadonlyField.contents)
_display_for_field = admin_helpers.display_for_field
admin_helpers.display_for_field = display_for_field


def readonly_link(field, remote_field, remote_obj):
    """A read-only field naming another object links to its page only if the reader may open
    it (Django links it whatever his permissions: a 403 offered to a supervisor, say)."""
    request = current_request.get()
    site = field.model_admin.admin_site if field.model_admin else None
    remote_admin = site._registry.get(remote_field.model) if site else None
    if request is not None and (
        remote_admin is None or not remote_admin.has_view_or_change_permission(request, remote_obj)
    ):
        return str(remote_obj)
    return _readonly_link(field, remote_field, remote_obj)


_readonly_link = admin_helpers.AdminReadonlyField.get_admin_url
admin_helpers.AdminReadonlyField.get_admin_url = readonly_link


def money_column(model, field: str, currency: str = "currency"):
    """An admin column or read-only field of an amount the model keeps in minor units, written in
    its currency ("5.00 BYN", not 500). `currency`: the field (or dotted path) holding it."""

    def shown(obj):
        value = getattr(obj, field)
        code = obj
        for part in currency.split("."):
            code = getattr(code, part)
        return "—" if value is None else format_amount(value, code)

    shown.__name__ = f"{field}_shown"
    return admin.display(description=model._meta.get_field(field).verbose_name, ordering=field)(
        shown
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

    @admin.display(description=_("what it holds"), ordering="reference")
    def holds(self, account):
        from casino.templatetags.references import account_words

        words = account_words(account.reference)
        return format_html('<span title="{}">{}</span>', account.reference, words) if words else "—"

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


# Django names a model's own permissions "Can add <model>" in English when it creates them: they
# are read in the reader's language from the action and the model's verbose name instead.
MODEL_ACTIONS = {
    "add": gettext_noop("Add: %(model)s"),
    "change": gettext_noop("Change: %(model)s"),
    "delete": gettext_noop("Delete: %(model)s"),
    "view": gettext_noop("View: %(model)s"),
}


def permission_label(permission: Permission) -> str:
    """ "Live tables · table · Change: table", not "tables | table | Can change table"."""
    content_type = permission.content_type
    try:
        section = str(apps.get_app_config(content_type.app_label).verbose_name)
    except LookupError:
        section = content_type.app_label
    model = content_type.model_class()
    model_name = str(model._meta.verbose_name) if model is not None else content_type.model
    action, _sep, subject = permission.codename.partition("_")
    if action in MODEL_ACTIONS and subject == content_type.model:
        what = gettext(MODEL_ACTIONS[action]) % {"model": model_name}
    else:  # the casino's own (casino.models.Player.Meta.permissions): names marked to translate
        what = gettext(permission.name)
    return f"{section} · {model_name} · {what}"


def role_label(group: Group) -> str:
    """A role's group by the role's name in the reader's language (the group's own name is the
    same in every language)."""
    role = next((role for role in roles.ROLES if role.group == group.name), None)
    return str(role.label) if role else group.name


class PermissionChoices(forms.ModelMultipleChoiceField):
    def label_from_instance(self, permission):
        return permission_label(permission)


class RoleChoices(forms.ModelMultipleChoiceField):
    def label_from_instance(self, group):
        return role_label(group)


class RoleFilter(admin.SimpleListFilter):
    title = _("staff role")
    parameter_name = "role"

    def lookups(self, request, model_admin):
        return [(role.group, role.label) for role in roles.ROLES]

    def queryset(self, request, queryset):
        return queryset.filter(groups__name=self.value()) if self.value() else queryset


def translated_choices(db_field, request, formfield):
    """The permissions' and groups' pickers of the player and group pages, labelled in words."""
    if db_field.name in ("permissions", "user_permissions"):
        formfield.__class__ = PermissionChoices
        formfield.queryset = formfield.queryset.select_related("content_type")
    elif db_field.name == "groups":
        formfield.__class__ = RoleChoices
    return formfield


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
    list_filter = ("is_staff", "is_active", RoleFilter, "preferred_currency", SelfExcludedFilter)
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
        # the groups and permissions are read as the roles and what they allow, in words
        hidden = {"password", "groups", "user_permissions"}
        return [
            (name, {**options, "fields": [f for f in options["fields"] if f not in hidden]})
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
        if not player.pk:
            return "—"
        held = player.get_all_permissions()
        labels = sorted(
            permission_label(permission)
            for permission in Permission.objects.select_related("content_type")
            if f"{permission.content_type.app_label}.{permission.codename}" in held
        )
        return format_html_join(mark_safe("<br>"), "{}", ((label,) for label in labels)) or "—"

    def formfield_for_manytomany(self, db_field, request, **kwargs):
        formfield = super().formfield_for_manytomany(db_field, request, **kwargs)
        return translated_choices(db_field, request, formfield)

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
    fields = (
        "account",
        money_column(Entry, "amount"),
        money_column(Entry, "balance_after"),
        "created_at",
    )
    readonly_fields = fields
    extra = 0


@admin.register(Account)
class AccountAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = (
        "id",
        "kind",
        "owner",
        "purpose",
        "holds",
        "currency",
        "balance_shown",
        "closed_at",
    )
    list_filter = ("kind", "purpose", "currency")
    search_fields = ("owner__username", "owner__display_name", "reference")
    fields = ("kind", "owner", "purpose", "holds", "currency", "balance_shown", "closed_at")
    readonly_fields = fields
    list_select_related = ("owner",)

    @admin.display(description=_("what it holds"), ordering="reference")
    def holds(self, account):
        from casino.templatetags.references import account_words

        words = account_words(account.reference)
        return format_html('<span title="{}">{}</span>', account.reference, words) if words else "—"

    @admin.display(description=_("balance"))
    def balance_shown(self, account):
        return format_amount(account.current_balance(), account.currency)


@admin.register(Transfer)
class TransferAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("id", "created_at", "kind", "note_shown", "reference_shown", "created_by")
    # the keys and the fingerprint are the ledger's machinery (searchable in the list)
    fields = ("created_at", "kind", "note_shown", "reference_shown", "created_by")
    readonly_fields = fields

    @admin.display(description=_("reason"))
    def note_shown(self, transfer):
        return transfer.note or "—"

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
        money_column(Entry, "amount"),
        money_column(Entry, "balance_after"),
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
        money_column(GamingLimit, "amount"),
        money_column(GamingLimit, "pending_amount"),
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

    list_display = ("role_shown", "members_shown", "permission_count")
    list_display_links = ("role_shown",)
    readonly_fields = ("role_shown", "members_shown")
    fields = ("name", "role_shown", "members_shown", "permissions")

    def get_queryset(self, request):
        return (
            super()
            .get_queryset(request)
            .prefetch_related("user_set")
            .annotate(permission_total=Count("permissions", distinct=True))
        )

    @admin.display(description=_("role"), ordering="name")
    def role_shown(self, group):
        return role_label(group)

    def formfield_for_manytomany(self, db_field, request, **kwargs):
        formfield = super().formfield_for_manytomany(db_field, request, **kwargs)
        return translated_choices(db_field, request, formfield)

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
