"""Podkidnoy durak (CG §122–§127, durak-tournament.md), with scripted decks."""

import random

import pytest

from tables.engines.base import IllegalAction
from tables.games.durak import engine as durak
from tests.tables.engines.scripted import ScriptedRng, durak_deck

CONFIG = {"wins_to_win": 5, "stake": 1_000, "commission_percent": "5"}


def deal(hand0, hand1, trump_card, talon=(), carry=None, config=CONFIG):
    rng = ScriptedRng(durak_deck(hand0, hand1, trump_card, talon))
    return durak.new_hand(config, [0, 1], rng, carry)


def play(state, seat, **action):
    action_type = action.pop("type")
    state, events = durak.apply(state, seat, {"type": action_type, **action})
    return state, events


def late_game(state, hands, talon=(), attacker=0):
    """The same game later on: the given hands, the talon as given, the rest discarded."""
    state = dict(state)
    state["hands"] = [list(hands[0]), list(hands[1])]
    state["talon"] = list(talon)
    used = set(hands[0]) | set(hands[1]) | set(talon)
    state["discard"] = [c for c in state["deal_record"].split(",") if c not in used]
    state["attacker"], state["defender"] = attacker, 1 - attacker
    state["first_leader"] = attacker
    state["bout_limit"] = min(6, len(hands[1 - attacker]))
    return state


H0 = ["6H", "7H", "8C", "9D", "TS", "QC"]
H1 = ["6C", "7C", "9H", "JD", "KH", "AS"]


def test_cg_125_4_six_each_dealt_two_at_a_time_13th_card_trumps_under_the_deck():
    state = deal(H0, H1, "8S", talon=["AH", "KD"])
    assert state["hands"] == [H0, H1]
    assert (state["trump"], state["trump_card"]) == ("S", "8S")
    assert len(state["talon"]) == 24
    assert state["talon"][:2] == ["AH", "KD"]
    assert state["talon"][-1] == "8S"  # turned up under the deck: drawn last (D6)


def test_cg_125_4_the_lowest_trump_leads_the_first_game():
    state = deal(H0, H1, "8S")  # trumps spades: seat 0 has TS, seat 1 has AS
    assert state["attacker"] == 0 and state["defender"] == 1
    state = deal(H1, H0, "8S")
    assert state["attacker"] == 1


def test_d2_no_trump_in_either_hand_is_dealt_again():
    no_trumps_0 = ["6H", "7H", "8C", "9D", "TD", "QC"]
    no_trumps_1 = ["6C", "7C", "9H", "JD", "KH", "AD"]
    first = durak_deck(no_trumps_0, no_trumps_1, "8S")
    second = durak_deck(H0, H1, "8S")
    state = durak.new_hand(CONFIG, [0, 1], ScriptedRng(first, second))
    assert state["hands"] == [H0, H1]
    assert state["deal_record"] == ",".join(second)


def test_cg_125_6_a_lead_is_one_card_or_two_to_four_of_one_rank():
    hand0 = ["7H", "7C", "7D", "7S", "9D", "QC"]
    state = deal(hand0, ["6C", "8H", "9H", "JD", "KH", "AS"], "8S")
    with pytest.raises(IllegalAction, match="one rank"):
        play(state, 0, type="attack", cards=["7H", "9D"])
    after, events = play(state, 0, type="attack", cards=["7H", "7C", "7D", "7S"])
    assert [pair[0] for pair in after["table"]] == ["7H", "7C", "7D", "7S"]
    assert events[0] == {
        "type": "attack",
        "seat": 0,
        "cards": ["7H", "7C", "7D", "7S"],
        "throw_in": False,
    }


def test_cg_125_6_only_cards_from_your_own_hand_and_only_on_your_turn():
    state = deal(H0, H1, "8S")
    with pytest.raises(IllegalAction, match="from your hand"):
        play(state, 0, type="attack", cards=["AS"])
    with pytest.raises(IllegalAction, match="not your turn"):
        play(state, 1, type="attack", cards=["6C"])
    with pytest.raises(IllegalAction, match="not your turn to defend"):
        play(state, 1, type="take")


