"""Staff acts on a table, through the actor like every change: pause, resume, void, close and
open (the pit boss), and changing a table's terms (the admin)."""

from __future__ import annotations

import datetime as dt
import math

from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from casino.models import Player
from tables.actor import (
    Change,
    Outcome,
    TableError,
    commit,
    illegal,
    locked,
    maybe_start,
    set_clocks,
    store,
    table_step,
    try_start,
    unseat,
)
from tables.engines.base import IllegalAction
from tables.engines.registry import engine_for, registered_games
from tables.models import Hand, Table, TableEvent, TableStatus
from tables.selectors import CLOCK_SETTINGS, PIT_PERMISSION, in_play
from tables.starts import START_SETTING

VOID_PERMISSION = "casino.void_play"  # voiding what is in play takes a supervisor's right too
MAX_REASON_LENGTH = 200  # a staff act's reason, as its form allows
STAFF_ACTS = ("pause", "resume", "void", "remove", "close", "open")
REMOVAL_WHEN = ("end_of_hand", "now")
# what may change only while no hand or match is in play (it keeps the terms it started with)
PLAY_TERMS = ("game", "currency", "settings")


def table_staff_act(
    *,
    table_id: int,
    staff: Player,
    act: str,
    reason: str = "",
    seat: int | None = None,
    when: str = "end_of_hand",
    now: dt.datetime | None = None,
) -> Outcome:
    """A staff act on a table, after whatever was already overdue (a clock or an absence that
    decided the hand first stands), with a reason that is logged with the staff member and
    announced to the table:

    - pause: the hand and its clocks stop; nobody may act or leave (a pair cannot move the pot
      while staff look into it);
    - resume: the clocks restart from full time; a player's time away before the pause still
      counts against him, the pause itself does not;
    - void: the hand or match in play ends as the engine's ``apply_void`` says, every stake
      going back;
    - remove the player at `seat`: when the hand in play ends (``when="end_of_hand"``), or at
      once with the hand voided (``when="now"``); at once when nothing is in play;
    - close (no new hand; players may stay seated) and open."""
    if act not in STAFF_ACTS:
        raise TableError(_("Unknown staff action."))
    if not staff.has_perm(PIT_PERMISSION):  # whichever way in: the pit page, the admin, code
        raise TableError(_("Only the pit boss may pause, void, close or open a table."))
    reason = (reason or "").strip()
    if not reason:
        raise TableError(_("Say why: every staff act is logged with its reason."))
    if len(reason) > MAX_REASON_LENGTH:
        raise TableError(
            ngettext(
                "The reason is at most %(count)s character.",
                "The reason is at most %(count)s characters.",
                MAX_REASON_LENGTH,
            )
            % {"count": MAX_REASON_LENGTH}
        )
    if "\x00" in reason:  # PostgreSQL's jsonb refuses it: an error here, not a crash there
        raise TableError(_("The reason holds a character that is not allowed."))
    voids = act == "void" or (act == "remove" and when == "now")
    if voids and not staff.has_perm(VOID_PERMISSION):
        raise TableError(_("Voiding what is in play needs a supervisor."))
    if act == "remove" and when not in REMOVAL_WHEN:
        raise TableError(_("Say whether the player goes now or when the hand ends."))
    now = now or timezone.now()

    def do(change: Change) -> Outcome:
        table = change.table
        if act == "remove":
            _remove(change, staff, seat, when, reason)
        elif act == "void":
            if not in_play(table):
                raise TableError(_("No match is being played at this table."))
            _void(change, staff, reason)
        else:
            target = _staff_status(table, act, in_play(table))
            table.status = target
            _announce(change, staff, act, reason)
            table_step(
                change,
                cause=TableEvent.Cause.STAFF,
                events=[{"type": act, "status": target}],
                action={"type": act, "reason": reason},
                player=staff,
            )
            if act == "pause":
                table.state["paused_at"] = now.timestamp()
            if act == "resume":
                _count_absence_around_the_pause(change, now)
            if table.state:
                set_clocks(change, fresh=True)  # paused: none; resumed: full time again
            if target == TableStatus.OPEN:
                maybe_start(change)
        store(change)
        return Outcome(version=table.version)

    return locked(table_id, now, do)


