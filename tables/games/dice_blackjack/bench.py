"""The pure dice blackjack engine: rounds per second per core, one box, no database.

One player plays one box of the minimum (1.00) with the best stop-or-throw rule of the return
harness (``tables/games/dice_blackjack/strategy.py``: throw again on 2–6), round after round,
through ``new_hand``, ``to_act``, ``apply`` and ``carry_over`` (``play_one``: each round's money
checked: every pot emptied, what the seat lost is what the bank won, the result's net is the
money's; the tape's faces the same at the end; a failure fails the run). Target: TARGET rounds
per CPU second (issue 35, build 4); the ratio is printed, a miss is reported, not failed.

Then **the floor**, in the same run: the same round in a bare loop (the round's tape of faces
drawn as ``dice.new_tape`` draws it, two throws for the box and two for the dealer, the rule's
decision, the dealer's rule, the comparison and the 1:1 payout; no state, no rule checked, no
money or events), what no engine honouring the contract can beat in this interpreter, with the
engine's and the target's ratio to it; and the shared box machinery alone (a stake placed and
settled by ``tables.families.house.boxes``), the part of the round the engine books through
and cannot leave out.

    .venv/bin/python -m tables.games.dice_blackjack.bench
    (or benchmarks/run.py dice_blackjack_engine)
"""

from __future__ import annotations

import os
import random
import sys
import time
from pathlib import Path

if __name__ == "__main__":  # run on its own: the engines need no Django
    sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

import benchmarks as common

TARGET = 20_000
SEED = 20261206
CONFIG = {"min_bet": 100, "max_bet": 5_000}
SEATS = [1]
MAX_STEPS = 10


def run(context) -> bool:
    from tables.engines.base import Draws
    from tables.games.dice_blackjack.engine import ENGINE
    from tables.games.dice_blackjack.strategy import STRATEGIES

    strategy = STRATEGIES["best"]
    print(f"load average before: {common.load_average()} on {os.cpu_count()} core(s)")
    print("1 player, one box of the minimum, strategy best")
    rng = random.Random(SEED)
    draws = Draws(rng)
    carried = [None]  # the last hand's carry (a shoe spanning hands)

    def one_round() -> str:
        carried[0], problem = play_one(ENGINE, strategy, rng, draws, carried[0])
        draws.taken.clear()
        return problem

    ok, best = common.timed_rounds(context, one_round, TARGET, unit="round")
    floor = bare_rounds(context.seconds)
    print(
        f"the floor (the same round in a bare loop: the tape drawn, the rule's decision, the "
        f"dealer's rule, the comparison; no state, rules checked, money or events): "
        f"{floor:,.0f} rounds/s per core; the engine is {best / floor:.3f} of it, the target "
        f"{TARGET / floor:.3f}"
    )
    money = box_machinery_rounds(context.seconds)
    print(
        f"the shared box machinery alone (boxes.place and boxes.settle_hand of one box at 1:1, "
        f"what every house game books its stakes through): {money:,.0f} rounds/s per core, "
        f"{1e6 / money:.1f} µs of the target's {1e6 / TARGET:.1f} µs a round"
    )
    print(f"load average after: {common.load_average()}")
    return ok


def box_machinery_rounds(seconds: float) -> float:
    """Rounds per CPU second of a box's stake placed and settled by
    ``tables.families.house.boxes`` and nothing else (a pot, its escrow record, the ratio, the
    payments): part of the engine's round that no dice game can leave out while it books through
    the shared box functions."""
    from tables.families.house import bank as house
    from tables.families.house import boxes

    limits = house.check_house_config(dict(CONFIG))
    rounds = 0
    cpu_start, deadline = time.process_time(), time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        state: dict = {"boxes": {}, "pots": {}, "escrowed": {}}
        events: list = []
        boxes.place(state, events, limits, 1, 1, CONFIG["min_bet"])
        boxes.settle_hand(state, events, 1, 0, 1, reason="box")
        rounds += 1
    return rounds / max(time.process_time() - cpu_start, 1e-9)


def play_one(engine, strategy, rng: random.Random, draws, carry) -> tuple[dict, str]:
    """One round of seat 1 alone; returns (the carry for the next round, problem or "")."""
    state = engine.new_hand(CONFIG, SEATS, rng, carry)
    faces = state["tape"]["faces"]
    seat_net = bank_net = in_pots = 0
    for _step in range(MAX_STEPS):
        awaited = engine.to_act(state)
        if not awaited:
            break
        state, events = engine.apply(
            state, awaited[0], strategy(state, awaited[0], None, rng), draws
        )
        for event in events:
            if event["type"] == "payment":
                amount, source, target = event["amount"], event["source"], event["target"]
                seat_net += (target == "seat:1") * amount - (source == "seat:1") * amount
                bank_net += (target == "bank") * amount - (source == "bank") * amount
                in_pots += target.startswith("pot") * amount - source.startswith("pot") * amount
    else:
        return None, f"no end after {MAX_STEPS} decisions"
    draws.taken.clear()
    if in_pots or state["pots"] or seat_net != -bank_net:
        return None, f"money: {seat_net} to the seat, {bank_net} to the bank, {in_pots} left"
    if state["result"]["nets"].get("1", 0) != seat_net or state["tape"]["faces"] != faces:
        return None, "the result's net is not the money's, or the tape changed"
    return engine.carry_over(state), ""


def bare_rounds(seconds: float) -> float:
    """Rounds per CPU second of the least a one-box round is (``run``'s docstring)."""
    from tables.engines import dice
    from tables.games.dice_blackjack.engine import TARGET as TWELVE
    from tables.games.dice_blackjack.engine import dealer_throws_again, tape_throws
    from tables.games.dice_blackjack.strategy import best_rule

    rng = random.Random(SEED)
    again = best_rule()
    throws = tape_throws(1, 1)
    rounds = paid = 0
    cpu_start, deadline = time.process_time(), time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        faces = dice.new_tape(rng, throws)["faces"]
        player = faces[0] + faces[1]
        used = 2
        if player in again:
            player += faces[2] + faces[3]
            used = 4
        if player <= TWELVE:
            dealer = faces[used] + faces[used + 1]
            if dealer_throws_again(dealer):
                dealer += faces[used + 2] + faces[used + 3]
            if dealer > TWELVE or player > dealer:
                paid += 2
            elif player == dealer:
                paid += 1
        rounds += 1
    return rounds / max(time.process_time() - cpu_start, 1e-9)


if __name__ == "__main__":
    raise SystemExit(0 if run(common.BenchContext(database_url="", vendor="none")) else 1)
