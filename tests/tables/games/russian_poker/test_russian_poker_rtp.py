"""Russian poker's strategies (tables/games/russian_poker/strategy.py on
tables/families/stud/harness.py) through the return harness: 300 hands each with money and cards
conserved, one first ante a hand, the engine's result equal to the bare hand's on the same deals,
svaras included (the speed floor plays the same game), the rule as stated, and the exact figures'
identities (CG §26-§32). No measured figure is a pass mark."""

import random
import re
from collections import Counter
from itertools import combinations
from math import comb

import pytest

from benchmarks import rtp
from tables.engines.base import Draws
from tables.engines.cards import pack_33
from tables.engines.registry import engine_for
from tables.games.russian_poker import strategy as rp

HANDS = 300


def _row(out: str, kind: str) -> list[int]:
    (line,) = [line for line in out.splitlines() if re.match(rf"{re.escape(kind)} +\d", line)]
    return [int(n.replace(",", "")) for n in line.split()[1:3]]


@pytest.mark.parametrize("strategy", ["basic", "always"])
def test_russian_poker_plays_300_hands_conserving_money_and_cards(strategy, capsys):
    assert (
        rtp.main(["russian_poker", "--hands", str(HANDS), "--seed", "7", "--strategy", strategy])
        == 0
    )
    out = capsys.readouterr().out
    assert f"hands: {HANDS}" in out and f"boxes: {HANDS}" in out, "one box a hand"
    assert "checks: money conserved and the cards conserved in every hand" in out
    ante, bet, every = _row(out, "ante"), _row(out, "bet"), _row(out, "all")
    assert every == [ante[0] + bet[0], ante[1] + bet[1]]
    first, net = _row(out, "/ante")
    assert first == HANDS * 100, "one first ante of the minimum a hand"
    assert net == first + every[1] - every[0]
    assert ante[0] >= first and (bet[0] == ante[0]) is (strategy == "always")
    assert "svaras: opened" in out and "exact (enumerated)" in out
    for key, _kind, words, _rule in rp.LINES:
        assert words in out, key


def test_the_engine_and_the_bare_hand_agree_hand_by_hand():
    """The same shuffles (the game's pack, then one for each svara the table allows): the
    engine's net for the box equals the bare hand's, svaras and their limit included."""
    engine = engine_for(rp.GAME)
    rng, again = random.Random(11), random.Random(11)
    draws, carry = Draws(rng), None
    outcomes = Counter()
    for _hand in range(HANDS):
        events, carry, problem = rtp.play_hand(
            engine, rp, rp.STRATEGIES["basic"], rng, draws, carry, rp.CONFIG, legal=False
        )
        assert not problem
        kinds = {k: [0, 0] for k in rp.KINDS}
        lines = {key: [0, 0] for key, *_ in rp.LINES}
        rp.tally(events, kinds, lines)
        outcomes.update(key for key, (times, _paid) in lines.items() if times)
        packs = []
        for _pack in range(1 + rp.SVARAS):
            packs.append(pack_33())
            again.shuffle(packs[-1])
        bare = rp.bare_hand(packs[0], rp.decide, packs[1:])
        assert sum(r - s for s, r in kinds.values()) == 100 * bare
    assert sum(outcomes[k] for k in outcomes if k.startswith("svara")) > 5, "svaras were played"


@pytest.mark.parametrize(
    ("cards", "score", "kind"),
    [
        ("AS 7H 8D", 11, "fold"),  # an ace alone: at best a tie with a qualified dealer
        ("KS 7S 8D", 17, "bet"),
        ("9S 7S 8D", 16, "bet"),  # the threshold
        ("8S 7S 9D", 15, "fold"),
        ("AS AH JK", 33, "bet"),
    ],
)
def test_the_rule_bets_with_16_points_or_more(cards, score, kind):
    hand = cards.split()
    assert rp.points(hand) == score
    assert rp.decide(hand, None, 0) == (kind, [])
    assert rp.DECISIONS["always"](hand, None, 0) == ("bet", [])


def test_in_a_svara_the_strategy_doubles_and_declines_to_join():
    """Played until a svara opens: the tied box doubles; a player with no box tied declines."""
    engine = engine_for(rp.GAME)
    rng = random.Random(5)
    for _hand in range(200):
        state = engine.new_hand(rp.CONFIG, [1, 2], rng)
        while not state["over"] and state["phase"] != "svara":
            seat = engine.to_act(state)[0]
            action = rp.STRATEGIES["always"](state, seat, None, rng)
            state, _events = engine.apply(state, seat, action, Draws(rng))
        if state["phase"] == "svara":
            break
    else:
        pytest.fail("no svara in 200 hands")
    tied = {b["owner"]: int(n) for n, b in state["boxes"].items() if b["status"] == rp.ASKED}
    for seat in engine.to_act(state):
        answer = rp.STRATEGIES["basic"](state, seat, None, rng)
        if seat in tied:
            assert answer == {"type": "svara", "box": tied[seat]}
        else:
            assert answer == {"type": "decline"}
        assert answer in engine.legal_actions(state, seat)


def test_the_exact_figures_identities():
    """Every ordered pair of disjoint hands counted once, the dealer's points distributed as a
    hand's; the lines' chances add up to one and their contributions to the bet's return."""
    joint = rp.joint()
    assert sum(joint.values()) == comb(33, 3) * comb(30, 3)
    by_hand = Counter(rp.points(hand) for hand in combinations(pack_33(), 3))
    dealer = Counter()
    for (_mine, his), n in joint.items():
        dealer[his] += n
    assert dealer == {score: n * comb(30, 3) for score, n in by_hand.items()}
    for threshold in (0, rp.THRESHOLD):
        found = rp.exact_of(threshold, rp.SVARAS)
        assert sum(found["chance"].values()) == 1
        assert sum(found["contribution"].values()) == found["return"]["bet"]
        assert set(found["chance"]) == {key for key, *_ in rp.LINES}
    assert rp.exact_of(0, rp.SVARAS)["chance"]["folded"] == 0
