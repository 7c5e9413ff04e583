"""The exchange's services on the real database (BK §37–§53): the worked examples of
betting-exchange.md section 4 end to end through the ledger, to the cent, and the refusals,
idempotency, lapse and settlement paths."""

from __future__ import annotations

import datetime as dt
import threading
import uuid
from decimal import Decimal

import pytest
from django.db import close_old_connections
from django.utils import timezone

from casino import ledger
from casino.models import Transfer
from sportsbook.exchange.services import (
    ExchangeRefused,
    PriceChanged,
    commission_account,
    exchange_lapse_due,
    exchange_market_list,
    exchange_market_settle,
    exchange_offer_cancel,
    exchange_offer_edit,
    exchange_offer_post,
    exchange_offer_take,
    exchange_settle_due,
)
from sportsbook.line.services import event_set_status
from sportsbook.models import (
    EventStatus,
    ExchangeBet,
    ExchangeBetStatus,
    ExchangeOffer,
    ExchangeSettlement,
    MarketStatus,
    OddsPolicy,
    OfferStatus,
    Outcome,
)
from sportsbook.settlement.runner import event_settle
from sportsbook.settlement.services import event_result_set
from tests.conftest import assert_books_clean, fund, new_player, requires_postgres
from tests.sportsbook.line import football_result, make_event, outcome

pytestmark = pytest.mark.django_db

FUNDS = 100_000  # 1,000.00 BYN each


def balance(player) -> int:
    return ledger.balances_of(player).get("BYN", 0)


def funded(name: str):
    player = new_player(username=f"{name}-{uuid.uuid4().hex[:6]}")
    fund(player, FUNDS)
    return player


@pytest.fixture
def line(db):
    """An event two hours away, its 1x2 market listed on the exchange (5 % commission)."""
    event = make_event(markets=(("1x2", {}),))
    home = outcome(event, "1x2", "1")
    exchange_market_list(market_id=home.market_id, commission_percent=Decimal("5"))
    return event, home


def post(player, home, side, odds, stake, **kw):
    offer, _created = exchange_offer_post(
        player=player,
        outcome_id=home.pk,
        side=side,
        odds=odds,  # as the form sends it: text, checked by the service
        stake=stake,
        idempotency_key=kw.pop("key", uuid.uuid4().hex),
        **kw,
    )
    return offer


def take(player, home, side, odds, stake, **kw):
    offer, _created = exchange_offer_take(
        player=player,
        outcome_id=home.pk,
        side=side,
        odds_seen=Decimal(odds),
        stake=stake,
        idempotency_key=kw.pop("key", uuid.uuid4().hex),
        **kw,
    )
    return offer


def finish(event, home_goals, away_goals):
    event_set_status(event_id=event.pk, status=EventStatus.FINISHED)
    event_result_set(event_id=event.pk, result=football_result(home_goals, away_goals))
    return event_settle(event_id=event.pk)


def commission_held() -> int:
    return commission_account("BYN").current_balance()


def example_1(line):
    """Anna backs "home wins" at k = 3 for 100; Boris accepts 60 (lays 60, liability 180)."""
    event, home = line
    anna, boris = funded("anna"), funded("boris")
    anna_offer = post(anna, home, "back", "3", 10_000)
    assert balance(anna) == FUNDS - 10_000  # A3: 100 reserved
    boris_take = take(boris, home, "lay", "3", 6_000)
    assert balance(boris) == FUNDS - 18_000  # his liability 60 x 3 = 180
    anna_offer.refresh_from_db()
    assert (anna_offer.remaining, anna_offer.matched, anna_offer.reserved) == (4_000, 6_000, 4_000)
    assert boris_take.status == OfferStatus.TAKEN and boris_take.matched == 6_000
    # the event starts: Anna's 40 lapses (BK §46) and her 40 comes back
    assert exchange_lapse_due(now=event.starts_at) == 1
    anna_offer.refresh_from_db()
    assert anna_offer.status == OfferStatus.LAPSED and anna_offer.reserved == 0
    assert balance(anna) == FUNDS - 6_000
    assert_books_clean()
    return event, anna, boris


