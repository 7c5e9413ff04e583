"""Issue 27 items 5 and 6 in the admin: every page in the reader's language and amounts in their
currency. Codes the apps keep (a game's registry key, a house sub-account, a permission's
codename, a group's name, a system memo written in whoever's language booked it) are read in
words; JSON is shown as code (translate="no")."""

from __future__ import annotations

import io
import re

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import translation

from casino import roles
from casino.currencies import format_amount
from casino.models import Account, Entry, Transfer
from casino.templatetags.references import ACCOUNTS
from sportsbook.models import Bet
from tables.models import Table
from tests.conftest import new_staff

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo(db):
    call_command("loaddemo", stdout=io.StringIO())


def russian(role) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    client.force_login(new_staff(role))
    return client


def text(response) -> str:
    """The page's words: tags, scripts and code marked translate="no" left out."""
    assert response.status_code == 200, response.status_code
    html = response.content.decode()
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    html = re.sub(r'<code[^>]*translate="no"[^>]*>.*?</code>', " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_a_bet_reads_as_a_bet_with_its_amounts_in_its_currency(demo):
    bet = Bet.objects.order_by("pk").first()
    page = text(
        russian(roles.SUPERVISOR).get(reverse("admin:sportsbook_bet_change", args=[bet.pk]))
    )
    assert f"Ставка №{bet.pk}" in page and f"bet {bet.pk}" not in page
    stake = f"{bet.stake // 100}.{bet.stake % 100:02d}"
    assert re.search(rf"{stake}\s*(BYN|USD|EUR|RUB|Br)", page), page[:2000]
    assert bet.idempotency_key not in page  # the ledger's machinery, not the staff's reading


def test_ledger_entries_and_accounts_in_words_and_in_their_currency(demo):
    client = russian(roles.CASHIER)
    entry = Entry.objects.order_by("-pk").first()  # the newest: the list's first row
    page = text(client.get(reverse("admin:casino_entry_changelist")))
    with translation.override("ru"):
        assert format_amount(entry.amount, entry.currency).replace("\xa0", " ") in page
    page = text(client.get(reverse("admin:casino_account_changelist")))
    held = set(
        Account.objects.filter(reference__in=list(ACCOUNTS)).values_list("reference", flat=True)
    )
    assert held, "the demo books into the sportsbook's sub-accounts"
    with translation.override("ru"):
        for reference in held:
            assert reference not in page and str(ACCOUNTS[reference]) in page


def test_a_transfer_shows_what_a_person_wrote_not_the_systems_memo(demo):
    client = russian(roles.CASHIER)
    system = Transfer.objects.filter(created_by__isnull=True).exclude(memo="").first()
    assert system is not None
    page = text(client.get(reverse("admin:casino_transfer_change", args=[system.pk])))
    assert system.memo not in page and system.note == ""


def test_the_tables_list_and_a_pit_bosss_table_page_read_in_russian(demo):
    client = russian(roles.PIT_BOSS)
    page = text(client.get(reverse("admin:tables_table_changelist")))
    assert "Подкидной дурак" in page or "Дурак" in page
    for code in ("durak", "highcard", "baccarat_bank", "belarusian_poker", "khrap", "big_stud"):
        assert f" {code} " not in page
    table = Table.objects.get(name="№ 1 · 10 BYN")
    page = text(client.get(reverse("admin:tables_table_change", args=[table.pk])))
    assert "10.00 BYN" in page  # the terms in words, as the rules page gives them
    assert "wins_to_win" not in page and "stake" not in page


def test_a_staff_member_reads_his_roles_and_what_they_allow_in_words(demo):
    supervisor = new_staff(roles.SUPERVISOR)
    client = russian(roles.SUPERVISOR)
    page = text(client.get(reverse("admin:casino_player_change", args=[supervisor.pk])))
    assert str(roles.SUPERVISOR.label) in page and roles.SUPERVISOR.group not in page
    assert "Отменять ставки клиентов" in page and "casino.cancel_bets" not in page
    listing = text(russian(roles.ADMIN).get(reverse("admin:auth_group_changelist")))
    for role in roles.ROLES:
        assert str(role.label) in listing


def test_a_read_only_field_links_to_another_page_only_where_its_reader_may_go(demo):
    """Django links a read-only foreign key whatever the reader's permissions: the supervisor was
    offered the competition's page, a 403 (the page audit found it)."""
    from sportsbook.models import Event

    event = Event.objects.order_by("pk").first()
    supervisor = new_staff(roles.SUPERVISOR)
    assert not supervisor.has_perm("sportsbook.view_competition")
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    client.force_login(supervisor)
    page = client.get(reverse("admin:sportsbook_event_change", args=[event.pk])).content.decode()
    competition = reverse("admin:sportsbook_competition_change", args=[event.competition_id])
    assert str(event.competition) in page and competition not in page
    admin_client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    admin_client.force_login(new_staff(roles.ADMIN))
    # who may open it still has the link (the admin changes events, so reads a form: the field
    # is a choice there; a bet's player is read-only for him)
    bet = Bet.objects.order_by("pk").first()
    page = admin_client.get(reverse("admin:sportsbook_bet_change", args=[bet.pk])).content.decode()
    assert reverse("admin:casino_player_change", args=[bet.player_id]) in page
