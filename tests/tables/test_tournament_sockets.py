"""A whole 4-player tournament played through sockets (communicators): the semi-finals, then
the final and the third-place match, opened by the tournament as the semi-finals end (CG §124,
§127); the books check clean and the escrow empty; a player who lost cannot act in the next
round."""

import random

import pytest
from channels.db import database_sync_to_async

from tables.games.durak import engine as durak
from tables.tournament import services
from tables.tournament.models import MatchStatus, TournamentMatch
from tests.conftest import assert_books_clean
from tests.tables.conftest import pick_action
from tests.tables.sockets import Socket, table_now
from tests.tables.tournament_helpers import (
    balance,
    escrow_balance,
    funded_players,
    make_tournament,
    started,
)

pytestmark = pytest.mark.django_db(transaction=True)


@database_sync_to_async
def start_cup(count: int):
    players = funded_players(count, language="en")
    tournament = started(make_tournament(name="Socket cup"), players)
    return tournament, players


@database_sync_to_async
def matches_of(tournament, **filters) -> list[TournamentMatch]:
    return list(
        TournamentMatch.objects.filter(tournament=tournament, **filters)
        .select_related("entry_a__player", "entry_b__player", "winner__player", "table")
        .order_by("round_number", "slot")
    )


async def play_match(match: TournamentMatch, seed: int) -> None:
    """Both players connect to the match's table and play it out with sensible random moves."""
    players = {
        match.entry_a.player_id: match.entry_a.player,
        match.entry_b.player_id: match.entry_b.player,
    }
    sockets = {pk: await Socket(player, match.table_id).connect() for pk, player in players.items()}
    rng = random.Random(seed)
    table = await table_now(match.table_id)
    seat_player = await database_sync_to_async(
        lambda: {s.position: s.player_id for s in table.seats.all()}
    )()
    for _step in range(20_000):
        table = await table_now(match.table_id)
        if table.state["match"]["over"]:
            break
        (seat,) = durak.to_act(table.state)
        sock = sockets[seat_player[seat]]
        await sock.act(pick_action(table.state, seat, rng))
        await sock.until_version(table.version + 1)
    assert table.state["match"]["over"]
    for sock in sockets.values():
        await sock.close()


async def test_a_4_player_tournament_through_sockets_to_the_final_and_third_place(unthrottled):
    tournament, players = await start_cup(4)
    semis = await matches_of(tournament, stage="semi_final")
    assert [m.status for m in semis] == [MatchStatus.OPEN, MatchStatus.OPEN]
    assert [m.wins_to_win for m in semis] == [9, 9]  # §124
    for n, semi in enumerate(semis):
        await play_match(semi, seed=10 + n)
    semis = await matches_of(tournament, stage="semi_final")
    assert all(m.status == MatchStatus.FINISHED for m in semis)
    (final,) = await matches_of(tournament, stage="final")
    (third,) = await matches_of(tournament, stage="third_place")
    # the winners advanced at once, from the tables' match-over events: both matches opened
    assert final.status == third.status == MatchStatus.OPEN
    assert {final.entry_a_id, final.entry_b_id} == {m.winner_id for m in semis}
    assert {third.entry_a_id, third.entry_b_id} == {m.loser().pk for m in semis}
    assert (await table_now(final.table_id)).settings["wins_to_win"] == 11

    # a player who lost his semi-final cannot act in the final, nor sit down there
    loser = semis[0].loser().player
    intruder = await Socket(loser, final.table_id).connect()
    await intruder.act({"type": "take"})
    assert "not seated" in await intruder.error()
    await intruder.send({"type": "sit"})
    assert "already being played" in await intruder.error()
    await intruder.close()

    await play_match(third, seed=20)
    await play_match(final, seed=21)
    (final,) = await matches_of(tournament, stage="final")
    (third,) = await matches_of(tournament, stage="third_place")

    @database_sync_to_async
    def outcome():
        tournament.refresh_from_db()
        entries = {e.player_id: e for e in tournament.entries.all()}
        return tournament.status, escrow_balance(tournament), entries, [balance(p) for p in players]

    status, escrow, entries, balances = await outcome()
    assert status == "finished" and escrow == 0
    # fund 320.00 (20 % of 400.00 to the casino); 35/25/14/10 of 84 (D9), remainder to 1st (D12)
    prizes = {
        final.winner.player_id: 133_35,
        final.loser().player_id: 95_23,
        third.winner.player_id: 53_33,
        third.loser().player_id: 38_09,
    }
    assert {pk: e.prize for pk, e in entries.items()} == prizes
    assert {pk: e.place for pk, e in entries.items()} == {
        final.winner.player_id: 1,
        final.loser().player_id: 2,
        third.winner.player_id: 3,
        third.loser().player_id: 4,
    }
    assert sorted(balances) == sorted(400_00 + prize for prize in prizes.values())
    assert await database_sync_to_async(services.tournament_due)() == 0  # nothing left to do
    await database_sync_to_async(assert_books_clean)()
