import pytest

from tests.conftest import fund, new_player
from tests.sportsbook.line import set_rates


@pytest.fixture
def bettor(db):
    """A player with 1,000.00 BYN, and the exchange rates the minimum stakes need (SB §5.1)."""
    set_rates()
    player = new_player()
    fund(player, 100_000, "BYN")
    return player
