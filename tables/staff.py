"""Staff acts on a table, through the actor like every change: pause, resume, void, close and
open (the pit boss), and changing a table's terms (the admin)."""

from __future__ import annotations

import datetime as dt
import math

from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext as _

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
)
from tables.engines.base import IllegalAction
from tables.engines.registry import engine_for, registered_games
from tables.models import Hand, Table, TableEvent, TableStatus
from tables.selectors import CLOCK_SETTINGS, in_play

PIT_PERMISSION = "casino.view_pit"  # the pit boss's monitor: the page, its socket, its acts
MAX_REASON_LENGTH = 200  # a staff act's reason, as its form allows
STAFF_ACTS = ("pause", "resume", "void", "close", "open")
# what may change only while no hand or match is in play (it keeps the terms it started with)
PLAY_TERMS = ("game", "currency", "settings")


def table_staff_act(
    *, table_id: int, staff: Player, act: str, reason: str = "", now: dt.datetime | None = None
) -> Outcome:
    """A staff act on a table, after whatever was already overdue (a clock or an absence that
    decided the hand first stands): pause (the hand and its clocks stop; nobody may act),
    resume (clocks restart from full time, and an away player's absence is counted again from
    now), void (the hand or match in play ends as the engine's ``apply_void`` says, every stake
    going back), close (no new hand; players may stay seated) and open."""
    if act not in STAFF_ACTS:
        raise TableError(_("Unknown staff action."))
    if not staff.has_perm(PIT_PERMISSION):  # whichever way in: the pit page, the admin, code
        raise TableError(_("Only the pit boss may pause, void, close or open a table."))
    if len(reason) > MAX_REASON_LENGTH:
        raise TableError(
            _("The reason is at most %(count)s characters.") % {"count": MAX_REASON_LENGTH}
        )
    if "\x00" in reason:  # PostgreSQL's jsonb refuses it: an error here, not a crash there
        raise TableError(_("The reason holds a character that is not allowed."))
    now = now or timezone.now()

    def do(change: Change) -> Outcome:
        table = change.table
        playing = in_play(table)
        if act == "void":
            if not playing:
                raise TableError(_("No match is being played at this table."))
            try:
                state, events = change.engine.apply_void(table.state)
            except IllegalAction as error:
                raise illegal(error) from error
            # money carried between hands (a bank waiting for the next deal) is voided on an
            # open table: it stays open and may start the next hand; a hand in play (paused
            # too) is ended by the void as the hand's own last change
            between_hands = change.engine.is_hand_over(table.state)
            if not between_hands:
                table.status = TableStatus.PLAYING
            commit(
                change,
                state,
                events,
                cause=TableEvent.Cause.STAFF,
                step=TableEvent.Step.VOID,
                action={"type": "void", "reason": reason},
                player=staff,
            )
            if between_hands and maybe_start(change):
                store(change)
            return Outcome(version=table.version)
        target = _staff_status(table, act, playing)
        table.status = target
        table_step(
            change,
            cause=TableEvent.Cause.STAFF,
            events=[{"type": act, "status": target}],
            action={"type": act, "reason": reason},
            player=staff,
        )
        if act == "resume":
            # the absence limit did not run while the table was paused
            for seat in change.seats.values():
                if seat.away_since is not None:
                    seat.away_since = now
                    seat.save(update_fields=["away_since"])
        if table.state:
            set_clocks(change, fresh=True)  # paused: none; resumed: full time again
        if target == TableStatus.OPEN:
            maybe_start(change)
        store(change)
        return Outcome(version=table.version)

    return locked(table_id, now, do)


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
