"""Spread-bet arithmetic (BK §26–§36, bookmaker-financial.md): every worked example of section 4
to the cent, and the rulings each step cites. Money in minor units: "10 per point" = 1_000."""

import datetime as dt
from decimal import Decimal as D

import pytest

from sportsbook.spread.feed import FileFeed, RandomWalkFeed
from sportsbook.spread.pnl import (
    AssetTerms,
    CloseEffect,
    Direction,
    Hours,
    Position,
    Quote,
    SpreadError,
    close_effect,
    close_level,
    closeout_plan,
    equity,
    in_working_hours,
    open_level,
    pnl,
)

UP, DOWN = Direction.UP, Direction.DOWN
PIP = D("0.0001")
# worked example 4: margin 500 for 10 per point -> 50 points; level 200 -> 20 points
EURUSD = AssetTerms("EURUSD", PIP, margin_points=50, closeout_points=20)


def test_bk_30_a2_open_at_the_ask_or_bid_close_at_the_other_side():
    quote = Quote(D("1.2050"), D("1.2053"))
    assert open_level(UP, quote) == D("1.2053") and open_level(DOWN, quote) == D("1.2050")
    assert close_level(UP, quote) == D("1.2050") and close_level(DOWN, quote) == D("1.2053")


def test_bk_34_2_worked_example_1_up_bet_wins_270():
    opened = open_level(UP, Quote(D("1.2050"), D("1.2053")))
    closed = close_level(UP, Quote(D("1.2080"), D("1.2083")))
    assert pnl(UP, 1_000, opened, closed, PIP) == 27_000  # +27 points x 10


def test_bk_35_1_worked_example_2_down_bet_loses_115():
    opened = open_level(DOWN, Quote(D("1.2050"), D("1.2053")))
    closed = close_level(DOWN, Quote(D("1.2070"), D("1.2073")))
    assert pnl(DOWN, 500, opened, closed, PIP) == -11_500  # 23 points against x 5


def test_bk_31_a12_worked_example_3_partial_close_plus_40_then_minus_60():
    opened = D("1.2053")
    assert pnl(UP, 400, opened, D("1.2063"), PIP) == 4_000  # 4 per point closed at +10
    assert pnl(UP, 600, opened, D("1.2043"), PIP) == -6_000  # the other 6 at -10
    assert 4_000 - 6_000 == -2_000  # total over the bet: -20


def test_a4_equal_quotes_nothing_changes_hands():
    assert pnl(UP, 1_000, D("1.2053"), D("1.2053"), PIP) == 0


def test_a2_open_and_close_at_once_loses_exactly_the_spread_minus_30():
    quote = Quote(D("1.2050"), D("1.2053"))
    assert pnl(UP, 1_000, open_level(UP, quote), close_level(UP, quote), PIP) == -3_000


def test_a3_levels_off_the_point_grid_are_refused():
    with pytest.raises(SpreadError):
        pnl(UP, 1_000, D("1.20535"), D("1.2060"), PIP)


def test_bk_36_a7_worked_example_4_close_out_at_190_below_200_loses_310_keeps_190():
    position = Position(1, "EURUSD", UP, 1_000, D("1.2053"), margin=50_000)
    held = 50_000  # margin deposited 500
    quotes = {"EURUSD": Quote(D("1.2022"), D("1.2025"))}
    assert equity(held, [position], quotes, {"EURUSD": EURUSD}) == 19_000  # 500 - 310 < 200
    plan = closeout_plan(
        held=held,
        positions=[position],
        quotes=quotes,
        terms={"EURUSD": EURUSD},
        tradable={"EURUSD"},
    )
    assert [(c.position, c.level) for c in plan] == [(1, D("1.2022"))]
    # realised loss 310 taken from the margin; 190 remains (returned to the wallet)
    assert plan[0].effect == CloseEffect(pnl=-31_000, from_margin=31_000, debt=0, released=19_000)


def test_bk_36_no_close_out_while_equity_is_at_the_level():
    position = Position(1, "EURUSD", UP, 1_000, D("1.2053"), margin=50_000)
    quotes = {"EURUSD": Quote(D("1.2023"), D("1.2026"))}  # -30 points: equity 200 = level
    assert (
        closeout_plan(
            held=50_000,
            positions=[position],
            quotes=quotes,
            terms={"EURUSD": EURUSD},
            tradable={"EURUSD"},
        )
        == []
    )


