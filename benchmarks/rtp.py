"""The return harness: a house game's return to player, measured through its engine alone.

    .venv/bin/python benchmarks/rtp.py GAME --hands N --seed S [--workers W] [--strategy NAME]

Plays N hands of GAME with ``new_hand``, ``start_events``, ``to_act``, ``legal_actions``,
``apply`` and ``carry_over`` only (no view, no database) on a seeded ``random.Random``; each
decision is the strategy's (``tables/games/<game>/strategy.py``, its first strategy unless
``--strategy`` names another). With ``--workers W`` the hands are split over W processes, each
on a seed derived from S, so a run is repeatable for the same S and W; ``--workers 0`` takes
one process per core of the machine.

It prints the hands, hands per CPU second per core (the workers' CPU time together, so a shared
machine's waits are not counted), the wall time, what was staked and returned, the return per
unit staked with its 95 % interval for each bet kind, and for each line of the game's pay table
how often it paid and what it contributed; beside them the exact values where the game's module
works them out from the rules. It prints no target return. A game module may also give
``derived(kinds)`` (more rows made of a hand's kinds, e.g. two stakes together, printed with
their intervals and left out of the totals), ``count(events, counts)`` with ``summary(counts,
totals)`` (counts beside the lines, in words) and ``boxes_in(events)`` (the boxes a hand played,
where a box stakes more than one "bet" payment).

It checks every hand (exit 1 on a failure): money is conserved (no pot goes below zero, every
pot is empty when the hand is over, and the house's change, its bank and accounts, is minus the
players'), and the cards are conserved (``all_cards`` is the same multiset at the hand's end as
at its start).
"""

from __future__ import annotations

import argparse
import importlib
import math
import multiprocessing
import os
import random
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

MAX_STEPS = 1_000  # a hand that needs more decisions than this is stuck
SHOWN_FAILURES = 5
Z95 = 1.959964  # the normal quantile of a two-sided 95 % interval


def game_module(game: str):
    """The game's strategy: its folder's ``strategy`` module (tables/games/<game>/strategy.py)."""
    name = f"tables.games.{game}.strategy"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as missing:
        if missing.name not in (name, f"tables.games.{game}"):
            raise
    raise SystemExit(f"no strategy for {game}: tables/games/{game}/strategy.py")


# --- one hand and its checks -------------------------------------------------------------------


def check_money(events: list[dict], carried: dict[str, int] | None = None) -> str:
    """What is wrong with the hand's payments, or "": no pot below zero at any payment, every
    pot empty at the end, and the house (its bank and accounts) changed by minus the players'
    change. Parties are read as base.Party does: seat:N, pot[:name], bank, house:purpose.
    ``carried``: the pots a game carries from hand to hand (craps' layout), kept up to date
    here; then the pots need not be empty, and the house changed by minus the players' and the
    pots' change."""
    pots: dict[str, int] = carried if carried is not None else {}
    before = sum(pots.values())
    players = house = 0
    for event in events:
        if event.get("type") != "payment":
            continue
        amount = event["amount"]
        if not isinstance(amount, int) or amount <= 0:
            return f"a payment of {amount!r}: {event}"
        for party, change in ((event["source"], -amount), (event["target"], amount)):
            if party.startswith("seat:"):
                players += change
            elif party.startswith("pot"):
                pots[party] = pots.get(party, 0) + change
                if pots[party] < 0:
                    return f"{party} pays out more than was paid in ({event['reason']!r})"
            elif party == "bank" or party.startswith("house:"):
                house += change
            else:
                return f"a payment to or from an unknown party {party!r}"
    left = {party: amount for party, amount in pots.items() if amount}
    if left and carried is None:
        return f"the hand ended with money in its pots: {left}"
    if house != -players - (sum(pots.values()) - before):
        return f"the house changed by {house}, the players by {players}"
    return ""


def config_of(module, strategy_name: str) -> dict:
    """The table's settings the strategy plays at: the module's ``config_for`` where it has one
    (a strategy of side bets needs a table offering them), else its ``CONFIG``."""
    if hasattr(module, "config_for"):
        return module.config_for(strategy_name)
    return module.CONFIG


