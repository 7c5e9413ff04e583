"""Issue 27 item 5: a statement line in the reader's words. The system's memo was written in the
language of whoever's request booked it ("№ 6 · 1 BYN: 2 % of the bank" from a Khrap table's
engine reasons); the line shows the kind and what the money moved for, in words and linked (a
table's hand to the hand's page); what a person wrote (the cashier's reason) is shown as written."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from casino import ledger
from casino.models import HousePurpose, TransferKind
from casino.templatetags.references import reference_words
from tables.apps import table_reference_url
from tests.conftest import fund, new_player

pytestmark = pytest.mark.django_db


def test_a_tables_reference_in_words_and_its_page():
    assert reference_words("table:6:hand:2") == "Table №6 · Hand №2"
    assert reference_words("table:6:bank:1") == "Table №6"
    assert table_reference_url("6:hand:2") == reverse("hand_detail", args=[6, 2])
    assert table_reference_url("6:match:1") == reverse("hand_list", args=[6])
    assert table_reference_url("x:hand:2") is None


def test_the_statement_shows_the_kind_and_the_hand_not_the_systems_memo():
    player = new_player()
    fund(player, 10_000)
    ledger.transfer_create(
        idempotency_key="test:stake:1",
        kind=TransferKind.STAKE,
        legs=[
            (ledger.wallet_for(player, "BYN"), -300),
            (ledger.house_account(HousePurpose.TABLE, "BYN", "table:6"), 300),
        ],
        memo="№ 6 · 1 BYN: pledge",
        reference="table:6:hand:2",
    )
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    client.force_login(player)
    page = client.get(reverse("cashier") + "?currency=BYN").content.decode()
    assert "Ставка · " in page and "Стол №6 · Раздача №2" in page
    assert reverse("hand_detail", args=[6, 2]) in page
    assert "pledge" not in page  # the engine's reason, in English, stays in the record
