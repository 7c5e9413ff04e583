"""Staff cancel bets at odds 1 (SB §1.10): one player's bets on an event he is suspected of taking
part in, or chosen bets (a technical error showed wrong data). Open bets get their stake back from
stakes-held; settled bets are settled again at odds 1 (the difference, E33); a cancelled bet is
never settled again; a double submit books once; the trader page and the admin refuse forged
forms and non-staff; the player sees the bet void with the reason; the books stay clean."""

import pytest
from django.db import connection, transaction
from django.test import Client
from django.urls import reverse

from casino import ledger, roles
from casino.models import HousePurpose, Transfer, TransferKind
from sportsbook.betting.cancellations import CancelRefused, bets_cancel
from sportsbook.betting.services import RECEIVABLE
from sportsbook.line.services import event_set_status
from sportsbook.models import Bet, BetKind, BetSettlement, BetStatus, EventStatus
from sportsbook.settlement.runner import _ChunkMoney, event_settle
from sportsbook.settlement.services import event_result_set
from tests.conftest import (
    assert_books_clean,
    fund,
    new_player,
    new_staff,
    requires_postgres,
    spend_down_to,
)
from tests.sportsbook.line import football_result, make_event, outcome, place, set_rates

pytestmark = pytest.mark.django_db

REASON = "suspected of playing in the match"


def balance(player) -> int:
    return ledger.balances_of(player)["BYN"]


def finish(event, result: dict):
    event_set_status(event_id=event.pk, status=EventStatus.FINISHED)
    event_result_set(event_id=event.pk, result=result)
    return event_settle(event_id=event.pk)


def cancel_transfers(bet):
    return Transfer.objects.filter(idempotency_key__startswith=f"bet:{bet.pk}:cancel:")


@pytest.fixture
def line(bettor):
    """An event (odds 2.00), another event (1.50) and a second player, both with 1,000.00 BYN."""
    other_player = new_player()
    fund(other_player, 100_000)
    return make_event(odds="2.00"), make_event(odds="1.50"), other_player


# --- the service --------------------------------------------------------------------------------


def test_sb_1_10_a_players_open_bets_on_an_event_are_returned_at_odds_1(bettor, staff, line):
    event, other, other_player = line
    single = place(bettor, [outcome(event, "1x2", "1")], stake=10_000)
    express = place(
        bettor,
        [outcome(event, "1x2", "X"), outcome(other, "1x2", "1")],
        kind=BetKind.EXPRESS,
        stake=5_000,
    )
    elsewhere = place(bettor, [outcome(other, "1x2", "2")], stake=2_000)
    stranger = place(other_player, [outcome(event, "1x2", "1")], stake=3_000)
    assert balance(bettor) == 83_000

    done = bets_cancel(event_id=event.pk, player_id=bettor.pk, reason=REASON, staff=staff)

    assert [bet.pk for bet in done.cancelled] == [single.pk, express.pk]
    assert done.returned == {"BYN": 15_000} and done.already == [] and done.owed == 0
    assert balance(bettor) == 98_000
    for bet in (single, express):
        bet.refresh_from_db()
        assert (bet.status, bet.payout) == (BetStatus.VOID, bet.stake)
        assert bet.cancelled_by == staff and bet.cancelled_reason == REASON
        assert bet.cancelled_at is not None and bet.settled_at == bet.cancelled_at
        (transfer,) = cancel_transfers(bet)
        assert transfer.kind == TransferKind.REFUND and transfer.created_by == staff
        assert transfer.reference == bet.reference and REASON in transfer.memo
    for bet in (elsewhere, stranger):  # another event's bet, another player's bet
        bet.refresh_from_db()
        assert bet.status == BetStatus.OPEN and bet.cancelled_at is None
    assert balance(other_player) == 97_000
    assert_books_clean()


