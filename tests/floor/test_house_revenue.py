"""The floor's money is the casino's money (issue 45, part 3): scripted hands booked through the
table actor at a table whose bank a player holds (baccarat, CG §4–§17: the house only takes its
commission, B11) and at a Khrap table (its rake, and a penalty bank carried to the next deal,
CG §119.2.1) report as the casino's revenue exactly what the ledger's house accounts booked; the
players' money (a bank held from coup to coup, a bank carried) is shown apart, never as the
casino's; the page and the CSV agree."""

from __future__ import annotations

import csv
import io
from collections import Counter

import pytest
from django.contrib.auth.models import Permission
from django.db.models import Sum
from django.urls import reverse
from django.utils import timezone

from casino.models import AccountKind, Entry, HousePurpose
from floor.reports import Period, place_days, revenue_report
from tables import services
from tables.engines.cards import Shoe, pack_52
from tables.games.baccarat_bank import engine as baccarat_bank
from tables.models import Table
from tests.conftest import assert_books_clean, fund, new_player
from tests.floor.test_reports import TableCells, page_as_csv_text
from tests.tables.conftest import balances

pytestmark = pytest.mark.django_db

# two coups the bank wins on a natural 9 against 0 (punter, holder, punter, holder)
FIRST_CARDS = ["TS", "9S", "TH", "TD", "TC", "9H", "JS", "QD"]
FUNDS = 50_000
BANK = 27_600  # 276.00 BYN, Anna's bank


def scripted_shoe(_rng) -> Shoe:
    rest = Counter(pack_52() * 6) - Counter(FIRST_CARDS)
    cards = FIRST_CARDS + sorted(rest.elements())
    return Shoe(cards=cards, cut_at=len(cards) - 7, penetration=1.0)


def act(table, player, action):
    services.table_act(table_id=table.pk, player=player, action=action)


def state_of(table) -> dict:
    return Table.objects.get(pk=table.pk).state


def house_booked(table) -> int:
    """What the ledger's house accounts (the commission account, the house bank) gained from
    the table's transfers: the casino's own money."""
    return (
        Entry.objects.filter(
            account__kind=AccountKind.HOUSE,
            account__purpose__in=(HousePurpose.COMMISSION, HousePurpose.TABLE, HousePurpose.GAME),
            transfer__reference__startswith=f"table:{table.pk}:",
        ).aggregate(total=Sum("amount"))["total"]
        or 0
    )


def commission_booked(table) -> int:
    return (
        Entry.objects.filter(
            account__kind=AccountKind.HOUSE,
            account__purpose=HousePurpose.COMMISSION,
            transfer__reference__startswith=f"table:{table.pk}:",
        ).aggregate(total=Sum("amount"))["total"]
        or 0
    )


def escrow_held(table) -> int:
    return (
        Entry.objects.filter(
            account__kind=AccountKind.ESCROW, account__reference__startswith=f"table:{table.pk}:"
        ).aggregate(total=Sum("amount"))["total"]
        or 0
    )


def baccarat_table(monkeypatch) -> tuple[Table, list]:
    monkeypatch.setattr(baccarat_bank, "new_shoe", scripted_shoe)
    table = Table.objects.create(
        name="Baccarat revenue",
        game="baccarat_bank",
        currency="BYN",
        settings={
            "min_bet": 100,
            "max_bank": 50_000,
            "commission_percent": "5",
            "action_seconds": 600,
            "start_seconds": 0,
        },
    )
    players = [new_player(language="en") for _ in range(3)]
    for player in players:
        fund(player, FUNDS)
        services.table_sit(table_id=table.pk, player=player, connected=True)
    return table, players


def play_two_coups(table, anna, boris, vera) -> None:
    """Anna opens a bank of 276.00 at the auction; Boris bets 3.00 and loses to a natural 9
    (commission 0.15, B11); the next coup Boris bets 2.00 and Vera 1.00, and the bank wins
    again (commission 0.15). The bank, 281.70, stays Anna's, in escrow."""
    act(table, anna, {"type": "bid", "amount": BANK})
    act(table, boris, {"type": "pass"})
    act(table, boris, {"type": "bet", "amount": 300})
    act(table, anna, {"type": "deal"})
    act(table, anna, {"type": "no_chocolate"})
    assert state_of(table)["last_game"]["outcome"] == "bank"
    act(table, boris, {"type": "bet", "amount": 200})
    act(table, vera, {"type": "bet", "amount": 100})
    act(table, anna, {"type": "deal"})
    act(table, anna, {"type": "no_chocolate"})
    last = state_of(table)["last_game"]
    assert (last["outcome"], last["commission"]) == ("bank", 15)


