"""Tournaments through their services: registration and its bad input, cancellation refunds,
the start with its draw and casino's share, byes, withdrawal and no-show (D11, D13), the
bracket advancing from the tables' match-over events to the prizes (CG §124-§127)."""

import datetime as dt
import random

import pytest
from django.db import transaction

from casino.models import Transfer
from tables import services as table_services
from tables.engines import shuffle
from tables.models import Table, TableStatus
from tables.tournament import bracket, services
from tables.tournament.models import EntryStatus, MatchStatus, TournamentMatch
from tests.conftest import assert_books_clean, fund, new_player
from tests.tables.tournament_helpers import (
    FEE,
    balance,
    escrow_balance,
    funded_players,
    make_tournament,
    open_matches,
    play_match_out,
    play_until_both_moved,
    started,
)

pytestmark = pytest.mark.django_db(transaction=True)


def test_registering_pays_the_fee_into_the_escrow_and_unregistering_refunds_it():
    tournament = make_tournament()
    (player,) = funded_players(1)
    services.tournament_register(tournament_id=tournament.pk, player=player)
    assert balance(player) == 500_00 - FEE and escrow_balance(tournament) == FEE
    services.tournament_unregister(tournament_id=tournament.pk, player=player)
    assert balance(player) == 500_00 and escrow_balance(tournament) == 0
    # and again: a new entry, a new fee, booked once
    services.tournament_register(tournament_id=tournament.pk, player=player)
    assert balance(player) == 500_00 - FEE
    assert_books_clean()


def test_registering_twice_a_double_click_is_refused_and_books_once():
    tournament = make_tournament()
    (player,) = funded_players(1)
    services.tournament_register(tournament_id=tournament.pk, player=player)
    with pytest.raises(services.TournamentError, match="registered for this tournament already"):
        services.tournament_register(tournament_id=tournament.pk, player=player)
    assert balance(player) == 500_00 - FEE
    assert (
        Transfer.objects.filter(
            idempotency_key__startswith=f"tournament:{tournament.pk}:fee"
        ).count()
        == 1
    )


def test_registering_without_funds_after_the_close_or_when_full_is_refused_with_nothing_booked():
    tournament = make_tournament(max_entrants=2)
    poor = new_player()
    fund(poor, FEE - 1)
    with pytest.raises(services.TournamentError, match="You need 100.00"):
        services.tournament_register(tournament_id=tournament.pk, player=poor)
    assert balance(poor) == FEE - 1 and not tournament.entries.exists()
    first, second, third = funded_players(3)
    services.tournament_register(tournament_id=tournament.pk, player=first)
    services.tournament_register(tournament_id=tournament.pk, player=second)
    with pytest.raises(services.TournamentError, match="full"):
        services.tournament_register(tournament_id=tournament.pk, player=third)
    late = tournament.registration_closes_at + dt.timedelta(seconds=1)
    services.tournament_unregister(tournament_id=tournament.pk, player=second)
    with pytest.raises(services.TournamentError, match="closed"):
        services.tournament_register(tournament_id=tournament.pk, player=third, now=late)
    with pytest.raises(services.TournamentError, match="not registered"):
        services.tournament_unregister(tournament_id=tournament.pk, player=third)
    with pytest.raises(services.TournamentError, match="no such tournament"):
        services.tournament_register(tournament_id=10**9, player=third)
    assert balance(third) == 500_00
    assert_books_clean()


def test_section_5_below_the_minimum_at_the_start_it_is_cancelled_and_every_fee_refunded():
    tournament = make_tournament(min_entrants=4)
    players = funded_players(3)
    for player in players:
        services.tournament_register(tournament_id=tournament.pk, player=player)
    assert services.tournament_due(now=tournament.starts_at - dt.timedelta(seconds=1)) == 0
    assert services.tournament_due(now=tournament.starts_at) == 1
    tournament.refresh_from_db()
    assert tournament.status == "cancelled"
    assert [balance(p) for p in players] == [500_00] * 3
    assert set(tournament.entries.values_list("status", flat=True)) == {EntryStatus.REFUNDED}
    assert escrow_balance(tournament) == 0 and not TournamentMatch.objects.exists()
    with pytest.raises(services.TournamentError):
        services.tournament_unregister(tournament_id=tournament.pk, player=players[0])
    assert services.tournament_due(now=tournament.starts_at) == 0  # once
    assert_books_clean()