def play_hand(engine, module, strategy, rng, draws, carry, config=None, legal=True, pots=None):
    """One hand; returns (its events, the carry for the next hand, problem or ""). With
    ``legal`` false the strategy is given None for the legal actions (a module whose strategies
    read only the state says so with ``LEGAL_ACTIONS = False``: the engine still validates every
    action it applies, and the return is the same at a fraction of the time)."""
    config = module.CONFIG if config is None else config
    state = engine.new_hand(config, list(range(1, module.PLAYERS + 1)), rng, carry)
    events = list(engine.start_events(state))
    cards = Counter(engine.all_cards(state))
    for _step in range(MAX_STEPS):
        waiting = engine.to_act(state)
        if not waiting:
            break
        seat = waiting[0] if len(waiting) == 1 else rng.choice(waiting)
        action = strategy(state, seat, engine.legal_actions(state, seat) if legal else None, rng)
        state, more = engine.apply(state, seat, action, draws)
        events += more
    else:
        return events, None, f"no end after {MAX_STEPS} decisions"
    problem = check_money(events, pots)
    if not problem and Counter(engine.all_cards(state)) != cards:
        problem = "the cards at the end of the hand are not the cards it started with"
    return events, engine.carry_over(state), problem


def new_totals(module) -> dict:
    return {
        "hands": 0,
        "seconds": 0.0,
        "failures": 0,
        "shown": [],
        # per kind: staked, returned, and the sums a ratio's interval needs, per hand
        "kinds": {k: {"s": 0, "r": 0, "ss": 0, "rr": 0, "rs": 0, "n": 0} for k in module.KINDS},
        # every kind together, per hand: the return of all that was staked, with its interval
        "all": {"s": 0, "r": 0, "ss": 0, "rr": 0, "rs": 0, "n": 0},
        "lines": {key: [0, 0] for key, *_rest in module.LINES},
        "boxes": 0,
        "derived": {},  # the module's derived rows (``derived``), sums as per kind
        "counts": {},  # the module's counts (``count``)
    }


def add_sample(sums: dict, staked: int, returned: int) -> None:
    """One hand's stake and return of a derived row, as the kinds' sums are kept."""
    if staked:
        sums["n"] += 1
        sums["s"] += staked
        sums["r"] += returned
        sums["ss"] += staked * staked
        sums["rr"] += returned * returned
        sums["rs"] += returned * staked


def play(game: str, strategy_name: str, hands: int, seed: str, until: int = 0) -> dict:
    """Play ``hands`` hands on one seed, or with ``until`` as many as it takes for every kind
    to have had that many decisions (the module's ``decisions``); the totals (mergeable across
    workers)."""
    from tables.engines.base import Draws
    from tables.engines.registry import engine_for

    module = game_module(game)
    engine = engine_for(module.GAME)
    strategy = module.STRATEGIES[strategy_name]
    config = config_of(module, strategy_name)
    rng = random.Random(seed)
    draws = Draws(rng)
    totals = new_totals(module)
    carry = None
    pots: dict[str, int] | None = {} if getattr(module, "CARRIES_MONEY", False) else None
    # CPU time, not the wall clock: the per-core rate must not count a shared machine's waits
    started = time.process_time()
    number = 0
    while number < hands or (until and min(module.decisions(totals["lines"]).values()) < until):
        number += 1
        events, carry, problem = play_hand(
            engine,
            module,
            strategy,
            rng,
            draws,
            carry,
            config,
            getattr(module, "LEGAL_ACTIONS", True),
            pots,
        )
        draws.taken.clear()  # the harness replays nothing: keep memory flat
        if problem:
            totals["failures"] += 1
            if len(totals["shown"]) < SHOWN_FAILURES:
                totals["shown"].append(f"hand {number} (seed {seed}): {problem}")
        kinds = {k: [0, 0] for k in module.KINDS}
        module.tally(events, kinds, totals["lines"])
        hand_staked = sum(staked for staked, _returned in kinds.values())
        hand_returned = sum(returned for _staked, returned in kinds.values())
        for kind, (staked, returned) in [*kinds.items(), ("all", (hand_staked, hand_returned))]:
            sums = totals["all"] if kind == "all" else totals["kinds"][kind]
            if staked:
                sums["n"] += 1
                sums["s"] += staked
                sums["r"] += returned
                sums["ss"] += staked * staked
                sums["rr"] += returned * returned
                sums["rs"] += returned * staked
        if hasattr(module, "derived"):
            for name, (staked, returned) in module.derived(kinds).items():
                sums = totals["derived"].setdefault(
                    name, dict.fromkeys(("s", "r", "ss", "rr", "rs", "n"), 0)
                )
                add_sample(sums, staked, returned)
        if hasattr(module, "count"):
            module.count(events, totals["counts"])
        if hasattr(module, "boxes_in"):
            totals["boxes"] += module.boxes_in(events)
            continue
        totals["boxes"] += sum(1 for e in events if e.get("reason") == "bet")
    totals["hands"] = number
    totals["seconds"] = time.process_time() - started
    return totals


