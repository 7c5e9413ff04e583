"""Prices that move under a person's click: whether a move is taken without asking. Pure (no
Django). The sportsbook's odds (SB §1.7, E15) and the spread bets' quotes (BK §29–§31, A11 as
ruled in docs/rules-decisions.md) decide with this one function, each with the player's own
setting.

A move is measured in the player's favour: positive when the price met is better for him than
the price he saw (higher odds; a lower ask to buy at, a higher bid to sell at), negative when it
is worse, in the product's units (spread: whole points; odds: the difference itself)."""

from __future__ import annotations

from decimal import Decimal

ASK = "ask"  # confirm every change
HIGHER = "higher"  # accept a change in my favour
SMALL = "small"  # accept a change of at most N points against me, or any in my favour
ANY = "any"  # accept any change

POLICIES = (ASK, HIGHER, SMALL, ANY)


def move_accepted(policy: str, favour: int | Decimal, tolerance: int | Decimal = 0) -> bool:
    """Is an order taken at the price it meets, `favour` away from the price seen? No move is
    always taken; `tolerance` is the N of SMALL (in the units of `favour`). An unknown policy is
    read as ASK: the safe side."""
    if favour == 0 or policy == ANY:
        return True
    if favour > 0:
        return policy in (HIGHER, SMALL)
    return policy == SMALL and -favour <= tolerance
