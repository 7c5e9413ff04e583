"""Russian poker for the return harness (``benchmarks/rtp.py russian_poker``).

The engine is ``tables/games/russian_poker/engine.py`` (CG §26-§32, ../shared/rules/
russian-poker.md) on ``tables/families/stud/engine.py``; ``tables/families/stud/harness.py`` maps
the decisions below onto its actions and reads the hands. One player, one open box of the minimum a
hand (no dark box), at the engine's first example table (100 to 800: three svaras allowed, a fourth
tie pushes, section 5). Nobody else sits at the table, so nobody joins a svara (R8).

The strategies (``STRATEGIES``, the first the harness's default):

- ``basic``: bet with THRESHOLD (16) points or more, else fold; in a svara always double the
  ante, then bet or fold on the new cards by the same rule. The thresholds compared exactly
  (``exact_of``: every pair of three-card hands of the 33-card pack enumerated, the svaras
  worked out from them; three svaras allowed), as the player's net per first ante a hand (minus
  the house's edge per ante) and all stakes' return: bet from 11 points -0.27672 (0.85745); 15
  -0.23325 (0.86896; no hand scores 12 to 14); **16 -0.23274** (0.86768); 17 -0.23372
  (0.86531); 18 -0.24819; 19 -0.29710; 20 -0.37541; 22 -0.69091; never folding -0.41920
  (0.81317); always folding -1. Below 11 points a box cannot win (a dealer under 11 has no
  game: a push), and with 11 it can only tie. The house keeps about 23 % of an ante whatever
  the player does: a qualified dealer wins every box with fewer points, and qualifies with
  75.4 % of hands. More svaras cost the player: the same rule nets -0.21140 with one svara
  allowed, -0.23535 with four.
- ``always``: bet every hand, double every svara (never folding).

``exact``: the joint chance of the player's and the dealer's points is counted over every
ordered pair of disjoint three-card hands of the pack (C(33,3) x C(30,3) = 22,151,360 pairs),
the player's hand taken once per class of the 24 permutations of the suits (the points do not
see suits' names): about 1 s of CPU. A svara deals both again from a fresh pack, so every
round has the same chances and the svaras are a geometric series up to the table's limit.
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from fractions import Fraction
from itertools import combinations, permutations

from tables.engines.cards import pack_33
from tables.families.stud import harness as stud

# the harness's parts benchmarks/rtp.py reads from the game's module
from tables.families.stud.harness import count as count
from tables.families.stud.harness import summary as summary
from tables.games.russian_poker import engine as russian_poker
from tables.games.russian_poker.engine import (
    ASKED,
    BET_PAYS,
    DEALER_MINIMUM,
    points,
    svaras_allowed,
)

GAME = "russian_poker"
PLAYERS = stud.PLAYERS
LEGAL_ACTIONS = stud.LEGAL_ACTIONS
CONFIG = dict(russian_poker.RussianPoker.example_configs[0])  # 100 to 800
SVARAS = svaras_allowed(CONFIG)
RULES = "CG §26-§32, ../shared/rules/russian-poker.md"
ENGINE_RULES = russian_poker.RULES
KINDS = ("ante", "bet")  # a svara's doubling is paid to the ante's pot: an ante
PER_BOX_KINDS = stud.PER_BOX_KINDS
COUNTED_KINDS = ()
THRESHOLD = 16
PACK = pack_33()
PAYS = {score: int(ratio) for score, ratio in BET_PAYS.items()}  # whole ratios: 2, 3, 5, 10
WON = [(33, "10:1"), (32, "5:1"), (31, "3:1"), (30, "2:1")]


def _lines() -> tuple:
    """The §31 pay table's lines, once for the first deal and once for the hands a svara
    decided; with the no-game push, the folds and the section 5 limit."""
    found = []
    for prefix, words, rule in (("", "", "§31, R5"), ("svara ", "svara: ", "R7")):
        found += [
            (f"{prefix}won {s}", "bet", f"{words}won with {s} points, bet paid {r}", rule)
            for s, r in WON
        ]
        found += [
            (f"{prefix}won 29-", "bet", f"{words}won with 29 or fewer, bet paid 1:1", rule),
            (f"{prefix}lost", "bet", f"{words}lost: ante and bet lost", rule),
            (f"{prefix}folded", "bet", f"{words}folded: all on the box lost", "R3, R7.3"),
        ]
        if not prefix:
            found.append(("no game", "bet", "dealer without a game: all back", "§31, R6"))
    found.append(("svara limit", "bet", "svara past the maximum: all back", "section 5"))
    return tuple(found)


LINES = _lines()


def line_of(box: dict, result: dict) -> str:
    """A box's line: its outcome, a win by its points, after a svara or not."""
    outcome = box["outcome"]
    if outcome == "svara limit":
        return outcome
    if outcome.startswith("no game"):  # or "no game push", where the engine names it so
        outcome = "no game"  # (never after a svara: a svara without a game starts the next)
    if outcome == "won":
        outcome = f"won {box['hand']}" if box["hand"] >= min(PAYS) else "won 29-"
    return f"svara {outcome}" if result["svaras"] else outcome


