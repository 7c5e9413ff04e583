"""Controls and links by role (issue 27 item 3): a staff member is offered only what his role
may use, decided by the permission the view and the service check (casino/roles.py)."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from casino import roles
from casino.roles import PIT_BOSS, SUPERVISOR, TRADER
from tests.conftest import fund, new_player, new_staff
from tests.sportsbook.line import make_event, outcome, place, set_rates


def signed_in(member) -> Client:
    client = Client()
    client.force_login(member)
    return client


@pytest.mark.django_db
def test_the_void_on_the_floor_s_tiles_is_offered_only_to_who_may_void(durak_table):
    pit = signed_in(new_staff(PIT_BOSS)).get(reverse("pit")).content.decode()
    assert 'class="card pit floor"' in pit  # no may-void: the stylesheet hides the tiles' Void
    supervisor = signed_in(new_staff(SUPERVISOR)).get(reverse("pit")).content.decode()
    assert 'class="card pit floor may-void"' in supervisor


@pytest.mark.django_db
@pytest.mark.parametrize(("role", "trader_link"), [(PIT_BOSS, False), (TRADER, True)])
def test_a_liability_row_links_to_an_event_page_its_viewer_may_open(role, trader_link):
    set_rates()
    event = make_event()
    bettor = new_player()
    fund(bettor, 10_000)
    place(bettor, [outcome(event, "1x2", "1")], stake=1_000)
    member = new_staff(role)
    if not member.has_perm(roles.VIEW_PIT):  # the trader sees the liability through the admin
        member.user_permissions.add(*_permissions(roles.VIEW_PIT))
        member = type(member).objects.get(pk=member.pk)
    client = signed_in(member)
    page = client.get(reverse("floor:liability")).content.decode()
    (link,) = re.findall(r'<td class="event"><a href="([^"]+)">', page)
    shown = "trader:event" if trader_link else "sportsbook:event"
    assert link == reverse(shown, args=[event.pk])
    assert client.get(link).status_code == 200


def _permissions(*names):
    from django.contrib.auth.models import Permission

    return [
        Permission.objects.get(
            content_type__app_label=name.split(".")[0], codename=name.split(".")[1]
        )
        for name in names
    ]
