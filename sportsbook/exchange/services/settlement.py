"""Settling a market (BK §48–§53, A10, A11, A13, section 5): results, players' exchange debts,
the commission, re-settling a corrected result, and the due job."""

from __future__ import annotations

import datetime as dt
import logging
from collections import defaultdict

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from casino import ledger
from casino.models import Account, AccountKind, Player, TransferKind
from sportsbook.exchange.services.money import (
    _announce,
    commission_account,
    escrow_of,
    receivable_account,
)
from sportsbook.exchange.services.validation import _lock_market
from sportsbook.exchange.settle import MatchedBet, bet_result, market_results
from sportsbook.models import (
    ExchangeBet,
    ExchangeBetStatus,
    ExchangeDebt,
    ExchangeMarket,
    ExchangeOffer,
    ExchangeSettlement,
    MarketStatus,
    OfferStatus,
    Outcome,
)
from sportsbook.settlement import Settled

log = logging.getLogger(__name__)


# --- settlement (BK §48–§53, A10, A11, A13, section 5) -------------------------------------------


def _outcome_results(market_id: int) -> dict[int, Settled]:
    """The sportsbook's results of a market's outcomes (A13), those that have one."""
    return {
        pk: Settled.from_dict({"win": win, "void": void})
        for pk, win, void in Outcome.objects.filter(market_id=market_id).values_list(
            "pk", "win", "void"
        )
        if win is not None
    }


def _lacks_results(market_id: int, bets: list[ExchangeBet], settled: dict) -> bool:
    unresulted = sorted({b.outcome_id for b in bets} - set(settled))
    if unresulted:
        # A market marked settled while an outcome with matched bets has no result (A13: the
        # exchange settles on the sportsbook's result, and there is none): nothing is settled
        # and the escrows keep every reservation until the result is entered.
        log.warning(
            "exchange market %s: settled without a result for outcome(s) %s; not settled",
            market_id,
            unresulted,
        )
    return bool(unresulted)


def _results(xm: ExchangeMarket, bets: list[ExchangeBet], settled: dict):
    return market_results(
        [
            MatchedBet(b.back_player_id, b.lay_player_id, b.outcome_id, b.stake, b.odds)
            for b in bets
        ],  # noqa: E501
        settled,
        xm.commission_percent,
    )


class _Debts:
    """E33 on the exchange: a correction's debit that a wallet cannot pay is owed (booked against
    `sportsbook/exchange-receivable`), and a credit repays what the player owes first, oldest
    first. Built under the market's lock; it locks the players' debts (before any account: the
    module's lock order) and collects the receivable's leg."""

    def __init__(self, xm: ExchangeMarket, player_ids, now: dt.datetime):
        self.xm, self.now = xm, now
        self.owed: dict[int, list[ExchangeDebt]] = defaultdict(list)
        for debt in (
            ExchangeDebt.objects.select_for_update()
            .filter(player_id__in=list(player_ids), currency=xm.currency, amount__gt=0)
            .order_by("pk")
        ):
            self.owed[debt.player_id].append(debt)
        self.receivable = 0  # the receivable account's leg
        self.new: list[ExchangeDebt] = []

    def credit(self, player_id: int, amount: int) -> int:
        """What of a credit of `amount` reaches the wallet (the rest repays debts)."""
        for debt in self.owed.get(player_id, []):
            repaid = min(debt.amount, amount)
            debt.amount -= repaid
            amount -= repaid
            self.receivable += repaid
        return amount

    def debit(self, player_id: int, amount: int, balance: int) -> int:
        """What of a debit of `amount` the wallet (holding `balance`) pays; the rest is owed."""
        shortfall = max(0, amount - balance)
        if shortfall:
            self.receivable -= shortfall
            self.new.append(
                ExchangeDebt(
                    market=self.xm,
                    player_id=player_id,
                    currency=self.xm.currency,
                    amount=shortfall,
                    owed_since=self.now,
                )
            )
        return amount - shortfall

    def legs(self) -> list:
        if not self.receivable:
            return []
        return [(receivable_account(self.xm.currency), self.receivable)]

    def save(self) -> None:
        changed = [d for debts in self.owed.values() for d in debts]
        if changed:
            ExchangeDebt.objects.bulk_update(changed, ["amount"])
        ExchangeDebt.objects.bulk_create(self.new)


