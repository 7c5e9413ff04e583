"""The board a socket is sent: rendered once per (table, version, seat, language)."""

import random
import re

import pytest
from django.utils import translation

from tables import presenters
from tables.games.durak import engine as durak

HAND = re.compile(r'<label class="hand-card[^"]*" data-card="(\w\w)"')


def _view(state, seat, *, table_id=1, version=7):
    """A Durak view of the new actor's shape: the table's settings (no "stake"), a clock per
    seat awaited."""
    awaited = durak.to_act(state)
    return {
        "table": {
            "id": table_id,
            "name": "Cache",
            "game": "durak",
            "status": "playing",
            "version": version,
            "currency": "BYN",
            "hand_number": 1,
            "match_number": 1,
            "capacity": 2,
            "settings": {"stake": 100, "wins_to_win": 5},
            "clock": {
                "seats": awaited,
                "deadline": 1_900_000_000.0,
                "deadlines": {str(p): 1_900_000_000.0 for p in awaited},
            },
            "commitment": "c" * 64,
            "last_game": None,
            "seats": [
                {"position": p, "player_id": 10 + p, "name": f"P{p}", "status": "sitting"}
                | {"away": False, "ready": True}
                for p in (0, 1)
            ],
        },
        "game": durak.view(state, seat),
        "seat": seat,
    }


@pytest.fixture
def state():
    presenters._boards.clear()
    return durak.new_hand({"wins_to_win": 5, "stake": 100}, [0, 1], random.Random(5), None)


def test_each_seat_is_rendered_its_own_hand_and_a_spectator_none(state):
    boards = {seat: presenters.render_board(_view(state, seat), "en") for seat in (0, 1, None)}
    for seat in (0, 1):
        assert sorted(HAND.findall(boards[seat])) == sorted(state["hands"][seat])
        assert not set(HAND.findall(boards[seat])) & set(state["hands"][1 - seat])
    assert 'id="hand-form"' not in boards[None] and not HAND.findall(boards[None])
    # rendering the other seats afterwards never hands out a board cached for another seat
    assert presenters.render_board(_view(state, 1), "en") == boards[1]
    assert presenters.render_board(_view(state, None), "en") == boards[None]


def test_a_board_is_rendered_once_per_table_version_seat_and_language(state, monkeypatch):
    rendered = []
    real = presenters.board_html
    monkeypatch.setattr(
        presenters, "board_html", lambda *a, **k: rendered.append(a) or real(*a, **k)
    )
    first = presenters.render_board(_view(state, 0), "en")
    assert presenters.render_board(_view(state, 0), "en") is first  # a second tab
    russian = presenters.render_board(_view(state, 0), "ru")
    assert russian != first and "Ставка" in russian and "Stake" in first
    presenters.render_board(_view(state, 0, version=8), "en")
    presenters.render_board(_view(state, 0, table_id=2), "en")
    assert len(rendered) == 4


def test_data_beats_lists_the_cards_each_hand_card_may_beat(state):
    attacker = state["attacker"]
    lead = durak.legal_actions(state, attacker)[0]
    state, _events = durak.apply(state, attacker, lead)
    defender = 1 - attacker
    board = presenters.render_board(_view(state, defender, version=8), "en")
    expected: dict[str, list[str]] = {}
    for action in durak.legal_actions(state, defender):
        if action["type"] == "defend":
            expected.setdefault(action["card"], []).append(action["target"])
    shown = dict(re.findall(r'data-card="(\w\w)" data-rank="\w" data-beats="([^"]*)"', board))
    assert {card: beats.split() for card, beats in shown.items()} == expected


def test_the_cache_is_bounded(state, monkeypatch):
    monkeypatch.setattr(presenters, "BOARD_CACHE_SIZE", 3)
    for version in range(10):
        presenters.render_board(_view(state, 0, version=version), "en")
    assert len(presenters._boards) == 3


# --- any game, any number of seats ---------------------------------------------------------------

SEAT = re.compile(
    r'<div (?:id="board-seat-\d+" )?class="(player [^"]*|seat-empty)" data-position="(\d+)"'
)


