"""Packs and shoes: contents, the cut card, and that discard and reshuffle never lose a card."""

import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tables.engines.cards import (
    JOKER,
    RANKS_33,
    RANKS_36,
    RANKS_52,
    SUITS,
    Shoe,
    label,
    pack_33,
    pack_36,
    pack_52,
    shoe_record,
    shuffled,
)


def test_pack_52_is_every_rank_of_every_suit_once():
    cards = pack_52()
    assert len(cards) == 52 == len(set(cards))
    assert set(cards) == {r + s for r in RANKS_52 for s in SUITS}
    assert JOKER not in cards


def test_pack_36_is_six_to_ace():
    cards = pack_36()
    assert len(cards) == 36 == len(set(cards))
    assert set(cards) == {r + s for r in "6789TJQKA" for s in SUITS}
    assert RANKS_36 == "6789TJQKA"
    assert not {"2S", "5H", "5C"} & set(cards)


def test_pack_33_is_seven_to_ace_plus_the_joker():
    cards = pack_33()
    assert len(cards) == 33 == len(set(cards))
    assert cards.count(JOKER) == 1
    assert set(cards) - {JOKER} == {r + s for r in "789TJQKA" for s in SUITS}
    assert RANKS_33 == "789TJQKA"
    assert "6S" not in cards
    assert label(JOKER) == "🃏"


@pytest.mark.parametrize("make_pack", [pack_52, pack_36, pack_33])
def test_cards_are_json_strings(make_pack):
    cards = make_pack()
    assert all(isinstance(c, str) and len(c) == 2 for c in cards)
    assert json.loads(json.dumps(cards)) == cards


def test_shuffled_is_reproducible_from_the_seed_and_leaves_the_input_alone():
    cards = pack_52()
    first = shuffled(cards, random.Random(7))
    assert first == shuffled(cards, random.Random(7))
    assert first != shuffled(cards, random.Random(8))
    assert sorted(first) == sorted(cards)
    assert cards == pack_52()


@pytest.mark.parametrize("decks", [1, 2, 6, 8])
def test_a_shoe_of_n_decks_holds_n_times_52_cards(decks):
    shoe = Shoe.new(decks, random.Random(1))
    assert len(shoe.cards) == shoe.remaining == 52 * decks
    assert Counter(shoe.cards) == Counter(pack_52() * decks)
    assert all(n == decks for n in Counter(shoe.cards).values())


def test_a_shoe_can_be_built_from_another_pack():
    shoe = Shoe.new(2, random.Random(1), make_pack=pack_36)
    assert Counter(shoe.cards) == Counter(pack_36() * 2)
    assert shoe.cut_at == 54


def test_the_same_seed_gives_the_same_shoe():
    assert Shoe.new(6, random.Random(42)).cards == Shoe.new(6, random.Random(42)).cards
    assert Shoe.new(6, random.Random(42)).cards != Shoe.new(6, random.Random(43)).cards


def test_the_cut_card_comes_out_at_the_penetration():
    shoe = Shoe.new(6, random.Random(3), penetration=0.75)
    assert shoe.cut_at == 234
    dealt = [shoe.deal() for _ in range(233)]
    assert dealt == shoe.cards[:233]
    assert not shoe.cut_card_out
    shoe.deal()
    assert shoe.cut_card_out
    assert shoe.remaining == 312 - 234


def test_an_empty_shoe_refuses_to_deal():
    shoe = Shoe.new(1, random.Random(3), penetration=1.0)
    for _ in range(52):
        shoe.deal()
    assert shoe.cut_card_out and shoe.remaining == 0
    with pytest.raises(RuntimeError):
        shoe.deal()


def test_discard_takes_only_cards_that_are_in_play():
    shoe = Shoe.new(1, random.Random(5))
    hand = [shoe.deal(), shoe.deal()]
    undealt = shoe.cards[shoe.position]
    with pytest.raises(ValueError):
        shoe.discard_cards([undealt])
    shoe.discard_cards(hand)
    assert shoe.discard == hand and shoe.in_play == []
    with pytest.raises(ValueError):
        shoe.discard_cards([hand[0]])  # already on the discard
    assert shoe.discard == hand


def test_reshuffle_brings_the_discard_back_and_places_a_new_cut_card():
    shoe = Shoe.new(1, random.Random(9), penetration=0.5)
    while not shoe.cut_card_out:
        shoe.discard_cards([shoe.deal()])
    kept = shoe.deal()  # still in a player's hand at the reshuffle
    shoe.reshuffle(random.Random(10))
    assert shoe.discard == []
    assert shoe.in_play == [kept]
    assert shoe.position == 1 and shoe.remaining == 51
    assert kept not in shoe.cards[shoe.position :]
    assert shoe.cut_at == 1 + 25
    assert not shoe.cut_card_out
    assert Counter(shoe.cards) == Counter(pack_52())
    shoe.discard_cards([kept])
    assert shoe.in_play == []


def test_reshuffle_is_reproducible_from_the_seed():
    def run(seed):
        shoe = Shoe.new(2, random.Random(seed))
        shoe.discard_cards([shoe.deal() for _ in range(80)])
        shoe.reshuffle(random.Random(seed + 1))
        return shoe.to_dict()

    assert run(4) == run(4)
    assert run(4) != run(5)


def test_to_dict_round_trips_through_json_and_does_not_alias_the_live_shoe():
    shoe = Shoe.new(2, random.Random(11), penetration=0.6)
    shoe.discard_cards([shoe.deal() for _ in range(5)])
    data = shoe.to_dict()
    again = Shoe.from_dict(json.loads(json.dumps(data)))
    assert again == shoe
    shoe.discard_cards([shoe.deal()])
    shoe.reshuffle(random.Random(12))
    assert Shoe.from_dict(data) == again