# --- the strategies ----------------------------------------------------------------------------


def rule(threshold: int):
    """Bet with ``threshold`` points or more, else fold (the dealer shows nothing: ``up`` is
    None); the same after a svara's new cards."""

    def decide(cards, up, stage: int) -> tuple[str, list[str]]:
        return ("bet", []) if points(cards) >= threshold else ("fold", [])

    return decide


decide = rule(THRESHOLD)
THRESHOLDS = {"basic": THRESHOLD, "always": 0}
DECISIONS = {"basic": decide, "always": rule(THRESHOLDS["always"])}


def svara_answer(state: dict, seat: int) -> dict:
    """A svara (Russian poker, §31, R7, R8): the seat's box asked doubles its ante; a seat with
    no box asked is offered to join, and declines."""
    box = next(
        (int(n) for n, b in state["boxes"].items() if b["owner"] == seat and b["status"] == ASKED),
        None,
    )
    return {"type": "decline"} if box is None else {"type": "svara", "box": box}


STRATEGIES = {
    name: stud.strategy(d, dealer_up=False, phases={"svara": svara_answer})
    for name, d in DECISIONS.items()
}

tally = functools.partial(stud.tally, line_of=line_of)


def derived(kinds: dict) -> dict:
    """The row "/ante": one plus the hand's net per first ante (the table minimum; a svara's
    doublings are part of the net): one minus the house's edge per ante."""
    net = sum(returned - staked for staked, returned in kinds.values())
    return {"/ante": (CONFIG["min_bet"], CONFIG["min_bet"] + net)}


def boxes_in(events: list[dict]) -> int:
    """The boxes a hand played: those of its result (a svara's doubled ante is a payment to the
    box's pot too, so the antes are not counted)."""
    result = next((e["result"] for e in events if e.get("type") == "hand_over"), None)
    return len(result["boxes"]) if result else 0


# --- the bare hand: the floor of the engine's speed ------------------------------------------


def pack_of() -> list[str]:
    return list(PACK)


def bare_hand(deck: list[str], decide, packs=None, svaras: int = SVARAS) -> int:
    """One hand of one box with no state, rules checked, money or events: three cards to the
    box and three to the dealer from the shuffled deck, the strategy's decision, both scored by
    ``seka_score`` and compared; a tie with a qualified dealer (or no game in a svara) starts a
    svara from the next of ``packs`` (shuffled here when None), up to ``svaras`` of them.
    Returns the box's net in first antes."""
    cards, dealer, ante, bet = deck[:3], deck[3:6], 1, 0
    for svara in range(svaras + 1):
        if decide(cards, None, 0)[0] == "fold":
            return -ante - bet
        bet = ante
        mine, his = points(cards), points(dealer)
        if his >= DEALER_MINIMUM and mine != his:
            return ante + bet * PAYS.get(mine, 1) if mine > his else -ante - bet
        if his < DEALER_MINIMUM and not svara:
            return 0
        if svara == svaras:
            break
        ante *= 2
        if packs is None:
            pack = list(PACK)
            random.shuffle(pack)
        else:
            pack = packs[svara]
        cards, dealer = pack[:3], pack[3:6]
    return 0  # section 5: past the limit, all back


# --- exact ---------------------------------------------------------------------------------------


@functools.cache
def joint() -> dict[tuple[int, int], int]:
    """{(player's points, dealer's points): ordered pairs of disjoint hands} over the pack."""
    hands = list(combinations(PACK, 3))
    bit = {card: 1 << i for i, card in enumerate(PACK)}
    scored = [(bit[a] | bit[b] | bit[c], points((a, b, c))) for a, b, c in hands]
    suits = "SHDC"
    renames = [dict(zip(suits, p, strict=True)) for p in permutations(suits)]
    classes: Counter = Counter()
    for hand in hands:
        classes[
            min(
                tuple(sorted(c if len(c) != 2 or c[1] not in r else c[0] + r[c[1]] for c in hand))
                for r in renames
            )
        ] += 1
    found: Counter = Counter()
    for hand, weight in classes.items():
        mask = bit[hand[0]] | bit[hand[1]] | bit[hand[2]]
        mine = points(hand)
        for other, his in scored:
            if not mask & other:
                found[mine, his] += weight
    return dict(found)


