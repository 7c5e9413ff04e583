"""Revenue reports (issue 17, part 5): real hands played through the table actor with scripted
shoes and decks, real bets placed and settled through the sportsbook's services, on both sides
of a local midnight; the page's and the CSV's figures, the chart, the range form, permissions."""

from __future__ import annotations

import csv
import datetime as dt
import io
import random
import re
from collections import Counter
from decimal import Decimal
from html.parser import HTMLParser

import pytest
from django.contrib.auth.models import Permission
from django.db import connection
from django.template.loader import render_to_string
from django.test import RequestFactory
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from floor import charts
from floor.reports import EXCHANGE, FIXED_ODDS, Period, book_rows, place_days, revenue_report
from sportsbook.exchange.services import exchange_market_list
from sportsbook.models import BetKind
from tables import services
from tables.engines.cards import pack_52
from tables.games.durak import engine as durak
from tables.models import Hand, Table, TableStatus
from tests.conftest import assert_books_clean, fund, new_player
from tests.sportsbook.exchange.test_services import finish, post, take
from tests.sportsbook.line import make_event, outcome, place, set_rates
from tests.tables.conftest import pick_action

pytestmark = pytest.mark.django_db

ZONE = timezone.get_default_timezone()  # Europe/Minsk, three hours ahead of UTC
DAY = dt.date(2026, 11, 20)
NEXT = DAY + dt.timedelta(days=1)
# a minute before and half a minute after the casino's midnight: the same day in UTC
BEFORE_MIDNIGHT = dt.datetime(2026, 11, 20, 23, 59, tzinfo=ZONE)
AFTER_MIDNIGHT = dt.datetime(2026, 11, 21, 0, 0, 30, tzinfo=ZONE)

# High card, one player against the dealer: (dealer's card, player's card) per hand that bets,
# the dealer's dealt first (face down)
HIGHCARD_CARDS = [("5H", "KS"), ("QD", "3C"), ("2C", "AS")]


class Clock:
    """timezone.now() for everything the test drives (the ledger, the actor, auto_now fields)."""

    def __init__(self, monkeypatch):
        self.at = BEFORE_MIDNIGHT
        monkeypatch.setattr(timezone, "now", lambda: self.at.astimezone(dt.UTC))


class ScriptedShoes(random.Random):
    """The actor's shuffle, scripted: a 52-card shoe deals HIGHCARD_CARDS first (dealer, then
    player, hand after hand); any other pack (durak's 36) is shuffled by a fixed seed."""

    def __init__(self, *args):
        super().__init__(17)

    def shuffle(self, x):
        if len(x) != 52:
            return super().shuffle(x)
        first = [card for pair in HIGHCARD_CARDS for card in pair]
        rest = Counter(pack_52()) - Counter(first)
        x[:] = first + sorted(rest.elements())


@pytest.fixture
def clock(monkeypatch):
    return Clock(monkeypatch)


@pytest.fixture
def scripted(monkeypatch):
    monkeypatch.setattr("secrets.SystemRandom", ScriptedShoes)


def fresh(table) -> Table:
    return Table.objects.get(pk=table.pk)


def act(table, player, action):
    services.table_act(table_id=table.pk, player=player, action=action)


def play_highcard(clock):
    """Before midnight: a win (bet 1.00), a loss (bet 2.00); after it: a pass (the ante to the
    commission), a win (bet 5.00). The ante is 0.10 a hand; each hand ends with the next one
    dealt, its ante taken."""
    table = Table.objects.create(
        name="High card 1",
        game="highcard",
        currency="BYN",
        settings={
            "min_bet": 100,
            "max_bet": 1_000,
            "ante": 10,
            "decks": 1,
            "penetration": 0.5,
            "action_seconds": 600,  # midnight passes while the player decides: no timeout
            "start_seconds": 0,  # dealt as soon as he sits (the filling window: test_starts)
        },
    )
    player = new_player()
    fund(player, 100_000)
    services.table_sit(table_id=table.pk, player=player, connected=True)
    act(table, player, {"type": "bet", "amount": 100})
    act(table, player, {"type": "bet", "amount": 200})
    clock.at = AFTER_MIDNIGHT
    act(table, player, {"type": "pass"})
    act(table, player, {"type": "bet", "amount": 500})
    results = [h.result["won"] for h in Hand.objects.filter(table=table).order_by("number")[:4]]
    assert results == [{"0": True}, {"0": False}, {}, {"0": True}]  # the script was dealt
    return table