def test_the_start_draws_with_the_commitment_books_the_casino_share_and_opens_the_matches():
    tournament = make_tournament(min_entrants=4)
    players = funded_players(6)
    tournament = started(tournament, players)
    assert tournament.status == "running" and tournament.bracket_size == 8
    # §126: 20 % of 600.00 booked at the start; the rest is the fund, in the escrow
    assert (tournament.casino_share, tournament.prize_fund) == (120_00, 480_00)
    assert escrow_balance(tournament) == 480_00
    # D1: the secret committed to at creation fixes the draw, shown once it started
    assert shuffle.verify("draw", tournament.draw_secret, tournament.draw_commitment)
    ids = list(tournament.entries.values_list("pk", flat=True))
    assert (
        tournament.draw_record
        == bracket.make_draw(
            ids, __import__("random").Random(bracket.draw_seed(tournament.draw_secret, ids))
        ).record()
    )
    first_round = TournamentMatch.objects.filter(tournament=tournament, round_number=0)
    assert first_round.filter(status=MatchStatus.BYE).count() == 2  # 8 - 6 byes
    assert {m.stage for m in first_round} == {"quarter_final"}
    opened = open_matches(tournament)
    # the two quarter-finals with two players open at once, and so does a semi-final both of
    # whose players had a bye; a match waiting for a player does not
    ready = [
        m
        for m in TournamentMatch.objects.filter(tournament=tournament).exclude(status="bye")
        if m.entry_a_id and m.entry_b_id
    ]
    assert {m.pk for m in opened} == {m.pk for m in ready}
    assert len([m for m in opened if m.round_number == 0]) == 2
    for match in opened:
        table = match.table
        assert table.status == TableStatus.PLAYING
        assert table.settings["wins_to_win"] == {0: 7, 1: 9}[match.round_number]  # §124
        assert {s.player_id for s in table.seats.all()} == {
            match.entry_a.player_id,
            match.entry_b.player_id,
        }
    assert TournamentMatch.objects.get(tournament=tournament, stage="third_place").wins_to_win == 9
    assert TournamentMatch.objects.get(tournament=tournament, stage="final").wins_to_win == 11
    assert_books_clean()


def test_d11_a_player_who_withdraws_mid_match_loses_it_and_the_fee_is_not_refunded():
    tournament = started(make_tournament(), funded_players(2))
    (final,) = open_matches(tournament)
    quitter, stays = final.entry_a.player, final.entry_b.player
    play_until_both_moved(final.table_id, [quitter, stays])  # both took part (issue 45)
    services.tournament_withdraw(tournament_id=tournament.pk, player=quitter)
    final.refresh_from_db()
    assert final.status == MatchStatus.FINISHED and final.reason == "left"
    assert final.winner.player_id == stays.pk
    tournament.refresh_from_db()
    assert tournament.status == "finished" and escrow_balance(tournament) == 0
    # the whole fund (160.00) to the two places (D9), the quitter's fee not refunded (D11)
    assert balance(stays) == 400_00 + 93_34 and balance(quitter) == 400_00 + 66_66
    assert Table.objects.get(pk=final.table_id).status == TableStatus.CLOSED
    with pytest.raises(services.TournamentError):
        services.tournament_withdraw(tournament_id=tournament.pk, player=quitter)
    assert_books_clean()


