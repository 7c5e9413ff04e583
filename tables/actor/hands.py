"""Hands: who was paid in a hand, a round nobody played, the missed betting windows, and starting
the next hand (``try_start``, ``maybe_start``, ``start_hand``) with the stakes each seat holds."""

from __future__ import annotations

import copy
import json
import secrets

from django.db import transaction
from django.utils.translation import gettext as _

from casino import ledger
from tables.actor.change import Change, TableError, illegal
from tables.actor.clocks import set_clocks
from tables.engines import shuffle
from tables.engines.base import (
    POT,
    SEAT,
    Engine,
    IllegalAction,
    NextHand,
    Party,
    SeatInfo,
    payments,
)
from tables.listeners import TableNews, notify
from tables.models import (
    MISSED_WINDOWS,
    Hand,
    Seat,
    SeatStatus,
    TableEvent,
    TableStatus,
)
from tables.payments import PaymentRefused, book
from tables.starts import HAND_SEATS, open_window, start_seconds, window_deadline


def paid_seats(change: Change, hand: Hand) -> dict[str, int]:
    """The seats not dealt in whose money the hand moved (a bet of a player who left, kept
    working on his held seat, decided by this hand): they played it too, so the hand is in
    their history (``selectors.finished_hands``) with their names. By seat, its player's id."""
    dealt = {int(p) for p in hand.players}
    found: dict[str, int] = {}
    if dealt.issuperset(change.seats):  # every seat was dealt in: none to find (no read)
        return found
    logged = list(TableEvent.objects.filter(hand=hand).values_list("events", flat=True))
    # this change's own events, not stored yet (``Change.record``: rows of ``event_row``)
    logged += [row[9] for row in change.events if row[1] == hand.pk]
    logged = [_json_of(events) for events in logged]
    for payment in payments([e for events in logged for e in events or []]):
        for party in (payment.source, payment.target):
            parsed = Party.parse(party)
            if parsed.kind != SEAT or int(parsed.key) in dealt:
                continue
            seat = change.seats.get(int(parsed.key))
            if seat is not None:
                found[str(parsed.key)] = seat.player_id
    return found


def _json_of(value):
    """A JSON column's value as ``event_row`` holds it (text on SQLite, psycopg's Jsonb on
    PostgreSQL) or as the database returns it."""
    if isinstance(value, str):
        return json.loads(value)
    return getattr(value, "obj", value)


def forget_empty_round(change: Change, hand: Hand) -> None:
    """A round in which nothing was staked (``round_without_bets``) is no hand people see: its
    row stays, flagged ``empty`` (the event log points at it, and it holds the secret of a
    shoe's commitment it may have published: the next hand of that shoe reuses it), every
    history reads ``Hand.objects.shown()``, the next hand takes its number (and its match
    number, when the round was a whole match) and the board keeps the last hand played."""
    table, engine = change.table, change.engine
    table.hand_number = hand.number - 1
    whole_match = engine.carry_over(change.table.state) is None
    if whole_match and not (
        Hand.objects.shown().filter(table=table, match_number=hand.match_number).exists()
    ):
        table.match_number = hand.match_number - 1


def acted(change: Change, state: dict, position: int) -> None:
    """A seat's own action: it is there, whatever windows it let pass before."""
    missed = state.get("windows_missed") or []
    if position in missed:
        state["windows_missed"] = [p for p in missed if p != position]
    # a seat that acted this hand did not let its window pass, even if its clock closes its
    # betting later (a player of several boxes may let the clock end his betting)
    acted_seats = state.get("acted_seats") or []
    if position not in acted_seats:
        state["acted_seats"] = [*acted_seats, position]
    seat = change.seats.get(position)
    if seat is not None and seat.missed_windows:
        seat.missed_windows = 0
        seat.save(update_fields=["missed_windows"])


def note_missed(change: Change, position: int) -> None:
    """The seat's clock ran out on a stake (``clock_setting`` is the bet clock): a betting
    window it let pass, counted at the hand's end (``count_missed_windows``)."""
    seat = change.seats.get(position)
    if seat is None or seat.leaving_since is not None:  # a leaver's bets play on their own
        return
    if position in (change.table.state.get("acted_seats") or []):
        return
    missed = change.table.state.get("windows_missed") or []
    if position not in missed:
        change.table.state["windows_missed"] = [*missed, position]


def count_missed_windows(change: Change, hand: Hand) -> None:
    """At a hand's end, each seat dealt in whose betting window passed (``note_missed``) with
    no bet working now (``holds_bets``) missed one more window in a row; at ``MISSED_WINDOWS``
    it is sat out (not dealt in) until its player comes back (``services.table_presence``
    "back", the board's "I'm back"), and its board says why."""
    engine, state = change.engine, change.table.state
    for position in state.get("windows_missed") or []:
        seat = change.seats.get(position)
        if (
            seat is None
            or seat.leaving_since is not None
            or hand.players.get(str(position)) != seat.player_id  # another player sits there
            or engine.holds_bets(state, position)
        ):
            continue
        seat.missed_windows += 1
        fields = ["missed_windows"]
        if seat.missed_windows >= MISSED_WINDOWS and seat.status != SeatStatus.SITTING_OUT:
            seat.status = SeatStatus.SITTING_OUT
            seat.away_since = seat.away_since or change.now
            fields += ["status", "away_since"]
        seat.save(update_fields=fields)


