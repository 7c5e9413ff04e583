"""Settlement of bets against results (sportsbook.settlement.runner): payouts credited (SB §6.2),
on time (SB §6.1), once, corrections booked as the difference (E33), and 10,000 random bets."""

import datetime as dt
import random
import threading
from decimal import Decimal

import pytest
from django.core.management import call_command
from django.db import close_old_connections, connection
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from casino import ledger
from casino.books import books_check
from casino.models import HousePurpose, Transfer, TransferKind
from sportsbook.betting.services import RECEIVABLE, stakes_held_account
from sportsbook.line.services import LineError, event_score_set, event_set_status
from sportsbook.models import (
    Bet,
    BetKind,
    BetLeg,
    BetSettlement,
    BetStatus,
    Event,
    EventStatus,
    Market,
    Outcome,
    SettlementReason,
)
from sportsbook.settlement import bets as bet_math
from sportsbook.settlement.grading import PRE_MATCH
from sportsbook.settlement.markets import KINDS
from sportsbook.settlement.random_results import random_result
from sportsbook.settlement.results import EventResult
from sportsbook.settlement.runner import event_settle, settle_due
from sportsbook.settlement.services import event_hold_payouts, event_result_set
from tests.conftest import (
    assert_books_clean,
    fund,
    new_player,
    requires_postgres,
    spend_down_to,
)
from tests.sportsbook.line import football_result, make_event, outcome, place, set_rates

pytestmark = pytest.mark.django_db


def finish(event, result: dict, now=None):
    event_set_status(event_id=event.pk, status=EventStatus.FINISHED, now=now)
    event_result_set(event_id=event.pk, result=result, now=now)
    return event_settle(event_id=event.pk)


def balance(player) -> int:
    return ledger.balances_of(player)["BYN"]


def test_sb_6_2_single_won_lost_and_void_are_paid_at_settlement(bettor):
    event = make_event(odds="2.50")
    won = place(bettor, [outcome(event, "1x2", "1")], stake=10_000)
    lost = place(bettor, [outcome(event, "1x2", "2")], stake=10_000)
    under = place(bettor, [outcome(event, "total", "under")], stake=10_000)
    assert balance(bettor) == 70_000
    finish(event, football_result(2, 1))
    for bet in (won, lost, under):
        bet.refresh_from_db()
    assert (won.status, won.payout) == (BetStatus.WON, 25_000)
    assert (lost.status, lost.payout) == (BetStatus.LOST, 0)
    assert (under.status, under.payout) == (BetStatus.LOST, 0)  # 3 goals: over 2.5
    assert balance(bettor) == 95_000
    assert_books_clean()


def test_sb_3_1_cancelled_event_returns_every_stake(bettor):
    event = make_event()
    bet = place(bettor, [outcome(event, "1x2", "1")], stake=5_000)
    event_set_status(event_id=event.pk, status=EventStatus.CANCELLED)
    event_result_set(event_id=event.pk, result={"sport": "football", "ending": "cancelled"})
    event_settle(event_id=event.pk)
    bet.refresh_from_db()
    assert (bet.status, bet.payout) == (BetStatus.VOID, 5_000)
    assert balance(bettor) == 100_000
    assert_books_clean()


def test_sb_2_3_express_waits_for_its_last_event_and_counts_a_void_leg_at_1(bettor):
    first, second, third = make_event(odds="1.80"), make_event(odds="2.10"), make_event(odds="1.50")
    legs = [outcome(first, "1x2", "1"), outcome(second, "1x2", "1"), outcome(third, "1x2", "1")]
    bet = place(bettor, legs, kind=BetKind.EXPRESS, stake=5_000)
    finish(first, football_result(1, 0))
    bet.refresh_from_db()
    assert bet.status == BetStatus.OPEN and bet.payout is None
    event_set_status(event_id=second.pk, status=EventStatus.CANCELLED)
    event_result_set(event_id=second.pk, result={"sport": "football", "ending": "cancelled"})
    event_settle(event_id=second.pk)
    finish(third, football_result(3, 0))
    bet.refresh_from_db()
    assert (bet.status, bet.payout) == (BetStatus.PART, 13_500)  # worked example 2: 135.00
    assert_books_clean()


