"""A house game's pure engine on its return harness's strategy: hands per second per core, one
process, no database; what ``blackjack_engine.py`` and ``pontoon_engine.py`` measure alike.

The table of the game's harness module (``tables/games/<game>/strategy.py``: its players, one
box of the minimum each, its first strategy) plays hand after hand through ``new_hand``,
``start_events``, ``to_act``, ``legal_actions``, ``apply`` and ``carry_over`` (``rtp.play_hand``).
The rate is hands per CPU second; a miss of the target is reported, not failed. Each hand's money
and cards are checked as the return harness checks them (a failure fails the run).
"""

from __future__ import annotations

import os
import random
import time

import benchmarks as common

SEED = 20261203


def run_game(context, game: str, target: int, seed: int = SEED) -> bool:
    from benchmarks import rtp
    from tables.engines.base import Draws
    from tables.engines.registry import engine_for

    module = rtp.game_module(game)
    engine = engine_for(module.GAME)
    print(f"load average before: {common.load_average()} on {os.cpu_count()} core(s)")
    rng = random.Random(seed)
    draws = Draws(rng)
    strategy = next(iter(module.STRATEGIES.values()))
    carried = [None]  # the last hand's carry (a shoe spanning hands)

    def play_one() -> str:
        _events, carried[0], problem = rtp.play_hand(
            engine, module, strategy, rng, draws, carried[0]
        )
        draws.taken.clear()
        return problem

    ok, best = common.timed_rounds(context, play_one, target, unit="hand")
    boxes = module.PLAYERS * getattr(module, "BOXES_A_PLAYER", 1)
    floor = bare_hands(context.seconds, boxes)
    print(
        f"the floor (a hand of {boxes} boxes' decisions in a bare loop: no state, rules checked, "
        f"money or events): {floor:,.0f} hands/s per core; the engine is {best / floor:.3f} of "
        f"it, the target {target / floor:.3f}"
    )
    print(f"load average after: {common.load_average()}")
    return ok


def bare_hands(seconds: float, boxes: int) -> float:
    """Hands per CPU second of the least a hand of ``boxes`` boxes is: cards dealt from a shuffled
    six-deck list, each box's best total, the computed best play's hit-or-stand lookup until it
    stands, the dealer's draws to 17; nothing checked, no state kept, no money or events. What
    no engine honouring the contract (a JSON state, every action validated, payments and events
    recorded) can beat in this interpreter."""
    from tables.families.twentyone import strategy as best
    from tables.families.twentyone.cards import dealer_stands, total

    rng = random.Random(SEED)
    pack = [rank + suit for rank in "23456789TJQKA" for suit in "SHDC"] * 6
    shoe: list[str] = []
    hands = 0
    cpu_start, deadline = time.process_time(), time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        if len(shoe) < 104:  # the cut card: a new shoe
            shoe = pack[:]
            rng.shuffle(shoe)
        seats = [[shoe.pop()] for _box in range(boxes)]
        up = shoe.pop()
        for cards in seats:
            cards.append(shoe.pop())
            while (
                total(cards)[0] < 21
                and best.best_move("blackjack", cards, up, ("hit", "stand")) == "hit"
            ):
                cards.append(shoe.pop())
        dealer = [up, shoe.pop()]
        while not dealer_stands(dealer):
            dealer.append(shoe.pop())
        hands += 1
    return hands / max(time.process_time() - cpu_start, 1e-9)
