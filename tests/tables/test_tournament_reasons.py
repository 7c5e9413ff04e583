"""Every forfeit of a Durak match says why, in words, with its rule (issue 26 item 3: D11, D13):
on the tournament page's bracket and on the Durak board, in Russian that does not depend on
the player's sex."""

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import translation

from tables import presenters
from tables import services as table_services
from tables.models import Table
from tables.selectors import table_view
from tables.tournament import selectors, services
from tables.tournament.models import MatchStatus, TournamentMatch
from tables.tournament.reasons import forfeit_sentence
from tests.conftest import assert_books_clean
from tests.tables.tournament_helpers import (
    funded_players,
    make_tournament,
    open_matches,
    play_match_out,
    started,
)

pytestmark = pytest.mark.django_db(transaction=True)


def named(players, *names):
    for player, name in zip(players, names, strict=True):
        player.display_name = name
        player.save(update_fields=["display_name"])
    return players


def reason_texts(tournament, language: str) -> list[str]:
    with translation.override(language):
        return [
            m["reason_text"]
            for column in selectors.bracket_rounds(tournament)
            for m in column["matches"]
            if m["reason_text"]
        ]


def durak_board(table_id: int, player, language: str) -> str:
    table = Table.objects.get(pk=table_id)
    seats = {s.position: s for s in table.seats.all()}
    position = next((p for p, s in seats.items() if s.player_id == player.pk), None)
    with translation.override(language):
        return presenters.render_board(table_view(table, seats, position), language)


def page(client_player, tournament) -> str:
    from django.test import Client

    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    client.force_login(client_player)
    return client.get(reverse("tournament", args=[tournament.pk])).content.decode()


def test_d13_a_no_show_reads_who_did_not_come_who_wins_and_the_rule():
    tournament = make_tournament(absence_seconds=180)
    anna, boris = named(funded_players(2), "Анна", "Борис")
    started(tournament, [anna, boris])
    (final,) = open_matches(tournament)
    present = anna
    table_services.table_presence(table_id=final.table_id, player=present, change="connect")
    later = Table.objects.get(pk=final.table_id).created_at + dt.timedelta(seconds=240)
    table_services.table_apply_overdue(table_id=final.table_id, now=later)
    final.refresh_from_db()
    assert final.reason == "absent" and final.winner.player_id == anna.pk
    (ru,) = reason_texts(tournament, "ru")
    assert ru == "Борис: неявка к началу матча — победа в матче: Анна, правило D13"
    (en,) = reason_texts(tournament, "en")
    assert en == "Борис: no-show at the start of the match — the match goes to Анна, rule D13"
    assert ru in page(anna, tournament)
    # the board of the match: the result and its reason, for the winner and for a spectator
    board = durak_board(final.table_id, anna, "ru")
    assert 'id="forfeit-reason"' in board and ru in board
    assert ru in durak_board(final.table_id, funded_players(1)[0], "ru")
    assert_books_clean()


def test_d11_leaving_mid_match_reads_as_leaving_with_the_winner_and_the_rule():
    tournament = make_tournament()
    anna, boris = named(funded_players(2), "Анна", "Борис")
    started(tournament, [anna, boris])
    (final,) = open_matches(tournament)
    quitter = boris
    services.tournament_withdraw(tournament_id=tournament.pk, player=quitter)
    final.refresh_from_db()
    assert final.status == MatchStatus.FINISHED and final.reason == "left"
    (ru,) = reason_texts(tournament, "ru")
    assert ru == "Борис: уход из-за стола во время матча — победа в матче: Анна, правило D11"
    # at the table he has left, his name is gone with his seat: "the opponent"
    board = durak_board(final.table_id, anna, "en")
    assert "The opponent left the table during the match — the match goes to Анна, rule D11" in (
        board
    )
    assert_books_clean()


def test_d11_a_walkover_reads_as_a_withdrawal():
    tournament = make_tournament()
    players = named(funded_players(4), "Анна", "Борис", "Вера", "Глеб")
    started(tournament, players)
    semi_a, semi_b = open_matches(tournament)
    play_match_out(semi_a.table_id, [semi_a.entry_a.player, semi_a.entry_b.player], seed=2)
    semi_a.refresh_from_db()
    waiting = semi_a.winner.player
    services.tournament_withdraw(tournament_id=tournament.pk, player=waiting)
    play_match_out(semi_b.table_id, [semi_b.entry_a.player, semi_b.entry_b.player], seed=3)
    final = TournamentMatch.objects.get(tournament=tournament, stage="final")
    assert final.status == MatchStatus.WALKOVER
    semi_b.refresh_from_db()
    texts = reason_texts(tournament, "en")
    assert (
        f"{waiting.display_name}: withdrawal from the tournament — "
        f"{semi_b.winner.player.display_name} goes through without playing, rule D11"
    ) in texts
    assert_books_clean()


def test_matches_won_at_the_table_and_byes_show_no_forfeit_reason():
    assert forfeit_sentence("wins", loser="A", winner="B") == ""
    assert forfeit_sentence("bye", loser="A", winner="B") == ""
    with translation.override("ru"):
        assert forfeit_sentence("timeouts", loser="Вера", winner="Глеб") == (
            "Вера: время хода истекло дважды подряд — партия присуждена: Глеб, правило D13"
        )
        assert forfeit_sentence("absent", loser="Вера", winner="Глеб", played=True) == (
            "Вера: нет за столом дольше лимита отсутствия — победа в матче: Глеб, правило D13"
        )
