"""Reads: what one socket may see of a table, the summary the lobby and the pit boss show, the
lobby's and the pit boss's lists, a table's finished hands and a hand's replay. Nothing here
writes or imports the actor."""

from __future__ import annotations

import datetime as dt
import time

from django.db.models import Count
from django.utils import timezone

from casino.ledger import wallet_balances
from casino.models import Account, AccountKind
from tables.engines import dice
from tables.engines.base import Draws
from tables.engines.registry import engine_for
from tables.history import Teller
from tables.models import MISSED_WINDOWS, Hand, Seat, SeatStatus, Table, TableEvent, TableStatus
from tables.presence import seat_items
from tables.presentation import presentation_for
from tables.rows import seats_of, shown_name
from tables.starts import START_SETTING, start_view

PIT_PERMISSION = "casino.view_pit"  # the pit boss's floor: the page, its socket, its acts
# the settings of a table that are the actor's, not the game's
CLOCK_SETTINGS = ("action_seconds", "grace_seconds", "absence_seconds", START_SETTING)


def clock_view(state: dict | None, status: str) -> dict:
    """The clocks a view shows: each awaited seat's own deadline and the earliest."""
    entries = ((state or {}).get("clock") or {}).get("seats") or {}
    if status != TableStatus.PLAYING and status != TableStatus.PAUSED:
        entries = {}
    deadlines = {position: entry["deadline"] for position, entry in entries.items()}
    return {
        "seats": sorted(int(p) for p in deadlines),
        "deadline": min(deadlines.values()) if deadlines else None,
        "deadlines": deadlines,
    }


def table_view(
    table: Table,
    seats: dict[int, Seat],
    position: int | None,
    balances: dict[int, int] | None = None,
) -> dict:
    """What one socket may see: the table's public facts and the engine's view for `position`
    (None: a spectator). Only primitives: it travels through the channel layer. ``balances``:
    the seats' wallet balances read already (``seat_balances``), else the seat's is read."""
    return table_views(table, seats, [position], balances)[position]


def table_views(
    table: Table,
    seats: dict[int, Seat],
    positions: list[int | None],
    balances: dict[int, int] | None = None,
) -> dict[int | None, dict]:
    """``table_view`` for each of `positions` at once, for a change told to every seat: the
    table's facts built once and the engine's views together (``GameEngine.views``); the views
    share those objects, which nobody changes (they are written out as JSON)."""
    state = table.state
    engine = engine_for(table.game)
    facts = {
        "id": table.pk,
        "name": table.name,
        "game": table.game,
        "status": table.status,
        "version": table.version,
        "currency": table.currency,
        "settings": public_settings(table),
        "hand_number": table.hand_number,
        "match_number": table.match_number,
        "capacity": engine.seats[1],
        # the staff's last act and its reason, announced to everyone at the table
        "notice": table.staff_notice,
        "clock": clock_view(state, table.status),
        "commitment": (state or {}).get("commitment"),
        "dice_commitment": dice.commits_dice(engine),
        "last_game": (state or {}).get("last_game"),
        # the filling window, who is dealt in, a left table's settlement (tables.starts)
        "start": start_view(table),
        "seats": [
            {
                "position": seat.position,
                "player_id": seat.player_id,
                "name": shown_name(seat),
                "status": seat.status,
                "away": seat.away_since is not None,
                "ready": seat.ready,
                # left with bets working: the seat is held until they are settled
                "leaving": seat.leaving_since is not None,
                # sat out for letting betting windows pass (actor.count_missed_windows)
                "idle": seat.status == SeatStatus.SITTING_OUT
                and seat.missed_windows >= MISSED_WINDOWS,
            }
            for seat in sorted(seats.values(), key=lambda s: s.position)
        ],
    }
    games = engine.views(state, positions) if state else dict.fromkeys(positions)
    return {
        position: {
            "table": facts,
            "game": games[position],
            "seat": position,
            # the seat's own decision (its turn key), which its forms send back
            # (services.table_act)
            "turn": _turn_key(state, position, table.status),
            "balance": (
                balances.get(position)
                if balances is not None and position is not None
                else _balance(table, seats, position)
            ),
        }
        for position in positions
    }


def seat_balances(table: Table, seats: dict[int, Seat]) -> dict[int, int] | None:
    """Every seat's player's wallet balance in the table's currency in one read, for a change
    sent to every seat (a read per seat's view was a sixth of a six-seat bet's server time,
    issue 30); None where the game's board shows no balance."""
    if not seats or not presentation_for(table.game).balance_in_view:
        return None
    by_player = wallet_balances({seat.player_id for seat in seats.values()}, table.currency)
    return {position: by_player[seat.player_id] for position, seat in seats.items()}


