"""The floor's journey (issue 45, part 3), with the server's real clocks running: three players
play coups of baccarat with a player's bank (CG §4–§17: they bank against each other, the house
takes only its commission, B11) in their browsers; the pit boss then opens the revenue report and
its CSV, and their figures are the ledger's: the casino's revenue is exactly what the house
accounts booked (the commission), never the players' bank. A punter then walks away with his bet
in play: the pit boss reads an alert naming him with his own money, and the bank as its holder's.
Screenshots of the journey's end (the report, the pit, the alerts) at 1280 and 390 px go to
artifacts/journeys/floor/. Waits are for a state (Playwright's expect), never a fixed time."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import ARTIFACTS
from tests.browser.pages import DEFAULT_TIMEOUT_MS, fits, log_in, player, sit
from tests.browser.starts import plays_from_the_next_deal, start_now
from tests.browser.test_baccarat_bank_table import button, click, with_amount
from tests.browser.test_six_seat_table import board

# a server of its own, not the worker's shared one (tests/browser/conftest.py):
# the floor's report and alerts as loaded: every table's hands are in them
pytestmark = [pytest.mark.browser, pytest.mark.own_server]

TABLE_NAME = "№ 4 · 1–1000 BYN"  # the demo's baccarat table
SHOTS = ARTIFACTS / "journeys" / "floor"
COUPS = 4
# the house's commission is booked only on a coup the bank wins (B11): the punters win four coups
# in a row about one time in twelve, so the table plays on until the bank has won one; a bank
# that loses sixteen in a row (about one time in twenty thousand) fails the test
MOST_COUPS = 16

# the ledger, read on the server's own database: the table's house takings (the commission
# account and the house bank), its commission, the money its escrow holds
LEDGER = """
import json
from django.db.models import Sum
from casino.models import AccountKind, Entry, HousePurpose
from tables.models import Table
table = Table.objects.get(name={name!r})
legs = Entry.objects.filter(transfer__reference__startswith=f"table:{{table.pk}}:")
def total(q):
    return q.aggregate(total=Sum("amount"))["total"] or 0
print(json.dumps({{
    "id": table.pk,
    "house": total(legs.filter(account__kind=AccountKind.HOUSE, account__purpose__in=(
        HousePurpose.COMMISSION, HousePurpose.TABLE, HousePurpose.GAME))),
    "commission": total(legs.filter(account__purpose=HousePurpose.COMMISSION)),
    "escrow": total(legs.filter(account__kind=AccountKind.ESCROW)),
    "stakes": -total(legs.filter(account__kind=AccountKind.WALLET, transfer__kind="stake")),
}}))
"""


def hand_number(page: Page) -> int:
    return int(board(page).locator("[data-hand-number]").get_attribute("data-hand-number"))


def acting(pages, action: str) -> list[Page]:
    return [page for page in pages if button(page, action).count()]


def open_the_bank(pages) -> None:
    """Nobody holds the bank: the first who may bids (or opens) 276.00, the others pass."""
    phase = board(pages[0]).get_attribute("data-phase")
    if phase == "auction":
        bidders = acting(pages, "bid")
        with_amount(bidders[0], "bid", "276")
        for page in bidders[1:]:
            if button(page, "pass").count():
                click(page, "pass")
    elif phase == "offer":
        (offered,) = [page for page in pages if page.locator("#open-form").count()]
        with_amount(offered, "open", "276")


def play_a_coup(pages) -> None:
    """Every punter bets 1.00 (the quick minimum) against the holder's bank; the holder deals
    and leaves the chocolate in; a cardholder on 5 stands. Waits for the next coup."""
    first = pages[0]
    expect(board(first)).to_have_attribute("data-phase", re.compile("auction|offer|betting"))
    if board(first).get_attribute("data-phase") != "betting":
        open_the_bank(pages)
    expect(board(first)).to_have_attribute("data-phase", "betting")
    hand = hand_number(first)
    (holder,) = acting(pages, "deal")
    punters = [page for page in pages if page is not holder and page.locator("#bet-form").count()]
    for punter in punters:
        box = punter.locator("#bet-form input[name=amount]")
        box.fill("")
        punter.locator("#bet-form .kit-quick-stake").first.click()
        expect(box).to_have_value("1")
        click(punter, "bet")
    click(holder, "deal")
    # 1.00 a punter covers less than the bank: the holder is offered the chocolate
    expect(board(holder)).to_have_attribute("data-phase", "chocolate")
    click(holder, "no_chocolate")
    # the coup is over, or the cardholder decides on a total of 5 (§14): he stands
    drawing = board(holder).and_(holder.locator("[data-phase=draw]"))
    expect(
        holder.locator(f'#table-board [data-hand-number="{hand + 1}"]').or_(drawing)
    ).to_be_visible()
    if drawing.count():
        for punter in punters:
            expect(board(punter)).to_have_attribute(
                "data-phase", re.compile("draw|betting|auction|offer")
            )
        (cardholder,) = acting(punters, "stand")
        click(cardholder, "stand")
    for page in pages:
        expect(page.locator("#table-board [data-hand-number]")).to_have_attribute(
            "data-hand-number", str(hand + 1)
        )


def amount_of(text: str) -> int:
    """'1 234.50 BYN' (or '−0.15') as minor units."""
    digits = text.replace("\xa0", "").replace(" ", "").replace("BYN", "").replace("−", "-")
    major, _sep, minor = digits.replace(",", ".").partition(".")
    sign = -1 if major.startswith("-") else 1
    return sign * (abs(int(major or "0")) * 100 + int((minor + "00")[:2]))


def report_row(page: Page, section: str, first_cells: int, name: str) -> dict[str, str]:
    """A report table's row whose cell `first_cells` is `name`, by its column headers."""
    table = page.locator(f"table[data-section={section}]")
    headers = [h.strip() for h in table.locator("thead th").all_inner_texts()]
    for row in table.locator("tbody tr").all():
        cells = [c.strip() for c in row.locator("td").all_inner_texts()]
        if cells[first_cells] == name:
            return dict(zip(headers, cells, strict=True))
    raise AssertionError(f"no row {name!r} in {section}")


