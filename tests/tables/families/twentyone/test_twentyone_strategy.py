"""tables/families/twentyone/strategy/: best play for Blackjack (CG §90-§105), Blackjack Switch
(CG §69-§89) and Pontoon (CG §128-§137), computed from the rules and their section-5 decisions,
checked against published charts where the charts' rules agree, and against facts that follow
from the rules themselves."""

import random
import time

import pytest

from tables.families.twentyone import strategy as t
from tables.families.twentyone.strategy.charts import chart
from tables.families.twentyone.strategy.dealer import (
    GAMES,
    OUTCOME_NAMES,
    UP_ORDER,
    _counts,
    _soft_total,
    value,
)

UPS = "23456789TA"  # the charts' columns: dealer's up card 2..10, A
ALL_BLACKJACK = {"hit", "stand", "double", "split", "surrender"}
ALL_PONTOON = {"twist", "buy", "stand", "split"}


def rows(text: str) -> dict[str, list[str]]:
    """A chart written as lines "name: move for 2 3 4 5 6 7 8 9 10 A"."""
    chart = {}
    for line in text.strip().splitlines():
        name, _, cells = line.partition(":")
        cells = cells.split()
        assert len(cells) == 10, line
        chart[name.strip()] = cells
    return chart


def computed(game: str, **kwargs) -> dict[str, list[str]]:
    return {name: [row[up] for up in UP_ORDER] for name, row in chart(game, **kwargs).items()}


# --- the dealer -------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_dealer_outcomes_cover_every_end(game):
    for up in UP_ORDER:
        outcomes = t.dealer_outcomes(game, up)
        assert sum(outcomes.values()) == pytest.approx(1.0, abs=1e-12)
        assert all(chance >= 0 for chance in outcomes.values())


def test_dealer_natural_without_a_hole_card_is_his_next_card():
    """Blackjack (B1) and Pontoon (CG §131): no peek, so the natural is an outcome of the
    dealer's second card, drawn from six decks less the up card."""
    for game in ("blackjack", "pontoon"):
        name = "natural" if game == "blackjack" else "pontoon"
        assert t.dealer_outcomes(game, "TD")[name] == pytest.approx(24 / 311)
        assert t.dealer_outcomes(game, "AD")[name] == pytest.approx(96 / 311)
        assert t.dealer_outcomes(game, "7D")[name] == 0.0
    # the same dealer (stands on all 17s: CG §95/B3, N8)
    for up in UP_ORDER:
        blackjack = t.dealer_outcomes("blackjack", up)
        assert list(blackjack.values()) == list(t.dealer_outcomes("pontoon", up).values())


def test_switch_dealer_peeks_and_hits_soft_17():
    """S2: after the peek there is no natural; §75/S12: he draws on a soft 17, so from a 6 he
    ends on 17 less often than the blackjack dealer (who stands on it, B3)."""
    for up in ("AD", "TD"):
        assert t.dealer_outcomes("blackjack_switch", up)["natural"] == 0.0
    switch, blackjack = (
        t.dealer_outcomes("blackjack_switch", "6D"),
        t.dealer_outcomes("blackjack", "6D"),
    )
    assert switch["17"] < blackjack["17"]
    assert switch["22"] + switch["23+"] > blackjack["22"] + blackjack["23+"]


# --- Blackjack: the European no-hole-card chart ----------------------------------------------

