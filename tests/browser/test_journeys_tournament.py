"""Issue 45, journeys with real clocks: a tournament brings its players to their matches.

1. Four players register for a tournament staff create in the admin, then wait on the lobby
   (another page than the tournament's). The countdown after the fourth starts it on the
   server's own clock; each player's lobby shows a banner naming his opponent and table, he
   follows its "Играть" to his table and plays there by clicking the board (the first game of
   each match; the player behind then leaves the table, a forfeit by D11, to keep the journey
   short enough for CI: a whole match is 9 or 11 games). The next round's banners reach them on
   the page they are on; the final and the third-place match are played the same way; the
   prizes are paid to all four, who all played. A banner's link to the decided semi-final then
   says the match is decided, with its result.
2. Two of four players never come (they close their browsers after registering) while two
   come and play; the absence limit (D13) runs on the real clock: a match neither player came
   to has no winner, and no prize goes to a player who played no card (docs/rules-decisions.md,
   issue 45). Beside it a two-player tournament in which neither comes is void: both fees come
   back whole, the casino's share included.

The clocks are the tournaments' own settings (the admin's form), short but real: a countdown of
3 s after the minimum, 20 s turns, absence limits of 30 s. Screenshots of each journey's end at
1280 and 390 px go to artifacts/journeys/tournament/.
"""

import datetime as dt
import re
import time
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import ARTIFACTS
from tests.browser.pages import log_in
from tests.browser.test_durak_table import (  # noqa: F401 (fixtures)
    attack_or_done,
    board,
    defend_or_take,
    js_errors,
    player_page,
    settled_states,
    version,
    wait_for_socket,
)

# a server of its own, not the worker's shared one (tests/browser/conftest.py):
# the demo's tournament as loaded (test_tournament plays it too)
pytestmark = [pytest.mark.browser, pytest.mark.own_server]

SHOTS = ARTIFACTS / "journeys" / "tournament"
MAX_MOVES = 600  # a game takes 30-80 moves; the cap only stops a runaway loop
BANNER = "#player-notices .player-notice"
WAIT_MS = 90_000  # a clock of the server (countdown, absence limit) plus a loaded machine


def create_tournament(
    browser, server_url, name: str, *, entrants: int, action=20, grace=20, absence=120
) -> None:
    """Staff create it in the admin: BYN 10.00, the casino 10 %, ``entrants`` exactly, starting
    3 s after the last has registered (registration closes at the start)."""
    context = browser.new_context(base_url=server_url, locale="en-US")
    page = context.new_page()
    log_in(page, "admin", "casino-admin")
    page.goto("/admin/tables/tournament/add/")
    later = dt.datetime.now(ZoneInfo("Europe/Minsk")) + dt.timedelta(minutes=30)
    page.fill("input[name=name]", name)
    page.select_option("select[name=currency]", "BYN")
    page.fill("input[name=entry_fee]", "10")
    page.fill("input[name=casino_percent]", "10")
    page.fill("input[name=min_entrants]", str(entrants))
    page.fill("input[name=max_entrants]", str(entrants))
    for field in ("registration_closes_at", "starts_at"):
        page.fill(f"input[name={field}_0]", later.strftime("%Y-%m-%d"))
        page.fill(f"input[name={field}_1]", later.strftime("%H:%M:%S"))
    page.fill("input[name=start_after_minimum_seconds]", "3")
    page.fill("input[name=action_seconds]", str(action))
    page.fill("input[name=grace_seconds]", str(grace))
    page.fill("input[name=absence_seconds]", str(absence))
    page.locator("input[name=_save]").click()
    expect(page).to_have_url(re.compile(r"/admin/tables/tournament/$"))
    context.close()


def register(page: Page, name: str) -> str:
    """From the tournaments' list to its page, register (the fee shown), then wait on the
    lobby. Returns the tournament page's URL."""
    page.goto("/tables/tournaments/")
    page.locator("#tournaments-upcoming a", has_text=name).click()
    url = page.url
    expect(page.locator("#register")).to_contain_text("10.00")
    page.locator("#register").click()
    expect(page.locator("#your-entry")).to_be_visible()
    page.goto("/lobby/")
    wait_for_socket(page, "lobby")
    return url


