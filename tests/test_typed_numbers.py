"""Issue 28 item 3 (and issue 26 item 1's bad input): no number a person can type is a 500.

Hypothesis draws what a careless or hostile person types (text, "Infinity", "NaN", "1e30", "-0",
huge numbers, unicode digits, empty, two separators, signs) and the test posts it into every
form outside the live tables that reads a number: the exchange's offer, take and change (stake
and odds), a spread order (stake per point, level, position), the bet slip (stakes, odds seen,
the system's size, an outcome), the cashier's top-up, the limits page and the staff cash desk
in the admin. Every answer is a 4xx or a page with the sentence saying why (the shared parser's,
casino.amounts, in the person's units), never a 500; and whatever was accepted, the books are
clean after (casino.books). The sportsbook's sockets take no frames at all: any frame, numbers
included, gets an error frame on that socket. (The table sockets are another issue's.)
"""

from __future__ import annotations

import html
import uuid
from decimal import Decimal

import pytest
from channels.testing import WebsocketCommunicator
from django.conf import settings as django_settings
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from casino import roles
from casino.amounts import AmountError, parse_amount
from casino.asgi import application
from sportsbook.models import SpreadAsset
from tests.conftest import assert_books_clean, fund, new_player, new_staff
from tests.sportsbook.line import make_event, outcome, set_rates

pytestmark = pytest.mark.django_db

TYPED = st.one_of(
    st.sampled_from(
        [
            "Infinity",
            "-Infinity",
            "inf",
            "NaN",
            "nan",
            "sNaN",
            "1e30",
            "-1e30",
            "1E5",
            "-0",
            "0",
            "",
            " ",
            "1e-30",
            "9" * 40,
            "9" * 5000,
            "9" * 25,
            "１２",
            "٣",
            "²",
            "1,000.00",
            "1.2.3",
            "0x10",
            " 5 ",
            "5,555",
            "-5",
            "+5",
            "1_000",
            "12\u00a0345,6",
            "0.001",
            "1e",
            ".",
            ",",
            "5.",
            ".5",
            "99999999999999999999.99",
            "\x00",
            "5\n",
            "—5",
            "１.５",
        ]
    ),  # fmt: skip
    st.text(max_size=24),
    st.integers().map(str),
    st.decimals(allow_nan=True, allow_infinity=True).map(str),
    st.floats().map(str),
)
REFUSAL_CODES = {"invalid", "separators", "negative", "places"}


def page_text(response) -> str:
    return html.unescape(response.content.decode()).replace("\u00a0", " ")


def check(response, typed: str, *, currency: str = "BYN") -> None:
    """Never a 500; a value the parser refuses as a number is answered with its sentence."""
    assert response.status_code < 500, (typed, response.status_code)
    if 400 <= response.status_code < 500:
        return
    try:
        parse_amount(typed, currency)
    except AmountError as refused:
        text = page_text(response)
        if refused.code in REFUSAL_CODES:
            assert refused.message.replace("\u00a0", " ") in text, (typed, refused.message)
        elif refused.code == "required":  # each form says what is missing its own way
            assert "error" in text, typed
        else:
            assert "At least" in text or "At most" in text, (typed, refused.message)


@pytest.fixture
def world(db, settings):
    settings.DEMO_MODE = True
    set_rates()
    from sportsbook.exchange.services import exchange_market_list

    event = make_event(markets=(("1x2", {}),))
    home = outcome(event, "1x2", "1")
    exchange_market_list(market_id=home.market_id)
    asset = SpreadAsset.objects.create(
        code="eurusd", name_ru="EUR/USD", name_en="EUR/USD", point_size=Decimal("0.0001"),
        bid=Decimal("1.2050"), ask=Decimal("1.2053"), min_stake=100, margin_points=50,
        closeout_points=20, halted=False,
    )  # fmt: skip
    player = new_player(language="en")
    fund(player, 1_000_000)
    htmx = Client(HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE="en")
    htmx.force_login(player)
    htmx.cookies["django_language"] = "en"
    plain = Client(HTTP_ACCEPT_LANGUAGE="en")
    plain.force_login(player)
    plain.cookies["django_language"] = "en"
    htmx.post(reverse("sportsbook:slip_add"), {"outcome": home.pk, "odds": str(home.odds)})
    cashier = Client(HTTP_ACCEPT_LANGUAGE="en")
    cashier.force_login(new_staff(roles.CASHIER, language="en"))
    cashier.cookies["django_language"] = "en"
    return {
        "home": home,
        "asset": asset,
        "player": player,
        "htmx": htmx,
        "plain": plain,
        "cashier": cashier,
    }


