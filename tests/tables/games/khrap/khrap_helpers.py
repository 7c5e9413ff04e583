"""A Khrap table scripted to the eve of a failed khrap (CG §119.2.1: a declarer with fewer than
two tricks pays twice the bank into a new bank, played next by K6), shared by the tests that
need a penalty bank: A declares khrap, B helps, and A has one trick when the last is led."""

from tables import services
from tables.games.khrap import engine as khrap
from tables.models import Table
from tests.conftest import fund, new_player
from tests.tables.games.khrap.test_khrap import DeckRng, khrap_deck


def khrap_failing_before_the_last_trick(monkeypatch, *, name: str, stake: int, funds: int):
    """A table with two funded, seated players, A and B, with B's queen of spades and A's nine
    of spades left: B's last card is the lead of the last trick, which B wins, so A's khrap
    fails with one trick. Returns (table, a, b)."""
    decks = [khrap_deck([["AH", "7S", "8S", "9S"], ["KH", "AS", "KS", "QS"]], ["9H"])]
    monkeypatch.setattr(
        khrap.ENGINE,
        "new_hand",
        lambda config, players, rng, carry=None: khrap.new_hand(
            config, players, DeckRng(decks.pop(0)) if decks else rng, carry
        ),
    )
    table = Table.objects.create(
        name=name, game="khrap", currency="BYN", settings={"stake": stake, "start_seconds": 0}
    )
    a, b = new_player(language="en"), new_player(language="en")
    for player in (a, b):
        fund(player, funds)
        services.table_sit(table_id=table.pk, player=player, connected=True)
    for player, action in (
        (a, {"type": "declare", "game": "khrap"}),
        (b, {"type": "help"}),
        (a, {"type": "exchange", "cards": []}),
        (b, {"type": "exchange", "cards": []}),
        (a, {"type": "play", "card": "AH"}),
        (b, {"type": "play", "card": "KH"}),
        (a, {"type": "play", "card": "7S"}),
        (b, {"type": "play", "card": "AS"}),
        (b, {"type": "play", "card": "KS"}),
        (a, {"type": "play", "card": "8S"}),
    ):
        services.table_act(table_id=table.pk, player=player, action=action)
    return table, a, b
