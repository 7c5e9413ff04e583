"""The players of a browser test, new for that test (issue 51): a worker's browser files share
one server (tests/browser/conftest.py), so a test that took the demo's Anna would find her
seated, or her wallet moved, by a test before it. ``cast`` makes players like the demo's (the
name a board shows, the language, the currency, the play money: casino/demo.py) under names no
other test uses, with the demo's password, so ``pages.player`` signs them in as it would the
demo's."""

import json

# run in the server's shell: the new players, made like the demo's, and their usernames printed
CAST = """
import json, uuid
from casino import ledger
from casino.demo import PLAY_MONEY, PLAYER_PASSWORD, PLAYERS
from casino.models import Player

like = {username: (name, language, currency) for username, name, language, currency in PLAYERS}
usernames = {}
for role in %(roles)r:
    name, language, currency = like[role]
    username = f"{role}-{uuid.uuid4().hex[:8]}"
    player = Player.objects.create_user(
        username=username, password=PLAYER_PASSWORD, display_name=name, language=language,
        preferred_currency=currency,
    )
    for code, amount in PLAY_MONEY.items():
        ledger.cashier_deposit(
            player=player, amount=amount, currency=code, idempotency_key=f"cast:{username}:{code}",
            memo="", play_money=True,
        )
    usernames[role] = username
print(json.dumps(usernames))
"""


def cast(server, *roles: str) -> dict[str, str]:
    """New players, one like each demo player named in ``roles`` ("anna", "boris"...), on
    ``server`` (a tests.server.DaphneServer); returns each role's username."""
    output = server.shell(CAST % {"roles": list(roles)})
    return json.loads(output.strip().splitlines()[-1])
