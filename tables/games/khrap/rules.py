"""Khrap's rules in numbers and orders (CG §114-§121, rulings K1-K15): the table's terms, the games
and their words, the card order and what beats what (K1, K2), the seats' order round the table
(§118), the bank's split (§121, K7, K8), a hand's strength among all four-card hands (for the
folded hands' record), and the money moves every stage books."""

from __future__ import annotations

import functools
import itertools
import math
from collections import Counter

from tables.engines import base
from tables.engines.base import Event, IllegalAction, Payment, State, gettext_noop, house, pot
from tables.engines.cards import RANKS_36, SUITS, pack_36, rank, suit

GAME = "khrap"
SEATS = (2, 6)
HAND_SIZE = 4  # §118
TRICKS = 4
TRUMP_TURNS = 3  # §119.1: up to three turned-up cards name trumps
RAKE_PERCENT = 2  # §121
TRICKS_TO_DECLARE = 2  # §119.2.1: the declarer undertakes two tricks, a joiner one
DECLARER_PENALTY = 2  # × the bank played (§119.2.1)
JOINER_PENALTY = 1
KHRAP, VERTOLYOT, STRELYAYU, ZAVORACHIVAYU = "khrap", "vertolyot", "strelyayu", "zavorachivayu"
GAMES = (KHRAP, VERTOLYOT, STRELYAYU, ZAVORACHIVAYU)
HELP, FIVE, PASS = "help", "five", "pass"
STRELYAYU_OUT, STRELYAYU_IN = 3, 4  # §119.2.3
FIVE_DRAWN = 5  # §119.2.1
# the lobby's and the pit boss's words for the games and for where a deal is
GAME_LABELS = {
    KHRAP: gettext_noop("Khrap"),
    VERTOLYOT: gettext_noop("Vertolyot"),
    STRELYAYU: gettext_noop("Strelyayu"),
    ZAVORACHIVAYU: gettext_noop("Zavorachivayu"),
}
STAGES = {
    "announce": gettext_noop("announcing"),
    "answer": gettext_noop("answering"),
    "exchange": gettext_noop("exchanging"),
    "play": gettext_noop("playing tricks"),
    "over": gettext_noop("between deals"),
}
# Where money goes that belongs to a player who has left (his trick money, a pledge he kept, his
# share of a voided bank): his seat may be someone else's by then; the house holds it for him.
UNCLAIMED = house("unclaimed")
COMMISSION = house("commission")
BANK = pot()


def card_value(card: str) -> int:
    """K1: six lowest, ace highest, in every suit."""
    return RANKS_36.index(rank(card))


def beats(card: str, best: str, trump: str) -> bool:
    """K1: a trump beats any non-trump; otherwise only a higher card of the same suit."""
    if suit(card) == suit(best):
        return card_value(card) > card_value(best)
    return suit(card) == trump


def low_first(trump: str | None):
    """Lowest first: non-trumps before trumps, then by rank (K15's "lowest legal card")."""
    return lambda card: (suit(card) == trump, card_value(card), suit(card))


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_config(config: dict) -> dict:
    """The stake every player puts into a fresh bank (§117, §2: set by the casino)."""
    if not isinstance(config, dict):
        raise IllegalAction(gettext_noop("The settings are a JSON object."))
    stake = config.get("stake")
    if not _whole(stake) or stake <= 0:
        raise IllegalAction(gettext_noop("The stake is a whole number of minor units above 0."))
    return dict(config)


def bank_split(bank: int) -> tuple[int, int, int]:
    """§121, K7, K8: (the casino's 2 %, a trick's quarter of the rest, the remainder carried),
    each rounded down to the minor unit; rake + 4 × trick + remainder = bank."""
    rake = bank * RAKE_PERCENT // 100
    trick = bank * (100 - RAKE_PERCENT) // (100 * TRICKS)
    return rake, trick, bank - rake - TRICKS * trick


def clockwise(players: list[int], first: int) -> list[int]:
    """The players in clockwise order (ascending seats, round the table) from ``first``."""
    index = players.index(first)
    return players[index:] + players[:index]


def after(players: list[int], position: int) -> list[int]:
    """Clockwise from the player after ``position`` (which need not be dealt in)."""
    later = [p for p in players if p > position]
    return clockwise(players, later[0] if later else players[0])


def strength(cards: list[str], trump: str) -> tuple:
    """How strong a dealt hand is with ``trump``: its trumps (how many, then how high), then
    its side aces; tuples compare as strength does."""
    trumps = sorted((card_value(c) for c in cards if suit(c) == trump), reverse=True)
    side_aces = sum(1 for c in cards if suit(c) != trump and rank(c) == RANKS_36[-1])
    return (len(trumps), tuple(trumps), side_aces)


@functools.cache
def _strengths() -> tuple[list[tuple], dict[tuple, int]]:
    """Every four-card hand's strength (the same for every trump suit: trumps are trumps),
    sorted, and how many hands have each."""
    values = range(len(RANKS_36))
    side_aces = len(SUITS) - 1
    plain = len(pack_36()) - len(values) - side_aces  # the side suits' cards but their aces
    counts: Counter = Counter()
    for held in range(HAND_SIZE + 1):
        for trumps in itertools.combinations(values, held):
            for aces in range(HAND_SIZE - held + 1):
                ways = math.comb(side_aces, aces) * math.comb(plain, HAND_SIZE - held - aces)
                if ways:
                    counts[(held, tuple(sorted(trumps, reverse=True)), aces)] += ways
    return sorted(counts), dict(counts)


def _weaker_percent(cards: list[str], trump: str) -> int:
    ordered, counts = _strengths()
    mine, total = strength(cards, trump), sum(counts.values())
    return sum(counts[s] for s in ordered if s < mine) * 100 // total


def _pay(state: State, events: list[Event], source: str, target: str, amount: int, reason: str):
    """A payment, and the pot's balance and whose money the bank is kept with it."""
    if amount <= 0:
        return
    events.append(Payment(source, target, amount, reason).as_event())
    if target == BANK:
        state["pot"] += amount
        if reason == "stake":
            state["bank"] += amount
            state["shares"][source] = state["shares"].get(source, 0) + amount
    if source == BANK:
        state["pot"] -= amount


def _payee(state: State, position: int) -> str:
    return UNCLAIMED if position in state["gone"] else base.seat(position)