def try_start(change: Change, *, waiting: bool = True) -> TableError | None:
    """``maybe_start`` in a savepoint: a stake the new hand cannot take leaves the table as it
    was (open) and is returned, not raised."""
    table = change.table
    kept = (table.hand_number, table.match_number, table.version, table.state, table.status)
    recorded = len(change.events)
    try:
        with transaction.atomic():
            maybe_start(change, waiting=waiting)
    except TableError as error:
        table.hand_number, table.match_number, table.version, table.state, table.status = kept
        del change.events[recorded:]  # the hand that could not start leaves no event
        return error
    return None


def maybe_start(change: Change, *, waiting: bool = True) -> bool:
    """Start a hand if the table is open and the engine's session rules say one starts now;
    from an idle table (``waiting``) only once the filling window is over (``tables.starts``):
    its time is up, every player to be dealt in said ready, or the table is full."""
    table, engine = change.table, change.engine
    if table.status != TableStatus.OPEN:
        return False
    seats = [
        SeatInfo(p, seat.ready, seat.away_since is not None)
        for p, seat in sorted(change.seats.items())
        if p not in change.leaving and seat.leaving_since is None
    ]
    upcoming = engine.next_hand(table.state or None, seats, dict(table.settings))
    if upcoming is None:
        table.start_window = None  # too few to play: no window runs
        return False
    if waiting and filling(change, upcoming):
        return False
    table.start_window = None
    start_hand(change, upcoming)
    return True


def filling(change: Change, upcoming: NextHand) -> bool:
    """Whether the filling window keeps the hand waiting (opening it if need be): not when the
    table is full or the window is 0 s, its time is up or every player to be dealt in said
    ready."""
    table, engine = change.table, change.engine
    if len(upcoming.players) >= engine.seats[1] or start_seconds(table) <= 0:
        return False
    if window_deadline(table) is None:
        open_window(table, change.now)
        return True
    ready = set(table.start_window.get("ready", []))
    return (
        table.start_window["deadline"] > change.now.timestamp()
        and not set(upcoming.players) <= ready
    )


def say_ready(change: Change, seat: Seat) -> None:
    """The seated player says ready to start (the filling window ends when all have)."""
    if window_deadline(change.table) is not None:
        ready = change.table.start_window.setdefault("ready", [])
        if seat.position not in ready:
            ready.append(seat.position)


def start_hand(change: Change, upcoming: NextHand) -> None:
    table, engine, seats = change.table, change.engine, change.seats
    last_game = (table.state or {}).get("last_game")
    table.hand_number += 1
    if upcoming.carry is None:
        table.match_number += 1
    try:  # the game's defaults filled in; terms no hand could start with are refused
        terms = engine.check_config(dict(table.settings))
    except IllegalAction as error:
        raise illegal(error) from error
    config = {**terms, "hand_number": table.hand_number, "match_number": table.match_number}
    players = list(upcoming.players)
    if getattr(engine, "table_stakes", False):
        config["stacks"] = stacks_of(table, seats, players)
    state = engine.new_hand(config, players, secrets.SystemRandom(), upcoming.carry)
    covered = engine.commitment(state)
    # the round before, an empty one too (it may have opened the shoe: its secret holds): the
    # one this change ended, if it did, else read
    previous = change.ended_hand
    if previous is None:
        previous = Hand.objects.filter(table=table).order_by("-pk").first()
    if (
        previous is not None
        and covered.scope != "hand"
        and previous.shuffle_scope == covered.scope
        and previous.revealed_at is None
    ):  # a shoe that spans hands: one commitment for all of them
        secret, published = previous.secret, previous.commitment
    else:
        secret = shuffle.new_secret()
        published = shuffle.commitment(covered.record, secret)
    hand = Hand.objects.create(
        table=table,
        number=table.hand_number,
        match_number=table.match_number,
        players={str(p): seats[p].player_id for p in players},
        initial_state=state,
        commitment=published,
        secret=secret,
        deck_record=covered.record,
        shuffle_scope=covered.scope,
    )
    change.ended_hand = None  # a later start in this change reads the hand before it
    state = {
        **state,
        "commitment": published,
        "last_game": last_game,
        "hand_id": hand.pk,
        HAND_SEATS: sorted(players),  # every board tells a seat not dealt in (tables.starts)
    }
    carried = (table.state or {}).get("seat_stakes")
    if carried and upcoming.carry is not None and escrow_unchanged(engine, table.state, state):
        # a session carried into this hand (a bank held from coup to coup) keeps its money
        state["seat_stakes"] = dict(carried)
        if (table.state or {}).get("pot_stakes"):
            state["pot_stakes"] = copy.deepcopy(table.state["pot_stakes"])
    events = [
        *engine.start_events(state),
        {"type": "commitment", "sha256": published, "scope": covered.scope},
    ]
    count_seat_stakes(state, events, engine.pot_owners(state))
    table.state = state
    table.status = TableStatus.PLAYING
    table.version += 1
    try:
        book(table, seats, engine.escrow_key(state), events)
    except PaymentRefused as refusal:
        # the ledger's words name a balance or a limit of whichever player could not pay:
        # they are not for the player whose click started the hand
        raise TableError(
            _("The hand cannot start: a player at the table cannot cover the stake.")
        ) from refusal
    change.record(
        cause=TableEvent.Cause.SYSTEM,
        step=TableEvent.Step.DEAL,
        events=events,
        action={"type": "deal"},
        hand_id=hand.pk,
    )
    notify(TableNews(table=table, step=TableEvent.Step.DEAL, cause="system", events=events))
    set_clocks(change, fresh=True)