def clocks_shown(board: str) -> dict[int, int]:
    """Each seat's clock on a board: {position: deadline}."""
    shown = {}
    for chunk in re.split(r'<div (?:id="board-seat-\d+" )?class="player ', board)[1:]:
        position = int(re.search(r'data-position="(\d+)"', chunk).group(1))
        clock = re.search(r'<span class="clock" data-deadline="(\d+)"', chunk)
        if clock:
            shown[position] = int(clock.group(1))
    return shown


def _six_seat_view(me, *, empty=(4,), clock=None, status="playing", game="sixer"):
    """A view of a 6-seat game as the new actor sends it (no real engine: another engineer
    writes one); seat 4 is empty. Three players decide at once, each on a clock of their own."""
    clock = clock or {
        "seats": [0, 2, 5],
        "deadline": 1_900_000_000.0,
        "deadlines": {"0": 1_900_000_000.0, "2": 1_900_000_007.5, "5": 1_900_000_011.0},
    }
    return {
        "table": {
            "id": 61,
            "name": "Six",
            "game": game,
            "status": status,
            "version": 12,
            "hand_number": 3,
            "match_number": 1,
            "capacity": 6,
            "currency": "BYN",
            "settings": {"min_bet": 100, "max_bet": 5_000},
            "clock": clock,
            "commitment": "d" * 64,
            "last_game": None,
            "seats": [
                {"position": p, "player_id": 100 + p, "name": f"S{p}", "status": "sitting"}
                | {"away": p == 3, "ready": True}
                for p in range(6)
                if p not in empty
            ],
        },
        "game": {"stage": "betting", "legal": [{"type": "fold"}]} if me is not None else None,
        "seat": me,
    }


def test_a_two_seat_view_puts_you_at_the_bottom_and_the_other_seat_on_top(state):
    for seat in (0, 1):
        context = presenters.board_context(_view(state, seat))
        layout = context["seat_layout"]
        assert [s["position"] for s in layout["bottom"]] == [seat]
        assert layout["bottom"][0]["is_me"]
        assert [s["position"] for s in layout["top"]] == [(seat + 1) % 2]
        assert layout["left"] == layout["right"] == []
        awaited = durak.to_act(state)
        assert context["clocks"] == {p: 1_900_000_000 for p in awaited}
        assert context["my_turn"] == (seat in awaited)
    # a spectator's felt is anchored on the first seat
    layout = presenters.board_context(_view(state, None))["seat_layout"]
    assert [s["position"] for s in layout["bottom"]] == [0]
    assert not layout["bottom"][0]["is_me"]


def test_a_six_seat_view_goes_round_the_table_from_your_left_with_a_clock_each():
    context = presenters.board_context(_six_seat_view(2))
    layout = context["seat_layout"]
    assert [s["position"] for s in layout["bottom"]] == [2]
    # from my left: up the left side, along the top, down the right side
    around = [s["position"] for side in ("left", "top", "right") for s in layout[side]]
    assert around == [3, 4, 5, 0, 1]
    assert [s["order"] for side in ("left", "top", "right") for s in layout[side]] == [
        1,
        2,
        3,
        4,
        5,
    ]
    assert layout["left"] and layout["right"] and layout["compact"]
    empty = next(s for side in ("left", "top", "right") for s in layout[side] if s["position"] == 4)
    assert empty["seat"] is None
    # each awaited seat has its own deadline; the earliest is the board's
    assert context["clocks"] == {0: 1_900_000_000, 2: 1_900_000_007, 5: 1_900_000_011}
    assert context["deadline"] == 1_900_000_000
    assert context["my_turn"] and context["free_seats"] == 1

    board = presenters.board_html(_six_seat_view(2), oob=True)
    shown = {
        int(p): (kind.split()[1] if kind != "seat-empty" else "empty")
        for kind, p in SEAT.findall(board)
    }
    assert shown == {0: "other", 1: "other", 2: "me", 3: "other", 4: "empty", 5: "other"}
    assert clocks_shown(board) == {
        0: 1_900_000_000,
        2: 1_900_000_007,
        5: 1_900_000_011,
    }
    assert 'data-capacity="6"' in board and "to-act" in board and "is-away" in board
    # the generic board offers the moves that need no choice
    assert 'data-action="fold"' in board


