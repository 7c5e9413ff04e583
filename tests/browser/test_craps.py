"""Three players at the demo's craps table (DG §1–§5) in three browsers, one of them on a 390-px
phone, the others at 1280 px: they sit down, the third is dealt in from the next roll. The
shooter is prompted to come out and bets the pass line by clicking it on the layout; the others
bet the pass line and place 6 or place 8 (C10's multiples, the least of their bounds by
default), turned on for the come-out (§5.6); every player says he is done, the shooter picks two
of the five dice and rolls. They play on, roll after roll, until a pass line bet and a place bet
have been resolved: each roll's resolutions are listed in §4's order and the roll history
grows. Every player sees every bet; the page is never wider than the window. The pit boss's tile
and the lobby's row show the shooter and the money on the layout."""

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser import test_six_seat_table as six_seats
from tests.browser.pages import fits, log_in, sit_from_lobby
from tests.browser.starts import plays_from_the_next_deal, start_now

players = six_seats.players
board = six_seats.board

pytestmark = pytest.mark.browser

TABLE_NAME = "№ 16 · 1–100 BYN"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
# the summary's facts, in either language (the demo players read Russian)
SHOOTER = re.compile("Shooter|Бросающий")
ON_LAYOUT = re.compile("On the layout|На поле")
AT_RISK = re.compile("House at risk|Возможная выплата казино")


def version(page: Page) -> str:
    return board(page).get_attribute("data-version")


def submit(page: Page, selector: str) -> None:
    """Click a button of the board and wait for the board that answers it."""
    before = version(page)
    page.locator(f"#table-board {selector}").click()
    expect(board(page)).not_to_have_attribute("data-version", before)


def bet(page: Page, area: str, kind: str) -> None:
    """Click an area of the layout, then the bet in its panel (the least amount by default)."""
    page.locator(f'#table-board a.craps-area[data-area="{area}"]').click()
    form = page.locator(f"#craps-form-{kind}")
    expect(form).to_be_visible()
    submit(page, f"#craps-form-{kind} button[type=submit]")
    expect(page.locator(f'#table-board .craps-mine [data-bet="{kind}"]')).to_be_visible()


def has(page: Page, selector: str) -> bool:
    return page.locator(f"#table-board {selector}").count() > 0


def my_seat(page: Page) -> str:
    return board(page).get_attribute("data-seat")


def play_a_roll(pages: list[Page], placed: set) -> None:
    """One roll: each player bets what the script says and is done, the shooter rolls."""
    for page in pages:
        expect(board(page)).to_have_attribute("data-phase", "betting")
    point = board(pages[0]).get_attribute("data-point")
    for page in pages:
        shooter = board(page).get_attribute("data-shooter") == my_seat(page)
        if not point and not has(page, '.craps-mine [data-bet="pass"]'):
            if shooter:
                expect(page.locator("#table-board .craps-prompt")).to_be_visible()
            bet(page, "pass", "pass")
        if not shooter and my_seat(page) not in placed and has(page, 'a[data-area="n6"]'):
            kind = "place_6" if len(placed) % 2 == 0 else "place_8"
            bet(page, kind.replace("place_", "n"), kind)
            placed.add(my_seat(page))
            if not point:  # off on the come-out unless turned on (§5.6): on, to be decided
                submit(page, f"#craps-working-{kind} button")
                expect(page.locator(f'.craps-mine [data-bet="{kind}"]')).to_have_class("working")
    shooter_page = None
    for page in pages:
        if board(page).get_attribute("data-shooter") == my_seat(page):
            shooter_page = page
        else:
            submit(page, "#craps-done-form button")
    assert shooter_page is not None
    submit(shooter_page, "#craps-done-form button")
    expect(shooter_page.locator("#craps-roll-form")).to_be_visible()
    if has(shooter_page, ".craps-pick"):
        shooter_page.locator('.craps-pick input[value="2"]').check()
        shooter_page.locator('.craps-pick input[value="4"]').check()
    submit(shooter_page, '#craps-roll-form button[data-action="roll"]')