def key() -> str:
    return uuid.uuid4().hex


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(typed=TYPED)
def test_every_number_a_person_types_is_answered_never_a_500(world, typed):
    home, asset, htmx, plain = world["home"], world["asset"], world["htmx"], world["plain"]
    market = home.market_id
    offer = reverse("sportsbook:exchange_offer", args=[market])
    base = {"outcome": home.pk, "side": "back"}
    # the exchange: a stake, then odds, in an offer and in a take
    for take in ("", "1"):
        check(htmx.post(offer, {**base, "odds": "1.5", "stake": typed, "take": take,
                                "idempotency_key": key()}), typed)  # fmt: skip
        answer = htmx.post(
            offer, {**base, "odds": typed, "stake": "1", "take": take, "idempotency_key": key()}
        )
        assert answer.status_code < 500, typed
    # changing an offer that stands
    mine = htmx.post(offer, {**base, "side": "lay", "odds": "1.5", "stake": "1",
                             "idempotency_key": key()})  # fmt: skip
    assert mine.status_code == 200
    from sportsbook.models import ExchangeOffer

    standing = ExchangeOffer.objects.filter(player=world["player"], remaining__gt=0).last()
    if standing is not None:
        edit = reverse("sportsbook:exchange_edit", args=[market])
        check(htmx.post(edit, {"offer": standing.pk, "odds": "1.5", "stake": typed,
                               "idempotency_key": key()}), typed)  # fmt: skip
        for field in ("odds", "offer"):
            data = {"offer": standing.pk, "odds": "1.5", "stake": "1", "idempotency_key": key()}
            data[field] = typed
            assert htmx.post(edit, data).status_code < 500, typed
        cancel = reverse("sportsbook:exchange_cancel", args=[market])
        assert htmx.post(cancel, {"offer": typed}).status_code < 500, typed
    # a spread order: the stake per point, then the level, the position and the asset
    spread = reverse("sportsbook:spread_order")
    order = {"asset": asset.pk, "order": f"up:{asset.ask}", "idempotency_key": key()}
    check(htmx.post(spread, {**order, "stake": typed}), typed)
    for field, value in (("order", f"up:{typed}"), ("position", typed), ("asset", typed)):
        data = {**order, "stake": "1", "idempotency_key": key(), field: value}
        if field == "position":
            data.update(order="down:" + str(asset.bid))
        assert htmx.post(spread, data).status_code < 500, (field, typed)
    # the bet slip: a single's stake, the express stake, the odds seen, the system's size
    place = reverse("sportsbook:slip_place")
    check(htmx.post(place, {"kind": "single", "idempotency_key": key(),
                            f"stake_{home.pk}": typed}), typed)  # fmt: skip
    for data in (
        {"kind": "single", f"stake_{home.pk}": "1", f"odds_{home.pk}": typed},
        {"kind": "express", "stake": typed},
        {"kind": "system", "stake": "1", "system_size": typed},
    ):
        assert htmx.post(place, {"idempotency_key": key(), **data}).status_code < 500, typed
    for name, data in (
        ("slip_add", {"outcome": typed, "odds": "2"}),
        ("slip_add", {"outcome": home.pk, "odds": typed}),
        ("slip_remove", {"outcome": typed}),
        ("slip_banker", {"outcome": typed}),
        ("slip_system", {"system_size": typed}),
    ):
        assert htmx.post(reverse(f"sportsbook:{name}"), data).status_code < 500, (name, typed)
    htmx.post(reverse("sportsbook:slip_add"), {"outcome": home.pk, "odds": str(home.odds)})
    # the cashier's top-up (play money) and the limits page
    topup = plain.post(reverse("topup"), {"currency": "BYN", "amount": typed,
                                          "idempotency_key": key()}, follow=True)  # fmt: skip
    check(topup, typed)
    limit = plain.post(reverse("limits"), {"form": "limit", "kind": "loss", "currency": "BYN",
                                           "amount": typed})  # fmt: skip
    assert limit.status_code < 500, typed
    if typed.strip() and _refused_as_number(typed):  # empty is "no limit"
        check(limit, typed)
    # the staff cash desk in the admin
    desk = reverse("admin:casino_player_cash", args=[world["player"].pk])
    cash = world["cashier"].post(desk, {"currency": "BYN", "amount": typed, "direction": "deposit",
                                        "reason": "fuzz", "idempotency_key": key()})  # fmt: skip
    check(cash, typed)
    assert_books_clean()


