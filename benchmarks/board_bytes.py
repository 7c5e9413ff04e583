"""What a table's board costs to render and send, per socket per action, for every game.

No server and no database: each registered game plays BOARD_HANDS hands of random legal actions
through its engine alone (``new_hand``, ``legal_actions``, ``apply``; the next hand as
``next_hand`` says), with BOARD_SEATS players (the game's maximum if lower). After every action
the board is rendered, as the table actor's broadcast renders it, for every seat and for a
spectator (``tables.presenters.board_html``, Russian, swapped out of band), from a view built like
``tables.selectors.table_view``'s.

Printed per game: the bytes per socket per action the platform sends (``sent``: each socket the
parts of its board that changed since the board its client holds, ``tables.board_frames``; a seat
whose own view did not change the public board's parts, ``tables.outbox.touched_seats``), the
whole board's bytes (what each socket was sent before issue 49), and the time to render one
board, each beside baselines measured in the same run: the view's own JSON (the data the board
shows: what a socket would be sent if the page drew the board itself), High card's bytes sent
(issue 49: craps within twice High card's), and the time to serialize the view. A rise of the
bytes or a ratio after a change to the boards is the cost of that change; `benchmarks/README.md`
holds the figures.

Correctness (a failure makes the run fail): every hand ends within MAX_ACTIONS actions and every
board renders.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import benchmarks as common  # noqa: E402

HANDS = max(1, int(os.environ.get("BOARD_HANDS", "").strip() or 20))
SEATS = max(2, int(os.environ.get("BOARD_SEATS", "").strip() or 6))
MAX_ACTIONS = 2_000
SEED = 20261203
LANGUAGE = "ru"


def _table(engine, game: str, config: dict, state: dict | None, version: int, seats: list[int]):
    from tables.selectors import clock_view

    return {
        "id": 1,
        "name": "Bench",
        "game": game,
        "status": "playing",
        "version": version,
        "currency": "BYN",
        "settings": config,
        "hand_number": version // 50 + 1,
        "match_number": 1,
        "capacity": engine.seats[1],
        "notice": None,
        "clock": clock_view(state, "playing"),
        "commitment": (state or {}).get("commitment"),
        "last_game": (state or {}).get("last_game"),
        "seats": [
            {
                "position": position,
                "player_id": position + 1,
                "name": f"Player {position + 1}",
                "status": "playing",
                "away": False,
                "ready": True,
            }
            for position in seats
        ],
    }


def _view(engine, game, config, state, version, seats, position):
    return {
        "table": _table(engine, game, config, state, version, seats),
        "game": engine.view(state, position) if state else None,
        "seat": position,
        "turn": None,
        "balance": 1_000_000 if position is not None else None,
    }


def measure_game(game: str, table_id: int) -> dict:
    from django.utils import translation

    from tables import outbox
    from tables.board_frames import board_frame, public_parts_frame
    from tables.engines.base import Draws, SeatInfo
    from tables.engines.registry import engine_for
    from tables.presenters import shown_board

    engine = engine_for(game)
    config = engine.check_config(dict(engine.example_configs[0]))
    rng = random.Random(SEED)
    players = list(range(min(SEATS, engine.seats[1])))
    info = [SeatInfo(p) for p in players]
    board_bytes: list[int] = []
    sent_bytes: list[int] = []
    held: dict = {}
    public = None
    view_bytes: list[int] = []
    render_seconds = 0.0
    dump_seconds = 0.0
    boards = 0
    actions = 0
    version = 0
    state = None
    clock = time.perf_counter
    with translation.override(LANGUAGE):
        for _ in range(HANDS):
            upcoming = engine.next_hand(state, info, config)
            if upcoming is None:
                raise AssertionError(f"{game}: no next hand with {len(players)} players")
            state = engine.new_hand(config, list(upcoming.players), rng, upcoming.carry)
            steps = 0
            while not engine.is_hand_over(state):
                steps += 1
                if steps > MAX_ACTIONS:
                    raise AssertionError(f"{game}: no end after {MAX_ACTIONS} actions")
                awaited = engine.to_act(state)
                position = rng.choice(awaited)
                action = rng.choice(engine.legal_actions(state, position))
                state, _events = engine.apply(state, position, action, Draws(rng))
                version += 1
                actions += 1
                views = {
                    viewer: _view(engine, game, config, state, version, players, viewer)
                    for viewer in [*players, None]
                }
                for view in views.values():
                    view["table"]["id"] = table_id
                touched = outbox.touched_seats(
                    game, table_id, version, version - 1, {p: (p + 1, views[p]) for p in players}
                )
                started = clock()
                public_before, public = public, shown_board(views[None])
                render_seconds += clock() - started
                boards += 1
                for viewer, view in views.items():
                    started = clock()
                    data = json.dumps(view)
                    dump_seconds += clock() - started
                    frame = None
                    if viewer is not None and viewer not in touched and viewer in held:
                        frame, after = public_parts_frame(
                            public, public_before, held[viewer], viewer
                        )
                    board = public
                    if frame is None and viewer is not None:
                        started = clock()
                        board = shown_board(view)
                        render_seconds += clock() - started
                        boards += 1
                    if frame is None:
                        frame, after = board_frame(board, held.get(viewer))
                    held[viewer] = after
                    # (a seat sent the public board's parts: its own board, as it was sent whole)
                    whole = board if board is not public or viewer is None else shown_board(view)
                    board_bytes.append(len(whole.html.encode()))
                    sent_bytes.append(len(frame.encode()))
                    view_bytes.append(len(data.encode()))
    return {
        "game": game,
        "seats": len(players),
        "actions": actions,
        "boards": boards,
        "board_bytes": statistics.fmean(board_bytes),
        "sent_bytes": statistics.fmean(sent_bytes),
        "sent_bytes_max": max(sent_bytes),
        "view_bytes": statistics.fmean(view_bytes),
        "render_us": render_seconds / boards * 1e6,
        "dump_us": dump_seconds / boards * 1e6,
    }


def run(context: common.BenchContext | None = None) -> bool:
    if context is None:  # run alone: no database is touched, SQLite in a temporary file will do
        common.django_setup(os.environ.get("DATABASE_URL") or "sqlite:////tmp/board-bytes.sqlite3")
    from tables.engines.registry import registered_games

    print(f"board_bytes: {HANDS} hands a game, up to {SEATS} seats, boards in {LANGUAGE}")
    print(
        f"{'game':<18} {'seats':>5} {'actions':>7} {'sent/socket':>11} {'max':>7} "
        f"{'whole':>7} {'x whole':>7} {'x JSON':>7} {'x High card':>11} "
        f"{'render µs':>9} {'x dump':>7}"
    )
    ok = True
    games = registered_games()
    # High card first: the others' bytes are printed as a multiple of its
    games.sort(key=lambda game: game != "highcard")
    baseline = None
    for game in games:
        try:
            figures = measure_game(game, 1 + games.index(game))
        except AssertionError as failure:
            print(f"{game:<18} FAILED: {failure}", flush=True)
            ok = False
            continue
        sent = figures["sent_bytes"]
        baseline = baseline or (sent if game == "highcard" else None)
        print(
            f"{game:<18} {figures['seats']:>5} {figures['actions']:>7} "
            f"{sent:>11,.0f} {figures['sent_bytes_max']:>7,} {figures['board_bytes']:>7,.0f} "
            f"{sent / figures['board_bytes']:>7.3f} {sent / figures['view_bytes']:>7.2f} "
            f"{sent / baseline if baseline else float('nan'):>11.2f} "
            f"{figures['render_us']:>9,.0f} {figures['render_us'] / figures['dump_us']:>7.1f}",
            flush=True,
        )
    return ok


if __name__ == "__main__":
    raise SystemExit(0 if run() else 1)
