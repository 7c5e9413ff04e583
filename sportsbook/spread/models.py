"""The spread bets' tables (issue 18; rules: BK §26–§36, bookmaker-financial.md): the assets
and their quotes, orders, positions and their closes.

Import them from `sportsbook.models` (the app's models module)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from casino.currencies import Currency
from casino.models import ImmutableLedgerRecord
from sportsbook.line.models import LINE_CURRENCY, NamedInBothLanguages


class SpreadAsset(NamedInBothLanguages):
    """A financial asset the bookmaker quotes (BK §26): its bid/ask quote now, its point size
    (A3: never changed while bets are open), per-point stake limits (BK §27, §28, A10), margin
    and close-out level in points of stake (BK §36, A7), the close-out switch (A8), working hours
    (BK §32, A9) and the feed's settings. Levels are whole multiples of the point size."""

    code = models.SlugField(_("code"), max_length=20, unique=True)
    currency = models.CharField(
        _("currency"), max_length=3, choices=Currency.choices, default=LINE_CURRENCY
    )
    point_size = models.DecimalField(_("point size"), max_digits=12, decimal_places=6)
    bid = models.DecimalField(_("bid"), max_digits=18, decimal_places=6)
    ask = models.DecimalField(_("ask"), max_digits=18, decimal_places=6)
    quote_version = models.PositiveIntegerField(_("quote version"), default=0)
    quoted_at = models.DateTimeField(_("quoted at"), null=True, blank=True)
    min_stake = models.BigIntegerField(_("minimum stake per point"), default=100)
    max_stake = models.BigIntegerField(_("maximum stake per point"), default=100_000)
    margin_points = models.PositiveIntegerField(_("initial margin, points of stake"), default=50)
    closeout_points = models.PositiveIntegerField(_("close-out level, points of stake"), default=20)
    auto_closeout = models.BooleanField(_("close out automatically"), default=True)  # A8
    halted = models.BooleanField(_("halted"), default=False)
    # A13: the bookmaker stopped quoting it for good; its bets were closed at the last quote.
    delisted_at = models.DateTimeField(_("delisted at"), null=True, blank=True)
    open_days = models.CharField(_("working days (0 = Monday)"), max_length=7, default="0123456")
    opens = models.TimeField(_("opens at"), default=dt.time(0, 0))
    closes = models.TimeField(_("closes at"), default=dt.time(0, 0))  # = opens: all day
    feed_seed = models.IntegerField(_("random walk seed"), default=0)
    feed_step_points = models.PositiveSmallIntegerField(_("random walk step, points"), default=3)
    position = models.PositiveSmallIntegerField(_("position"), default=0)

    class Meta:
        ordering = ["position", "code"]
        verbose_name = _("spread asset")
        verbose_name_plural = _("spread assets")
        constraints = [
            models.CheckConstraint(condition=Q(point_size__gt=0), name="spread_point_positive"),
            models.CheckConstraint(condition=Q(ask__gte=models.F("bid")), name="spread_ask_bid"),
            models.CheckConstraint(
                condition=Q(min_stake__gt=0) & Q(max_stake__gte=models.F("min_stake")),
                name="spread_stake_limits",
            ),
        ]

    @property
    def spread(self) -> Decimal:
        return self.ask - self.bid


class SpreadQuote(ImmutableLedgerRecord):
    """Every quote an asset had (A14: bid and ask stored with it): the chart and the record."""

    asset = models.ForeignKey(SpreadAsset, on_delete=models.CASCADE, related_name="quotes")
    bid = models.DecimalField(_("bid"), max_digits=18, decimal_places=6)
    ask = models.DecimalField(_("ask"), max_digits=18, decimal_places=6)
    version = models.PositiveIntegerField(_("version"))
    source = models.CharField(_("source"), max_length=8)  # feed, file, staff
    set_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("set by"),
    )
    at = models.DateTimeField(_("at"))

    class Meta:
        ordering = ["asset", "-version"]
        verbose_name = _("spread quote")
        verbose_name_plural = _("spread quotes")
        indexes = [models.Index(fields=["asset", "-version"], name="spread_quote_recent")]


class SpreadOrder(models.Model):
    """A player's bet (BK §29–§31): it opened a position or closed (part of) positions (A6).
    Its idempotency key makes a double click one order."""

    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="spread_orders"
    )
    asset = models.ForeignKey(SpreadAsset, on_delete=models.PROTECT, related_name="orders")
    direction = models.CharField(_("direction"), max_length=4)  # up / down
    stake = models.BigIntegerField(_("stake per point"))
    level = models.DecimalField(_("executed at"), max_digits=18, decimal_places=6)
    closes = models.BooleanField(_("closing"), default=False)
    idempotency_key = models.CharField(_("idempotency key"), max_length=120, unique=True)
    at = models.DateTimeField(_("at"))

    class Meta:
        ordering = ["-pk"]
        verbose_name = _("spread order")
        verbose_name_plural = _("spread orders")

    def __str__(self) -> str:
        return f"spread order {self.pk}: {self.direction} {self.stake}/pt @ {self.level}"