def anna_version(page: Page) -> str:
    return page.locator("#table-board").get_attribute("data-version")


def test_three_players_bet_the_pass_line_and_place_bets_roll_after_roll(
    players, artifacts, browser, server_url
):
    open_for, errors = players
    anna, boris, vera = open_for("anna"), open_for("boris"), open_for("vera")
    anna.set_viewport_size(PHONE)
    for page in (boris, vera):
        page.set_viewport_size(DESKTOP)
    for page in (anna, boris):
        sit_from_lobby(page, TABLE_NAME)
    start_now(anna, boris)
    sit_from_lobby(vera, TABLE_NAME)
    plays_from_the_next_deal(vera)
    # roll 1 deals anna and boris: anna is the shooter, prompted to come out
    expect(anna.locator("#table-board .craps-prompt")).to_be_visible()
    expect(boris.locator("#table-board .craps-prompt")).to_have_count(0)
    expect(vera.locator("#table-board a.craps-area[data-panel]")).to_have_count(0)
    anna.screenshot(path=artifacts / "craps-come-out-390.png", full_page=True)
    fits(anna)
    pages = [anna, boris, vera]
    # a spectator beside them: his board shows every area's chips as the others' (no seat)
    watcher = open_for("gleb")
    watcher.goto(anna.url)
    watcher.wait_for_function("() => window.socketFrames.table > 0")
    watched_chips = False  # whether the spectator was ever shown a bet's chips
    placed: set = set()
    lines: list[str] = []
    resolved = set()
    for roll in range(16):
        dealt = pages if roll else [anna, boris]
        play_a_roll(dealt, placed)
        for page in pages:
            expect(page.locator("#table-board .craps-last")).to_be_visible()
        results = anna.locator("#table-board .craps-results li")
        lines += results.all_inner_texts()
        resolved |= {results.nth(n).get_attribute("data-bet") for n in range(results.count())}
        boris.screenshot(path=artifacts / f"craps-roll-{roll + 1}-1280.png", full_page=True)
        history = anna.locator("#table-board .craps-history-rolls li")
        expect(history).to_have_count(min(roll + 1, 20))
        if "pass" in resolved and resolved & {"place_6", "place_8"}:
            break
        # every bet is public: each page lists the same bets on the layout
        shown = [p.locator("#table-board .craps-bets").inner_text() for p in pages]
        assert shown[0] == shown[1] == shown[2]
        # each area's chips are drawn once for every viewer: a page shows one drawing an area,
        # its own, with a chip of its own for each of its bets
        for page in [*pages, watcher]:
            board = page.locator("#table-board")
            expect(board).to_have_attribute("data-version", anna_version(anna))
            drawn = board.locator(".craps-chips").count()
            expect(board.locator(".craps-chip-view:visible")).to_have_count(drawn)
            own = board.locator(".craps-mine [data-bet]").count()
            expect(board.locator(".craps-chip.mine:visible")).to_have_count(own)
        watched_chips = watched_chips or watcher.locator("#table-board .craps-chips").count() > 0
    assert "pass" in resolved and resolved & {"place_6", "place_8"}, lines
    assert watched_chips
    assert all(re.search(r"\d+[.,]00.BYN", line) for line in lines if "BYN" in line)
    anna.screenshot(path=artifacts / "craps-resolved-390.png", full_page=True)
    boris.screenshot(path=artifacts / "craps-resolved-1280.png", full_page=True)
    layout = anna.locator("#table-board svg.craps-layout")
    layout.scroll_into_view_if_needed()
    # on the phone the layout's small words are drawn larger (it is drawn at ~60 %)
    size = "() => getComputedStyle(document.querySelector('.craps-area .area-sub')).fontSize"
    assert anna.evaluate(size) == "18px", anna.evaluate(size)
    assert boris.evaluate(size) == "15px"
    anna.screenshot(path=artifacts / "craps-layout-390.png", clip=layout.bounding_box())
    fits(anna)
    fits(boris)
    # the pit boss's tile and the lobby's row: the shooter, the money on the layout and what
    # the house has at risk on the next roll
    boss = browser.new_context(base_url=server_url, locale="en-GB").new_page()
    log_in(boss, "pitboss", "casino-pit")
    boss.goto("/pit/")
    tile = boss.locator("article.pit-row").filter(has_text=TABLE_NAME)
    for words in (SHOOTER, ON_LAYOUT, AT_RISK):
        expect(tile).to_contain_text(words)
    boss.screenshot(path=artifacts / "craps-pit.png", full_page=True)
    boss.context.close()
    vera.goto("/lobby/")
    row = vera.locator("#table-list tr.table-row").filter(has_text=TABLE_NAME)
    for words in (SHOOTER, ON_LAYOUT):
        expect(row).to_contain_text(words)
    vera.screenshot(path=artifacts / "craps-lobby.png", full_page=True)
    assert errors == []