def test_a_six_seat_spectator_and_a_paused_table():
    spectator = presenters.board_context(_six_seat_view(None))
    assert [s["position"] for s in spectator["seat_layout"]["bottom"]] == [0]
    assert not spectator["my_turn"]
    paused = presenters.board_html(_six_seat_view(5, status="paused"), oob=False)
    assert 'class="clock"' not in paused and 'data-my-turn="0"' in paused
    assert 'data-action="fold"' not in paused  # nothing may be played at a paused table


@pytest.mark.parametrize("capacity", range(2, presenters.MAX_SEATS + 1))
def test_every_seat_is_placed_once_for_any_number_of_seats(capacity):
    seats = [{"position": p, "name": f"P{p}"} for p in range(capacity)]
    for me in (None, 0, capacity - 1):
        layout = presenters.seat_layout({"capacity": capacity, "seats": seats}, me)
        placed = [
            s["position"] for side in ("left", "top", "right", "bottom") for s in layout[side]
        ]
        assert sorted(placed) == list(range(capacity))
        assert len(layout["left"]) == len(layout["right"]) <= len(layout["top"])


def test_a_view_of_the_older_shape_still_renders(state):
    """Until the new actor lands: "stake" in view["table"], no settings, one deadline."""
    view = _view(state, 0)
    table = view["table"]
    del table["settings"]
    table["stake"] = 2_500
    table["clock"] = {"seats": durak.to_act(state), "deadline": 1_900_000_000.0}
    board = presenters.board_html(view, oob=True)
    assert "Stake <b>1.00" in board  # the match in play keeps its own stake
    view["game"] = None  # between matches (a later version): the table's stake
    table["version"] += 1
    board = presenters.board_html(view, oob=True)
    assert "Stake <b>25.00" in board
    awaited = durak.to_act(state)
    assert set(clocks_shown(board)) == set(awaited)


def test_the_durak_stake_is_the_matchs_while_one_is_played_else_the_settings(state):
    from tables.games.durak import presentation as durak_presentation

    view = _view(state, 0)
    view["table"]["settings"]["stake"] = 700  # changed for the next match
    assert durak_presentation.stake_of(view) == 100  # the match in play keeps its stake
    view["game"] = None
    assert durak_presentation.stake_of(view) == 700


# --- the lobby's and the pit's rows ------------------------------------------------------------


def _summary(**changes):
    summary = {
        "id": 61,
        "name": "Six",
        "game": "sixer",
        "display_name": "Podkidnoy durak",  # any translated name will do
        "status": "playing",
        "currency": "BYN",
        "capacity": 6,
        "players": ["S0", "S1", "S2"],
        "away": [1],
        "seats": [
            {"position": p, "name": f"S{p}", "away": p == 1, "away_seconds": 0} for p in (0, 1, 2)
        ],
        "pot": 1_500,
        "stage": "betting",
        "facts": [["Stake", {"money_range": [100, 5_000]}], ["Score", "3:1"], ["Game", 7]],
        "version": 4,
        "hand_number": 3,
    }
    return {**summary, **changes}


def test_a_summary_row_shows_name_seats_pot_stage_and_facts():
    with translation.override("ru"):
        row = presenters.summary_row(_summary())
    assert row["label"] == "Подкидной дурак"
    assert (row["taken"], row["capacity"], row["free"], row["pot"]) == (3, 6, True, 1_500)
    assert row["stage"] == "betting"
    assert [f["label"] for f in row["facts"]] == ["Ставка", "Счёт", "Игра"]
    assert row["facts"][0]["range"] == [100, 5_000]
    assert row["facts"][1]["value"] == "3:1" and row["facts"][2]["value"] == 7
    assert row["summary_template"] == "tables/summary/_facts.html"