def play_durak(staff):
    """After midnight: a durak match to five wins (1.00 each, 5 % commission), then a second match
    voided by staff (both stakes returned)."""
    table = Table.objects.create(
        name="Durak 1",
        game="durak",
        currency="BYN",
        settings={"stake": 100, "wins_to_win": 5, "commission_percent": "5", "action_seconds": 600},
    )
    players = [new_player(), new_player()]
    for player in players:
        fund(player, 10_000)
        services.table_sit(table_id=table.pk, player=player, connected=True)
    by_seat = {s.position: s.player for s in table.seats.all()}
    rng = random.Random(5)
    while (current := fresh(table)).status == TableStatus.PLAYING:
        (seat,) = durak.to_act(current.state)
        act(table, by_seat[seat], pick_action(current.state, seat, rng))
    for player in players:
        services.table_ready(table_id=table.pk, player=player)
    assert fresh(table).status == TableStatus.PLAYING
    services.table_staff_act(table_id=table.pk, staff=staff, act="void", reason="dealer error")
    return table


def place_bets():
    """After midnight, in BYN unless said: football singles won, lost and still open, a won
    total, an open express on football alone and one over two sports, a won single in USD, and
    an exchange bet (6.00 matched at net odds 3, the backer wins 18.00, 5 % commission)."""
    set_rates()
    bettor, dollars = new_player(), new_player()
    fund(bettor, 100_000)
    fund(dollars, 10_000, "USD")
    settled = make_event()
    unsettled = make_event()
    tennis = make_event(sport="tennis", markets=(("1x2", {}),))
    place(bettor, [outcome(settled, "1x2", "1")], stake=10_000)  # won at 2.00
    place(bettor, [outcome(settled, "1x2", "2")], stake=5_000)  # lost
    place(bettor, [outcome(unsettled, "1x2", "X")], stake=3_000)  # open
    place(bettor, [outcome(settled, "total", "over")], stake=4_000)  # 2-1: over 2.5, won
    place(
        bettor,
        [outcome(settled, "1x2", "1"), outcome(unsettled, "1x2", "1")],
        kind=BetKind.EXPRESS,
        stake=1_000,
    )
    place(
        bettor,
        [outcome(unsettled, "1x2", "2"), outcome(tennis, "1x2", "1")],
        kind=BetKind.EXPRESS,
        stake=1_500,
    )
    place(dollars, [outcome(settled, "1x2", "1")], stake=2_000, currency="USD")
    listed = make_event(markets=(("1x2", {}),))
    home = outcome(listed, "1x2", "1")
    exchange_market_list(market_id=home.market_id, commission_percent=Decimal("5"))
    anna, boris = new_player(), new_player()
    fund(anna, 100_000)
    fund(boris, 100_000)
    post(anna, home, "back", "3", 6_000)
    take(boris, home, "lay", "3", 6_000)
    for event, score in ((settled, (2, 1)), (listed, (2, 0))):
        finish(event, *score)


@pytest.fixture
def hands(db, clock, scripted, staff):
    """Hands before and after the casino's midnight: (the high card table, the durak table)."""
    played = play_highcard(clock), play_durak(staff)
    assert_books_clean()
    return played


@pytest.fixture
def bets(db, clock):
    clock.at = AFTER_MIDNIGHT
    place_bets()
    assert_books_clean()


def figures(row):
    """stakes, paid out, refunds, commission, the house bank's result, the casino's revenue
    (the last two: what the house accounts booked), the players' money left in play, hands."""
    return (
        row.stakes,
        row.paid,
        row.refunds,
        row.commission,
        row.house_bank,
        row.revenue,
        row.held,
        row.hands,
    )