def test_bk_48_bk_51_bk_53_worked_example_1_back_wins_anna_171_boris_minus_180_book_9(line):
    event, anna, boris = example_1(line)
    finish(event, 2, 0)
    assert balance(anna) == FUNDS + 17_100
    assert balance(boris) == FUNDS - 18_000
    assert commission_held() == 900
    bet = ExchangeBet.objects.get()
    assert (bet.status, bet.back_result) == (ExchangeBetStatus.SETTLED, 18_000)
    assert {(r.player_id, r.net, r.commission) for r in ExchangeSettlement.objects.all()} == {
        (anna.pk, 18_000, 900),
        (boris.pk, -18_000, 0),
    }
    assert_books_clean()


def test_bk_49_bk_50_worked_example_2_back_loses_anna_minus_60_boris_57_book_3(line):
    event, anna, boris = example_1(line)
    finish(event, 0, 1)
    assert balance(anna) == FUNDS - 6_000
    assert balance(boris) == FUNDS + 5_700
    assert commission_held() == 300
    assert_books_clean()


def test_bk_44_a6_bk_45_worked_example_3_edit_then_match_then_cancel_refused(line):
    _event, home = line
    clara, dmitry = funded("clara"), funded("dmitry")
    first = post(clara, home, "lay", "1.5", 5_000)
    assert balance(clara) == FUNDS - 7_500  # liability 75 reserved
    edited, created = exchange_offer_edit(
        player=clara, offer_id=first.pk, odds=Decimal("1.25"), stake=5_000, idempotency_key="e1"
    )
    assert created and edited.replaces_id == first.pk
    first.refresh_from_db()
    assert first.status == OfferStatus.EDITED
    assert balance(clara) == FUNDS - 6_250  # liability now 62.50
    take(dmitry, home, "back", "1.25", 5_000)
    assert balance(dmitry) == FUNDS - 5_000
    with pytest.raises(ExchangeRefused, match="BK §45"):
        exchange_offer_cancel(player=clara, offer_id=edited.pk)
    assert balance(clara) == FUNDS - 6_250
    assert_books_clean()


def test_a5_a7_worked_example_4_fedor_150_galina_the_remaining_50_egor_152(line):
    event, home = line
    egor, fedor, galina = funded("egor"), funded("fedor"), funded("galina")
    post(egor, home, "back", "0.8", 20_000)
    take(fedor, home, "lay", "0.8", 15_000)
    galina_take = take(galina, home, "lay", "0.8", 10_000)
    assert galina_take.matched == 5_000  # the rest is rejected (A7)
    assert balance(fedor) == FUNDS - 12_000 and balance(galina) == FUNDS - 4_000
    finish(event, 1, 0)
    assert balance(egor) == FUNDS + 15_200
    assert balance(fedor) == FUNDS - 12_000
    assert balance(galina) == FUNDS - 4_000
    assert commission_held() == 800
    assert_books_clean()


def test_bk_43_a_post_that_crosses_matches_at_the_standing_price_and_frees_the_difference(line):
    _event, home = line
    layer, backer = funded("layer"), funded("backer")
    post(layer, home, "lay", "2.5", 1_000)  # liability 25.00
    # a lay at 3 asked for more than needed: matched at 2.5 against... nothing on his side;
    # a back at 2 meets the lay at 2.5: he gets 2.5 (better than asked)
    offer = post(backer, home, "back", "2", 1_000)
    bet = ExchangeBet.objects.get()
    assert (bet.odds, bet.stake, bet.lay_liability) == (Decimal("2.500"), 1_000, 2_500)
    assert offer.status == OfferStatus.MATCHED
    # a layer who asks 3 meets a back at 2: pays 2, and only 2 x stake stays reserved
    post(backer, home, "back", "2", 1_000)
    post(layer, home, "lay", "3", 1_000)
    assert balance(layer) == FUNDS - 2_500 - 2_000
    assert_books_clean()


