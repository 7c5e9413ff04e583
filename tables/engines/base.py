"""The engine contract every game follows (DESIGN.md "Game engines").

An engine is a module (or object) with:
- ``GAME``: its registry name; ``SEATS``: (min, max) players;
- ``new_hand(config, players, rng, carry=None) -> state``: a JSON-serialisable dict; ``carry`` is
  what ``carry_over(previous_state)`` kept from the hand before (a match score, a shoe);
- ``legal_actions(state, seat) -> list[dict]`` and ``apply(state, seat, action) ->
  (state, events)``, sharing one validator so they never disagree; an illegal action raises
  ``IllegalAction`` with a message a player can read;
- ``view(state, seat | None) -> dict``: exactly what that seat (None: a spectator) may see;
- ``to_act(state) -> list[int]``: the seats whose decision is awaited (their clocks run);
- ``timeout_action(state, seat) -> dict``: what is applied when that seat's clock runs out;
- money effects travel inside the events ``apply`` returns, as ``Payment`` records (``type``
  "payment": source, target, amount, reason), which the actor books in the same transaction;
- ``is_hand_over(state)``, ``carry_over(state)``, ``deck_record(state)`` (the order the shuffle
  commitment covers) and ``hand_result(state)``.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from types import ModuleType
from typing import Any

State = dict[str, Any]
Event = dict[str, Any]


def gettext_noop(message: str) -> str:
    """Marks an engine message for translation (makemessages finds it); the service translates
    it into the player's language when it reaches them. Engines import no Django."""
    return message


class IllegalAction(Exception):
    """An action the rules do not allow now; str() is a sentence for the player.

    ``template`` is the untranslated message with %(name)s placeholders, ``params`` fill them,
    so the service can show it in the player's language.
    """

    def __init__(self, template: str, **params):
        self.template = template
        self.params = params
        super().__init__(template % params if params else template)


@dataclass(frozen=True)
class Payment:
    """Money the service books in the ledger in the same transaction as the state.

    Parties: ``"seat:<n>"`` (that seat's player), ``"pot"`` (the hand's escrow) and
    ``"house:<purpose>"`` (a house account: commission, table bank, prize pool).
    """

    source: str
    target: str
    amount: int
    reason: str = ""

    def as_event(self) -> Event:
        return {"type": "payment", **asdict(self)}


_ENGINES: dict[str, ModuleType] = {}


def register(engine: ModuleType) -> ModuleType:
    _ENGINES[engine.GAME] = engine
    return engine


def engine_for(game: str) -> ModuleType:
    try:
        return _ENGINES[game]
    except KeyError:
        raise LookupError(f"no engine registered for {game!r}") from None


def registered_games() -> list[str]:
    return sorted(_ENGINES)