def _balance(table: Table, seats: dict[int, Seat], position: int | None) -> int | None:
    """The seat's player's wallet balance in the table's currency, for a game whose board
    offers only what the player can afford (``Presentation.balance_in_view``); else None."""
    seat = seats.get(position) if position is not None else None
    if seat is None or not presentation_for(table.game).balance_in_view:
        return None
    balance = (
        Account.objects.filter(
            kind=AccountKind.WALLET, owner_id=seat.player_id, currency=table.currency
        )
        .values_list("balance", flat=True)
        .first()
    )
    return balance or 0


def _turn_key(state: dict | None, position: int | None, status: str) -> str | None:
    if position is None or status != TableStatus.PLAYING:
        return None
    clock = (((state or {}).get("clock") or {}).get("seats") or {}).get(str(position))
    return clock["key"] if clock else None


def public_settings(table: Table) -> dict:
    """The table's config as players see it: the game's terms (the clocks are shown as clocks)."""
    return {k: v for k, v in table.settings.items() if k not in CLOCK_SETTINGS}


def in_play(table: Table) -> bool:
    """A hand or match under way by the engine's session rules: playing or paused, or open
    between hands while the engine still holds money in play (a bank carried to the next deal
    waiting for players: staff may void it, leaving is the engine's to judge)."""
    return table.status in (
        TableStatus.PLAYING,
        TableStatus.PAUSED,
        TableStatus.OPEN,
    ) and engine_for(table.game).in_play(table.state)


def table_summary(table: Table, seats: dict[int, Seat]) -> dict:
    """The lobby's and the pit boss's row: the table's facts and the engine's summary (the
    money in play, its stage, the game's own short facts)."""
    engine = engine_for(table.game)
    playing = in_play(table)
    facts = engine.summary(table.state if playing else None, public_settings(table))
    now = time.time()
    return {
        "id": table.pk,
        "name": table.name,
        "game": table.game,
        "display_name": engine.display_name,
        "status": table.status,
        "currency": table.currency,
        "players": [shown_name(seats[p]) for p in sorted(seats)],
        # who is away (no socket, or sitting out): the pit boss watches it, and a departure
        # reaches the lobby and the pit as a new summary
        "away": [p for p in sorted(seats) if seats[p].away_since is not None],
        "seats": [
            {
                "position": p,
                "name": shown_name(seats[p]),
                "away": seats[p].away_since is not None,
                "away_since": seats[p].away_since.timestamp() if seats[p].away_since else None,
            }
            for p in sorted(seats)
        ],
        "pot": facts.get("pot", 0) if playing else 0,
        "stage": facts.get("stage", "") if playing else "",
        "facts": [_named(fact, seats) for fact in facts.get("facts", [])],
        "capacity": engine.seats[1],
        "version": table.version,
        "hand_number": table.hand_number,
        "as_of": now,
        "floor": floor_facts(table, seats, playing),
    }


def floor_facts(table: Table, seats: dict[int, Seat], playing: bool) -> dict:
    """What the pit boss's tile shows beside the lobby's row, changing with every action (so
    not in what the lobby compares): each seat's money in the pots and whether staff asked for
    it to go, the running clocks, the last change, the staff's last announcement and the
    round's exposure (``exposure``)."""
    state = table.state or {}
    stakes = state.get("seat_stakes") or {} if playing else {}
    return {
        "stakes": {str(p): stakes.get(str(p), 0) for p in sorted(seats)},
        "removing": [p for p in sorted(seats) if seats[p].removal_requested_by_id is not None],
        # a seat away past the absence limit is freed, a leave asked for waits for the clock
        # (issue 46): when, by seat
        **seat_deadlines(table, seats),
        "clock": clock_view(state, table.status)["deadlines"],
        "changed_at": table.changed_at.timestamp() if table.changed_at else None,
        "notice": table.staff_notice,
        # money carried between hands, and a left table's settlement (tables.starts)
        "start": start_view(table),
        "limits": {
            "currency": table.currency,
            "sit_minimum": engine_for(table.game).sit_minimum(public_settings(table)),
        },
        "exposure": exposure(table, playing),
    }


def seat_deadlines(table: Table, seats: dict[int, Seat]) -> dict:
    """When each seat whose player is gone is freed ("vacating", by seat: epoch seconds) and
    which seats have a leave waiting for the table's clock ("leave_asked"): the actor's own
    items (``tables.presence.seat_items``)."""
    items = seat_items(table, seats, engine_for(table.game))
    return {
        "vacating": {str(p): when for when, what, p in items if what == "vacate"},
        "leave_asked": [p for _when, what, p in items if what == "leave"],
    }


def exposure(table: Table, playing: bool) -> int | None:
    """The most the house can still pay on the hand in play (``Engine.exposure``, minor
    units), or None: no hand in play, or the house is no counter-party in the game."""
    engine = engine_for(table.game)
    if not playing or not table.state or engine.is_hand_over(table.state):
        return None
    return engine.exposure(table.state)