def test_sb_2_4_system_two_of_three_worked_example(bettor):
    events = [make_event(odds=k) for k in ("1.50", "2.00", "3.00", "1.80")]
    legs = [outcome(e, "1x2", "1") for e in events]
    plain = place(bettor, legs[:3], kind=BetKind.SYSTEM, system_size=2, stake=3_000)
    banked = place(
        bettor, legs, kind=BetKind.SYSTEM, system_size=2, stake=3_000, bankers={legs[3].pk}
    )
    for event, score in zip(events, [(1, 0), (1, 0), (0, 1), (2, 0)], strict=True):
        finish(event, football_result(*score))
    plain.refresh_from_db()
    banked.refresh_from_db()
    assert plain.payout == 3_000  # C loses: only {A,B} wins, 10 x 3.00
    assert banked.payout == 5_400  # x the banker's 1.80
    assert_books_clean()


def test_sb_6_1_settled_20_minutes_after_the_end(bettor):
    event = make_event()
    bet = place(bettor, [outcome(event, "1x2", "1")])
    ended = timezone.now()
    event_set_status(event_id=event.pk, status=EventStatus.FINISHED, now=ended)
    event_result_set(event_id=event.pk, result=football_result(1, 0), now=ended)
    event.refresh_from_db()
    assert event.settle_due_at == ended + dt.timedelta(minutes=20)
    assert settle_due(ended + dt.timedelta(minutes=19)) == 0
    bet.refresh_from_db()
    assert bet.payout is None
    assert settle_due(ended + dt.timedelta(minutes=20)) == 1
    bet.refresh_from_db()
    assert bet.payout == 2_000
    assert settle_due(ended + dt.timedelta(minutes=40)) == 0


def test_settlement_run_twice_pays_once(bettor):
    event = make_event()
    bet = place(bettor, [outcome(event, "1x2", "1")])
    assert finish(event, football_result(1, 0)) is not None
    assert event_settle(event_id=event.pk) is None
    call_command("settle", str(event.pk))
    bet.refresh_from_db()
    assert bet.payout == 2_000
    assert balance(bettor) == 101_000
    assert BetSettlement.objects.filter(bet=bet).count() == 1
    assert Transfer.objects.filter(kind=TransferKind.PAYOUT).count() == 1
    assert_books_clean()


def test_e33_corrected_result_reverses_exactly(bettor):
    other = new_player()
    fund(other, 100_000)
    event = make_event(odds="3.00")
    home = place(bettor, [outcome(event, "1x2", "1")], stake=10_000)
    away = place(other, [outcome(event, "1x2", "2")], stake=10_000)
    finish(event, football_result(1, 0))
    assert (balance(bettor), balance(other)) == (120_000, 90_000)
    event_result_set(event_id=event.pk, result=football_result(0, 1))
    run = event_settle(event_id=event.pk, reason=SettlementReason.SCHEDULED)
    assert run.reason == SettlementReason.CORRECTION and run.number == 2
    home.refresh_from_db()
    away.refresh_from_db()
    assert (home.status, home.payout) == (BetStatus.LOST, 0)
    assert (away.status, away.payout) == (BetStatus.WON, 30_000)
    assert (balance(bettor), balance(other)) == (90_000, 120_000)
    correction = BetSettlement.objects.get(run=run, bet=home)
    assert (correction.previous_payout, correction.payout, correction.difference) == (
        30_000,
        0,
        -30_000,
    )
    # the statement shows the difference as a reversal of this settlement
    reversal = Transfer.objects.get(kind=TransferKind.REVERSAL, reference=run.reference)
    assert {(e.account.owner_id, e.amount) for e in reversal.entries.select_related("account")} >= {
        (bettor.pk, -30_000),
        (other.pk, 30_000),
    }
    assert_books_clean()


def test_e33_correction_beyond_the_wallet_is_owed(bettor):
    event = make_event(odds="3.00")
    bet = place(bettor, [outcome(event, "1x2", "1")], stake=10_000)
    finish(event, football_result(1, 0))
    spend_down_to(bettor, 5_000)
    event_result_set(event_id=event.pk, result=football_result(0, 1))
    event_settle(event_id=event.pk)
    bet.refresh_from_db()
    assert bet.payout == 0 and bet.debt == 25_000
    assert balance(bettor) == 0
    receivable = ledger.house_account(HousePurpose.SPORTSBOOK, "BYN", RECEIVABLE)
    assert sum(receivable.shards.values_list("balance", flat=True)) == -25_000
    assert_books_clean()


