"""What a table's board costs to render and send, per socket per action, for every game.

No server and no database: each registered game plays BOARD_HANDS hands of random legal actions
through its engine alone (``new_hand``, ``legal_actions``, ``apply``; the next hand as
``next_hand`` says), with BOARD_SEATS players (the game's maximum if lower). After every action
the board is rendered, as the table actor's broadcast renders it, for every seat and for a
spectator (``tables.presenters.board_html``, Russian, swapped out of band), from a view built like
``tables.selectors.table_view``'s.

Printed per game: the board's HTML bytes per socket per action (what one socket is sent) and the
time to render one board, each beside its baseline measured in the same run: the view's own JSON
(the data the board shows: what a socket would be sent if the page drew the board itself) and the
time to serialize it. A rise of the bytes or the ratio after a change to the boards is the cost of
that change; `benchmarks/README.md` holds the figures.

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


def measure_game(game: str) -> dict:
    from django.utils import translation

    from tables.engines.base import Draws, SeatInfo
    from tables.engines.registry import engine_for
    from tables.presenters import board_html

    engine = engine_for(game)
    config = engine.check_config(dict(engine.example_configs[0]))
    rng = random.Random(SEED)
    players = list(range(min(SEATS, engine.seats[1])))
    info = [SeatInfo(p) for p in players]
    board_bytes: list[int] = []
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
                for viewer in [*players, None]:
                    view = _view(engine, game, config, state, version, players, viewer)
                    started = clock()
                    data = json.dumps(view)
                    dump_seconds += clock() - started
                    started = clock()
                    html = board_html(view, oob=True)
                    render_seconds += clock() - started
                    boards += 1
                    board_bytes.append(len(html.encode()))
                    view_bytes.append(len(data.encode()))
    return {
        "game": game,
        "seats": len(players),
        "actions": actions,
        "boards": boards,
        "board_bytes": statistics.fmean(board_bytes),
        "board_bytes_max": max(board_bytes),
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
        f"{'game':<18} {'seats':>5} {'actions':>7} {'bytes/socket':>12} {'max':>7} "
        f"{'view JSON':>9} {'x JSON':>7} {'render µs':>9} {'x dump':>7}"
    )
    ok = True
    for game in registered_games():
        try:
            figures = measure_game(game)
        except AssertionError as failure:
            print(f"{game:<18} FAILED: {failure}")
            ok = False
            continue
        print(
            f"{game:<18} {figures['seats']:>5} {figures['actions']:>7} "
            f"{figures['board_bytes']:>12,.0f} {figures['board_bytes_max']:>7,} "
            f"{figures['view_bytes']:>9,.0f} "
            f"{figures['board_bytes'] / figures['view_bytes']:>7.2f} "
            f"{figures['render_us']:>9,.0f} {figures['render_us'] / figures['dump_us']:>7.1f}"
        )
    return ok


if __name__ == "__main__":
    raise SystemExit(0 if run() else 1)
