"""Players, their accounts and the double-entry ledger (DESIGN.md "Money").

The ledger is append-only: a Transfer and its Entries are written once by `casino.ledger` and never
changed. Stored balances are a cache of the entries that the books check (`casino.books`) verifies.
"""

from django.contrib.auth.models import AbstractUser
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from casino.currencies import Currency

HOUSE_SHARDS = 16


class Player(AbstractUser):
    display_name = models.CharField(_("display name"), max_length=40, blank=True)
    preferred_currency = models.CharField(
        _("preferred currency"), max_length=3, choices=Currency.choices, default=Currency.BYN
    )
    language = models.CharField(
        _("language"), max_length=8, choices=[("ru", "Русский"), ("en", "English")], default="ru"
    )
    self_excluded_until = models.DateField(_("self-excluded until"), null=True, blank=True)

    class Meta:
        verbose_name = _("player")
        verbose_name_plural = _("players")
        permissions = [
            ("view_pit", gettext_noop("Can watch every table on the pit boss monitor")),
            ("view_reports", gettext_noop("Can see the revenue reports")),
            ("void_play", gettext_noop("Can void a hand or match in play")),
            (
                "trade_line",
                gettext_noop("Can trade the sportsbook: odds, events, results, settlement"),
            ),
            ("cancel_bets", gettext_noop("Can cancel customers' bets and hold payouts (SB 1.10)")),
            ("cash_desk", gettext_noop("Can deposit and withdraw for a player by hand")),
            ("set_limits", gettext_noop("Can set a player's limits and self-exclusion as staff")),
        ]

    def __str__(self) -> str:
        return self.display_name or self.username

    @property
    def shown_name(self) -> str:
        return self.display_name or self.username


class AccountKind(models.TextChoices):
    WALLET = "wallet", _("player wallet")
    HOUSE = "house", _("house account")
    ESCROW = "escrow", _("escrow")


class HousePurpose(models.TextChoices):
    """What a house account is for; `reference` then names the table, game or pool."""

    CASHIER = "cashier", _("cashier (money in and out of the casino)")
    DEMO_BANK = "demo_bank", _("play-money bank")
    TABLE = "table", _("table bank")
    GAME = "game", _("game bank")
    SPORTSBOOK = "sportsbook", _("sportsbook")
    COMMISSION = "commission", _("commission")
    PRIZE_POOL = "prize_pool", _("prize pool")
    ESCROW = "escrow", _("escrow")
    # a leaver's stakes a table holds while a void could still return them (the engines'
    # ``house("unclaimed")``): named in words on the staff's pages, not by its key
    UNCLAIMED = "unclaimed", _("unclaimed stakes")


class Account(models.Model):
    kind = models.CharField(_("kind"), max_length=8, choices=AccountKind.choices)
    owner = models.ForeignKey(
        Player,
        verbose_name=_("owner"),
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="accounts",
    )
    purpose = models.CharField(
        _("purpose"), max_length=16, choices=HousePurpose.choices, blank=True
    )
    # For house accounts the table/game/pool ("table:7"); for escrow the hand or bet ("hand:12").
    reference = models.CharField(_("reference"), max_length=64, blank=True, db_index=True)
    currency = models.CharField(_("currency"), max_length=3, choices=Currency.choices)
    # Wallets and escrow keep their balance here, under a row lock. House accounts take money from
    # many transactions at once, so theirs is spread over HouseBalanceShard rows (no hot row).
    balance = models.BigIntegerField(_("balance"), default=0)
    # Escrow of a finished hand or bet: it must be, and stay, empty.
    closed_at = models.DateTimeField(_("closed at"), null=True, blank=True)
    created_at = models.DateTimeField(_("opened at"), auto_now_add=True)

    class Meta:
        verbose_name = _("account")
        verbose_name_plural = _("accounts")
        constraints = [
            models.CheckConstraint(
                condition=Q(kind="house") | Q(balance__gte=0),
                name="account_balance_never_negative",
            ),
            models.CheckConstraint(
                condition=(Q(kind="wallet") & Q(owner__isnull=False))
                | (~Q(kind="wallet") & Q(owner__isnull=True)),
                name="account_only_wallets_have_owner",
            ),
            models.UniqueConstraint(
                fields=["owner", "currency"],
                condition=Q(kind="wallet"),
                name="account_one_wallet_per_currency",
            ),
            models.UniqueConstraint(
                fields=["kind", "purpose", "reference", "currency"],
                condition=~Q(kind="wallet"),
                name="account_unique_house_purpose",
            ),
        ]

    def __str__(self) -> str:
        if self.kind == AccountKind.WALLET:
            return f"{self.owner} · {self.currency}"
        from casino.templatetags.references import account_words

        label = self.get_purpose_display()
        words = account_words(self.reference)
        return f"{label}{' · ' + words if words else ''} · {self.currency}"

    @property
    def is_house(self) -> bool:
        return self.kind == AccountKind.HOUSE

    def current_balance(self) -> int:
        if self.is_house:
            return self.shards.aggregate(total=models.Sum("balance"))["total"] or 0
        return self.balance