def test_d11_d13_a_no_show_forfeits_by_the_absence_limit_and_the_other_advances():
    tournament = started(make_tournament(absence_seconds=180), funded_players(2))
    (final,) = open_matches(tournament)
    present, absent = final.entry_a.player, final.entry_b.player
    table_services.table_presence(table_id=final.table_id, player=present, change="connect")
    opened = Table.objects.get(pk=final.table_id)
    later = opened.created_at + dt.timedelta(seconds=240)
    table_services.table_apply_overdue(table_id=final.table_id, now=later)
    final.refresh_from_db()
    assert final.status == MatchStatus.FINISHED and final.reason == "absent"
    assert final.winner.player_id == present.pk and final.loser().player_id == absent.pk
    assert_books_clean()


def test_d11_withdrawing_before_the_next_match_opens_gives_a_walkover():
    tournament = started(make_tournament(), funded_players(4))
    semi_a, semi_b = open_matches(tournament)
    play_match_out(semi_a.table_id, [semi_a.entry_a.player, semi_a.entry_b.player], seed=2)
    semi_a.refresh_from_db()
    waiting = semi_a.winner.player
    services.tournament_withdraw(tournament_id=tournament.pk, player=waiting)
    final = TournamentMatch.objects.get(tournament=tournament, stage="final")
    assert final.status == MatchStatus.WAITING  # the other semi-final is still on
    play_match_out(semi_b.table_id, [semi_b.entry_a.player, semi_b.entry_b.player], seed=3)
    final.refresh_from_db()
    semi_b.refresh_from_db()
    assert final.status == MatchStatus.WALKOVER and final.reason == "withdrawn"
    assert final.winner_id == semi_b.winner_id and final.table is None
    assert_books_clean()


def test_a_voided_match_is_played_again_at_a_new_table():
    staff = new_player(is_staff=True, is_superuser=True)
    tournament = started(make_tournament(), funded_players(2))
    (final,) = open_matches(tournament)
    first_table = final.table_id
    table_services.table_staff_act(table_id=first_table, staff=staff, act="void", reason="test")
    (again,) = open_matches(tournament)
    assert again.pk == final.pk and again.table_id != first_table
    assert Table.objects.get(pk=first_table).status == TableStatus.CLOSED
    assert Table.objects.get(pk=again.table_id).status == TableStatus.PLAYING


def test_a_listener_refusal_rolls_back_with_the_table():
    """The bracket moves inside the table's transaction: a change rolled back leaves both."""
    tournament = started(make_tournament(), funded_players(2))
    (final,) = open_matches(tournament)
    with pytest.raises(RuntimeError), transaction.atomic():
        table_services.table_leave(table_id=final.table_id, player=final.entry_a.player)
        raise RuntimeError("roll back")
    final.refresh_from_db()
    assert final.status == MatchStatus.OPEN
    assert Table.objects.get(pk=final.table_id).status == TableStatus.PLAYING


@pytest.mark.parametrize("entrants", [3, 5, 9, 17, 33])
def test_d1_the_start_builds_the_whole_bracket_with_its_byes_stages_and_wins(entrants):
    tournament = started(make_tournament(max_entrants=64), funded_players(entrants))
    size = bracket.bracket_size(entrants)
    matches = TournamentMatch.objects.filter(tournament=tournament)
    third = bracket.has_third_place_match(size, entrants)
    assert matches.count() == size - 1 + third
    assert matches.filter(round_number=0, status=MatchStatus.BYE).count() == size - entrants
    for match in matches:
        assert match.wins_to_win == bracket.WINS_BY_STAGE[match.stage]  # §124
        if match.stage != bracket.THIRD_PLACE:
            assert match.stage == bracket.stage_of(size, match.round_number)
    # every match with both players known is open at a table of its own, with both seated
    for match in matches.filter(entry_a__isnull=False, entry_b__isnull=False).exclude(
        status=MatchStatus.BYE
    ):
        assert match.status == MatchStatus.OPEN
        assert match.table.seats.count() == 2
    assert escrow_balance(tournament) == tournament.prize_fund
    assert_books_clean()