# --- the figures ------------------------------------------------------------------------------


def test_ggr_per_game_and_day_follows_the_casino_s_midnight(hands):
    highcard, durak_table = hands
    rows = place_days(Period(DAY, NEXT))
    by_key = {(r.day, r.place_id): r for r in rows}
    assert set(by_key) == {(DAY, highcard.pk), (NEXT, highcard.pk), (NEXT, durak_table.pk)}
    # before midnight: antes 3 x 0.10, bets 1.00 + 2.00 staked; the win paid 1.00 + the box 1.00
    # + the ante pot 0.10, the loss the ante pot 0.10; two hands ended. The house bank won the
    # 2.00 and lost the 1.00: its 1.00 is the casino's revenue; the third hand's ante, dealt
    # before midnight, is the player's money still in play (it was never the casino's)
    assert figures(by_key[(DAY, highcard.pk)]) == (330, 220, 0, 0, 100, 100, 10, 2)
    # after midnight: the pass sends the ante to the commission; antes 2 x 0.10 and a 5.00 bet
    # staked, the win paid 5.00 + 5.00 + the ante 0.10
    # (the house bank lost the 5.00; the ante held overnight paid back, a new one taken)
    assert figures(by_key[(NEXT, highcard.pk)]) == (520, 1_010, 0, 10, -500, -490, 0, 2)
    # durak: 2 x 1.00 staked, the winner paid 1.90 and 0.10 commission; the voided match's
    # 2 x 1.00 staked and refunded. Its hands are the deals that ended (the void ends none).
    deals = Hand.objects.filter(table=durak_table, ended_at__isnull=False).count()
    assert deals >= 1
    assert figures(by_key[(NEXT, durak_table.pk)]) == (400, 190, 200, 10, 0, 10, 0, deals)
    # money between players: the durak match's stakes less its refunds and the commission;
    # none where the house banked
    assert by_key[(NEXT, durak_table.pk)].between_players == 190
    assert by_key[(DAY, highcard.pk)].between_players == 0
    # one day at a time: the minute before midnight is the 20th, the half minute after the 21st
    assert {(r.day, r.place_id) for r in place_days(Period(DAY, DAY))} == {(DAY, highcard.pk)}
    assert {r.place_id for r in place_days(Period(NEXT, NEXT))} == {highcard.pk, durak_table.pk}
    assert place_days(Period(NEXT, NEXT), currency="USD") == []
    assert place_days(Period(DAY - dt.timedelta(days=5), DAY - dt.timedelta(days=1))) == []
    # the database aggregates: three rows and many transfers take as many queries as one row
    with CaptureQueriesContext(connection) as evening:
        revenue_report(Period(DAY, NEXT))
    with CaptureQueriesContext(connection) as one_row:
        revenue_report(Period(DAY, DAY))
    assert len(evening) == len(one_row)


def test_the_sportsbook_per_sport_and_market_kind(bets):
    rows = book_rows(Period(NEXT, NEXT))
    got = {
        (r.product, r.sport_id and r.sport_id > 0, r.kind, r.currency): (
            r.bets,
            r.turnover,
            r.open,
            r.paid,
            r.margin,
        )
        for r in rows
    }
    assert got == {
        # 10.00 won at 2.00, 5.00 lost, 3.00 open: paid 20.00
        (FIXED_ODDS, True, "1x2", "BYN"): (3, 18_000, 3_000, 20_000, -5_000),
        (FIXED_ODDS, True, "total", "BYN"): (1, 4_000, 0, 8_000, -4_000),
        (FIXED_ODDS, True, "express", "BYN"): (1, 1_000, 1_000, 0, 0),  # football alone
        (FIXED_ODDS, None, "express", "BYN"): (1, 1_500, 1_500, 0, 0),  # football and tennis
        (FIXED_ODDS, True, "1x2", "USD"): (1, 2_000, 0, 4_000, -2_000),
        # the backer's 18.00 net winnings: 0.90 commission, the house's only revenue there
        (EXCHANGE, True, "1x2", "BYN"): (1, 6_000, 0, None, 900),
    }
    assert {r.sport_id for r in rows if r.product == FIXED_ODDS and r.sport_id} == {
        outcome_sport("football")
    }
    assert [r.currency for r in book_rows(Period(NEXT, NEXT), currency="USD")] == ["USD"]
    assert book_rows(Period(DAY, DAY)) == []  # every bet was placed after midnight


