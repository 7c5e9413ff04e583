"""Every game the tables can run. A new game is one engine module imported here."""

from tables.engines import (  # noqa: F401 - each registers itself
    baccarat_bank,
    belarusian_poker,
    big_stud,
    blackjack,
    blackjack_switch,
    caribbean_stud,
    craps,
    dice_blackjack,
    durak,
    golden_oasis,
    highcard,
    khrap,
    let_it_ride,
    oasis_stud,
    pontoon,
    russian_poker,
)
from tables.engines.base import engine_for, registered_games

__all__ = ["engine_for", "registered_games"]