# Published basic strategy for 4-8 decks, dealer stands on soft 17, double on any two cards,
# double after split, 3:2, no surrender (SU read as hit): the table of Wikipedia's "Blackjack"
# article, as reproduced at blackjack-hand-odds.blogspot.com/2009/04/table-of-what-to-do-in-
# each-blackjack.html. Dh and Ds are a double (D) where it may be made, SP a split (P).
PEEK_S17_DAS = rows("""
hard 5:   H H H H H H H H H H
hard 6:   H H H H H H H H H H
hard 7:   H H H H H H H H H H
hard 8:   H H H H H H H H H H
hard 9:   H D D D D H H H H H
hard 10:  D D D D D D D D H H
hard 11:  D D D D D D D D D H
hard 12:  H H S S S H H H H H
hard 13:  S S S S S H H H H H
hard 14:  S S S S S H H H H H
hard 15:  S S S S S H H H H H
hard 16:  S S S S S H H H H H
hard 17:  S S S S S S S S S S
hard 18:  S S S S S S S S S S
hard 19:  S S S S S S S S S S
soft 13:  H H H D D H H H H H
soft 14:  H H H D D H H H H H
soft 15:  H H D D D H H H H H
soft 16:  H H D D D H H H H H
soft 17:  H D D D D H H H H H
soft 18:  S D D D D S S H H H
soft 19:  S S S S S S S S S S
soft 20:  S S S S S S S S S S
pair 2:   P P P P P P H H H H
pair 3:   P P P P P P H H H H
pair 4:   H H H P P H H H H H
pair 5:   D D D D D D D D H H
pair 6:   P P P P P H H H H H
pair 7:   P P P P P P H H H H
pair 8:   P P P P P P P P P P
pair 9:   P P P P P S P P S S
pair 10:  S S S S S S S S S S
pair A:   P P P P P P P P P P
""")


def european(chart: dict[str, list[str]]) -> dict[str, list[str]]:
    """The changes for European rules (no hole card, doubles and splits lost to a dealer
    blackjack), red-dog-poker.info/blackjack_basic_strategy3.html: "do not split or double down
    against a dealer's ace, do not double down against a dealer 10, and do not split a pair of
    8's against a dealer's 10" (a hand not split or doubled is hit: 11, A-A, 8-8)."""
    changed = {name: list(cells) for name, cells in chart.items()}
    ten, ace = UPS.index("T"), UPS.index("A")
    for cells in changed.values():
        if cells[ace] in ("D", "P"):
            cells[ace] = "H"
        if cells[ten] == "D":
            cells[ten] = "H"
    changed["pair 8"][ten] = "H"
    return changed


def test_blackjack_without_surrender_is_the_published_no_hole_card_chart():
    """Every cell of the ENHC chart (S17, DAS, 3:2, no surrender), for every two-card
    composition of each total (no cell is composition-dependent in six decks): among them
    hard 11 vs 10 and A hits, 8-8 vs 10 and A hits, A-A vs A hits."""
    expected = european(PEEK_S17_DAS)
    assert expected["hard 11"][UPS.index("T")] == "H"
    assert expected["pair A"][UPS.index("A")] == "H"
    assert computed("blackjack", without={"surrender"}) == expected


# Where our surrender (CG §102 against any card, losing the whole bet to a dealer natural by
# decision B6) is chosen; the published late-surrender rule for S17 shoes (Wizard of Odds,
# as at casinoblackjackplay.com/BlackjackRules/wizards-of-odds-blackjack): "Surrender hard 16
# (but not a pair of 8s) vs. dealer 9, 10, or A, and hard 15 vs. dealer 10".
def test_blackjack_surrender_where_the_published_rule_says_and_on_8_8_against_10_and_ace():
    chart = computed("blackjack")
    for up in "9TA":
        assert chart["hard 16"][UPS.index(up)] == "R"
    assert t.best_move("blackjack", ["TS", "5H"], "TD", ALL_BLACKJACK) == "surrender"
    assert t.best_move("blackjack", ["9S", "6H"], "TD", ALL_BLACKJACK) == "surrender"
    # differences: 8-7 vs 10 hits (the composition, just); 8-8 vs 10 and A surrender, since
    # without a hole card the split loses both bets to a natural
    assert t.best_move("blackjack", ["8S", "7H"], "TD", ALL_BLACKJACK) == "hit"
    for up in ("TD", "AD"):
        assert t.best_move("blackjack", ["8S", "8H"], up, ALL_BLACKJACK) == "surrender"
    assert t.best_move("blackjack", ["8S", "8H"], "9D", ALL_BLACKJACK) == "split"
    # every other cell is the no-surrender chart
    plain = european(PEEK_S17_DAS)
    for name, cells in chart.items():
        for i, cell in enumerate(cells):
            if cell.upper() != "R":
                assert cell == plain[name][i], (name, UPS[i])


