"""A board sent in parts (issue 30): after a change, a seat whose own view did not change
(``tables.outbox.touched_seats``) is sent only the public board's parts that changed
(``tables.presenters.parts_frame``); the others their whole board. For every registered game,
random play is followed by a client per seat and a spectator that applies what it is sent as
htmx does (each part swapped out of band by its id); after every step each client's board must
be the board rendered whole for it, and no part sent to the table's group may hold a card that
is hidden from any viewer."""

import dataclasses
import json
import random
import re

import pytest
from django.utils import translation

from tables import outbox, presenters
from tables.engines.registry import engine_for, registered_games
from tests.tables.board_frames import BOARD_VERSION, split_frame, swap_in
from tests.tables.engines.conformance import ConformanceTable
from tests.tables.test_shared_sections import board_view, random_views, without_ids

GAMES = [
    pytest.param(game, config, id=f"{game}-config{number}")
    for game in registered_games()
    for number, config in enumerate(engine_for(game).example_configs)
]


def comparable(board: str) -> str:
    """A board but for each rendering's fresh client action ids and the board element's own
    version: a board brought up to date by parts keeps its element's version (the browser's
    table.js copies the version marker's onto it, as the marker is what counts)."""
    return BOARD_VERSION.sub(r"\g<1>v", without_ids(board), 1)


def whole(view: dict) -> str:
    return presenters.board_html(view, oob=True)


@pytest.mark.parametrize(("game", "config"), GAMES)
def test_every_client_assembles_the_board_it_would_be_sent_whole(game, config):
    play_in_parts(game, config)


def test_a_fact_left_out_of_private_facts_is_caught(monkeypatch):
    """What the check relies on: a game that leaves its moves out of what its seats show of their
    own sends a seat parts when its moves changed, and the assembled board is not the whole."""
    presentation = presenters.presentation_for("highcard")

    def without_moves(view):  # the table's status only: a bet changes nothing of it
        return {"status": view["table"]["status"]}

    broken = dataclasses.replace(presentation, private_facts=without_moves)
    monkeypatch.setattr(outbox, "presentation_for", lambda game: broken)
    with pytest.raises(AssertionError, match="assembled from parts differs"):
        play_in_parts("highcard", engine_for("highcard").example_configs[0])


def play_in_parts(game: str, config: dict) -> None:
    engine = engine_for(game)
    rng = random.Random(f"parts-{game}")
    table_id = 900_000 + rng.randrange(10_000)  # its own digests (tables.outbox)
    shown: dict = {}  # viewer -> (version, board)
    parts_before = None
    steps = sent_parts = sent_whole = 0
    table = ConformanceTable(engine, config, engine.seats[1], rng.randrange(2**32))
    with translation.override("ru"):
        for version, views, last_game in random_views(table, game, rng, pause_every=7):
            if steps >= 60 and last_game is not None:
                break
            seated = sorted(table.seated)
            for view in views.values():  # a table of its own: no board of another test's
                view["table"]["id"] = table_id
            touched = outbox.touched_seats(
                game,
                table_id,
                version,
                version - 1,
                {p: (100 + p, views[p]) for p in seated},
            )
            with presenters.parts_recorded() as parts:
                whole(views[None])
            # the cards no spectator sees (the seats' own, the undealt, the hidden), but for a
            # code the public view shows too (a shoe of several packs holds it more than once)
            hidden = {c for cards in engine.private_cards(table.state).values() for c in cards}
            hidden |= set(engine.hidden_cards(table.state)) | set(engine.undealt(table.state))
            hidden -= set(re.findall(r'"(\w\w)"', json.dumps(views[None])))
            for ident, html in parts.items():
                cards = set(re.findall(r'data-card="(\w\w)"', html))
                assert not cards & hidden, f"{game}: the part {ident} shows a hidden card"
            for viewer, view in views.items():
                if viewer is None or viewer in touched or viewer not in shown:
                    shown[viewer] = (version, whole(view))
                    sent_whole += 1
                    continue
                frame = presenters.parts_frame(parts, parts_before, version, viewer)
                if frame is None:  # the parts changed shape: the whole board, read again
                    shown[viewer] = (version, whole(view))
                    sent_whole += 1
                    continue
                shown[viewer] = (version, swap_in(shown[viewer][1], frame))
                sent_parts += 1
            for viewer, view in views.items():
                assert comparable(shown[viewer][1]) == comparable(whole(view)), (
                    f"{game}: seat {viewer}'s board assembled from parts differs at step {version}"
                )
            parts_before = parts
            steps += 1
    table.close()
    assert steps >= 10, "random play reached enough versions"
    assert sent_whole, "some boards were sent whole"
    if presenters.presentation_for(game).private_facts is not None:
        assert sent_parts, f"{game} says what its seats show of their own: some got parts only"


