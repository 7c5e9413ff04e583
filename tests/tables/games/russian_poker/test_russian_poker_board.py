"""Russian poker's board (issue 34, item 3: tables/games/russian_poker/presentation.py on the stud
board): the dealer's three cards as backs until he opens them (R1), each box's cards to its owner
only and a dark box's to nobody (§32), hands named by their points (§30), the bet equal to the ante
(§31), and the svara: who tied at how many points, the doubled ante and its price to the owner, the
join offer with its ante to the others (§31, R7, R8), in BYN, in both languages."""

import pytest
from django.utils import translation

from tables.engines.cards import pack_33
from tables.engines.registry import engine_for
from tests.tables.engines.scripted import ScriptedRng
from tests.tables.families.stud.test_stud_board import act, render, shown

GAME = "russian_poker"
CONFIG = {"min_bet": 100, "max_bet": 800}
# box 0 (seat 0): K♥ Q♥ 7♣, 20 points; box 1 (seat 1, dark): 9♣ 8♦ 7♠; box 3 (seat 1's open
# box, folded: a dark box is the second of two, §32): 8♠ 9♠ 7♦; the dealer J♠ 10♠ 8♥: 20
DEAL = "KH QH 7C 9C 8D 7S 8S 9S 7D JS TS 8H"
# the svara's pack: box 0 gets A♥ K♥ Q♥ (31), the joiner's box 2 9♥ 8♥ J♦, the dealer 7♦ 8♠ 9♦
SVARA = "AH KH QH 9H 8S JD 7D 8C 9D"


def deck(top: str) -> list[str]:
    cards = top.split()
    return [*cards, *(c for c in pack_33() if c not in cards)]


def tied_state():
    engine = engine_for(GAME)
    state = engine.new_hand(dict(CONFIG), [0, 1], ScriptedRng(deck(DEAL), deck(SVARA), rest=True))
    state = act(GAME, state, 0, type="ante", amount=100)
    state = act(GAME, state, 1, type="ante", box=3, amount=100)
    state = act(GAME, state, 1, type="ante", box=1, amount=200, dark=True)
    state = act(GAME, state, 1, type="done")
    assert state["phase"] == "deciding"
    state = act(GAME, state, 1, type="fold", box=3)
    return state


@pytest.mark.parametrize("language", ["en", "ru"])
def test_r1_the_dealers_three_cards_are_backs_and_a_dark_box_is_seen_by_nobody(language):
    state = tied_state()
    for viewer in (None, 0, 1):
        html = render(GAME, state, CONFIG, [0, 1], viewer, language=language)
        for hidden in ("JS", "TS", "8H", "9C", "8D", "7S"):
            assert not shown(html, hidden), f"{hidden} is face down for {viewer}"
    owner = render(GAME, state, CONFIG, [0, 1], 0)
    assert all(shown(owner, c) for c in ("KH", "QH", "7C")) and "20 points" in owner
    assert "Bet 1.00 BYN" in owner, "§31: the bet equals the ante"
    assert "Bet: equal to the ante" in owner
    other = render(GAME, state, CONFIG, [0, 1], 1)
    assert not any(shown(other, c) for c in ("KH", "QH", "7C"))


def test_r7_r8_the_svara_offers_the_owner_the_doubled_ante_and_the_others_the_join():
    state = act(GAME, tied_state(), 0, type="bet", box=0)
    assert state["phase"] == "svara"
    owner = render(GAME, state, CONFIG, [0, 1], 0)
    assert shown(owner, "JS") and shown(owner, "KH"), "the tie is opened for all"
    assert 'data-svara="1"' in owner and "1: boxes 1 tied with the dealer" in owner
    assert "double the ante to 2.00 BYN (1.00 BYN more)" in owner
    assert 'data-action="svara"' in owner and "Play the svara (+1.00 BYN)" in owner
    # the dark box lost to 20 points? 9 points: it lost; its owner may join with 1.00 BYN
    joiner = render(GAME, state, CONFIG, [0, 1], 1)
    assert "Join the svara (1.00 BYN)" in joiner and 'data-action="decline"' in joiner
    assert 'data-action="svara"' not in joiner
    watcher = render(GAME, state, CONFIG, [0, 1], None)
    assert "Join the svara" not in watcher and "may join" in watcher.lower()
    with translation.override("ru"):
        russian = render(GAME, state, CONFIG, [0, 1], 1, language="ru")
    assert "Join the svara" not in russian and "1,00 BYN" in russian.replace(".", ",")


def test_r7_the_svaras_new_cards_and_the_earlier_deal_are_on_the_board():
    state = act(GAME, tied_state(), 0, type="bet", box=0)
    state = act(GAME, state, 1, type="join")
    state = act(GAME, state, 0, type="svara", box=0)
    assert state["phase"] == "deciding"
    owner = render(GAME, state, CONFIG, [0, 1], 0)
    assert all(shown(owner, c) for c in ("AH", "KH", "QH")) and "31 points" in owner
    assert "The deal:" in owner, "the earlier deal stays on the board"
    state = act(GAME, state, 1, type="bet", box=2)
    state = act(GAME, state, 0, type="bet", box=0)
    assert state["over"]
    html = render(GAME, state, CONFIG, [0, 1], None)
    # box 0: ante 2.00 and bet 2.00 at 31 points: +2.00 + 6.00
    assert "+8.00 BYN" in html


def test_cg_31_a_box_carried_past_a_dealer_without_a_game_keeps_its_cards_to_its_owner():
    # the svara's dealer has no game (10 points): box 0's A♥ K♥ Q♥ are never shown to the
    # table, they go on to the next svara as its owner's own (§31, R6)
    engine = engine_for(GAME)
    first = deck("KH QH 7C JS TS 8D")
    packs = ScriptedRng(first, deck("AH KH QH TS 9H 8D"), deck(SVARA), rest=True)
    state = engine.new_hand(dict(CONFIG), [0, 1], packs)
    state = act(GAME, state, 0, type="ante", amount=100)
    state = act(GAME, state, 1, type="done")
    state = act(GAME, state, 0, type="bet", box=0)
    state = act(GAME, state, 0, type="svara", box=0)
    state = act(GAME, state, 1, type="decline")
    state = act(GAME, state, 0, type="bet", box=0)
    assert state["phase"] == "svara" and state["svara"]["number"] == 2
    state = act(GAME, state, 1, type="decline")
    state = act(GAME, state, 0, type="svara", box=0)
    owner = render(GAME, state, CONFIG, [0, 1], 0)
    assert "Your cards before the svara:" in owner and "Given back" not in owner
    other = render(GAME, state, CONFIG, [0, 1], 1)
    assert "Your cards before the svara:" not in other