def test_blackjack_surrender_loses_everything_to_a_natural():
    """Decision B6: half back, unless the dealer then makes a natural."""
    values = t.action_values("blackjack", ["TS", "6H"], "AD")
    natural = 95 / 309  # tens left after T, 6 and the ace
    assert values["surrender"] == pytest.approx(-0.5 * (1 - natural) - natural)
    assert t.action_values("blackjack", ["TS", "6H"], "9D")["surrender"] == -0.5
    # not after a split or a hit (B6): no surrender move for those hands
    assert "surrender" not in t.action_values("blackjack", ["8S", "5H"], "TD", split=True)
    assert "surrender" not in t.action_values("blackjack", ["TS", "2H", "4C"], "TD")


def test_blackjack_doubles_and_splits_lose_everything_to_a_natural():
    """B2: so 11 vs 10 is hit here though a peek game doubles it; the double's value counts
    -2 for the natural."""
    values = t.action_values("blackjack", ["5S", "6H"], "TD")
    assert values["hit"] > values["double"]
    assert t.best_move("blackjack", ["5S", "6H"], "TD", ALL_BLACKJACK) == "hit"
    assert t.best_move("blackjack", ["5S", "6H"], "TD", {"stand", "double"}) == "double"


def test_blackjack_natural_pays_3_to_2_and_even_money_is_declined():
    """§99, §103: 1.5 unless the dealer's next card makes his natural (a push)."""
    assert t.action_values("blackjack", ["AS", "KH"], "6D") == {"stand": 1.5}
    take, decline = t.even_money_values("blackjack", ["AS", "KH"], "AD")
    assert take == 1.0
    assert decline == pytest.approx(1.5 * (1 - 95 / 309))
    assert not t.take_even_money("blackjack", ["AS", "KH"], "AD")


@pytest.mark.parametrize("game", GAMES)
def test_insurance_is_never_right_without_counting(game):
    """2:1 on a ten (§103, §81, §137): at most 96 tens in 309 cards, less than 1 in 3."""
    worst = t.insurance_value(game, ["8S", "7H"], "AD")
    assert worst == pytest.approx(3 * 96 / 309 - 1)
    assert worst < 0
    for cards in (["8S", "7H"], ["TS", "9H"], ["AS", "KH"], ["2S", "3H"]):
        assert not t.take_insurance(game, cards, "AD")


def test_blackjack_split_hands():
    """Split aces take one card (§97): standing only; a split ace and a ten are 21 (§92)."""
    assert set(t.action_values("blackjack", ["AS", "9H"], "6D", split=True)) == {"stand"}
    after_split = t.action_values("blackjack", ["AS", "KH"], "6D", split=True)["stand"]
    assert after_split < 1.0 < 1.5
    # doubling after a split (B5) is a move, a K-Q is no pair (B4)
    assert "double" in t.action_values("blackjack", ["8S", "3H"], "6D", split=True)
    assert "split" in t.action_values("blackjack", ["KS", "KH"], "6D")
    assert "split" not in t.action_values("blackjack", ["KS", "QH"], "6D")
    # no double on 21 (§98)
    assert "double" not in t.action_values("blackjack", ["KS", "AH"], "6D", split=True)


def test_blackjack_later_hands_stand_or_hit():
    assert t.best_move("blackjack", ["TS", "2H", "4C"], "TD", {"hit", "stand"}) == "hit"
    assert t.best_move("blackjack", ["TS", "2H", "4C"], "6D", {"hit", "stand"}) == "stand"
    assert t.best_move("blackjack", ["AS", "2H", "4C"], "9D", {"hit", "stand"}) == "hit"
    assert t.best_move("blackjack", ["AS", "2H", "5C"], "9D", {"hit", "stand"}) == "hit"
    assert t.best_move("blackjack", ["AS", "2H", "5C"], "8D", {"hit", "stand"}) == "stand"


# --- Blackjack Switch ------------------------------------------------------------------------

