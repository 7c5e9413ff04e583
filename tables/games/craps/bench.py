"""The pure craps engine (issue 35): rolls per CPU second at a table of eight players, each
holding a pass line with odds, place bets on 6 and 8 and a field bet (re-made every roll), one
process, no database, beside a baseline measured in the same run. The issue's target is 20,000
rolls per second.

A roll through the engine is what the table actor runs: ``new_hand`` on the carried layout (five
dice committed), each player's bets through ``apply`` (the field every roll, a line bet, odds or a
place bet when it is missing), each player's "done", the shooter's roll, the settlement.

The baseline (the floor): the same table without the engine: five faces drawn, two of them
summed, and each player's five bets decided and paid with integer arithmetic on a plain dict of
amounts: no state copies, validation, events, pots or escrow. The engine's figure is printed as
a ratio to it, so a loaded machine moves both. A second floor shows what the engine contract
alone costs (DESIGN.md: ``apply`` returns a new state and its events, the old state untouched):
as many state copies (``engine._copy`` of what each step changes, ``engine.CHANGES``, on a full
layout) and event dicts a roll as the engine's roll makes ``apply`` calls, with nothing decided.
The lean floor is the two together, the contract kept and the bets decided bare: what an engine
that did nothing else would reach.

Correctness checks (a failure makes the run fail): after every roll the layout's pots hold
exactly the bets on it, and every payment moves money between seats, pots and the house bank.

Run alone: `.venv/bin/python benchmarks/run.py craps_engine`, or
`.venv/bin/python -m tables.games.craps.bench` (no database needed).
"""

from __future__ import annotations

import functools
import os
import random
import sys
import time
from collections import Counter
from pathlib import Path

SEED = 20261206
CONFIG = {"min_bet": 100, "max_bet": 100_000, "min_unit": 100}
PLAYERS = list(range(8))
LINE, PLACE, FIELD = 1_000, 1_200, 500  # place bets in multiples of 6 units (C10)


WANTED = ("field", "pass", "odds_pass", "place_6", "place_8")


@functools.cache
def _keys(position: int) -> dict[str, str]:
    """The layout's keys of ``position``'s bets (a player knows his own bets by sight)."""
    from tables.games.craps.bets import bet_key

    return {kind: bet_key(position, kind) for kind in WANTED}


def wanted(state: dict, position: int) -> dict | None:
    """The next bet ``position`` makes this roll, or None when his layout is complete."""
    bets, keys = state["bets"], _keys(position)
    point = state["point"]
    if keys["field"] not in bets:
        return {"type": "bet", "bet": "field", "amount": FIELD}
    if keys["pass"] not in bets:
        if point is None:
            return {"type": "bet", "bet": "pass", "amount": LINE}
    elif point is not None and keys["odds_pass"] not in bets:
        # imported where it is used: an import statement run on each of a roll's twenty
        # questions was an eighth of the bench's time (issue 50), and this branch runs once a point
        from tables.games.craps.bets import odds_limit

        limit = odds_limit(state, LINE, point)
        return {"type": "bet", "bet": "odds_pass", "amount": limit}
    for kind in ("place_6", "place_8"):
        if keys[kind] not in bets:
            return {"type": "bet", "bet": kind, "amount": PLACE}
    return None


STEPS: Counter = Counter()  # ``apply`` calls made, by the action's type, for the contract's floor


def play_roll(engine, rng: random.Random, carry: dict | None) -> tuple[dict, int, str]:
    """One roll; returns (the carry for the next, the bets settled, problem or "")."""
    state = engine.new_hand(CONFIG, PLAYERS, rng, carry)
    settled = 0
    for position in PLAYERS:
        while (action := wanted(state, position)) is not None:
            state, _events = engine.apply(state, position, action)
            STEPS["bet"] += 1
        state, _events = engine.apply(state, position, {"type": "done"})
        STEPS["done"] += 1
    STEPS["roll"] += 1  # the roll below
    shooter = state["shooter"]
    roll = {"type": "roll"} if state["chosen"] else {"type": "roll", "dice": [1, 2]}
    state, events = engine.apply(state, shooter, roll)
    settled = sum(1 for e in events if e["type"] == "resolved")
    on_layout = sum(b["amount"] + b["vig"] for b in state["bets"].values())
    if sum(state["pots"].values()) != on_layout:
        return engine.carry_over(state), settled, "the pots do not hold the bets on the layout"
    return engine.carry_over(state), settled, ""