def test_the_bracket_shows_the_score_as_each_game_of_a_match_ends():
    from tables.games.durak import engine as durak
    from tests.tables.conftest import pick_action

    tournament = started(make_tournament(), funded_players(2))
    (final,) = open_matches(tournament)
    players = {p.pk: p for p in (final.entry_a.player, final.entry_b.player)}
    rng = random.Random(5)
    while not TournamentMatch.objects.get(pk=final.pk).score:
        table = Table.objects.get(pk=final.table_id)
        seats = {s.position: s.player_id for s in table.seats.all()}
        (seat,) = durak.to_act(table.state)
        table_services.table_act(
            table_id=table.pk,
            player=players[seats[seat]],
            action=pick_action(table.state, seat, rng),
        )
    final.refresh_from_db()
    assert final.status == MatchStatus.OPEN and sorted(final.score) in ([0, 0], [0, 1])


def test_d11_a_player_self_excluded_since_registering_is_withdrawn_and_the_other_walks_over():
    from django.utils import timezone

    tournament = make_tournament()
    players = funded_players(2)
    for player in players:
        services.tournament_register(tournament_id=tournament.pk, player=player)
    players[0].self_excluded_until = timezone.localdate() + dt.timedelta(days=30)
    players[0].save(update_fields=["self_excluded_until"])
    services.tournament_start(tournament_id=tournament.pk, now=tournament.starts_at)
    (final,) = TournamentMatch.objects.filter(tournament=tournament)
    assert final.status == MatchStatus.WALKOVER and final.winner.player_id == players[1].pk
    assert final.table is None
    assert_books_clean()


def test_the_start_is_a_due_job_of_the_sweeper_and_of_the_in_process_clock(monkeypatch):
    from casino import due_jobs
    from tables import clock

    assert "tournament starts" in due_jobs.registered()
    now = dt.datetime.now(dt.UTC)
    due = make_tournament(starts_at=now, registration_closes_at=now)
    assert due_jobs.run_due(every_job=True)["tournament starts"] == 1
    due.refresh_from_db()
    assert due.status == "cancelled"  # nobody registered
    second = make_tournament(starts_at=now, registration_closes_at=now)
    monkeypatch.setattr(clock, "_also_last", {})
    monkeypatch.setattr(clock, "watches_every_table", lambda: True)
    clock.apply_due_tables()
    second.refresh_from_db()
    assert second.status == "cancelled"


def test_d13_a_player_who_lets_his_clock_run_out_loses_games_by_timeouts_and_so_the_match():
    from tables.games.durak import engine as durak
    from tables.models import Hand
    from tests.tables.conftest import pick_action

    tournament = started(make_tournament(action_seconds=30), funded_players(2))
    (final,) = open_matches(tournament)
    active, silent = final.entry_a.player, final.entry_b.player
    for player in (active, silent):  # both here: no grace period, no absence
        table_services.table_presence(table_id=final.table_id, player=player, change="connect")
    rng = random.Random(8)
    for _step in range(5_000):
        table = Table.objects.get(pk=final.table_id)
        if table.status != TableStatus.PLAYING:
            break
        seats = {s.position: s.player_id for s in table.seats.all()}
        (seat,) = durak.to_act(table.state)
        if seats[seat] == silent.pk:
            deadline = table.state["clock"]["seats"][str(seat)]["deadline"]
            later = dt.datetime.fromtimestamp(deadline + 1, tz=dt.UTC)
            table_services.table_apply_overdue(table_id=table.pk, now=later)
        else:
            action = pick_action(table.state, seat, rng)
            table_services.table_act(table_id=table.pk, player=active, action=action)
    final.refresh_from_db()
    assert final.status == MatchStatus.FINISHED and final.winner.player_id == active.pk
    assert final.score == [11, 0] and final.wins_to_win == 11  # §124: the final to 11
    reasons = {(hand.result or {}).get("reason") for hand in Hand.objects.filter(table=final.table)}
    assert "timeouts" in reasons  # D13: two timeouts in a row in one game forfeit it
    tournament.refresh_from_db()
    assert tournament.status == "finished" and escrow_balance(tournament) == 0
    assert_books_clean()