# The Wizard of Odds' Blackjack Switch appendix 1 (six decks, dealer hits soft 17 and peeks,
# 1:1 naturals, 22 pushes, double any two, DAS, resplit to four: these rules but our surrender),
# expected values of a hand by hard total and up card, as reproduced at
# hundredpercentgambling.com/Blackjack_Switch_EV_charts.htm.
WIZARD_SWITCH_EV = {
    5: (-0.2695, -0.1883, -0.1509, -0.1121, -0.0723, -0.1566, -0.2219, -0.2979, -0.3448, -0.3484),
    6: (-0.2832, -0.2004, -0.1626, -0.1236, -0.0823, -0.1891, -0.2520, -0.3250, -0.3696, -0.3732),
    7: (-0.2551, -0.1721, -0.1347, -0.0954, -0.0561, -0.1166, -0.2558, -0.3266, -0.3607, -0.3908),
    8: (-0.1694, -0.0884, -0.0528, -0.0172, 0.0178, 0.0347, -0.1049, -0.2526, -0.2918, -0.3059),
    9: (-0.0721, 0.0075, 0.0384, 0.0715, 0.1334, 0.1245, 0.0534, -0.0956, -0.1957, -0.1669),
    10: (0.0593, 0.2213, 0.2792, 0.3386, 0.3940, 0.2704, 0.1697, 0.0722, -0.0185, -0.0088),
    11: (0.1728, 0.3313, 0.3851, 0.4401, 0.4926, 0.3362, 0.2296, 0.1150, 0.0734, 0.0639),
    12: (-0.3561, -0.3005, -0.2783, -0.2538, -0.2108, -0.2482, -0.3055, -0.3722, -0.4086, -0.4128),
    13: (-0.4026, -0.3439, -0.2989, -0.2551, -0.2110, -0.3021, -0.3553, -0.4130, -0.4507, -0.4544),
}


@pytest.mark.parametrize("total", sorted(WIZARD_SWITCH_EV))
def test_switch_hand_values_match_the_published_table(total):
    """Without surrender (the table has none), each total's value averaged over its two-card
    compositions is within 0.006 of the published one, every up card."""
    counts = _counts(())
    hands = [(a, total - a) for a in range(2, 10) if a < total - a <= 10]
    for up, published in zip(UP_ORDER, WIZARD_SWITCH_EV[total], strict=True):
        weighted = []
        for a, b in hands:
            plays = t._shoe_for("blackjack_switch", a, b, up).initial
            best = max(ev for move, (ev, _stake) in plays.items() if move != "surrender")
            weighted.append((counts[a] * counts[b], best))
        mean = sum(w * ev for w, ev in weighted) / sum(w for w, _ev in weighted)
        assert mean == pytest.approx(published, abs=0.006), (total, up)


def test_switch_play_follows_the_published_strategy():
    """Cells of the published Switch strategy (push 22, H17): a ten doubles against 2 to 8 only
    (online.casinocity.com/article/blackjack-switch-101773); soft 17 and 18 double against 5
    and 6, and no soft hand doubles against 2-4 or 7-A (gambatria.blogspot.com/2012/03/
    soft-hand-swticheroo.html; our six decks also double A-5 against 6, by 0.002); more
    hitting than in classic blackjack: hard 16 vs 7, 12 vs 2, 3 and 4, 9 vs 2 hit."""
    chart = computed("blackjack_switch", without={"surrender"})
    assert chart["hard 10"] == list("DDDDDDDHHH")
    for soft in ("soft 17", "soft 18"):
        assert [chart[soft][UPS.index(up)] for up in "56"] == ["D", "D"]
    for soft in (f"soft {n}" for n in range(13, 21)):
        assert all(chart[soft][UPS.index(up)] != "D" for up in "23478 9TA".replace(" ", ""))
    moves = {"hit", "stand", "double", "split"}
    assert t.best_move("blackjack_switch", ["TS", "6H"], "7D", moves) == "hit"
    for up in ("2D", "3D", "4D"):
        assert t.best_move("blackjack_switch", ["TS", "2H"], up, moves) == "hit"
    assert t.best_move("blackjack_switch", ["5S", "4H"], "2D", moves) == "hit"
    # and where classic blackjack doubles 9 vs 3-4 and 10 vs 9, Switch hits (22 pushes)
    assert chart["hard 9"] == list("HHHDDHHHHH")


def test_switch_natural_only_as_dealt():
    """§83: a dealt natural pays 1:1 (after the peek it cannot lose); made by the switch it is
    21 (§71), which pushes with a dealer 21 or 22."""
    assert t.action_values("blackjack_switch", ["AS", "KH"], "TD") == {"stand": 1.0}
    switched = t.action_values("blackjack_switch", ["AS", "KH"], "TD", switched=True)
    assert 0 < switched["stand"] < 1.0
    assert "double" in switched  # decision S9: doubling on 21 is allowed
    with pytest.raises(ValueError):
        t.even_money_values("blackjack_switch", ["AS", "KH"], "AD")  # §83


