"""The casino's one rounding rule, in pure Python (game engines import it without Django).

Amounts derived from percentages, odds or shares are computed exactly in Decimal (in minor
units) and rounded once, toward zero, to a whole minor unit: a commission is therefore rounded
down in the player's favour, a payout rounded down as the rules ask (SB E34, CG D12, K8).
"""

from decimal import ROUND_DOWN, Decimal


def round_minor(exact: Decimal) -> int:
    return int(Decimal(exact).to_integral_value(rounding=ROUND_DOWN))


def percentage_of(amount: int, percent: Decimal | str | int) -> int:
    """`percent` % of `amount` minor units, rounded by `round_minor`."""
    return round_minor(Decimal(amount) * Decimal(str(percent)) / 100)


def split_amount(amount: int, weights: list[Decimal | int]) -> list[int]:
    """Split `amount` in proportion to `weights`; each share is rounded down by `round_minor`
    and the remainder (fewer minor units than there are shares) goes to the first share, so the
    parts always add up to `amount` exactly (dead heat, split pots, prize funds)."""
    total = sum(Decimal(w) for w in weights)
    if total <= 0:
        raise ValueError("weights must add up to more than zero")
    shares = [round_minor(Decimal(amount) * Decimal(w) / total) for w in weights]
    shares[0] += amount - sum(shares)
    return shares
