"""Staff roles (issue 19 §1): each role's group holds its permissions; every staff page, act and
socket lets in exactly the roles it is for (403 or the socket closed with 4403 for the rest);
the services refuse a staff member's act his role does not allow, whichever way it came in; the
admin shows who holds what; the demo has one login per role."""

import datetime as dt
import io
import uuid
from decimal import Decimal as D

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.contrib.auth.models import Group, Permission
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from casino import demo, ledger, limits, roles
from casino.asgi import application
from casino.models import GamingLimit, Player, Transfer
from sportsbook.betting import cancellations
from sportsbook.exchange import services as exchange_services
from sportsbook.line.services import event_score_set, event_set_status, market_set_status, odds_set
from sportsbook.models import (
    Bet,
    Event,
    EventStatus,
    ExchangeMarket,
    Outcome,
    SpreadAsset,
    SpreadQuote,
)
from sportsbook.settlement import runner as settlement_runner
from sportsbook.settlement.services import event_hold_payouts, event_result_set
from sportsbook.spread import services as spread_services
from tests.conftest import fund, new_player, new_staff
from tests.sportsbook.line import football_result, make_event, outcome, place, set_rates

ORIGIN = (b"origin", b"http://127.0.0.1:8000")
HOST = (b"host", b"127.0.0.1:8000")

ROLE_BY_KEY = {role.key: role for role in roles.ROLES}
# who: a role's key, or a player, or staff (is_staff) holding no role
WHO = ["player", "staff_without_role", *ROLE_BY_KEY]


def person(who: str, **fields) -> Player:
    if who == "player":
        return new_player(**fields)
    if who == "staff_without_role":
        return new_player(is_staff=True, **fields)
    return new_staff(ROLE_BY_KEY[who], **fields)


def make_asset() -> SpreadAsset:
    return SpreadAsset.objects.create(
        code=f"a{uuid.uuid4().hex[:6]}", name_ru="EUR/USD", name_en="EUR/USD",
        point_size=D("0.0001"), bid=D("1.2050"), ask=D("1.2053"), min_stake=100,
        margin_points=50, closeout_points=20,
    )  # fmt: skip


# --- the groups ----------------------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("role", roles.ROLES, ids=lambda role: role.key)
def test_each_roles_group_holds_exactly_its_permissions(role):
    group = Group.objects.get(name=role.group)
    held = {f"{p.content_type.app_label}.{p.codename}" for p in group.permissions.all()}
    if role.everything:
        assert len(held) == Permission.objects.count()
    else:
        assert held == set(role.permissions)


@pytest.mark.django_db
def test_the_groups_follow_the_roles_on_migrate_and_lose_what_was_added_by_hand():
    group = Group.objects.get(name=roles.TRADER.group)
    group.permissions.add(Permission.objects.get(codename="view_pit"))
    roles.ensure_role_groups()
    assert not group.permissions.filter(codename="view_pit").exists()
    assert group.permissions.filter(codename="trade_line").exists()


# --- the pages and acts, role by role ------------------------------------------------------------

TRADERS = {"trader", "admin"}
SUPERVISORS = {"supervisor", "admin"}


@pytest.fixture
def scene(db):
    set_rates()
    event = make_event()
    bettor = new_player()
    fund(bettor, 100_000)
    bet = place(bettor, [outcome(event, "1x2", "1")], stake=1_000)
    return {"event": event, "bettor": bettor, "bet": bet, "outcome": outcome(event, "1x2", "1")}


