"""Player pages and staff pages through the Django test client."""

import datetime as dt
import uuid

import pytest
from django.contrib.auth.models import Group
from django.test import Client, override_settings
from django.urls import reverse

from casino import ledger
from casino.apps import PIT_BOSS_GROUP
from casino.models import Entry, GamingLimit, LimitKind, Player, Transfer, TransferKind
from tests.conftest import assert_books_clean, fund, new_player

pytestmark = pytest.mark.django_db


@pytest.fixture
def player_client(player):
    client = Client()
    client.force_login(player)
    return client


@pytest.fixture
def staff_client(staff):
    client = Client()
    client.force_login(staff)
    return client


# --- auth and permissions ----------------------------------------------------------------


@pytest.mark.parametrize("name", ["lobby", "cashier", "limits", "profile"])
def test_anonymous_users_are_sent_to_log_in(client, name):
    response = client.get(reverse(name))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login") + "?next=")


@pytest.mark.parametrize(
    "url",
    ["/admin/", "/admin/casino/player/", "/admin/casino/transfer/", "/admin/casino/entry/"],
)
def test_players_get_403_from_staff_pages(player_client, url):
    assert player_client.get(url).status_code == 403


def test_players_get_403_from_the_staff_cash_desk(player_client, player):
    response = player_client.post(
        reverse("admin:casino_player_cash", args=[player.pk]),
        {
            "direction": "deposit",
            "currency": "BYN",
            "amount": "100",
            "reason": "me",
            "idempotency_key": str(uuid.uuid4()),
        },
    )
    assert response.status_code == 403
    assert not Transfer.objects.exists()


def test_forms_reject_a_missing_csrf_token(player):
    client = Client(enforce_csrf_checks=True)
    response = client.post(reverse("login"), {"username": player.username, "password": "x"})
    assert response.status_code == 403
    client.force_login(player)
    response = client.post(
        reverse("topup"),
        {"currency": "BYN", "amount": "10", "idempotency_key": str(uuid.uuid4())},
    )
    assert response.status_code == 403
    assert not Transfer.objects.exists()


def test_signup_logs_the_player_in_and_keeps_their_language():
    client = Client()
    response = client.post(
        reverse("signup"),
        {
            "username": "newbie",
            "display_name": "Newbie",
            "email": "n@example.com",
            "preferred_currency": "USD",
            "language": "en",
            "password1": "a-long-Passphrase-9",
            "password2": "a-long-Passphrase-9",
        },
    )
    assert response.status_code == 302
    assert response.cookies["django_language"].value == "en"
    assert Player.objects.get(username="newbie").preferred_currency == "USD"
    assert client.get(reverse("lobby")).status_code == 200


def test_login_and_logout(player):
    client = Client()
    response = client.post(
        reverse("login"), {"username": player.username, "password": "s3cret-pass-77"}
    )
    assert response.status_code == 302 and response["Location"] == reverse("lobby")
    assert client.get(reverse("lobby")).status_code == 200
    client.post(reverse("logout"))
    assert client.get(reverse("lobby")).status_code == 302