def _announce(change: Change, staff: Player, act: str, reason: str) -> None:
    """The act and its reason, shown on the table's board to everyone (not who did it: the
    event log records the staff member)."""
    table = change.table
    table.staff_notice = {
        "act": act,
        "reason": reason,
        "at": change.now.timestamp(),
        "hand": table.hand_number,  # shown until the next hand is dealt
    }


def _void(change: Change, staff: Player, reason: str, action: dict | None = None) -> None:
    """End the hand or match in play as the engine's ``apply_void`` says (every stake back)."""
    table = change.table
    try:
        state, events = change.engine.apply_void(table.state)
    except IllegalAction as error:
        raise illegal(error) from error
    # money carried between hands (a bank waiting for the next deal) is voided on an open
    # table: it stays open and may start the next hand; a hand in play (paused too) is ended
    # by the void as the hand's own last change
    between_hands = change.engine.is_hand_over(table.state)
    if not between_hands:
        table.status = TableStatus.PLAYING
    table.state.pop("paused_at", None)
    _announce(change, staff, "void", reason)
    commit(
        change,
        state,
        events,
        cause=TableEvent.Cause.STAFF,
        step=TableEvent.Step.VOID,
        action=action or {"type": "void", "reason": reason},
        player=staff,
    )
    if between_hands:
        try_start(change)  # a next hand that cannot take its stakes never refuses the void


def _remove(change: Change, staff: Player, position, when: str, reason: str) -> None:
    table = change.table
    seat = change.seats.get(position) if isinstance(position, int) else None
    if seat is None:
        raise TableError(_("Nobody sits in that seat."))
    if in_play(table) and when == "end_of_hand":
        if seat.removal_requested_by_id is not None:
            raise TableError(_("That player is already to leave when the hand ends."))
        seat.removal_requested_by, seat.removal_reason = staff, reason
        seat.save(update_fields=["removal_requested_by", "removal_reason"])
        _announce(change, staff, "remove_requested", reason)
        table_step(
            change,
            cause=TableEvent.Cause.STAFF,
            events=[{"type": "remove_requested", "seat": seat.position}],
            action={"type": "remove", "reason": reason, "when": when},
            seat=seat.position,
            player=staff,
        )
        return
    if in_play(table):
        change.leaving.add(seat.position)  # not dealt into a hand the void lets start
        _void(
            change,
            staff,
            reason,
            action={"type": "void", "reason": reason, "removing": seat.position},
        )
    _announce(change, staff, "remove", reason)
    unseat(
        change,
        seat,
        cause=TableEvent.Cause.STAFF,
        action={"type": "remove", "reason": reason, "when": when},
        player=staff,
        forfeit="removed",
    )
    if table.status == TableStatus.OPEN:
        try_start(change)  # a stake the next hand cannot take does not refuse the removal


def _count_absence_around_the_pause(change: Change, now: dt.datetime) -> None:
    """An away player's absence limit did not run while the table was paused: his time away
    before the pause still counts, the pause does not (away since during it: from now)."""
    paused_at = change.table.state.pop("paused_at", None) if change.table.state else None
    for seat in change.seats.values():
        if seat.away_since is None:
            continue
        if paused_at is None or seat.away_since.timestamp() >= paused_at:
            seat.away_since = now
        else:
            seat.away_since += now - dt.datetime.fromtimestamp(paused_at, tz=dt.UTC)
        seat.save(update_fields=["away_since"])


def _staff_status(table: Table, act: str, playing: bool) -> str:
    status = table.status
    if act == "pause":
        if status != TableStatus.PLAYING:
            raise TableError(_("Only a table with a match in play can be paused."))
        return TableStatus.PAUSED
    if act == "resume":
        if status != TableStatus.PAUSED:
            raise TableError(_("The table is not paused."))
        return TableStatus.PLAYING if playing else TableStatus.OPEN
    if playing:
        raise TableError(_("Void or finish the match in play first."))
    if act == "close":
        if status == TableStatus.CLOSED:
            raise TableError(_("The table is closed already."))
        return TableStatus.CLOSED
    if status == TableStatus.OPEN:
        raise TableError(_("The table is open already."))
    return TableStatus.OPEN