def _book_results(xm, legs, *, commission: int, debts: _Debts, key: str, kind: str, memo: str):
    """The players' legs of a settlement or correction with the commission's and the exchange
    receivable's, as one transfer; then the debts it changed are written."""
    if commission:
        legs.append((commission_account(xm.currency), commission))
    legs += debts.legs()
    if legs:
        ledger.transfer_create(
            idempotency_key=key,
            kind=kind,
            legs=legs,
            memo=memo,
            reference=f"exchange:{xm.market_id}",
        )
    debts.save()


def exchange_market_settle(*, market_id: int, now: dt.datetime | None = None) -> int:
    """Settle an exchange market once the sportsbook has settled its market on the official result
    (A13): each outcome's `Settled` is the sportsbook's (void A10, dead heat A11). Each player's
    bets on the market are settled together and commission is taken on his net winnings
    (section 5), rounded down once (A14). Offers still standing lapse. One transfer empties every
    escrow of the market (what reaches a wallet first repays an exchange debt, E33). Returns the
    number of bets settled (0: nothing to do, or done before)."""
    now = now or timezone.now()
    with transaction.atomic():
        xm = _lock_market(market_id)
        if xm.settled_at is not None or xm.market.status != MarketStatus.SETTLED:
            return 0
        settled = _outcome_results(market_id)
        bets = list(ExchangeBet.objects.filter(market=xm, status=ExchangeBetStatus.OPEN))
        if _lacks_results(market_id, bets, settled):
            return 0
        results = _results(xm, bets, settled)
        escrows = list(
            Account.objects.filter(
                kind=AccountKind.ESCROW,
                reference__startswith=f"xm:{xm.pk}:",
                currency=xm.currency,
                closed_at__isnull=True,
            )
        )
        held = {int(a.reference.rsplit(":", 1)[1]): a for a in escrows}
        debts = _Debts(xm, set(held) | set(results), now)
        locked = ledger.lock_accounts(escrows)
        held = {player_id: locked[a.pk].balance for player_id, a in held.items()}
        players = {p.pk: p for p in Player.objects.filter(pk__in=set(held) | set(results))}
        legs = []
        commission = 0
        records = []
        for player_id in sorted(set(held) | set(results)):
            result = results.get(player_id)
            credited = result.credited if result else 0
            reserved = held.get(player_id, 0)
            back = reserved + credited  # never negative: the escrow covers the worst loss (A3)
            if reserved:
                legs.append((escrow_of(xm, player_id), -reserved))
            to_wallet = debts.credit(player_id, back)
            if to_wallet:
                legs.append((ledger.wallet_for(players[player_id], xm.currency), to_wallet))
            if result:
                commission += result.commission
                records.append(
                    ExchangeSettlement(
                        market=xm,
                        player_id=player_id,
                        net=result.net,
                        commission=result.commission,
                        released=reserved,
                    )
                )
        _book_results(
            xm,
            legs,
            commission=commission,
            debts=debts,
            key=f"xsettle:{xm.pk}",
            kind=TransferKind.PAYOUT,
            memo=_("Exchange market %(number)s settled") % {"number": xm.market_id},
        )
        for bet in bets:
            bet.back_result = bet_result(bet.stake, bet.odds, settled[bet.outcome_id])
            bet.status = ExchangeBetStatus.SETTLED
        ExchangeBet.objects.bulk_update(bets, ["back_result", "status"])
        ExchangeOffer.objects.filter(market=xm, status=OfferStatus.OPEN).update(
            status=OfferStatus.LAPSED, reserved=0, closed_at=now
        )
        ExchangeOffer.objects.filter(market=xm, reserved__gt=0).update(reserved=0)
        ExchangeSettlement.objects.bulk_create(records)
        Account.objects.filter(pk__in=[a.pk for a in escrows]).update(closed_at=now)
        xm.settled_at = now
        xm.lapsed_at = xm.lapsed_at or now
        xm.version += 1
        xm.save(update_fields=["settled_at", "lapsed_at", "version"])
        _announce(xm)
        return len(bets)


