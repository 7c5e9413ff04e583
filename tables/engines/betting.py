"""What games in which players bet against each other share (pure Python, no Django): the
order of seats round the table from the dealer's button, a whole amount checked, and a bank
cut into a main pot and side pots by what each player put in (table stakes)."""

from __future__ import annotations

from tables.engines.base import IllegalAction, State, pot, seat


def clockwise_from_button(positions, button: int) -> list[int]:
    """The seats in the order they act, the first to the button's left (the next higher
    position, clockwise), the button last."""
    return sorted(positions, key=lambda p: (p <= button, p))


def whole_number(value) -> bool:
    """An int that is not a bool (JSON's true would pass as 1)."""
    return isinstance(value, int) and not isinstance(value, bool)


def check_bounds(config: dict, low: str, high: str, low_sentence: str, high_sentence: str):
    """Two amounts of a table's settings, a lower and a higher (an entry bet and the maximum, a
    small and a big bet): ``config[low]`` a whole number of minor units above 0, ``config[high]``
    one at least as large; else IllegalAction with ``low_sentence`` or ``high_sentence`` (which
    may name the lower amount by its key, ``%(<low>)s``)."""
    low_value, high_value = config.get(low), config.get(high)
    if not whole_number(low_value) or low_value <= 0:
        raise IllegalAction(low_sentence)
    if not whole_number(high_value) or high_value < low_value:
        raise IllegalAction(high_sentence, **{low: low_value})


def side_pots(paid: dict[int, int], live: list[int]) -> list[dict]:
    """The bank cut by table stakes: each level a player still in the hand has put in closes a
    pot that every player paid into up to that level, won only by the players still in who paid
    it all (``eligible``, in the order of ``live``). The first is the main pot, the others side
    pots; money above the highest level of a player still in (a folded player's) goes into the
    last. Pots of nothing are left out."""
    levels = sorted({paid.get(p, 0) for p in live if paid.get(p, 0) > 0})
    pots: list[dict] = []
    below = 0
    for index, level in enumerate(levels):
        last = index == len(levels) - 1
        amount = sum(
            (amount if last else min(amount, level)) - min(amount, below)
            for amount in paid.values()
            if amount > below
        )
        eligible = [p for p in live if paid.get(p, 0) >= level]
        if amount > 0:
            pots.append({"amount": amount, "eligible": eligible})
        below = level
    if not pots and any(paid.values()):  # nobody still in paid anything: theirs alike
        pots.append({"amount": sum(paid.values()), "eligible": list(live)})
    return pots


def unclaim(state: State, position: int, holder: str) -> None:
    """A player left mid-hand: what he paid into the bank is no longer owed to his seat (someone
    else may sit there), so a void returns it to ``holder`` (the house, for the cashier)."""
    payers = state["escrowed"].get(pot(), {})
    stake = payers.pop(seat(position), 0)
    if stake:
        payers[holder] = payers.get(holder, 0) + stake
