"""The stud games' strategies (tables/games/{caribbean_stud,oasis_stud,
golden_oasis}/strategy.py on tables/families/stud/harness.py) through the return harness: 200 hands
each with money and cards conserved, the engine's result equal to the bare hand's on the same deals
(the speed floor plays the same game), and the strategies' decisions on scripted hands (CG
§40-§68)."""

import random
import re

import pytest

from benchmarks import rtp
from tables.engines.base import Draws
from tables.engines.cards import pack_52
from tables.engines.registry import engine_for
from tables.families.stud import harness as stud
from tables.games.caribbean_stud import strategy as caribbean_stud
from tables.games.golden_oasis import strategy as golden_oasis
from tables.games.oasis_stud import strategy as oasis_stud

RUNS = [
    ("caribbean_stud", "basic"),
    ("caribbean_stud", "no_change"),
    ("caribbean_stud", "bonus"),
    ("oasis_stud", "basic"),
    ("golden_oasis", "basic"),
    ("golden_oasis", "bonus"),
]


def _row(out: str, kind: str) -> list[str]:
    (line,) = [line for line in out.splitlines() if re.match(rf"{re.escape(kind)} +\d", line)]
    return line.split()


@pytest.mark.parametrize(("game", "strategy"), RUNS)
def test_stud_strategy_plays_200_hands_conserving_money_and_cards(game, strategy, capsys):
    assert rtp.main([game, "--hands", "200", "--seed", "7", "--strategy", strategy]) == 0
    out = capsys.readouterr().out
    assert "hands: 200" in out and "boxes: 200" in out, "one box a hand"
    assert "checks: money conserved and the cards conserved in every hand" in out
    assert int(_row(out, "ante")[1].replace(",", "")) == 200 * 100, "an ante of the minimum"
    ante, bet, fee = (int(_row(out, k)[1].replace(",", "")) for k in ("ante", "bet", "fee"))
    assert int(_row(out, "game")[1].replace(",", "")) == ante + bet + fee
    assert "dealer without a game:" in out
    bonus = int(_row(out, "bonus")[1].replace(",", ""))
    module = rtp.game_module(game)
    stake = (getattr(module, "BONUS_CONFIG", {}).get("bonus") or {}).get("stake", 0)
    assert bonus == (200 * stake if strategy == "bonus" else 0), "the table's bonus stake a hand"


@pytest.mark.parametrize("game", ["caribbean_stud", "oasis_stud", "golden_oasis"])
def test_the_engine_and_the_bare_hand_agree_hand_by_hand(game):
    """The same shuffles: the engine's net for the box equals the bare hand's (the floor of
    tables/families/stud/bench.py plays the same game), bought games and changes included."""
    module = rtp.game_module(game)
    engine = engine_for(module.GAME)
    rng, again = random.Random(11), random.Random(11)
    draws, carry = Draws(rng), None
    for _hand in range(200):
        events, carry, problem = rtp.play_hand(
            engine, module, module.STRATEGIES["basic"], rng, draws, carry, module.CONFIG
        )
        assert not problem
        kinds = {k: [0, 0] for k in module.KINDS}
        module.tally(events, kinds, {key: [0, 0] for key, *_ in module.LINES})
        deck = pack_52()
        again.shuffle(deck)
        bare = module.bare_hand(deck, module.DECISIONS["basic"])
        assert sum(r - s for s, r in kinds.values()) == 100 * bare


def test_draws_read_from_the_hand():
    assert stud.four_to_a_flush(["AS", "KS", "7S", "2S", "9H"]) == "9H"
    assert stud.four_to_a_flush(["AS", "KS", "7S", "2H", "9H"]) is None
    assert stud.four_to_an_open_straight(["5D", "6S", "7S", "8H", "KC"]) == "KC"
    assert stud.four_to_an_open_straight(["TD", "JS", "QS", "KH", "3C"]) == "3C"
    assert stud.four_to_an_open_straight(["JD", "QS", "KS", "AH", "3C"]) is None, "one-ended"
    assert stud.four_to_an_open_straight(["AD", "2S", "3S", "4H", "9C"]) is None, "one-ended"
    assert stud.four_to_an_open_straight(["5D", "6S", "8S", "9H", "KC"]) is None, "inside"
    assert stud.four_to_an_inside_straight(["5D", "6S", "8S", "9H", "KC"]) == "KC"