def test_sb_1_10_a_settled_bet_is_settled_again_at_odds_1_booking_the_difference(
    bettor, staff, line
):
    event, _other, _player = line
    won = place(bettor, [outcome(event, "1x2", "1")], stake=10_000)  # pays 20,000
    lost = place(bettor, [outcome(event, "1x2", "2")], stake=4_000)
    finish(event, football_result(2, 0))
    assert balance(bettor) == 100_000 - 14_000 + 20_000

    done = bets_cancel(bet_ids=[won.pk, lost.pk], reason="wrong score shown", staff=staff)

    assert done.returned == {"BYN": -10_000 + 4_000}
    assert balance(bettor) == 100_000  # both bets returned at odds 1: as if never placed
    for bet, change in ((won, -10_000), (lost, 4_000)):
        bet.refresh_from_db()
        assert (bet.status, bet.payout, bet.debt) == (BetStatus.VOID, bet.stake, 0)
        (transfer,) = cancel_transfers(bet)
        assert transfer.kind == TransferKind.REVERSAL  # visible in the statement as a reversal
        wallet_entry = transfer.entries.get(account__kind="wallet")
        assert wallet_entry.amount == change
    assert_books_clean()


def test_e33_a_cancelled_win_the_wallet_no_longer_holds_is_owed(bettor, staff, line):
    event, _other, _player = line
    bet = place(bettor, [outcome(event, "1x2", "1")], stake=10_000)
    finish(event, football_result(1, 0))  # pays 20,000
    spend_down_to(bettor, 4_000)
    done = bets_cancel(bet_ids=[bet.pk], reason="wrong score shown", staff=staff)
    bet.refresh_from_db()
    assert (bet.status, bet.payout, bet.debt) == (BetStatus.VOID, 10_000, 6_000)
    assert done.owed == 6_000 and balance(bettor) == 0
    receivable = ledger.house_account(HousePurpose.SPORTSBOOK, "BYN", RECEIVABLE)
    assert sum(receivable.shards.values_list("balance", flat=True)) == -6_000
    assert_books_clean()


def receivable_balance() -> int:
    receivable = ledger.house_account(HousePurpose.SPORTSBOOK, "BYN", RECEIVABLE)
    return sum(receivable.shards.values_list("balance", flat=True))


def owing_after_a_correction(bettor, event, *, left: int):
    """A 10,000 win at 3.00 the wallet has spent down to `left`, then corrected to a loss: the
    bet owes what the wallet could not give back (E33)."""
    bet = place(bettor, [outcome(event, "1x2", "1")], stake=10_000)
    finish(event, football_result(1, 0))  # pays 30,000
    spend_down_to(bettor, left)
    event_result_set(event_id=event.pk, result=football_result(0, 1))
    event_settle(event_id=event.pk)
    bet.refresh_from_db()
    return bet


def test_e33_cancelling_a_bet_that_owes_repays_its_own_debt_first():
    set_rates()
    staff, bettor = new_staff(roles.SUPERVISOR), new_player()
    fund(bettor, 100_000)
    bet = owing_after_a_correction(bettor, make_event(odds="3.00"), left=5_000)
    assert bet.debt == 25_000 and receivable_balance() == -25_000 and balance(bettor) == 0
    bets_cancel(bet_ids=[bet.pk], reason="wrong score shown", staff=staff)
    bet.refresh_from_db()
    # the stake it returns at odds 1 goes to what it owes; nothing reaches the wallet
    assert (bet.status, bet.payout, bet.debt) == (BetStatus.VOID, 10_000, 15_000)
    assert receivable_balance() == -15_000 and balance(bettor) == 0
    assert_books_clean()


def test_e33_one_cancellation_repays_the_debt_of_another_bet_in_it_once():
    set_rates()
    staff, bettor = new_staff(roles.SUPERVISOR), new_player()
    fund(bettor, 100_000)
    open_bet = place(bettor, [outcome(make_event(odds="3.00"), "1x2", "1")], stake=10_000)
    owing = owing_after_a_correction(bettor, make_event(odds="3.00"), left=0)
    assert owing.debt == 30_000
    bets_cancel(bet_ids=[open_bet.pk, owing.pk], reason="technical error", staff=staff)
    owing.refresh_from_db()
    # the open bet's 10,000 back repays 10,000; the owing bet's own stake another 10,000
    assert owing.debt == 10_000 and receivable_balance() == -10_000
    assert balance(bettor) == 0
    assert_books_clean()


