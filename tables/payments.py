"""Booking an engine's payments in the ledger, in the actor's transaction (DESIGN.md "Money").

Parties are typed (``tables.engines.base.Party``): a seat's player's wallet, one of the hand's
pots (each its own escrow account), a house account of the table by purpose, and the house bank
of a house-banked game. Any party may pay any other: a stake into a pot, a pot paying a seat or
the house, the house bank paying a winner, a seat paying a seat (a bank sold), a seat paying the
house bank directly. Every transfer's idempotency key derives from the table's version, which is
unique, so a retried transaction can never book twice.
"""

from __future__ import annotations

import logging
from collections import defaultdict

from django.db.models import Q
from django.utils import timezone

from casino import ledger, limits
from casino.models import Account, AccountKind, HousePurpose, TransferKind
from tables.engines.base import BANK, HOUSE, MAIN_POT, POT, SEAT, Party, payments
from tables.models import Seat, Table

log = logging.getLogger(__name__)


class PaymentRefused(Exception):
    """The ledger refused a payment (a balance too small, a limit); str() is for the player."""


# the ledger kinds a table books (``_kind``)
TABLE_TRANSFER_KINDS = (
    TransferKind.STAKE,
    TransferKind.PAYOUT,
    TransferKind.REFUND,
    TransferKind.COMMISSION,
    TransferKind.TRANSFER,
)


def escrow_prefix(table_id: int | None = None) -> str:
    """What every escrow reference of one table (None: of any table) starts with."""
    return "table:" if table_id is None else f"table:{table_id}:"


def escrow_reference(table: Table, escrow_key: str, pot_name: str = MAIN_POT) -> str:
    """The escrow account of one pot of a hand (or of a match, a bank: whatever the engine's
    escrow key spans). The main pot keeps the reference tables have always used."""
    base = f"{escrow_prefix(table.pk)}{escrow_key}"
    return base if pot_name == MAIN_POT else f"{base}:{pot_name}"


def transfer_key(table_id: int, version: int, kind: str) -> str:
    """The idempotency key of the transfer of one kind a table's version booked."""
    return f"table:{table_id}:v{version}:{kind}"


def transfer_keys(table_id: int, versions) -> list[str]:
    """The keys of every transfer the table's `versions` may have booked: with the hand's
    versions, what the hand moved (the floor reads each player's result of a hand so)."""
    return [transfer_key(table_id, v, kind) for v in versions for kind in TABLE_TRANSFER_KINDS]


def book(table: Table, seats: dict[int, Seat], escrow_key: str, events: list[dict]) -> None:
    """Book every payment among `events` for the table's current version: one ledger transfer
    per kind (stakes, payouts, refunds, commission, transfers between players), each with the
    legs of all its payments netted per account. A hand that settles six boxes and the ante pot
    books two or three transfers, not thirteen (on this machine a transfer is a few
    milliseconds of CPU, most of a busy table's action). Every account of the change is read in
    one statement (``ledger.accounts_find``). The stakes' responsible-gaming limits are checked
    for every payer at once while the transfer holds the wallets' locks.

    Call inside the actor's transaction, which a refusal rolls back as a whole (or the savepoint
    a hand start runs in): so the transfers take no savepoint of their own, and a second booking
    of the same version fails on its key rather than booking twice."""
    moves = payments(events)
    if not moves:
        return
    accounts = _Accounts(table, seats, escrow_key)
    accounts.find({Party.parse(p) for m in moves for p in (m.source, m.target)})
    groups: dict[str, dict] = {}
    for payment in moves:
        if not isinstance(payment.amount, int) or payment.amount <= 0:
            raise ValueError(f"a payment is a positive whole amount, not {payment.amount!r}")
        source, target = Party.parse(payment.source), Party.parse(payment.target)
        kind = _kind(source, target, refund=payment.reason == "void")
        group = groups.setdefault(
            kind, {"legs": defaultdict(int), "stakes": defaultdict(int), "reasons": []}
        )
        group["legs"][accounts.of(source)] -= payment.amount
        group["legs"][accounts.of(target)] += payment.amount
        if kind == TransferKind.STAKE:
            group["stakes"][_seat(seats, source).player_id] += payment.amount
        if payment.reason and payment.reason not in group["reasons"]:
            group["reasons"].append(payment.reason)
    for kind, group in groups.items():
        legs = [(account, amount) for account, amount in group["legs"].items() if amount]
        if not legs:
            continue
        stakes = dict(group["stakes"])

        def check_limits(stakes=stakes):
            limits.check_stakes(stakes, table.currency, _excluded_until(seats, stakes))

        try:
            ledger.transfer_create(
                idempotency_key=transfer_key(table.pk, table.version, kind),
                kind=kind,
                legs=legs,
                memo=f"{table.name}: {', '.join(group['reasons'])}",
                reference=escrow_reference(table, escrow_key),
                under_lock=check_limits if stakes else None,
                savepoint=False,
            )
        except (ledger.LedgerError, limits.StakeRefused) as refusal:
            raise PaymentRefused(str(refusal)) from refusal


