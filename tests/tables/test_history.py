"""Hand histories per game (issue 26, item 4): each game's finished hand read back through its
own replay and result partials, in words naming the players, with the cards and totals the rules
make public and no hidden card, every payment in the currency, the shuffle's check; the baccarat
history of the four worked examples of ../shared/rules/baccarat-bank.md (section 4); and every
game's hand pages, in Russian and English, free of any Python or JSON repr."""

import random
import re
from collections import Counter

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from casino.roles import PIT_BOSS
from tables.engines.base import payments
from tables.engines.belarusian_poker import seka_score
from tables.engines.cards import pack_33, pack_52
from tables.engines.registry import engine_for, registered_games
from tables.presentation import presentation_for
from tests.conftest import new_staff
from tests.tables.engines.scripted import ScriptedRng
from tests.tables.engines.test_baccarat_bank import shoe_order
from tests.tables.engines.test_belarusian_poker import pack_dealing
from tests.tables.engines.test_khrap import DeckRng, khrap_deck
from tests.tables.history_hands import record_hand

pytestmark = pytest.mark.django_db

BACCARAT = {"min_bet": 100, "max_bank": 5_000, "commission_percent": "5"}
CARD = re.compile(r'data-card="([^"]+)"')


def page_of(recorded, viewer, language="ru", name="hand_detail") -> str:
    client = Client()
    client.force_login(viewer)
    args = (
        [recorded.table.pk, recorded.hand.number] if name == "hand_detail" else [recorded.table.pk]
    )
    response = client.get(reverse(name, args=args), HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    return response.content.decode()


def section(page: str, element_id: str) -> str:
    start = page.index(f'id="{element_id}"')
    return page[start : page.index("</section>", start)]


def text_of(html: str) -> str:
    """What a reader sees: the tags (and their attributes) dropped, the cards as [code]."""
    html = re.sub(r"<svg[^>]*data-card=\"([^\"]+)\".*?</svg>", r"[\1]", html, flags=re.S)
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    html = re.sub(r"<[^>]+>", " ", html)
    return re.sub(r"\s+([,.])", r"\1", re.sub(r"\s+", " ", html)).replace("\xa0", " ")


def cards_on(html: str) -> set[str]:
    return set(CARD.findall(html))


# --- baccarat: the four worked examples (section 4) --------------------------------------------


def coup_1(**recording):
    """Natural breaks the bank: P1 4.00 and P2 6.00 against a bank of 10.00; punters 4♠ 5♥ = 9
    (a natural), bank K♦ 7♣ = 7 (CG §13, B2, B8)."""
    return record_hand(
        "baccarat_bank",
        BACCARAT,
        [0, 1, 2],
        ScriptedRng(shoe_order(["4S", "KD", "5H", "7C"])),
        [
            (0, {"type": "bid", "amount": 1000}),
            (1, {"type": "pass"}),
            (2, {"type": "pass"}),
            (1, {"type": "bet", "amount": 400}),
            (2, {"type": "bet", "amount": 600}),
            (0, {"type": "deal"}),
        ],
        **recording,
    )


def coup_2(**recording):
    """Chocolate and a third card: P1 3.00 against 10.00, the holder takes the 7.00; punters
    10♣ 3♦ draw 4♥ = 7, bank 2♠ 4♣ = 6 stands (CG §14, §16, B1)."""
    return record_hand(
        "baccarat_bank",
        BACCARAT,
        [0, 1],
        ScriptedRng(shoe_order(["TC", "2S", "3D", "4C", "4H"])),
        [
            (0, {"type": "bid", "amount": 1000}),
            (1, {"type": "pass"}),
            (1, {"type": "bet", "amount": 300}),
            (0, {"type": "deal"}),
            (0, {"type": "take_chocolate"}),
        ],
        **recording,
    )


def coup_3(**recording):
    """The bank wins, commission: P1 2.00 and P2 1.00 against 5.00; punters 5♥ J♠ = 5 stand,
    bank A♦ 6♣ = 7; the bank wins 3.00 less 5 % (B11) and is 7.85."""
    return record_hand(
        "baccarat_bank",
        BACCARAT,
        [0, 1, 2],
        ScriptedRng(shoe_order(["5H", "AD", "JS", "6C"])),
        [
            (0, {"type": "bid", "amount": 500}),
            (1, {"type": "pass"}),
            (2, {"type": "pass"}),
            (1, {"type": "bet", "amount": 200}),
            (2, {"type": "bet", "amount": 100}),
            (0, {"type": "deal"}),
            (0, {"type": "no_chocolate"}),
            (1, {"type": "stand"}),
        ],
        **recording,
    )


def coup_4(**recording):
    """A tie at the end of the shoe: a bank of 7.85 carried, P1 4.00; punters 9♦ 8♣ = 7, bank
    Q♥ 7♠ = 7: the bet returned (B3), the cut card out (B14), the shoe revealed."""
    order = shoe_order(["9D", "QH", "8C", "7S"])
    at = len(order) - 7 - 2
    cards = order[4 : 4 + at] + order[:4] + order[4 + at :]
    shoe = {"cards": cards, "cut_at": len(cards) - 7, "position": at, "discard": cards[:at]}
    carry = {"holder": 0, "bank": 785, "session": 1, "holding": 1, "shoe": shoe, "shoe_number": 1}
    return record_hand(
        "baccarat_bank",
        BACCARAT,
        [0, 1],
        ScriptedRng(),
        [(1, {"type": "bet", "amount": 400}), (0, {"type": "deal"}), (0, {"type": "no_chocolate"})],
        carry=carry,
        **recording,
    )


EXAMPLES = {
    # example: (the coup, punters' cards, bank's cards, punters' total, bank's total, outcome,
    #           each seat's net in the detail's result, the English words of the result)
    1: (coup_1, ["4S", "5H"], ["KD", "7C"], 9, 7, "punter",
        {"Anna": "−10.00 BYN", "Boris": "+4.00 BYN", "Vera": "+6.00 BYN"},
        "Bank 7 : Punters 9 — the punters win"),
    2: (coup_2, ["TC", "3D", "4H"], ["2S", "4C"], 7, 6, "punter",
        {"Anna": "−3.00 BYN", "Boris": "+3.00 BYN"},
        "Bank 6 : Punters 7 — the punters win"),
    3: (coup_3, ["5H", "JS"], ["AD", "6C"], 5, 7, "bank",
        {"Anna": "+2.85 BYN", "Boris": "−2.00 BYN", "Vera": "−1.00 BYN"},
        "Bank 7 : Punters 5 — the bank wins"),
    4: (coup_4, ["9D", "8C"], ["QH", "7S"], 7, 7, "tie", {},
        "Bank 7 : Punters 7 — a tie: the bets are returned"),
}  # fmt: skip


@pytest.mark.parametrize("example", sorted(EXAMPLES))
def test_baccarat_worked_examples_cards_totals_and_money_in_the_history_cg_12_to_16(example):
    make, punters, bank, punter_total, bank_total, outcome, net, words = EXAMPLES[example]
    coup = make()
    assert coup.state["result"]["outcome"] == outcome  # the engine agrees with the rules file
    page = page_of(coup, coup.players[1], "en")
    result = section(page, "hand-result")
    # the result in words, both hands as dealt with their totals, the winner marked
    assert words in text_of(result)
    assert f'data-punter-total="{punter_total}" data-holder-total="{bank_total}"' in result
    punters_box = result[result.index("board-hand punters") : result.index("board-hand bank")]
    bank_box = result[result.index("board-hand bank") :]
    assert CARD.findall(punters_box) == punters
    assert CARD.findall(bank_box)[: len(bank)] == bank
    if punter_total >= 8 and len(punters) == 2:  # §13: a natural is named
        assert "a natural" in text_of(punters_box)
    # each seat's money in the currency, never in minor units
    shown = text_of(result)
    for name, amount in net.items():
        assert f"{name} {amount}" in shown
    # the steps: the cards as they came, in the step that dealt them, a third card named
    steps = section(page, "steps")
    assert cards_on(steps) == set(punters) | set(bank)
    if len(punters) == 3:
        assert "Third card to the punters:" in text_of(steps)
    # nothing of the shoe beyond the coup's cards
    assert cards_on(page) == set(punters) | set(bank)


def test_baccarat_example_2_steps_name_the_players_and_the_chocolate_in_words():
    coup = coup_2()
    ru = text_of(section(page_of(coup, coup.players[0], "ru"), "steps"))
    en = text_of(section(page_of(coup, coup.players[0], "en"), "steps"))
    assert "Boris bets 3.00 BYN against the bank" in en
    assert "Anna takes the chocolate" in en
    assert "Boris ставит 3.00 BYN против банка" in ru
    assert "Anna берёт шоколадку" in ru
    # the chocolate paid back to the holder, seat to seat, in words
    assert "the bank → Anna : 7.00 BYN (chocolate)" in en
    assert re.search(r"банк → Anna : 7\.00 BYN \(«?шоколадка»?\)", ru)


def test_baccarat_example_3_the_commission_and_the_bank_after_the_coup_b11():
    coup = coup_3()
    result = text_of(section(page_of(coup, coup.players[2], "en"), "hand-result"))
    assert "The casino’s commission: 0.15 BYN" in result
    assert "Anna’s bank is now 7.85 BYN" in result
    assert "Boris loses 2.00 BYN to the bank" in result and "Vera loses 1.00 BYN" in result


def test_baccarat_example_4_the_finished_shoe_is_revealed_and_verified():
    coup = coup_4()
    page = page_of(coup, coup.players[1], "en")
    verify = section(page, "shuffle")
    assert coup.hand.deck_record in verify and coup.hand.secret in verify
    assert 'data-verified="1"' in verify
    assert "the shoe is finished" in text_of(section(page, "hand-result"))


# --- Belarusian poker --------------------------------------------------------------------------

# worked example 1 of the rules (§24, §25): A (seat 1) passes after C raises; B (seat 2) proposes
# a showdown, C (seat 0) accepts: B's 29 (A♠ K♠ with... ) against C's 22
A, B, C = 1, 2, 0
POKER_DEAL = {A: ["AS", "KS", "9H"], B: ["TD", "9D", "8D"], C: ["AH", "AC", "7S"]}


def poker_hand(**recording):
    return record_hand(
        "belarusian_poker",
        {"min_bet": 100, "max_bet": 5_000, "unit": 100},
        [0, 1, 2],
        ScriptedRng(pack_dealing(POKER_DEAL, 0), pack_33(), pack_33()),
        [
            (A, {"type": "bet", "amount": 500}),
            (B, {"type": "bet", "amount": 500}),
            (C, {"type": "bet", "amount": 1000}),
            (A, {"type": "pass"}),
            (B, {"type": "propose"}),
            (B, {"type": "bet", "amount": 1000}),
            (C, {"type": "bet", "amount": 1000}),
            (C, {"type": "accept"}),
        ],
        **recording,
    )


def test_poker_showdown_cards_and_points_are_in_the_history_the_folded_hand_is_not_s25():
    hand = poker_hand()
    assert hand.hand.result["winners"] == [B]
    page = page_of(hand, hand.players[C], "en")
    shown = text_of(page)
    for seat, name in ((B, "Vera"), (C, "Anna")):
        points = seka_score(POKER_DEAL[seat])
        assert f"{name}: {points} points" in shown
        assert set(POKER_DEAL[seat]) <= cards_on(section(page, "hand-result"))
    assert "Vera wins 42.00 BYN" in text_of(section(page, "hand-result"))  # 43.00 less 1.00
    # Boris (A) passed: his cards are never shown to another player
    assert not cards_on(page) & set(POKER_DEAL[A])
    assert "Vera bets 5.00 BYN" in shown and "Boris: pass" in shown
    assert "Vera proposes a showdown" in shown and "Anna agrees" in shown


# --- Khrap -------------------------------------------------------------------------------------


def khrap_hand(**recording):
    """A declares khrap, B helps; B takes two tricks, A two (CG §119.2.1: fewer than... no,
    the declarer keeps his commitment with two); trumps hearts, the 9♥ turned up."""
    deck = khrap_deck([["AH", "7S", "8S", "9S"], ["KH", "AS", "KS", "QS"]], ["9H"])
    return record_hand(
        "khrap",
        {"stake": 1_000},
        [0, 1],
        DeckRng(deck),
        [
            (0, {"type": "declare", "game": "khrap"}),
            (1, {"type": "help"}),
            (0, {"type": "exchange", "cards": []}),
            (1, {"type": "exchange", "cards": []}),
            (0, {"type": "play", "card": "AH"}),
            (1, {"type": "play", "card": "KH"}),
            (0, {"type": "play", "card": "7S"}),
            (1, {"type": "play", "card": "AS"}),
            (1, {"type": "play", "card": "KS"}),
            (0, {"type": "play", "card": "8S"}),
            (1, {"type": "play", "card": "QS"}),
            (0, {"type": "play", "card": "9S"}),
        ],
        **recording,
    )


def test_khrap_trump_declaration_tricks_and_payments_are_in_the_history_s119_s121():
    deal = khrap_hand()
    page = page_of(deal, deal.players[0], "ru")
    steps = section(page, "steps")
    shown = text_of(steps)
    assert "Козыри: [9H]" in shown
    assert "Anna объявляет «Храп»" in shown and "Boris: «Помог»" in shown
    assert "Взятки: Anna 1, Boris 0" in shown
    result = deal.hand.result
    words = text_of(section(page, "hand-result"))
    for seat, name in ((0, "Anna"), (1, "Boris")):
        assert f"{name}: {result['tricks'][str(seat)]}" in words
    # the deal shows me my own cards, never Boris's; the cards left in the deck never
    first = steps.split('class="step"')[1]
    assert cards_on(first) == {"9H", "AH", "7S", "8S", "9S"}
    dealt = {"AH", "7S", "8S", "9S", "KH", "AS", "KS", "QS", "9H"}
    assert cards_on(page) <= dealt


# --- Durak -------------------------------------------------------------------------------------


def durak_game(seed=2, **recording):
    engine = engine_for("durak")
    rng = random.Random(seed)

    def play(state):
        if engine.is_hand_over(state):
            return None
        (seat,) = engine.to_act(state)
        legal = engine.legal_actions(state, seat)
        good = [a for a in legal if a["type"] in ("defend", "attack")]
        return seat, rng.choice(good if good and rng.random() < 0.8 else legal)

    return record_hand(
        "durak",
        {"stake": 1_000, "wins_to_win": 5},
        [0, 1],
        random.Random(seed),
        play=play,
        **recording,
    )


def test_durak_trump_bouts_and_the_winner_are_in_the_history_the_other_hand_is_not():
    game = durak_game()
    page = page_of(game, game.players[0], "en")
    steps = section(page, "steps")
    trump = game.hand.initial_state["trump_card"]
    assert f"Trumps: [{trump}]" in text_of(steps)
    assert "attacks" in text_of(steps) and 'class="table-cards"' in steps
    winner = game.hand.result["winner"]
    assert f"{['Anna', 'Boris'][winner]} wins the game" in text_of(section(page, "hand-result"))
    # at the deal I see my six cards and the trump, not Boris's six
    first = steps.split('class="step"')[1]
    assert cards_on(first) == set(game.hand.initial_state["hands"][0]) | {trump}


# --- High card ---------------------------------------------------------------------------------


def high_card_hand(**recording):
    engine = engine_for("highcard")

    def play(state):
        if engine.is_hand_over(state):
            return None
        seat = engine.to_act(state)[0]
        return seat, ({"type": "pass"} if seat == 2 else {"type": "bet", "amount": 300})

    return record_hand(
        "highcard",
        {"min_bet": 100, "max_bet": 1_000, "ante": 50},
        [0, 1, 2],
        random.Random(7),
        play=play,
        **recording,
    )


def test_high_card_boxes_and_the_dealers_card_are_in_the_history():
    hand = high_card_hand()
    page = page_of(hand, hand.players[0], "en")
    result = hand.hand.result
    words = text_of(section(page, "hand-result"))
    assert f"The dealer’s card: [{result['dealer_card']}]" in words
    for seat, name in ((0, "Anna"), (1, "Boris")):
        verb = "wins" if result["won"][str(seat)] else "loses"
        assert f"{name} {verb} the box" in words
    boxes = hand.state["boxes"]
    assert cards_on(page) == {boxes["0"]["card"], boxes["1"]["card"], result["dealer_card"]}
    assert "Anna bets 3.00 BYN" in text_of(section(page, "steps"))


# --- Blackjack ---------------------------------------------------------------------------------

# the first cards of the shoe: box 1 and box 2, the dealer's up card, their second cards, the
# split's cards, the double's card, the dealer's second card and his draw
BLACKJACK_FIRST = ["8S", "TD", "6C", "8H", "9D", "3D", "TC", "TH", "4S", "KH"]


def blackjack_shoe(first: list[str], decks: int = 6) -> list[str]:
    rest = Counter(pack_52() * decks) - Counter(first)
    return list(first) + sorted(rest.elements())


def blackjack_hand(**recording):
    """Anna 10.00 on box 1, Boris 5.00 behind her and 3.00 on box 2; Anna splits her eights
    (Boris stays on the first hand), doubles the first (Boris does not): 8 3 10 = 21; the second
    8 10 = 18 stands, Boris's 19 stands; the dealer 6 4 K = 20 (CG §95, §96, §98)."""
    return record_hand(
        "blackjack",
        {"min_bet": 100, "max_bet": 5_000, "boxes": 7, "player_cut": False},
        [0, 1],
        ScriptedRng(blackjack_shoe(BLACKJACK_FIRST)),
        [
            (0, {"type": "bet", "amount": 1000}),
            (1, {"type": "behind", "box": 0, "amount": 500}),
            (1, {"type": "bet", "box": 1, "amount": 300}),
            (1, {"type": "pass"}),
            (1, {"type": "done"}),
            (0, {"type": "split", "box": 0, "hand": 0}),
            (1, {"type": "stay", "box": 0}),
            (0, {"type": "double", "box": 0, "hand": 0}),
            (1, {"type": "decline", "box": 0}),
            (0, {"type": "stand", "box": 0, "hand": 1}),
            (1, {"type": "stand", "box": 1, "hand": 0}),
        ],
        **recording,
    )


def test_blackjack_split_double_bets_behind_and_the_dealers_draw_are_in_the_history():
    hand = blackjack_hand()
    page = page_of(hand, hand.players[1], "en")
    steps = text_of(section(page, "steps"))
    for words in (
        "New shoe 1, checked: decks: 6 · cards: 312 · each card: 6",
        "Anna bets 10.00 BYN on box 1",
        "Boris bets 5.00 BYN behind box 1",
        "Box 1: [8S] [8H]",
        "The dealer’s card: [6C]",
        "Anna splits box 1",
        "Boris keeps the bet on the first hand of box 1",
        "Box 1: a card to each hand of the split: [3D] [TC]",
        "Anna doubles the bet on box 1",
        "Boris does not double on box 1",
        "Box 1 gets its one card: [TH]",
        "The dealer’s card: [KH]",
    ):
        assert words in steps, (words, steps)
    # the boxes' totals after a card, the dealer's 20
    assert "Box 1 (Anna): [8S] [3D] [TH] 21 won; [8H] [TC] 18 lost" in steps
    assert "The dealer: [6C] [4S] [KH] 20" in steps
    result = text_of(section(page, "hand-result"))
    assert "The dealer: [6C] [4S] [KH] 20" in result
    assert "box 2 (Boris): [TD] [9D] 19 lost" in result
    # every card dealt is shown, none of the shoe beyond them (the shoe goes on)
    assert cards_on(page) == set(BLACKJACK_FIRST)
    net = {row["party"]: row["amount"] for row in hand_story_net(hand)}
    # Anna: +20.00 on the doubled 21, −10.00 on the 18; Boris +5.00 behind, −3.00 on his box
    assert net["Anna"] == "+10.00\xa0BYN" and net["Boris"] == "+2.00\xa0BYN"
    ru = text_of(section(page_of(hand, hand.players[1], "ru"), "steps"))
    assert "Anna делит бокс 1" in ru


# --- Pontoon --------------------------------------------------------------------------------

# box 1 and box 2, the dealer's up card, their second cards, the two cards bought, the dealer's
# second card
PONTOON_FIRST = ["9S", "TD", "TC", "4D", "7D", "3C", "2H", "7S"]


def pontoon_hand(**recording):
    """Anna 10.00 on box 1 with Boris 5.00 behind her, Boris 3.00 on box 2; Anna's 9 4 = 13
    buys a three (Boris buys too) and a two (Boris twists): 18 stands, 30.00 at stake; Boris's
    10 7 = 17 stands; the dealer 10 7 = 17: Anna wins 30.00, Boris 10.00 behind and loses his
    17 to the dealer's 17 (CG §132, §135, N6)."""
    return record_hand(
        "pontoon",
        {"min_bet": 100, "max_bet": 5_000, "boxes": 7, "player_cut": False},
        [0, 1],
        ScriptedRng(blackjack_shoe(PONTOON_FIRST)),
        [
            (0, {"type": "bet", "amount": 1000}),
            (1, {"type": "behind", "box": 0, "amount": 500}),
            (1, {"type": "bet", "box": 1, "amount": 300}),
            (1, {"type": "pass"}),
            (0, {"type": "buy", "box": 0, "hand": 0}),
            (1, {"type": "buy", "box": 0}),
            (0, {"type": "buy", "box": 0, "hand": 0}),
            (1, {"type": "twist", "box": 0}),
            (0, {"type": "stand", "box": 0, "hand": 0}),
            (1, {"type": "stand", "box": 1, "hand": 0}),
        ],
        **recording,
    )


def test_pontoon_buys_a_staker_behind_buying_and_twisting_and_a_tie_lost_are_in_the_history():
    hand = pontoon_hand()
    page = page_of(hand, hand.players[1], "en")
    steps = text_of(section(page, "steps"))
    for words in (
        "Anna bets 10.00 BYN on box 1",
        "Boris bets 5.00 BYN behind box 1",
        "Box 1: [9S] [4D]",
        "The dealer’s card: [TC]",
        "Anna buys a card on box 1",
        "Boris buys a card on box 1",
        "Box 1 gets the card bought: [3C]",
        "Boris twists on box 1",
        "Box 1 gets the card bought: [2H]",
        "(a stake added for a card bought)",
        "The dealer’s card: [7S]",
    ):
        assert words in steps, (words, steps)
    assert "Box 1 (Anna): [9S] [4D] [3C] [2H] 18 won" in steps
    assert "Box 2 (Boris): [TD] [7D] 17 lost" in steps, "the tie loses (§135)"
    result = text_of(section(page, "hand-result"))
    assert "The dealer: [TC] [7S] 17" in result
    assert cards_on(page) == set(PONTOON_FIRST)
    net = {row["party"]: row["amount"] for row in hand_story_net(hand)}
    assert net["Anna"] == "+30.00\xa0BYN" and net["Boris"] == "+7.00\xa0BYN"
    ru = text_of(section(page_of(hand, hand.players[1], "ru"), "steps"))
    assert "Anna покупает карту на боксе 1" in ru and "Boris делает твист на боксе 1" in ru
    assert "Бокс 1 получает купленную карту: [3C]" in ru


def test_pontoon_five_cards_and_a_pontoon_read_in_the_result():
    """Anna twists to five cards (3:2 at once, §133) against the dealer's ace; Boris's Pontoon
    loses to the dealer's Pontoon (N4)."""
    hand = record_hand(
        "pontoon",
        {"min_bet": 100, "max_bet": 5_000, "boxes": 7, "player_cut": False},
        [0, 1],
        ScriptedRng(blackjack_shoe(["2S", "AC", "AH", "3H", "KD", "4D", "5C", "6H", "KS"])),
        [
            (0, {"type": "bet", "amount": 1000}),
            (1, {"type": "bet", "amount": 1000}),
            (0, {"type": "done"}),
            (1, {"type": "done"}),
            (0, {"type": "twist", "box": 0, "hand": 0}),
            (0, {"type": "twist", "box": 0, "hand": 0}),
            (0, {"type": "twist", "box": 0, "hand": 0}),
        ],
    )
    for language, words in (
        ("en", ["five cards", "Pontoon", "lost"]),
        ("ru", ["пять карт", "Понтун", "проигрыш"]),
    ):
        result = text_of(section(page_of(hand, hand.players[0], language), "hand-result"))
        for word in words:
            assert word in result, (language, word, result)


# Blackjack Switch's example 1 (blackjack-switch.md): Anna's box 1 K♠ 5♦, box 2 6♣ Q♥; the
# dealer 9♣ and his hole card 7♦; her double's 9♠, his 6♥ (22)
SWITCH_FIRST = ["KS", "6C", "9C", "5D", "QH", "7D", "9S", "6H"]


def switch_hand(**recording):
    """Anna 10.00 on each box and a Super Match of 5.00 (K, 5, 6, Q: lost); she switches
    (K Q 20 and 6 5 11), stands, doubles the 11 to 20; the dealer's 22 stands both off
    (CG §70, §77, §84, §86)."""
    return record_hand(
        "blackjack_switch",
        {"min_bet": 500, "max_bet": 5_000, "player_cut": False},
        [0],
        ScriptedRng(blackjack_shoe(SWITCH_FIRST)),
        [
            (0, {"type": "bet", "amount": 1000}),
            (0, {"type": "side", "box": 0, "kind": "super_match", "amount": 500}),
            (0, {"type": "pass"}),
            (0, {"type": "switch", "box": 0}),
            (0, {"type": "stand", "box": 0, "hand": 0}),
            (0, {"type": "double", "box": 1, "hand": 0}),
        ],
        **recording,
    )


def test_switch_super_match_and_the_switch_are_in_the_history():
    hand = switch_hand()
    page = page_of(hand, hand.players[0], "en")
    steps = text_of(section(page, "steps"))
    for words in (
        "Anna bets 10.00 BYN on box 1",
        "Anna bets 10.00 BYN on box 2",
        "Anna puts a side bet of 5.00 BYN on box 1",
        "Anna’s side bet on box 1 loses, on [KS] [5D] [6C] [QH]",
        "Anna switches the second cards of boxes 1 and 2: [KS] [QH] [6C] [5D]",
        "Anna doubles the bet on box 2",
        "Box 2 gets its one card: [9S]",
    ):
        assert words in steps, (words, steps)
    assert "Box 1 (Anna): [KS] [QH] 20 push" in steps
    net = {row["party"]: row["amount"] for row in hand_story_net(hand)}
    assert net["Anna"] == "−5.00\xa0BYN"
    ru = text_of(section(page_of(hand, hand.players[0], "ru"), "steps"))
    assert "Anna меняет местами вторые карты боксов 1 и 2" in ru


def hand_story_net(recorded):
    from tables.selectors import hand_story

    return hand_story(recorded.hand, new_staff(PIT_BOSS))["net"]


# --- Let It Ride ------------------------------------------------------------------------------


def let_it_ride_hand(**recording):
    """Two of the rules file's hands at one table: Anna K♠ K♦ 4♣ lets everything ride (three kings
    with the K♥: 3:1), Boris 5♥ 8♥ J♥ takes bet 1 down (example 2: a flush); community 2♥ K♥."""
    from tests.tables.engines.test_let_it_ride import deck_for

    return record_hand(
        "let_it_ride",
        {"min_bet": 100, "max_bet": 5_000, "max_payout": 500_000},
        [0, 1],
        ScriptedRng(deck_for([["KS", "KD", "4C"], ["5H", "8H", "JH"]], ["2H", "KH"])),
        [
            (0, {"type": "bet", "amount": 1000}),
            (1, {"type": "bet", "amount": 1000}),
            (0, {"type": "ride", "bet": 1}),
            (1, {"type": "take_down", "bet": 1}),
            (0, {"type": "ride", "bet": 2}),
            (1, {"type": "ride", "bet": 2}),
        ],
        **recording,
    )


def test_let_it_ride_bets_decisions_community_cards_and_hands_are_in_the_history():
    hand = let_it_ride_hand()
    page = page_of(hand, hand.players[0], "en")
    steps = text_of(section(page, "steps"))
    for words in (
        "Anna puts three bets of 10.00 BYN on box 1",
        "Boris takes down bet 1",
        "Anna lets bet 2 ride",
        "The first community card: [2H]",
        "The second community card: [KH]",
        "Anna’s cards: [KS] [KD] [4C] three of a kind",
        "Boris’s cards: [5H] [8H] [JH] flush",
    ):
        assert words in steps, (words, steps)
    result = text_of(section(page, "hand-result"))
    assert "Community cards: [2H] [KH]" in result and "Boris: flush 8:1" in result
    net = {row["party"]: row["amount"] for row in hand_story_net(hand)}
    assert net["Anna"] == "+90.00\xa0BYN" and net["Boris"] == "+160.00\xa0BYN"
    ru = text_of(section(page_of(hand, hand.players[0], "ru"), "steps"))
    assert "Boris забирает ставку 1" in ru


# --- stud against the dealer --------------------------------------------------------------------


def stud_deck(top: str) -> list[str]:
    cards = top.split()
    return [*cards, *(c for c in pack_52() if c not in cards)]


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


def oasis_hand(**recording):
    """Oasis stud: Anna buys a sixth card (§56.3), gives back the 4♣ and bets on a flush; the
    dealer A♠ K♦ 9♣ 7♥ 4♦ has no game: she buys him one (§58), he replaces his 4♦ with the 9♦, a
    pair of nines: her flush wins 5:1 (the rules file's example 2: +90)."""
    return record_hand(
        "oasis_stud",
        {"min_bet": 100, "max_bet": 2_000},
        [0],
        ScriptedRng(stud_deck("2H 5H 9H JH 4C AS KD 9C 7H 4D KH 9D")),
        [
            (0, {"type": "ante", "amount": 1000}),
            (0, {"type": "buy", "box": 0, "cards": []}),
            (0, {"type": "bet", "box": 0, "cards": ["4C"]}),
            (0, {"type": "buy_game", "box": 0}),
        ],
        **recording,
    )


def russian_poker_hand(**recording):
    """Russian poker: Anna's K♥ Q♥ 7♣ and the dealer's J♠ 10♠ 8♦ both score 20: a svara (§31,
    R7); Boris joins it with Anna's ante (R8); Anna doubles, the new deal gives her A♥ K♥ Q♥
    (31 points) against the dealer's K♠ Q♠ 7♦ (20): she is paid 3:1 on the bet."""
    svara = "AH KH QH 9C 8C 7S KS QS 7D"
    return record_hand(
        "russian_poker",
        {"min_bet": 100, "max_bet": 2_000},
        [0, 1],
        ScriptedRng(russian_deck("KH QH 7C 9D 8H 7D JS TS 8D"), russian_deck(svara), rest=True),
        [
            (0, {"type": "ante", "amount": 500}),
            (1, {"type": "ante", "amount": 300}),
            (0, {"type": "bet", "box": 0}),
            (1, {"type": "fold", "box": 1}),
            (1, {"type": "join"}),
            (0, {"type": "svara", "box": 0}),
            (1, {"type": "bet", "box": 2}),
            (0, {"type": "bet", "box": 0}),
        ],
        **recording,
    )


def russian_deck(top: str) -> list[str]:
    cards = top.split()
    return [*cards, *(c for c in pack_33() if c not in cards)]


def test_a_svara_is_told_in_the_history():
    hand = russian_poker_hand()
    page = text_of(page_of(hand, hand.players[0], "en"))
    assert "Svara 1: boxes 1 tied with the dealer, the ante doubles" in page
    assert "joins the svara on box 3 with 5.00" in page
    assert "plays the svara on box 1: the ante is 10.00" in page
    russian = text_of(page_of(hand, hand.players[0], "ru"))
    assert "Свара 1" in russian and "вступает в свару" in russian


def test_stud_changes_dark_boxes_and_a_bought_game_are_in_the_history():
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
    bought = oasis_hand()
    steps = text_of(section(page_of(bought, bought.players[0], "en"), "steps"))
    for words in (
        "Anna buys 1 card for box 1, fee 10.00 BYN",
        "The dealer opens his cards: no game",
        "Anna buys the dealer a game",
        "A game bought: the dealer replaces 4D with 9D and qualifies",
    ):
        assert words in steps, (words, steps)
    net = {row["party"]: row["amount"] for row in hand_story_net(bought)}
    assert net["Anna"] == "+90.00\xa0BYN", "the rules file's example 2 (O5, §59)"


# --- big stud ---------------------------------------------------------------------------------


def big_stud_hand(**recording):
    """big-stud.md's example 1: Anna's flush beats Boris's two pairs, Vera folds on fifth
    street; the casino's share 9 of the bank of 180 (§113)."""
    from tests.tables.engines.test_big_stud import CONFIG, EXAMPLE_1, deck_dealing

    moves = ["bet", "call", "call"] * 2 + ["bet", "call", "fold"] + ["bet", "call"] * 2
    seats = [0, 1, 2] * 3 + [0, 1] * 2
    return record_hand(
        "big_stud",
        CONFIG,
        [0, 1, 2],
        ScriptedRng(deck_dealing(EXAMPLE_1, 0)),
        [(s, {"type": m}) for s, m in zip(seats, moves, strict=True)],
        **recording,
    )


def test_big_stud_streets_bets_and_the_opened_hands_are_in_the_history():
    hand = big_stud_hand()
    page = page_of(hand, hand.players[0], "en")
    steps = text_of(section(page, "steps"))
    for words in (
        "Third street, the open cards:",
        "Anna bets 10.00 BYN",
        "Boris calls 10.00 BYN",
        "Vera folds",
        "Fifth street:",
        "Seventh street: a card down to each",
        "Anna: flush",
        "Boris: two pairs",
    ):
        assert words in steps, (words, steps)
    net = {row["party"]: row["amount"] for row in hand_story_net(hand)}
    assert net["Anna"] == "+91.00\xa0BYN" and net["Boris"] == "−80.00\xa0BYN"
    assert net["Vera"] == "−20.00\xa0BYN"
    ru = text_of(section(page_of(hand, hand.players[0], "ru"), "steps"))
    assert "Boris: две пары" in ru


# --- craps -----------------------------------------------------------------------------------

CRAPS = {"min_bet": 100, "max_bet": 100_000, "min_unit": 100}


def craps_roll(seats, faces, actions, after=None):
    """One roll of craps (a hand) with the five dice's ``faces`` scripted, at the table of the
    roll ``after`` (its layout, point and shooter carried on) or at a new one."""
    from tests.tables.engines.test_craps import ScriptedFaces

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


# --- every game: words, never a repr; the money balances --------------------------------------

# --- dice blackjack -------------------------------------------------------------------------------


def dice_blackjack_hand(**recording):
    """The rules file's example 1 with two players: Anna throws 5 and 6 (11), Boris 8 and 6 (14,
    over 12: lost at once); the dealer 4, then 7: 11, a push for Anna (X2)."""
    from tests.tables.engines.scripted import ScriptedDice

    return record_hand(
        "dice_blackjack",
        {"min_bet": 100, "max_bet": 5_000},
        [0, 1],
        ScriptedDice(5, 6, 8, 6, 4, 7),
        [
            (0, {"type": "bet", "amount": 1000}),
            (1, {"type": "bet", "amount": 1000}),
            (0, {"type": "throw"}),
            (0, {"type": "throw"}),
            (1, {"type": "throw"}),
            (1, {"type": "throw"}),
        ],
        **recording,
    )


def test_dice_blackjack_bets_throws_the_bust_and_the_dealers_throws_are_in_the_history():
    hand = dice_blackjack_hand()
    page = page_of(hand, hand.players[0], "en")
    steps = text_of(section(page, "steps"))
    for words in (
        "Anna bets 10.00 BYN on box 1",
        "No more bets: 20.00 BYN in play",
        "Anna throws 4 and 1 on box 1: 5",
        "Anna throws again on box 1, 5 and 1: 11 in all",
        "Boris throws again on box 2, 5 and 1: 14 in all",
        "Box 2: 14, over 12, loses at once",
        "The dealer throws 3 and 1: 4",
        "The dealer throws again, 6 and 1: 11 in all",
    ):
        assert words in steps, (words, steps)
    assert 'class="die" data-face="4"' in page  # the throws drawn as dice beside the words
    result = text_of(section(page, "hand-result"))
    assert "Dealer 11" in result and "Anna 11: push" in result and "Boris 14: over 12" in result
    net = {row["party"]: row["amount"] for row in hand_story_net(hand)}
    assert net["Boris"] == "−10.00\xa0BYN" and "Anna" not in net
    ru = text_of(section(page_of(hand, hand.players[0], "ru"), "steps"))
    assert "Anna: бросок на боксе 1 — 4 и 1, итого 5" in ru and "Бросок дилера" in ru


HANDS = {
    "baccarat_bank": coup_3,
    "belarusian_poker": poker_hand,
    "khrap": khrap_hand,
    "durak": durak_game,
    "highcard": high_card_hand,
    "blackjack": blackjack_hand,
    "blackjack_switch": switch_hand,
    "pontoon": pontoon_hand,
    "let_it_ride": let_it_ride_hand,
    "caribbean_stud": caribbean_hand,
    "oasis_stud": oasis_hand,
    "russian_poker": russian_poker_hand,
    "big_stud": big_stud_hand,
    "craps": craps_rolls,
    "dice_blackjack": dice_blackjack_hand,
    "golden_oasis": lambda **recording: record_hand(
        "golden_oasis",
        {"min_bet": 100, "max_bet": 2_000},
        [0],
        ScriptedRng(stud_deck("QS QD 2S 7D 9C AH KC 8D 6D 3S QC 6H 6S")),
        [
            (0, {"type": "ante", "amount": 1000}),
            (0, {"type": "exchange", "box": 0, "cards": ["2S", "7D", "9C"]}),
            (0, {"type": "bet", "box": 0}),
        ],
        **recording,
    ),
}
REPR = re.compile(
    r"\{'|': |\bNone\b|\bTrue\b|\bFalse\b|\b(seat|pot|house|table):\w"
    r"|\b(take_chocolate|no_chocolate|cards_dealt|third_card|hand_started|hand_over|deal_over"
    r"|bets_closed|auction_over|withdraw_half|svara_offered|svara_dealt|play_starts|beaten_off"
    r"|takes_trump_card|game_over|match_over)\b"
)
# English left in a Russian page (names are Latin here: Anna, Boris, Vera)
ENGLISH = re.compile(r"\b(the|bets|takes|wins|loses|cards?|deals|plays|stake|pot|pass|points?)\b")


def test_every_game_with_an_engine_has_a_history_here():
    assert set(HANDS) == set(registered_games())
    for game in HANDS:
        presentation = presentation_for(game)
        assert presentation.replay_template != "tables/replay/_step.html", game
        assert presentation.result_template != "tables/result/_hand.html", game


@pytest.mark.parametrize("game", sorted(HANDS))
@pytest.mark.parametrize("language", ["ru", "en"])
def test_hand_pages_read_in_words_with_no_repr(game, language):
    recorded = HANDS[game]()
    boss = new_staff(PIT_BOSS)
    for viewer in (recorded.players[0], boss):  # a player, and staff who see every seat
        for name in ("hand_detail", "hand_list"):
            page = page_of(recorded, viewer, language, name)
            main = page[page.index("<main") : page.index("</main>")] if "<main" in page else page
            shown = text_of(main)
            assert not REPR.search(shown), (name, REPR.search(shown).group(0), shown[:3000])
            assert "{'" not in page and "&#x27;type&#x27;" not in page
            if language == "ru":
                english = ENGLISH.search(
                    text_of(main.split('<section class="card" id="shuffle"')[0])
                )
                assert not english, (name, english.group(0))
    assert sum(payment.amount for payment in payments(recorded.events)) > 0


@pytest.mark.parametrize("game", sorted(HANDS))
def test_the_net_of_every_hand_balances_to_what_is_still_in_play(game):
    """The detail's net: what the players won and lost, the casino's share, and what stays in
    the pot for the next hand sum to zero: nothing created or lost in the words either."""
    from tables.selectors import hand_story

    recorded = HANDS[game]()
    story = hand_story(recorded.hand, new_staff(PIT_BOSS))
    total = 0
    for row in story["net"]:
        sign = 1 if row["amount"].startswith("+") else -1
        total += sign * round(float(re.sub(r"[^\d.]", "", row["amount"])) * 100)
    assert total == 0
    moved = Counter()
    for payment in payments(recorded.events):
        moved[payment.source] -= payment.amount
        moved[payment.target] += payment.amount
    assert sum(moved.values()) == 0


def test_a_game_with_no_partial_of_its_own_still_reads_in_words(monkeypatch):
    """The generic replay and result partials (tables/replay/_step.html, tables/result/_hand.html)
    write every event through the table of phrases: an unknown event type reads as a move."""
    from tables import games

    recorded = coup_2()
    generic = games.Presentation(game="baccarat_bank")
    monkeypatch.setitem(games._PRESENTATIONS, "baccarat_bank", generic)
    page = page_of(recorded, recorded.players[0], "ru")
    shown = text_of(page[page.index("<main") : page.index("</main>")])
    assert not REPR.search(shown)
    assert "Anna берёт шоколадку" in shown
    assert {"TC", "3D", "4H", "2S", "4C"} <= cards_on(page)
    assert "Anna −3.00 BYN" in shown and "Boris +3.00 BYN" in shown


def test_an_unknown_event_type_is_written_as_a_move_never_as_its_name():
    from tables.history import Teller

    teller = Teller({0: "Anna"}, "BYN")
    (line,) = teller.lines([{"type": "juggle_chips", "seat": 0, "amount": 150}], 0, None)
    assert line["text"] == "Anna makes a move"
    (line,) = teller.lines([{"type": "juggle_chips"}], None, None)
    assert "juggle" not in line["text"]
    paid = teller.payment({"source": "seat:0", "target": "pot:bet0", "amount": 150, "reason": "?"})
    assert paid == {
        "source": "Anna",
        "target": "Anna’s stake",
        "amount": "1.50\xa0BYN",
        "reason": "",
    }


def test_shoe_cards_left_for_the_next_coup_are_never_on_the_page():
    coup = coup_1()
    rest = Counter(pack_52() * 6) - Counter(["4S", "KD", "5H", "7C"])
    following = sorted(rest.elements())[:6]
    assert not cards_on(page_of(coup, coup.players[0], "en")) & (set(following) - {"4S", "KD"})


# --- why money moved, in the game's own words (issue 45, part 4: the smaller points) ----------


def payment_reasons(recorded, language: str) -> str:
    steps = section(page_of(recorded, recorded.players[0], language), "steps")
    return text_of(steps)


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


def test_every_house_games_stakes_read_in_its_own_words():
    """Let It Ride's bets 1 to 3 (CG §33), twenty-one's bet and insurance, High card's side bet
    on the dealer's rank, which alone is a side bet: each read as the game names it."""
    from tables.history import Teller

    def reason(game, text, target=""):
        teller = Teller({}, "BYN", presentation_for(game).bet_name)
        return teller.reason(text, target)

    assert reason("let_it_ride", "bet1 returned") == "bet 1 returned"
    assert reason("let_it_ride", "box won") == "bet 3 won"
    assert reason("let_it_ride", "bet", "pot:b0:s0") == "bet 3"
    assert reason("blackjack", "box lost") == "bet on the box lost"
    assert reason("blackjack", "insurance won") == "insurance won"
    assert reason("blackjack", "bet behind") == "bet behind"
    assert reason("blackjack_switch", "super_match won") == "Super Match side bet won"
    assert reason("highcard", "same lost") == "side bet on the dealer’s rank lost"
    assert reason("highcard", "switch fee") == "fee: card switch"
    for game in ("oasis_stud", "golden_oasis", "russian_poker"):
        assert reason(game, "ante lost") == "ante lost"
        assert reason(game, "bet returned") == "bet returned"
        assert reason(game, "bet", "pot:b2:s1") == "ante"
    assert reason("golden_oasis", "exchange fee") == "fee: card exchange"
    assert reason("oasis_stud", "game fee") == "fee: a game bought for the dealer"
    # a game that names none of its stakes still tells a side bet as one
    assert reason("dice_blackjack", "extra won") == "side bet won"


# --- each player's amounts in the list and the panel, every game alike (issue 45) --------------


def minor_of(text: str) -> int:
    sign = -1 if text.startswith("\u2212") else 1
    return sign * int(re.sub(r"\D", "", text))


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


@pytest.mark.parametrize("game", sorted(HANDS))
def test_every_games_list_gives_each_player_his_stake_and_result(game):
    """Each player whose money the hand moved: what he paid into it and his wallet's change,
    equal to the hand's payments (a pot that rides on holds the rest)."""
    from tables.selectors import hands_told

    recorded = HANDS[game]()
    told = hands_told([recorded.hand])[0]
    assert told.amounts, game
    wallet: Counter = Counter()
    paid_in: Counter = Counter()
    for payment in payments(recorded.events):
        for party, change in ((payment.source, -payment.amount), (payment.target, payment.amount)):
            if party.startswith("seat:"):
                wallet[int(party[5:])] += change
        if payment.source.startswith("seat:") and not payment.target.startswith("seat:"):
            paid_in[int(payment.source[5:])] += payment.amount
    for row in told.amounts:
        assert minor_of(row["result"]) == wallet[row["seat"]], (game, row)
        assert minor_of(row["staked"]) == paid_in[row["seat"]], (game, row)
    page = text_of(page_of(recorded, recorded.players[0], "en", "hand_list"))
    first = told.amounts[0]
    words = f"{first['player']}: staked {first['staked']}, result {first['result']}"
    assert words.replace("\xa0", " ") in page


def test_the_board_names_the_last_hand_finished_so_the_page_refreshes_its_history_at_once():
    """Issue 45: Golden Oasis's panel said "No finished hands you played in yet." just after a
    lost round: it asked the server every 10 s only. A whole board's version marker now names
    the last hand finished; the page's script fires "table:hand-over" when it changes, and the
    panel asks again on it."""
    from django.template.loader import get_template

    from tables.presenters import board_html
    from tables.selectors import table_view

    hand = caribbean_hand()
    table = hand.table
    table.state = {**hand.state, "last_game": {"number": hand.hand.number, **hand.hand.result}}
    table.save()
    seats = {s.position: s for s in table.seats.all()}
    html = board_html(table_view(table, seats, None), oob=True)
    assert f'data-last-hand="{hand.hand.number}"' in html
    page = get_template("tables/page.html").template.source
    assert "table:hand-over from:body" in page
    script = (settings.BASE_DIR / "static/js/table.js").read_text()
    assert 'new CustomEvent("table:hand-over")' in script and "dataset.lastHand" in script