# name: (method, url, data, the roles let in)
PAGES = {
    "trader list": ("get", lambda s: reverse("trader:events"), None, TRADERS),
    "trader event": ("get", lambda s: reverse("trader:event", args=[s["event"].pk]), None, TRADERS),
    "odds changes": (
        "get",
        lambda s: reverse("trader:changes", args=[s["event"].pk]),
        None,
        TRADERS,
    ),
    "results entry": (
        "get",
        lambda s: reverse("trader:results", args=[s["event"].pk]),
        None,
        TRADERS,
    ),
    "exchange": ("get", lambda s: reverse("trader:exchange"), None, TRADERS),
    "spread assets": ("get", lambda s: reverse("trader:spread"), None, TRADERS),
    "line in the admin": ("get", lambda s: "/admin/sportsbook/event/add/", None, TRADERS),
    "change odds": (
        "post",
        lambda s: reverse("trader:odds", args=[s["outcome"].pk]),
        lambda s: {"odds": "2.50", "was": "2.00"},
        TRADERS,
    ),
    "event status": (
        "post",
        lambda s: reverse("trader:event_status", args=[s["event"].pk]),
        lambda s: {"status": EventStatus.LIVE, "version": s["event"].version},
        TRADERS,
    ),
    "cancellations": (
        "get",
        lambda s: reverse("trader:cancellations", args=[s["event"].pk]),
        None,
        SUPERVISORS,
    ),
    "cancel bets": (
        "post",
        lambda s: reverse("trader:cancel_bets", args=[s["event"].pk]),
        lambda s: {"bets": str(s["bet"].pk), "reason": "wrong score shown"},
        SUPERVISORS,
    ),
    "staff limits": ("get", lambda s: "/admin/casino/gaminglimit/add/", None, SUPERVISORS),
    "stake limits": (
        "get",
        lambda s: "/admin/sportsbook/playerstakelimit/add/",
        None,
        SUPERVISORS,
    ),
    "pit": ("get", lambda s: reverse("pit"), None, {"pit_boss", "supervisor", "admin"}),
    "cash desk": (
        "get",
        lambda s: reverse("admin:casino_player_cash", args=[s["bettor"].pk]),
        None,
        {"cashier", "admin"},
    ),
    "deposit by hand": (
        "post",
        lambda s: reverse("admin:casino_player_cash", args=[s["bettor"].pk]),
        lambda s: {
            "direction": "deposit",
            "currency": "BYN",
            "amount": "100",
            "reason": "cash at the desk",
            "idempotency_key": str(uuid.uuid4()),
        },
        {"cashier", "admin"},
    ),
    "players in the admin": (
        "get",
        lambda s: "/admin/casino/player/",
        None,
        {"cashier", "supervisor", "admin"},
    ),
    "groups in the admin": ("get", lambda s: "/admin/auth/group/", None, {"admin"}),
}


def _state(scene) -> tuple:
    """What the acts above change: the odds, the event, the bet, the wallet's transfers."""
    scene["outcome"].refresh_from_db()
    scene["event"].refresh_from_db()
    bet = Bet.objects.get(pk=scene["bet"].pk)
    return (
        scene["outcome"].odds,
        scene["event"].status,
        bet.cancelled_at,
        Transfer.objects.count(),
    )


@pytest.mark.parametrize("who", WHO)
@pytest.mark.parametrize("page", PAGES)
def test_each_staff_page_and_act_lets_in_its_roles_only(scene, page, who):
    method, url, data, allowed = PAGES[page]
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(person(who, language="en"))
    before = _state(scene)
    response = getattr(client, method)(url(scene), data(scene) if data else None)
    if who in allowed:
        assert response.status_code in (200, 302), response.status_code
        if method == "post":
            assert _state(scene) != before  # the act was done
    else:
        assert response.status_code == 403
        assert _state(scene) == before  # nothing changed


@pytest.mark.parametrize("page", [name for name, spec in PAGES.items() if spec[0] == "get"])
def test_anonymous_visitors_are_sent_to_a_login_page(scene, page):
    _method, url, _data, _allowed = PAGES[page]
    response = Client().get(url(scene))
    assert response.status_code == 302 and "login" in response["Location"]


def test_the_trader_page_shows_the_cancellation_forms_to_a_supervisor_only(scene):
    event_url = reverse("trader:event", args=[scene["event"].pk])
    cancel_url = reverse("trader:cancel_bets", args=[scene["event"].pk])
    for who, shown in (("trader", False), ("admin", True)):
        client = Client()
        client.force_login(person(who))
        assert (cancel_url in client.get(event_url).content.decode()) is shown
    client = Client()
    client.force_login(person("supervisor"))
    assert (
        cancel_url
        in client.get(reverse("trader:cancellations", args=[scene["event"].pk])).content.decode()
    )


