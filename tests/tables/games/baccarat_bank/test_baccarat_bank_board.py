"""Baccarat's board shows what the rules make public of a finished coup (CG §12–§16): the four
worked examples of ../shared/rules/baccarat-bank.md, played through the engine, each on the
board as it ends and beside the next coup's betting: both hands' cards and totals, a natural
named, why each third card was drawn, the result in words, each seat's win or loss, the bank
after it, the holder's decisions; and no card the rules keep hidden (the shoe)."""

import itertools
import re

import pytest
from django.utils import translation

from tables import presenters
from tables.games.baccarat_bank.engine import ENGINE
from tests.tables.games.baccarat_bank.test_baccarat_bank import Coup, example_4_coup

CARD = re.compile(r'data-card="(\w\w)"')
NAMES = ["Anna", "Boris", "Vera"]


_versions = itertools.count(1)


def _view(state, seat, *, last_game=None, version=None):
    """The view of a table whose every rendering here is a new version (the boards' caches are
    by version)."""
    version = next(_versions) if version is None else version
    return {
        "table": {
            "id": 41,
            "name": "Baccarat",
            "game": "baccarat_bank",
            "status": "playing",
            "version": version,
            "currency": "BYN",
            "hand_number": 2 if last_game else 1,
            "match_number": 1,
            "capacity": 3,
            "settings": {"min_bet": 100},
            "clock": {"seats": [], "deadline": None, "deadlines": {}},
            "commitment": "c" * 64,
            "last_game": last_game,
            "seats": [
                {"position": p, "player_id": 10 + p, "name": NAMES[p], "status": "sitting"}
                | {"away": False, "ready": True}
                for p in sorted(state["players"])
            ],
        },
        "game": ENGINE.view(state, seat),
        "seat": seat,
    }


def _boards(state, **kwargs) -> dict:
    """The board of every seat and of a spectator, in English."""
    presenters._boards.clear()
    version = next(_versions)
    with translation.override("en"):
        return {
            seat: presenters.board_html(_view(state, seat, version=version, **kwargs), oob=True)
            for seat in (*state["players"], None)
        }


def _example_1():
    coup = Coup([0, 1, 2], ["4S", "KD", "5H", "7C"])
    coup.open_bank(0, 1000, others=(1, 2))
    coup.act(1, "bet", amount=400)
    coup.act(2, "bet", amount=600)
    coup.act(0, "deal")
    return coup


def _example_2():
    coup = Coup([0, 1], ["TC", "2S", "3D", "4C", "4H"])
    coup.open_bank(0, 1000, others=(1,))
    coup.act(1, "bet", amount=300)
    coup.act(0, "deal")
    coup.act(0, "take_chocolate")
    return coup


def _example_3():
    coup = Coup([0, 1, 2], ["5H", "AD", "JS", "6C"])
    coup.open_bank(0, 500, others=(1, 2))
    coup.act(1, "bet", amount=200)
    coup.act(2, "bet", amount=100)
    coup.act(0, "deal")
    coup.act(0, "no_chocolate")
    coup.act(1, "stand")
    return coup


def _example_4():
    return example_4_coup()


EXAMPLES = [
    # (the coup, punters' cards, bank's cards, totals, what the board says)
    (
        _example_1,
        ["4S", "5H"],
        ["KD", "7C"],
        (9, 7),
        [
            '<div class="bac-natural"><span class="term" data-term="natural"',  # named, explained
            "Bank 7 : Punters 9 — the punters win",
            "+4.00\xa0BYN",
            "+6.00\xa0BYN",
            "−10.00\xa0BYN",
            "The bank is lost: the holding passes.",
        ],
    ),
    (
        _example_2,
        ["TC", "3D", "4H"],
        ["2S", "4C"],
        (7, 6),
        [
            "3 on two cards: must draw (§14)",
            "6 against a third card of 4: the bank stands",
            "Bank 6 : Punters 7 — the punters win",
            "Anna took the chocolate: 7.00\xa0BYN",
            "+3.00\xa0BYN",
        ],
    ),
    (
        _example_3,
        ["5H", "JS"],
        ["AD", "6C"],
        (5, 7),
        [
            "5 on two cards: the cardholder chose to stand (§14)",
            "7, the punters stood: the bank stands on 6–7",
            "Bank 7 : Punters 5 — the bank wins",
            "−2.00\xa0BYN",
            "−1.00\xa0BYN",
            "+2.85\xa0BYN",
            "Bank now: 7.85\xa0BYN",
            "0.15\xa0BYN",  # the casino's commission
            "Anna left the chocolate in the bank: 2.00\xa0BYN",
        ],
    ),
    (
        _example_4,
        ["9D", "8C"],
        ["QH", "7S"],
        (7, 7),
        [
            "Bank 7 : Punters 7 — a tie, the bets go back",
            "4.00\xa0BYN back",
            "Bank now: 7.85\xa0BYN",
            "The cut card is out",
        ],
    ),
]