def test_a_player_s_bank_is_never_the_casino_s_win_cg_4_b11(monkeypatch):
    table, (anna, boris, vera) = baccarat_table(monkeypatch)
    play_two_coups(table, anna, boris, vera)
    assert_books_clean()
    today = timezone.localdate()
    (row,) = place_days(Period(today, today))
    # the ledger's house accounts booked the two commissions and nothing else
    assert house_booked(table) == commission_booked(table) == 30
    assert (row.commission, row.house_bank, row.revenue) == (30, 0, 30)
    # the bank (276.00 + 3.00 + 3.00 won, less 0.30) is Anna's, held for her in escrow
    assert escrow_held(table) == BANK + 600 - 30 == 28_170
    assert row.held == escrow_held(table)
    assert row.stakes - row.paid - row.refunds == row.held + row.revenue
    # the players bet against Anna's bank, not the casino's: their money went between them
    assert row.between_players == row.stakes - row.refunds - row.commission
    assert row.house_bank_legs == 0
    totals = next(s for s in revenue_report(Period(today, today)).sections if s.key == "totals")
    assert [[getattr(c, "minor", c) for c in r] for r in totals.rows] == [
        ["BYN", 30, 0, 30, row.between_players]
    ]
    assert sum(balances(anna, boris, vera)) + escrow_held(table) + 30 == 3 * FUNDS
    # whose the money in play is: all of it Anna's bank (the pit's tile, the floor's alerts)
    assert state_of(table)["seat_stakes"] == {"0": 28_170}


def test_khrap_rake_is_the_casino_s_a_carried_penalty_bank_the_players_cg_119(monkeypatch):
    from tests.tables.games.khrap.khrap_helpers import khrap_failing_before_the_last_trick

    stake = 1_000
    table, a, b = khrap_failing_before_the_last_trick(
        monkeypatch, name="Khrap revenue", stake=stake, funds=50_000
    )
    act(table, b, {"type": "play", "card": "QS"})
    act(table, a, {"type": "play", "card": "9S"})
    state = state_of(table)
    assert state["bank"] == 4 * stake and not state["over"]  # the penalty bank, carried
    assert_books_clean()
    today = timezone.localdate()
    (row,) = place_days(Period(today, today))
    rake = commission_booked(table)
    assert rake > 0
    assert row.revenue == row.commission == house_booked(table) == rake
    assert row.held == escrow_held(table) == 4 * stake  # the players' bank, not the casino's
    assert row.between_players == row.stakes - row.refunds - rake


@pytest.fixture
def reporter(db):
    person = new_player(is_staff=True)
    person.user_permissions.add(Permission.objects.get(codename="view_reports"))
    return person


def test_the_page_and_the_csv_show_the_ledger_s_house_takings(monkeypatch, client, reporter):
    table, (anna, boris, vera) = baccarat_table(monkeypatch)
    play_two_coups(table, anna, boris, vera)
    today = timezone.localdate().isoformat()
    query = {"date_from": today, "date_to": today, "currency": "BYN"}
    client.force_login(reporter)
    page = client.get(reverse("floor:reports"), query, HTTP_ACCEPT_LANGUAGE="en")
    export = client.get(reverse("floor:reports_csv"), query, HTTP_ACCEPT_LANGUAGE="en")
    cells = TableCells()
    cells.feed(page.content.decode())
    header, *rows = cells.sections["tables_by_day"]
    (shown,) = [r for r in rows if r[2] == "Baccarat revenue"]
    column = dict(zip(header, shown, strict=True))
    assert column["Casino revenue"] == "0.30\xa0BYN"  # the two commissions, nothing of the bank
    assert column["Commission and rake"] == "0.30\xa0BYN"
    assert column["Players' money still in play"] == "281.70\xa0BYN"
    exported = list(csv.reader(io.StringIO(export.content.decode())))
    (csv_row,) = [r for r in exported if len(r) > 2 and r[2] == "Baccarat revenue"]
    assert csv_row == [page_as_csv_text(c) for c in shown]
    assert header in exported  # the same columns, in the same order
    assert '<span class="money">0.30\xa0BYN</span>' in page.content.decode()