def exchange_market_resettle(*, market_id: int, now: dt.datetime | None = None) -> int:
    """E33: the sportsbook corrected the result of a market the exchange has settled. Each
    player's result on the market is computed again on the corrected outcomes (section 5,
    A14) and only the difference with what he was settled is booked, in one transfer (a
    `reversal`): a gain reaches the wallet after repaying what he owes on the exchange; a loss is
    taken from the wallet, and what it no longer holds is owed (ExchangeDebt), never lost; the
    commission changes with the net winnings. Records of the change are added per player.
    Returns the number of players whose result changed (0: nothing changed, or done before)."""
    now = now or timezone.now()
    with transaction.atomic():
        xm = _lock_market(market_id)
        if xm.settled_at is None or xm.market.status != MarketStatus.SETTLED:
            return 0
        settled = _outcome_results(market_id)
        bets = list(ExchangeBet.objects.filter(market=xm))
        if _lacks_results(market_id, bets, settled):
            return 0  # retried by the due job once the result is there
        results = _results(xm, bets, settled)
        before: dict[int, list[int]] = defaultdict(lambda: [0, 0])
        correction = 0
        for player_id, net, commission, number in ExchangeSettlement.objects.filter(
            market=xm
        ).values_list("player_id", "net", "commission", "correction"):
            before[player_id][0] += net
            before[player_id][1] += commission
            correction = max(correction, number)
        changes = {}
        for player_id in sorted(set(before) | set(results)):
            result = results.get(player_id)
            net, commission = (result.net, result.commission) if result else (0, 0)
            old_net, old_commission = before[player_id]
            if (net, commission) != (old_net, old_commission):
                changes[player_id] = (net - old_net, commission - old_commission)
        # settled_at: the moment of the result last settled on (the due job compares it with the
        # event's, so a correction this process did not reach is booked by the next one)
        xm.settled_at = now
        xm.version += 1
        xm.save(update_fields=["settled_at", "version"])
        if not changes:
            return 0
        correction += 1
        debts = _Debts(xm, changes, now)
        players = {p.pk: p for p in Player.objects.filter(pk__in=changes)}
        wallets = {pk: ledger.wallet_for(player, xm.currency) for pk, player in players.items()}
        balances = ledger.lock_accounts(list(wallets.values()))
        legs, commission_change, records = [], 0, []
        for player_id, (net_change, commission_delta) in changes.items():
            change = net_change - commission_delta  # what his wallet gains (or loses)
            wallet = wallets[player_id]
            if change > 0:
                paid = debts.credit(player_id, change)
            else:
                paid = -debts.debit(player_id, -change, balances[wallet.pk].balance)
            if paid:
                legs.append((wallet, paid))
            commission_change += commission_delta
            records.append(
                ExchangeSettlement(
                    market=xm,
                    player_id=player_id,
                    correction=correction,
                    net=net_change,
                    commission=commission_delta,
                    released=0,
                )
            )
        _book_results(
            xm,
            legs,
            commission=commission_change,
            debts=debts,
            key=f"xsettle:{xm.pk}:correction:{correction}",
            kind=TransferKind.REVERSAL,
            memo=_("Exchange market %(number)s: settlement corrected") % {"number": xm.market_id},
        )
        ExchangeSettlement.objects.bulk_create(records)
        for bet in bets:
            bet.back_result = bet_result(bet.stake, bet.odds, settled[bet.outcome_id])
        ExchangeBet.objects.bulk_update(bets, ["back_result"])
        _announce(xm)
        return len(changes)


def exchange_settle_event(*, event_id: int, now: dt.datetime | None = None) -> int:
    """Settle the exchange markets of an event the sportsbook has just settled, or settle again
    those it had settled when the result was corrected (E33). Returns the bets settled the first
    time and the players whose result a correction changed."""
    changed = 0
    for market_id, settled_at in ExchangeMarket.objects.filter(
        market__event_id=event_id
    ).values_list("market_id", "settled_at"):
        if settled_at is None:
            changed += exchange_market_settle(market_id=market_id, now=now)
        else:
            changed += exchange_market_resettle(market_id=market_id, now=now)
    return changed


def exchange_settle_due(now: dt.datetime | None = None) -> int:
    """What the clocks call: settle every exchange market whose sportsbook market is settled and
    which is not settled yet (A13), and settle again those whose event was settled again since
    (E33: a correction that the sportsbook's run booked but this process did not reach).
    Returns the number of bets settled and players whose result changed."""
    settled = 0
    markets = ExchangeMarket.objects.filter(market__status=MarketStatus.SETTLED)
    for market_id in markets.filter(settled_at__isnull=True).values_list("market_id", flat=True):
        settled += exchange_market_settle(market_id=market_id, now=now)
    for market_id in markets.filter(settled_at__lt=F("market__event__settled_at")).values_list(
        "market_id", flat=True
    ):
        settled += exchange_market_resettle(market_id=market_id, now=now)
    return settled