def test_cg_125_6_beating_same_suit_higher_any_trump_trump_only_by_higher_trump():
    assert durak.beats("9H", "7H", "S")
    assert not durak.beats("6H", "7H", "S")
    assert not durak.beats("AC", "7H", "S")  # another suit, not trumps
    assert durak.beats("6S", "AH", "S")  # any trump beats a non-trump
    assert not durak.beats("7S", "9S", "S")  # a trump only by a higher trump
    assert durak.beats("JS", "9S", "S")
    state = deal(["9S", "7H", "8C", "9D", "TD", "QC"], ["7S", "7C", "9H", "JD", "KH", "AD"], "6S")
    assert state["attacker"] == 1  # 7S is the lowest trump
    state, _ = play(state, 1, type="attack", cards=["7S"])
    with pytest.raises(IllegalAction, match="does not beat"):
        play(state, 0, type="defend", card="QC", target="7S")
    state, _ = play(state, 0, type="defend", card="9S", target="7S")
    assert state["table"] == [["7S", "9S"]]


def test_cg_125_8_throw_ins_only_of_ranks_already_on_the_table():
    hand0 = ["6H", "6D", "9C", "JC", "QC", "KS"]
    hand1 = ["7H", "8H", "TD", "JD", "9H", "AS"]
    state = deal(hand0, hand1, "8S", talon=["AH", "KD", "QD"])
    assert state["attacker"] == 0  # KS vs AS: seat 0 has the lower trump
    state, _ = play(state, 0, type="attack", cards=["6H"])
    state, _ = play(state, 1, type="defend", card="9H", target="6H")
    with pytest.raises(IllegalAction, match="rank already on the table"):
        play(state, 0, type="attack", cards=["JC"])
    state, events = play(state, 0, type="attack", cards=["9C", "6D"])  # 9 and 6 are on the table
    assert events[0]["throw_in"] is True
    assert {"type": "attack", "cards": ["JC"]} not in durak.legal_actions(state, 0)


def test_d4_at_most_six_cards_per_bout():
    attacker = ["6H", "6D", "6C", "6S", "7S", "TH", "TD"]
    defender = ["7H", "7D", "7C", "9H", "9D", "9C", "TS"]
    state = late_game(deal(H0, H1, "8S"), [attacker, defender], talon=["JH"])
    assert state["bout_limit"] == 6
    state, _ = play(state, 0, type="attack", cards=["6H", "6D", "6C"])
    for attack, defence in [("6H", "7H"), ("6D", "7D"), ("6C", "7C")]:
        state, _ = play(state, 1, type="defend", card=defence, target=attack)
    state, _ = play(state, 0, type="attack", cards=["6S"])
    state, _ = play(state, 1, type="defend", card="TS", target="6S")
    with pytest.raises(IllegalAction, match="At most 6 cards"):
        play(state, 0, type="attack", cards=["7S", "TH", "TD"])
    state, _ = play(state, 0, type="attack", cards=["7S", "TH"])  # 6 in all: the limit
    assert len(state["table"]) == 6


def test_d4_never_more_cards_than_the_defender_held_at_the_start_of_the_bout():
    state = deal(H0, H1, "8S")
    state = late_game(state, [["6H", "6D", "6C", "7H"], ["8S", "9S"]])
    assert state["bout_limit"] == 2
    with pytest.raises(IllegalAction, match="At most 2 cards"):
        play(state, 0, type="attack", cards=["6H", "6D", "6C"])
    state, _ = play(state, 0, type="attack", cards=["6H", "6D"])
    assert durak.legal_actions(state, 0) == []  # the defender's turn


def test_cg_125_7_all_beaten_the_cards_go_to_the_discard_and_the_defender_leads():
    state = deal(H0, H1, "8S", talon=["AH", "KD", "QD", "JH"])
    state, _ = play(state, 0, type="attack", cards=["QC"])
    state, events = play(state, 1, type="defend", card="AS", target="QC")
    # seat 0 holds no queen or ace to throw in: the bout ends by itself
    assert [e["type"] for e in events] == ["defend", "beaten_off", "draw", "draw"]
    assert sorted(state["discard"]) == ["AS", "QC"]
    assert (state["attacker"], state["defender"]) == (1, 0)
    assert state["table"] == []


def test_cg_125_7_d5_the_defender_who_cannot_beat_takes_and_the_attacker_leads_again():
    state = deal(H0, H1, "8S", talon=["AH", "KD", "QD", "JH"])
    state, _ = play(state, 0, type="attack", cards=["QC"])
    state, events = play(state, 1, type="take")
    assert [e["type"] for e in events][:2] == ["take", "took"]
    assert "QC" in state["hands"][1]
    assert (state["attacker"], state["defender"]) == (0, 1)