def test_switch_stand_value_counts_22_as_a_push():
    """§84: the dealer's 22 pushes a standing 20; 23+ is a bust (S5)."""
    outcomes = t.dealer_outcomes("blackjack_switch", "6D")
    plays = t._shoe_for("blackjack_switch", 10, 10, 6)
    dealer = dict(zip(OUTCOME_NAMES, plays.dealer, strict=True))
    assert dealer.keys() == outcomes.keys()
    expected = dealer["17"] + dealer["18"] + dealer["19"] - dealer["21"] + dealer["23+"]
    assert plays.stand[20] == pytest.approx(expected)


@pytest.mark.parametrize(
    ("box1", "box2", "up", "switch"),
    [
        # the rules' worked example 1: K5 + 6Q vs 9, switched to KQ (20) and 65 (11)
        (["KS", "5D"], ["6C", "QH"], "9C", True),
        # worked example 3: A7 + 9K vs 10, switched to AK (21, not a natural) and 97
        (["AH", "7C"], ["9D", "KS"], "TS", True),
        # 14 and 15 vs 7 become 18 and 11 (hundredpercentgambling.com, Switch EV charts page)
        (["TS", "4D"], ["7C", "8H"], "7D", True),
        # 5-10 and 6-10: switching changes nothing (gambatria.blogspot.com)
        (["5S", "TD"], ["6C", "TH"], "8D", False),
        # 10-10 and A-A become two 21s (www.casino-yz.com/blackjack_rules.html)
        (["TS", "TD"], ["AC", "AH"], "6D", True),
        # worked example 4: a natural is paid at once (S5) and the player does not switch
        (["AS", "KD"], ["8H", "8C"], "6D", False),
        (["TS", "AD"], ["2C", "TH"], "7D", False),  # switching would pay, but the natural is paid
    ],
)
def test_switch_decisions(box1, box2, up, switch):
    assert t.best_switch(box1, box2, up) is switch
    plan = t.switch_plan(box1, box2, up)
    assert plan["ev"] == (plan["switched"] if switch else plan["keep"])


def test_switch_plan_matches_the_return_calculation():
    """The card-level plan (switch_plan) and the value-level one the return is summed from
    choose the same and value it the same."""
    rng = random.Random(32)
    ranks = "A23456789TJQK"
    for _ in range(300):
        cards = [rng.choice(ranks) + "S" for _ in range(5)]
        if any(cards[i][0] in "TJQK" and cards[j][0] in "TJQK" for i, j in ((0, 2), (1, 3))):
            continue  # a ten pair: the return weighs it by the chance of one rank
        box1, box2, up = [cards[0], cards[2]], [cards[1], cards[3]], cards[4]
        plan = t.switch_plan(box1, box2, up)
        (ev, _stake), choice = t._switch_values(
            tuple(value(c) for c in box1), tuple(value(c) for c in box2), value(up)
        )
        assert plan["ev"] == pytest.approx(ev)
        assert plan["switch"] is (choice == "switch")


def test_switch_surrender_comes_before_the_switch():
    """§80, S7: 16 vs A is surrendered, alone; but T6 + 5T vs 10 switches to 20 and 11
    rather than surrendering both."""
    moves = {"hit", "stand", "double", "surrender"}
    assert t.best_move("blackjack_switch", ["TS", "6H"], "AD", moves) == "surrender"
    assert t.best_move("blackjack_switch", ["TS", "6H"], "AD", moves, other_box=["9S", "7H"]) == (
        "surrender"
    )
    plan = t.switch_plan(["TS", "6H"], ["5S", "TH"], "TD")
    assert plan["switch"] and plan["surrender"] == (False, False)
    assert plan["keep"] == -1.0  # two surrenders
    assert t.best_move("blackjack_switch", ["TS", "6H"], "TD", moves, other_box=["5S", "TH"]) != (
        "surrender"
    )


# --- Pontoon -----------------------------------------------------------------------------------


def _pontoon_hands(n: int):
    """Some hands of n cards (not busted, not five), by their hard totals and softness."""
    rng = random.Random(n)
    for _ in range(400):
        cards = [rng.choice("A23456789TJQK") + "SHDC"[i % 4] for i in range(n)]
        hard = sum(value(c) for c in cards)
        if hard <= 21:
            yield cards


