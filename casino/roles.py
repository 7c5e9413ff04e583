"""The staff roles (issue 19 §1, least privilege), in one place: each role is a group holding
its permissions, kept in step with this module on every migrate (`ensure_role_groups`).

A staff member may do what his groups allow, nothing more: the views and sockets check the
permission first (403, or the socket closed with 4403), and so does every service a staff
member's act goes through, whichever way it was reached (a page, the admin, a script): a
service given a `staff` member who lacks the permission raises `StaffRefused`. A service called
without one (`staff=None`) is the casino's own act (the clocks, the feeds, the demo, a
management command run by whoever runs the server) and is not checked.

The permissions themselves are declared on `casino.Player` (its Meta): one app label for every
staff permission, whatever part of the casino it opens.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import wraps

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext_lazy

# The permissions of the staff's own acts (casino.Player's Meta lists them with their names).
VIEW_PIT = "casino.view_pit"  # the pit boss's monitor of every table and its acts
VIEW_REPORTS = "casino.view_reports"  # the revenue reports
VOID_PLAY = "casino.void_play"  # voiding a hand or match in play
TRADE_LINE = "casino.trade_line"  # odds, markets, events, results, settlement, exchange, spread
CANCEL_BETS = "casino.cancel_bets"  # cancelling customers' bets, holding payouts (SB §1.10)
CASH_DESK = "casino.cash_desk"  # deposits and withdrawals by hand
SET_LIMITS = "casino.set_limits"  # a player's limits and self-exclusion, set by staff

# Who may do what, said to the staff member a service refuses (the view refuses with a 403).
REFUSALS = {
    TRADE_LINE: gettext_lazy("Only a trader may change the line, results and settlements."),
    CANCEL_BETS: gettext_lazy("Only a supervisor may cancel bets or hold payouts."),
    CASH_DESK: gettext_lazy("Only a cashier may deposit or withdraw for a player."),
    SET_LIMITS: gettext_lazy("Only a supervisor may set a player's limits."),
    VOID_PLAY: gettext_lazy("Only a supervisor may void a hand or match."),
    VIEW_PIT: gettext_lazy("Only the pit boss may do this."),
    VIEW_REPORTS: gettext_lazy("Only the pit boss may see the reports."),
}


def _model_permissions(app: str, models: tuple[str, ...], actions: tuple[str, ...]) -> tuple:
    return tuple(f"{app}.{action}_{model}" for model in models for action in actions)


@dataclass(frozen=True)
class Role:
    key: str
    group: str  # the group's name (data, the same in every language)
    label: str
    summary: str  # what the role may do and where, for the demo's logins and the docs
    permissions: tuple[str, ...]  # "app_label.codename"; empty with `everything`
    everything: bool = False


TRADER = Role(
    "trader",
    "Trader",
    gettext_lazy("trader"),
    "the line at /trader/ (odds, markets, events, scores, results, settlement, the exchange and "
    "spread assets) and in the admin",
    (
        TRADE_LINE,
        # the line in the admin (the trader page is the fast way; odds still go through it)
        *_model_permissions(
            "sportsbook",
            ("sport", "competition", "event", "market", "outcome", "exchangerate"),
            ("add", "change", "view"),
        ),
        *_model_permissions("sportsbook", ("oddschange", "settlementrun", "bet"), ("view",)),
    ),
)
PIT_BOSS_GROUP = "Pit boss"
PIT_BOSS = Role(
    "pit_boss",
    PIT_BOSS_GROUP,
    gettext_lazy("pit boss"),
    "the live monitor of every table at /pit/ with its acts, the revenue reports",
    (VIEW_PIT, VIEW_REPORTS, "tables.view_table"),
)
CASHIER = Role(
    "cashier",
    "Cashier",
    gettext_lazy("cashier"),
    "deposits and withdrawals by hand (the admin: a player's Cash desk), the ledger read-only",
    (
        CASH_DESK,
        # finding the player and reading the ledger; changing a player is the admin's
        *_model_permissions("casino", ("player", "account", "transfer", "entry"), ("view",)),
    ),
)
SUPERVISOR = Role(
    "supervisor",
    "Supervisor",
    gettext_lazy("supervisor"),
    "voids, cancelling bets (/trader/event/<id>/cancellations/, the admin's bets), holding "
    "payouts, players' limits set by staff, the pit",
    (
        VOID_PLAY,
        CANCEL_BETS,
        SET_LIMITS,
        VIEW_PIT,
        "tables.view_table",
        "casino.view_player",
        *_model_permissions("casino", ("gaminglimit",), ("add", "change", "delete", "view")),
        *_model_permissions(
            "sportsbook", ("playerstakelimit",), ("add", "change", "delete", "view")
        ),
        *_model_permissions("sportsbook", ("bet", "event"), ("view",)),
    ),
)
ADMIN = Role(
    "admin",
    "Administrator",
    gettext_lazy("administrator"),
    "every permission: all of the above and the whole admin at /admin/",
    (),
    everything=True,
)

ROLES = (TRADER, PIT_BOSS, CASHIER, SUPERVISOR, ADMIN)


class StaffRefused(PermissionDenied):
    """A staff member's act his role does not allow: a 403 from any view; str() tells him why."""


def may(user, permission: str) -> bool:
    return user is not None and user.is_authenticated and user.has_perm(permission)


def require(staff, permission: str) -> None:
    """Refuse (StaffRefused) a staff member's act his role does not allow. None: the casino's own
    act (a clock, a feed, the demo), not a staff member's."""
    if staff is not None and not staff.has_perm(permission):
        raise StaffRefused(str(REFUSALS[permission]))


def permission_required(permission: str):
    """A page of a role: anonymous visitors go to the login page, anyone else without the
    permission gets 403."""

    def decorate(view):
        @wraps(view)
        @login_required
        def wrapper(request, *args, **kwargs):
            if not request.user.has_perm(permission):
                raise PermissionDenied
            return view(request, *args, **kwargs)

        return wrapper

    return decorate


def ensure_role_groups(using: str = "default", **kwargs) -> None:
    """Create each role's group and give it exactly its permissions (run after every migrate:
    a permission added to a role here reaches its group there). Permissions of apps not migrated
    yet are given on the migrate that creates them."""
    from django.contrib.auth.models import Group, Permission

    every = Permission.objects.using(using).select_related("content_type")
    by_name = {f"{p.content_type.app_label}.{p.codename}": p for p in every}
    for role in ROLES:
        wanted = (
            list(by_name.values())
            if role.everything
            else [by_name[name] for name in role.permissions if name in by_name]
        )
        group, _created = Group.objects.using(using).get_or_create(name=role.group)
        group.permissions.set(wanted)