class HouseBalanceShard(models.Model):
    account = models.ForeignKey(
        Account, verbose_name=_("account"), on_delete=models.PROTECT, related_name="shards"
    )
    shard = models.PositiveSmallIntegerField(_("shard"))
    balance = models.BigIntegerField(_("balance"), default=0)

    class Meta:
        verbose_name = _("house balance shard")
        verbose_name_plural = _("house balance shards")
        constraints = [
            models.UniqueConstraint(fields=["account", "shard"], name="house_shard_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.account_id}/{self.shard}: {self.balance}"


class TransferKind(models.TextChoices):
    DEPOSIT = "deposit", _("deposit")
    WITHDRAWAL = "withdrawal", _("withdrawal")
    TOPUP = "topup", _("play-money top-up")
    STAKE = "stake", _("stake")
    PAYOUT = "payout", _("payout")
    REFUND = "refund", _("refund")
    COMMISSION = "commission", _("commission")
    TRANSFER = "transfer", _("transfer")
    REVERSAL = "reversal", _("reversal")


# Transfers that count toward a player's gaming result (daily loss limit).
GAMING_KINDS = (TransferKind.STAKE, TransferKind.PAYOUT, TransferKind.REFUND, TransferKind.REVERSAL)
# Transfers that bring money into a wallet from outside (daily deposit limit).
DEPOSIT_KINDS = (TransferKind.DEPOSIT, TransferKind.TOPUP)


class LedgerImmutableQuerySet(models.QuerySet):
    def update(self, **kwargs):
        raise ImmutableLedgerError(_("This record is append-only: it cannot be changed."))

    def delete(self):
        raise ImmutableLedgerError(_("This record is append-only: it cannot be deleted."))


class ImmutableLedgerError(Exception):
    pass


class ImmutableLedgerRecord(models.Model):
    """Append-only: written once, never updated or deleted through the ORM (the ledger, and the
    tables' event log)."""

    objects = LedgerImmutableQuerySet.as_manager()

    class Meta:
        abstract = True

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise ImmutableLedgerError(_("This record is append-only: it cannot be changed."))
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise ImmutableLedgerError(_("This record is append-only: it cannot be deleted."))


class Transfer(ImmutableLedgerRecord):
    idempotency_key = models.CharField(_("idempotency key"), max_length=200, unique=True)
    kind = models.CharField(_("kind"), max_length=12, choices=TransferKind.choices)
    memo = models.CharField(_("reason"), max_length=255, blank=True)
    # What the money moved for ("hand:12", "bet:5"): the statement links to it.
    reference = models.CharField(_("reference"), max_length=64, blank=True, db_index=True)
    created_by = models.ForeignKey(
        Player,
        verbose_name=_("recorded by"),
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="recorded_transfers",
    )
    # A digest of the legs: the same key retried with different legs is refused, not ignored.
    fingerprint = models.CharField(_("fingerprint of the legs"), max_length=64)
    created_at = models.DateTimeField(_("time"), auto_now_add=True, db_index=True)

    class Meta:
        verbose_name = _("transfer")
        verbose_name_plural = _("transfers")

    def __str__(self) -> str:
        return f"#{self.pk} {self.get_kind_display()} {self.note}".strip()

    @property
    def note(self) -> str:
        """What a person wrote of this transfer (the cashier's or a supervisor's reason), shown as
        written. The system's own memos stay in the record (and the admin's search) but are not
        shown: they were written in the language of whoever's request booked them, and the kind
        and the reference (in words, linked) say the same in the reader's language."""
        return self.memo if self.created_by_id else ""


class Entry(ImmutableLedgerRecord):
    transfer = models.ForeignKey(
        Transfer, verbose_name=_("transfer"), on_delete=models.PROTECT, related_name="entries"
    )
    account = models.ForeignKey(
        Account, verbose_name=_("account"), on_delete=models.PROTECT, related_name="entries"
    )
    currency = models.CharField(_("currency"), max_length=3, choices=Currency.choices)
    amount = models.BigIntegerField(_("amount"))
    # Running balance of wallets and escrow, known exactly because their row is locked; house
    # accounts have none (their balance is spread over shards).
    balance_after = models.BigIntegerField(_("balance after"), null=True, blank=True)
    created_at = models.DateTimeField(_("time"))

    class Meta:
        verbose_name = _("ledger entry")
        verbose_name_plural = _("ledger entries")
        constraints = [
            models.CheckConstraint(condition=~Q(amount=0), name="entry_amount_not_zero"),
        ]
        indexes = [models.Index(fields=["account", "created_at"], name="entry_account_time")]

    def __str__(self) -> str:
        return f"{self.account}: {self.amount:+d}"


class LimitKind(models.TextChoices):
    DEPOSIT = "deposit", _("daily deposit limit")
    LOSS = "loss", _("daily loss limit")


class GamingLimit(models.Model):
    """A responsible-gaming limit per player, currency and kind. `amount` None means no limit.

    Tightening takes effect at once; loosening (a higher amount or no limit) is held as pending
    until `pending_from`, LIMIT_RAISE_DELAY_HOURS later.
    """

    player = models.ForeignKey(
        Player, verbose_name=_("player"), on_delete=models.CASCADE, related_name="gaming_limits"
    )
    kind = models.CharField(_("limit"), max_length=8, choices=LimitKind.choices)
    currency = models.CharField(_("currency"), max_length=3, choices=Currency.choices)
    amount = models.BigIntegerField(_("amount"), null=True, blank=True)
    pending_amount = models.BigIntegerField(_("pending amount"), null=True, blank=True)
    pending_from = models.DateTimeField(_("pending from"), null=True, blank=True)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)
    updated_by = models.ForeignKey(
        Player,
        verbose_name=_("updated by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )

    class Meta:
        verbose_name = _("gaming limit")
        verbose_name_plural = _("gaming limits")
        constraints = [
            models.UniqueConstraint(fields=["player", "kind", "currency"], name="limit_unique"),
            models.CheckConstraint(
                condition=Q(amount__isnull=True) | Q(amount__gte=0), name="limit_not_negative"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} {self.get_kind_display()} {self.currency}"


class Notice(models.Model):
    """Something an app tells one player on every page he has open (issue 45: "your match is
    open at table № 18"), until the app closes it. The platform knows nothing of what it says:
    the app names a template and its context (primitives), rendered in the reader's language
    each time it is shown. ``sent_at``: when it was first sent to the player's sockets (an app
    may count from then, e.g. an absence limit); ``shown_at``: when a page of his first had it."""

    player = models.ForeignKey(
        Player, verbose_name=_("player"), on_delete=models.CASCADE, related_name="notices"
    )
    key = models.CharField(_("key"), max_length=80)
    template = models.CharField(max_length=120)
    context = models.JSONField(default=dict, blank=True)
    url = models.CharField(_("link"), max_length=200)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    sent_at = models.DateTimeField(_("sent"), null=True, blank=True)
    shown_at = models.DateTimeField(_("first shown"), null=True, blank=True)
    closed_at = models.DateTimeField(_("closed"), null=True, blank=True)

    class Meta:
        verbose_name = _("notice")
        verbose_name_plural = _("notices")
        ordering = ["created_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["player", "key"], name="notice_once_per_key"),
        ]
        indexes = [models.Index(fields=["player", "closed_at"], name="notice_open_by_player")]

    def __str__(self) -> str:
        return f"{self.player} · {self.key}"
