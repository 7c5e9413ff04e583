"""The exchange's pure matching and settlement (BK §37–§53, betting-exchange.md): the worked
examples of section 4 to the cent, and the rules each step cites. Amounts are minor units
(the examples' 100 is 100.00 = 10_000)."""

from decimal import Decimal

import pytest

from sportsbook.exchange.matching import Book, Offer, OfferError, Side, liability
from sportsbook.exchange.settle import MatchedBet, PlayerResult, bet_result, market_results
from sportsbook.settlement.grading import LOST, VOID, WON, Settled

RATE = Decimal("5")  # the examples' commission, 5 %
ANNA, BORIS, CLARA, DMITRY, EGOR, FEDOR, GALINA = range(1, 8)


def offer(id, player, side, odds, stake, seq=None):
    return Offer(id, player, Side(side), Decimal(odds), stake, seq if seq is not None else id)


def settle(fills, outcome_settled):
    bets = [MatchedBet(f.back_player, f.lay_player, "A", f.stake, f.odds) for f in fills]
    return market_results(bets, {"A": outcome_settled}, RATE)


def conserved(results: dict[int, PlayerResult]) -> int:
    return sum(r.credited for r in results.values()) + sum(r.commission for r in results.values())


# --- worked example 1 and 2: partial match, lapse, back wins / loses ----------------------------


def example_1_book():
    book = Book()
    anna = offer(1, ANNA, "back", "3", 10_000)  # k = 3 (decimal 4.0), stake 100
    assert book.submit(anna) == []
    assert liability(Side.BACK, anna.remaining, anna.odds) == 10_000  # A3: Anna reserves 100
    fills = book.submit(offer(2, BORIS, "lay", "3", 6_000), rest=False)  # Boris accepts 60
    return book, fills


def test_bk_43_a5_example_1_partial_match_leaves_40_open_then_it_lapses_bk_46():
    book, fills = example_1_book()
    assert [(f.back_player, f.lay_player, f.stake, f.odds) for f in fills] == [
        (ANNA, BORIS, 6_000, Decimal(3))
    ]
    assert fills[0].lay_liability == 18_000  # Boris's liability 60 x 3 = 180 (BK §51)
    assert book.offers[1].remaining == 4_000  # Anna's 40 stays open (A5)
    lapsed = book.lapse()  # the event starts (BK §46, A8)
    assert [(o.id, o.remaining, o.liability) for o in lapsed] == [(1, 4_000, 4_000)]
    assert book.offers == {} and book.ladder(Side.BACK) == []


def test_bk_48_bk_51_bk_53_example_1_back_wins_anna_171_boris_minus_180_book_9():
    _book, fills = example_1_book()
    results = settle(fills, WON)
    assert results[ANNA] == PlayerResult(net=18_000, commission=900)
    assert results[ANNA].credited == 17_100
    assert results[BORIS] == PlayerResult(net=-18_000, commission=0)
    assert conserved(results) == 0  # 171 + 9 - 180 = 0


def test_bk_49_bk_50_a1_example_2_back_loses_anna_minus_60_boris_57_book_3():
    _book, fills = example_1_book()
    results = settle(fills, LOST)
    assert results[ANNA].credited == -6_000
    assert results[BORIS] == PlayerResult(net=6_000, commission=300)
    assert results[BORIS].credited == 5_700
    assert conserved(results) == 0


# --- worked example 3: editing, then cancelling a matched bet ------------------------------------


def test_bk_44_a6_bk_45_example_3_edit_then_match_then_cancel_refused():
    book = Book()
    clara = offer(1, CLARA, "lay", "1.5", 5_000)
    book.submit(clara)
    assert clara.liability == 7_500  # 50 x 1.5 = 75.00 reserved
    old, fills = book.edit(1, new_id=2, odds=Decimal("1.25"), stake=5_000, seq=3)
    assert (old.id, fills) == (1, [])
    assert book.offers[2].liability == 6_250  # liability now 62.50
    assert book.offers[2].seq == 3  # A6: an edit is a new offer with a new time
    fills = book.submit(offer(4, DMITRY, "back", "1.25", 5_000), rest=False)
    assert [(f.back_player, f.lay_player, f.stake, f.odds) for f in fills] == [
        (DMITRY, CLARA, 5_000, Decimal("1.25"))
    ]
    with pytest.raises(OfferError, match="BK §45"):
        book.cancel(2)  # concluded bets cannot be cancelled


