"""Two demo players play a complete game of Podkidnoy Durak in two real browsers.

dina sits down from the lobby, egor from the table page; the match starts (both stakes go to
escrow) and the test plays one whole game of the match purely by clicking, the way a person
would: the player whose board says it is their turn picks a legal move from what the board
offers (a playable card and a target and "Beat", else "Take"; one playable card and "Attack" /
"Throw in", else "Done"). Midway, one player reloads the page and must find the same hand.

Waits are Playwright's auto-waiting (expect(...), wait_for_function), never fixed sleeps.
"""

import contextlib
import re
from decimal import Decimal
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import ARTIFACTS, DEFAULT_TIMEOUT_MS
from tests.browser.pages import log_in

# a server of its own, not the worker's shared one (tests/browser/conftest.py):
# the demo's table № 2 as loaded (test_pit and test_phone_width sit at it too)
pytestmark = [pytest.mark.browser, pytest.mark.own_server]

DEMO_PASSWORD = "casino-demo"
TABLE_NAME = "№ 2 · 5 USD"
STAKE_MINOR = 500
MAX_STEPS = 400  # a heads-up game takes 30-80 moves; the cap only stops a runaway loop
RELOAD_AT_TALON = 12  # reload once half of the 24 cards left after the deal have been drawn


# --- helpers ---------------------------------------------------------------------------------


def minor_units(text: str) -> int:
    """ "1 995.00 USD" (any spacing, any currency code) -> 199500."""
    number = re.sub(r"[^\d.\-]", "", text.replace(",", "."))
    assert number, f"no amount in {text!r}"
    return int(Decimal(number) * 100)


def usd_balance(page: Page) -> int:
    return minor_units(page.locator("#header-balances .balance[data-currency=USD]").inner_text())


def expect_usd(page: Page, minor: int) -> None:
    page.wait_for_function(
        """v => {
            const shown = document.querySelector('#header-balances .balance[data-currency=USD]');
            return shown && shown.textContent.replace(/[^0-9]/g, '') === String(v);
        }""",
        arg=minor,
    )


# A test-only init script: counts the frames each socket of the page has received, so the test
# knows when a freshly loaded page's sockets are connected (and in their groups).
FRAME_COUNTER = """
window.socketFrames = {table: 0, lobby: 0};
document.addEventListener("htmx:wsAfterMessage", (event) => {
    const onTable = event.target.closest && event.target.closest(".table-page");
    window.socketFrames[onTable ? "table" : "lobby"] += 1;
});
"""


def wait_for_socket(page: Page, which: str) -> None:
    page.wait_for_function("which => window.socketFrames[which] > 0", arg=which)


def board(page: Page):
    return page.locator("#table-board")


def version(page: Page) -> int:
    return int(board(page).get_attribute("data-version"))


def hand_cards(page: Page) -> list[str]:
    return page.locator("#hand-form .hand-card").evaluate_all(
        "labels => labels.map(label => label.dataset.card)"
    )


def wait_for_version(page: Page, at_least: int) -> None:
    page.wait_for_function(
        "v => Number(document.getElementById('table-board')?.dataset.version) >= v", arg=at_least
    )


# What a move is chosen from, read in one call (issue 51: a move read the board in some ten
# calls, each a round trip to the browser): the board's version, the match's score, whether it
# is this player's turn, and whether "Take" is offered (he defends).
BOARD_STATE = """() => {
  const board = document.getElementById('table-board');
  const score = board?.querySelector('[data-score]');
  return {
    version: Number(board?.dataset.version),
    score: score ? score.dataset.score.split(':').map(Number) : [],
    myTurn: board?.dataset.myTurn === '1',
    defending: document.querySelector('button.take') !== null,
  };
}"""


def board_state(page: Page) -> dict:
    return page.evaluate(BOARD_STATE)


def settled_states(pages: list[Page]) -> list[dict]:
    """Wait until every page shows the same (newest) table version; each page's
    ``board_state`` at it."""
    while True:
        states = [board_state(page) for page in pages]
        newest = max(state["version"] for state in states)
        if all(state["version"] == newest for state in states):
            return states
        for page, state in zip(pages, states, strict=True):
            if state["version"] < newest:
                wait_for_version(page, newest)


def settle(pages: list[Page]) -> int:
    """Wait until every page shows the same (newest) table version, and return it."""
    return settled_states(pages)[0]["version"]


def error_text(page: Page) -> str:
    error = page.locator("#table-error")
    return error.inner_text().strip() if error.count() else ""


def click_and_wait(page: Page, button, before: int) -> None:
    """Click a button of the board and wait until the board is replaced by a newer version (or
    the table answers with an error, which fails the test with the table's own words)."""
    button.click()
    page.wait_for_function(
        """v => {
            const board = document.getElementById('table-board');
            const error = document.querySelector('#table-error[data-error]');
            return Number(board.dataset.version) > v || (error && error.textContent.trim());
        }""",
        arg=before,
    )
    assert version(page) > before, f"the table refused the move: {error_text(page)!r}"