def test_a_seat_whose_facts_change_is_touched_and_one_whose_do_not_is_not():
    view = {"table": {"status": "playing", "capacity": 6, "seats": [], "version": 1}}
    view |= {"seat": 0, "game": {"legal": [{"type": "bet"}], "seats": {}}}
    key = ("highcard", 1_000_001)
    assert outbox.touched_seats(*key, 1, None, {0: (7, view)}) == {0}
    same = {**view, "table": {**view["table"], "version": 2}}
    assert outbox.touched_seats(*key, 2, 1, {0: (7, same)}) == set()
    moved = {**same, "game": {"legal": [], "seats": {}}}
    assert outbox.touched_seats(*key, 3, 2, {0: (7, moved)}) == {0}
    # a version this process did not broadcast in between: touched, whatever the facts
    assert outbox.touched_seats(*key, 9, 5, {0: (7, moved)}) == {0}
    # another player in the seat
    assert outbox.touched_seats(*key, 10, 9, {0: (8, moved)}) == {0}


def test_a_frame_of_parts_sends_what_changed_but_not_the_own_seat():
    before = {"board-part-head": '<div id="board-part-head" class="board-part">1</div>'}
    before |= {"board-seat-0": '<div id="board-seat-0" class="player">a</div>'}
    before |= {"board-seat-1": '<div id="board-seat-1" class="player">b</div>'}
    now = {**before, "board-seat-0": '<div id="board-seat-0" class="player">A</div>'}
    now["board-seat-1"] = '<div id="board-seat-1" class="player">B</div>'
    frame = presenters.parts_frame(now, before, 4, own_seat=1)
    assert [ident for ident, _ in split_frame(frame)] == ["board-seat-0", "board-version"]
    assert 'data-version="4"' in frame
    assert presenters.parts_frame({"board-part-x": "<div></div>"}, before, 4, None) is None
    assert len(split_frame(presenters.parts_frame(now, None, 4, None))) == 4


@pytest.mark.parametrize("game", ["baccarat_bank", "belarusian_poker", "khrap", "big_stud"])
def test_the_last_result_names_who_played_it_not_who_sits_there_now(game):
    """A seat freed after the hand and taken by another player: the board's last result names
    the player who played it (``last_game["names_by_seat"]``), not the newcomer."""
    engine = engine_for(game)
    rng = random.Random(f"last-{game}")
    table = ConformanceTable(engine, engine.example_configs[0], engine.seats[1], 11)
    for _step in range(2000):
        if table.hand_over():
            break
        table.act(rng.randrange(256), rng.randrange(256))
    assert table.hand_over(), "random play ended a hand"
    seated = sorted(table.seated)
    played = {str(p): f"Played {p}" for p in seated}
    last_game = {"number": 1, **engine.hand_result(table.state), "names_by_seat": played}
    assert table.next_hand(), "the next hand is dealt: the board shows the last one's result"
    view = board_view(engine, game, table.state, table.config, seated, None, 5, last_game=last_game)
    view["table"]["id"] = 910_000 + len(game)
    with translation.override("en"):
        board = presenters.board_html(view, oob=True)
    table.close()
    assert any(f"Played {p}" in board for p in seated), "the last result names who played"
