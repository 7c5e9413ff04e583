"""Craps' hand history: the bets, each throw and each decision, the point and the puck, a
place group, a press, a refusal of the dice, the dice checked on the recall page."""

import pytest

from tables.engines.registry import engine_for
from tests.tables.history_hands import hand_story_net, page_of, record_hand, section, text_of

pytestmark = pytest.mark.django_db


CRAPS = {"min_bet": 100, "max_bet": 100_000, "min_unit": 100}


def craps_roll(seats, faces, actions, after=None):
    """One roll of craps (a hand) with the five dice's ``faces`` scripted, at the table of the
    roll ``after`` (its layout, point and shooter carried on) or at a new one."""
    from tests.tables.games.craps.test_craps import ScriptedFaces

    return record_hand(
        "craps",
        CRAPS,
        seats,
        ScriptedFaces(faces),
        actions,
        carry=engine_for("craps").carry_over(after.state) if after else None,
        table=after.table if after else None,
        players=after.players if after else None,
    )


def done(*seats):
    return [(position, {"type": "done"}) for position in seats]


def bet(position, kind, amount):
    return (position, {"type": "bet", "bet": kind, "amount": amount})


def craps_rolls(**recording):
    """Three rolls of one shooter at one table, each a hand: Anna's come-out 2 + 3 sets the point
    5 (Boris on don't pass, Vera's field lost); 3 + 3 pays Boris's place 6 (7:6, pressed: §5.6,
    C11) and Vera's hard 6 (9:1); 3 + 4 is a seven-out: the pass line and its odds, the place 6
    and the hard 6 lose, the don't pass and Vera's lay 4 win (§4, §5). The last roll's hand."""
    come_out = [bet(0, "pass", 1000), bet(1, "dont_pass", 1000), bet(2, "field", 1000)]
    first = craps_roll([0, 1, 2], [2, 3, 6, 6, 6], [*come_out, *done(0, 1, 2), (0, ROLL_1_2)])
    press = (1, {"type": "after_win", "bet": "place_6", "choice": "press"})
    bets = [bet(0, "odds_pass", 1000), bet(1, "place_6", 1200), press, bet(2, "hard_6", 500)]
    second = craps_roll([0, 1, 2], [3, 3, 1, 1, 1], [*bets, *done(0, 1, 2), (0, ROLL)], first)
    field_down = (2, {"type": "take_down", "bet": "field"})
    bets = [bet(2, "lay_4", 4000), bet(2, "field", 500), field_down]
    return craps_roll([0, 1, 2], [3, 4, 5, 5, 5], [*bets, *done(0, 1, 2), (0, ROLL)], second)


ROLL, ROLL_1_2 = {"type": "roll"}, {"type": "roll", "dice": [1, 2]}


def told(recorded, seat=0, language="en") -> tuple[str, str]:
    """A recorded hand's page as ``seat``'s player reads it, and its steps' words."""
    page = page_of(recorded, recorded.players[seat], language)
    return page, text_of(section(page, "steps"))


def says(text: str, *phrases: str) -> None:
    missing = [words for words in phrases if words not in text]
    assert not missing, (missing, text)


def test_craps_bets_the_throw_and_each_decision_are_in_the_history():
    hand = craps_rolls()
    page, steps = told(hand)
    says(
        steps,
        "Anna has the dice; the point is 5",
        "Vera bets 40.00 BYN: lay 4",
        "Vera: field comes down, 5.00 BYN back",
        "No more bets: the dice go to Anna",
        "Anna throws dice No. 1 and No. 2: 3 + 4 = 7",
        "Anna: pass line loses",
        "Anna: odds on the pass line loses",
        "Boris: place 6 loses",
        "Vera: hard 6 loses",
        "Boris: don’t pass wins 10.00 BYN",
        "Vera: lay 4 wins 20.00 BYN",
        "Seven out: the puck turns OFF and the dice pass to the left",
        "The puck: OFF",
    )
    assert steps.index("Anna: pass line loses") < steps.index("Boris: don’t pass wins")  # §4
    paid = text_of(page[page.index('id="steps"') :])
    says(paid, "Vera’s commission on lay 4", "Boris’s bet: place 6")
    says(text_of(section(page, "hand-result")), "Anna throws 3 + 4 = 7: seven out")
    net = {row["party"]: row["amount"] for row in hand_story_net(hand)}
    # the pass line and its odds lost; the place 6 pressed to 24 lost, the don't pass won 10;
    # the lay won 20 less a new commission, the hard 6 lost 5
    assert net["Anna"] == "−20.00\xa0BYN" and net["Boris"] == "−14.00\xa0BYN"
    assert net["Vera"] == "+14.00\xa0BYN"
    _page, ru = told(hand, language="ru")
    says(ru, "Anna: пасс лайн — проигрыш", "Севен аут", "Vera: лэй 4 — выигрыш 20.00 BYN")


def test_craps_the_point_a_place_group_and_the_press_read_in_words():
    # a bet is turned on or off for a come-out roll only (§5.6, issue 47)
    on = (1, {"type": "working", "bet": "place_8", "on": True})
    first = craps_roll(
        [0, 1],
        [2, 3, 6, 6, 6],
        [bet(0, "pass", 1000), bet(1, "place_8", 600), on, *done(1, 0), (0, ROLL_1_2)],
    )
    says(
        told(first, seat=1)[1],
        "Anna has the dice: coming out",
        "Boris turns place 8 on: it works on the come-out roll",
        "The point is 5: the puck turns ON",
    )
    moves = [
        (1, {"type": "place_group", "group": "inside", "times": 2}),
        (1, {"type": "after_win", "bet": "place_6", "choice": "press"}),
    ]
    second = craps_roll([0, 1], [3, 3, 1, 1, 1], [*moves, *done(1, 0), (0, ROLL)], first)
    page, steps = told(second, seat=1)
    says(
        steps,
        "Boris places inside (5, 6, 8, 9) at once:",
        "Boris bets 12.00 BYN: place 6",
        "Boris: after a win place 6 is pressed (doubled)",
        "Boris: place 6 wins 14.00 BYN",
        "The puck: ON, the point is 5",
    )
    says(text_of(page[page.index('id="steps"') :]), "(pressed: the bet doubled)")


def test_craps_a_refusal_hands_the_dice_on_and_the_recall_page_checks_the_dice():
    refusal = [(0, {"type": "refuse"}), bet(1, "pass", 1000), *done(0, 1)]
    hand = craps_roll([0, 1], [6, 6, 1, 4, 5], [*refusal, (1, {"type": "roll", "dice": [3, 5]})])
    page, steps = told(hand)
    says(
        steps,
        "Anna passes the dice on",
        "The dice are offered to Boris: a turn to bet first",
        "Boris throws dice No. 3 and No. 5: 1 + 5 = 6",
        "Boris is done betting",
    )
    proof = section(page, "shuffle")
    assert 'data-committed="dice"' in proof and 'data-verified="1"' in proof
    assert "1d6,2d6,3d1,4d4,5d5" in proof and "deck" not in text_of(proof).lower()
    says(text_of(proof), "Dice faces", "No. 3: 1")
    ru = text_of(section(told(hand, language="ru")[0], "shuffle"))
    assert "колод" not in ru and "кубик" in ru
    says(text_of(page_of(hand, hand.players[0], "en", "hand_list")), "verify the dice")


# this game's hand in the every-game checks (tests/tables/test_history.py)
HAND = craps_rolls