def test_a4_a_player_never_matches_his_own_offer(line):
    _event, home = line
    anna = funded("anna")
    post(anna, home, "back", "2", 1_000)
    post(anna, home, "lay", "2", 1_000)
    assert ExchangeBet.objects.count() == 0
    with pytest.raises(PriceChanged):
        take(anna, home, "lay", "2", 1_000)


def test_a7_a_take_that_finds_nothing_at_the_price_seen_is_told_the_price_now(line):
    _event, home = line
    egor, fedor = funded("egor"), funded("fedor")
    post(egor, home, "back", "0.9", 2_000)
    with pytest.raises(PriceChanged) as refused:
        take(fedor, home, "lay", "0.8", 1_000)  # he saw 0.8; only 0.9 stands (worse for him)
    assert refused.value.best == Decimal("0.900")
    assert balance(fedor) == FUNDS and ExchangeBet.objects.count() == 0
    # E15 as on the slip: "accept any change" takes the price that stands
    offer = take(fedor, home, "lay", "0.8", 1_000, policy=OddsPolicy.ANY)
    assert ExchangeBet.objects.get().odds == Decimal("0.900")
    assert offer.matched == 1_000 and balance(fedor) == FUNDS - 900
    assert_books_clean()


def test_a_double_click_books_once(line):
    _event, home = line
    anna = funded("anna")
    first = post(anna, home, "back", "2", 1_000, key="k1")
    again = post(anna, home, "lay", "5", 9_999, key="k1")  # the same key: the first offer back
    assert again.pk == first.pk
    assert ExchangeOffer.objects.count() == 1
    assert balance(anna) == FUNDS - 1_000
    assert Transfer.objects.filter(idempotency_key__startswith="xoffer:").count() == 1
    exchange_offer_cancel(player=anna, offer_id=first.pk)
    exchange_offer_cancel(player=anna, offer_id=first.pk)  # a second withdrawal moves nothing
    assert balance(anna) == FUNDS
    assert_books_clean()


@pytest.mark.parametrize(
    ("side", "odds", "stake", "message"),
    [
        ("back", "0", 1_000, "more than zero"),
        ("back", "-1", 1_000, "more than zero"),
        ("back", "1.2345", 1_000, "three decimal places"),
        ("back", "abc", 1_000, "must be a number"),
        ("sideways", "2", 1_000, "back or to lay"),
        ("back", "2", 0, "more than zero"),
        ("back", "2", 50, "minimum stake"),  # BK §38
        ("lay", "2", 200_000, "Insufficient funds"),  # A3: 4,000 of liability, 1,000 held
    ],
)
def test_bad_input_is_refused_with_a_reason_and_moves_nothing(line, side, odds, stake, message):
    _event, home = line
    anna = funded("anna")
    with pytest.raises(ExchangeRefused, match=message):
        post(anna, home, side, odds, stake)
    assert balance(anna) == FUNDS
    assert ExchangeOffer.objects.count() == 0
    assert_books_clean()


def test_bk_47_only_listed_markets_and_never_after_the_start_a8(line):
    event, home = line
    anna = funded("anna")
    draw = Outcome.objects.get(market=home.market, code="X")
    other = make_event(markets=(("1x2", {}),))
    with pytest.raises(ExchangeRefused, match="not on the exchange"):
        post(anna, outcome(other, "1x2", "1"), "back", "2", 1_000)
    event_set_status(event_id=event.pk, status=EventStatus.LIVE)
    with pytest.raises(ExchangeRefused, match="has started"):
        post(anna, draw, "back", "2", 1_000)
    assert balance(anna) == FUNDS