def table_configure_refusal(table: Table, changes: dict) -> str | None:
    """Why staff may not make these changes to the table now (None: they may)."""
    changed = {key for key, value in changes.items() if getattr(table, key) != value}
    if changed & set(PLAY_TERMS) and in_play(table):
        return _(
            "The game, stake, currency and settings cannot change while a match is being "
            "played: void it or wait for it to end."
        )
    if "game" in changed and table.seats.exists():
        return _("The game cannot change while players are seated.")
    return table_terms_refusal(
        changes.get("game", table.game), changes.get("settings", table.settings)
    )


def table_terms_refusal(game: str, settings) -> str | None:
    """Why a table could not be played with this game and these settings (None: it could):
    the actor's clocks, then the engine's own check of its config."""
    if game not in registered_games():
        return _("There is no game %(game)s.") % {"game": game}
    if not isinstance(settings, dict):
        return _("The settings are a JSON object.")
    for key in CLOCK_SETTINGS:
        if key in settings and not _positive_number(settings[key]):
            zero = settings[key] == 0 and not isinstance(settings[key], bool)
            if key == START_SETTING and zero:
                continue  # the filling window may be 0: no window (tables.starts)
            return _("%(setting)s is a number of seconds above 0.") % {"setting": key}
    try:
        engine_for(game).check_config(settings)
    except IllegalAction as error:
        return _(error.template) % error.params
    return None


def _positive_number(value) -> bool:
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        return False
    try:
        number = float(value)
    except ValueError:
        return False
    return math.isfinite(number) and number > 0


def table_configure(
    *, table_id: int, staff: Player, changes: dict, now: dt.datetime | None = None
) -> Outcome:
    """Staff change a table's name, game, currency or settings (the admin's form), through the
    actor: under the table lock, after whatever was overdue, refused while a hand or match is
    in play for what it was started with, recorded as a staff event and broadcast with a new
    version (so no socket keeps a board rendered with the old terms). Players seated when the
    terms change must say again that they are ready: nobody is staked on terms he did not see."""
    now = now or timezone.now()
    allowed = {"name", *PLAY_TERMS}
    if set(changes) - allowed:
        raise TableError(_("Only the name, game, currency and settings can be changed."))

    def do(change: Change) -> Outcome:
        table = change.table
        refusal = table_configure_refusal(table, changes)
        if refusal:
            raise TableError(refusal)
        changed = {key: value for key, value in changes.items() if getattr(table, key) != value}
        if not changed:
            return Outcome(version=table.version, replayed=True)
        for key, value in changed.items():
            setattr(table, key, value)
        try:
            table.full_clean(exclude=["state"])
        except ValidationError as invalid:
            raise TableError(" ".join(invalid.messages)) from invalid
        Table.objects.filter(pk=table.pk).update(**changed)
        if "game" in changed:
            # the old game's state means nothing to the new engine; a shuffle it left
            # unrevealed (a shoe not finished) is revealed now that nothing more is dealt from it
            table.state = None
            Hand.objects.filter(table=table, revealed_at__isnull=True).update(
                revealed_at=change.now
            )
            change.ended_hand = None  # (revealed now: the next hand reads it afresh)
        if set(changed) & set(PLAY_TERMS):
            for seat in change.seats.values():
                if seat.ready:
                    seat.ready = False
                    seat.save(update_fields=["ready"])
        table_step(
            change,
            cause=TableEvent.Cause.STAFF,
            events=[{"type": "configure", "changed": sorted(changed)}],
            action={"type": "configure", **{k: changed[k] for k in sorted(changed)}},
            player=staff,
        )
        store(change)
        return Outcome(version=table.version)

    return locked(table_id, now, do)
