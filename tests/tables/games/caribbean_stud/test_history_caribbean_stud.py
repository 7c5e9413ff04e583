"""Caribbean stud's hand history: a card changed for a fee, a dark box, a folded box, the
dealer qualifying; its ante and bet named in the payments, never as side bets; what each
player staked and won in the list and the panel."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.tables.engines.scripted import ScriptedRng
from tests.tables.history_hands import (
    hand_story_net,
    page_of,
    payment_reasons,
    record_hand,
    section,
    stud_deck,
    text_of,
)

pytestmark = pytest.mark.django_db


def caribbean_hand(**recording):
    """Caribbean stud: Anna (box 1) changes her 2♠ for the A♥ (fee = ante, §41) and bets on two
    aces; Boris plays box 2 dark (ante + bet at once, C7) beside his open box 4, which he folds;
    the dealer A♠ K♦ 7♣ 5♥ 3♦ qualifies with ace-king (§43): Anna's aces win 1:1, Boris's queen
    high loses."""
    return record_hand(
        "caribbean_stud",
        {"min_bet": 100, "max_bet": 2_000},
        [0, 1],
        ScriptedRng(stud_deck("AD 9C 8S 4H 2S QS JD 9H 6C 3S TH 8H 6D 5C 4C AS KD 7C 5H 3D AH")),
        [
            (0, {"type": "ante", "amount": 1000}),
            (1, {"type": "ante", "box": 3, "amount": 500}),
            (1, {"type": "ante", "box": 1, "amount": 500, "dark": True}),
            (1, {"type": "done"}),
            (1, {"type": "fold", "box": 3}),
            (0, {"type": "change", "box": 0, "cards": ["2S"]}),
            (0, {"type": "bet", "box": 0}),
        ],
        **recording,
    )


def test_stud_changes_and_dark_boxes_are_in_the_history():
    hand = caribbean_hand()
    page = page_of(hand, hand.players[0], "en")
    steps = text_of(section(page, "steps"))
    for words in (
        "Anna puts an ante of 10.00 BYN on box 1",
        "Boris puts an ante of 5.00 BYN on box 2, dark, and its bet",
        "Anna changes 1 card on box 1, fee 10.00 BYN",
        "Box 1 gets 1 card",
        "Anna bets 20.00 BYN on box 1",
        "The dealer opens his cards: he qualifies",
        "Box 1 beats the dealer",
        "Box 2 loses to the dealer",
    ):
        assert words in steps, (words, steps)
    net = {row["party"]: row["amount"] for row in hand_story_net(hand)}
    # Anna: −10 fee, +10 ante, +20 bet; Boris: −5 ante −10 bet, −5 the folded box's ante
    assert net["Anna"] == "+20.00\xa0BYN" and net["Boris"] == "−20.00\xa0BYN"


def test_a_caribbean_ante_and_bet_read_as_ante_and_bet_never_as_a_side_bet_cg_40_to_44():
    """The ante is the box's own stake (§40), the bet the one that continues it (§42), the change
    a fee (§41): the payments say so in both languages; nothing of the hand is a side bet."""
    hand = caribbean_hand()
    en = payment_reasons(hand, "en")
    for words in (
        "Anna → the bank : 10.00 BYN (ante)",
        "Anna → the bank : 10.00 BYN (fee: card change)",
        "(ante won)",
        "(bet won)",
        "(ante lost)",
        "(bet lost)",
    ):
        assert words in en, (words, en)
    assert "side bet" not in en
    ru = payment_reasons(hand, "ru")
    for words in (
        "(анте)",
        "(анте: выигрыш)",
        "(бет: выигрыш)",
        "(бет: проигрыш)",
        "(плата: смена карты)",
    ):
        assert words in ru, (words, ru)
    assert "дополнительная ставка" not in ru


def test_a_stud_hand_in_the_list_and_the_panel_says_what_each_player_staked_and_won():
    """Anna: an ante of 10, a change fee of 10, a bet of 20 (40 staked), paid 60 (+20); Boris's
    dark box (5 and 10) and his open box's ante of 5, folded: 20 staked, lost (−20): as
    blackjack's list already said, now every game."""
    hand = caribbean_hand()
    listed = text_of(page_of(hand, hand.players[0], "en", "hand_list"))
    assert "Anna: staked 40.00 BYN, result +20.00 BYN" in listed
    assert "Boris: staked 20.00 BYN, result −20.00 BYN" in listed
    russian = text_of(page_of(hand, hand.players[1], "ru", "hand_list"))
    assert "Boris: ставки 20.00 BYN, итог −20.00 BYN" in russian
    client = Client()
    client.force_login(hand.players[0])
    panel = client.get(
        reverse("hand_list", args=[hand.table.pk]) + "?panel=1",
        HTTP_HX_REQUEST="true",
        HTTP_ACCEPT_LANGUAGE="en",
    ).content.decode()
    assert 'class="hand-panel"' in panel
    assert "Anna: staked 40.00 BYN, result +20.00 BYN" in text_of(panel)


# this game's hand in the every-game checks (tests/tables/test_history.py)
HAND = caribbean_hand