def test_pontoon_must_draw_below_15():
    """Decision N1: no stand below 15 (the engine offering it or not), from 15 it may."""
    for n in (2, 3, 4):
        for cards in _pontoon_hands(n):
            total = _soft_total(sum(value(c) for c in cards), any(c[0] == "A" for c in cards))
            if n == 2 and {value(c) for c in cards} == {1, 10}:
                continue  # Pontoon
            for up in ("6D", "TD", "AD"):
                moves = t.action_values("pontoon", cards, up, may_buy=n < 4)
                if total < 15:
                    assert "stand" not in moves, (cards, up)
                    assert t.best_move("pontoon", cards, up, ALL_PONTOON) != "stand"
                else:
                    assert "stand" in moves


# The Wizard of Odds' pontoon strategy (RTG casinos), as at hundredpercentgambling.com/
# page.php?pid=Pontoon. Its rules differ: eight decks, the player sees no dealer card, one
# double at any point with hitting after it, five cards pay 2:1, must hit to 15, ties lose,
# Pontoon 2:1. Tested: the cells whose move is ours against every up card.
def test_pontoon_cells_of_the_published_chart():
    chart = computed("pontoon")
    for row in ("hard 18", "hard 19", "pair 10", "soft 19", "soft 20"):  # 2 cards: 18-20, A8, A9
        assert chart[row] == ["S"] * 10, row
    for row in ("hard 12", "hard 13", "hard 14"):  # 2 cards: H (our twist; a buy doubles a loss)
        assert chart[row] == ["T"] * 10, row
    # 2-card 11: D (our buy), except against our visible ace (a Pontoon 31 % of the time)
    assert chart["hard 11"] == ["B"] * 9 + ["T"]
    # A,A: P there; ours buys, because our split aces take one card each (§136)
    assert chart["pair A"] == ["B"] * 10
    values = t.action_values("pontoon", ["AS", "AH"], "6D")
    assert values["split"] < values["buy"]


def test_pontoon_five_cards_win_at_once():
    """§133, N3: a four-card hand that cannot bust with one more card twists for a sure 3:2."""
    for cards in (["AS", "2H", "3D", "4C"], ["AS", "5H", "3D", "2C"], ["2S", "2H", "3D", "4C"]):
        moves = t.action_values("pontoon", cards, "AD")
        assert moves["twist"] == pytest.approx(1.5)
        assert t.best_move("pontoon", cards, "AD", {"twist", "stand"}) == "twist"
    # the fifth card is always twisted (§132): no buy on four cards
    assert "buy" not in t.action_values("pontoon", ["2S", "2H", "3D", "4C"], "6D", may_buy=True)
    assert t.best_move("pontoon", ["2S", "2H", "3D", "4C"], "6D", {"twist", "buy"}) == "twist"


def test_pontoon_buys_only_while_every_extra_card_was_bought():
    """§132, N6: the 4th card may be bought only if the 3rd was (the engine then offers it)."""
    assert t.best_move("pontoon", ["AS", "3H", "2D"], "6D", {"twist", "buy"}) == "buy"
    assert t.best_move("pontoon", ["AS", "3H", "2D"], "6D", {"twist"}) == "twist"
    bought = t.action_values("pontoon", ["AS", "3H", "2D"], "6D", may_buy=True)
    twisted = t.action_values("pontoon", ["AS", "3H", "2D"], "6D", may_buy=False)
    assert "buy" in bought and "buy" not in twisted
    assert bought["twist"] == twisted["twist"]


def test_pontoon_three_of_a_kind_stands_and_wins_unless_pontoon():
    """§135, N5: 7-7-7, 6-6-6, 5-5-5 standing win 1:1 whatever the dealer has but a Pontoon:
    5-5-5 stands against a 10 where another 15 twists."""
    assert t.action_values("pontoon", ["7S", "7H", "7D"], "9D")["stand"] == pytest.approx(1.0)
    assert t.action_values("pontoon", ["7S", "7H", "7D"], "AD")["stand"] == pytest.approx(
        1 - 2 * 96 / 309
    )
    assert t.best_move("pontoon", ["5S", "5H", "5D"], "TD", ALL_PONTOON) == "stand"
    assert t.best_move("pontoon", ["TS", "3H", "2D"], "TD", ALL_PONTOON) == "twist"
    # a pair of 6s twisting may reach 6-6-6: worth more than the same 12 without it
    shoe = t._shoe_for("pontoon", 6, 6, 9)
    ordinary = shoe.moves[(2, True)][0][12]
    for move in ("twist", "buy"):
        assert shoe.pair_moves()[move][0] > ordinary[move][0]


