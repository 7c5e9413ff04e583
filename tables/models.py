"""Live tables: the table (its engine state and version), seats, hands and the event log."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from casino.currencies import Currency
from casino.models import ImmutableLedgerRecord


class TableStatus(models.TextChoices):
    OPEN = "open", _("open")
    PLAYING = "playing", _("playing")
    PAUSED = "paused", _("paused")
    CLOSED = "closed", _("closed")


class Table(models.Model):
    name = models.CharField(_("name"), max_length=80)
    game = models.CharField(_("game"), max_length=32)
    # The game's config (bets and stakes in minor units, commission, wins to play ...), checked
    # by its engine's check_config, and the actor's clocks (action_seconds, grace_seconds,
    # absence_seconds, start_seconds: the filling window, tables.starts).
    settings = models.JSONField(_("settings"), default=dict, blank=True)
    currency = models.CharField(_("currency"), max_length=3, choices=Currency.choices)
    status = models.CharField(
        _("status"), max_length=8, choices=TableStatus.choices, default=TableStatus.OPEN
    )
    # The engine's state of the hand in play (or the last one), and its version: every change
    # to the table increments it, and every frame sent to a socket carries it.
    state = models.JSONField(_("state of the hand"), null=True, blank=True)
    version = models.PositiveIntegerField(_("version"), default=0)
    hand_number = models.PositiveIntegerField(_("hands played"), default=0)
    match_number = models.PositiveIntegerField(_("matches played"), default=0)
    # The earliest moment something is due (a turn clock, a grace period, an absence limit):
    # the sweeper and the in-process timer look for tables whose deadline has passed.
    deadline = models.DateTimeField(_("next clock due"), null=True, blank=True, db_index=True)
    created_at = models.DateTimeField(_("opened at"), auto_now_add=True)
    # when the actor last changed the table (the pit boss's "time since the last action")
    changed_at = models.DateTimeField(_("last change"), null=True, blank=True)
    # the last staff act announced to the table: {"act", "reason", "by", "at"} (issue 17)
    staff_notice = models.JSONField(_("staff notice"), null=True, blank=True)
    # the filling window before an idle table's first hand while it runs (tables.starts):
    # {"deadline": epoch seconds, "ready": [positions that said ready]}
    start_window = models.JSONField(_("filling window"), null=True, blank=True)

    class Meta:
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        ordering = ["pk"]

    def __str__(self) -> str:
        return self.name

    @property
    def group_name(self) -> str:
        return f"table.{self.pk}"

    def setting(self, key: str, default):
        return self.settings.get(key, default)


# betting windows in a row a seat may let pass with no bet working before it is sat out
MISSED_WINDOWS = 3


class SeatStatus(models.TextChoices):
    SITTING = "sitting", _("sitting")
    SITTING_OUT = "sitting_out", _("sitting out")
    DISCONNECTED = "disconnected", _("disconnected")


class Seat(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="seats"
    )
    position = models.PositiveSmallIntegerField(_("position"))
    status = models.CharField(
        _("status"), max_length=12, choices=SeatStatus.choices, default=SeatStatus.SITTING
    )
    # Set while no socket of the player is connected to the table (or the player sat out).
    away_since = models.DateTimeField(_("away since"), null=True, blank=True)
    # Presence is a heartbeat with an expiry (tables.presence): each of the player's table
    # sockets refreshes last_seen; ``connections`` counts the sockets opened and cleanly closed,
    # a hint only (a killed process never closes its sockets).
    last_seen = models.DateTimeField(_("last seen"), null=True, blank=True)
    connections = models.PositiveIntegerField(_("open sockets (hint)"), default=0)
    ready = models.BooleanField(_("ready for a new match"), default=True)
    joined_at = models.DateTimeField(auto_now_add=True)
    # staff asked for this player to be removed when the hand in play ends (issue 17)
    removal_requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("removal requested by"),
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )
    removal_reason = models.CharField(_("removal reason"), max_length=200, blank=True)
    # the player left while the engine still held bets of his at this seat (``holds_bets``): his
    # decisions run on their timeouts, the seat is his until they are settled, then it is freed
    leaving_since = models.DateTimeField(_("leaving since"), null=True, blank=True)
    # betting windows in a row this seat was dealt into and let pass without a bet (its bet
    # taken by its clock, nothing working at the hand's end); any action of its own resets it.
    # At ``MISSED_WINDOWS`` the seat is sat out until its player comes back.
    missed_windows = models.PositiveSmallIntegerField(_("betting windows missed"), default=0)
    # the player asked to leave and the leave could not be applied then (the table paused, or
    # the change failed): the table's clock applies it as soon as it can (issue 46)
    leave_asked_at = models.DateTimeField(_("leave asked at"), null=True, blank=True)

    class Meta:
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="seat_position_unique"),
            models.UniqueConstraint(fields=["table", "player"], name="seat_one_per_player"),
        ]
        # the sweeper's look for seats counted present whose heartbeat has expired
        indexes = [
            models.Index(
                fields=["last_seen"],
                condition=Q(away_since__isnull=True),
                name="seat_present_last_seen",
            )
        ]

    def __str__(self) -> str:
        return f"{self.table} #{self.position}: {self.player}"


class HandQuerySet(models.QuerySet):
    def shown(self):
        """The hands people see (a table's history, a player's hands, the hand page, the
        pace and the reports): not a round in which nobody staked anything (``empty``)."""
        return self.filter(empty=False)


class Hand(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveIntegerField(_("number"))
    match_number = models.PositiveIntegerField(_("match"), default=0)
    # position -> player id at the start of the hand
    players = models.JSONField(default=dict)
    initial_state = models.JSONField()
    # sha256(deck record + secret), published when what it covers starts (this hand, or a shoe
    # that spans hands: every hand dealt from it holds the same three), revealed when it ends.
    commitment = models.CharField(_("shuffle commitment"), max_length=64)
    secret = models.CharField(max_length=64)
    deck_record = models.TextField()
    shuffle_scope = models.CharField(_("commitment covers"), max_length=40, default="hand")
    revealed_at = models.DateTimeField(_("shuffle revealed"), null=True, blank=True)
    started_at = models.DateTimeField(_("started"), auto_now_add=True)
    ended_at = models.DateTimeField(_("ended"), null=True, blank=True)
    result = models.JSONField(_("result"), null=True, blank=True)
    # a round that ended with nothing staked in it (``round_without_bets``): kept for the event
    # log and the shoe's commitment it may have published, shown nowhere (``shown()``); the
    # next hand takes its number
    empty = models.BooleanField(_("nothing staked"), default=False)

    objects = HandQuerySet.as_manager()

    class Meta:
        verbose_name = _("hand")
        verbose_name_plural = _("hands")
        ordering = ["-number"]
        constraints = [
            # a number is one hand played; the empty rounds before it may have had it too
            models.UniqueConstraint(
                fields=["table", "number"], condition=Q(empty=False), name="hand_number_unique"
            ),
        ]
        # the pit boss's pace of play: a table's games ended since a moment
        indexes = [models.Index(fields=["table", "ended_at"], name="hand_table_ended")]

    def __str__(self) -> str:
        return f"{self.table} · {self.number}"

    @property
    def revealed(self) -> bool:
        """Whether the shuffle it was dealt from may be shown (its whole scope is over)."""
        return self.revealed_at is not None

    def player_ids(self) -> set[int]:
        return {int(pk) for pk in self.players.values()}


class TableEvent(ImmutableLedgerRecord):
    """Append-only log of every change to a table: who or what caused it and what it did."""

    class Cause(models.TextChoices):
        PLAYER = "player", _("player")
        CLOCK = "clock", _("clock")
        STAFF = "staff", _("staff")
        SYSTEM = "system", _("system")

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="events")
    hand = models.ForeignKey(
        Hand, null=True, blank=True, on_delete=models.CASCADE, related_name="events"
    )
    version = models.PositiveIntegerField()

    class Step(models.TextChoices):
        DEAL = "deal", _("deal")
        ENGINE = "engine", _("game action")
        TIMEOUT = "timeout", _("timeout")
        FORFEIT = "forfeit", _("forfeit")
        VOID = "void", _("void")
        TABLE = "table", _("seat change")

    cause = models.CharField(max_length=8, choices=Cause.choices)
    # How the hand's state changed, so a replay can re-run it from the hand's initial state.
    step = models.CharField(max_length=8, choices=Step.choices, default=Step.TABLE)
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    # What was asked for: an engine action, or a table act ("sit", "leave", "timeout", ...).
    action = models.JSONField(default=dict)
    client_action_id = models.CharField(max_length=64, blank=True)
    # What happened, as the engine's public events (never hidden cards).
    events = models.JSONField(default=list)
    # The random draws the engine made applying it (Draws.taken), for the replay; never sent.
    draws = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["version"]
        verbose_name = _("table event")
        verbose_name_plural = _("table events")
        constraints = [
            models.UniqueConstraint(fields=["table", "version"], name="table_event_version"),
            models.UniqueConstraint(
                fields=["table", "player", "client_action_id"],
                condition=~Q(client_action_id=""),
                name="table_event_client_action_once",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table_id} v{self.version} {self.cause} {self.action}"


# --- knock-out tournaments (issue 16): models of their own module, in this app ----------------
from tables.tournament.models import (  # noqa: E402, F401
    EntryStatus,
    MatchStatus,
    Tournament,
    TournamentEntry,
    TournamentMatch,
    TournamentStatus,
)
