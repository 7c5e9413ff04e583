"""The board a socket is sent: rendered once per (table, version, seat, language)."""

import random
import re

import pytest

from tables import presenters
from tables.engines import durak

HAND = re.compile(r'<label class="hand-card[^"]*" data-card="(\w\w)"')


def _view(state, seat, *, table_id=1, version=7):
    return {
        "table": {
            "id": table_id,
            "name": "Cache",
            "game": "durak",
            "status": "playing",
            "version": version,
            "stake": 100,
            "currency": "BYN",
            "hand_number": 1,
            "match_number": 1,
            "capacity": 2,
            "clock": {"seats": durak.to_act(state), "deadline": 1_900_000_000.0},
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
