"""benchmarks/rtp.py, the return harness: it plays a game through its engine and checks money
and cards every hand, failing (exit 1) on an engine that breaks either."""

import re
from fractions import Fraction

import pytest

from benchmarks import rtp
from tables.families.house import boxes, settle
from tables.games.highcard import engine as highcard
from tables.games.highcard import strategy as highcard_strategies


def test_rtp_highcard_plays_clean_and_returns_the_whole_ante(capsys):
    assert rtp.main(["highcard", "--hands", "2000", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert "hands: 2,000" in out
    assert "checks: money conserved and the cards conserved in every hand" in out
    # every seat bets the minimum, so the ante pot always goes back to a player: exactly 1
    (ante,) = [line for line in out.splitlines() if re.match(r"ante +\d", line)]
    assert ante.split()[3] == "1.00000"
    assert "box: equal rank, die 4-6, paid 1:1" in out


def test_rtp_workers_split_the_hands_on_derived_seeds(capsys):
    assert rtp.main(["highcard", "--hands", "600", "--workers", "2", "--strategy", "coin"]) == 0
    assert "hands: 600" in capsys.readouterr().out


def test_rtp_money_check_catches_a_box_paid_back_more_than_its_stake(monkeypatch, capsys):
    paying = boxes.pay  # the box functions place and settle every box (boxes, settle)

    def overpaying(state, events, source, target, amount, reason):
        paying(state, events, source, target, amount + (reason == "box returned"), reason)

    monkeypatch.setattr(boxes, "pay", overpaying)
    monkeypatch.setattr(settle, "pay", overpaying)
    assert rtp.main(["highcard", "--hands", "50", "--seed", "5"]) == 1
    out = capsys.readouterr().out
    assert "FAILED" in out and "pays out more than was paid in ('box returned')" in out


def test_rtp_money_check_catches_money_left_in_a_pot(monkeypatch, capsys):
    paying = boxes.pay

    def keeping_a_unit(state, events, source, target, amount, reason):
        paying(state, events, source, target, amount - (reason == "box lost"), reason)

    monkeypatch.setattr(boxes, "pay", keeping_a_unit)
    monkeypatch.setattr(settle, "pay", keeping_a_unit)
    assert rtp.main(["highcard", "--hands", "50", "--seed", "5"]) == 1
    assert "the hand ended with money in its pots" in capsys.readouterr().out


def test_rtp_card_check_catches_a_card_gone_from_the_engine_cards(monkeypatch, capsys):
    # (the shoe keeps every card in one place by construction: an engine can still lose one
    # from what it says it holds, and the harness must see it)
    holding = highcard.HighCard.all_cards

    def losing_the_dealer_card(self, state):
        cards = holding(self, state)
        dealer = (state.get("dealer") or {}).get("card")
        if state["over"] and dealer:
            cards.remove(dealer)
        return cards

    monkeypatch.setattr(highcard.HighCard, "all_cards", losing_the_dealer_card)
    assert rtp.main(["highcard", "--hands", "20", "--seed", "5"]) == 1
    assert "the cards at the end of the hand are not" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("strategy", "ante"), [("minimum", Fraction(1)), ("coin", Fraction(63, 64))]
)
def test_rtp_highcard_exact_return_from_the_rules(strategy, ante):
    """HC doc: a box wins with chance 144/311 + 23/311 x 1/2 = 1/2 and is paid 1:1; the ante
    pot goes back whole unless all six seats pass."""
    exact = highcard_strategies.exact(strategy)
    assert exact["return"] == {"ante": ante, "bet": Fraction(1)}
    assert exact["chance"]["die_won"] == Fraction(23, 622)
    assert sum(exact["chance"].values()) == 1


def test_rtp_highcard_exact_return_with_ties_to_the_house_and_the_same_rank_bet():
    """HC doc: with ties to the house a box wins with chance 144/311 (returns 288/311); the
    same-rank bet pays 11:1 with chance 23/311 (returns 12 x 23/311 = 276/311)."""
    exact = highcard_strategies.exact("same")
    assert exact["return"] == {
        "ante": Fraction(1),
        "bet": Fraction(288, 311),
        "same": Fraction(276, 311),
    }
    assert sum(v for k, v in exact["chance"].items() if k != "same_won") == 1


def test_rtp_highcard_same_rank_strategy_plays_boxes_and_side_bets_clean(capsys):
    assert rtp.main(["highcard", "--hands", "1500", "--seed", "7", "--strategy", "same"]) == 0
    out = capsys.readouterr().out
    (same,) = [line for line in out.splitlines() if re.match(r"same +\d", line)]
    staked, returned = (int(n.replace(",", "")) for n in same.split()[1:3])
    assert staked == 1_500 * 6 * 100, "every seat puts the minimum on the same rank every hand"
    assert returned % 1_200 == 0, "each win returns 12 times a stake of 100"
    assert "same rank as the dealer, paid 11:1" in out


def test_rtp_highcard_card_changes_are_bought_and_counted_as_fees(capsys):
    assert rtp.main(["highcard", "--hands", "800", "--seed", "7", "--strategy", "switch"]) == 0
    out = capsys.readouterr().out
    (fee,) = [line for line in out.splitlines() if re.match(r"fee +\d", line)]
    assert int(fee.split()[1].replace(",", "")) > 0 and fee.split()[3] == "0.00000"