def test_e33_a_booking_found_by_its_key_repays_no_debt_a_second_time():
    set_rates()
    bettor = new_player()
    fund(bettor, 100_000)
    open_bet = place(bettor, [outcome(make_event(odds="3.00"), "1x2", "1")], stake=10_000)
    owing = owing_after_a_correction(bettor, make_event(odds="3.00"), left=0)

    def refund_the_open_bet():
        money = _ChunkMoney()
        money.add(open_bet.pk, bettor.pk, "BYN", 10_000, 10_000, None)
        with transaction.atomic():
            money.book(
                key=lambda currency: f"test:{open_bet.pk}:{currency}",
                kind=TransferKind.REFUND,
                memo="refund",
                reference=open_bet.reference,
                created_by=None,
            )

    refund_the_open_bet()
    refund_the_open_bet()  # a retry: the ledger finds the transfer by its key
    owing.refresh_from_db()
    assert owing.debt == 20_000 and receivable_balance() == -20_000


def test_sb_1_10_cancelling_twice_books_once(bettor, staff, line):
    event, _other, _player = line
    bet = place(bettor, [outcome(event, "1x2", "1")], stake=10_000)
    first = bets_cancel(event_id=event.pk, player_id=bettor.pk, reason=REASON, staff=staff)
    second = bets_cancel(event_id=event.pk, player_id=bettor.pk, reason="again", staff=staff)
    third = bets_cancel(bet_ids=[bet.pk], reason="and again", staff=staff)
    assert [b.pk for b in first.cancelled] == [bet.pk]
    assert second.cancelled == [] and second.already == [bet.pk] and second.returned == {}
    assert third.cancelled == [] and third.already == [bet.pk]
    assert cancel_transfers(bet).count() == 1
    assert balance(bettor) == 100_000
    bet.refresh_from_db()
    assert bet.cancelled_reason == REASON  # the first cancellation's record stands
    assert_books_clean()


def test_sb_1_10_cancelled_bets_are_skipped_by_settlement_and_by_a_corrected_result(
    bettor, staff, line
):
    event, other, _player = line
    single = place(bettor, [outcome(event, "1x2", "1")], stake=10_000)
    express = place(
        bettor,
        [outcome(event, "1x2", "1"), outcome(other, "1x2", "1")],
        kind=BetKind.EXPRESS,
        stake=5_000,
    )
    kept = place(bettor, [outcome(event, "1x2", "1")], stake=1_000)
    bets_cancel(bet_ids=[single.pk, express.pk], reason="wrong score shown", staff=staff)
    assert balance(bettor) == 99_000

    run = finish(event, football_result(1, 0))  # the cancelled bets' outcome won
    finish(other, football_result(1, 0))
    event_result_set(event_id=event.pk, result=football_result(0, 1))  # E33
    correction = event_settle(event_id=event.pk)

    for bet in (single, express):
        bet.refresh_from_db()
        assert (bet.status, bet.payout) == (BetStatus.VOID, bet.stake)
        assert not BetSettlement.objects.filter(bet=bet).exists()
        assert not Transfer.objects.filter(reference=bet.reference, kind="payout").exists()
    kept.refresh_from_db()
    assert (kept.status, kept.payout) == (BetStatus.LOST, 0)  # won, then corrected to lost
    assert BetSettlement.objects.filter(run__in=[run, correction], bet=kept).count() == 2
    assert balance(bettor) == 99_000
    assert_books_clean()


