"""Finished hands recorded for the hand-history pages: a scripted hand played through the
engine alone (as the engine tests do) and stored as the table actor stores it (the hand with its
initial state, shuffle commitment and result, one logged event per action with its draws), so
the pages read it back exactly as they read a hand played at a table; and how the tests read
those pages (a section's words, its cards, the net of the hand)."""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass, field

from django.test import Client
from django.urls import reverse
from django.utils import timezone

from casino.roles import PIT_BOSS
from tables.engines import shuffle
from tables.engines.base import Draws
from tables.engines.cards import pack_52
from tables.engines.registry import engine_for
from tables.models import Hand, Table, TableEvent
from tests.conftest import new_player, new_staff

NAMES = ["Anna", "Boris", "Vera", "Gleb", "Dina", "Egor"]


@dataclass
class Recorded:
    table: Table
    hand: Hand
    players: dict[int, object]
    state: dict
    events: list[dict] = field(default_factory=list)


def record_hand(
    game: str,
    settings: dict,
    seats: list[int],
    rng: random.Random,
    actions: list[tuple[int, dict]] | None = None,
    *,
    carry: dict | None = None,
    play=None,
    currency: str = "BYN",
    players: dict | None = None,
    table: Table | None = None,
) -> Recorded:
    """Deal a hand of ``game`` to ``seats`` from ``rng``, apply ``actions`` ((seat, action)
    pairs, or ``play(state) -> (seat, action) | None`` until it answers None) and store it, at
    ``table`` (a new one unless given) with ``players`` by seat (new ones named Anna, Boris, ...
    unless given)."""
    engine = engine_for(game)
    if table is None:
        table = Table.objects.create(
            name=f"History {game}", game=game, currency=currency, settings=settings
        )
    if players is None:
        players = {p: new_player(display_name=NAMES[p]) for p in seats}
    number = table.hands.count() + 1
    config = {**engine.check_config(dict(settings)), "hand_number": 1, "match_number": 1}
    state = engine.new_hand(config, list(seats), rng, carry)
    covered = engine.commitment(state)
    secret = shuffle.new_secret()
    hand = Hand.objects.create(
        table=table,
        number=number,
        match_number=number,
        players={str(p): player.pk for p, player in players.items()},
        initial_state=state,
        commitment=shuffle.commitment(covered.record, secret),
        secret=secret,
        deck_record=covered.record,
        shuffle_scope=covered.scope,
    )
    version = (table.events.order_by("-version").values_list("version", flat=True).first() or 0) + 1
    start = list(engine.start_events(state))
    TableEvent.objects.create(
        table=table, hand=hand, version=version, cause="system", step="deal", events=start
    )
    recorded = Recorded(table, hand, players, state, list(start))
    pending = list(actions or [])

    def next_action():
        if play is not None:
            return play(recorded.state)
        return pending.pop(0) if pending else None

    while (move := next_action()) is not None:
        position, action = move
        draws = Draws(random.Random(version))
        recorded.state, events = engine.apply(recorded.state, position, action, draws)
        version += 1
        TableEvent.objects.create(
            table=table,
            hand=hand,
            version=version,
            cause="player",
            step="engine",
            seat=position,
            player=players[position],
            action=action,
            events=events,
            draws=draws.taken,
        )
        recorded.events += events
    assert engine.is_hand_over(recorded.state), "the scripted hand did not finish"
    hand.ended_at = timezone.now()
    if engine.commitment_finished(recorded.state):
        hand.revealed_at = hand.ended_at
    hand.result = engine.hand_result(recorded.state)
    hand.save()
    return recorded


CARD = re.compile(r'data-card="([^"]+)"')


def page_of(recorded, viewer, language="ru", name="hand_detail") -> str:
    client = Client()
    client.force_login(viewer)
    args = (
        [recorded.table.pk, recorded.hand.number] if name == "hand_detail" else [recorded.table.pk]
    )
    response = client.get(reverse(name, args=args), HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    return response.content.decode()


def section(page: str, element_id: str) -> str:
    start = page.index(f'id="{element_id}"')
    return page[start : page.index("</section>", start)]


def text_of(html: str) -> str:
    """What a reader sees: the tags (and their attributes) dropped, the cards as [code]."""
    html = re.sub(r"<svg[^>]*data-card=\"([^\"]+)\".*?</svg>", r"[\1]", html, flags=re.S)
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    html = re.sub(r"<[^>]+>", " ", html)
    return re.sub(r"\s+([,.])", r"\1", re.sub(r"\s+", " ", html)).replace("\xa0", " ")


def cards_on(html: str) -> set[str]:
    return set(CARD.findall(html))


def blackjack_shoe(first: list[str], decks: int = 6) -> list[str]:
    """A shoe of ``decks`` packs dealt from ``first`` on, the rest after it in order."""
    rest = Counter(pack_52() * decks) - Counter(first)
    return list(first) + sorted(rest.elements())


def hand_story_net(recorded):
    """The net of a recorded hand as staff see it: each party's row (``party``, ``amount``)."""
    from tables.selectors import hand_story

    return hand_story(recorded.hand, new_staff(PIT_BOSS))["net"]


def stud_deck(top: str) -> list[str]:
    """A pack of 52 whose first cards are ``top`` (codes, spaced), the rest after it in order."""
    cards = top.split()
    return [*cards, *(c for c in pack_52() if c not in cards)]


def payment_reasons(recorded, language: str) -> str:
    """The words of a hand's steps (its payments' reasons among them), as its first player reads
    them."""
    steps = section(page_of(recorded, recorded.players[0], language), "steps")
    return text_of(steps)