def test_d7_after_take_the_attacker_may_still_throw_in_then_the_defender_takes_all():
    hand0 = ["6H", "6D", "8C", "9D", "TS", "QC"]
    state = deal(hand0, H1, "8S", talon=["AH", "KD", "QD", "JH"])
    state, _ = play(state, 0, type="attack", cards=["6H"])
    state, _ = play(state, 1, type="take")
    assert durak.legal_actions(state, 0) == [
        {"type": "attack", "cards": ["6D"]},
        {"type": "done"},
    ]
    state, events = play(state, 0, type="attack", cards=["6D"])
    assert "took" in [e["type"] for e in events]
    assert {"6H", "6D"} <= set(state["hands"][1])


def test_d6_the_attacker_draws_first_then_the_defender_and_the_trump_card_last():
    state = deal(H0, H1, "8S", talon=["AH", "KD"])
    state = late_game(state, [H0, H1], talon=["AH", "KD", "8S"])
    state, _ = play(state, 0, type="attack", cards=["QC"])
    state, events = play(state, 1, type="defend", card="AS", target="QC")
    draws = [e for e in events if e["type"] == "draw"]
    assert draws == [
        {"type": "draw", "seat": 0, "count": 1},
        {"type": "draw", "seat": 1, "count": 1},
    ]
    assert "AH" in state["hands"][0] and "KD" in state["hands"][1]
    assert state["talon"] == ["8S"]


def test_worked_example_3_a_bout_with_a_throw_in_the_defender_cannot_beat():
    # Trumps spades. A leads 9H 9C; B beats 9H with JH and 9C with 6S; A throws in JD;
    # B has no higher diamond and no trump left: B takes all five cards; A leads again.
    a = ["9H", "9C", "JD", "7C", "8C", "TC"]
    b = ["JH", "6S", "7D", "8D", "QH", "6H"]  # no clubs, as the example says
    state = deal(a, b, "KS", talon=["AH", "KH", "QD", "TD", "TH"])
    state = late_game(state, [a, b], talon=["AH", "KH", "QD", "TD", "TH", "KS"])
    state, _ = play(state, 0, type="attack", cards=["9H", "9C"])
    state, _ = play(state, 1, type="defend", card="JH", target="9H")
    state, _ = play(state, 1, type="defend", card="6S", target="9C")
    state, _ = play(state, 0, type="attack", cards=["JD"])
    assert durak.legal_actions(state, 1) == [{"type": "take"}]
    state, events = play(state, 1, type="take")
    took = next(e for e in events if e["type"] == "took")
    assert took["count"] == 5
    assert {"9H", "9C", "JH", "6S", "JD"} <= set(state["hands"][1])
    assert state["attacker"] == 0
    assert len(state["hands"][0]) == 6  # A drew up to six first


def test_cg_125_5_the_first_out_of_cards_once_the_deck_is_gone_wins():
    state = deal(H0, H1, "8S")
    state = late_game(state, [["7D"], ["QD", "9C"]])
    state, events = play(state, 0, type="attack", cards=["7D"])
    state, events = play(state, 1, type="defend", card="QD", target="7D")
    # seat 0 has no cards: the bout ends, the deck is empty, seat 0 is out: seat 0 wins
    assert state["over"] and state["result"] == {"winner": 0, "reason": "out"}
    assert state["match"]["score"] == [1, 0]
    assert {"type": "game_over", "winner": 0, "reason": "out"} in events


def test_worked_example_4_a_draw_counts_no_win_and_the_other_player_leads_next():
    state = deal(H0, H1, "8S")
    state = late_game(state, [["7D"], ["QD"]])
    assert state["first_leader"] == 0
    state, events = play(state, 0, type="attack", cards=["7D"])
    state, events = play(state, 1, type="defend", card="QD", target="7D")
    assert state["result"] == {"winner": None, "reason": "out"}
    assert state["match"]["score"] == [0, 0] and state["match"]["draws"] == 1
    following = durak.new_hand(CONFIG, [0, 1], random.Random(3), durak.carry_over(state))
    assert following["attacker"] == 1  # D3: B leads the next game


def test_cg_125_4_later_games_are_led_by_the_previous_winner():
    state = deal(H0, H1, "8S")
    state = late_game(state, [["QD", "9C"], ["7D"]], attacker=1)
    state, _ = play(state, 1, type="attack", cards=["7D"])
    state, _ = play(state, 0, type="defend", card="QD", target="7D")
    assert state["result"]["winner"] == 1
    following = durak.new_hand(CONFIG, [0, 1], random.Random(5), durak.carry_over(state))
    assert following["attacker"] == 1
    assert following["match"]["games"] == 2