def test_pontoon_naturals_and_splits():
    """§134: Pontoon 2:1, lost to a dealer Pontoon (N4); even money on it vs an ace is
    declined (N11); after a split an ace and a ten are 21 (N9); split aces take one card
    (§136) and stand, below 15 too."""
    assert t.action_values("pontoon", ["AS", "KH"], "6D") == {"stand": 2.0}
    assert t.best_move("pontoon", ["AS", "KH"], "6D", ALL_PONTOON) == "stand"
    tens = 95 / 309
    assert t.action_values("pontoon", ["AS", "KH"], "AD")["stand"] == pytest.approx(
        2 * (1 - tens) - tens
    )
    take, decline = t.even_money_values("pontoon", ["AS", "KH"], "AD")
    assert (take, decline) == (1.0, pytest.approx(2 - 3 * tens))
    assert not t.take_even_money("pontoon", ["AS", "KH"], "AD")
    assert t.action_values("pontoon", ["AS", "KH"], "6D", split=True)["stand"] < 1.0
    assert set(t.action_values("pontoon", ["AS", "4H"], "6D", split=True)) == {"stand"}
    assert t.best_move("pontoon", ["AS", "4H"], "6D", {"stand", "twist"}, split=True) == "stand"


# --- the whole games -------------------------------------------------------------------------


def test_expected_returns():
    """The computed returns under best play (this approximation; see the module's docstring):
    blackjack's house edge 0.437 % (0.515 % without surrender, near the 0.5 % usual for six-deck
    ENHC), Switch's 0.451 % (0.566 % without surrender; the Wizard of Odds gives 0.58 % for his
    default rules, where a natural may also be switched away), Pontoon's 0.852 %."""
    expected = {"blackjack": -0.00437, "blackjack_switch": -0.00451, "pontoon": -0.00852}
    for game, ev in expected.items():
        result = t.expected_return(game)
        assert result["ev"] == pytest.approx(ev, abs=5e-6)
        assert result["return"] == pytest.approx(1 + result["ev"] / result["staked"])
        assert result["staked"] > 1
        # Switch's plans are counted after the peek, so without the dealer's naturals
        dealt = 1.0 if game != "blackjack_switch" else 1 - 2 * 24 * 96 / (312 * 311)
        assert sum(result["first_moves"].values()) == pytest.approx(dealt, abs=1e-3)
    assert t.expected_return("blackjack", frozenset({"surrender"}))["ev"] == pytest.approx(
        -0.00515, abs=5e-6
    )
    assert t.expected_return("blackjack_switch", frozenset({"surrender"}))["ev"] == pytest.approx(
        -0.00566, abs=5e-6
    )
    # the switch is worth about 9 % of a box (§70)
    assert t.expected_return("blackjack_switch", frozenset({"switch"}))["ev"] < -0.09


def test_decisions_are_table_lookups():
    """The harness decides millions of times: after the first look a decision takes
    microseconds (the tables are cached per first two cards and up card)."""
    for game in GAMES:
        t.expected_return(game)  # every table made
    hands = [(["TS", "6H"], "TD"), (["AS", "7H"], "9D"), (["8S", "8H"], "6D"), (["5S", "5H"], "4D")]
    started = time.perf_counter()
    for _ in range(2500):
        for cards, up in hands:
            t.best_move("blackjack", cards, up, ALL_BLACKJACK)
            t.best_move("pontoon", cards, up, ALL_PONTOON)
    assert time.perf_counter() - started < 5.0  # 20,000 decisions; about 0.1 s unloaded


def test_unknown_game_and_moves():
    with pytest.raises(ValueError, match="no twenty-one game"):
        t.best_move("baccarat", ["TS", "6H"], "TD", {"hit"})
    with pytest.raises(ValueError, match="none of"):
        t.best_move("blackjack", ["TS", "6H"], "TD", {"insure"})
