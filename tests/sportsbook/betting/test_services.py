"""Bet acceptance (sportsbook.betting.services.bet_place): every refusal with its message, the
odds-change confirmation, idempotency, and the money moving to stakes-held."""

import datetime as dt
import threading
import time
from decimal import Decimal

import pytest
from django.db import close_old_connections, connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from casino import ledger, limits
from casino.models import Account, Transfer
from sportsbook.betting.services import (
    STAKES_HELD,
    BetRefused,
    OddsChanged,
    Selection,
    bet_place,
    minimum_stake,
    stakes_held_account,
)
from sportsbook.line.services import (
    LineError,
    event_score_set,
    event_set_status,
    market_set_status,
    odds_set,
)
from sportsbook.models import (
    Bet,
    BetKind,
    BettorSettings,
    EventStatus,
    MarketStatus,
    OddsChange,
    OddsPolicy,
    PlayerStakeLimit,
)
from tests.conftest import assert_books_clean, fund, new_player, requires_postgres
from tests.sportsbook.line import make_event, outcome, place, set_rates

pytestmark = pytest.mark.django_db


def test_sb_1_3_single_accepted_moves_the_stake_to_stakes_held(bettor):
    event = make_event(odds="2.50")
    bet = place(bettor, [outcome(event, "1x2", "1")], stake=10_000)
    assert bet.kind == BetKind.SINGLE and bet.potential_return == 25_000
    assert bet.legs.get().odds == Decimal("2.500")
    assert ledger.balances_of(bettor)["BYN"] == 90_000
    assert Transfer.objects.filter(reference=bet.reference, kind="stake").count() == 1
    assert_books_clean()


def test_sb_1_4_double_submit_creates_one_bet(bettor):
    event = make_event()
    chosen = outcome(event, "1x2", "X")
    first = place(bettor, [chosen], key="slip-1")
    second = place(bettor, [chosen], key="slip-1")
    assert first.pk == second.pk
    assert Bet.objects.filter(player=bettor).count() == 1
    assert ledger.balances_of(bettor)["BYN"] == 99_000


def test_sb_1_3_stake_over_the_balance_is_refused_and_nothing_booked(bettor):
    event = make_event(max_stake=10_000_000)
    with pytest.raises(BetRefused, match="Insufficient funds"):
        place(bettor, [outcome(event, "1x2", "1")], stake=100_001)
    assert not Bet.objects.exists()
    assert ledger.balances_of(bettor)["BYN"] == 100_000
    assert_books_clean()


def test_sb_5_1_minimum_stakes_by_currency(bettor):
    event = make_event()
    one = outcome(event, "1x2", "1")
    assert minimum_stake("USD") == 100
    assert minimum_stake("EUR") == 100
    assert minimum_stake("UAH") == 500
    assert minimum_stake("RUB") == 2_000
    assert minimum_stake("BYN") == 160  # 0.5 USD at 3.20 BYN per USD
    with pytest.raises(BetRefused, match=r"The minimum stake is 1\.60"):
        place(bettor, [one], stake=159)
    fund(bettor, 10_000, "USD")
    with pytest.raises(BetRefused, match=r"The minimum stake is 1\.00"):
        place(bettor, [one], stake=99, currency="USD")
    assert place(bettor, [one], stake=100, currency="USD").currency == "USD"


def test_sb_5_1_no_exchange_rate_means_no_bets_in_that_currency(bettor):
    from sportsbook.models import ExchangeRate

    ExchangeRate.objects.filter(currency="BYN").delete()
    with pytest.raises(BetRefused, match="exchange rate"):
        place(bettor, [outcome(make_event(), "1x2", "1")], stake=1_000)


def test_sb_5_2_maximum_per_outcome_in_the_players_currency(bettor):
    event = make_event(max_stake=32_000)  # 320 BYN = 100 USD
    fund(bettor, 100_000, "USD")
    with pytest.raises(BetRefused, match=r"The maximum stake on this bet is 100\.00"):
        place(bettor, [outcome(event, "1x2", "1")], stake=10_001, currency="USD")
    assert place(bettor, [outcome(event, "1x2", "1")], stake=10_000, currency="USD")


def test_e31_express_maximum_is_the_lowest_among_its_legs(bettor):
    low, high = make_event(max_stake=5_000), make_event(max_stake=50_000)
    legs = [outcome(low, "1x2", "1"), outcome(high, "1x2", "2")]
    with pytest.raises(BetRefused, match=r"50\.00"):
        place(bettor, legs, kind=BetKind.EXPRESS, stake=5_001)