SHOTS = Path("/work/notes/shots/details")
NEW_TABLE = """
import json
from tables.models import Table
table = Table.objects.create(
    name="Craps odds", game="craps", currency="BYN",
    settings={"min_bet": 100, "max_bet": 10_000, "min_unit": 100, "bet_seconds": 120,
              "shooter_seconds": 120, "action_seconds": 120},
)
print(json.dumps(table.pk))
"""


def test_a_pass_line_with_its_point_takes_odds_from_the_board(
    players, artifacts, browser, server_url, daphne_server
):
    """Issue 45: no control for odds was found on the board. Gleb bets the pass line and rolls
    until a point is set; his pass line then offers its odds beside it (§5.2, C4: single odds),
    the most by default, and the engine takes them: the odds bet is his on the layout."""
    json.loads(daphne_server.shell(NEW_TABLE).strip().splitlines()[-1])
    open_for, errors = players
    gleb = open_for("gleb")
    gleb.set_viewport_size(DESKTOP)
    sit_from_lobby(gleb, "Craps odds")
    start_now(gleb)
    for _roll in range(12):
        expect(board(gleb)).to_have_attribute("data-phase", "betting")
        if board(gleb).get_attribute("data-point"):
            break
        if not has(gleb, '.craps-mine [data-bet="pass"]'):
            bet(gleb, "pass", "pass")
        submit(gleb, "#craps-done-form button")
        if has(gleb, ".craps-pick"):
            gleb.locator('.craps-pick input[value="1"]').check()
            gleb.locator('.craps-pick input[value="2"]').check()
        submit(gleb, '#craps-roll-form button[data-action="roll"]')
    point = board(gleb).get_attribute("data-point")
    assert point, "no point in twelve rolls"
    head = gleb.locator("#table-board .craps-point")
    expect(head).to_contain_text(point)
    odds = gleb.locator("#table-board #craps-odds-odds_pass")
    expect(odds).to_be_visible()
    expect(odds).to_contain_text(re.compile(r"1[.,]00\sBYN\s–\s\d+[.,]00\sBYN"))
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width in (1280, 390):
        gleb.set_viewport_size(DESKTOP if width == 1280 else PHONE)
        odds.scroll_into_view_if_needed()
        gleb.screenshot(path=SHOTS / f"craps-odds-offered-{width}.png", full_page=True)
        fits(gleb)
    submit(gleb, "#craps-odds-odds_pass button[type=submit]")
    expect(gleb.locator('#table-board .craps-mine [data-bet="odds_pass"]')).to_be_visible()
    expect(gleb.locator("#table-board .craps-bets")).to_contain_text(
        re.compile("odds on the pass line|шансы к пасс лайн", re.I)
    )
    gleb.screenshot(path=SHOTS / "craps-odds-taken-390.png", full_page=True)
    assert errors == []
