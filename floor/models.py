"""The floor's own records: alert rules and the alerts they raised (issue 17, part 4), and what
each player won or lost in each finished hand, which the rules that look back read."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from casino.currencies import Currency


class AlertKind(models.TextChoices):
    BIG_WIN = "big_win", _("big win in one hand")
    TABLE_HOUR = "table_hour", _("big result at one table within an hour")
    LOSSES_TO_ONE = "losses_to_one", _("losses going to the same player")
    BIG_LOSSES_TO_ONE = "big_losses_to_one", _("repeated big losses to one player")
    STRONG_FOLD = "strong_fold", _("strong hand folded")
    AWAY = "away", _("seat away with money in play")
    IDLE = "idle", _("idle table with money in escrow")
    ERROR = "error", _("engine or service error")
    BOOKS = "books", _("books check failing")


class Unit(models.TextChoices):
    """What a rule's threshold counts."""

    MONEY = "money", _("in whole units of the table's currency")
    MINUTES = "minutes", _("minutes")
    HANDS = "hands", _("hands")
    PERCENT = "percent", _("per cent")
    NONE = "none", _("no threshold")


# per kind: the threshold's unit, whether a count of times goes with it, the rule in plain words
# (%(threshold)s, %(times)s filled in) and the default threshold and times
RULES = {
    AlertKind.BIG_WIN: (
        Unit.MONEY,
        False,
        _(
            "A player wins more than %(threshold)s in one hand (what he got back less what he "
            "put in)."
        ),
        1_000,
        None,
    ),
    AlertKind.TABLE_HOUR: (
        Unit.MONEY,
        False,
        _("A player's hands at one table won him more than %(threshold)s within an hour."),
        3_000,
        None,
    ),
    AlertKind.LOSSES_TO_ONE: (
        Unit.HANDS,
        False,
        _(
            "Where players play each other: a player's losses went to the same player in at "
            "least %(threshold)s hands within a day, at least four times as often as the other "
            "way round."
        ),
        5,
        None,
    ),
    AlertKind.BIG_LOSSES_TO_ONE: (
        Unit.MONEY,
        True,
        _(
            "Where players play each other: a player lost more than %(threshold)s to the same "
            "player in %(times)s hands or more within a day."
        ),
        300,
        3,
    ),
    AlertKind.STRONG_FOLD: (
        Unit.PERCENT,
        False,
        _(
            "Where players play each other: a player gave up a hand stronger than %(threshold)s "
            "per cent of all hands of the game."
        ),
        98,
        None,
    ),
    AlertKind.AWAY: (
        Unit.MINUTES,
        False,
        _("A seat dealt into the hand in play is away longer than %(threshold)s minutes."),
        10,
        None,
    ),
    AlertKind.IDLE: (
        Unit.MINUTES,
        False,
        _(
            "Nothing happened at a table for longer than %(threshold)s minutes while it holds "
            "money in escrow."
        ),
        15,
        None,
    ),
    AlertKind.ERROR: (
        Unit.NONE,
        False,
        _("A change to a table failed with an error of the game or of the service."),
        None,
        None,
    ),
    AlertKind.BOOKS: (
        Unit.MINUTES,
        False,
        _("The books check, run every %(threshold)s minutes, finds a problem."),
        10,
        None,
    ),
}