def defend_or_take(page: Page, before: int, screenshot: Path | None = None) -> str:
    hand = page.locator("#hand-form")
    playable = hand.locator(".hand-card.playable")
    if playable.count():
        card = playable.first
        code = card.get_attribute("data-card")
        target = card.get_attribute("data-beats").split()[0]
        card.click()
        expect(card.locator("input")).to_be_checked()
        target_label = page.locator(f".pair label.target:has(input[value='{target}'])")
        target_label.click()
        expect(target_label.locator("input")).to_be_checked()
        if screenshot:  # a card chosen, and the card it will beat
            page.screenshot(path=screenshot, full_page=True)
        click_and_wait(page, hand.locator("button.beat"), before)
        return f"beat {target} with {code}"
    click_and_wait(page, page.locator("button.take"), before)
    return "take"


def attack_or_done(page: Page, before: int) -> str:
    hand = page.locator("#hand-form")
    playable = hand.locator(".hand-card.playable")
    if playable.count():
        card = playable.first
        code = card.get_attribute("data-card")
        card.click()
        expect(card.locator("input")).to_be_checked()
        expect(card).to_have_class(re.compile(r"\bselected\b"))
        click_and_wait(page, hand.locator("button.play"), before)
        return f"play {code}"
    click_and_wait(page, page.locator("button.done"), before)
    return "done"


@contextlib.contextmanager
def screenshots_on_failure(pages: dict[str, Page]):
    try:
        yield
    except BaseException:
        ARTIFACTS.mkdir(exist_ok=True)
        for name, page in pages.items():
            with contextlib.suppress(Exception):
                page.screenshot(path=ARTIFACTS / f"durak-failed-{name}.png", full_page=True)
        raise


# --- fixtures --------------------------------------------------------------------------------


@pytest.fixture
def js_errors() -> list[str]:
    """Uncaught script errors of every player's page."""
    return []


@pytest.fixture
def player_page(browser, server_url, js_errors):
    """A factory: a fresh browser context (own cookies) per player, logged in."""
    contexts = []

    def open_for(username: str) -> Page:
        context = browser.new_context(
            base_url=server_url,
            locale="ru-RU",
            timezone_id="Europe/Minsk",
            viewport={"width": 1280, "height": 900},
        )
        context.set_default_timeout(DEFAULT_TIMEOUT_MS)
        context.add_init_script(FRAME_COUNTER)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(DEFAULT_TIMEOUT_MS)
        page.on("pageerror", lambda error: js_errors.append(f"{username}: {error}"))
        log_in(page, username, DEMO_PASSWORD)
        return page

    yield open_for
    for context in contexts:
        context.close()


# --- the game --------------------------------------------------------------------------------