def outcome_sport(code: str) -> int:
    from sportsbook.models import Sport

    return Sport.objects.get(code=code).pk


# --- the page and its CSV ---------------------------------------------------------------------


class TableCells(HTMLParser):
    """Every report table's rows on a page, as the cells' text, by the table's section."""

    def __init__(self):
        super().__init__()
        self.sections: dict[str, list[list[str]]] = {}
        self.current = self.row = self.cell = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "table" and "data-section" in attrs:
            self.current = self.sections.setdefault(attrs["data-section"], [])
        elif tag == "tr" and self.current is not None:
            self.row = []
        elif tag in ("td", "th") and self.row is not None:
            self.cell = ""

    def handle_data(self, data):
        if self.cell is not None:
            self.cell += data

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self.cell is not None:
            self.row.append(self.cell.strip())
            self.cell = None
        elif tag == "tr" and self.row is not None:
            self.current.append(self.row)
            self.row = None
        elif tag == "table":
            self.current = None


def page_as_csv_text(text: str) -> str:
    """A page cell as the CSV writes it: "1 234.50 BYN" is 1234.50 there, "—" empty."""
    text = re.sub(r"\u00a0[A-Z]{3}$", "", text).replace("\u00a0", "")
    return "" if text == "—" else text


def csv_sections(body: str) -> list[list[list[str]]]:
    sections, current = [], []
    for row in csv.reader(io.StringIO(body)):
        if not row:
            sections.append(current)
            current = []
        else:
            current.append(row)
    sections.append(current)
    return sections


@pytest.fixture
def reporter(db):
    person = new_player(is_staff=True)
    person.user_permissions.add(Permission.objects.get(codename="view_reports"))
    return person


def test_the_page_s_totals_chart_and_csv_agree_in_every_currency(hands, bets, client, reporter):
    """One evening of play, shown three ways (all currencies, BYN, USD): the house revenue
    never adds one currency to another, the chart has a bar a day, the CSV the page's rows."""
    report = revenue_report(Period(DAY, NEXT))
    totals = next(s for s in report.sections if s.key == "totals")
    # BYN: tables 1.00 - 4.90 + 0.10 (the house accounts' takings: an ante still in play is
    # the player's); sportsbook -50.00 - 40.00 + 0.90; USD: -20.00 on one bet. Between players:
    # the durak match's 1.90 and the exchange's 60.00 matched
    assert [[getattr(c, "minor", c) for c in row] for row in totals.rows] == [
        ["BYN", -380, -8_100, -8_480, 6_190],
        ["USD", 0, -2_000, -2_000, 0],
    ]
    assert list(report.revenue_by_day) == ["BYN"]  # the tables played in BYN only
    client.force_login(reporter)
    for currency in ("", "BYN", "USD"):
        page_matches_csv(client, currency)
    page = client.get(
        reverse("floor:reports"),
        {"date_from": (DAY - dt.timedelta(days=1)).isoformat(), "date_to": NEXT.isoformat()},
    ).content.decode()
    bars = re.findall(r'<rect class="bar"[^>]*data-label="([\d-]+)" data-value="(-?\d+)"', page)
    assert bars == [("2026-11-19", "0"), ("2026-11-20", "100"), ("2026-11-21", "-480")]
    assert 'role="img"' in page and 'aria-labelledby="revenue-byn-title revenue-byn-desc"' in page
    usd = client.get(
        reverse("floor:reports"),
        {"date_from": DAY.isoformat(), "date_to": NEXT.isoformat(), "currency": "USD"},
    ).content.decode()
    assert re.findall(r'data-value="(-?\d+)"', usd) == ["0", "0"]  # no table played in USD