# --- worked example 4: two acceptors, the first recorded wins -----------------------------------


def test_a5_a7_example_4_two_acceptors_fedor_150_galina_the_remaining_50():
    book = Book()
    book.submit(offer(1, EGOR, "back", "0.8", 20_000))
    fedor = book.submit(offer(2, FEDOR, "lay", "0.8", 15_000), rest=False)  # 12:00:01
    galina_offer = offer(3, GALINA, "lay", "0.8", 10_000)
    galina = book.submit(galina_offer, rest=False)  # 12:00:02
    assert [f.stake for f in fedor] == [15_000]
    assert [f.stake for f in galina] == [5_000]
    assert galina_offer.remaining == 5_000 and 3 not in book.offers  # the rest is rejected (A7)
    results = settle(fedor + galina, WON)
    assert results[EGOR] == PlayerResult(net=16_000, commission=800)  # 160 - 8 = +152
    assert results[EGOR].credited == 15_200
    assert results[FEDOR].credited == -12_000
    assert results[GALINA].credited == -4_000
    assert conserved(results) == 0


# --- price-then-time (BK §43, A7) ----------------------------------------------------------------


def test_bk_43_a7_a_backer_meets_the_highest_lay_first_then_the_earliest_at_a_price():
    book = Book()
    book.submit(offer(1, 10, "lay", "2", 1_000))
    book.submit(offer(2, 11, "lay", "2.5", 1_000))
    book.submit(offer(3, 12, "lay", "2.5", 1_000))
    book.submit(offer(4, 13, "lay", "1.5", 1_000))
    fills = book.submit(offer(5, 20, "back", "2", 2_500))
    assert [(f.lay_offer, f.odds, f.stake) for f in fills] == [
        (2, Decimal("2.5"), 1_000),
        (3, Decimal("2.5"), 1_000),
        (1, Decimal("2"), 500),
    ]
    assert book.offers[1].remaining == 500  # partly matched, keeps its place
    assert 5 not in book.offers  # fully matched
    assert book.ladder(Side.LAY) == [(Decimal("2"), 500), (Decimal("1.5"), 1_000)]


def test_bk_43_a_layer_meets_the_lowest_back_first_and_never_pays_more_than_he_asked():
    book = Book()
    book.submit(offer(1, 10, "back", "3", 1_000))
    book.submit(offer(2, 11, "back", "2", 1_000))
    fills = book.submit(offer(3, 20, "lay", "2.5", 5_000))
    assert [(f.back_offer, f.odds, f.stake) for f in fills] == [(2, Decimal("2"), 1_000)]
    # the back at 3 asks more than 2.5: it stands, and the layer's rest stands beside it
    assert book.ladder(Side.BACK) == [(Decimal("3"), 1_000)]
    assert book.ladder(Side.LAY) == [(Decimal("2.5"), 4_000)]


def test_a4_a_player_never_accepts_his_own_offer_which_keeps_its_place():
    book = Book()
    book.submit(offer(1, 10, "lay", "2", 1_000))
    book.submit(offer(2, 11, "lay", "2", 1_000))
    fills = book.submit(offer(3, 10, "back", "2", 1_500), rest=False)
    assert [(f.lay_offer, f.stake) for f in fills] == [(2, 1_000)]
    assert book.offers[1].remaining == 1_000
    assert [o.id for o in book.halves[Side.LAY].levels[Decimal(2)]] == [1]