def test_sb_5_3_staff_limit_on_one_player(bettor, staff):
    PlayerStakeLimit.objects.create(player=bettor, currency="BYN", max_stake=2_000, set_by=staff)
    with pytest.raises(BetRefused, match=r"Your maximum stake per bet is 20\.00"):
        place(bettor, [outcome(make_event(), "1x2", "1")], stake=2_001)


def test_responsible_gaming_limits_apply_to_bets(bettor):
    limits.self_exclusion_set(
        player=bettor, until=dt.date.today() + dt.timedelta(days=7), by=bettor
    )
    with pytest.raises(BetRefused, match="excluded"):
        place(bettor, [outcome(make_event(), "1x2", "1")])
    assert not Bet.objects.exists()


def test_suspended_market_refuses_bets(bettor):
    event = make_event()
    chosen = outcome(event, "1x2", "1")
    market_set_status(market_id=chosen.market_id, status=MarketStatus.SUSPENDED)
    with pytest.raises(BetRefused, match="suspended"):
        place(bettor, [chosen])
    market_set_status(market_id=chosen.market_id, status=MarketStatus.OPEN)
    assert place(bettor, [chosen])


def test_sb_1_1_started_event_takes_only_live_markets(bettor):
    event = make_event(starts_in=dt.timedelta(minutes=-5))
    with pytest.raises(BetRefused, match="has started"):
        place(bettor, [outcome(event, "1x2", "1")])
    live = make_event(status=EventStatus.LIVE, in_play=True)
    event_score_set(event_id=live.pk, score=[1, 0], minute=37)
    bet = place(bettor, [outcome(live, "1x2", "1")])
    leg = bet.legs.get()
    assert leg.live and leg.score_at_placement == [1, 0] and leg.placed_minute == 37


def test_marking_live_closes_pre_match_markets(bettor):
    event = make_event()
    event_set_status(event_id=event.pk, status=EventStatus.LIVE)
    with pytest.raises(BetRefused, match="closed"):
        place(bettor, [outcome(event, "1x2", "1")])


def test_settled_or_finished_event_refuses_bets(bettor):
    event = make_event()
    event_set_status(event_id=event.pk, status=EventStatus.FINISHED)
    with pytest.raises(BetRefused):
        place(bettor, [outcome(event, "1x2", "1")])


def test_sb_2_3_two_outcomes_of_one_event_cannot_be_combined(bettor):
    event = make_event()
    with pytest.raises(BetRefused, match="cannot be combined"):
        place(
            bettor,
            [outcome(event, "1x2", "1"), outcome(event, "total", "over")],
            kind=BetKind.EXPRESS,
        )


def test_bet_shapes_are_checked(bettor):
    events = [make_event() for _ in range(3)]
    legs = [outcome(e, "1x2", "1") for e in events]
    with pytest.raises(BetRefused, match="one outcome"):
        place(bettor, legs[:2], kind=BetKind.SINGLE)
    with pytest.raises(BetRefused, match="at least two"):
        place(bettor, legs[:1], kind=BetKind.EXPRESS)
    with pytest.raises(BetRefused, match="N from 2 to 2"):
        place(bettor, legs, kind=BetKind.SYSTEM, system_size=3)
    with pytest.raises(BetRefused, match="three outcomes besides"):
        place(bettor, legs[:2], kind=BetKind.SYSTEM, system_size=2)
    with pytest.raises(BetRefused, match="Only a system"):
        place(bettor, legs[:2], kind=BetKind.EXPRESS, bankers={legs[0].pk})


def test_sb_2_4_system_potential_return_and_stake_per_combination(bettor):
    events = [make_event(odds=k) for k in ("1.50", "2.00", "3.00")]
    legs = [outcome(e, "1x2", "1") for e in events]
    bet = place(bettor, legs, kind=BetKind.SYSTEM, system_size=2, stake=3_000)
    assert bet.potential_return == 13_500  # 10 x (3.00 + 4.50 + 6.00), worked example 3
    many = [outcome(make_event(), "1x2", "1") for _ in range(10)]
    with pytest.raises(BetRefused, match="cannot be shared among 252"):  # E6
        place(bettor, many, kind=BetKind.SYSTEM, system_size=5, stake=200)


def test_sb_2_5_system_with_a_banker(bettor):
    events = [make_event(odds=k) for k in ("1.50", "2.00", "3.00", "1.80")]
    legs = [outcome(e, "1x2", "1") for e in events]
    bet = place(bettor, legs, kind=BetKind.SYSTEM, system_size=2, stake=3_000, bankers={legs[3].pk})
    assert bet.potential_return == 24_300  # worked example 3 with a banker at 1.80
    assert bet.legs.filter(is_banker=True).count() == 1