@pytest.mark.parametrize(
    ("cards", "up", "raises"),
    [
        (["2S", "2H", "5D", "4C", "9S"], "AH", True),  # a pair or better
        (["AS", "KH", "9D", "5C", "3S"], "5H", True),  # A-K, the up card matches
        (["AS", "KH", "9D", "5C", "3S"], "7H", False),  # A-K, no match, below A-K-J-8-3
        (["AS", "KH", "QD", "5C", "3S"], "AD", True),  # up A or K and a Q or J held
        (["AS", "KH", "JD", "8C", "3S"], "7H", True),  # A-K-J-8-3 or better
        (["AS", "KH", "JD", "7C", "6S"], "7D", True),  # matches the 7
        (["AS", "KH", "JD", "7C", "6S"], "2D", False),
        (["AS", "QH", "JD", "7C", "6S"], "7D", False),  # no king: fold
    ],
)
def test_the_caribbean_raise_rule(cards, up, raises):
    assert stud.caribbean_raise(cards, up) is raises
    assert caribbean_stud.decide_no_change(cards, up, 0)[0] == ("bet" if raises else "fold")


def test_caribbean_changes_the_card_off_a_four_flush_or_an_open_straight_only():
    assert caribbean_stud.decide(["AS", "KS", "7S", "2S", "9H"], "4D", 0) == ("change", ["9H"])
    assert caribbean_stud.decide(["5D", "6S", "7S", "8H", "KC"], "4D", 0) == ("change", ["KC"])
    assert caribbean_stud.decide(["5D", "6S", "8S", "9H", "KC"], "4D", 0) == ("fold", [])
    assert caribbean_stud.decide(["5D", "5S", "7S", "8S", "9S"], "4D", 0) == ("bet", [])
    # after the change: the raise rule alone
    assert caribbean_stud.decide(["AS", "KS", "7S", "2S", "9H"], "4D", 1) == ("fold", [])


def test_oasis_buys_a_sixth_card_on_draws_and_bets_the_best_five():
    assert oasis_stud.decide(["AS", "KS", "7S", "2S", "9H"], "4D", 0) == ("buy", [])
    assert oasis_stud.decide(["AS", "KD", "7S", "2S", "9H"], "4D", 0) == ("fold", [])
    assert oasis_stud.decide(["3S", "3D", "7S", "2S", "9H"], "4D", 0) == ("bet", [])
    six = ["AS", "KS", "7S", "2S", "9H", "4S"]  # a flush and the 9 of hearts
    assert oasis_stud.decide(six, "4D", 1) == ("bet", ["9H"])
    six = ["AS", "KS", "7S", "2S", "9H", "7D"]  # a pair of sevens: the deuce goes back
    assert oasis_stud.decide(six, "4D", 1) == ("bet", ["2S"])
    assert oasis_stud.decide(["AS", "KS", "7S", "2S", "9H", "4D"], "5D", 1) == ("fold", [])
    # no pair, no draw: bet when the dealer's up card matches one of the ranks held
    assert oasis_stud.decide(["AS", "KD", "7S", "2S", "9H"], "7D", 0) == ("bet", [])
    assert oasis_stud.decide(["AS", "KS", "7S", "2S", "9H", "4D"], "9D", 1) == ("bet", ["2S"])


def test_golden_oasis_exchanges_one_card_off_a_draw_and_keeps_pairs():
    assert golden_oasis.decide(["AS", "KS", "7S", "2S", "9H"], "4D", 0) == ("exchange", ["9H"])
    assert golden_oasis.decide(["9D", "9S", "7S", "2S", "3H"], "4D", 0) == ("bet", [])
    assert golden_oasis.decide(["AS", "KH", "9D", "5C", "3S"], "7H", 0) == ("fold", [])
    assert golden_oasis.decide(["AS", "KH", "9D", "5C", "3S"], "9H", 1) == ("bet", [])


@pytest.mark.parametrize(
    ("cards", "dealer", "replaces", "buys"),
    [
        # a straight against A-K-9-7-4 with no pair: worth a game bought (O5-O8)
        (["5D", "6S", "7H", "8C", "9S"], ["AS", "KD", "9C", "7D", "4H"], "lowest", True),
        # two pairs: the fee and the lost 1:1 cost more than the comparison brings
        (["5D", "5S", "8H", "8C", "9S"], ["AS", "KD", "9C", "7D", "4H"], "lowest", False),
        # a royal flush against Q-J-8-6-3 (Golden Oasis: his highest card replaced, G5)
        (["TS", "JS", "QS", "KS", "AS"], ["QH", "JD", "8C", "6H", "3D"], "highest", True),
    ],
)
def test_a_game_is_bought_when_it_beats_the_ante_paid(cards, dealer, replaces, buys):
    assert stud.buys_game(cards, dealer, [*cards, *dealer], replaces) is buys