class AlertRule(models.Model):
    """One rule per kind: its threshold (and count of times) staff may change, and whether it
    raises alerts at all."""

    kind = models.CharField(_("kind"), max_length=20, choices=AlertKind.choices, unique=True)
    threshold = models.PositiveBigIntegerField(_("threshold"), null=True, blank=True)
    times = models.PositiveIntegerField(_("times"), null=True, blank=True)
    enabled = models.BooleanField(_("enabled"), default=True)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("changed by"),
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )
    updated_at = models.DateTimeField(_("changed at"), null=True, blank=True)

    class Meta:
        verbose_name = _("alert rule")
        verbose_name_plural = _("alert rules")
        ordering = ["pk"]

    def __str__(self) -> str:
        return self.get_kind_display()

    @property
    def unit(self) -> str:
        return RULES[self.kind][0]

    @property
    def counts_times(self) -> bool:
        return RULES[self.kind][1]

    @property
    def description(self) -> str:
        """The rule in plain words, with its threshold."""
        threshold = self.threshold if self.threshold is not None else "—"
        if self.unit == Unit.MONEY and self.threshold is not None:
            threshold = ngettext("%(amount)s unit", "%(amount)s units", self.threshold) % {
                "amount": f"{self.threshold:,}".replace(",", "\u00a0")
            }
        return str(RULES[self.kind][2]) % {"threshold": threshold, "times": self.times or "—"}


class Alert(models.Model):
    """One occurrence of a rule's condition, raised once (``dedupe_key`` is unique) and shown on
    the floor until staff acknowledge it."""

    kind = models.CharField(_("kind"), max_length=20, choices=AlertKind.choices)
    table = models.ForeignKey(
        "tables.Table",
        verbose_name=_("table"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("player"),
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )
    # the other player of a pair (who the losses went to)
    other_player = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("other player"),
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )
    # what the rule found, as primitives (amounts in minor units with their currency, the hand's
    # number, the threshold it was over): the message is written from them in the reader's
    # language
    facts = models.JSONField(_("facts"), default=dict)
    raised_at = models.DateTimeField(_("raised at"), db_index=True)
    acknowledged_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("acknowledged by"),
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )
    acknowledged_at = models.DateTimeField(_("acknowledged at"), null=True, blank=True)
    dedupe_key = models.CharField(_("occurrence"), max_length=200, unique=True)

    class Meta:
        verbose_name = _("alert")
        verbose_name_plural = _("alerts")
        ordering = ["-raised_at", "-pk"]
        indexes = [
            models.Index(fields=["acknowledged_at", "table"], name="alert_open_by_table"),
            models.Index(fields=["kind", "player", "raised_at"], name="alert_kind_player"),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} #{self.pk}"

    @property
    def is_open(self) -> bool:
        return self.acknowledged_at is None


class HandMoney(models.Model):
    """What one player won (positive) or lost in one finished hand, from the ledger's transfers
    of that hand; ``between_players``: no house bank took part (players played each other)."""

    table = models.ForeignKey("tables.Table", on_delete=models.CASCADE, related_name="+")
    hand = models.ForeignKey("tables.Hand", on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    net = models.BigIntegerField()
    currency = models.CharField(max_length=3, choices=Currency.choices)
    between_players = models.BooleanField(default=False)
    ended_at = models.DateTimeField()

    class Meta:
        verbose_name = _("player's result of a hand")
        verbose_name_plural = _("players' results of hands")
        indexes = [models.Index(fields=["table", "player", "ended_at"], name="handmoney_recent")]
        constraints = [
            models.UniqueConstraint(fields=["hand", "player"], name="handmoney_once"),
        ]

    def __str__(self) -> str:
        return f"hand {self.hand_id} player {self.player_id}: {self.net:+d}"


class HandFlow(models.Model):
    """Money one player's loss in a hand between players gave another (a loss is shared among
    the hand's winners in proportion to what each won, rounded down)."""

    table = models.ForeignKey("tables.Table", on_delete=models.CASCADE, related_name="+")
    hand = models.ForeignKey("tables.Hand", on_delete=models.CASCADE, related_name="+")
    loser = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    winner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    amount = models.BigIntegerField()
    currency = models.CharField(max_length=3, choices=Currency.choices)
    ended_at = models.DateTimeField()

    class Meta:
        verbose_name = _("money between players in a hand")
        verbose_name_plural = _("money between players in hands")
        indexes = [models.Index(fields=["loser", "winner", "ended_at"], name="handflow_pair")]

    def __str__(self) -> str:
        return f"hand {self.hand_id}: {self.loser_id} to {self.winner_id} {self.amount}"