def test_bk_46_a8_offers_lapse_at_the_scheduled_start_even_if_not_marked_live(line):
    event, home = line
    anna, boris = funded("anna"), funded("boris")
    post(anna, home, "back", "2", 1_000)
    post(boris, home, "lay", "1.5", 3_000)
    assert exchange_lapse_due(now=event.starts_at - dt.timedelta(seconds=1)) == 0
    assert exchange_lapse_due(now=event.starts_at) == 2
    assert exchange_lapse_due(now=event.starts_at) == 0  # once
    assert balance(anna) == FUNDS and balance(boris) == FUNDS
    with pytest.raises(ExchangeRefused, match="has started"):
        post(anna, home, "back", "2", 1_000, now=event.starts_at)
    assert_books_clean()


def test_a10_a_cancelled_event_voids_every_bet_no_commission(line):
    event, home = line
    anna, boris = funded("anna"), funded("boris")
    post(anna, home, "back", "3", 10_000)
    take(boris, home, "lay", "3", 10_000)
    event_set_status(event_id=event.pk, status=EventStatus.CANCELLED)
    event_result_set(event_id=event.pk, result={"sport": "football", "ending": "cancelled"})
    event_settle(event_id=event.pk)
    assert balance(anna) == FUNDS and balance(boris) == FUNDS
    assert commission_held() == 0
    assert_books_clean()


def test_a11_dead_heat_half_settled_as_happened_half_as_not(line):
    _event, home = line
    anna, boris = funded("anna"), funded("boris")
    post(anna, home, "back", "3", 10_000)
    take(boris, home, "lay", "3", 10_000)
    # the sportsbook's dead-heat rule (SB §1.11) gives the outcome half a win
    Outcome.objects.filter(market=home.market).update(win="0", void="0")
    Outcome.objects.filter(pk=home.pk).update(win="0.5", void="0")
    home.market.status = MarketStatus.SETTLED
    home.market.save(update_fields=["status"])
    assert exchange_settle_due() == 1
    # 50 won at 3 (+150), 50 lost (-50): Anna nets +100, commission 5; Boris -100
    assert balance(anna) == FUNDS + 9_500
    assert balance(boris) == FUNDS - 10_000
    assert commission_held() == 500
    assert exchange_market_settle(market_id=home.market_id) == 0  # once
    assert_books_clean()


def test_section_5_commission_on_each_players_net_winnings_on_the_market(line):
    event, home = line
    draw = Outcome.objects.get(market=home.market, code="X")
    anna, boris, clara = funded("anna"), funded("boris"), funded("clara")
    post(anna, home, "back", "1", 10_000)
    take(boris, home, "lay", "1", 10_000)
    post(anna, draw, "back", "1", 6_000)
    take(clara, draw, "lay", "1", 6_000)
    finish(event, 1, 0)  # Anna wins 100 on home, loses 60 on the draw: net 40, commission 2
    assert balance(anna) == FUNDS + 4_000 - 200
    assert balance(boris) == FUNDS - 10_000
    assert balance(clara) == FUNDS + 6_000 - 300
    assert commission_held() == 500
    assert_books_clean()