def test_a7_scripted_price_path_closes_the_largest_loss_first_and_stops_at_the_level():
    terms = {"EURUSD": EURUSD, "GOLD": AssetTerms("GOLD", D("0.1"), 50, 20)}
    a = Position(1, "EURUSD", UP, 1_000, D("1.2053"), margin=50_000)
    b = Position(2, "GOLD", DOWN, 1_000, D("2000.0"), margin=50_000)
    held = 100_000
    path = [  # (EURUSD bid/ask, GOLD bid/ask)
        ((D("1.2050"), D("1.2053")), (D("1999.7"), D("2000.0"))),  # flat-ish
        ((D("1.2000"), D("1.2003")), (D("2001.0"), D("2001.3"))),  # EURUSD -53, GOLD -13
        ((D("1.1900"), D("1.1903")), (D("2002.0"), D("2002.3"))),  # EURUSD -153, GOLD -23
    ]
    closed_at = []
    positions = [a, b]
    for step, (eur, gold) in enumerate(path):
        quotes = {"EURUSD": Quote(*eur), "GOLD": Quote(*gold)}
        plan = closeout_plan(
            held=held, positions=positions, quotes=quotes, terms=terms, tradable=set(terms)
        )
        for close in plan:
            closed_at.append((step, close.position, close.effect.pnl))
            held += close.effect.account_change
            positions = [p for p in positions if p.id != close.position]
    # step 1: equity 1000 - 530 - 130 = 340 >= 400? no: 340 < 400 -> close EURUSD (-530) first;
    # then equity = 1000-530-(released 0: held 470 < GOLD's 500) - 130 = 340 >= 200: stop
    assert closed_at == [(1, 1, -53_000)]
    assert [p.id for p in positions] == [2]
    assert held == 47_000  # the loss came out of the margin account; nothing released


def test_a7_a_loss_beyond_the_margin_account_is_a_debt_never_lost():
    effect = close_effect(held=50_000, still_required=0, part_margin=50_000, result=-80_000)
    assert effect == CloseEffect(pnl=-80_000, from_margin=50_000, debt=30_000, released=0)
    assert effect.from_margin + effect.debt == 80_000  # the book is owed every kopeck


def test_a9_gap_past_the_level_after_closed_hours_closes_at_the_first_quote_and_records_a_debt():
    weekdays = Hours(days=frozenset(range(5)), opens=dt.time(9), closes=dt.time(17))
    terms = {"EURUSD": AssetTerms("EURUSD", PIP, 50, 20, hours=weekdays)}
    position = Position(1, "EURUSD", UP, 1_000, D("1.2053"), margin=50_000)
    friday_evening = dt.datetime(2026, 12, 4, 18, 0)
    monday_morning = dt.datetime(2026, 12, 7, 9, 0)
    assert not in_working_hours(weekdays, friday_evening)
    assert in_working_hours(weekdays, monday_morning)
    gapped = {"EURUSD": Quote(D("1.1900"), D("1.1903"))}  # -153 points over the weekend
    closed_market = closeout_plan(
        held=50_000, positions=[position], quotes=gapped, terms=terms, tradable=set()
    )
    assert closed_market == []  # A9: no orders while closed, not even the margin's
    plan = closeout_plan(
        held=50_000, positions=[position], quotes=gapped, terms=terms, tradable={"EURUSD"}
    )
    assert plan[0].level == D("1.1900")  # the first quote after reopening, past the level
    assert plan[0].effect == CloseEffect(-153_000, 50_000, 103_000, 0)


def test_a8_the_operators_switch_keeps_bets_open():
    terms = {"EURUSD": AssetTerms("EURUSD", PIP, 50, 20, auto_closeout=False)}
    position = Position(1, "EURUSD", UP, 1_000, D("1.2053"), margin=50_000)
    quotes = {"EURUSD": Quote(D("1.1900"), D("1.1903"))}
    assert (
        closeout_plan(
            held=50_000, positions=[position], quotes=quotes, terms=terms, tradable={"EURUSD"}
        )
        == []
    )


def test_bk_32_working_hours_past_midnight_and_all_day():
    night = Hours(opens=dt.time(22), closes=dt.time(6))
    assert in_working_hours(night, dt.datetime(2026, 12, 2, 23, 0))
    assert in_working_hours(night, dt.datetime(2026, 12, 2, 5, 59))
    assert not in_working_hours(night, dt.datetime(2026, 12, 2, 12, 0))
    assert in_working_hours(Hours(), dt.datetime(2026, 12, 6, 3, 0))


def test_the_random_walk_is_seeded_and_stays_on_the_point_grid():
    start = Quote(D("1.2050"), D("1.2053"))

    def walk(seed):
        feed, quote, out = RandomWalkFeed(seed), start, []
        for _ in range(50):
            quote = feed.next_quote("EURUSD", quote, PIP) or quote
            out.append(quote)
        return out

    assert walk(7) == walk(7) and walk(7) != walk(8)
    for quote in walk(7):
        assert quote.ask - quote.bid == D("0.0003")  # the spread kept (A14)
        assert (quote.bid / PIP) == (quote.bid / PIP).to_integral_value()


def test_the_file_feed_replays_historical_quotes_in_order(tmp_path):
    path = tmp_path / "quotes.csv"
    path.write_text(
        "# code,bid,ask\nEURUSD,1.2050,1.2053\nGOLD,2000.0,2000.5\nEURUSD,1.2060,1.2063\n"
    )
    feed = FileFeed(path)
    last = Quote(D("1.2000"), D("1.2003"))
    assert feed.next_quote("EURUSD", last, PIP) == Quote(D("1.2050"), D("1.2053"))
    assert feed.next_quote("EURUSD", last, PIP) == Quote(D("1.2060"), D("1.2063"))
    assert feed.next_quote("EURUSD", last, PIP) is None  # the file is done: no change