def test_a4_an_offer_restricted_to_named_players_is_taken_only_by_them_and_keeps_its_place():
    book = Book()
    book.submit(Offer(1, 10, Side.LAY, Decimal(2), 1_000, 1, frozenset({12})))
    book.submit(offer(2, 11, "lay", "2", 1_000))
    fills = book.submit(offer(3, 13, "back", "2", 1_500), rest=False)  # 13 is not named
    assert [(f.lay_offer, f.stake) for f in fills] == [(2, 1_000)]
    assert [o.id for o in book.halves[Side.LAY].levels[Decimal(2)]] == [1]
    fills = book.submit(offer(4, 12, "back", "2", 300), rest=False)  # 12 is
    assert [(f.lay_offer, f.lay_player, f.stake) for f in fills] == [(1, 10, 300)]


def test_a4_a_restricted_incoming_offer_meets_only_the_named_players_offers():
    book = Book()
    book.submit(offer(1, 11, "lay", "2", 1_000))
    book.submit(offer(2, 12, "lay", "2", 1_000))
    fills = book.submit(Offer(3, 10, Side.BACK, Decimal(2), 1_500, 3, frozenset({12})))
    assert [(f.lay_offer, f.stake) for f in fills] == [(2, 1_000)]
    assert book.offers[3].remaining == 500 and book.offers[1].remaining == 1_000


def test_bk_44_cancel_withdraws_only_the_unmatched_part():
    book = Book()
    book.submit(offer(1, 10, "back", "2", 1_000))
    book.submit(offer(2, 11, "lay", "2", 400), rest=False)
    withdrawn = book.cancel(1)
    assert (withdrawn.remaining, withdrawn.liability) == (600, 600)
    with pytest.raises(OfferError):
        book.cancel(1)


def test_a12_offers_need_positive_odds_and_stake():
    book = Book()
    with pytest.raises(OfferError, match="A12"):
        book.submit(offer(1, 10, "back", "0", 100))
    with pytest.raises(OfferError):
        book.submit(offer(2, 10, "back", "2", 0))


# --- settlement: void, dead heat, rounding once, commission per market -------------------------


def test_a10_a_void_bet_moves_nothing_and_pays_no_commission():
    fills = Book([offer(1, 1, "back", "3", 1_000)]).submit(offer(2, 2, "lay", "3", 1_000))
    results = settle(fills, VOID)
    assert {p: (r.net, r.commission) for p, r in results.items()} == {1: (0, 0), 2: (0, 0)}


def test_a11_dead_heat_of_two_half_happened_half_not():
    # 100 at k = 3, two winners: 50 settled as won (+150), 50 as lost (-50): backer +100
    assert bet_result(10_000, Decimal(3), Settled(Decimal("0.5"), 0)) == 10_000
    # a dead heat of three: 1/3 won at k = 2, 2/3 lost: 100 x (2/3 - 2/3) = 0
    from fractions import Fraction

    assert bet_result(10_000, Decimal(2), Settled(Fraction(1, 3), 0)) == 0


def test_a14_rounded_once_toward_zero_identical_amounts_both_sides():
    # 3 minor units at k = 1.25: exact 3.75, the backer gets 3, the layer loses the same 3
    results = market_results([MatchedBet(1, 2, "A", 3, Decimal("1.25"))], {"A": WON}, RATE)
    assert results[1].net == 3 and results[2].net == -3
    assert liability(Side.LAY, 3, Decimal("1.25")) == 3  # what was reserved covers the loss


def test_section_5_commission_on_net_winnings_per_market_not_per_bet():
    # one player wins 100 on outcome A and loses 60 on outcome B of the same market: net 40,
    # commission 5 % of 40 = 2 (not 5 % of 100)
    bets = [
        MatchedBet(1, 2, "A", 10_000, Decimal(1)),
        MatchedBet(1, 3, "B", 6_000, Decimal(1)),
    ]
    results = market_results(bets, {"A": WON, "B": LOST}, RATE)
    assert results[1] == PlayerResult(net=4_000, commission=200)
    assert results[2] == PlayerResult(net=-10_000, commission=0)
    assert results[3] == PlayerResult(net=6_000, commission=300)
    assert conserved(results) == 0


def test_a14_commission_rounded_down_in_the_players_favour():
    results = market_results([MatchedBet(1, 2, "A", 39, Decimal(1))], {"A": WON}, RATE)
    assert results[1] == PlayerResult(net=39, commission=1)  # 1.95 -> 1