def stacks_of(table, seats, players: list[int]) -> dict[str, int]:
    """Table stakes (an engine's ``table_stakes``): what each player dealt in plays for, his
    wallet's balance in the table's currency as the hand starts, by seat (one read)."""
    balances = ledger.wallet_balances({seats[p].player_id for p in players}, table.currency)
    return {str(p): balances[seats[p].player_id] for p in players}


def escrow_unchanged(engine: Engine, before: dict, after: dict) -> bool:
    return engine.escrow_key(before) == engine.escrow_key(after)


def count_seat_stakes(state: dict, events: list[dict], owners: dict | None = None) -> None:
    """Each seat's money in the pots of this escrow scope (the pit boss's "chips in play"),
    kept in the state from the payments the actor books, pot by pot (``pot_stakes``: {pot:
    {seat: amount}}), so that money follows whose it is:
    - a stake into a pot is the payer's there;
    - a pot paying a seat gives him back his own first, the rest (a win) taken from the pot's
      other payers in proportion (they lost it);
    - a pot paying another pot (a bet lost to a player's bank) moves the money: into a pot one
      seat owns whoever paid it in (``owners``, the engine's ``pot_owners``) it is the owner's,
      into any other the same payers'; a pot paying the house takes from its payers alike.
    ``seat_stakes`` is each seat's sum over the pots."""
    pots = {
        name: {seat: amount for seat, amount in shares.items() if amount}
        for name, shares in (state.get("pot_stakes") or {}).items()
    }
    owned = {Party.parse(p).key: str(Party.parse(o).key) for p, o in (owners or {}).items()}
    for payment in payments(events):
        source, target = Party.parse(payment.source), Party.parse(payment.target)
        if source.kind == SEAT and target.kind == POT:
            shares = pots.setdefault(target.key, {})
            holder = owned.get(target.key, str(source.key))
            shares[holder] = shares.get(holder, 0) + payment.amount
        elif source.kind == POT:
            shares = pots.setdefault(source.key, {})
            taken = _take(shares, payment.amount, str(target.key) if target.kind == SEAT else None)
            if target.kind == POT:
                into = pots.setdefault(target.key, {})
                if target.key in owned:
                    taken = {owned[target.key]: sum(taken.values())}
                for seat_key, amount in taken.items():
                    into[seat_key] = into.get(seat_key, 0) + amount
    pots = {name: shares for name, shares in pots.items() if any(shares.values())}
    state["pot_stakes"] = pots
    stakes: dict[str, int] = {}
    for shares in pots.values():
        for seat_key, amount in shares.items():
            if amount:
                stakes[seat_key] = stakes.get(seat_key, 0) + amount
    state["seat_stakes"] = stakes


def _take(shares: dict[str, int], amount: int, first: str | None) -> dict[str, int]:
    """Take `amount` out of a pot's shares ({seat: amount}, changed in place): `first`'s own
    share before the others', the others' in proportion to their shares (the last one taking
    the rounding); what the shares do not cover (money the pot got from no seat: the house's,
    another pot's) is taken from no one. Returns {seat: amount taken}."""
    taken: dict[str, int] = {}
    if first is not None and shares.get(first):
        own = min(shares[first], amount)
        shares[first] -= own
        taken[first] = own
        amount -= own
    others = [key for key, share in shares.items() if share > 0]
    total = sum(shares[key] for key in others)
    if amount <= 0 or total <= 0:
        return taken
    amount = min(amount, total)
    left = amount
    for n, key in enumerate(others):
        part = left if n == len(others) - 1 else amount * shares[key] // total
        part = min(part, shares[key])
        shares[key] -= part
        taken[key] = taken.get(key, 0) + part
        left -= part
    return taken