def merge(parts: list[dict], module) -> dict:
    total = new_totals(module)
    for part in parts:
        for key in ("hands", "seconds", "failures", "boxes"):
            total[key] += part[key]
        total["shown"] += part["shown"]
        for kind, sums in part["kinds"].items():
            for key, value in sums.items():
                total["kinds"][kind][key] += value
        for key, value in part["all"].items():
            total["all"][key] += value
        for key, (times, returned) in part["lines"].items():
            total["lines"][key][0] += times
            total["lines"][key][1] += returned
        for name, sums in part["derived"].items():
            into = total["derived"].setdefault(name, dict.fromkeys(sums, 0))
            for key, value in sums.items():
                into[key] += value
        for name, value in part["counts"].items():
            total["counts"][name] = total["counts"].get(name, 0) + value
    return total


def ratio_interval(sums: dict) -> tuple[float, float]:
    """Returned per unit staked and the half-width of its 95 % interval. Hands are the samples
    (a hand's boxes share the dealer's card, so they are not independent of each other); the
    ratio estimator's variance by the delta method: sum((r - R s)^2) / (n (n - 1) mean(s)^2)."""
    n, staked, returned = sums["n"], sums["s"], sums["r"]
    if not staked:
        return math.nan, math.nan
    ratio = returned / staked
    if n < 2:
        return ratio, math.nan
    spread = sums["rr"] - 2 * ratio * sums["rs"] + ratio * ratio * sums["ss"]
    mean_staked = staked / n
    return ratio, Z95 * math.sqrt(max(spread, 0.0) / (n * (n - 1))) / mean_staked


# --- the run -------------------------------------------------------------------------------------


def _worker(job: tuple) -> dict:
    return play(*job)