def _win_game_for(state, seat):
    """Finish the game at once with `seat` going out (a shortcut through a real last bout)."""
    other = 1 - seat
    state = late_game(state, [["7D"], ["QD"]] if seat == 0 else [["QD"], ["7D"]], attacker=seat)
    state["hands"][other] += ["9C"]
    state, _ = play(state, seat, type="attack", cards=["7D"])
    state, events = play(state, other, type="defend", card="QD", target="7D")
    return state, events


def test_cg_124_a_match_is_played_to_n_wins_and_the_pot_less_commission_goes_to_the_winner():
    state = durak.new_hand({**CONFIG, "wins_to_win": 5}, [0, 1], random.Random(1))
    opening = durak.start_events(state)
    stakes = [e for e in opening if e["type"] == "payment"]
    assert stakes == [
        {
            "type": "payment",
            "source": "seat:0",
            "target": "pot",
            "amount": 1_000,
            "reason": "stake",
        },
        {
            "type": "payment",
            "source": "seat:1",
            "target": "pot",
            "amount": 1_000,
            "reason": "stake",
        },
    ]
    results = [0, 1, 1, 0, 1, 1, 0, 1]  # seat 1 reaches five wins in the 8th game
    for game_no, winner in enumerate(results, start=1):
        assert state["match"]["games"] == game_no
        state, events = _win_game_for(state, winner)
        if game_no < len(results):
            assert not durak.is_match_over(state)
            assert (
                not [e for e in durak.start_events(state) if e["type"] == "payment"] or game_no == 1
            )
            state = durak.new_hand(CONFIG, [0, 1], random.Random(game_no), durak.carry_over(state))
    assert durak.is_match_over(state)
    assert state["match"]["score"] == [3, 5]
    payments = [e for e in events if e["type"] == "payment"]
    assert payments == [
        {
            "type": "payment",
            "source": "pot",
            "target": "house:commission",
            "amount": 100,
            "reason": "commission",
        },
        {
            "type": "payment",
            "source": "pot",
            "target": "seat:1",
            "amount": 1_900,
            "reason": "match won",
        },
    ]
    assert durak.carry_over(state) is None  # the next hand starts a new match


@pytest.mark.parametrize("wins", [5, 7, 9, 11])
def test_cg_124_a_match_ends_exactly_when_a_player_reaches_the_tables_n_wins(wins):
    config = {**CONFIG, "wins_to_win": wins}
    state = durak.new_hand(config, [0, 1], random.Random(wins))
    # both reach N - 1 wins, taking turns; then seat 0 wins the deciding game
    results = [game % 2 for game in range(2 * (wins - 1))] + [0]
    for game_no, winner in enumerate(results, start=1):
        assert not durak.is_match_over(state)
        state, _events = _win_game_for(state, winner)
        if game_no < len(results):
            state = durak.new_hand(config, [0, 1], random.Random(game_no), durak.carry_over(state))
    assert durak.is_match_over(state)
    assert state["match"]["score"] == [wins, wins - 1]


def test_only_the_first_game_of_a_match_takes_the_stakes():
    state = durak.new_hand(CONFIG, [0, 1], random.Random(2))
    state, _ = _win_game_for(state, 0)
    second = durak.new_hand(CONFIG, [0, 1], random.Random(3), durak.carry_over(state))
    assert [e for e in durak.start_events(second) if e["type"] == "payment"] == []


def test_d13_a_defender_out_of_time_takes_and_an_attacker_out_of_time_ends_the_attack():
    state = deal(H0, H1, "8S", talon=["AH", "KD", "QD", "JH"])
    # attacker with an empty table leads his lowest card, non-trumps first
    assert durak.timeout_action(state, 0) == {"type": "attack", "cards": ["6H"]}
    state, events = durak.apply_timeout(state, 0)
    assert events[0] == {"type": "timeout", "seat": 0, "strikes": 1}
    state, events = durak.apply_timeout(state, 1)
    assert "took" in [e["type"] for e in events]
    # acting yourself clears your strikes
    state, _ = play(state, 0, type="attack", cards=["7H"])
    assert state["timeouts"][0] == 0
    state, _ = play(state, 1, type="defend", card="9H", target="7H")
    # now the attacker's turn with a beaten card on the table: done ends the attack
    if not state["table"]:
        return
    state, events = durak.apply_timeout(state, 0)
    assert "beaten_off" in [e["type"] for e in events]