def test_wrong_password_is_refused_with_a_message(player):
    response = Client().post(
        reverse("login"),
        {"username": player.username, "password": "nope"},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 200
    assert "Wrong username or password." in response.content.decode()


# --- i18n ----------------------------------------------------------------------------------


def test_russian_is_the_default_and_the_switcher_changes_the_language(player_client, player):
    page = player_client.get(reverse("lobby")).content.decode()
    assert '<html lang="ru">' in page
    assert "Лобби" in page and "Касса" in page
    response = player_client.post(
        reverse("set_language"), {"language": "en", "next": reverse("cashier")}
    )
    assert response.status_code == 302 and response["Location"] == reverse("cashier")
    page = player_client.get(reverse("cashier")).content.decode()
    assert '<html lang="en">' in page and "Statement" in page
    player.refresh_from_db()
    assert player.language == "en"


def test_profile_saves_display_name_currency_and_language(player_client, player):
    response = player_client.post(
        reverse("profile"),
        {"display_name": "Ace", "email": "", "preferred_currency": "EUR", "language": "en"},
    )
    assert response.status_code == 302
    player.refresh_from_db()
    assert (player.display_name, player.preferred_currency, player.language) == ("Ace", "EUR", "en")
    assert "Ace" in player_client.get(reverse("lobby")).content.decode()


# --- lobby and cashier ---------------------------------------------------------------------


def test_lobby_shows_balances_in_the_header_and_connects_the_live_socket(player_client, player):
    fund(player, 12_345, "BYN")
    fund(player, 500, "USD")
    page = player_client.get(reverse("lobby")).content.decode()
    assert 'id="header-balances"' in page
    assert "123.45\u00a0BYN" in page and "5.00\u00a0USD" in page
    # the header's socket, which on the lobby page also carries the list of tables
    assert 'ws-connect="/ws/lobby/?tables=1"' in page
    cashier = player_client.get(reverse("cashier")).content.decode()
    assert 'ws-connect="/ws/lobby/"' in cashier
    assert 'id="table-list"' in page and 'id="sportsbook"' in page


def test_the_lobby_lists_live_events_first_then_the_next_ones(player_client):
    from sportsbook.models import EventStatus
    from tests.sportsbook import factories

    later = factories.event(home="Neman", away="Shakhtyor", starts_in=dt.timedelta(days=2))
    sooner = factories.event(home="Gomel", away="Torpedo", starts_in=dt.timedelta(hours=3))
    live = factories.event(
        home="Dinamo", away="BATE", status=EventStatus.LIVE, starts_in=-dt.timedelta(minutes=30)
    )
    finished = factories.event(home="Slavia", away="Isloch", status=EventStatus.FINISHED)
    page = player_client.get(reverse("lobby")).content.decode()
    section = page[page.index('id="sportsbook"') :]
    positions = [section.index(f'href="/sport/event/{e.pk}/"') for e in (live, sooner, later)]
    assert positions == sorted(positions)
    assert f'href="/sport/event/{finished.pk}/"' not in section
    assert 'href="/sport/"' in section


def test_statement_is_paginated_with_running_balance(player_client, player):
    for n in range(30):
        fund(player, 100 + n)
    first = player_client.get(reverse("cashier")).content.decode()
    assert first.count('class="num credit"') == 25
    assert "1 / 2" in first or "Страница 1 из 2" in first or "Page 1 of 2" in first
    # Newest first: the last deposit (1.29) with the running balance of all 30.
    total = sum(100 + n for n in range(30))
    assert ledger.balances_of(player)["BYN"] == total
    assert f"{total / 100:.2f}" in first
    second = player_client.get(reverse("cashier") + "?page=2").content.decode()
    assert second.count('class="num credit"') == 5
    filtered = player_client.get(reverse("cashier") + "?currency=USD").content.decode()
    assert 'class="num credit"' not in filtered


def test_statement_shows_only_the_players_own_entries(player_client, player):
    other = new_player()
    fund(other, 99_999)
    fund(player, 111)
    page = player_client.get(reverse("cashier")).content.decode()
    assert "999.99" not in page and "1.11" in page


def _topup(client, amount="25.00", currency="BYN", key=None):
    return client.post(
        reverse("topup"),
        {"currency": currency, "amount": amount, "idempotency_key": key or str(uuid.uuid4())},
        follow=True,
    )


def test_demo_top_up_adds_play_money(player_client, player):
    response = _topup(player_client)
    assert ledger.balances_of(player) == {"BYN": 2_500}
    transfer = Transfer.objects.get()
    assert transfer.kind == TransferKind.TOPUP
    assert "25.00" in response.content.decode()
    assert_books_clean()


def test_a_double_submitted_top_up_books_once(player_client, player):
    key = str(uuid.uuid4())
    _topup(player_client, key=key)
    response = _topup(player_client, key=key)
    assert ledger.balances_of(player) == {"BYN": 2_500}
    assert Transfer.objects.count() == 1
    assert response.status_code == 200


@pytest.mark.parametrize(
    "form",
    [
        {
            "currency": "BYN",
            "amount": "-5",
            "idempotency_key": "b1a9a4d2-5b8e-4e52-9a1f-0d1cb1d2e0aa",
        },
        {
            "currency": "BYN",
            "amount": "0.001",
            "idempotency_key": "b1a9a4d2-5b8e-4e52-9a1f-0d1cb1d2e0ab",
        },
        {
            "currency": "XXX",
            "amount": "5",
            "idempotency_key": "b1a9a4d2-5b8e-4e52-9a1f-0d1cb1d2e0ac",
        },
        {"currency": "BYN", "amount": "5", "idempotency_key": "not-a-uuid"},
        {
            "currency": "BYN",
            "amount": "99999999999",
            "idempotency_key": "b1a9a4d2-5b8e-4e52-9a1f-0d1cb1d2e0ad",
        },
        {},
    ],
)
def test_a_forged_top_up_form_is_refused_and_books_nothing(player_client, form):
    response = player_client.post(reverse("topup"), form, follow=True)
    assert response.status_code == 200
    assert b'class="error"' in response.content
    assert not Transfer.objects.exists()


@override_settings(DEMO_MODE=False)
def test_no_play_money_outside_demo_mode(player_client, player):
    response = player_client.post(
        reverse("topup"), {"currency": "BYN", "amount": "5", "idempotency_key": str(uuid.uuid4())}
    )
    assert response.status_code == 403
    assert not Transfer.objects.exists()
    assert b"topup-form" not in player_client.get(reverse("cashier")).content


def test_a_top_up_over_the_deposit_limit_shows_an_error(player_client, player):
    GamingLimit.objects.create(player=player, kind=LimitKind.DEPOSIT, currency="BYN", amount=1_000)
    response = _topup(player_client, amount="10.01")
    assert (
        "daily deposit limit" in response.content.decode() or "лимит" in response.content.decode()
    )
    assert not Transfer.objects.exists()


def test_the_limits_page_sets_limits_and_self_exclusion(player_client, player):
    response = player_client.post(
        reverse("limits"),
        {"form": "limit", "kind": "loss", "currency": "BYN", "amount": "50"},
        follow=True,
    )
    assert response.status_code == 200
    assert GamingLimit.objects.get(player=player, kind="loss").amount == 5_000
    player_client.post(
        reverse("limits"), {"form": "limit", "kind": "loss", "currency": "BYN", "amount": "80"}
    )
    limit = GamingLimit.objects.get(player=player, kind="loss")
    assert (limit.amount, limit.pending_amount) == (5_000, 8_000)
    page = player_client.get(reverse("limits")).content.decode()
    assert "80.00" in page and "50.00" in page
    player_client.post(reverse("limits"), {"form": "exclude", "until": "2099-01-01"})
    player.refresh_from_db()
    assert str(player.self_excluded_until) == "2099-01-01"
    response = player_client.post(
        reverse("limits"), {"form": "exclude", "until": "2098-01-01"}, follow=True
    )
    player.refresh_from_db()
    assert str(player.self_excluded_until) == "2099-01-01"
    assert b'class="error"' in response.content


# --- staff admin -----------------------------------------------------------------------------


def test_staff_deposit_and_withdrawal_record_reason_and_staff(staff_client, staff, player):
    url = reverse("admin:casino_player_cash", args=[player.pk])
    assert staff_client.get(url).status_code == 200
    key = str(uuid.uuid4())
    form = {
        "direction": "deposit",
        "currency": "USD",
        "amount": "150.00",
        "reason": "Cash at the desk",
        "idempotency_key": key,
    }
    assert staff_client.post(url, form).status_code == 302
    assert staff_client.post(url, form).status_code == 302  # double click: booked once
    deposit = Transfer.objects.get(kind=TransferKind.DEPOSIT)
    assert (deposit.memo, deposit.created_by) == ("Cash at the desk", staff)
    assert ledger.balances_of(player) == {"USD": 15_000}
    response = staff_client.post(
        url,
        {
            "direction": "withdrawal",
            "currency": "USD",
            "amount": "200.00",
            "reason": "Payout",
            "idempotency_key": str(uuid.uuid4()),
        },
    )
    assert response.status_code == 200
    assert (
        "Insufficient funds" in response.content.decode()
        or "Недостаточно" in response.content.decode()
    )
    staff_client.post(
        url,
        {
            "direction": "withdrawal",
            "currency": "USD",
            "amount": "100.00",
            "reason": "Payout",
            "idempotency_key": str(uuid.uuid4()),
        },
    )
    assert ledger.balances_of(player) == {"USD": 5_000}
    withdrawal = Transfer.objects.get(kind=TransferKind.WITHDRAWAL)
    assert withdrawal.created_by == staff
    assert_books_clean()


def test_staff_find_players_and_see_balances_inline(staff_client, player):
    fund(player, 4_200)
    other = new_player(username="zeta-not-matching")
    changelist = staff_client.get("/admin/casino/player/", {"q": player.username}).content.decode()
    assert player.username in changelist and other.username not in changelist
    assert "42.00\u00a0BYN" in changelist
    change = staff_client.get(f"/admin/casino/player/{player.pk}/change/").content.decode()
    assert "42.00\u00a0BYN" in change and "cash/" in change


def test_the_ledger_is_read_only_in_the_admin(staff_client, player):
    fund(player, 100)
    transfer = Transfer.objects.get()
    entry = Entry.objects.first()
    assert staff_client.get("/admin/casino/transfer/").status_code == 200
    assert staff_client.get(f"/admin/casino/transfer/{transfer.pk}/change/").status_code == 200
    assert staff_client.get("/admin/casino/entry/").status_code == 200
    assert staff_client.get("/admin/casino/account/").status_code == 200
    assert staff_client.get("/admin/casino/transfer/add/").status_code == 403
    assert staff_client.get(f"/admin/casino/entry/{entry.pk}/delete/").status_code == 403
    original = entry.amount
    response = staff_client.post(f"/admin/casino/entry/{entry.pk}/change/", {"amount": 5})
    assert response.status_code == 403
    entry.refresh_from_db()
    assert entry.amount == original


def test_staff_set_limits_that_apply_at_once(staff_client, player):
    response = staff_client.post(
        "/admin/casino/gaminglimit/add/",
        {"player": player.pk, "kind": "loss", "currency": "BYN", "amount": 7_000},
    )
    assert response.status_code == 302
    limit = GamingLimit.objects.get(player=player)
    assert limit.amount == 7_000 and limit.pending_from is None
    assert staff_client.get("/admin/casino/gaminglimit/").status_code == 200


def test_the_pit_boss_group_holds_the_view_pit_permission():
    group = Group.objects.get(name=PIT_BOSS_GROUP)
    assert group.permissions.filter(codename="view_pit", content_type__app_label="casino").exists()
    boss = new_player(is_staff=True)
    boss.groups.add(group)
    boss = Player.objects.get(pk=boss.pk)
    assert boss.has_perm("casino.view_pit")
    assert not new_player().has_perm("casino.view_pit")
