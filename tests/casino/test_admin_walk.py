"""Issue 28 item 4: every admin page a role may view opens. As each staff role of casino.roles,
the test walks every registered model's changelist and one of its change pages (the demo's data
gives each model a row where it has one): a page the role may view answers 200, one it may not
answers 403 (or leaves the model off the index), and none answers 500. Where the role may view but
not change, the change page shows the fields read-only (no input named after a model field)."""

from __future__ import annotations

import io
import re

import pytest
from django.contrib import admin
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from casino import roles
from tests.conftest import new_staff

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo(db):
    call_command("loaddemo", stdout=io.StringIO())


def registered():
    return sorted(admin.site._registry.items(), key=lambda item: item[0]._meta.label)


def test_every_admin_page_a_role_may_view_opens_and_none_is_a_500(demo):
    for role in roles.ROLES:
        walk(role)


def walk(role):
    member = new_staff(role)
    client = Client(HTTP_ACCEPT_LANGUAGE="en", raise_request_exception=False)
    client.force_login(member)
    seen = 0
    for model, model_admin in registered():
        meta = model._meta
        listing = reverse(f"admin:{meta.app_label}_{meta.model_name}_changelist")
        answer = client.get(listing)
        assert answer.status_code != 500, (role.key, listing)
        may_view = member.has_perm(f"{meta.app_label}.view_{meta.model_name}") or member.has_perm(
            f"{meta.app_label}.change_{meta.model_name}"
        )
        if not may_view:
            assert answer.status_code in (302, 403), (role.key, listing, answer.status_code)
            continue
        assert answer.status_code == 200, (role.key, listing, answer.status_code)
        row = model_admin.get_queryset(_request(client, member)).order_by("pk").first()
        if row is None:
            continue
        page = reverse(f"admin:{meta.app_label}_{meta.model_name}_change", args=[row.pk])
        answer = client.get(page)
        assert answer.status_code == 200, (role.key, page, answer.status_code)
        seen += 1
        if not member.has_perm(f"{meta.app_label}.change_{meta.model_name}"):
            names = {field.name for field in meta.concrete_fields} - {"id"}
            inputs = set(re.findall(r'<(?:input|select|textarea)[^>]*name="([^"]+)"', answer.text))
            assert not (names & inputs), (role.key, page, names & inputs)
    assert seen or role is not roles.ADMIN


def _request(client, member):
    from django.test import RequestFactory

    request = RequestFactory().get("/")
    request.user = member
    return request


def test_view_only_staff_open_a_tables_page_with_its_terms_read_only(demo):
    from tables.models import Table

    table = Table.objects.order_by("pk").first()
    for role in (roles.PIT_BOSS, roles.SUPERVISOR):
        client = Client(HTTP_ACCEPT_LANGUAGE="en")
        client.force_login(new_staff(role))
        page = client.get(reverse("admin:tables_table_change", args=[table.pk]))
        assert page.status_code == 200, role.key
        assert table.name in page.text and 'name="settings"' not in page.text