def shoot(page: Page, name: str, *close_ups: str) -> None:
    """The whole page at 1280 and 390 px (never wider than the window), and a close-up of each
    element of `close_ups` (CSS selectors) at each width."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 900})
        fits(page)
        page.screenshot(path=SHOTS / f"{name}-{width}.png", full_page=True)
        for n, selector in enumerate(close_ups):
            page.locator(selector).first.screenshot(path=SHOTS / f"{name}-{width}-part{n}.png")


def test_coups_at_a_player_s_bank_then_the_report_csv_and_an_alert_read_by_the_pit_boss(
    browser, server_url, daphne_server
):
    errors: list = []
    anna, boris, vera = (
        player(browser, server_url, name, 1280, errors) for name in ("anna", "boris", "vera")
    )
    table_id = json.loads(daphne_server.shell(LEDGER.format(name=TABLE_NAME)).splitlines()[-1])[
        "id"
    ]
    everyone = [anna, boris, vera]
    for page in (anna, boris):
        sit(page, table_id)
    start_now(anna, boris)
    sit(vera, table_id)
    plays_from_the_next_deal(vera)

    def books() -> dict:
        return json.loads(daphne_server.shell(LEDGER.format(name=TABLE_NAME)).splitlines()[-1])

    for coup in range(1, MOST_COUPS + 1):
        play_a_coup(everyone)
        if coup >= COUPS and books()["commission"] > 0:
            break
    # the cards may have taken the bank from its holder: a player opens the next one, so a
    # player's bank is held while the pit boss reads the books
    if board(anna).get_attribute("data-phase") != "betting":
        open_the_bank(everyone)
    expect(board(anna)).to_have_attribute("data-phase", "betting")
    assert errors == []

    # the pit boss: the revenue report and its CSV against the ledger
    boss_context = browser.new_context(
        base_url=server_url, locale="ru-RU", timezone_id="Europe/Minsk"
    )
    boss_context.set_default_timeout(DEFAULT_TIMEOUT_MS)
    boss = boss_context.new_page()
    log_in(boss, "pitboss", "casino-pit")
    ledger = books()
    assert ledger["commission"] > 0 and ledger["house"] == ledger["commission"]  # no house bank
    assert ledger["escrow"] > 0  # a bank held for its player
    boss.locator("nav.main-nav a[href='/floor/reports/']").click()
    boss.locator("select[name=currency]").select_option("BYN")
    boss.locator(".report-filter button[type=submit]").click()
    expect(boss.locator("table[data-section=tables_by_day]")).to_be_visible()
    row = report_row(boss, "tables_by_day", 2, TABLE_NAME)
    assert amount_of(row["Доход казино"]) == ledger["house"]
    assert amount_of(row["Комиссия и рейк"]) == ledger["commission"]
    assert amount_of(row["Деньги игроков в игре"]) == ledger["escrow"]
    assert amount_of(row["Ставки"]) == ledger["stakes"]
    totals = report_row(boss, "totals", 0, "BYN")
    assert amount_of(totals["Столы: доход казино"]) == ledger["house"]  # nothing else played
    csv_href = boss.locator("a.report-csv").get_attribute("href")
    export = boss.request.get(csv_href)
    assert export.status == 200 and export.headers["content-type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(export.text())))
    header = next(r for r in rows if r[:3] == ["День", "Игра", "Стол"])
    (exported,) = [r for r in rows if len(r) > 2 and r[2] == TABLE_NAME]
    exported = dict(zip(header, exported, strict=True))
    assert exported["Доход казино"] == f"{ledger['house'] / 100:.2f}"
    assert exported["Деньги игроков в игре"] == f"{ledger['escrow'] / 100:.2f}"
    shoot(boss, "report", "#tables_by_day")

    # a punter bets and walks away: the alert names him with his own money, the bank its holder's
    boss.goto("/floor/alerts/")
    rule = boss.locator("#rule-away form")
    rule.locator("input[name=threshold]").fill("1")
    rule.locator("button[type=submit]").click()
    expect(boss.locator("#rule-away input[name=threshold]")).to_have_value("1")
    boss.goto("/pit/")
    expect(boss.locator(".pit[data-connected='1']")).to_have_count(1)
    (holder,) = [page for page in everyone if button(page, "deal").count()]
    away = next(
        page for page in everyone if page is not holder and page.locator("#bet-form").count()
    )
    names = json.loads(
        daphne_server.shell(
            "import json; from casino.models import Player; print(json.dumps({p.username: "
            "p.shown_name for p in Player.objects.filter(username__in=['anna', 'boris', 'vera'])}))"
        ).splitlines()[-1]
    )
    away_name = names[{anna: "anna", boris: "boris", vera: "vera"}[away]]
    holder_name = names[{anna: "anna", boris: "boris", vera: "vera"}[holder]]
    box = away.locator("#bet-form input[name=amount]")
    box.fill("")
    away.locator("#bet-form .kit-quick-stake").first.click()
    click(away, "bet")
    tile = boss.locator("article.pit-row").filter(has_text=TABLE_NAME)
    expect(tile.locator(".pit-player .stake")).to_have_count(2)  # the bank, and the bet
    away.context.close()
    expect(tile.locator("li.pit-player.away")).to_have_count(1)
    username = {anna: "anna", boris: "boris", vera: "vera"}[away]
    moved = daphne_server.shell(
        "import datetime as dt; from django.db.models import F; from tables.models import Seat; "
        f"print(Seat.objects.filter(player__username={username!r}, away_since__isnull=False)"
        ".update(away_since=F('away_since') - dt.timedelta(seconds=90)))"
    )
    assert moved.split()[-1] == "1"
    alert = boss.locator("#floor-alerts li[data-kind=away]")
    expect(alert).to_contain_text(f"{away_name} отсутствует с ")
    expect(alert).to_contain_text(re.compile(r"своих денег в игре: 1\.00\xa0BYN"))
    expect(alert).to_contain_text(re.compile(rf"Ещё в игре: {re.escape(holder_name)} \d"))
    bank = alert.locator(".money").last.inner_text()
    assert amount_of(bank) > 27_000  # the holder's bank, named as hers
    # no amount breaks across lines: each is one line high
    heights = boss.evaluate(
        "() => [...document.querySelectorAll('.money')].map(e => e.getClientRects().length)"
    )
    assert heights and set(heights) == {1}
    shoot(boss, "pit", f"#pit-table-{table_id}", "#floor-alerts li[data-kind=away]")
    boss.goto("/floor/alerts/")
    expect(boss.locator("li[data-kind=away]").first).to_contain_text(away_name)
    shoot(boss, "alerts")
    for page in (anna, boris, vera, boss):
        if not page.is_closed():
            page.context.close()
    assert errors == []