def rounds(threshold: int) -> dict:
    """One round's chances (the first deal's, and every svara's: a fresh pack), playing
    ``threshold``: "folded", "no game", "lost", "tie", ("won", points)."""
    pairs = joint()
    total = sum(pairs.values())
    found: Counter = Counter()
    for (mine, his), n in pairs.items():
        if mine < threshold:
            key = "folded"
        elif his < DEALER_MINIMUM:
            key = "no game"
        elif mine == his:
            key = "tie"
        else:
            key = ("won", mine) if mine > his else "lost"
        found[key] += n
    found["dealer no game"] = sum(n for (_m, his), n in pairs.items() if his < DEALER_MINIMUM)
    return Counter({key: Fraction(n, total) for key, n in found.items()})  # a key absent: 0


def _won_key(mine: int) -> str:
    return f"won {mine}" if mine in PAYS else "won 29-"


@functools.cache
def exact_of(threshold: int, svaras: int) -> dict:
    """The exact figures of the rule, per hand, in first antes: each line's chance and what the
    ante and the bet return on it; the kinds' returns; the net."""
    q = rounds(threshold)
    chance: Counter = Counter(dict.fromkeys((key for key, *_rest in LINES), Fraction(0)))
    ante_back: Counter = Counter()
    bet_back: Counter = Counter()
    staked = {"ante": Fraction(1), "bet": 1 - q["folded"]}
    for key, p in q.items():
        if isinstance(key, tuple):
            line = _won_key(key[1])
            chance[line] += p
            ante_back[line] += 2 * p
            bet_back[line] += p * (1 + PAYS.get(key[1], 1))
        elif key in ("folded", "lost"):
            chance[key] += p
    chance["no game"] = q["no game"]
    ante_back["no game"] = bet_back["no game"] = chance["no game"]
    # svara k (1..svaras) is reached with the first tie, then a tie or no game each round
    again = q["tie"] + q["no game"]
    reach, stake, svara_chance = q["tie"], Fraction(1), Fraction(0)
    for _k in range(svaras):
        svara_chance += reach
        staked["ante"] += reach * stake  # the ante doubled
        staked["bet"] += reach * (1 - q["folded"]) * stake  # the bet brought up to it
        for key, p in q.items():
            if isinstance(key, tuple):
                line = "svara " + _won_key(key[1])
                chance[line] += reach * p
                ante_back[line] += reach * p * 4 * stake
                bet_back[line] += reach * p * 2 * stake * (1 + PAYS.get(key[1], 1))
            elif key in ("folded", "lost"):
                chance[f"svara {key}"] += reach * p
        reach, stake = reach * again, 2 * stake
    chance["svara limit"] = reach
    ante_back["svara limit"] = bet_back["svara limit"] = reach * stake
    returned = {"ante": sum(ante_back.values()), "bet": sum(bet_back.values())}
    all_staked = staked["ante"] + staked["bet"]
    all_returned = returned["ante"] + returned["bet"]
    return {
        "return": {
            "ante": returned["ante"] / staked["ante"],
            "bet": returned["bet"] / staked["bet"],
            "all": all_returned / all_staked,
        },
        "chance": dict(chance),
        "contribution": {line: bet_back[line] / staked["bet"] for line in chance},
        "net": all_returned - all_staked,
        "no game": q["dealer no game"],
        "svaras": svara_chance,
    }


def exact(strategy: str) -> dict:
    """The harness's exact values (``rtp.report``) for ``strategy``'s threshold, and in
    ``notes`` those the kinds' table has no row for."""
    threshold = THRESHOLDS[strategy]
    found = exact_of(threshold, SVARAS)
    return {
        "return": {kind: found["return"][kind] for kind in KINDS},
        "chance": found["chance"],
        "contribution": found["contribution"],
        "per_hand": {},
        "notes": [
            f"exact (enumerated), {threshold} points or more bet: all stakes "
            f"{float(found['return']['all']):.5f}, /ante {float(1 + found['net']):.5f}; the "
            f"dealer without a game at {float(found['no game']):.5f} of showdowns; a svara in "
            f"{float(found['svaras']):.5f} of hands (every svara counted)"
        ],
    }