def _owe_after_correction(bettor, owed: int) -> object:
    """A won bet of 10,000 at 3.00, its winnings spent but `owed`, then corrected to lost."""
    event = make_event(odds="3.00")
    bet = place(bettor, [outcome(event, "1x2", "1")], stake=10_000)
    finish(event, football_result(1, 0))
    spend_down_to(bettor, 30_000 - owed)
    event_result_set(event_id=event.pk, result=football_result(0, 1))
    event_settle(event_id=event.pk)
    bet.refresh_from_db()
    assert bet.debt == owed and balance(bettor) == 0
    return bet


def receivable_balance() -> int:
    receivable = ledger.house_account(HousePurpose.SPORTSBOOK, "BYN", RECEIVABLE)
    return sum(receivable.shards.values_list("balance", flat=True))


def test_e33_a_debt_is_repaid_first_from_the_next_winnings(bettor):
    owing = _owe_after_correction(bettor, 25_000)
    fund(bettor, 10_000)
    event = make_event(odds="3.00")
    won = place(bettor, [outcome(event, "1x2", "1")], stake=10_000)
    finish(event, football_result(2, 0))
    owing.refresh_from_db()
    won.refresh_from_db()
    assert won.payout == 30_000 and owing.debt == 0
    assert balance(bettor) == 5_000  # 30,000 won less the 25,000 owed
    assert receivable_balance() == 0
    payout = Transfer.objects.get(kind=TransferKind.PAYOUT, reference=f"settlement:{event.pk}:1")
    assert {(e.account.owner_id, e.amount) for e in payout.entries.select_related("account")} >= {
        (bettor.pk, 5_000)
    }
    assert_books_clean()


def test_e33_the_books_check_holds_the_receivable_to_the_bets_debts(bettor):
    owing = _owe_after_correction(bettor, 25_000)
    assert_books_clean()
    Bet.objects.filter(pk=owing.pk).update(debt=20_000)  # a debt forgiven outside the ledger
    report = books_check()
    assert not report.clean
    assert any("receivable -25000 but the bets owe 20000" in p for p in report.problems)


def test_e33_winnings_smaller_than_the_debt_repay_part_of_it(bettor):
    other = new_player()
    fund(other, 100_000)
    corrected = [make_event(odds="3.00"), make_event(odds="3.00")]
    first, second = (place(bettor, [outcome(e, "1x2", "1")], stake=10_000) for e in corrected)
    for event in corrected:
        finish(event, football_result(1, 0))
    spend_down_to(bettor, 10_000)
    for event in corrected:
        event_result_set(event_id=event.pk, result=football_result(0, 1))
        event_settle(event_id=event.pk)
    first.refresh_from_db()
    second.refresh_from_db()
    assert (first.debt, second.debt, balance(bettor)) == (20_000, 30_000, 0)
    fund(bettor, 10_000)
    event = make_event(odds="2.50")
    place(bettor, [outcome(event, "1x2", "1")], stake=10_000)
    theirs = place(other, [outcome(event, "1x2", "1")], stake=10_000)
    before = balance(other)
    finish(event, football_result(1, 0))
    first.refresh_from_db()
    second.refresh_from_db()
    # 25,000 won repays the older debt first, then 5,000 of the newer
    assert (first.debt, second.debt) == (0, 25_000)
    assert balance(bettor) == 0 and receivable_balance() == -25_000
    theirs.refresh_from_db()
    assert balance(other) == before + theirs.payout  # nobody else's winnings are touched
    assert_books_clean()
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(bettor)
    page = client.get(reverse("sportsbook:my_bets") + "?state=settled").content.decode()
    assert page.count('class="bet-debt"') == 1 and "250.00" in page  # what the newer bet owes


def test_result_for_the_wrong_sport_or_malformed_is_refused(bettor):
    event = make_event()
    with pytest.raises(LineError):
        event_result_set(event_id=event.pk, result={"sport": "tennis", "periods": []})
    with pytest.raises(LineError):
        event_result_set(event_id=event.pk, result={"sport": "football", "score": 1})
    event.refresh_from_db()
    assert event.result is None


# --- many random bets ---------------------------------------------------------------------------

SPORT_OF_EVENT = ["football", "football", "hockey", "basketball", "tennis", "boxing", "football"]