class SpreadPosition(models.Model):
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="spread_positions"
    )
    asset = models.ForeignKey(SpreadAsset, on_delete=models.PROTECT, related_name="positions")
    order = models.OneToOneField(SpreadOrder, on_delete=models.PROTECT, related_name="opened")
    direction = models.CharField(_("direction"), max_length=4)
    opened_stake = models.BigIntegerField(_("stake per point opened"))
    stake = models.BigIntegerField(_("stake per point open"))
    open_level = models.DecimalField(_("opening quote"), max_digits=18, decimal_places=6)
    # The terms when opened (A3: they hold while the bet is open).
    margin_points = models.PositiveIntegerField(_("margin, points"))
    closeout_points = models.PositiveIntegerField(_("close-out level, points"))
    realised = models.BigIntegerField(_("realised P&L"), default=0)
    # A7: a loss beyond the margin account, owed by the player (repaid from later spread gains).
    debt = models.BigIntegerField(_("owed"), default=0)
    opened_at = models.DateTimeField(_("opened at"))
    closed_at = models.DateTimeField(_("closed at"), null=True, blank=True)

    class Meta:
        ordering = ["-pk"]
        verbose_name = _("spread position")
        verbose_name_plural = _("spread positions")
        indexes = [
            models.Index(fields=["asset"], condition=Q(stake__gt=0), name="spread_open_by_asset"),
            models.Index(fields=["player"], condition=Q(stake__gt=0), name="spread_open_by_player"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=Q(stake__gte=0) & Q(stake__lte=models.F("opened_stake")),
                name="spread_stake_open",
            ),
            models.CheckConstraint(condition=Q(debt__gte=0), name="spread_debt"),
        ]

    def __str__(self) -> str:
        return f"spread bet {self.pk}: {self.direction} {self.stake}/pt @ {self.open_level}"

    @property
    def margin(self) -> int:
        return self.margin_points * self.stake

    @property
    def is_open(self) -> bool:
        return self.stake > 0


class SpreadCloseReason(models.TextChoices):
    PLAYER = "player", _("closed by the player")  # BK §31
    CLOSEOUT = "closeout", _("margin close-out")  # BK §36
    DELISTED = "delisted", _("asset delisted")  # A13: at its last quote


class SpreadClose(ImmutableLedgerRecord):
    """One close of (part of) a position: BK §33 P&L and where its money went (A7)."""

    position = models.ForeignKey(SpreadPosition, on_delete=models.PROTECT, related_name="closes")
    order = models.ForeignKey(
        SpreadOrder, on_delete=models.PROTECT, null=True, blank=True, related_name="made_closes"
    )
    stake = models.BigIntegerField(_("stake per point closed"))
    level = models.DecimalField(_("closing quote"), max_digits=18, decimal_places=6)
    pnl = models.BigIntegerField(_("P&L"))
    from_margin = models.BigIntegerField(_("paid from margin"))
    debt = models.BigIntegerField(_("left owing"))
    released = models.BigIntegerField(_("margin released"))
    reason = models.CharField(_("reason"), max_length=8, choices=SpreadCloseReason.choices)
    at = models.DateTimeField(_("at"))

    class Meta:
        ordering = ["-pk"]
        verbose_name = _("spread close")
        verbose_name_plural = _("spread closes")


class SpreadHold(models.Model):
    """A re-quote held for one player (A11 as ruled in docs/rules-decisions.md): his order met a
    quote that moved further than his setting takes, so the bookmaker offers him the quote it met,
    `level`, for his order (asset, direction, stake, the position it closes) until `expires_at`.
    Confirming it in time executes the order at `level` with the order's idempotency key (so a
    double click is one order); `order` is the order it became."""

    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="spread_holds"
    )
    asset = models.ForeignKey(SpreadAsset, on_delete=models.CASCADE, related_name="holds")
    direction = models.CharField(_("direction"), max_length=4)
    stake = models.BigIntegerField(_("stake per point"))
    position_id = models.BigIntegerField(_("position closed"), null=True, blank=True)
    seen = models.DecimalField(_("quote seen"), max_digits=18, decimal_places=6)
    level = models.DecimalField(_("quote held"), max_digits=18, decimal_places=6)
    idempotency_key = models.CharField(_("idempotency key"), max_length=120)
    offered_at = models.DateTimeField(_("offered at"))
    expires_at = models.DateTimeField(_("held until"))
    order = models.ForeignKey(
        SpreadOrder, on_delete=models.SET_NULL, null=True, blank=True, related_name="holds"
    )

    class Meta:
        ordering = ["-pk"]
        verbose_name = _("spread re-quote held")
        verbose_name_plural = _("spread re-quotes held")
        indexes = [models.Index(fields=["player", "-offered_at"], name="spread_hold_player")]

    def __str__(self) -> str:
        return f"spread hold {self.pk}: {self.direction} {self.stake}/pt @ {self.level}"