def _refused_as_number(typed: str) -> bool:
    try:
        parse_amount(typed, "BYN", zero=True)
    except AmountError:
        return True
    return False


@pytest.mark.django_db(transaction=True)
async def test_the_sportsbook_sockets_answer_any_frame_with_an_error_frame():
    from channels.db import database_sync_to_async

    @database_sync_to_async
    def setup():
        set_rates()
        from sportsbook.exchange.services import exchange_market_list

        event = make_event(markets=(("1x2", {}),))
        home = outcome(event, "1x2", "1")
        exchange_market_list(market_id=home.market_id)
        player = new_player(language="en")
        client = Client()
        client.force_login(player)
        cookie = client.cookies[django_settings.SESSION_COOKIE_NAME].value
        return home, (b"cookie", f"{django_settings.SESSION_COOKIE_NAME}={cookie}".encode())

    home, cookie = await setup()
    headers = [(b"origin", b"http://127.0.0.1:8000"), (b"host", b"127.0.0.1:8000"), cookie]
    for path in ("/ws/sport/spread/", f"/ws/sport/exchange/{home.market_id}/", "/ws/sport/slip/"):
        socket = WebsocketCommunicator(application, path, headers=headers)
        assert (await socket.connect())[0], path
        while not await socket.receive_nothing(timeout=0.5):
            await socket.receive_from()  # the views sent on connect
        for frame in ('{"stake": "Infinity"}', '{"odds": 1e30}', "NaN", "-0", "٣", " "):
            await socket.send_to(text_data=frame)
            answer = await socket.receive_from()
            assert "This socket accepts no messages." in answer, (path, frame, answer)
        await socket.disconnect()


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(typed=TYPED)
def test_every_number_a_trader_types_is_answered_never_a_500(world, typed):
    """The trader's numbers on the exchange and spread pages: a market's commission and an
    asset's quote by hand (the odds form is the line's own, tests/sportsbook/test_trader.py)."""
    trader = Client(HTTP_ACCEPT_LANGUAGE="en")
    trader.force_login(new_staff(roles.TRADER, language="en"))
    trader.cookies["django_language"] = "en"
    asset = world["asset"]
    event = make_event(markets=(("1x2", {}),))
    market = outcome(event, "1x2", "1").market_id
    for data in ({"market": market, "commission": typed}, {"market": typed}):
        answer = trader.post(reverse("trader:exchange_list"), data, follow=True)
        assert answer.status_code < 500, (data, typed)
    act = reverse("trader:spread_asset_act", args=[asset.pk])
    for data in ({"bid": typed, "ask": "1.2053"}, {"bid": "1.2050", "ask": typed}):
        answer = trader.post(act, {"act": "quote", **data}, follow=True)
        assert answer.status_code < 500, (data, typed)
    asset.refresh_from_db()
    assert asset.bid <= asset.ask
    assert_books_clean()