def _line_for(sport: str) -> Event:
    markets = []
    for code, kind in KINDS.items():
        if sport in kind.sports:
            markets += [(code, params) for params in kind.example_params]
    return make_event(sport=sport, markets=tuple(markets), odds="1.90")


def _random_bets(rng, players, events, count) -> list[Bet]:
    outcomes_by_event = {
        e.pk: list(Outcome.objects.filter(market__event=e).select_related("market")) for e in events
    }
    bets, legs, totals = [], [], {}
    for n in range(count):
        player = rng.choice(players)
        kind = rng.choices([BetKind.SINGLE, BetKind.EXPRESS, BetKind.SYSTEM], [6, 3, 2])[0]
        size = {BetKind.SINGLE: 1, BetKind.EXPRESS: rng.randint(2, 4)}.get(kind) or rng.randint(
            3, 5
        )
        chosen_events = rng.sample(events, size + (1 if kind == BetKind.SYSTEM else 0))
        picks = [rng.choice(outcomes_by_event[e.pk]) for e in chosen_events]
        odds = [Decimal(rng.choice(["1.25", "1.90", "2.40", "3.75"])) for _ in picks]
        banker = kind == BetKind.SYSTEM and rng.random() < 0.3
        system_size = rng.randint(2, size - 1) if kind == BetKind.SYSTEM else None
        stake = rng.randint(200, 5_000)
        non_bankers = odds[:size] if kind == BetKind.SYSTEM else odds
        if kind == BetKind.SYSTEM and not banker:
            picks, odds = picks[:size], odds[:size]
        bet = Bet(
            player=player,
            kind=kind,
            system_size=system_size,
            stake=stake,
            currency="BYN",
            potential_return=bet_math.potential_return(
                stake, non_bankers, system_size, odds[size:] if banker else []
            ),
            idempotency_key=f"random:{n}",
        )
        bets.append(bet)
        legs.append(
            [(p, k, banker and i == size) for i, (p, k) in enumerate(zip(picks, odds, strict=True))]
        )
        totals[player.pk] = totals.get(player.pk, 0) + stake
    Bet.objects.bulk_create(bets)
    BetLeg.objects.bulk_create(
        [
            BetLeg(bet=bet, outcome=pick, odds=k, is_banker=is_banker)
            for bet, bet_legs in zip(bets, legs, strict=True)
            for pick, k, is_banker in bet_legs
        ]
    )
    for player in players:
        ledger.transfer_create(
            idempotency_key=f"random-stakes:{player.pk}",
            kind=TransferKind.STAKE,
            legs=[
                (ledger.wallet_for(player, "BYN"), -totals[player.pk]),
                (stakes_held_account("BYN"), totals[player.pk]),
            ],
        )
    return bets


def _expected_payout(bet: Bet, results: dict[int, EventResult]) -> int:
    settled = []
    for leg in bet.legs.select_related("outcome__market"):
        market = leg.outcome.market
        outcome_settled = KINDS[market.kind].settle(
            results[market.event_id], market.params, PRE_MATCH
        )
        settled.append(((leg.odds, outcome_settled[leg.outcome.code]), leg.is_banker))
    if bet.kind == BetKind.SYSTEM:
        return bet_math.system_return(
            bet.stake,
            [s for s, banker in settled if not banker],
            bet.system_size,
            [s for s, banker in settled if banker],
        )
    return bet_math.express_return(bet.stake, [s for s, _banker in settled])


def test_ten_thousand_random_bets_settle_with_the_books_clean():
    rng = random.Random(20261129)
    players = [new_player() for _ in range(20)]
    for player in players:
        fund(player, 10_000_000)
    events = [_line_for(sport) for sport in SPORT_OF_EVENT]
    bets = _random_bets(rng, players, events, 10_000)
    before = sum(balance(p) for p in players)
    results = {}
    for event in events:
        result = random_result(event.sport_code, rng)
        results[event.pk] = result
        event_set_status(event_id=event.pk, status=EventStatus.FINISHED)
        event_result_set(event_id=event.pk, result=result.to_dict())
        event_settle(event_id=event.pk)
    assert not Bet.objects.filter(payout__isnull=True).exists()
    paid = sum(Bet.objects.values_list("payout", flat=True))
    assert sum(balance(p) for p in players) == before + paid
    for bet in rng.sample(bets, 300):
        bet.refresh_from_db()
        assert bet.payout == _expected_payout(bet, results), bet.pk
    assert Market.objects.exclude(status="settled").count() == 0
    assert_books_clean()