def test_a_supervisors_cancellation_comes_back_to_his_page(scene):
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(person("supervisor", language="en"))
    response = client.post(
        reverse("trader:cancel_bets", args=[scene["event"].pk]),
        {"bets": str(scene["bet"].pk), "reason": "wrong score shown"},
        follow=True,
    )
    assert response.redirect_chain[-1][0] == reverse(
        "trader:cancellations", args=[scene["event"].pk]
    )
    assert f'id="cancelled-{scene["bet"].pk}"' in response.content.decode()


# --- the sockets, role by role -------------------------------------------------------------------

SOCKETS = {
    "trader list": ("/ws/trader/", TRADERS),
    "trader event": ("/ws/trader/event/{event}/", TRADERS),
    "trader exchange": ("/ws/trader/exchange/", TRADERS),
    "trader spread": ("/ws/trader/spread/", TRADERS),
    "pit": ("/ws/pit/", {"pit_boss", "supervisor", "admin"}),
}


@database_sync_to_async
def socket_cookie(who: str):
    member = person(who, language="en")
    client = Client()
    client.force_login(member)
    cookie = f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"
    event = make_event(markets=(("1x2", {}),))
    return (b"cookie", cookie.encode()), event.pk


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("who", WHO)
@pytest.mark.parametrize("socket", SOCKETS)
async def test_each_staff_socket_lets_in_its_roles_only(socket, who):
    path, allowed = SOCKETS[socket]
    cookie, event_id = await socket_cookie(who)
    communicator = WebsocketCommunicator(
        application, path.format(event=event_id), headers=[ORIGIN, HOST, cookie]
    )
    connected, code = await communicator.connect()
    if who in allowed:
        assert connected, code
        await communicator.receive_from(timeout=5)  # the whole page on (re)connect
        await communicator.disconnect()
    else:
        assert (connected, code) == (False, 4403)


# --- the services: the role is checked whichever way the act comes in ----------------------------


@pytest.fixture
def line(db):
    set_rates()
    event = make_event()
    bettor = new_player()
    fund(bettor, 100_000)
    bet = place(bettor, [outcome(event, "1x2", "1")], stake=1_000)
    return event, bettor, bet


def _finished_with_result(event):
    event_set_status(event_id=event.pk, status=EventStatus.FINISHED)
    event_result_set(event_id=event.pk, result=football_result(1, 0))