@requires_postgres
@pytest.mark.django_db(transaction=True)
def test_sb_1_10_cancelled_bets_are_skipped_by_the_pipelined_settlement(monkeypatch):
    """Outside a transaction on PostgreSQL chunks are graded on a second connection: a cancelled
    bet in any chunk is left alone there too."""
    from sportsbook.settlement import runner as settlement_runner

    monkeypatch.setattr(settlement_runner, "CHUNK", 4)
    set_rates()
    staff = new_staff(roles.SUPERVISOR)
    bettor = new_player()
    fund(bettor, 100_000)
    event = make_event(odds="2.00")
    bets = [place(bettor, [outcome(event, "1x2", "1")], stake=1_000) for _ in range(15)]
    cancelled = bets[::3]
    bets_cancel(bet_ids=[b.pk for b in cancelled], reason="wrong score shown", staff=staff)
    run = finish(event, football_result(1, 0))
    assert run.bets_changed == 10
    for bet in bets:
        bet.refresh_from_db()
    assert {(b.status, b.payout) for b in cancelled} == {(BetStatus.VOID, 1_000)}
    assert {(b.status, b.payout) for b in bets if b not in cancelled} == {(BetStatus.WON, 2_000)}
    assert balance(bettor) == 100_000 + 10 * 1_000
    assert_books_clean()


@requires_postgres
@pytest.mark.django_db(transaction=True)
def test_sb_1_10_a_cancellation_during_a_long_settlement_is_refused_not_hung(monkeypatch):
    """A staff request does not wait without end for a settlement holding the lock: it is
    refused with a message and cancels nothing."""
    import psycopg

    from sportsbook.betting import cancellations
    from sportsbook.settlement import runner as settlement_runner

    monkeypatch.setattr(cancellations, "SETTLEMENT_WAIT", "200ms")
    set_rates()
    staff = new_staff(roles.SUPERVISOR)
    bettor = new_player()
    fund(bettor, 100_000)
    bet = place(bettor, [outcome(make_event(), "1x2", "1")], stake=1_000)
    settings = connection.settings_dict
    with psycopg.connect(
        dbname=settings["NAME"], user=settings["USER"], host=settings["HOST"], port=settings["PORT"]
    ) as settling:
        settling.execute("SELECT pg_advisory_xact_lock(%s)", [settlement_runner.SETTLEMENT_LOCK])
        with pytest.raises(CancelRefused, match="settlement is running"):
            bets_cancel(bet_ids=[bet.pk], reason=REASON, staff=staff)
        settling.rollback()
    bet.refresh_from_db()
    assert bet.status == BetStatus.OPEN and bet.cancelled_at is None
    done = bets_cancel(bet_ids=[bet.pk], reason=REASON, staff=staff)  # the lock is free again
    assert [b.pk for b in done.cancelled] == [bet.pk]
    assert_books_clean()


def test_sb_1_10_refusals_change_nothing(bettor, staff, line):
    event, other, _player = line
    bet = place(bettor, [outcome(other, "1x2", "1")], stake=1_000)
    with pytest.raises(CancelRefused, match="reason"):
        bets_cancel(bet_ids=[bet.pk], reason="   ", staff=staff)
    with pytest.raises(CancelRefused, match="no bets on this event"):
        bets_cancel(event_id=event.pk, player_id=bettor.pk, reason=REASON, staff=staff)
    with pytest.raises(CancelRefused, match=str(bet.pk)):  # not a bet on this event
        bets_cancel(bet_ids=[bet.pk], event_id=event.pk, reason=REASON, staff=staff)
    with pytest.raises(CancelRefused, match="no bet 999999"):
        bets_cancel(bet_ids=[bet.pk, 999_999], reason=REASON, staff=staff)
    bet.refresh_from_db()
    assert bet.status == BetStatus.OPEN and bet.cancelled_at is None
    assert balance(bettor) == 99_000
    assert_books_clean()


# --- the trader page --------------------------------------------------------------------------


@pytest.fixture
def trader(client, staff):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    client.force_login(staff)
    return client


def page_text(response) -> str:
    return response.content.decode()


