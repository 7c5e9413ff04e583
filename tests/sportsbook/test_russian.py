"""The project's default language is Russian: the exchange's and the spread bets' pages and
messages speak it (issue 18), and every entry of the Russian catalogue that those files use is
translated (none empty, none left fuzzy by makemessages' guesses)."""

from __future__ import annotations

import uuid
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import translation

from sportsbook.exchange.services import ExchangeRefused, exchange_offer_post
from tests.conftest import fund, new_player
from tests.sportsbook.exchange.test_views import market

pytestmark = pytest.mark.django_db

__all__ = ["market"]  # the fixture, used by name

CATALOGUE = Path(settings.BASE_DIR) / "locale" / "ru" / "LC_MESSAGES" / "django.po"
PRODUCTS = (
    "sportsbook/exchange",
    "sportsbook/spread",
    "sportsbook/trading/markets_views.py",
    "templates/sportsbook/exchange/",
    "templates/sportsbook/spread/",
    "templates/sportsbook/trader/exchange.html",
    "templates/sportsbook/trader/spread.html",
)


def _entries(text: str):
    """(locations, flags, msgid, msgstr) of each active entry of a .po file."""
    for block in text.split("\n\n"):
        lines = block.splitlines()
        if any(line.startswith("#~") for line in lines):
            continue
        locations = [w for line in lines if line.startswith("#:") for w in line[2:].split()]
        flags = [line for line in lines if line.startswith("#,")]
        parts: dict[str, str] = {"msgid": "", "msgstr": ""}
        current = None
        for line in lines:
            head, _space, rest = line.partition(" ")
            if head in ("msgid", "msgstr", "msgctxt", "msgid_plural") or head.startswith("msgstr["):
                current = head
                parts[head] = eval(rest)  # a quoted C string, as the .po format writes it
            elif line.startswith('"') and current:
                parts[current] += eval(line)
        forms = [text for head, text in parts.items() if head.startswith("msgstr[")]
        if forms:  # a plural is translated when every one of its forms is
            parts["msgstr"] = forms[0] if all(forms) else ""
        if parts["msgid"]:
            yield locations, flags, parts["msgid"], parts["msgstr"]


def test_every_exchange_and_spread_entry_of_the_russian_catalogue_is_translated():
    ours = [
        (msgid, msgstr, flags)
        for locations, flags, msgid, msgstr in _entries(CATALOGUE.read_text(encoding="utf-8"))
        if any(location.startswith(PRODUCTS) for location in locations)
    ]
    assert len(ours) > 100  # the products' strings are in the catalogue at all
    assert [msgid for msgid, msgstr, _flags in ours if not msgstr] == []
    assert [msgid for msgid, _msgstr, flags in ours if any("fuzzy" in f for f in flags)] == []


def test_the_exchange_page_and_its_refusals_speak_russian(market):
    player = new_player(username=f"ru-{uuid.uuid4().hex[:6]}", language="ru")
    fund(player, 100_000)
    client = Client()
    client.force_login(player)
    client.cookies["django_language"] = "ru"
    page = client.get(reverse("sportsbook:exchange_market", args=[market.market_id]))
    assert "Сделать предложение" in page.text and "Мои предложения" in page.text
    with translation.override("ru"), pytest.raises(ExchangeRefused) as refused:
        exchange_offer_post(
            player=player,
            outcome_id=market.pk,
            side="back",
            odds="0",
            stake=1_000,
            idempotency_key=uuid.uuid4().hex,
        )
    assert (
        str(refused.value) == "Чистый коэффициент должен быть больше нуля (десятичный — больше 1)."
    )


def test_the_spread_page_speaks_russian(db):
    player = new_player(username=f"ru-{uuid.uuid4().hex[:6]}", language="ru")
    client = Client()
    client.force_login(player)
    client.cookies["django_language"] = "ru"
    page = client.get(reverse("sportsbook:spread"))
    assert "Спред-ставки на финансовые активы" in page.text
    assert "Мои спред-ставки" in page.text
