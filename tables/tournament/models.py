"""Knock-out tournaments (CG §122–§127): the tournament, its entries and its bracket's matches.

Imported by ``tables/models.py`` so the models belong to the tables app. Each match is played at
a table of its own, driven only through the table actor (``tables.tournament.services``).
"""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from casino.currencies import Currency
from tables.engines import shuffle
from tables.tournament import bracket

# The one place the tournament names its game (issue 16: a knock-out of the heads-up match).
TOURNAMENT_GAME = "durak"


STAGE_LABELS = {
    bracket.PRELIMINARY: _("Preliminary"),
    bracket.QUARTER_FINAL: _("Quarter-final"),
    bracket.SEMI_FINAL: _("Semi-final"),
    bracket.THIRD_PLACE: _("Third-place match"),
    bracket.FINAL: _("Final"),
}


class TournamentStatus(models.TextChoices):
    REGISTERING = "registering", _("registration open")
    RUNNING = "running", _("running")
    FINISHED = "finished", _("finished")
    CANCELLED = "cancelled", _("cancelled")
    # issue 45: over with nobody who played a card in a prize place: every fee refunded
    VOID = "void", _("void: nobody played, every fee refunded")


class Tournament(models.Model):
    name = models.CharField(_("name"), max_length=80)
    game = models.CharField(_("game"), max_length=32, default=TOURNAMENT_GAME, editable=False)
    currency = models.CharField(_("currency"), max_length=3, choices=Currency.choices)
    entry_fee = models.PositiveBigIntegerField(
        _("entry fee (minor units)"), validators=[MinValueValidator(1)]
    )
    # §126, D10: the casino's percentage of the entry fees, fixed before registration opens.
    casino_percent = models.DecimalField(
        _("casino's share, %"),
        max_digits=5,
        decimal_places=2,
        validators=[MinValueValidator(0), MaxValueValidator(100)],
    )
    # section 5 of the rules file: below the minimum at the start time it is cancelled.
    min_entrants = models.PositiveSmallIntegerField(
        _("minimum entrants"), default=4, validators=[MinValueValidator(bracket.MIN_ENTRANTS)]
    )
    max_entrants = models.PositiveSmallIntegerField(
        _("maximum entrants"), default=32, validators=[MinValueValidator(bracket.MIN_ENTRANTS)]
    )
    registration_closes_at = models.DateTimeField(_("registration closes"))
    starts_at = models.DateTimeField(_("starts"), db_index=True)
    # issue 26: start sooner, this many seconds after the minimum of entrants has registered
    # (a countdown every registered player sees); empty: at the start time only
    start_after_minimum_seconds = models.PositiveSmallIntegerField(
        _("start this many seconds after the minimum has registered"),
        null=True,
        blank=True,
        help_text=_("Empty: the tournament starts at its start time."),
    )
    # when that countdown ends (set when the minimum is reached, cleared if it is lost again)
    countdown_ends_at = models.DateTimeField(
        _("countdown ends"), null=True, blank=True, editable=False, db_index=True
    )
    # D13: the turn clock of every match; the grace period and the absence limit of a match.
    action_seconds = models.PositiveSmallIntegerField(
        _("action clock, seconds"), default=30, validators=[MinValueValidator(5)]
    )
    grace_seconds = models.PositiveSmallIntegerField(_("grace period, seconds"), default=60)
    absence_seconds = models.PositiveSmallIntegerField(_("absence limit, seconds"), default=180)
    status = models.CharField(
        _("status"),
        max_length=12,
        choices=TournamentStatus.choices,
        default=TournamentStatus.REGISTERING,
    )
    # D1: the draw's commitment, published when the tournament is created; the secret (and so
    # the draw, bracket.draw_seed) is revealed at the start.
    draw_commitment = models.CharField(_("draw commitment"), max_length=64, editable=False)
    draw_secret = models.CharField(max_length=64, editable=False)
    draw_record = models.TextField(_("draw"), blank=True, editable=False)
    bracket_size = models.PositiveSmallIntegerField(default=0, editable=False)
    casino_share = models.PositiveBigIntegerField(_("casino's share"), default=0, editable=False)
    prize_fund = models.PositiveBigIntegerField(_("prize fund"), default=0, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(_("started"), null=True, blank=True, editable=False)
    ended_at = models.DateTimeField(_("ended"), null=True, blank=True, editable=False)

    class Meta:
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        ordering = ["-starts_at", "-pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(max_entrants__gte=models.F("min_entrants")),
                name="tournament_entrants_range",
            ),
            models.CheckConstraint(
                condition=Q(registration_closes_at__lte=models.F("starts_at")),
                name="tournament_closes_before_start",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs):
        if not self.draw_secret:
            self.draw_secret = shuffle.new_secret()
            self.draw_commitment = shuffle.commitment("draw", self.draw_secret)
        super().save(*args, **kwargs)

    def clean(self):
        if self.min_entrants and self.max_entrants and self.max_entrants < self.min_entrants:
            raise ValidationError(_("The maximum of entrants is below the minimum."))
        if (
            self.registration_closes_at
            and self.starts_at
            and self.registration_closes_at > self.starts_at
        ):
            raise ValidationError(_("Registration must close by the start time."))

    @property
    def effective_start(self):
        """When it starts: its start time, or sooner when the countdown after the minimum of
        entrants registered ends first."""
        if self.countdown_ends_at is not None and self.countdown_ends_at < self.starts_at:
            return self.countdown_ends_at
        return self.starts_at

    @property
    def registration_closes(self):
        """When registration really closes: its closing time, or the start if that comes first
        (the countdown after the minimum of entrants, issue 26). The page says this and
        ``services.registration_refusal`` holds to it (issue 45)."""
        return min(self.registration_closes_at, self.effective_start)

    @property
    def escrow_reference(self) -> str:
        return f"tournament:{self.pk}"

    @property
    def group_name(self) -> str:
        return f"tournament.{self.pk}"

    @property
    def draw_revealed(self) -> bool:
        return self.started_at is not None


class EntryStatus(models.TextChoices):
    REGISTERED = "registered", _("registered")
    UNREGISTERED = "unregistered", _("unregistered (refunded)")
    REFUNDED = "refunded", _("refunded (tournament cancelled)")
    WITHDRAWN = "withdrawn", _("withdrew")


class TournamentEntry(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.PROTECT, related_name="entries")
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="tournament_entries"
    )
    status = models.CharField(
        _("status"), max_length=12, choices=EntryStatus.choices, default=EntryStatus.REGISTERED
    )
    fee = models.PositiveBigIntegerField(_("entry fee paid"))
    # the best place this entry can still finish in once out (5 = "5-8"), its prize at the end
    place = models.PositiveSmallIntegerField(_("place"), null=True, blank=True)
    prize = models.PositiveBigIntegerField(_("prize"), default=0)
    out = models.BooleanField(_("knocked out"), default=False)
    registered_at = models.DateTimeField(auto_now_add=True)
    left_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("tournament entry")
        verbose_name_plural = _("tournament entries")
        ordering = ["place", "registered_at"]
        constraints = [
            # registering twice (a double click, two tabs) hits this: one live entry a player
            models.UniqueConstraint(
                fields=["tournament", "player"],
                condition=~Q(status="unregistered"),
                name="tournament_entry_once",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} · {self.player}"


# the key of a match's notices to its players (casino.notices): this and the match's id
NOTICE_KEY_PREFIX = "tournament-match:"


class MatchStatus(models.TextChoices):
    WAITING = "waiting", _("waiting for players")
    OPEN = "open", _("being played")
    FINISHED = "finished", _("played")
    BYE = "bye", _("bye")
    WALKOVER = "walkover", _("walkover")


class TournamentMatch(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.PROTECT, related_name="matches")
    round_number = models.PositiveSmallIntegerField(_("round"))
    slot = models.PositiveSmallIntegerField(_("slot"))
    stage = models.CharField(_("stage"), max_length=16)
    wins_to_win = models.PositiveSmallIntegerField(_("wins to win"))
    entry_a = models.ForeignKey(
        TournamentEntry, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    entry_b = models.ForeignKey(
        TournamentEntry, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    table = models.OneToOneField(
        "tables.Table",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="tournament_match",
    )
    status = models.CharField(
        _("status"), max_length=10, choices=MatchStatus.choices, default=MatchStatus.WAITING
    )
    winner = models.ForeignKey(
        TournamentEntry, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    # how it was decided: "wins", "timeouts" (D13), "absent" (D13, no-show), "left" (D11),
    # "withdrawn" (D11, before the match opened), "bye" (D1); issue 45 (no winner):
    # "no_show" (neither player came), "unopposed" (nobody came out of the other match),
    # "nobody" (no player reached this match)
    reason = models.CharField(max_length=16, blank=True)
    # issue 45: who took part at the table, recorded when it is decided: {entry id: "played"
    # (made a move himself), "came" (opened the table, made none), "absent" (never came)}
    turnout = models.JSONField(default=dict, blank=True)
    score = models.JSONField(null=True, blank=True)
    opened_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("tournament match")
        verbose_name_plural = _("tournament matches")
        ordering = ["round_number", "slot"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "round_number", "slot"], name="tournament_match_slot"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} · {self.stage} {self.slot + 1}"

    @property
    def entries(self) -> list[TournamentEntry]:
        return [e for e in (self.entry_a, self.entry_b) if e is not None]

    @property
    def decided(self) -> bool:
        return self.status in (MatchStatus.FINISHED, MatchStatus.BYE, MatchStatus.WALKOVER)

    @property
    def stage_label(self) -> str:
        return str(STAGE_LABELS.get(self.stage, self.stage))

    def loser(self) -> TournamentEntry | None:
        if self.winner_id is None:
            return None
        return next((e for e in self.entries if e.pk != self.winner_id), None)

    @property
    def notice_key(self) -> str:
        """The key of its players' notices (casino.notices) while it is open."""
        return f"{NOTICE_KEY_PREFIX}{self.pk}"