@requires_postgres
@pytest.mark.django_db(transaction=True)
def test_a7_simultaneous_takes_the_first_recorded_wins_and_nothing_is_matched_twice():
    event = make_event(markets=(("1x2", {}),))
    home = outcome(event, "1x2", "1")
    exchange_market_list(market_id=home.market_id)
    egor = funded("egor")
    post(egor, home, "back", "0.8", 20_000)
    takers = [funded(f"t{n}") for n in range(8)]
    start = threading.Barrier(len(takers))
    matched, refused = [], []

    def take_once(player):
        try:
            start.wait()
            matched.append(take(player, home, "lay", "0.8", 5_000).matched)
        except PriceChanged:
            refused.append(player.pk)
        finally:
            close_old_connections()

    threads = [threading.Thread(target=take_once, args=(p,)) for p in takers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(matched) == [5_000] * 4 and len(refused) == 4
    assert sum(ExchangeBet.objects.values_list("stake", flat=True)) == 20_000
    assert_books_clean()


def test_a_settled_market_refuses_offers(line):
    event, home = line
    finish(event, 1, 0)
    with pytest.raises(ExchangeRefused):
        post(funded("late"), home, "back", "2", 1_000, now=timezone.now())


def test_a14_what_matching_frees_of_a_standing_lay_stays_in_escrow_until_settlement(line):
    event, home = line
    layer, first, second = funded("layer"), funded("first"), funded("second")
    offer = post(layer, home, "lay", "1.005", 200)  # liability 201 (200 x 1.005 = 201)
    take(first, home, "back", "1.005", 100)  # each bet's liability 100.5 -> 100 (A14)
    take(second, home, "back", "1.005", 100)
    offer.refresh_from_db()
    assert (offer.status, offer.remaining, offer.reserved) == (OfferStatus.MATCHED, 0, 1)
    assert balance(layer) == FUNDS - 201  # the freed minor unit waits in his escrow
    assert_books_clean()
    finish(event, 0, 1)  # the back loses: the layer wins 2 x 100, commission 5 % of 200 = 10
    assert balance(layer) == FUNDS + 200 - 10
    assert_books_clean()


def test_a8_once_lapsed_the_market_stays_closed_even_if_the_start_moves_later(line):
    event, home = line
    anna = funded("anna")
    post(anna, home, "back", "2", 1_000)
    exchange_lapse_due(now=event.starts_at)
    type(event).objects.filter(pk=event.pk).update(starts_at=event.starts_at + dt.timedelta(days=1))
    with pytest.raises(ExchangeRefused, match="has started"):
        post(anna, home, "back", "2", 1_000)
    assert balance(anna) == FUNDS


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_bk_43_bk_53_random_posts_takes_edits_and_withdrawals_conserve_money_end_to_end(line, seed):
    """Through the services and the ledger: whatever players do, no bet is ever at a price
    worse than either offer asked, every escrow holds its reservations (the books check), and
    after settlement the players' total changed by exactly minus the commission."""
    import random

    event, home = line
    draw = Outcome.objects.get(market=home.market, code="X")
    rng = random.Random(seed)
    players = [funded(f"r{seed}-{n}") for n in range(4)]
    odds = ["0.5", "0.8", "1", "1.25", "1.5", "2", "3.35"]
    for _ in range(40):
        player, outcome_ = rng.choice(players), rng.choice([home, draw])
        side, price, stake = rng.choice(["back", "lay"]), rng.choice(odds), rng.randint(100, 3_000)
        move = rng.random()
        try:
            if move < 0.45:
                post(player, outcome_, side, price, stake)
            elif move < 0.8:
                take(player, outcome_, side, price, stake)
            else:
                mine = list(ExchangeOffer.objects.filter(player=player, status=OfferStatus.OPEN))
                if mine and move < 0.9:
                    exchange_offer_cancel(player=player, offer_id=rng.choice(mine).pk)
                elif mine:
                    exchange_offer_edit(
                        player=player, offer_id=rng.choice(mine).pk, odds=price, stake=stake,
                        idempotency_key=uuid.uuid4().hex,
                    )  # fmt: skip
        except PriceChanged:
            pass
    for bet in ExchangeBet.objects.select_related("back_offer", "lay_offer"):
        # BK §43: never worse than asked (a take's odds are the price the taker saw)
        assert bet.back_offer.odds <= bet.odds <= bet.lay_offer.odds
    assert_books_clean()
    before = len(players) * FUNDS
    finish(event, rng.randint(0, 2), rng.randint(0, 2))
    after = sum(balance(p) for p in players)
    assert after == before - commission_held()  # money conserved: only commission left them
    assert_books_clean()
