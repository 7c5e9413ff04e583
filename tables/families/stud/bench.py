"""The pure stud engines (issue 33: Caribbean stud, Oasis stud, Golden Oasis; issue 34: Russian
poker): hands per second per core, one process, no database, each beside its floor measured in
the same run.

For each game one player plays one open box of the minimum a hand with the return harness's
strategy (``tables/games/<game>/strategy.py``, ``basic``), hand after hand through ``new_hand``,
``start_events``, ``to_act``, ``legal_actions``, ``apply`` and ``carry_over`` (``rtp.play_hand``:
money and cards checked every hand; a failure fails the run). Target: TARGET hands per CPU
second each; the ratio is printed, a miss is reported, not failed.

Then **the floor**: the same hand in a bare loop (the game module's ``bare_hand``): the poker
games' 52-card pack shuffled, five cards to the box and five to the dealer, the strategy's
decisions with the cards a change brings, both hands evaluated by ``poker_hands`` and compared,
a game bought where the strategy says (``harness.bare_hand``); Russian poker's 33 cards
shuffled, three to the box and three to the dealer, scored by ``seka_score``, the decision, and
a svara's new pack shuffled only when a tie asks for one (the engine shuffles every pack the
limits allow when the hand starts, for its commitment). No state, no rule checked, no money or
events. What no engine honouring the contract (a JSON state, every action validated, payments
and events recorded) can beat here; the engine's and the target's ratios to it are printed.

``GAME:BOXES`` plays that many players a hand, one open box each (issue 50 measures Caribbean
stud at six boxes); the poker games' floor then deals as many boxes beside one dealer (Russian
poker's floor is of one box only, and is left out).

    .venv/bin/python -m tables.families.stud.bench [GAME[:BOXES] ...]
    (or benchmarks/run.py stud_engine)
"""

from __future__ import annotations

import os
import random
import sys
import time
import types
from pathlib import Path

if __name__ == "__main__":  # run on its own: the engines need no Django
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import benchmarks as common

TARGET = 10_000
GAMES = ("caribbean_stud", "oasis_stud", "golden_oasis", "russian_poker")
SEED = 20261206
STRATEGY = "basic"


def engine_rate(game: str, seconds: float, boxes: int = 1) -> tuple[float, int, list[str]]:
    """Hands per CPU second of the engine, ``boxes`` players a hand; the hands and the problems
    found."""
    from benchmarks import rtp
    from tables.engines.base import Draws
    from tables.engines.registry import engine_for

    module = with_players(rtp.game_module(game), boxes)
    engine = engine_for(module.GAME)
    strategy = module.STRATEGIES[STRATEGY]
    rng = random.Random(SEED)
    draws = Draws(rng)
    hands, problems, carry = 0, [], None
    cpu_start, deadline = time.process_time(), time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        _events, carry, problem = rtp.play_hand(
            engine, module, strategy, rng, draws, carry, module.CONFIG
        )
        draws.taken.clear()
        hands += 1
        if problem:
            problems.append(problem)
    return hands / max(time.process_time() - cpu_start, 1e-9), hands, problems


def with_players(module, players: int):
    """The game's harness module seating ``players`` (``rtp.play_hand`` reads ``PLAYERS``)."""
    if players == module.PLAYERS:
        return module
    seated = types.SimpleNamespace(**vars(module))
    seated.PLAYERS = players
    return seated


def floor_rate(game: str, seconds: float, boxes: int = 1) -> float:
    """Hands per CPU second of the bare hand of ``boxes`` boxes (module docstring)."""
    import functools

    from benchmarks import rtp

    module = rtp.game_module(game)
    decide = module.DECISIONS[STRATEGY]
    bare_hand = module.bare_hand
    if boxes != 1:
        bare_hand = functools.partial(bare_hand, boxes=boxes)
    rng = random.Random(SEED)
    pack = getattr(module, "pack_of", module.stud.pack_of_52)()
    hands = 0
    cpu_start, deadline = time.process_time(), time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        deck = pack[:]
        rng.shuffle(deck)
        bare_hand(deck, decide)
        hands += 1
    return hands / max(time.process_time() - cpu_start, 1e-9)


def has_floor(game: str, boxes: int) -> bool:
    """Russian poker's bare hand is of one box."""
    return boxes == 1 or game != "russian_poker"


def run(context, games: tuple[str, ...] = GAMES) -> bool:
    print(f"load average before: {common.load_average()} on {os.cpu_count()} core(s)")
    ok = True
    for chosen in games:
        game, _colon, boxes_text = chosen.partition(":")
        boxes = int(boxes_text or 1)
        floored = has_floor(game, boxes)
        best = floor = 0.0
        for round_no in range(1, context.repeat + 1):
            rate, hands, problems = engine_rate(game, context.seconds, boxes)
            best = max(best, rate)
            if floored:
                floor = max(floor, floor_rate(game, context.seconds, boxes))
            print(f"{chosen} round {round_no}: {hands:,} hands, {rate:,.0f} hands per CPU second")
            if problems:
                ok = False
                print(f"   FAILED: {len(problems)} broken hand(s); first: {problems[0]}")
        verdict = "met" if best >= TARGET else "MISSED (reported, not failed)"
        line = (
            f"{chosen}: best {best:,.0f} hands/s per core; target {TARGET:,}: ratio "
            f"{best / TARGET:.3f} {verdict}"
        )
        if floored:
            line += (
                f"; the floor (the bare hand: no state, rules, money or events) {floor:,.0f} "
                f"hands/s per core: the engine is {best / floor:.3f} of it, the target "
                f"{TARGET / floor:.3f}"
            )
        print(line)
    print(f"load average after: {common.load_average()}")
    return ok


if __name__ == "__main__":
    chosen = tuple(sys.argv[1:]) or GAMES
    unknown = [g for g in chosen if g.partition(":")[0] not in GAMES]
    if unknown:
        raise SystemExit(f"unknown game(s) {unknown}; known: {', '.join(GAMES)}")
    context = common.BenchContext(database_url="", vendor="none")
    raise SystemExit(0 if run(context, chosen) else 1)