def test_from_dict_accepts_a_state_saved_before_penetration_was_stored():
    shoe = Shoe.from_dict({"cards": pack_52(), "cut_at": 39, "position": 0, "discard": []})
    assert shoe.penetration == 0.75


@settings(max_examples=150, deadline=None)
@given(
    decks=st.integers(1, 4),
    use_36=st.booleans(),
    penetration=st.floats(0.1, 1.0),
    seed=st.integers(0, 2**32),
    steps=st.lists(st.sampled_from(["deal", "discard", "reshuffle", "save"]), max_size=300),
)
def test_every_card_stays_in_exactly_one_place(decks, use_36, penetration, seed, steps):
    make_pack = pack_36 if use_36 else pack_52
    everything = Counter(make_pack() * decks)
    rng = random.Random(seed)
    shoe = Shoe.new(decks, rng, penetration=penetration, make_pack=make_pack)
    hands: list[str] = []  # what the players hold: the engine's view of "in play"
    for step in steps:
        if step == "deal" and shoe.remaining:
            hands.append(shoe.deal())
        elif step == "discard" and hands:
            gone = rng.sample(hands, rng.randint(1, len(hands)))
            for card in gone:
                hands.remove(card)
            shoe.discard_cards(gone)
        elif step == "reshuffle":
            shoe.reshuffle(rng)
            assert shoe.discard == []
            assert shoe.cut_at == shoe.position + int(shoe.remaining * penetration)
        elif step == "save":
            shoe = Shoe.from_dict(json.loads(json.dumps(shoe.to_dict())))
        remaining = shoe.cards[shoe.position :]
        assert Counter(shoe.in_play) == Counter(hands)
        assert Counter(remaining) + Counter(hands) + Counter(shoe.discard) == everything
        assert Counter(shoe.cards) == everything


# --- the shoe as a string (issue 31) ----------------------------------------------------------


def old_form(shoe: Shoe) -> dict:
    """The dict a shoe was saved as before it became a string: the order and the discard as
    lists (states stored in databases still hold it)."""
    return {
        "cards": shoe.cards,
        "cut_at": shoe.cut_at,
        "position": shoe.position,
        "discard": shoe.discard,
        "penetration": shoe.penetration,
    }


def test_shoe_saves_its_order_as_one_string_that_a_copy_shares():
    shoe = Shoe.new(6, random.Random(1))
    shoe.deal()
    data = shoe.to_dict()
    assert isinstance(data["order"], str) and len(data["order"]) == 2 * 312
    assert data["order"] == "".join(shoe.cards)
    assert Shoe.from_dict(data).order is data["order"], "loading copies no card"
    assert json.loads(json.dumps(data)) == data


def test_shoe_saved_as_lists_before_loads_with_its_cards_in_play_and_deals_on():
    shoe = Shoe.new(2, random.Random(21))
    dealt = [shoe.deal() for _ in range(9)]
    shoe.discard_cards(dealt[:4])
    saved = old_form(shoe)
    assert saved["discard"] == dealt[:4]
    loaded = Shoe.from_dict(json.loads(json.dumps(saved)))
    assert loaded == shoe
    assert loaded.in_play == dealt[4:] and loaded.discard == dealt[:4]
    assert loaded.deal() == shoe.deal()
    assert "cards" not in loaded.to_dict(), "saved again in the new form"


def test_shoe_saved_before_penetration_or_discard_were_stored_loads():
    shoe = Shoe.from_dict({"cards": pack_52(), "cut_at": 39, "position": 2})
    assert shoe.penetration == 0.75 and shoe.in_play == pack_52()[:2] and shoe.discard == []


def test_shoe_discard_refuses_a_card_not_in_play_and_changes_nothing():
    shoe = Shoe.new(1, random.Random(5))
    hand = [shoe.deal(), shoe.deal()]
    before = shoe.to_dict()
    undealt = shoe.undealt[0]
    with pytest.raises(ValueError, match="not in play"):
        shoe.discard_cards([hand[0], undealt])  # the first is in play: all or nothing
    assert shoe.to_dict() == before
    with pytest.raises(ValueError, match="not in play"):
        shoe.discard_cards([hand[0], hand[0]])  # one copy out, two discarded
    assert shoe.to_dict() == before


def test_shoe_discard_of_one_copy_of_a_card_with_several_decks_keeps_the_other_in_play():
    shoe = Shoe(["AS", "KD", "AS", "2C"], cut_at=3)
    cards = [shoe.deal(), shoe.deal(), shoe.deal()]
    assert cards == ["AS", "KD", "AS"]
    shoe.discard_cards(["AS"])
    assert shoe.in_play == ["KD", "AS"] and shoe.discard == ["AS"]
    assert Counter(shoe.undealt + shoe.in_play + shoe.discard) == Counter(shoe.cards)


def test_shoe_commitment_text_is_the_comma_joined_order_as_before():
    """Hands committed while the order was a list must still verify: the same order gives the
    same text, ``",".join(cards)``, from either form of a saved shoe."""
    shoe = Shoe.new(6, random.Random(7))
    old_formula = ",".join(shoe.cards)  # the order as the list it was saved as
    for _ in range(30):
        shoe.deal()
    shoe.discard_cards(shoe.in_play[:10])
    assert shoe.record() == old_formula
    assert shoe_record(shoe.to_dict()) == old_formula
    assert shoe_record(old_form(shoe)) == ",".join(old_form(shoe)["cards"]) == old_formula


def test_shoe_refuses_an_order_that_is_not_two_characters_a_card():
    with pytest.raises(ValueError):
        Shoe(["AS", "10H"], cut_at=1)
    with pytest.raises(ValueError):
        Shoe("ASK", cut_at=1)