def _kind(source: Party, target: Party, *, refund: bool) -> str:
    """The ledger's kind of a payment: what the daily loss limit counts (a stake, a payout, a
    refund) and what it does not (money between players, the casino's commission)."""
    if source.kind == SEAT:
        return TransferKind.TRANSFER if target.kind == SEAT else TransferKind.STAKE
    if target == Party(HOUSE, HousePurpose.COMMISSION):
        return TransferKind.COMMISSION
    if target.kind == SEAT and refund:
        return TransferKind.REFUND
    return TransferKind.PAYOUT


class _Accounts:
    """The ledger accounts of one change's parties: all of them read in one statement, the
    hand's new pots created in one more."""

    def __init__(self, table: Table, seats: dict[int, Seat], escrow_key: str):
        self.table, self.seats, self.escrow_key = table, seats, escrow_key
        self.found: dict[Party, Account] = {}

    def _house_key(self, party: Party) -> tuple[str, str]:
        if party.kind == BANK:
            return HousePurpose.TABLE, f"table:{self.table.pk}"
        if party.key == HousePurpose.COMMISSION:  # the casino's one commission account
            return HousePurpose.COMMISSION, ""
        return party.key, f"table:{self.table.pk}"

    def _pot_reference(self, party: Party) -> str:
        return escrow_reference(self.table, self.escrow_key, party.key)

    def find(self, parties: set[Party]) -> None:
        owners = {_seat(self.seats, p).player_id: p for p in parties if p.kind == SEAT}
        pots = {self._pot_reference(p): p for p in parties if p.kind == POT}
        house = {self._house_key(p): p for p in parties if p.kind in (BANK, HOUSE)}
        found = ledger.accounts_find(self.table.currency, owners=owners, escrows=pots, house=house)
        for owner_id, party in owners.items():
            self.found[party] = found.wallets[owner_id]
        for reference, party in pots.items():
            self.found[party] = found.escrows[reference]
        for key, party in house.items():
            self.found[party] = found.house[key]

    def of(self, party: Party) -> Account:
        return self.found[party]


def _seat(seats: dict[int, Seat], party: Party) -> Seat:
    seat = seats.get(party.key)
    if seat is None:
        raise ValueError(f"a payment names seat {party.key}, where nobody sits")
    return seat


def _excluded_until(seats: dict[int, Seat], stakes: dict[int, int]) -> dict:
    """Each staking player's self-exclusion date, as the seats were read with it (a seat made
    in this change reads its player)."""
    dates = {}
    for seat in seats.values():
        if seat.player_id in stakes:
            dates[seat.player_id] = (
                seat.self_excluded_until
                if hasattr(seat, "self_excluded_until")
                else seat.player.self_excluded_until
            )
    return dates


def close_escrows(table: Table, escrow_key: str) -> None:
    """Close the pots of an escrow scope that is over, in one statement for every empty one. A
    pot the engine left holding money stays open (the books check reports nothing closed with
    money in it) and the error is logged for staff."""
    base = escrow_reference(table, escrow_key)
    pots = Account.objects.filter(
        kind=AccountKind.ESCROW, currency=table.currency, closed_at__isnull=True
    ).filter(Q(reference=base) | Q(reference__startswith=f"{base}:"))
    # the balance is read and the row closed in the same UPDATE: a pot paid into meanwhile
    # (it cannot be: the table is locked) would stay open
    pots.filter(balance=0).update(closed_at=timezone.now())
    for reference, balance in pots.exclude(balance=0).values_list("reference", "balance"):
        log.error("table %s: escrow %s ends its scope holding %s", table.pk, reference, balance)