# name: (the role that may, the call given (staff, the line), what the call changes)
SERVICE_CALLS = {
    "odds_set": (
        roles.TRADER,
        lambda staff, ln: odds_set(
            outcome_id=outcome(ln[0], "1x2", "1").pk, odds=D("3.10"), staff=staff
        ),
        lambda ln: Outcome.objects.get(pk=outcome(ln[0], "1x2", "1").pk).odds,
    ),
    "market_set_status": (
        roles.TRADER,
        lambda staff, ln: market_set_status(
            market_id=ln[0].markets.first().pk, status="suspended", staff=staff
        ),
        lambda ln: ln[0].markets.first().status,
    ),
    "event_set_status": (
        roles.TRADER,
        lambda staff, ln: event_set_status(event_id=ln[0].pk, status=EventStatus.LIVE, staff=staff),
        lambda ln: Event.objects.get(pk=ln[0].pk).status,
    ),
    "event_score_set": (
        roles.TRADER,
        lambda staff, ln: event_score_set(event_id=ln[0].pk, score=[1, 0], minute=10, staff=staff),
        lambda ln: Event.objects.get(pk=ln[0].pk).live_score,
    ),
    "event_result_set": (
        roles.TRADER,
        lambda staff, ln: event_result_set(
            event_id=ln[0].pk, result=football_result(2, 1), staff=staff
        ),
        lambda ln: Event.objects.get(pk=ln[0].pk).result,
    ),
    "event_settle": (
        roles.TRADER,
        lambda staff, ln: (
            _finished_with_result(ln[0]),
            settlement_runner.event_settle(event_id=ln[0].pk, staff=staff),
        ),
        lambda ln: Event.objects.get(pk=ln[0].pk).settlement_runs.count(),
    ),
    "exchange_market_list": (
        roles.TRADER,
        lambda staff, ln: exchange_services.exchange_market_list(
            market_id=ln[0].markets.first().pk, staff=staff
        ),
        lambda ln: ExchangeMarket.objects.count(),
    ),
    "spread_quote_set": (
        roles.TRADER,
        lambda staff, ln: spread_services.spread_quote_set(
            asset_id=make_asset().pk, bid=D("1.2060"), ask=D("1.2063"), staff=staff
        ),
        lambda ln: SpreadQuote.objects.count(),
    ),
    "spread_asset_halt": (
        roles.TRADER,
        lambda staff, ln: spread_services.spread_asset_halt(
            asset_id=make_asset().pk, halted=True, staff=staff
        ),
        lambda ln: SpreadAsset.objects.filter(halted=True).count(),
    ),
    "bets_cancel": (
        roles.SUPERVISOR,
        lambda staff, ln: cancellations.bets_cancel(
            bet_ids=[ln[2].pk], reason="wrong score shown", staff=staff
        ),
        lambda ln: Bet.objects.get(pk=ln[2].pk).cancelled_at is not None,
    ),
    "event_hold_payouts": (
        roles.SUPERVISOR,
        lambda staff, ln: event_hold_payouts(event_id=ln[0].pk, held=True, staff=staff),
        lambda ln: Event.objects.get(pk=ln[0].pk).payouts_held,
    ),
    "limit_set": (
        roles.SUPERVISOR,
        lambda staff, ln: limits.limit_set(
            player=ln[1], kind="loss", currency="BYN", amount=5_000, by=staff
        ),
        lambda ln: list(GamingLimit.objects.values_list("amount", flat=True)),
    ),
    "self_exclusion_set": (
        roles.SUPERVISOR,
        lambda staff, ln: limits.self_exclusion_set(
            player=ln[1], until=timezone.localdate() + dt.timedelta(days=30), by=staff
        ),
        lambda ln: Player.objects.get(pk=ln[1].pk).self_excluded_until,
    ),
    "cashier_deposit": (
        roles.CASHIER,
        lambda staff, ln: ledger.cashier_deposit(
            player=ln[1],
            amount=500,
            currency="BYN",
            idempotency_key=str(uuid.uuid4()),
            memo="cash",
            staff=staff,
        ),  # fmt: skip
        lambda ln: ledger.balances_of(ln[1]),
    ),
    "cashier_withdraw": (
        roles.CASHIER,
        lambda staff, ln: ledger.cashier_withdraw(
            player=ln[1],
            amount=500,
            currency="BYN",
            idempotency_key=str(uuid.uuid4()),
            memo="cash",
            staff=staff,
        ),  # fmt: skip
        lambda ln: ledger.balances_of(ln[1]),
    ),
}
# the roles each call is tried with that must be refused: the pit boss always, and another role
OTHER_ROLES = {
    "trader": (roles.PIT_BOSS, roles.SUPERVISOR, roles.CASHIER),
    "supervisor": (roles.PIT_BOSS, roles.TRADER, roles.CASHIER),
    "cashier": (roles.PIT_BOSS, roles.TRADER, roles.SUPERVISOR),
}


@pytest.mark.parametrize("call", SERVICE_CALLS)
def test_a_service_refuses_a_staff_member_whose_role_does_not_allow_it(line, call):
    role, act, changed = SERVICE_CALLS[call]
    before = changed(line)
    for other in OTHER_ROLES[role.key]:
        with pytest.raises(roles.StaffRefused):
            act(new_staff(other), line)
        assert changed(line) == before, other.key
    act(new_staff(role), line)  # the role it is for: done
    assert changed(line) != before


def test_a_refusal_tells_the_staff_member_whose_act_it_is(line):
    event, _bettor, _bet = line
    with pytest.raises(roles.StaffRefused, match="Only a trader may change the line"):
        odds_set(
            outcome_id=outcome(event, "1x2", "1").pk, odds=D("3"), staff=new_staff(roles.PIT_BOSS)
        )


