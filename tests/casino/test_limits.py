"""Responsible gaming: loss and deposit limits, self-exclusion (foundation issue §7)."""

import datetime as dt

import pytest
from django.utils import timezone

from casino import ledger, limits
from casino.models import GamingLimit, LimitKind, Transfer
from tests.conftest import assert_books_clean, fund, new_player

pytestmark = pytest.mark.django_db


def stake(player, amount, ref, currency="BYN"):
    return ledger.stake_to_escrow(
        player=player,
        amount=amount,
        currency=currency,
        escrow_reference=ref,
        idempotency_key=f"stake:{ref}:{player.pk}",
    )


def test_a_stake_over_the_daily_loss_limit_is_refused(player):
    fund(player, 50_000)
    limits.limit_set(player=player, kind=LimitKind.LOSS, currency="BYN", amount=10_000, by=player)
    stake(player, 6_000, "hand:1")
    before = ledger.balances_of(player)
    with pytest.raises(limits.StakeRefused) as refusal:
        stake(player, 5_000, "hand:2")
    assert "110.00" in str(refusal.value) and "100.00" in str(refusal.value)
    assert ledger.balances_of(player) == before
    assert not Transfer.objects.filter(reference="hand:2").exists()
    # Winnings paid back today reduce the day's loss, so play can go on.
    ledger.escrow_pay_out(
        escrow_reference="hand:1",
        currency="BYN",
        payouts=[(player, 6_000)],
        idempotency_key="refund:1",
        kind="refund",
    )
    stake(player, 5_000, "hand:2")
    assert limits.loss_today(player, "BYN") == 5_000
    assert_books_clean()


def test_the_loss_limit_is_per_currency(player):
    fund(player, 50_000, "BYN")
    fund(player, 50_000, "USD")
    limits.limit_set(player=player, kind=LimitKind.LOSS, currency="BYN", amount=1_000, by=player)
    stake(player, 20_000, "hand:usd", currency="USD")
    with pytest.raises(limits.StakeRefused):
        stake(player, 2_000, "hand:byn")


def test_self_excluded_players_cannot_stake(player):
    fund(player, 5_000)
    limits.self_exclusion_set(
        player=player, until=timezone.localdate() + dt.timedelta(days=30), by=player
    )
    with pytest.raises(limits.StakeRefused, match="excluded yourself from play until"):
        stake(player, 100, "hand:3")
    assert ledger.balances_of(player) == {"BYN": 5_000}


def test_self_exclusion_ends_after_its_date(player):
    fund(player, 5_000)
    player.self_excluded_until = timezone.localdate() - dt.timedelta(days=1)
    player.save()
    stake(player, 100, "hand:4")


def test_a_player_cannot_shorten_a_self_exclusion_but_staff_can(player, staff):
    far = timezone.localdate() + dt.timedelta(days=90)
    limits.self_exclusion_set(player=player, until=far, by=player)
    with pytest.raises(limits.StakeRefused, match="cannot be shortened"):
        limits.self_exclusion_set(player=player, until=far - dt.timedelta(days=1), by=player)
    limits.self_exclusion_set(player=player, until=None, by=staff)
    player.refresh_from_db()
    assert player.self_excluded_until is None


def test_lowering_a_limit_applies_at_once_raising_after_24_hours(player):
    change = limits.limit_set(
        player=player, kind=LimitKind.LOSS, currency="BYN", amount=5_000, by=player
    )
    assert change.immediate
    assert limits.effective_limit(player, LimitKind.LOSS, "BYN") == 5_000
    change = limits.limit_set(
        player=player, kind=LimitKind.LOSS, currency="BYN", amount=9_000, by=player
    )
    assert not change.immediate
    assert change.effective_from - timezone.now() > dt.timedelta(hours=23, minutes=59)
    assert limits.effective_limit(player, LimitKind.LOSS, "BYN") == 5_000
    # Removing the limit is loosening it too.
    limits.limit_set(player=player, kind=LimitKind.LOSS, currency="BYN", amount=None, by=player)
    assert limits.effective_limit(player, LimitKind.LOSS, "BYN") == 5_000
    # A day later the pending change is in force.
    GamingLimit.objects.filter(player=player).update(
        pending_from=timezone.now() - dt.timedelta(seconds=1)
    )
    assert limits.effective_limit(player, LimitKind.LOSS, "BYN") is None


def test_staff_changes_apply_at_once(player, staff):
    limits.limit_set(player=player, kind=LimitKind.LOSS, currency="BYN", amount=1_000, by=player)
    change = limits.limit_set(
        player=player, kind=LimitKind.LOSS, currency="BYN", amount=50_000, by=staff
    )
    assert change.immediate
    assert limits.effective_limit(player, LimitKind.LOSS, "BYN") == 50_000


def test_a_deposit_over_the_daily_deposit_limit_is_refused(player):
    limits.limit_set(
        player=player, kind=LimitKind.DEPOSIT, currency="BYN", amount=20_000, by=player
    )
    fund(player, 15_000)
    with pytest.raises(limits.StakeRefused, match="daily deposit limit of 200.00"):
        fund(player, 6_000)
    assert ledger.balances_of(player) == {"BYN": 15_000}
    fund(player, 5_000)
    assert limits.deposits_today(player, "BYN") == 20_000


def test_yesterdays_losses_do_not_count_today(monkeypatch):
    player = new_player()
    fund(player, 10_000)
    limits.limit_set(player=player, kind=LimitKind.LOSS, currency="BYN", amount=3_000, by=player)
    stake(player, 3_000, "hand:y")
    with pytest.raises(limits.StakeRefused):
        stake(player, 1, "hand:z")
    today_began = limits.start_of_today()
    assert today_began <= timezone.now() < today_began + dt.timedelta(days=1)
    # Tomorrow the day's loss starts from zero again.
    monkeypatch.setattr(limits, "start_of_today", lambda: today_began + dt.timedelta(days=1))
    assert limits.loss_today(player, "BYN") == 0
    stake(player, 3_000, "hand:z")


def test_the_stakes_of_several_players_are_checked_at_once():
    """A table books all its players' stakes in one transfer (tables/payments.py): each is
    checked against his own limit and exclusion, one refusal refusing them all."""
    free, limited, excluded = new_player(), new_player(), new_player()
    for p in (free, limited, excluded):
        fund(p, 50_000)
    limits.limit_set(player=limited, kind=LimitKind.LOSS, currency="BYN", amount=1_000, by=limited)
    stake(limited, 800, "hand:1")
    not_excluded = {free.pk: None, limited.pk: None}
    limits.check_stakes({free.pk: 40_000, limited.pk: 200}, "BYN", not_excluded)
    with pytest.raises(limits.StakeRefused) as refusal:
        limits.check_stakes({free.pk: 100, limited.pk: 201}, "BYN", not_excluded)
    assert "10.01" in str(refusal.value)  # the limited player's day: 8.00 + 2.01
    until = timezone.localdate() + dt.timedelta(days=3)
    with pytest.raises(limits.StakeRefused, match="excluded yourself"):
        limits.check_stakes({free.pk: 100, excluded.pk: 100}, "BYN", {excluded.pk: until})
    yesterday = timezone.localdate() - dt.timedelta(days=1)
    limits.check_stakes({excluded.pk: 100}, "BYN", {excluded.pk: yesterday})