def test_two_players_play_a_complete_game_of_durak(player_page, js_errors, artifacts):
    dina = player_page("dina")
    egor = player_page("egor")
    pages = {"dina": dina, "egor": egor}

    with screenshots_on_failure(pages):
        # dina sits down from the lobby and lands on the table page.
        row = dina.locator("#table-list tr.table-row").filter(has_text=TABLE_NAME)
        expect(row).to_have_count(1)
        dina_usd = usd_balance(dina)
        row.locator("button.sit").click()
        expect(dina).to_have_url(re.compile(r"/tables/\d+/$"))
        table_url = dina.url
        expect(board(dina)).to_have_attribute("data-seat", "0")

        # egor opens the table from the lobby and sits down there (over the table's socket).
        egor_usd = usd_balance(egor)
        egor.locator("#table-list tr.table-row").filter(has_text=TABLE_NAME).locator(
            "a"
        ).first.click()
        expect(egor).to_have_url(table_url)
        expect(board(egor)).to_have_attribute("data-seat", "")
        # a click before the page's socket is open would submit the form as a plain GET
        wait_for_socket(egor, "table")
        egor.locator("#table-board button.sit").click()
        expect(board(egor)).to_have_attribute("data-seat", "1")

        # Both seated: the match starts, game 1, and each stake has gone to escrow.
        for page in pages.values():
            expect(page.locator("#hand-form .hand-card")).to_have_count(6)
            expect(page.locator("#table-board [data-game-number]")).to_have_attribute(
                "data-game-number", "1"
            )
            expect(page.locator("#table-board [data-score]")).to_have_attribute("data-score", "0:0")
            expect(page.locator("#table-board .deck [data-talon]")).to_have_attribute(
                "data-talon", "24"
            )
            expect(page.locator("#table-board .player.other .backs")).to_have_attribute(
                "data-count", "6"
            )
            expect(page.locator("#table-board .clock[data-deadline]")).to_have_count(1)
        # The header balance follows over the lobby socket, without a reload.
        expect_usd(dina, dina_usd - STAKE_MINOR)
        expect_usd(egor, egor_usd - STAKE_MINOR)
        dina.screenshot(path=artifacts / "durak-start.png", full_page=True)

        # A wrong click (Attack with no card chosen) is refused in a readable banner, which
        # the player can close; the board stays as it was.
        current = settle(list(pages.values()))
        leader = next(p for p in pages.values() if board(p).get_attribute("data-my-turn") == "1")
        leader.locator("#hand-form button.play").click()
        error = leader.locator("#table-error[data-error]")
        expect(error).to_be_visible()
        expect(error).to_contain_text(re.compile(r"\w{3,}"))
        leader.screenshot(path=artifacts / "durak-error.png")
        error.locator("button.dismiss").click()
        expect(error).to_have_count(0)
        assert version(leader) == current

        # Play the game out by clicking.
        moves: list[str] = []
        reloaded = defended = False
        for _step in range(MAX_STEPS):
            current = settle(list(pages.values()))
            if board(dina).locator("[data-game-number]").get_attribute("data-game-number") != "1":
                break
            turns = {name: board(p).get_attribute("data-my-turn") for name, p in pages.items()}
            actors = [name for name, turn in turns.items() if turn == "1"]
            assert len(actors) == 1, f"exactly one player acts at a time: {turns}"
            name = actors[0]
            page = pages[name]
            expect(page.locator(".player.me.to-act .clock[data-deadline]")).to_have_count(1)

            talon = int(board(page).locator(".deck [data-talon]").get_attribute("data-talon"))
            if not reloaded and talon <= RELOAD_AT_TALON:
                # Midway (half the deck drawn), the player to act reloads the page: the same
                # hand, the same turn, the same table, all from the server.
                reloaded = True
                page.screenshot(path=artifacts / "durak-mid-game.png", full_page=True)
                watcher = pages["egor" if name == "dina" else "dina"]
                cards_before = hand_cards(page)
                opponent_cards = (
                    board(page).locator(".player.other .backs").get_attribute("data-count")
                )
                bout_before = (
                    board(page)
                    .locator(".pair")
                    .evaluate_all(
                        "pairs => pairs.map(p => [p.dataset.attack, p.dataset.defence || null])"
                    )
                )
                page.reload()
                wait_for_socket(page, "table")  # the snapshot sent on (re)connect has arrived
                expect(page.locator("#hand-form .hand-card")).to_have_count(len(cards_before))
                current = settle([page, watcher])
                assert hand_cards(page) == cards_before
                expect(board(page)).to_have_attribute("data-my-turn", "1")
                expect(board(page).locator(".player.other .backs")).to_have_attribute(
                    "data-count", opponent_cards
                )
                assert (
                    board(page)
                    .locator(".pair")
                    .evaluate_all(
                        "pairs => pairs.map(p => [p.dataset.attack, p.dataset.defence || null])"
                    )
                    == bout_before
                )
                page.screenshot(path=artifacts / "durak-after-reload.png", full_page=True)

            if board(page).get_attribute("data-role") == "defender":
                shot = None if defended else artifacts / "durak-defending.png"
                move = defend_or_take(page, current, shot)
                defended = defended or move.startswith("beat")
                moves.append(f"{name}: {move}")
            else:
                moves.append(f"{name}: {attack_or_done(page, current)}")
        else:
            pytest.fail(f"no end of the game after {MAX_STEPS} moves: {moves}")

        assert reloaded, f"the game ended before the reload: {moves}"
        settle(list(pages.values()))
        dina.screenshot(path=artifacts / "durak-game-over-dina.png", full_page=True)
        egor.screenshot(path=artifacts / "durak-game-over-egor.png", full_page=True)

        # Game 2 is dealt; the board tells how game 1 ended, and the score shows it.
        for page in pages.values():
            expect(board(page).locator("[data-game-number]")).to_have_attribute(
                "data-game-number", "2"
            )
            result = page.locator("#last-game")
            expect(result).to_have_attribute("data-game", "1")
            outcome = result.get_attribute("data-outcome")
            score = board(page).locator("[data-score]")
            if outcome == "draw":  # a draw scores no win, but is counted
                expect(score).to_have_attribute("data-score", "0:0")
                expect(score).to_have_attribute("data-draws", "1")
            else:
                assert outcome in ("won", "lost"), outcome
                expect(score).to_have_attribute("data-score", re.compile(r"^(1:0|0:1)$"))
        outcomes = sorted(
            p.locator("#last-game").get_attribute("data-outcome") for p in pages.values()
        )
        assert outcomes in (["draw", "draw"], ["lost", "won"]), outcomes

        # Both leave for the lobby; the other side sees each departure. (Waiting for the server
        # to have handled both table sockets closing also lets it shut down cleanly.)
        table_id = re.search(r"/tables/(\d+)/$", table_url).group(1)
        egor.goto("/lobby/")
        wait_for_socket(egor, "lobby")  # egor's lobby socket is listening
        expect(board(dina).locator(".player.other")).to_have_class(re.compile(r"\bis-away\b"))
        left = version(dina)
        dina.goto("/lobby/")
        egor.wait_for_function(
            "([id, v]) => Number(document.getElementById('table-row-' + id)?.dataset.version) > v",
            arg=[table_id, left],
        )
        assert js_errors == []
