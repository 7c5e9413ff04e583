"""The stud games' board (issue 33, item 7: tables/families/stud/board.py,
tables/families/stud/jinja2/tables/stud/board.html): the dealer's five cards with only his last one
up until he opens them (CG §40, §55, §65), each box's cards to its owner only and a dark box's to
nobody, the change picker with its price (§41, §56.3, §65), the "buy a game" offer (§58, §66), the
combination named and the payout called in BYN (§52, §63), for every viewer, in both languages."""

import itertools

import pytest
from django.utils import translation

from tables import presenters
from tables.engines.cards import pack_52
from tables.engines.registry import engine_for
from tests.tables.engines.scripted import ScriptedRng
from tests.tables.test_shared_sections import board_view

VERSIONS = itertools.count(5_000)
CARIBBEAN = {
    "min_bet": 100,
    "max_bet": 1_000,
    "boxes": 5,
    "bonus": {"stake": 100, "pays": {"straight": "5:1", "royal_flush": "1000:1"}},
    "max_payout": 3_000,
}


def deck(top: str) -> list[str]:
    cards = top.split()
    return [*cards, *(c for c in pack_52() if c not in cards)]


def deal(game: str, config: dict, players, top: str):
    return engine_for(game).new_hand(dict(config), players, ScriptedRng(deck(top)))


def act(game, state, seat, **action):
    state, _events = engine_for(game).apply(state, seat, action)
    return state


def render(game, state, config, seated, viewer, *, balance=100_000, language="en", **table):
    engine = engine_for(game)
    view = board_view(engine, game, state, config, seated, viewer, next(VERSIONS), **table)
    view["balance"] = balance
    view["turn"] = "t"
    with translation.override(language):
        html = presenters.board_html(view, oob=True)
    return html.replace("\xa0", " ").replace("\u202f", " ")  # amounts keep their space


def shown(html: str, code: str) -> bool:
    return f'data-card="{code}"' in html or f"#card-{code}" in html


# box 0 (Anna): AS AD 7C 5H 2S, a pair of aces; box 1 (Boris, dark): KS KD 9C 9H 3S, two pairs;
# box 2 (Boris's open box, beside which the dark one goes, §40; folded): TH 8H 6D 5C 3C;
# the dealer: QH JH 8D 6C 4S, his 4S up (no game: Q-J high)
CARIBBEAN_DEAL = "AS AD 7C 5H 2S KS KD 9C 9H 3S TH 8H 6D 5C 3C QH JH 8D 6C 4S TC"


def caribbean_decisions():
    state = deal("caribbean_stud", CARIBBEAN, [0, 1], CARIBBEAN_DEAL)
    state = act("caribbean_stud", state, 0, type="ante", amount=200, bonus=True)
    state = act("caribbean_stud", state, 1, type="ante", box=2, amount=100)
    state = act("caribbean_stud", state, 1, type="ante", box=1, amount=100, dark=True)
    state = act("caribbean_stud", state, 1, type="done")
    assert state["phase"] == "deciding"
    state = act("caribbean_stud", state, 1, type="fold", box=2)
    return state


@pytest.mark.parametrize("language", ["en", "ru"])
def test_cg_40_the_dealers_last_card_is_up_the_others_are_backs_for_every_viewer(language):
    state = caribbean_decisions()
    for viewer in (None, 0, 1):
        html = render("caribbean_stud", state, CARIBBEAN, [0, 1], viewer, language=language)
        assert shown(html, "4S"), "the dealer's last card is face up (§40)"
        for hidden in ("QH", "JH", "8D", "6C"):
            assert not shown(html, hidden), f"the dealer's {hidden} is face down"
        for dark in ("KS", "KD", "9C", "9H", "3S"):
            assert not shown(html, dark), "a dark box's cards are seen by nobody (§40, C7)"


def test_cg_40_an_open_boxs_cards_go_to_its_owner_alone_with_the_change_and_its_price():
    state = caribbean_decisions()
    anna = render("caribbean_stud", state, CARIBBEAN, [0, 1], 0)
    for card in ("AS", "AD", "7C", "5H", "2S"):
        assert shown(anna, card)
    assert "a pair" in anna.lower() or "pair" in anna
    assert 'id="pick-form"' in anna and 'data-move="change"' in anna
    assert "Change the card picked (fee 2.00 BYN)" in anna, "§41: the fee is the ante"
    assert "Bet 4.00 BYN" in anna, "§42: the bet is twice the ante"
    for viewer in (None, 1):
        other = render("caribbean_stud", state, CARIBBEAN, [0, 1], viewer)
        assert not any(shown(other, c) for c in ("AS", "AD", "7C", "5H", "2S"))
        assert 'id="pick-form"' not in other


def test_cg_43_the_showdown_names_the_hands_and_calls_each_payout_in_byn():
    state = caribbean_decisions()
    state = act("caribbean_stud", state, 0, type="bet", box=0)
    assert state["over"]
    html = render("caribbean_stud", state, CARIBBEAN, [0, 1], None)
    for card in ("QH", "JH", "8D", "6C", "4S"):
        assert shown(html, card), "the dealer opens his cards (§43)"
    assert "The dealer has no game" in html
    # Anna: the ante +2.00 (C3), her bonus lost −1.00 (a pair pays no bonus): +1.00 on the box;
    # the dark box's ante +1.00, its bet returned
    assert "−1.00 BYN" in html, "the bonus's result is called"
    assert html.count("+1.00 BYN") >= 2, "each box's payout is called in BYN"


def test_cg_58_a_box_with_a_pair_is_offered_to_buy_the_dealer_a_game_for_an_ante():
    # Oasis: box 0 (Anna) a pair of eights; the dealer A K 9 7 4, no pair (§58)
    state = deal(
        "oasis_stud", {"min_bet": 100, "max_bet": 1_000}, [0], "8S 8D 5C 3H 2S AS KD 9C 7H 4D 9D"
    )
    state = act("oasis_stud", state, 0, type="ante", amount=100)
    state = act("oasis_stud", state, 0, type="bet", box=0)
    assert state["phase"] == "buying"
    html = render("oasis_stud", state, {"min_bet": 100, "max_bet": 1_000}, [0], 0)
    assert "Buy a game (1.00 BYN)" in html
    assert 'data-action="no_game"' in html
    with translation.override("ru"):
        russian = render(
            "oasis_stud", state, {"min_bet": 100, "max_bet": 1_000}, [0], 0, language="ru"
        )
    assert "Buy a game" not in russian


def test_cg_65_the_golden_oasis_exchange_lists_its_prices():
    config = {"min_bet": 100, "max_bet": 1_000}
    state = deal("golden_oasis", config, [0], "2S 5D 8C JH KS AS QD 9C 7H 4D")
    state = act("golden_oasis", state, 0, type="ante", amount=100)
    html = render("golden_oasis", state, config, [0], 0)
    assert "Exchange the cards picked" in html
    assert "1: 1.00 BYN" in html and "4: 4.00 BYN" in html and "5: 1.00 BYN" in html