def _named(fact: list, seats: dict[int, Seat]) -> list:
    """A fact naming a seat (``{"seat": n}``, e.g. who holds the bank) shows its player."""
    label, value = fact
    if isinstance(value, dict) and "seat" in value:
        seat = seats.get(value["seat"])
        return [label, shown_name(seat) if seat is not None else "—"]
    return fact


def summary_shown(summary: dict) -> dict:
    """The summary without what changes with every action: what a lobby row or the pit shows."""
    return {k: v for k, v in summary.items() if k not in ("version", "as_of", "floor")}


def table_summary_of(table_id: int) -> dict | None:
    table = Table.objects.filter(pk=table_id).first()
    return None if table is None else table_summary(table, seats_of(table))


def lobby_tables() -> list[dict]:
    return _summaries(Table.objects.exclude(status=TableStatus.CLOSED))


def pit_tables(table_id: int | None = None) -> list[dict]:
    """Every table (or the one of `table_id`), closed ones too, for the pit boss."""
    tables = Table.objects.order_by("pk")
    return _summaries(tables if table_id is None else tables.filter(pk=table_id))


def pit_rows(table_id: int | None = None) -> list[dict]:
    """The pit boss's rows: each table's summary and its games in the last hour."""
    summaries = pit_tables(table_id)
    pace = games_last_hour([t["id"] for t in summaries])
    return [{**t, "games_last_hour": pace.get(t["id"], 0)} for t in summaries]


def games_last_hour(table_ids) -> dict[int, int]:
    """Games (hands) ended in the last hour, by table: the pit boss's pace of play."""
    since = timezone.now() - dt.timedelta(hours=1)
    hands = Hand.objects.shown().filter(table_id__in=table_ids, ended_at__gte=since)
    return dict(hands.values("table_id").annotate(n=Count("pk")).values_list("table_id", "n"))


def _summaries(tables) -> list[dict]:
    return [
        table_summary(table, {seat.position: seat for seat in table.seats.all()})
        for table in tables.prefetch_related("seats__player")
    ]


def finished_hands(table: Table, viewer) -> list[Hand]:
    hands = Hand.objects.shown().filter(table=table, ended_at__isnull=False).order_by("-number")
    if sees_every_hand(viewer):
        return list(hands)
    return [hand for hand in hands if viewer.pk in hand.player_ids()]


def staff_log(table: Table, limit: int = 30) -> list[TableEvent]:
    """The table's staff acts, newest first, each with who did it and why."""
    events = TableEvent.objects.filter(table=table, cause=TableEvent.Cause.STAFF)
    return list(events.select_related("player").order_by("-version")[:limit])


def can_see_hand(hand: Hand, viewer) -> bool:
    return sees_every_hand(viewer) or viewer.pk in hand.player_ids()


def sees_every_hand(viewer) -> bool:
    """Staff on the floor recall any finished hand with every seat's cards."""
    return viewer.has_perm(PIT_PERMISSION)


def replay_step(engine, state: dict, event: TableEvent) -> dict | None:
    """The state after `event` from the state before it, by the same engine call the actor
    made, with the random draws it recorded; None for an event that changed no game state."""
    rng = Draws.replaying(event.draws or [])
    if event.step == TableEvent.Step.ENGINE:
        state, _events = engine.apply(state, event.seat, event.action, rng)
    elif event.step == TableEvent.Step.TIMEOUT:
        state, _events = engine.apply_timeout(state, event.seat, rng)
    elif event.step == TableEvent.Step.FORFEIT:
        reason = event.action.get("reason")
        leave = engine.apply_absent if reason == "absent" else engine.apply_leave
        outcome = leave(state, event.seat, rng)
        if outcome is None:
            return None
        state, _events = outcome
    elif event.step == TableEvent.Step.VOID:
        state, _events = engine.apply_void(state)
    else:
        return None
    return state


def hand_final_state(hand: Hand) -> dict:
    """The hand's last state rebuilt from its initial state and its logged events alone."""
    engine = engine_for(hand.table.game)
    state = hand.initial_state
    for event in TableEvent.objects.filter(hand=hand).order_by("version"):
        after = replay_step(engine, state, event)
        if after is not None:
            state = after
    return state


def hand_replay(hand: Hand, viewer) -> list[dict]:
    """Every step of a finished hand from its initial state and the logged actions: time, cause,
    seat, action, public events, and each seat's own view at that step (the viewer's own seat
    only; staff see every seat); each step's events in words (``lines``, ``payments``:
    tables/history.py)."""
    return hand_story(hand, viewer)["steps"]