def test_trader_cancels_a_players_bets_and_sees_what_was_done(trader, bettor, staff, line):
    event, _other, _player = line
    bet = place(bettor, [outcome(event, "1x2", "1")], stake=10_000)
    url = reverse("trader:cancel_player_bets", args=[event.pk])
    response = trader.post(url, {"player": bettor.username, "reason": REASON}, follow=True)
    text = page_text(response)
    assert f"bets {bet.pk}; booked to the wallets: 100.00" in text
    assert f'id="cancelled-{bet.pk}"' in text and REASON in text  # the list of cancellations
    bet.refresh_from_db()
    assert bet.status == BetStatus.VOID and bet.cancelled_by == staff
    # a double submit: told so, nothing booked twice
    response = trader.post(url, {"player": bettor.username, "reason": REASON}, follow=True)
    assert "cancelled already" in page_text(response)
    assert cancel_transfers(bet).count() == 1
    assert balance(bettor) == 100_000
    assert_books_clean()


def test_trader_cancels_chosen_bets_by_number(trader, bettor, line):
    event, _other, other_player = line
    first = place(bettor, [outcome(event, "1x2", "1")], stake=1_000)
    second = place(other_player, [outcome(event, "1x2", "2")], stake=2_000)
    untouched = place(bettor, [outcome(event, "1x2", "X")], stake=3_000)
    response = trader.post(
        reverse("trader:cancel_bets", args=[event.pk]),
        {"bets": f"{first.pk}, {second.pk}", "reason": "wrong score in the broadcast"},
        follow=True,
    )
    assert f"bets {first.pk}, {second.pk}; booked to the wallets: 30.00" in page_text(response)
    assert Bet.objects.filter(cancelled_at__isnull=False).count() == 2
    untouched.refresh_from_db()
    assert untouched.status == BetStatus.OPEN
    assert balance(bettor) == 97_000 and balance(other_player) == 100_000
    assert_books_clean()


@pytest.mark.parametrize(
    ("view", "data", "message"),
    [
        ("cancel_player_bets", {"player": "nobody-here", "reason": REASON}, "no player"),
        ("cancel_player_bets", {"player": "{bettor}", "reason": "  "}, "Give the reason"),
        ("cancel_player_bets", {"player": "{bettor}"}, "Give the reason"),
        ("cancel_player_bets", {"player": "{bettor}", "reason": "x" * 201}, "at most 200"),
        ("cancel_bets", {"bets": "one, two", "reason": REASON}, "whole numbers"),
        ("cancel_bets", {"bets": "1e5", "reason": REASON}, "whole numbers"),
        ("cancel_bets", {"bets": "٣", "reason": REASON}, "whole numbers"),
        ("cancel_bets", {"bets": "99999999999999999999", "reason": REASON}, "no bet with"),
        ("cancel_bets", {"bets": "7" * 5_000, "reason": REASON}, "no bet with"),
        ("cancel_player_bets", {"player": "{bettor_upper}", "reason": REASON}, "no player"),
        ("cancel_bets", {"bets": "{elsewhere}", "reason": REASON}, "No bet on this event"),
        ("cancel_bets", {"bets": "{bet}"}, "Give the reason"),
    ],
)
def test_trader_forged_or_invalid_forms_cancel_nothing(trader, bettor, line, view, data, message):
    event, other, _player = line
    bet = place(bettor, [outcome(event, "1x2", "1")], stake=1_000)
    elsewhere = place(bettor, [outcome(other, "1x2", "1")], stake=1_000)
    data = {
        key: value.format(
            bettor=bettor.username,
            bettor_upper=bettor.username.upper(),
            bet=bet.pk,
            elsewhere=elsewhere.pk,
        )
        for key, value in data.items()
    }
    response = trader.post(reverse(f"trader:{view}", args=[event.pk]), data, follow=True)
    assert response.status_code == 200
    assert message in page_text(response)
    assert not Bet.objects.filter(cancelled_at__isnull=False).exists()
    assert not Transfer.objects.filter(kind=TransferKind.REFUND).exists()
    assert balance(bettor) == 98_000