def page_matches_csv(client, currency):
    query = {"date_from": DAY.isoformat(), "date_to": NEXT.isoformat(), "currency": currency}
    page = client.get(reverse("floor:reports"), query)
    export = client.get(reverse("floor:reports_csv"), query)
    assert page.status_code == export.status_code == 200
    assert export["Content-Type"].startswith("text/csv")
    parser = TableCells()
    parser.feed(page.content.decode())
    report = revenue_report(Period(DAY, NEXT), currency or None)
    exported = csv_sections(export.content.decode())
    assert [section[0] for section in exported] == [[s.title] for s in report.sections]
    for section, rows in zip(report.sections, exported, strict=True):
        shown = [[page_as_csv_text(c) for c in row] for row in parser.sections.get(section.key, [])]
        if section.rows:
            assert shown == rows[1:], section.key  # the header and every row, in order
        else:
            assert rows[1:] == [section.columns]  # nothing shown: the CSV has the header alone
    body = export.content.decode()
    if currency == "USD":
        assert "BYN" not in body and "-20.00" in body
    else:
        assert "-3.80" in body and "-81.00" in body  # the BYN totals, never mixed with USD


def test_the_default_range_is_the_last_seven_days(client, reporter):
    client.force_login(reporter)
    page = client.get(reverse("floor:reports"), HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 200
    today = timezone.localdate()
    assert page.context["report"].period == Period(today - dt.timedelta(days=6), today)
    assert "No play at the tables in this period." in page.content.decode()


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({"date_from": "2026-11-21", "date_to": "2026-11-20"}, "The start date is after the end"),
        ({"date_from": "2026-13-01", "date_to": "2026-11-20"}, "Enter a valid date"),
        ({"date_from": "", "date_to": "2026-11-20"}, "This field is required"),
        ({"date_from": "2024-01-01", "date_to": "2026-11-20"}, "at most 366 days"),
        ({"date_from": "2026-11-20", "date_to": "2026-11-20", "currency": "XXX"}, "valid choice"),
    ],
)
def test_a_bad_or_reversed_range_is_a_clear_form_error(client, reporter, query, message):
    client.force_login(reporter)
    page = client.get(
        reverse("floor:reports"), {"currency": "", **query}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert page.status_code == 400
    body = page.content.decode()
    assert message in body and 'role="alert"' in body
    assert '<section class="report-section"' not in body  # no figures for a range the form refused
    export = client.get(
        reverse("floor:reports_csv"), {"currency": "", **query}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert export.status_code == 400 and message in export.content.decode()


# --- who may see them -------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["floor:reports", "floor:reports_csv"])
def test_anonymous_goes_to_login_a_player_is_refused_a_reporter_allowed(
    client, player, reporter, name
):
    url = reverse(name)
    anonymous = client.get(url)
    assert anonymous.status_code == 302 and anonymous["Location"].startswith(reverse("login"))
    client.force_login(player)
    assert client.get(url).status_code == 403
    pit_boss_only = new_player(is_staff=True)
    pit_boss_only.user_permissions.add(Permission.objects.get(codename="view_pit"))
    client.force_login(pit_boss_only)
    assert client.get(url).status_code == 403
    client.force_login(reporter)
    assert client.get(url).status_code == 200


def test_the_reports_tab_shows_only_with_the_permission(rf_user_page, reporter):
    # the floor's tab and the site header's link
    page = rf_user_page(reporter)
    tabs = page[page.index('class="floor-tabs"') :]
    assert tabs.count(reverse("floor:reports")) == 1
    assert page.count(reverse("floor:reports")) == 2
    pit_boss_only = new_player(is_staff=True)
    pit_boss_only.user_permissions.add(Permission.objects.get(codename="view_pit"))
    assert reverse("floor:reports") not in rf_user_page(pit_boss_only)


@pytest.fixture
def rf_user_page(db):
    def render(user):
        request = RequestFactory().get("/floor/")
        request.user = user
        return render_to_string("floor/_layout.html", {"floor_tab": "tables"}, request=request)

    return render


# --- the chart module -------------------------------------------------------------------------


def test_a_chart_is_an_accessible_image_with_every_value_told():
    svg = charts.bar_chart(
        chart_id="t",
        title="GGR <per day>",
        bars=[("mon", 300), ("tue", -100), ("wed", 0)],
        format_value=lambda v: f"{v / 100:.2f} BYN",
    )
    assert svg.startswith("<svg") and 'role="img"' in svg
    assert '<title id="t-title">GGR &lt;per day&gt;</title>' in svg
    desc = re.search(r'<desc id="t-desc">(.*?)</desc>', svg).group(1)
    assert desc == "mon: 3.00 BYN; tue: -1.00 BYN; wed: 0.00 BYN"
    rects = re.findall(
        r'<rect class="bar" x="[\d.]+" y="([\d.]+)" width="[\d.]+" height="([\d.]+)"', svg
    )
    zero_line = float(re.search(r'<line x1="\d+" y1="([\d.]+)"', svg).group(1))
    (up_y, up_h), (down_y, down_h), (_flat_y, flat_h) = ((float(y), float(h)) for y, h in rects)
    assert up_y + up_h == pytest.approx(zero_line) and down_y == pytest.approx(zero_line)
    assert up_h == pytest.approx(3 * down_h) and flat_h == 0  # heights in proportion
    assert "<title>tue: -1.00 BYN</title>" in svg  # each bar's own tooltip
    assert ">3.00 BYN</text>" in svg and ">-1.00 BYN</text>" in svg  # the axis's ends


def test_an_empty_chart_still_draws_its_axis():
    svg = charts.bar_chart(chart_id="e", title="Nothing", bars=[])
    assert "<rect" not in svg and "<line" in svg and svg.endswith("</svg>")


def test_spread_bets_count_the_margins_taken_the_gains_paid_and_the_house_result(db):
    """BK §34.2 and §35.1's worked examples: an up bet wins 270.00 (margin 500.00), a down bet
    loses 115.00 (margin 250.00); a third bet stays open (margin 50.00)."""
    from sportsbook.models import SpreadAsset
    from tests.sportsbook.spread.test_services import bet, quote

    asset = SpreadAsset.objects.create(
        code="eurusd",
        name_ru="EUR/USD",
        name_en="EUR/USD",
        currency="BYN",
        point_size=Decimal("0.0001"),
        bid=Decimal("1.2050"),
        ask=Decimal("1.2053"),
        min_stake=100,
        max_stake=10_000,
        margin_points=50,
        closeout_points=20,
    )
    winner, loser, holder = new_player(), new_player(), new_player()
    for player in (winner, loser, holder):
        fund(player, 1_000_000)
    bet(winner, asset, "up", 1_000)
    quote(asset, "1.2080", "1.2083")
    bet(winner, asset, "down", 1_000)
    quote(asset, "1.2050", "1.2053")
    bet(loser, asset, "down", 500)
    quote(asset, "1.2070", "1.2073")
    bet(loser, asset, "up", 500)
    bet(holder, asset, "up", 100)
    assert_books_clean()
    today = timezone.localdate()
    (row,) = book_rows(Period(today, today))
    assert (row.product, row.kind, row.currency) == ("spread", asset.pk, "BYN")
    assert (row.bets, row.turnover, row.open, row.paid, row.margin) == (
        3,
        50_000 + 25_000 + 5_000,
        5_000,
        27_000,
        -27_000 + 11_500,
    )
    section = revenue_report(Period(today, today)).sections[-1]
    assert section.rows[0][:3] == ["Spread bets", "Financial assets", "EUR/USD"]


REPORT_SOURCES = ("floor/report", "floor/charts.py", "templates/floor/reports.html")


def test_every_report_string_of_the_russian_catalogue_is_translated(client, reporter):
    from tests.sportsbook.test_russian import CATALOGUE, _entries

    ours = [
        (msgid, msgstr, flags)
        for locations, flags, msgid, msgstr in _entries(CATALOGUE.read_text(encoding="utf-8"))
        if any(location.startswith(REPORT_SOURCES) for location in locations)
    ]
    assert len(ours) > 30
    assert [msgid for msgid, msgstr, _flags in ours if not msgstr] == []
    assert [msgid for msgid, _msgstr, flags in ours if any("fuzzy" in f for f in flags)] == []
    client.force_login(reporter)
    page = client.get(reverse("floor:reports"), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Отчёты о доходах" in page and "Столы по дням, играм и столам" in page


def test_a_tournament_earns_only_the_casino_s_share_cg_126(db, client, reporter, monkeypatch):
    """The rules' worked example (durak-tournament.md §4.1): 8 entrants × 100.00 BYN, the casino's
    share 20 %: revenue 160.00, the fund of 640.00 is the players'. Before the start the fees earn
    nothing; after it the share is the revenue, and paying the prizes out of the fund changes
    nothing; the day's total is the sum of its rows, on the page and in the CSV alike."""
    from tests.tables.tournament_helpers import funded_players, make_tournament, started

    players = funded_players(8)
    tournament = make_tournament(casino_percent=Decimal("20"), min_entrants=8)
    today = timezone.localdate()
    period = Period(today, today)

    def tournament_row():
        return next(r for r in place_days(period) if r.place == "tournament")

    from tables.tournament import services as tournament_services
    from tables.tournament.services import advance

    for player in players:
        tournament_services.tournament_register(tournament_id=tournament.pk, player=player)
    # every entrant counts as having played a card: the matches here are decided by withdrawals,
    # and a tournament nobody played is void and refunded (issue 45, tested in
    # tests/tables/test_tournament_turnout.py); this test is the revenue of one that was played
    monkeypatch.setattr(
        advance,  # where the finish and the selectors look it up
        "played_entries",
        lambda t: set(t.entries.values_list("pk", flat=True)),
    )
    registered = tournament_row()
    assert (registered.stakes, registered.commission, registered.revenue) == (800_00, 0, 0)

    started(tournament, [])
    tournament.refresh_from_db()
    assert (tournament.casino_share, tournament.prize_fund) == (160_00, 640_00)
    row = tournament_row()
    assert (row.stakes, row.paid, row.commission, row.revenue) == (800_00, 0, 160_00, 160_00)

    report = revenue_report(period, "BYN")
    totals = next(s for s in report.sections if s.key == "totals")
    # the prize fund is the players' money, passed among them
    assert [[getattr(c, "minor", c) for c in r] for r in totals.rows] == [
        ["BYN", 160_00, 0, 160_00, 640_00]
    ]

    # the matches decided by withdrawals (D11): the prizes are paid out of the fund
    from tests.tables.tournament_helpers import escrow_balance, open_matches

    for _round in range(10):
        tournament_services.tournament_open_matches(tournament_id=tournament.pk)
        matches = open_matches(tournament)
        if not matches:
            break
        for match in matches:
            tournament_services.tournament_withdraw(
                tournament_id=tournament.pk, player=match.entry_b.player
            )
    tournament.refresh_from_db()
    assert tournament.status == "finished"
    assert escrow_balance(tournament) == 0
    row = tournament_row()
    assert (row.stakes, row.paid, row.commission, row.revenue) == (800_00, 640_00, 160_00, 160_00)
    report = revenue_report(period, "BYN")
    by_day = next(s for s in report.sections if s.key == "tables_by_day")
    totals = next(s for s in report.sections if s.key == "totals")
    # the columns: day, game, place, currency, the casino's revenue, ..., between players, hands
    assert sum(r[4].minor for r in by_day.rows) == totals.rows[0][1].minor == 160_00
    assert sum(r[-2].minor for r in by_day.rows) == 640_00  # between players

    client.force_login(reporter)
    query = {"date_from": today.isoformat(), "date_to": today.isoformat(), "currency": "BYN"}
    export = client.get(reverse("floor:reports_csv"), query).content.decode()
    assert "160.00" in export and "640.00" in export and "800.00" in export
    assert_books_clean()