def floor_rate(seconds: float) -> float:
    """Rolls per CPU second of the bare table (module docstring)."""
    rng, rolls, point = random.Random(SEED), 0, None
    wallets = dict.fromkeys(PLAYERS, 0)
    place_pays = {6: 7 * PLACE // 6, 8: 7 * PLACE // 6}
    cpu_start, deadline = time.process_time(), time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        faces = [rng.randint(1, 6) for _ in range(5)]
        total = faces[0] + faces[1]
        for position in PLAYERS:
            won = 0
            if total in (2, 12):
                won += 2 * FIELD
            elif total in (3, 4, 9, 10, 11):
                won += FIELD
            else:
                won -= FIELD
            if point is None:
                won += LINE if total in (7, 11) else -LINE if total in (2, 3, 12) else 0
            elif total == point:
                won += LINE + LINE * (6 - abs(7 - point)) // 5
            elif total == 7:
                won -= 2 * LINE + 2 * PLACE
            if point is not None and total in place_pays:
                won += place_pays[total]
            wallets[position] += won
        if point is None and total in (4, 5, 6, 8, 9, 10):
            point = total
        elif point is not None and total in (point, 7):
            point = None
        rolls += 1
    return rolls / max(time.process_time() - cpu_start, 1e-9)


def contract_floor(seconds: float, state: dict, steps: dict[str, float]) -> float:
    """Rolls per CPU second of a roll's bare state copies and events, ``steps`` of each action
    type a roll (docstring)."""
    from tables.games.craps.engine import CHANGES, _copy

    copies = [CHANGES[kind] for kind, count in steps.items() for _step in range(round(count))]
    rolls = 0
    cpu_start, deadline = time.process_time(), time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        for changed in copies:
            _copied = _copy(state, changed)
            _events = [{"type": "bet", "seat": 0, "bet": "field", "amount": FIELD}]
        rolls += 1
    return rolls / max(time.process_time() - cpu_start, 1e-9)


def run(context) -> bool:
    import benchmarks as common
    from tables.games.craps.engine import ENGINE as engine

    print(f"load average before: {common.load_average()} on {os.cpu_count()} core(s)")
    ok = True
    for round_no in range(1, context.repeat + 1):
        floor = floor_rate(context.seconds)
        print(f"round {round_no}: the floor (8 players' bets decided bare) {floor:,.0f} rolls/s")
        rng, carry = random.Random(SEED), None
        warm_until = time.monotonic() + min(context.warmup, 1.0)
        while time.monotonic() < warm_until:
            carry, _settled, _problem = play_roll(engine, rng, carry)
        rolls = settled = 0
        problems: list[str] = []
        steps_before = Counter(STEPS)
        cpu_start, start = time.process_time(), time.perf_counter()
        while time.perf_counter() < start + context.seconds:
            carry, n, problem = play_roll(engine, rng, carry)
            rolls += 1
            settled += n
            if problem:
                problems.append(problem)
        cpu = max(time.process_time() - cpu_start, 1e-9)
        rate = rolls / cpu
        steps = {kind: n / max(rolls, 1) for kind, n in (STEPS - steps_before).items()}
        applies = sum(steps.values())
        state = engine.new_hand(CONFIG, PLAYERS, random.Random(1), carry)
        contract = contract_floor(context.seconds, state, steps)
        print(
            f"round {round_no}: the contract's floor ({applies:.1f} state copies and events a "
            f"roll, nothing decided) {contract:,.0f} rolls/s"
        )
        # both floors' costs a roll added: the contract kept, the bets decided bare
        lean = 1 / (1 / contract + 1 / floor)
        print(f"round {round_no}: the lean floor (the contract and the bets bare) {lean:,.0f}")
        print(
            f"round {round_no}: craps, 8 players (pass + odds, place 6 and 8, field): "
            f"{rolls:,} rolls, {rate:,.0f} rolls per CPU second ({settled / max(rolls, 1):.1f} "
            f"bets settled a roll), {rate / floor:.3f} of the floor, {rate / lean:.3f} of the "
            f"lean floor; target 20,000: {rate / 20_000:.2f} of it"
        )
        if problems:
            ok = False
            print(f"   FAILED: {len(problems)} broken roll(s); first: {problems[0]}")
    print(f"load average after: {common.load_average()}")
    return ok


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
    from benchmarks import BenchContext

    raise SystemExit(0 if run(BenchContext(database_url="", vendor="none")) else 1)
