"""The session bet slip (sportsbook.betting.slip) and the slip as shown (selectors.slip_view):
adding, removing, bankers, the express's same-event warning (SB §2.3, E8), systems N of M with
every combination (SB §2.4) and bankers outside N and M (SB §2.5, E7)."""

from decimal import Decimal

import pytest

from sportsbook.betting import selectors
from sportsbook.betting import slip as session_slip
from tests.conftest import fund, new_player
from tests.sportsbook import factories

pytestmark = pytest.mark.django_db


@pytest.fixture
def session():
    return {}


def test_an_outcome_is_added_once_with_the_odds_seen(session):
    session_slip.add(session, 7, Decimal("1.85"))
    session_slip.add(session, 7, Decimal("1.90"))
    slip = session_slip.load(session)
    assert slip.outcome_ids == [7]
    assert slip.item(7).odds_seen == Decimal("1.90")


def test_remove_banker_clear(session):
    for pk in (1, 2, 3):
        session_slip.add(session, pk, Decimal("2"))
    session_slip.set_banker(session, 2, True)
    assert [i.banker for i in session_slip.load(session).items] == [False, True, False]
    session_slip.remove(session, 1)
    assert session_slip.load(session).outcome_ids == [2, 3]
    session_slip.clear(session)
    assert session_slip.load(session).items == []


def test_the_slip_holds_at_most_sixteen_outcomes(session):
    for pk in range(1, 20):
        session_slip.add(session, pk, Decimal("2"))
    assert len(session_slip.load(session).items) == session_slip.MAX_ITEMS


def test_a_tampered_session_is_read_safely(session):
    session[session_slip.SESSION_KEY] = {
        "items": [
            {"outcome": "x", "odds": "2"},
            {"outcome": 3, "odds": "nan"},
            {"outcome": 4, "odds": "0.5"},
            {"outcome": 5, "odds": "1.5"},
        ],
        "system_size": "2",
    }
    slip = session_slip.load(session)
    assert slip.outcome_ids == [5] and slip.system_size is None


@pytest.mark.parametrize(
    "raw,expected",
    [
        ("1.85", Decimal("1.85")),
        ("2", Decimal("2")),
        ("1", None),
        ("1.8555", None),
        ("abc", None),
        ("inf", None),
        ("-2", None),
        ("", None),
    ],
)
def test_parse_odds(raw, expected):
    assert session_slip.parse_odds(raw) == expected


def test_the_slip_as_shown_current_odds_and_same_event(session):
    player = new_player()
    fund(player, 1000)
    event = factories.event()
    one, over = factories.outcome(event), factories.outcome(event, "total", "over")
    session_slip.add(session, one.pk, Decimal("1.40"))
    session_slip.add(session, over.pk, over.odds)
    view = selectors.slip_view(session_slip.load(session), player)
    assert view.same_event
    assert view.rows[0].changed and view.rows[0].odds_now == Decimal("1.5")
    assert not view.rows[1].changed
    assert view.express_odds == Decimal("1.40") * over.odds
    assert view.currency == "BYN" and view.currencies == ["BYN"]
    assert view.system_sizes == []  # two outcomes: no system


def test_systems_list_every_combination(session):
    player = new_player()
    picks = [factories.outcome(factories.event()) for _ in range(4)]
    for pick in picks:
        session_slip.add(session, pick.pk, pick.odds)
    view = selectors.slip_view(session_slip.load(session), player)
    assert view.system_sizes == [2, 3]
    assert view.system_size == 2 and view.combination_count == 6  # C(4, 2)
    session_slip.set_system_size(session, 3)
    view = selectors.slip_view(session_slip.load(session), player)
    assert view.combination_count == 4  # C(4, 3)
    assert all(c.odds == Decimal("1.5") ** 3 for c in view.combinations)


def test_bankers_are_in_every_combination_and_outside_n_and_m(session):
    player = new_player()
    picks = [factories.outcome(factories.event()) for _ in range(5)]
    for pick in picks:
        session_slip.add(session, pick.pk, pick.odds)
    session_slip.set_banker(session, picks[0].pk, True)
    session_slip.set_banker(session, picks[1].pk, True)
    view = selectors.slip_view(session_slip.load(session), player)
    assert len(view.bankers) == 2 and len(view.others) == 3
    assert view.system_sizes == [2]  # 2 of 3 (E7: bankers do not count)
    assert view.combination_count == 3
    assert all(c.odds == Decimal("1.5") ** 4 for c in view.combinations)
    assert all(
        pick not in [r.outcome for r in c.rows] for c in view.combinations for pick in picks[:2]
    )


def test_a_currency_not_among_the_wallets_falls_back(session):
    player = new_player(preferred_currency="EUR")
    fund(player, 1000, "USD")
    session_slip.set_currency(session, "RUB")
    view = selectors.slip_view(session_slip.load(session), player)
    assert view.currency == "USD"
    fund(player, 1000, "EUR")
    assert selectors.slip_view(session_slip.load(session), player).currency == "EUR"


def test_an_outcome_gone_from_the_line_is_dropped(session):
    player = new_player()
    session_slip.add(session, 999_999, Decimal("2"))
    assert selectors.slip_view(session_slip.load(session), player).rows == []