def test_cancelling_needs_staff_a_post_and_the_csrf_token(client, bettor, staff, line):
    event, _other, _player = line
    bet = place(bettor, [outcome(event, "1x2", "1")], stake=1_000)
    url = reverse("trader:cancel_player_bets", args=[event.pk])
    data = {"player": bettor.username, "reason": REASON}
    anonymous = client.post(url, data)
    assert anonymous.status_code == 302 and "login" in anonymous["Location"]
    client.force_login(bettor)  # a player, not staff
    assert client.post(url, data).status_code == 403
    assert (
        client.post(reverse("trader:cancel_bets", args=[event.pk]), {"bets": bet.pk}).status_code
        == 403
    )
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(staff)
    assert strict.post(url, data).status_code == 403  # no CSRF token: a forged cross-site post
    assert strict.get(url).status_code == 405
    bet.refresh_from_db()
    assert bet.status == BetStatus.OPEN and bet.cancelled_at is None


def test_the_trader_page_offers_the_cancellation_forms(trader, line):
    event, _other, _player = line
    text = page_text(trader.get(reverse("trader:event", args=[event.pk])))
    assert reverse("trader:cancel_player_bets", args=[event.pk]) in text
    assert reverse("trader:cancel_bets", args=[event.pk]) in text
    assert "csrfmiddlewaretoken" in text


# --- the admin ----------------------------------------------------------------------------------


def test_admin_action_asks_for_a_reason_then_cancels_the_selected_bets(trader, bettor, line):
    event, _other, _player = line
    bets = [place(bettor, [outcome(event, "1x2", "1")], stake=1_000) for _ in range(2)]
    url = reverse("admin:sportsbook_bet_changelist")
    selected = {"action": "cancel_bets", "_selected_action": [b.pk for b in bets]}
    asked = trader.post(url, selected)
    assert asked.status_code == 200 and 'name="reason"' in page_text(asked)
    refused = trader.post(url, {**selected, "confirm": "yes", "reason": ""})
    assert "Give the reason" in page_text(refused)
    assert not Bet.objects.filter(cancelled_at__isnull=False).exists()
    done = trader.post(url, {**selected, "confirm": "yes", "reason": REASON}, follow=True)
    assert f"bets {bets[0].pk}, {bets[1].pk}" in page_text(done)
    assert Bet.objects.filter(cancelled_reason=REASON, status=BetStatus.VOID).count() == 2
    assert balance(bettor) == 100_000
    assert_books_clean()


# --- what the player sees -----------------------------------------------------------------------


def test_the_player_sees_the_bet_void_with_the_reason_and_the_refund_in_the_statement(
    client, bettor, staff, line
):
    event, _other, _player = line
    bet = place(bettor, [outcome(event, "1x2", "1")], stake=10_000)
    bets_cancel(event_id=event.pk, player_id=bettor.pk, reason=REASON, staff=staff)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    client.force_login(bettor)
    bets_page = page_text(client.get(reverse("sportsbook:my_bets") + "?state=settled"))
    assert f'id="bet-{bet.pk}"' in bets_page and "status-void" in bets_page
    assert f"returned at odds 1 (rules §1.10): {REASON}" in bets_page
    statement = page_text(client.get(reverse("cashier") + "?currency=BYN"))
    assert f"Refund: {REASON}" in statement and f"Bet №{bet.pk}" in statement
    assert reverse("sportsbook:bet", args=[bet.pk]) in statement


def test_the_player_reads_the_cancellation_in_russian(client, bettor, staff, line):
    event, _other, _player = line
    place(bettor, [outcome(event, "1x2", "1")], stake=10_000)
    bets_cancel(event_id=event.pk, player_id=bettor.pk, reason="подозрение", staff=staff)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "ru"
    client.force_login(bettor)
    bets_page = page_text(client.get(reverse("sportsbook:my_bets") + "?state=settled"))
    assert "Отменена букмекером" in bets_page and "подозрение" in bets_page