def run(
    game: str, hands: int, seed: int, workers: int, strategy: str | None, until: int = 0
) -> dict:
    module = game_module(game)
    strategy = strategy or next(iter(module.STRATEGIES))
    if strategy not in module.STRATEGIES:
        known = ", ".join(module.STRATEGIES)
        raise SystemExit(f"no strategy {strategy!r} for {game}; known: {known}")
    started = time.perf_counter()
    if workers <= 1:
        parts = [play(game, strategy, hands, str(seed), until)]
    else:
        shares = [hands // workers + (1 if w < hands % workers else 0) for w in range(workers)]
        share_of_until = -(-until // workers)
        jobs = [
            (game, strategy, share, f"{seed}/{w}", share_of_until) for w, share in enumerate(shares)
        ]
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            parts = pool.map(_worker, jobs)
    wall = time.perf_counter() - started
    return {"strategy": strategy, "totals": merge(parts, module), "module": module, "wall": wall}


def report(game: str, seed: int, workers: int, outcome: dict) -> bool:
    module, totals, strategy = outcome["module"], outcome["totals"], outcome["strategy"]
    exact = module.exact(strategy) if hasattr(module, "exact") else None
    hands = totals["hands"]
    per_core = hands / totals["seconds"] if totals["seconds"] else math.nan
    staked = sum(s["s"] for s in totals["kinds"].values())
    returned = sum(s["r"] for s in totals["kinds"].values())
    print(
        f"{game}: strategy {strategy}, {module.PLAYERS} players, seed {seed}, {workers} worker(s)"
    )
    print(f"config: {config_of(module, strategy)}")
    print(
        f"hands: {hands:,}   hands per CPU second per core: {per_core:,.0f}   "
        f"wall: {outcome['wall']:,.1f} s   boxes: {totals['boxes']:,}"
    )
    print(f"staked: {staked:,}   returned: {returned:,}   (minor units)")
    print()
    header = f"{'kind':<6} {'staked':>16} {'returned':>16} {'return':>9} {'95 % interval':>21}"
    print(header + (f" {'exact (rules)':>14}" if exact else ""))
    inside, outside = 0, []
    for kind, sums in totals["kinds"].items():
        ratio, half = ratio_interval(sums)
        line = (
            f"{kind:<6} {sums['s']:>16,} {sums['r']:>16,} {ratio:>9.5f} "
            f"[{ratio - half:.5f}, {ratio + half:.5f}]"
        )
        if exact and kind in exact["return"] and sums["s"]:
            value = float(exact["return"][kind])
            line += f" {value:>14.5f}"
            if ratio - half <= value <= ratio + half:
                inside += 1
            else:
                outside.append(kind)
                line += "  OUTSIDE"
        print(line)
    if len(totals["kinds"]) > 1:  # every kind together, its interval over hands
        ratio, half = ratio_interval(totals["all"])
        print(
            f"{'all':<6} {totals['all']['s']:>16,} {totals['all']['r']:>16,} {ratio:>9.5f} "
            f"[{ratio - half:.5f}, {ratio + half:.5f}]"
        )
    for name, sums in totals["derived"].items():  # made of the kinds above, hand by hand
        ratio, half = ratio_interval(sums)
        print(
            f"{name:<6} {sums['s']:>16,} {sums['r']:>16,} {ratio:>9.5f} "
            f"[{ratio - half:.5f}, {ratio + half:.5f}]"
        )
    print()
    print(f"pay table ({module.RULES}):")
    header = f"{'line':<42} {'rule':<18} {'times':>10} {'how often':>10} {'contributed':>12}"
    print(header + (f" {'exact often':>12} {'exact contr.':>12}" if exact else ""))
    # how often a line comes: per box for a box's kinds, per bet for kinds whose lines count
    # every bet (``COUNTED_KINDS``: a side bet a player may skip), else per hand
    counted = getattr(module, "COUNTED_KINDS", ())
    bets = {
        kind: sum(totals["lines"][key][0] for key, of, *_rest in module.LINES if of == kind)
        for kind in counted
    }
    for key, kind, words, rule in module.LINES:
        times, paid = totals["lines"][key]
        per_box = kind in getattr(module, "PER_BOX_KINDS", ("bet",))
        out_of = bets[kind] if kind in counted else (totals["boxes"] if per_box else hands)
        often = times / out_of if out_of else math.nan
        staked_kind = totals["kinds"][kind]["s"]
        contributed = paid / staked_kind if staked_kind else math.nan
        line = f"{words:<42} {rule:<18} {times:>10,} {often:>10.6f} {contributed:>12.6f}"
        if exact:
            chance = exact["chance"].get(key, exact["per_hand"].get(key))
            share = exact["contribution"].get(key)
            line += f" {float(chance):>12.6f}" if chance is not None else f" {'':>12}"
            line += f" {float(share):>12.6f}" if share is not None else ""
        print(line)
    print("(how often: per box for box lines, per bet for side bets, else per hand; contributed:")
    print(" returned on")
    print(" the line per unit staked on its kind, stakes included)")
    for note in (exact or {}).get("notes", ()):  # exact figures with no row above
        print(note)
    print()
    if hasattr(module, "summary"):
        for line in module.summary(totals["counts"], totals):
            print(line)
        print()
    if totals["failures"]:
        print(f"FAILED: {totals['failures']:,} hand(s) broke a check; the first:")
        for shown in totals["shown"]:
            print(f"  {shown}")
        return False
    print("checks: money conserved and the cards conserved in every hand")
    if exact:  # issue 47: each exact return inside the simulation's 95 % interval
        print(
            f"exact returns inside their 95 % interval: {inside} of {inside + len(outside)}"
            + (f" (outside: {', '.join(outside)})" if outside else "")
        )
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument(
        "--hands",
        type=int,
        help="hands to play (default 100,000; for a game with DECISIONS, as many as it takes)",
    )
    parser.add_argument(
        "--decisions",
        type=int,
        help="play until every bet kind has this many decisions (a game with DECISIONS: its own)",
    )
    parser.add_argument("--seed", type=int, default=20261203)
    parser.add_argument(
        "--workers", type=int, default=1, help="processes (0: one per core of the machine)"
    )
    parser.add_argument("--strategy")
    args = parser.parse_args(argv)
    module = game_module(args.game)
    until = args.decisions
    if until is None and args.hands is None:
        until = getattr(module, "DECISIONS", 0)
    hands = args.hands if args.hands is not None else (0 if until else 100_000)
    if hands < 0 or args.workers < 0 or (until or 0) < 0 or not (hands or until):
        parser.error("--hands or --decisions is at least 1, --workers at least 0")
    workers = args.workers or os.cpu_count() or 1
    if until and not hasattr(module, "decisions"):
        parser.error(f"{args.game} counts no decisions per kind")
    outcome = run(args.game, hands, args.seed, workers, args.strategy, until or 0)
    return 0 if report(args.game, args.seed, workers, outcome) else 1


if __name__ == "__main__":
    sys.exit(main())