def test_a_player_setting_his_own_limit_needs_no_role(line):
    _event, bettor, _bet = line
    change = limits.limit_set(player=bettor, kind="loss", currency="BYN", amount=5_000, by=bettor)
    assert change.immediate


def test_a_staff_limit_saved_in_the_admin_is_the_supervisors(line):
    _event, bettor, _bet = line
    supervisor = person("supervisor")
    for member, status in ((person("cashier"), 403), (supervisor, 302)):
        client = Client()
        client.force_login(member)
        response = client.post(
            "/admin/casino/gaminglimit/add/",
            {"player": bettor.pk, "kind": "loss", "currency": "BYN", "amount": 7_000},
        )
        assert response.status_code == status
    limit = GamingLimit.objects.get(player=bettor)
    assert (limit.amount, limit.updated_by, limit.pending_from) == (7_000, supervisor, None)


# --- the admin shows who holds what --------------------------------------------------------------


def test_the_group_admin_lists_each_roles_members_and_permissions(db):
    trader, cashier = new_staff(roles.TRADER), new_staff(roles.CASHIER)
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(new_staff(roles.ADMIN))
    page = client.get("/admin/auth/group/").content.decode()
    for role in roles.ROLES:  # each role by its name in the reader's language
        assert f">{role.label}<" in page
    assert trader.username in page and cashier.username in page
    group = Group.objects.get(name=roles.TRADER.group)
    detail = client.get(f"/admin/auth/group/{group.pk}/change/").content.decode()
    assert trader.username in detail and cashier.username not in detail


def test_the_player_admin_shows_each_staff_members_roles(db):
    cashier = new_staff(roles.CASHIER)
    supervisor = new_staff(roles.SUPERVISOR)
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(new_staff(roles.ADMIN))
    listing = client.get("/admin/casino/player/").content.decode()
    assert "cashier" in listing and "supervisor" in listing
    page = client.get(f"/admin/casino/player/{supervisor.pk}/change/").content.decode()
    # what each role allows, in words (the permission's, not its code)
    allowed = allowed_on_page(page)
    assert "and hold payouts (SB 1.10)" in allowed and "casino.cancel_bets" not in allowed
    assert "Can deposit and withdraw for a player by hand" not in allowed
    allowed = allowed_on_page(client.get(f"/admin/casino/player/{cashier.pk}/change/"))
    assert "Can deposit and withdraw for a player by hand" in allowed
    assert "Can trade the sportsbook" not in allowed


def allowed_on_page(page) -> str:
    """The player page's "what the roles allow" field (the permissions' picker lists them all)."""
    text = page if isinstance(page, str) else page.content.decode()
    start = text.index("field-role_permissions_shown")
    return text[start : text.index("</div>", text.index('class="readonly"', start))]


# --- the demo ------------------------------------------------------------------------------------


def test_the_demo_has_one_login_per_role_each_holding_its_role_only(db):
    out = io.StringIO()
    call_command("loaddemo", stdout=out)
    printed = out.getvalue()
    for username, password, _name, role in demo.STAFF:
        member = Player.objects.get(username=username)
        assert f"{username} " in printed and password in printed and role.key in printed
        assert member.check_password(password) and member.is_staff and not member.is_superuser
        assert list(member.groups.values_list("name", flat=True)) == [role.group]
    assert {role.key for *_login, role in demo.STAFF} == set(ROLE_BY_KEY)
    pit_boss = Player.objects.get(username="pitboss")
    assert pit_boss.has_perm(roles.VIEW_PIT) and not pit_boss.has_perm(roles.TRADE_LINE)
    trader = Player.objects.get(username="trader")
    assert trader.has_perm(roles.TRADE_LINE) and not trader.has_perm(roles.CANCEL_BETS)


def test_a_players_page_offers_the_cash_desk_to_the_cashier_only(db):
    player = new_player()
    cash_desk = reverse("admin:casino_player_cash", args=[player.pk])
    for role, shown in ((roles.CASHIER, True), (roles.SUPERVISOR, False)):
        client = Client()
        client.force_login(new_staff(role))
        page = client.get(f"/admin/casino/player/{player.pk}/change/").content.decode()
        assert (cash_desk in page) is shown, role.key