def _coup_section(board: str) -> str:
    start = board.index('<section class="bac-coup')
    return board[start : board.index("</section>", start)]


def _check(board, punter, holder, totals, words):
    section = _coup_section(board)
    punters = section[section.index('data-side="punter"') : section.index('data-side="bank"')]
    bank = section[section.index('data-side="bank"') :]
    assert CARD.findall(punters) == punter and CARD.findall(bank.split("kit-result")[0]) == holder
    assert f'data-side="punter" data-total="{totals[0]}"' in section
    assert f'data-side="bank" data-total="{totals[1]}"' in section
    for text in words:
        assert text in section, (text, section)
    # nothing else of the shoe: the only cards on the board are the coup's
    assert sorted(CARD.findall(board)) == sorted(punter + holder)


@pytest.mark.parametrize(("play", "punter", "holder", "totals", "words"), EXAMPLES)
def test_a_finished_coup_shows_its_cards_totals_and_result_to_everyone(
    play, punter, holder, totals, words
):
    coup = play()
    assert coup.state["over"]
    for board in _boards(coup.state).values():
        _check(board, punter, holder, totals, words)
        assert 'data-current="1"' in board
    # the next coup's betting: the last coup stays on the board beside it until the next deal
    carry = ENGINE.carry_over(coup.state)
    following = Coup(coup.state["players"], ["2S", "3S", "4S", "5S"], carry=carry)
    last_game = {"number": 1, **ENGINE.hand_result(coup.state)}
    for board in _boards(following.state, last_game=last_game).values():
        _check(board, punter, holder, totals, words)
        assert 'data-current="0"' in board and "The last coup" in board
        # dealt in the change that began the next coup (nobody has decided in it yet): the
        # cards are dealt in, one after another; after a choice on 5 only the third cards
        chose = coup.state["result"]["punter_choice"] is not None
        new = len(punter) + len(holder) - (4 if chose else 0)
        section = _coup_section(board)
        assert section.count("kit-card is-new") == new
        assert sorted(int(n) for n in re.findall(r"--deal: (\d+)", section)) == list(range(new))


def test_the_last_coup_leaves_the_board_at_the_next_deal_and_is_not_dealt_in_twice():
    coup = _example_3()
    carry = ENGINE.carry_over(coup.state)
    following = Coup([0, 1, 2], ["9S", "TS", "2H", "TD"], carry=carry)
    last_game = {"number": 1, **ENGINE.hand_result(coup.state)}
    following.act(1, "bet", amount=100)
    board = _boards(following.state, last_game=last_game)[None]
    assert "The last coup" in board and "is-new" not in board  # shown, not dealt in again
    following.act(2, "pass")
    following.act(0, "deal")
    following.act(0, "no_chocolate")
    board = _boards(following.state, last_game=last_game)[None]
    assert "The last coup" not in board and "5H" not in board  # the new coup's cards only
    assert sorted(CARD.findall(board)) == sorted(
        following.state["punter_cards"] + following.state["holder_cards"]
    )


def test_the_bead_road_shows_the_shoes_coups():
    coup = _example_3()
    board = _boards(coup.state)[None]
    assert re.search(r'<li class="bead bank" title="the bank won">B</li>', board)
    following = Coup([0, 1, 2], ["2S", "3S", "4S", "5S"], carry=ENGINE.carry_over(coup.state))
    assert following.state["road"] == ["bank"]


def test_the_result_in_russian_words():
    coup = _example_3()
    presenters._boards.clear()
    with translation.override("ru"):
        board = presenters.board_html(_view(coup.state, None), oob=True)
    assert "Банк 7 : Понтёры 5 — банк выигрывает" in board


def test_quick_stakes_min_banco_max_fill_the_bet_box():
    coup = Coup([0, 1, 2], ["5H", "AD", "JS", "6C"])
    coup.open_bank(0, 500, others=(1, 2))
    coup.act(1, "bet", amount=200)
    board = _boards(coup.state)[2]
    form = board[board.index('id="bet-form"') :]
    form = form[: form.index("</form>")]
    assert 'name="amount" value="1"' in form and "(1.00\xa0BYN – 5.00\xa0BYN)" in form
    assert re.findall(r'data-fill="([\d.]+)"[^>]*>([^<]+)<', form) == [
        ("1", "min"),
        ("3", "banco"),  # the bank left to cover: 5.00 less the 2.00 bet
        ("5", "max"),
    ]