def hand_story(hand: Hand, viewer) -> dict:
    """A finished hand told for the hand detail page: its steps (``hand_replay``), the players'
    names by seat, and what each party won or lost over the hand (``net``)."""
    engine = engine_for(hand.table.game)
    staff = sees_every_hand(viewer)
    own = None if staff else hand_seat_of(hand, viewer)
    seats_dealt = sorted(int(p) for p in hand.players)
    names = hand_names(hand)
    teller = Teller(names, hand.table.currency, presentation_for(hand.table.game).bet_name)
    state = hand.initial_state
    steps, logged = [], []
    for event in TableEvent.objects.filter(hand=hand).order_by("version"):
        if event.step == TableEvent.Step.DEAL:  # the deal's own events: the first step's
            logged += event.events or []
            continue
        if not steps:
            steps.append(_step(engine, state, own, staff, None, seats_dealt, teller, logged))
        after = replay_step(engine, state, event)
        if after is None:
            continue
        state = after
        logged += event.events or []
        steps.append(_step(engine, state, own, staff, event, seats_dealt, teller, event.events))
    if not steps:
        steps.append(_step(engine, state, own, staff, None, seats_dealt, teller, logged))
    for before, step in zip(steps, steps[1:], strict=False):  # the cards held when they change
        step["held"] = [h for h in step["held"] if before["hands"].get(h["seat"]) != h["cards"]]
    return {
        "steps": steps,
        "names": names,
        "net": teller.net(logged, engine.pot_owners(state)) if hand.ended_at else [],
    }


def hands_told(hands: list[Hand]) -> list[Hand]:
    """The hands, each with its players' names by seat (``hand.names``) and what each party won
    or lost over it (``hand.net``, from the payments it logged: no replay), for the hand
    history's list and a game's result partial; two queries for any number of hands."""
    from casino.models import Player

    ids = {pk for hand in hands for pk in hand.player_ids()}
    by_pk = {p.pk: p.shown_name for p in Player.objects.filter(pk__in=ids)}
    logged: dict[int, list[dict]] = {hand.pk: [] for hand in hands}
    rows = TableEvent.objects.filter(hand__in=[h.pk for h in hands]).order_by("version")
    for hand_id, events in rows.values_list("hand_id", "events"):
        logged[hand_id] += events or []
    currencies = dict(
        Table.objects.filter(pk__in={h.table_id for h in hands}).values_list("pk", "currency")
    )
    for hand in hands:
        hand.names = {int(p): by_pk.get(int(pk), "") for p, pk in hand.players.items()}
        teller = Teller(hand.names, currencies[hand.table_id])
        hand.net = teller.net(logged[hand.pk], {}) if hand.ended_at else []
        # each player's stake and result in the list and the panel (tables/result/_amounts.html)
        hand.amounts = teller.amounts(logged[hand.pk]) if hand.ended_at else []
        hand.players_named = [hand.names[p] for p in sorted(hand.names)]
    return hands


def hand_names(hand: Hand) -> dict[int, str]:
    """The players dealt in, by seat, as the table shows them."""
    from casino.models import Player

    by_pk = {p.pk: p.shown_name for p in Player.objects.filter(pk__in=hand.player_ids())}
    return {int(p): by_pk.get(int(pk), "") for p, pk in hand.players.items()}


def hand_seat_of(hand: Hand, viewer) -> int | None:
    return next((int(p) for p, pk in hand.players.items() if pk == viewer.pk), None)


def _step(engine, state, own, staff, event, seats_dealt, teller, events) -> dict:
    if staff:
        seats = {p: engine.view(state, p) for p in seats_dealt}
    elif own is not None:
        seats = {own: engine.view(state, own)}
    else:
        seats = {}
    held = {p: _held(view) for p, view in seats.items()}
    held = {p: cards for p, cards in held.items() if cards}
    lines = teller.lines(events, event.seat if event else None, event.action if event else None)
    return {
        "event": event,
        "public": engine.view(state, None),
        "seats": seats,
        # each seat's cards in hand (the view's list of card codes under one of HELD_KEYS)
        "hands": {p: cards for p, cards in held.items()},
        "held": [
            {"seat": p, "player": teller.name(p), "cards": cards} for p, cards in held.items()
        ],
        # the step's public events in words, and the money it moved
        "who": teller.name(event.seat) if event is not None and event.seat is not None else "",
        "lines": lines,
        "types": [line["type"] for line in lines],
        "payments": [teller.payment(e) for e in events or [] if e.get("type") == "payment"],
    }


# where a seat's own view holds its cards
HELD_KEYS = ("hand", "cards", "my_cards")


def _held(view: dict) -> list[str]:
    for key in HELD_KEYS:
        cards = view.get(key)
        if isinstance(cards, list) and all(isinstance(c, str) for c in cards):
            return cards
    return []
