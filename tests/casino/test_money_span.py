"""Amounts never wrap inside a number (issue 45, part 3): the one money filter writes an amount
as a nowrap span in the Django templates and in the Jinja boards alike, the table kit's amounts
are nowrap too, and the stylesheets say so. A staff member's header shows no player's "no money
yet" (issue 45): it shows his balances if he has any, and nothing otherwise, on the page and in
the socket's live update."""

from pathlib import Path

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.template import Context, Template
from django.test import Client
from django.urls import reverse
from django.utils import translation

from casino.asgi import application
from casino.jinja2 import environment
from casino.roles import PIT_BOSS
from tests.casino.test_lobby_consumer import HOST, ORIGIN
from tests.conftest import fund, new_player, new_staff

STATIC = Path(settings.BASE_DIR) / "static" / "css"
SPAN = '<span class="money">276.00\xa0BYN</span>'


def test_the_django_filter_writes_a_nowrap_span_and_escapes_nothing_it_should_not():
    html = Template('{% load money %}{{ a|money:"BYN" }} {{ n|money:"BYN" }}').render(
        Context({"a": 27_600, "n": None})
    )
    assert html == f"{SPAN} —"
    # inside a translated sentence, the span stays markup (not escaped to text)
    sentence = Template(
        '{% load i18n money %}{% blocktranslate with amount=a|money:"BYN" %}Bank {{ amount }}'
        "{% endblocktranslate %}"
    ).render(Context({"a": 27_600}))
    assert sentence == f"Bank {SPAN}"


@pytest.mark.parametrize("language", ["ru", "en"])
def test_the_jinja_boards_have_the_same_filter_and_the_kit_s_amounts_are_nowrap(language):
    board = environment(language).from_string(
        '{{ a|money("BYN") }}|{{ "276.00\xa0BYN"|amount }}|{{ "<b>"|amount }}'
    )
    assert board.render(a=27_600) == f'{SPAN}|{SPAN}|<span class="money">&lt;b&gt;</span>'
    kit = environment(language).get_template("tables/_kit.html").module
    assert '<b class="kit-amount">276.00\xa0BYN</b>' in str(kit.pot("276.00\xa0BYN", "Bank"))
    assert '<b class="kit-amount">1.00\xa0BYN</b>' in str(kit.stake("1.00\xa0BYN"))


@pytest.mark.parametrize("sheet", ["casino.css", "table-kit.css"])
def test_the_stylesheets_keep_an_amount_on_one_line(sheet):
    css = (STATIC / sheet).read_text(encoding="utf-8")
    assert ".money, .kit-amount { white-space: nowrap; }" in css


@pytest.mark.django_db
def test_a_staff_member_without_money_sees_no_empty_wallet_phrase_a_player_does():
    with translation.override("ru"):
        empty = translation.gettext("No money yet")
    assert empty == "Денег пока нет"
    boss = new_staff(PIT_BOSS)
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    client.force_login(boss)
    page = client.get(reverse("pit")).content.decode()
    header = page[page.index('id="header-balances"') : page.index("</header>")]
    assert (
        empty not in header
        and 'class="balance"' not in header
        and 'class="balance empty"' not in header
    )
    fund(boss, 1_000)  # a staff member who also plays: his balance, as anyone's
    header = client.get(reverse("pit")).content.decode()
    assert '<span class="balance" data-currency="BYN"><span class="money">10.00\xa0BYN' in header
    player = new_player()
    client.force_login(player)
    page = client.get(reverse("lobby")).content.decode()
    header = page[page.index('id="header-balances"') : page.index("</header>")]
    assert empty in header


@pytest.mark.django_db(transaction=True)
async def test_the_live_header_of_a_staff_member_has_no_empty_wallet_phrase():
    boss = await database_sync_to_async(new_staff)(PIT_BOSS, language="ru")
    client = Client()
    await database_sync_to_async(client.force_login)(boss)
    cookie = f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"
    communicator = WebsocketCommunicator(
        application, "/ws/lobby/", headers=[ORIGIN, HOST, (b"cookie", cookie.encode())]
    )
    connected, _ = await communicator.connect()
    assert connected
    first = await communicator.receive_from()
    assert 'id="header-balances"' in first
    assert "Денег пока нет" not in first and "No money yet" not in first
    assert 'class="balance"' not in first and 'class="balance empty"' not in first
    await communicator.disconnect()
