"""Which tables the page audit's roles visit (tests/browser/audit.py ``start_pages``, issue 51):
the player and the pit boss every table on every run; each other staff role a rotating share, so
that over the rotation every table is visited by every role in both languages."""

import pytest

from tests.browser import audit
from tests.browser.audit import EVERY_TABLE_ROLES, ROLES, TABLE_SHARE, start_pages

PAGES = [
    page
    for table in range(1, 18)
    for page in (f"/tables/{table}/", f"/tables/{table}/hands/{table}/")
]


@pytest.mark.parametrize("language", ["ru", "en"])
def test_the_player_and_the_pit_boss_visit_every_table(language):
    for role in EVERY_TABLE_ROLES:
        assert start_pages(role, PAGES, language) == PAGES


@pytest.mark.parametrize("language", ["ru", "en"])
def test_each_staff_role_visits_a_share_of_the_tables_and_all_of_them_over_the_rotation(
    language, monkeypatch
):
    staff = [role for role in ROLES if role not in EVERY_TABLE_ROLES]
    seen = {role: set() for role in staff}
    for seed in range(TABLE_SHARE):
        monkeypatch.setattr("tests.rotation.rotation_seed", lambda seed=seed: seed)
        for role in staff:
            pages = start_pages(role, PAGES, language)
            tables = {audit._table_of(page) for page in pages}
            assert 17 // TABLE_SHARE <= len(tables) <= -(-17 // TABLE_SHARE)
            # a table's page comes with its hand's
            assert len(pages) == 2 * len(tables)
            seen[role] |= tables
    assert all(tables == set(range(1, 18)) for tables in seen.values())


def test_the_full_matrix_visits_every_table_as_every_role(monkeypatch):
    monkeypatch.setenv("CONFORMANCE_FULL", "1")
    assert all(start_pages(role, PAGES, "en") == PAGES for role in ROLES)