@requires_postgres
@pytest.mark.django_db(transaction=True)
def test_two_processes_settling_one_event_pay_once():
    set_rates()
    player = new_player()
    fund(player, 100_000)
    event = make_event()
    bets = [place(player, [outcome(event, "1x2", "1")], stake=1_000) for _ in range(20)]
    event_set_status(event_id=event.pk, status=EventStatus.FINISHED)
    event_result_set(event_id=event.pk, result=football_result(2, 0))
    start = threading.Barrier(2)

    def settle():
        try:
            start.wait()
            event_settle(event_id=event.pk)
        finally:
            close_old_connections()

    threads = [threading.Thread(target=settle) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert BetSettlement.objects.count() == len(bets)
    assert balance(player) == 100_000 + 20 * 1_000
    assert_books_clean()


def test_result_lacking_what_a_market_needs_is_refused(bettor):
    event = make_event(markets=(("1x2", {}), ("corners_total", {"line": "9.5"})))
    with pytest.raises(LineError, match="cannot settle"):
        event_result_set(event_id=event.pk, result=football_result(1, 0))
    event_result_set(
        event_id=event.pk, result=football_result(1, 0, corners={"home": 6, "away": 5})
    )
    event.refresh_from_db()
    assert event.result["corners"] == {"home": 6, "away": 5}


def test_settlement_records_are_append_only(bettor):
    from django.db import IntegrityError, transaction

    event = make_event()
    place(bettor, [outcome(event, "1x2", "1")])
    run = finish(event, football_result(1, 0))
    for table in ("sportsbook_settlementrun", "sportsbook_betsettlement"):
        with pytest.raises(IntegrityError, match="append-only"), transaction.atomic():
            with connection.cursor() as cursor:
                cursor.execute(f"UPDATE {table} SET id = id")
    assert run.pk


def test_sb_3_28_rest_of_the_match_counts_goals_after_the_bet_and_a_contradiction_is_void(bettor):
    event = make_event(
        markets=(("rest_of_match", {}),), status=EventStatus.LIVE, in_play=True, odds="2.00"
    )
    event_score_set(event_id=event.pk, score=[1, 0], minute=30)
    away_rest = place(bettor, [outcome(event, "rest_of_match", "2")], stake=1_000)
    event_score_set(event_id=event.pk, score=[2, 0], minute=60)
    late_bet = place(bettor, [outcome(event, "rest_of_match", "X")], stake=1_000)
    finish(event, football_result(2, 1))  # after 1:0 it went 1:1 (away won the rest), 2:1 (draw)
    away_rest.refresh_from_db()
    late_bet.refresh_from_db()
    assert (away_rest.status, late_bet.status) == (BetStatus.LOST, BetStatus.LOST)
    # a correction to 1:0 contradicts the 2:0 at which the late bet was accepted: void, not stuck
    event_result_set(event_id=event.pk, result=football_result(1, 0))
    event_settle(event_id=event.pk)
    late_bet.refresh_from_db()
    assert (late_bet.status, late_bet.payout) == (BetStatus.VOID, 1_000)
    assert_books_clean()


@requires_postgres
@pytest.mark.django_db(transaction=True)
def test_chunks_graded_on_a_second_connection_settle_every_bet_once(monkeypatch):
    """Outside a transaction on PostgreSQL the next chunk is graded on another connection while
    this one writes: many small chunks, each bet settled once, the books clean."""
    from sportsbook.settlement import runner as settlement_runner

    monkeypatch.setattr(settlement_runner, "CHUNK", 7)
    set_rates()
    players = [new_player() for _ in range(3)]
    for player in players:
        fund(player, 100_000)
    event, other = make_event(odds="2.00"), make_event(odds="1.50")
    bets = [
        place(players[n % 3], [outcome(event, "1x2", "1" if n % 2 else "2")], stake=1_000)
        for n in range(40)
    ]
    express = place(
        players[0],
        [outcome(event, "1x2", "1"), outcome(other, "1x2", "1")],
        kind=BetKind.EXPRESS,
        stake=1_000,
    )
    finish(other, football_result(1, 0))
    run = finish(event, football_result(2, 0))
    assert run.bets_changed == 41
    assert BetSettlement.objects.filter(run=run).count() == 41
    for bet in bets:
        bet.refresh_from_db()
    assert sorted({b.payout for b in bets}) == [0, 2_000]
    express.refresh_from_db()
    assert express.payout == 3_000
    assert sum(balance(p) for p in players) == 300_000 - 41_000 + 20 * 2_000 + 3_000
    # the run's session lock is released: another settlement can take it
    event_result_set(event_id=event.pk, result=football_result(0, 2))
    assert event_settle(event_id=event.pk).reason == SettlementReason.CORRECTION
    assert sum(balance(p) for p in players) == 300_000 - 41_000 + 20 * 2_000
    assert_books_clean()


def _settle_crashing_on_the_second_chunk(event, monkeypatch) -> None:
    """A settlement run in chunks of 2 bets whose process dies writing the second chunk."""
    from sportsbook.settlement import runner as settlement_runner

    monkeypatch.setattr(settlement_runner, "CHUNK", 2)
    real_write = settlement_runner._write_chunk
    calls = []

    def crash_on_second_chunk(run, chunk, now):
        calls.append(chunk.key)
        if len(calls) == 2:
            raise RuntimeError("the process died")
        return real_write(run, chunk, now)

    monkeypatch.setattr(settlement_runner, "_write_chunk", crash_on_second_chunk)
    with pytest.raises(RuntimeError):
        event_settle(event_id=event.pk)
    monkeypatch.setattr(settlement_runner, "_write_chunk", real_write)


def _crash_then_finish(event, bets, monkeypatch):
    """A settlement of `event` dies on its second chunk; the next sweep finishes it. Returns
    that run, with `bets` refreshed."""
    _settle_crashing_on_the_second_chunk(event, monkeypatch)
    run = settle_due(timezone.now() + dt.timedelta(hours=1)) and event.settlement_runs.last()
    for bet in bets:
        bet.refresh_from_db()
    return run


def test_a_settlement_interrupted_halfway_is_finished_by_the_next_run_not_called_a_correction(
    bettor, monkeypatch
):
    event = make_event(odds="2.00")
    bets = [place(bettor, [outcome(event, "1x2", "1")], stake=1_000) for _ in range(3)]
    event_set_status(event_id=event.pk, status=EventStatus.FINISHED)
    event_result_set(event_id=event.pk, result=football_result(1, 0))
    run = _crash_then_finish(event, bets, monkeypatch)
    assert run.number == 2 and run.reason == SettlementReason.SCHEDULED
    assert [b.payout for b in bets] == [2_000, 2_000, 2_000]
    assert BetSettlement.objects.filter(bet__in=bets).count() == 3
    assert balance(bettor) == 100_000 - 3_000 + 6_000
    assert_books_clean()


def test_e33_a_correction_interrupted_halfway_is_finished_as_a_correction(bettor, monkeypatch):
    event = make_event(odds="2.00")
    bets = [place(bettor, [outcome(event, "1x2", "1")], stake=1_000) for _ in range(3)]
    finish(event, football_result(1, 0))
    event_result_set(event_id=event.pk, result=football_result(0, 1))
    run = _crash_then_finish(event, bets, monkeypatch)
    assert run.number == 3 and run.reason == SettlementReason.CORRECTION
    assert [b.payout for b in bets] == [0, 0, 0]
    finished = Transfer.objects.filter(reference=run.reference)
    assert finished.exists() and {t.kind for t in finished} == {TransferKind.REVERSAL}
    assert balance(bettor) == 100_000 - 3_000
    assert_books_clean()


def test_sb_1_10_payouts_held_for_an_investigation_wait_until_released(bettor):
    event = make_event()
    bet = place(bettor, [outcome(event, "1x2", "1")])
    ended = timezone.now() - dt.timedelta(hours=1)
    event_set_status(event_id=event.pk, status=EventStatus.FINISHED, now=ended)
    event_result_set(event_id=event.pk, result=football_result(1, 0), now=ended)
    event_hold_payouts(event_id=event.pk, held=True)
    assert settle_due() == 0
    assert event_settle(event_id=event.pk) is None
    bet.refresh_from_db()
    assert bet.payout is None and balance(bettor) == 99_000
    event_hold_payouts(event_id=event.pk, held=False)
    assert settle_due() == 1
    bet.refresh_from_db()
    assert bet.payout == 2_000
    assert_books_clean()