def test_d13_two_timeouts_in_a_row_forfeit_the_game():
    state = deal(H0, H1, "8S", talon=["AH", "KD", "QD", "JH"])
    state, _ = play(state, 0, type="attack", cards=["QC"])
    state, _ = durak.apply_timeout(state, 1)  # takes; seat 0 leads again
    state, _ = play(state, 0, type="attack", cards=["6H"])
    state, events = durak.apply_timeout(state, 1)
    assert state["over"] and state["result"] == {"winner": 0, "reason": "timeouts"}
    assert state["match"]["score"] == [1, 0]


def test_a_forfeit_ends_the_match_for_the_opponent_and_a_void_refunds_both():
    state = durak.new_hand(CONFIG, [0, 1], random.Random(4))
    forfeited, events = durak.apply_forfeit(state, 0, "absent")
    assert durak.is_match_over(forfeited) and forfeited["match"]["winner"] == 1
    assert [e["amount"] for e in events if e["type"] == "payment"] == [100, 1_900]
    voided, events = durak.apply_void(state)
    assert durak.is_match_over(voided) and voided["match"]["winner"] is None
    assert [(e["target"], e["amount"]) for e in events if e["type"] == "payment"] == [
        ("seat:0", 1_000),
        ("seat:1", 1_000),
    ]


def test_the_view_shows_my_hand_only_and_never_the_deck():
    state = deal(H0, H1, "8S")
    mine = durak.view(state, 0)
    assert mine["hand"] == sorted(H0, key=lambda c: (c[1] == "S", "6789TJQKA".index(c[0]), c[1]))
    text = repr(mine)
    assert not any(card in text for card in H1)
    assert "talon" not in mine or isinstance(mine.get("talon_count"), int)
    spectator = durak.view(state, None)
    assert "hand" not in spectator and "legal" not in spectator
    assert not any(card in repr(spectator) for card in H0 + H1)
    assert spectator["trump_card"] == "8S"  # turned face up: public


def test_match_settings_are_checked():
    with pytest.raises(ValueError, match="wins"):
        durak.new_hand({"wins_to_win": 6}, [0, 1], random.Random(1))


def test_cg_125_6_a_trump_only_without_a_higher_card_of_the_suit():
    # "...либо любой козырной картой (при отсутствии таковых)": trumping a heart is allowed
    # only to a defender who holds no higher heart.
    attacker = ["7H", "8C", "9D", "TC", "JC", "QD"]
    defender = ["9H", "6S", "7D", "8D", "6C", "KD"]
    state = late_game(deal(H0, H1, "8S"), [attacker, defender], talon=["AH"])
    state, _ = play(state, 0, type="attack", cards=["7H"])
    with pytest.raises(IllegalAction, match="higher card of the same suit"):
        play(state, 1, type="defend", card="6S", target="7H")
    assert {"type": "defend", "card": "6S", "target": "7H"} not in durak.legal_actions(state, 1)
    state, _ = play(state, 1, type="defend", card="9H", target="7H")
    assert state["table"] == [["7H", "9H"]]
    # holding only a lower card of the suit, the trump is allowed
    assert durak.may_beat("6S", "9D", "S", ["6S", "7D", "8D"])
    assert not durak.may_beat("6S", "9D", "S", ["6S", "TD"])


def test_a_match_that_is_over_cannot_be_voided_again():
    state = durak.new_hand(CONFIG, [0, 1], random.Random(4))
    voided, _events = durak.apply_void(state)
    forfeited, _events = durak.apply_forfeit(state, 0, "absent")
    for over in (voided, forfeited):
        with pytest.raises(IllegalAction):
            durak.apply_void(over)


def test_one_way_round_the_deal_goes_clockwise_from_the_dealers_left_cg_125_4():
    """docs/rules-decisions.md, "One way round the table": positions ascend clockwise, seat 0
    at the dealer's left; the pack's first two cards go to seat 0, the next two to seat 1 (its
    left, clockwise), and so on round the table."""
    order = [*H0[:2], *H1[:2], *H0[2:4], *H1[2:4], *H0[4:], *H1[4:], "8S"]
    order += [c for c in durak.pack_36() if c not in order]
    state = durak.new_hand(CONFIG, [0, 1], ScriptedRng(order), None)
    assert state["hands"][0][:2] == order[:2] and state["hands"][1][:2] == order[2:4]
    assert state["hands"] == [H0, H1]
