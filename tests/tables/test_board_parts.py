"""Every board in parts (issues 30 and 49): after a change, each socket is sent only the parts of
its board that differ from the ones its client holds (``tables.board_frames.board_frame``); a
seat whose own view did not change (``tables.outbox.touched_seats``) the public board's parts
(``public_parts_frame``). For every registered game, random play is followed by a client per seat
and a spectator that applies what it is sent as htmx does (each part swapped out of band by its
id); after every step each client's board must be the board rendered whole for it, no part sent
to the table's group may hold a card that is hidden from any viewer, and a bet must not send a
whole board to every socket."""

import dataclasses
import itertools
import json
import random
import re

import pytest
from django.utils import translation

from tables import board_frames, outbox, presenters
from tables.board_frames import ROOT_ATTRIBUTE, ROOT_PREFIX
from tables.engines.registry import engine_for
from tests.tables.board_frames import BOARD_VERSION, split_frame, swap_in
from tests.tables.engines.conformance import ConformanceTable
from tests.tables.test_shared_sections import (
    CONFIGS,
    PresentedTable,
    board_view,
    random_views,
    without_ids,
)

GAMES = [
    pytest.param(game, config, id=f"{game}-config{number}") for game, number, config in CONFIGS
]


def comparable(board: str) -> str:
    """A board but for its forms' client action ids (a part kept from an older version keeps
    that version's) and the board element's own version: a board brought up to date by parts
    keeps its element's version (the browser's table.js copies the version marker's onto it, as
    the marker is what counts), and the element's attributes in any order (the page's script
    sets those a frame of parts carries on the marker)."""
    board = BOARD_VERSION.sub(r"\g<1>v", without_ids(board), 1)
    board = re.sub(rf' {ROOT_PREFIX}[\w:-]+="[^"]*"', "", board)  # what the marker carried
    start = board.find('<div id="table-board"')
    end = board.find(">", start)
    attributes = sorted(ROOT_ATTRIBUTE.findall(board[start:end]))
    return f"{board[:start]}<div {attributes}{board[end:]}"


@pytest.mark.parametrize(("game", "config"), GAMES)
def test_every_client_assembles_the_board_it_would_be_sent_whole(game, config):
    figures = play_in_parts(game, config)
    assert figures.parts, f"{game}: some frames were parts"
    assert not figures.bets_sent_whole_to_all, (
        f"{game}: a bet sent every socket its whole board at steps {figures.bets_sent_whole_to_all}"
    )


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


def test_a_board_drawn_whole_is_caught(monkeypatch):
    """What the check on bets relies on: a board with no parts (everything in its skeleton) is
    sent whole to every socket on every bet."""
    monkeypatch.setattr(
        presenters, "_in_parts", lambda html, parts, *rest: real_in_parts(html, {}, *rest)
    )
    figures = play_in_parts("highcard", engine_for("highcard").example_configs[0])
    assert figures.bets_sent_whole_to_all


real_in_parts = presenters._in_parts


TABLE_IDS = itertools.count(900_000)


@dataclasses.dataclass
class Figures:
    parts: int = 0
    wholes: int = 0
    bets_sent_whole_to_all: list = dataclasses.field(default_factory=list)


def play_in_parts(game: str, config: dict) -> Figures:
    engine = engine_for(game)
    rng = random.Random(f"parts-{game}")
    # a table of its own: its own digests (tables.outbox) and cached sections
    table_id = next(TABLE_IDS)
    shown: dict = {}  # viewer -> the board its client holds (html)
    held: dict = {}  # viewer -> what the platform knows its client holds
    figures = Figures()
    steps = 0
    last_action, hands, last_status = None, None, None
    public_before = None
    table = PresentedTable(engine, config, engine.seats[1], rng.randrange(2**32))
    with translation.override("ru"):
        for version, views, last_game in random_views(table, game, rng, pause_every=7):
            if steps >= 60 and last_game is not None:
                break
            # the action that made this version, unless a hand was dealt since
            action = table.record.steps[-1].action if table.record and table.record.steps else None
            bet = hands == table.hands and isinstance(action, dict) and "amount" in action
            # (not while the casino pauses or resumes the table: the whole felt changes)
            status = views[None]["table"]["status"]
            bet = bet and action is not last_action and status == last_status == "playing"
            last_action, hands, last_status = action, table.hands, status
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
            public = presenters.shown_board(views[None])
            # the cards no spectator sees (the seats' own, the undealt, the hidden), but for a
            # code the public view shows too (a shoe of several packs holds it more than once)
            hidden = {c for cards in engine.private_cards(table.state).values() for c in cards}
            hidden |= set(engine.hidden_cards(table.state)) | set(engine.undealt(table.state))
            hidden -= set(re.findall(r'"(\w\w)"', json.dumps(views[None])))
            for ident, html in public.parts.items():
                cards = set(re.findall(r'data-card="(\w\w)"', html))
                assert not cards & hidden, f"{game}: the part {ident} shows a hidden card"
            sent_whole = 0
            # each viewer's own board, rendered once: what it may be sent, and what the board
            # assembled from its frames must equal
            boards = {v: public if v is None else presenters.shown_board(views[v]) for v in views}
            for viewer in views:
                frame = None
                if viewer is not None and viewer not in touched and viewer in held:
                    frame, after = board_frames.public_parts_frame(
                        public, public_before, held[viewer], viewer
                    )
                if frame is None:  # its own board (read again, when the parts would not do)
                    frame, after = board_frames.board_frame(boards[viewer], held.get(viewer))
                held[viewer] = after
                if 'id="table-board"' in frame:
                    shown[viewer] = frame
                    sent_whole += 1
                    figures.wholes += 1
                else:
                    shown[viewer] = swap_in(shown[viewer], frame)
                    figures.parts += 1
            if bet and sent_whole == len(views):
                figures.bets_sent_whole_to_all.append(version)
            public_before = public
            for viewer, board in boards.items():
                assert comparable(shown[viewer]) == comparable(board.html), (
                    f"{game}: seat {viewer}'s board assembled from parts differs at step {version}"
                )
            steps += 1
    table.close()
    assert steps >= 10, "random play reached enough versions"
    assert figures.wholes, "some boards were sent whole"
    return figures


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