def banner_opponent(page: Page, after: str | None = None) -> str:
    """The open match's banner on whatever page he is on (a new one: not linking to
    ``after``, his last match): its opponent's name."""
    banner = page.locator(BANNER)
    page.wait_for_function(
        """after => {
            const links = document.querySelectorAll('#player-notices .player-notice a.notice-go');
            return links.length === 1 && links[0].getAttribute('href') !== after;
        }""",
        arg=after or "",
        timeout=WAIT_MS,
    )
    expect(banner).to_contain_text("ваш матч открыт за столом №")
    text = banner.locator(".notice-text").inner_text()
    return re.search(r"соперник — (.+)\.$", text.strip()).group(1)


def follow_banner(page: Page) -> str:
    """Click the banner's "Играть": his table, seated, with the match dealt. Returns the
    banner's link (to try again once the match is decided)."""
    link = page.locator(f"{BANNER} a.notice-go")
    expect(link).to_have_text("Играть")
    href = link.get_attribute("href")
    link.click()
    expect(page).to_have_url(re.compile(r"/tables/\d+/$"))
    wait_for_socket(page, "table")
    expect(board(page)).to_have_attribute("data-seat", re.compile(r"^\d$"))
    expect(page.locator(BANNER)).to_have_count(1)  # the table he sits at says it too
    return href


def score(page: Page) -> list[int]:
    return [
        int(n) for n in board(page).locator("[data-score]").get_attribute("data-score").split(":")
    ]


def my_wins(page: Page) -> int:
    return score(page)[int(board(page).get_attribute("data-seat"))]


def play_first_games(pairs: list[tuple[Page, Page]]) -> None:
    """Both players of each pair play by clicking until the first game of their match is over:
    the player whose board says it is his turn picks a legal move the board offers."""
    pending = list(pairs)
    for _move in range(MAX_MOVES * len(pairs)):
        if not pending:
            return
        for pair in list(pending):
            states = settled_states(list(pair))  # both boards at one version, read in one call
            if sum(states[0]["score"]):
                pending.remove(pair)
                continue
            current = states[0]["version"]
            turn = next((i for i, state in enumerate(states) if state["myTurn"]), None)
            if turn is None:  # between two games, or a clock's move on its way
                pair[0].wait_for_function(
                    "v => Number(document.getElementById('table-board')?.dataset.version) > v",
                    arg=current,
                )
                continue
            move = defend_or_take if states[turn]["defending"] else attack_or_done
            move(pair[turn], current)
    raise AssertionError("the first games did not end")


def behind_leaves(pair: tuple[Page, Page]) -> Page:
    """The player behind after the first game leaves the table (D11: he forfeits the match).
    Returns the one who stays."""
    behind = min(pair, key=my_wins)
    stays = next(p for p in pair if p is not behind)
    behind.locator("button.leave").click()
    return stays


def pairs_of(pages: dict[str, Page], opponents: dict[str, str], names: dict[str, str]):
    """The pairs of players (by their pages) the banners name, each pair once."""
    pairs, seen = [], set()
    for username, page in pages.items():
        other = next(u for u, shown in names.items() if shown == opponents[username])
        assert opponents[other] == names[username], "both banners of a match name each other"
        if username not in seen:
            pairs.append((page, pages[other]))
            seen |= {username, other}
    return pairs


def amounts(texts: list[str]) -> list[Decimal]:
    found = []
    for text in texts:
        digits = re.sub(r"[^\d,.]", "", text).replace(",", ".")
        if digits:
            found.append(Decimal(digits))
    return found


def byn_balance(page: Page) -> Decimal:
    return amounts([page.locator("#header-balances .balance[data-currency=BYN]").inner_text()])[0]