def test_a_summary_of_the_older_shape_is_adapted_by_its_game():
    old = {
        "id": 1,
        "name": "Durak",
        "game": "durak",
        "status": "playing",
        "stake": 1_000,
        "currency": "BYN",
        "wins_to_win": 5,
        "score": [2, 1],
        "players": ["A", "B"],
        "away": [],
        "pot": 2_000,
        "seats": [{"name": "A", "away": False}, {"name": "B", "away": False}],
        "capacity": 2,
        "version": 9,
        "hand_number": 4,
    }
    with translation.override("en"):
        row = presenters.summary_row(old)
    assert row["label"] == "Podkidnoy durak"
    assert (row["taken"], row["capacity"], row["free"], row["pot"]) == (2, 2, False, 2_000)
    assert [(f["label"], f["money"], f["value"]) for f in row["facts"]] == [
        ("Stake", 1_000, ""),
        ("Wins to win", None, 5),
        ("Score", None, "2:1"),
    ]


@pytest.mark.parametrize("template", ["tables/_lobby_row.html", "tables/_pit_row.html"])
def test_the_rows_render_any_games_facts_with_money_formatted(template, rf):
    from django.template.loader import render_to_string

    summary = _summary(games_last_hour=2)
    with translation.override("en"):
        html = render_to_string(template, {"t": summary, "oob": True}, request=rf.get("/"))
    assert 'id="table-row-61"' in html or 'id="pit-table-61"' in html
    assert "3/6" in html and "15.00\xa0BYN" in html  # seats taken of the capacity, the pot
    # a money range through the money filter: each amount its own nowrap span
    assert (
        '<span class="money">1.00\xa0BYN</span> – <span class="money">50.00\xa0BYN</span>' in html
    )
    assert "Score" in html and "3:1" in html and "betting" in html
    assert "Podkidnoy durak" in html


# --- the registry ------------------------------------------------------------------------------


def test_the_registry_gives_each_game_its_presentation_and_any_other_the_defaults():
    from tables.presentation import presentation_for, registered_games

    assert "durak" in registered_games()
    game = presentation_for("durak")
    assert game.board_template == "tables/durak/board.html"
    assert game.page_template == "tables/page.html"  # the shared page
    assert game.summary_template == "tables/summary/_facts.html"  # the generic facts
    assert game.replay_template == "tables/durak/_replay_step.html"
    assert game.js == "js/games/durak.js" and game.presenter is not None
    with translation.override("ru"):
        assert game.label == "Подкидной дурак"
    other = presentation_for("sixer")
    assert other.presenter is None and other.js is None
    assert other.board_template == "tables/board.html" and other.label == "sixer"
    assert presentation_for("sixer") is other


def test_an_own_section_kept_by_its_key_is_drawn_once_a_key_and_a_key_left_short_is_caught():
    """``own_section_by``: a body that depends only on its key (and the language) is drawn once
    for every board with that key; under the tests' ``sections_recorded`` it is drawn every time
    and compared with what was kept, so a key that leaves out what the body shows fails."""
    drawn = []

    def body(text):
        def caller():
            drawn.append(text)
            return text

        return caller

    with translation.override("en"):
        key = ("kept by key", random.random())
        first = presenters.own_section_by(key, "layout", body("a"))
        again = presenters.own_section_by(key, "layout", body("a"))
        assert first == again and 'id="board-own-layout"' in first and drawn == ["a"]
        with presenters.sections_recorded():
            presenters.own_section_by(key, "layout", body("a"))
            with pytest.raises(AssertionError, match="its key .* is not all"):
                presenters.own_section_by(key, "layout", body("b"))
    with translation.override("ru"):  # another language: drawn afresh
        presenters.own_section_by(key, "layout", body("а"))
    assert drawn == ["a", "a", "b", "а"]


def test_an_empty_own_slot_is_the_empty_section():
    assert presenters.own_slot("mine-pass") == presenters.own_section("mine-pass", lambda: "")