def test_a_frame_sends_the_parts_that_changed_and_again_the_one_whose_id_was_spent():
    def board(version, seat0, seat1, skeleton="<p>s</p>"):
        ident = presenters.client_action_id(version)
        parts = {
            "board-seat-0": f'<div id="board-seat-0" class="player">{seat0}</div>',
            "board-own-moves": f'<div id="board-own-moves" class="board-part">{ident}b</div>',
            "board-seat-1": f'<div id="board-seat-1" class="player">{seat1}</div>',
        }
        html = f'<div id="table-board" data-version="{version}">{"".join(parts.values())}'
        html += f"{skeleton}{presenters.version_marker(version)}</div>"
        return presenters._in_parts(html, parts, version, None)

    first, held = board_frames.board_frame(board(3, "a", "b"), None)
    assert 'id="table-board"' in first
    frame, held = board_frames.board_frame(board(4, "A", "b"), held)
    assert [ident for ident, _ in split_frame(frame)] == ["board-seat-0", "board-version"]
    assert 'data-version="4"' in frame
    # the moves kept from version 3 were spent: sent again, with version 5's id
    spent = presenters.client_action_id(3) + "b"
    frame, held = board_frames.board_frame(board(5, "A", "b"), held, {spent})
    assert [ident for ident, _ in split_frame(frame)] == ["board-own-moves", "board-version"]
    assert presenters.client_action_id(5) in frame
    # the public board's parts leave out the seat's own plate and sections
    public = board(6, "x", "y")
    frame, _ = board_frames.public_parts_frame(public, board(5, "A", "b"), held, own_seat=0)
    assert [ident for ident, _ in split_frame(frame)] == ["board-seat-1", "board-version"]
    # something outside the parts changed: the whole board
    frame, _ = board_frames.board_frame(board(7, "A", "b", "<p>t</p>"), held)
    assert 'id="table-board"' in frame


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


# a form of a game action: a websocket form whose type is "act"
MOVE_FORM = re.compile(
    r'<form\b[^>]*\bws-send\b[^>]*>(?:(?!</form>).)*?name="type" value="act"', re.S
)


@pytest.mark.parametrize(
    "game", sorted({game for game, _number, _config in CONFIGS}), ids=lambda game: game
)
def test_every_move_form_is_in_a_part_so_a_turn_sends_parts(game):
    """Issue 49: a seat's moves (the forms of its game actions) lie inside parts of its board,
    never in the skeleton, so that a turn coming or going changes parts and no socket is sent a
    whole board for it. Every game, its first example config, random play at the most seats."""
    engine = engine_for(game)
    config = engine.example_configs[0]
    rng = random.Random(f"moves in parts {game}")
    table = PresentedTable(engine, config, engine.seats[1], rng.randrange(2**32))
    boards_with_moves = 0
    with translation.override("ru"):
        for version, views, _last in random_views(table, game, rng, pause_every=1_000):
            if version > 60:
                break
            for viewer, view in views.items():
                if viewer is None:
                    continue
                shown = presenters.shown_board(view)
                if MOVE_FORM.search(shown.html):
                    boards_with_moves += 1
                stray = MOVE_FORM.search(shown.skeleton_text)
                assert stray is None, (
                    f"{game}: a move form outside every part of seat {viewer}'s board at "
                    f"version {version}: {shown.skeleton_text[stray.start() : stray.start() + 200]}"
                )
    table.close()
    assert boards_with_moves, f"{game}: no board offered a move"