def test_sb_1_7_odds_changed_asks_the_player(bettor):
    event = make_event(odds="2.00")
    chosen = outcome(event, "1x2", "1")
    odds_set(outcome_id=chosen.pk, odds=Decimal("1.80"), staff=None)
    with pytest.raises(OddsChanged) as raised:
        place(bettor, [chosen])  # the slip still shows 2.00
    assert raised.value.changes == {chosen.pk: (Decimal("2.00"), Decimal("1.800"))}
    assert not Bet.objects.exists()
    chosen.refresh_from_db()
    bet = place(bettor, [chosen])  # confirmed at the new odds
    assert bet.legs.get().odds == Decimal("1.800")


def test_e15_odds_policy_accept_higher_and_accept_any(bettor):
    event = make_event(odds="2.00")
    chosen = outcome(event, "1x2", "1")
    seen = chosen.odds
    BettorSettings.objects.create(player=bettor, odds_policy=OddsPolicy.HIGHER)
    odds_set(outcome_id=chosen.pk, odds=Decimal("2.20"), staff=None)
    chosen.odds = seen
    assert place(bettor, [chosen]).legs.get().odds == Decimal("2.200")
    odds_set(outcome_id=chosen.pk, odds=Decimal("1.50"), staff=None)
    with pytest.raises(OddsChanged):
        place(bettor, [chosen])
    BettorSettings.objects.filter(player=bettor).update(odds_policy=OddsPolicy.ANY)
    assert place(bettor, [chosen]).legs.get().odds == Decimal("1.500")


def test_sb_1_5_odds_change_is_kept_and_does_not_touch_accepted_bets(bettor, staff):
    event = make_event(odds="2.00")
    chosen = outcome(event, "1x2", "1")
    bet = place(bettor, [chosen])
    odds_set(outcome_id=chosen.pk, odds=Decimal("3.10"), staff=staff)
    change = OddsChange.objects.get(outcome=chosen)
    assert (change.old_odds, change.new_odds, change.changed_by) == (
        Decimal("2.000"),
        Decimal("3.100"),
        staff,
    )
    assert bet.legs.get().odds == Decimal("2.000")
    with pytest.raises(LineError):
        odds_set(outcome_id=chosen.pk, odds=Decimal("1.00"), staff=staff)