def shoot(page: Page, name: str, full_page: bool = True) -> None:
    """The page at 1280 and 390 px; at 390 nothing is wider than the screen and the bracket
    scrolls inside its own box; at 1280 the whole bracket shows, its final column included."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size({"width": 1280, "height": 900})
    bracket = page.locator("#tournament-bracket .bracket")
    if bracket.count():
        # measured in one call: the bracket's socket may swap it in between two calls
        fits = bracket.evaluate(
            """b => {
                const last = b.querySelectorAll(".bracket-round");
                const round = last[last.length - 1].getBoundingClientRect();
                const frame = b.getBoundingClientRect();
                return b.scrollWidth <= b.clientWidth + 1 && round.right <= frame.right + 1;
            }"""
        )
        assert fits, "the bracket is cut at 1280 px"
    page.screenshot(path=SHOTS / f"{name}-1280.png", full_page=full_page)
    page.set_viewport_size({"width": 390, "height": 844})
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=SHOTS / f"{name}-390.png", full_page=full_page)
    page.set_viewport_size({"width": 1280, "height": 900})


def test_four_players_follow_their_banners_from_the_lobby_to_their_tables_and_play(
    browser,
    server_url,
    player_page,  # noqa: F811 (the fixture imported above)
    js_errors,  # noqa: F811
):
    started = time.monotonic()
    name = "Journey cup"
    create_tournament(browser, server_url, name, entrants=4)
    names = {"anna": "Анна", "boris": "Борис", "vera": "Вера", "gleb": "Глеб"}
    pages = {username: player_page(username) for username in names}
    before = {username: byn_balance(page) for username, page in pages.items()}
    tournament_url = ""
    for page in pages.values():
        tournament_url = register(page, name)
    # the server's clock starts it 3 s after the fourth; every lobby shows its player's banner
    opponents = {username: banner_opponent(page) for username, page in pages.items()}
    shoot(pages["anna"], "journey-banner-on-the-lobby", full_page=False)
    semi_links = {username: follow_banner(page) for username, page in pages.items()}
    semis = pairs_of(pages, opponents, names)
    play_first_games(semis)
    stayed = [behind_leaves(pair) for pair in semis]

    # the next round: each player's banner reaches the page he is on (his closed semi-final's
    # table, or the table he left), naming the final's or the third-place match's opponent
    opponents = {u: banner_opponent(page, after=semi_links[u]) for u, page in pages.items()}
    for page in stayed:
        expect(page.locator(BANNER)).to_contain_text("Финал")
    for page in pages.values():
        follow_banner(page)
    last_round = pairs_of(pages, opponents, names)
    play_first_games(last_round)
    for pair in last_round:
        behind_leaves(pair)

    # the end: the bracket and the prizes on the tournament's page; all four played, all paid
    anna = pages["anna"]
    anna.goto(tournament_url)
    expect(anna.locator("#tournament-bracket")).to_have_attribute("data-status", "finished")
    prizes = anna.locator("#tournament-prizes tbody tr")
    expect(prizes).to_have_count(4)
    expect(anna.locator("#tournament-prizes .played-nothing")).to_have_count(0)
    paid = amounts(anna.locator("#tournament-prizes tbody td.num").all_inner_texts())
    assert len(paid) == 4 and sum(paid) == Decimal("36.00")  # 4 x 10.00 less the casino's 10 %
    assert max(paid) == Decimal("15.01")  # 36 x 35/84 rounded down, with the remainder (D9, D12)
    for page in pages.values():
        page.goto("/lobby/")
        wait_for_socket(page, "lobby")
        expect(page.locator(BANNER)).to_have_count(0)  # every match decided: no banner left
    gained = sum(byn_balance(page) - before[u] for u, page in pages.items())
    assert gained == Decimal("-4.00")  # the casino's share, nothing else kept or lost

    # bad input: an old banner's link to the decided semi-final says so, with its result
    anna.goto(semi_links["anna"])
    expect(anna).to_have_url(re.compile(re.escape(tournament_url) + "$"))
    expect(anna.locator("#messages")).to_contain_text("Этот матч уже решён")
    shoot(anna, "journey-four-players-end")
    assert not js_errors, js_errors
    print(f"\njourney (four players play): {time.monotonic() - started:.1f} s")


def test_two_never_come_nobody_wins_by_absence_alone_and_a_tournament_nobody_played_is_void(
    browser,
    server_url,
    player_page,  # noqa: F811
    js_errors,  # noqa: F811
):
    started = time.monotonic()
    clocks = {"action": 20, "grace": 5, "absence": 30}
    create_tournament(browser, server_url, "Absent cup", entrants=4, **clocks)
    create_tournament(browser, server_url, "Empty cup", entrants=2, **clocks)
    names = {"anna": "Анна", "boris": "Борис", "vera": "Вера", "gleb": "Глеб"}
    pages = {username: player_page(username) for username in names}
    before = {username: byn_balance(page) for username, page in pages.items()}
    empty = {username: player_page(username) for username in ("dina", "egor")}
    empty_before = {username: byn_balance(page) for username, page in empty.items()}
    empty_url = ""
    for page in empty.values():
        empty_url = register(page, "Empty cup")
    url = ""
    for page in pages.values():
        url = register(page, "Absent cup")
    # anna and boris leave the casino (no page of it open): they never come
    for username in ("anna", "boris"):
        pages.pop(username).goto("about:blank")
    comers = pages
    opponents = {username: banner_opponent(page) for username, page in comers.items()}
    links = {username: follow_banner(page) for username, page in comers.items()}
    paired = opponents["vera"] == names["gleb"]
    print(f"\nthe draw paired the two who came: {paired}")
    if paired:  # the draw paired the two who came
        pair = (comers["vera"], comers["gleb"])
        play_first_games([pair])
        behind_leaves(pair)
    else:  # each waits at his table, playing his turns, until the other's absence decides it
        for username, page in comers.items():
            wait_out_an_absent_opponent(page, links[username])
        opponents = {u: banner_opponent(page, after=links[u]) for u, page in comers.items()}
        assert opponents == {"vera": names["gleb"], "gleb": names["vera"]}  # the final
        for page in comers.values():
            follow_banner(page)
        pair = (comers["vera"], comers["gleb"])
        play_first_games([pair])
        behind_leaves(pair)

    vera = comers["vera"]
    vera.goto(url)
    bracket = vera.locator("#tournament-bracket")
    expect(bracket).to_have_attribute("data-status", "finished", timeout=WAIT_MS)
    # the match of the two who never came has no winner, in words with the rules cited
    expect(bracket.locator(".forfeit-reason", has_text="неявка обоих")).to_have_count(1)
    expect(bracket.locator(".forfeit-reason", has_text="неявка обоих")).to_contain_text("D13")
    # who played nothing is placed but paid nothing; the two who played share the whole fund
    rows = vera.locator("#tournament-prizes tbody tr")
    for absent in ("Анна", "Борис"):
        row = rows.filter(has_text=absent)
        expect(row).to_have_class(re.compile(r"\bplayed-nothing\b"))
        expect(row.locator("td.num")).to_have_text("—")
    paid = amounts(vera.locator("#tournament-prizes tbody td.num").all_inner_texts())
    assert len(paid) == 2 and sum(paid) == Decimal("36.00")
    vera.reload()  # the terms beside the bracket are the page's own, rendered with it
    gained = {u: byn_balance(p) - before[u] for u, p in comers.items()}
    assert sum(gained.values()) == Decimal("-20.00") + Decimal("36.00")
    shoot(vera, "journey-two-never-come-end")

    # the two-player tournament neither player came to: void, both fees back whole
    dina = empty["dina"]
    dina.goto(empty_url)
    expect(dina.locator("#tournament-void")).to_be_visible(timeout=WAIT_MS)
    for username, page in empty.items():
        page.goto("/lobby/")
        wait_for_socket(page, "lobby")
        expect(page.locator(BANNER)).to_have_count(0)
        assert byn_balance(page) == empty_before[username]
    dina.goto(empty_url)
    shoot(dina, "journey-nobody-came-void")
    assert not js_errors, js_errors
    print(f"\njourney (two never come; nobody came): {time.monotonic() - started:.1f} s")


def wait_out_an_absent_opponent(page: Page, first: str) -> None:
    """At his table against a player who never comes: he plays his turns (his own clock runs
    too) until the other's absence limit decides the match and his banner moves on from the
    match's link (``first``) to his next match's."""
    for _move in range(MAX_MOVES):
        link = page.locator(f"{BANNER} a.notice-go")
        if link.count() and link.get_attribute("href") != first:
            return
        if board(page).get_attribute("data-my-turn") == "1":
            before = version(page)
            defending = page.locator("button.take").count() > 0
            (defend_or_take if defending else attack_or_done)(page, before)
        else:
            page.wait_for_function(
                """([first, v]) => {
                    const link = document.querySelector('#player-notices a.notice-go');
                    const board = document.getElementById('table-board');
                    return (link && link.getAttribute('href') !== first)
                        || board?.dataset.myTurn === '1' || Number(board?.dataset.version) > v;
                }""",
                arg=[first, version(page)],
                timeout=WAIT_MS,
            )
    raise AssertionError("the absent opponent's match was not decided")