@requires_postgres
@pytest.mark.django_db(transaction=True)
def test_sb_1_3_concurrent_bets_never_overdraw():
    set_rates()
    player = new_player()
    fund(player, 6_000, "BYN")
    event = make_event()
    chosen = outcome(event, "1x2", "1")
    start = threading.Barrier(12)
    accepted, refused = [], []

    def bet_once():
        try:
            start.wait()
            accepted.append(place(player, [chosen], stake=1_000).pk)
        except BetRefused as refusal:
            refused.append(str(refusal))
        finally:
            close_old_connections()

    threads = [threading.Thread(target=bet_once) for _ in range(12)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(accepted) == 6 and len(refused) == 6
    # threads speak the default language (Russian): the message names the missing 10.00 BYN
    assert all("10.00\xa0BYN" in message for message in refused), refused
    assert ledger.balances_of(player)["BYN"] == 0
    assert_books_clean()


@requires_postgres
@pytest.mark.django_db(transaction=True)
def test_a_bet_racing_a_suspension_is_refused():
    """The suspension holds the market row; the bet's FOR SHARE read waits for it to commit and
    then sees the market suspended (or, had the bet come first, the suspension would wait)."""
    from django.db import transaction

    set_rates()
    player = new_player()
    fund(player, 10_000)
    chosen = outcome(make_event(), "1x2", "1")
    suspended, bet_started = threading.Event(), threading.Event()
    outcome_of_bet = []

    def suspend():
        try:
            with transaction.atomic():
                market_set_status(market_id=chosen.market_id, status=MarketStatus.SUSPENDED)
                suspended.set()
                bet_started.wait()
        finally:
            close_old_connections()

    def bet():
        try:
            suspended.wait()
            bet_started.set()
            place(player, [chosen])
            outcome_of_bet.append("accepted")
        except BetRefused as refusal:
            outcome_of_bet.append(str(refusal))
        finally:
            close_old_connections()

    threads = [threading.Thread(target=suspend), threading.Thread(target=bet)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(outcome_of_bet) == 1 and outcome_of_bet[0] != "accepted"
    assert not Bet.objects.exists()
    assert ledger.balances_of(player)["BYN"] == 10_000


def test_a_double_submit_returns_the_first_bet_even_if_the_line_or_slip_changed(bettor):
    chosen = outcome(make_event(), "1x2", "1")
    first = place(bettor, [chosen], key="slip-2")
    market_set_status(market_id=chosen.market_id, status=MarketStatus.SUSPENDED)
    assert place(bettor, [chosen], key="slip-2").pk == first.pk
    again, created = bet_place(
        player=bettor,
        kind=BetKind.EXPRESS,  # a shape that would be refused
        selections=[Selection(chosen.pk, chosen.odds)],
        stake=1_000,
        currency="BYN",
        idempotency_key="slip-2",
    )
    assert (again.pk, created) == (first.pk, False)
    assert Bet.objects.count() == 1 and ledger.balances_of(bettor)["BYN"] == 99_000


def test_the_daily_loss_limit_applies_to_bets_under_the_wallet_lock(bettor):
    limits.limit_set(player=bettor, kind="loss", currency="BYN", amount=1_500, by=bettor)
    event = make_event()
    assert place(bettor, [outcome(event, "1x2", "1")], stake=1_000)
    with pytest.raises(BetRefused, match="daily loss limit"):
        place(bettor, [outcome(event, "1x2", "2")], stake=1_000)
    assert Bet.objects.count() == 1 and ledger.balances_of(bettor)["BYN"] == 99_000


def test_a_bet_reads_the_loss_limit_under_the_wallet_lock_every_time(bettor):
    """Read after the lock, so a limit set while a bet waits for it applies to that bet (read
    with the line, before the lock, a limit set meanwhile was missed: see the race test)."""
    limit_reads = []

    def count_limit_reads(execute, sql, *args):
        if sql == limits._LIMIT_SQL:
            limit_reads.append(sql)
        return execute(sql, *args)

    with connection.execute_wrapper(count_limit_reads):
        event = make_event()
        assert place(bettor, [outcome(event, "1x2", "1")], stake=1_000)
        assert len(limit_reads) == 1  # none set, and still read under the lock
        # a limit in another currency is not this one
        limits.limit_set(player=bettor, kind="loss", currency="USD", amount=100, by=bettor)
        limit_reads.clear()  # setting it reads it
        assert place(bettor, [outcome(event, "1x2", "2")], stake=1_000)
        assert len(limit_reads) == 1
        # set between two bets: the next bet reads it under the wallet lock and is refused
        limits.limit_set(player=bettor, kind="loss", currency="BYN", amount=2_500, by=bettor)
        limit_reads.clear()
        with pytest.raises(BetRefused, match="daily loss limit"):
            place(bettor, [outcome(event, "1x2", "X")], stake=1_000)
        assert len(limit_reads) == 1
    assert Bet.objects.count() == 2 and ledger.balances_of(bettor)["BYN"] == 98_000


@requires_postgres
def test_on_postgresql_a_bet_its_legs_and_its_stake_take_four_statements(bettor):
    event = make_event(odds="2.00")
    legs = [outcome(event, "1x2", "1"), outcome(make_event(), "1x2", "2")]
    place(bettor, [outcome(event, "1x2", "X")])  # creates the stakes-held account
    with CaptureQueriesContext(connection) as captured:
        bet = place(bettor, legs, kind=BetKind.EXPRESS, stake=1_000)
    # the line read (which draws the bet's id); the bet, its legs, the transfer's key and the
    # wallet's lock; the loss limit, under that lock; the booking (BEGIN and COMMIT are not
    # logged; the test's savepoints are)
    statements = [q["sql"] for q in captured.captured_queries if "SAVEPOINT" not in q["sql"]]
    assert len(statements) == 4
    assert "nextval" in statements[0] and '"bet_legs" AS' in statements[1]
    assert '"casino_gaminglimit"' in statements[2]
    assert bet.legs.count() == 2 and Bet.objects.get(pk=bet.pk).stake == 1_000
    stake = Transfer.objects.get(reference=bet.reference, kind="stake")
    assert stake.idempotency_key == f"bet:{bet.pk}:stake"
    assert ledger.balances_of(bettor)["BYN"] == 98_000


@requires_postgres
@pytest.mark.django_db(transaction=True)
def test_a_loss_limit_set_while_a_bet_waits_for_the_wallet_lock_applies_to_that_bet():
    """The limit says it applies at once: a bet still waiting for the wallet (behind a
    settlement, say) when it is set must be refused by it."""
    set_rates()
    player = new_player()
    fund(player, 100_000)
    chosen = outcome(make_event(max_stake=10_000_000), "1x2", "1")
    place(player, [chosen], stake=1_000)  # the stakes-held account exists
    wallet = ledger.wallet_for(player, "BYN")
    held, release, outcomes = threading.Event(), threading.Event(), []

    def hold_the_wallet():
        try:
            with transaction.atomic():
                list(Account.objects.select_for_update().filter(pk=wallet.pk))
                held.set()
                release.wait(30)
        finally:
            close_old_connections()

    def bet():
        try:
            held.wait(30)
            translation.activate("en")  # a thread starts in the default language
            outcomes.append(place(player, [chosen], stake=5_000))
        except BetRefused as refusal:
            outcomes.append(str(refusal))
        finally:
            close_old_connections()

    threads = [threading.Thread(target=hold_the_wallet), threading.Thread(target=bet)]
    for thread in threads:
        thread.start()
    waiting = (
        "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
        "AND datname = current_database()"
    )
    for _ in range(600):  # until the bet has read its line and waits for the wallet
        with connection.cursor() as cursor:
            cursor.execute(waiting)
            if cursor.fetchone()[0]:
                break
        time.sleep(0.05)
    else:
        raise AssertionError("the bet never waited for the wallet's lock")
    change = limits.limit_set(player=player, kind="loss", currency="BYN", amount=2_000, by=player)
    release.set()
    for thread in threads:
        thread.join()
    assert change.immediate
    assert len(outcomes) == 1 and "daily loss limit" in outcomes[0]
    assert Bet.objects.filter(player=player).count() == 1
    assert ledger.balances_of(player)["BYN"] == 99_000


@requires_postgres
def test_on_postgresql_a_bet_refused_for_funds_leaves_no_bet_and_a_gap_in_numbers(bettor):
    event = make_event()
    first = place(bettor, [outcome(event, "1x2", "1")], stake=1_000)
    with pytest.raises(BetRefused, match="Insufficient funds"):
        place(bettor, [outcome(event, "1x2", "2")], stake=99_500)  # 990.00 BYN left
    second = place(bettor, [outcome(event, "1x2", "X")], stake=1_000)
    assert list(Bet.objects.values_list("pk", flat=True).order_by("pk")) == [first.pk, second.pk]
    assert second.pk == first.pk + 2  # the refused bet's number is not reused
    assert ledger.balances_of(bettor)["BYN"] == 98_000


def test_a_player_without_a_wallet_in_the_currency_is_refused_for_funds(bettor):
    with pytest.raises(BetRefused, match="Insufficient funds"):
        place(bettor, [outcome(make_event(), "1x2", "1")], stake=1_000, currency="USD")
    assert not Bet.objects.exists()


def test_an_unknown_outcome_is_refused(bettor):
    with pytest.raises(BetRefused, match="no longer in the line"):
        bet_place(
            player=bettor,
            kind=BetKind.SINGLE,
            selections=[Selection(987_654_321, Decimal("2.00"))],
            stake=1_000,
            currency="BYN",
            idempotency_key="gone",
        )


def test_a_rolled_back_stakes_held_account_is_never_used(bettor):
    """bet_place reads the stakes-held account's id in its own transaction (no per-process
    cache), so an account created and rolled back (a test, a failed first bet) is not booked to."""
    from django.db import transaction

    from casino.models import Account, HousePurpose

    with pytest.raises(RuntimeError), transaction.atomic():
        stakes_held_account("BYN")
        raise RuntimeError
    bet = place(bettor, [outcome(make_event(), "1x2", "1")])
    held = Account.objects.get(
        purpose=HousePurpose.SPORTSBOOK, reference=STAKES_HELD, currency="BYN"
    )
    assert Transfer.objects.get(reference=bet.reference).entries.filter(account=held).exists()
    assert_books_clean()


def test_a_forged_currency_is_refused_with_a_message(bettor):
    with pytest.raises(BetRefused, match="not taken in this currency"):
        place(bettor, [outcome(make_event(), "1x2", "1")], currency="XYZ")
    assert not Bet.objects.exists()


def test_a_live_score_is_refused_on_a_stale_version_or_a_finished_event():
    event = make_event(status=EventStatus.LIVE, in_play=True)
    event_score_set(event_id=event.pk, score=[1, 0], minute=10, expected_version=0)
    with pytest.raises(LineError, match="double click"):
        event_score_set(event_id=event.pk, score=[1, 0], minute=10, expected_version=0)
    event_set_status(event_id=event.pk, status=EventStatus.FINISHED)
    with pytest.raises(LineError, match="enter its result"):
        event_score_set(event_id=event.pk, score=[3, 0], minute=90)
    event.refresh_from_db()
    assert event.live_score["score"] == [1, 0]
