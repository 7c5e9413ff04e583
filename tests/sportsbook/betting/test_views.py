"""The player's sportsbook pages: the line, the bet slip's placing (every refusal of bet_place
shown to the player), the odds-change confirmation (SB §1.7), idempotent placing, forged forms,
and "my bets" after a settlement."""

import datetime as dt
import re
import uuid
from decimal import Decimal

import pytest
from django.test import Client
from django.urls import reverse

from casino.models import Entry
from sportsbook.betting.services import Selection, bet_place
from sportsbook.line.services import event_score_set, event_set_status, market_set_status, odds_set
from sportsbook.models import (
    Bet,
    BetKind,
    BetStatus,
    BettorSettings,
    EventStatus,
    ExchangeRate,
    MarketStatus,
    OddsPolicy,
    PlayerStakeLimit,
)
from sportsbook.settlement import runner as settlement_runner
from sportsbook.settlement.results import EventResult
from sportsbook.settlement.services import event_result_set
from tests.conftest import assert_books_clean, fund, new_player
from tests.sportsbook import factories

pytestmark = pytest.mark.django_db

PLACE = reverse("sportsbook:slip_place")
ADD = reverse("sportsbook:slip_add")


@pytest.fixture(autouse=True)
def rates(db):
    ExchangeRate.objects.update_or_create(currency="BYN", defaults={"per_usd": Decimal("3.20")})


@pytest.fixture
def bettor(db):
    player = new_player(language="en")
    fund(player, 100_000)  # 1 000.00 BYN
    return player


@pytest.fixture
def client(bettor) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en", HTTP_HX_REQUEST="true")
    client.force_login(bettor)
    return client


def add(client, outcome, odds=None):
    return client.post(ADD, {"outcome": outcome.pk, "odds": str(odds or outcome.odds)})


def form_value(html: str, name: str) -> str:
    found = re.search(rf'name="{re.escape(name)}" value="([^"]*)"', html)
    assert found, f"no {name} in the slip"
    return found.group(1)


def place(client, kind, *, stake=None, stakes=None, key=None, system_size=None, odds=None):
    """Submit the slip's form of `kind` as the browser would: the key and odds it rendered."""
    slip = client.get(reverse("sportsbook:slip")).content.decode()
    data = {"kind": kind, "idempotency_key": key or form_value(slip, "idempotency_key")}
    for name, value in re.findall(r'name="(odds_\d+)" value="([^"]*)"', slip):
        data[name] = value
    data.update(odds or {})
    if stake is not None:
        data["stake"] = stake
    for outcome, amount in (stakes or {}).items():
        data[f"stake_{outcome.pk}"] = amount
    if system_size is not None:
        data["system_size"] = system_size
    return client.post(PLACE, data)


def text(response) -> str:
    return response.content.decode().replace("\u00a0", " ")


# --- pages -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name,args",
    [
        ("index", []),
        ("live", []),
        ("event", [1]),
        ("my_bets", []),
        ("slip", []),
        ("settings", []),
        ("slip_place", []),
    ],
)
def test_anonymous_players_are_sent_to_log_in(name, args):
    response = Client().get(reverse(f"sportsbook:{name}", args=args))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_sports_page_lists_pre_match_and_live_events(client):
    upcoming = factories.event(home="Dinamo", away="BATE")
    live = factories.event(
        home="Neman",
        away="Shakhtyor",
        status=EventStatus.LIVE,
        in_play=True,
        starts_in=dt.timedelta(minutes=-30),
        live_score={"score": [1, 0], "minute": 31},
    )
    page = text(client.get(reverse("sportsbook:index")))
    assert "Dinamo" in page and "Neman" in page
    live_page = text(client.get(reverse("sportsbook:live")))
    assert "Neman" in live_page and "Dinamo" not in live_page
    assert reverse("sportsbook:event", args=[live.pk]) in live_page
    sport_page = text(client.get(reverse("sportsbook:sport", args=["football"])))
    assert reverse("sportsbook:event", args=[upcoming.pk]) in sport_page


def test_event_page_groups_markets_and_shows_suspended_ones(client):
    event = factories.event(kinds=("1x2", "total", "asian_handicap"))
    factories.market(event, "total", params={"line": "3.5"}, position=5)
    suspended = event.markets.get(kind="asian_handicap")
    market_set_status(market_id=suspended.pk, status=MarketStatus.SUSPENDED)
    page = text(client.get(reverse("sportsbook:event", args=[event.pk])))
    assert "Match result (1X2)" in page
    assert page.count('data-kind="total"') == 1  # two total markets, one group
    assert "Total over/under (2.5)" in page and "Total over/under (3.5)" in page
    one = factories.outcome(event)
    assert f'id="outcome-{one.pk}"' in page and "1.50" in page
    block = page[page.index(f'id="market-{suspended.pk}"') :]
    block = block[: block.index("</div>\n</div>")]
    assert "Suspended" in block and "disabled" in block
    assert f'ws-connect="/ws/sport/event/{event.pk}/"' in page


def test_event_page_shows_the_live_score(client):
    event = factories.event(status=EventStatus.LIVE, in_play=True, starts_in=dt.timedelta(hours=-1))
    event_score_set(event_id=event.pk, score=[2, 1], minute=67, period="2nd half")
    page = text(client.get(reverse("sportsbook:event", args=[event.pk])))
    assert 'class="live-score"' in page and "2:1" in page and "67′" in page


def test_unknown_event_is_404(client):
    assert client.get(reverse("sportsbook:event", args=[999999])).status_code == 404


# --- the slip: adding and removing -----------------------------------------------------------


def test_slip_add_remove_survives_a_reload(client):
    event = factories.event()
    one, over = factories.outcome(event), factories.outcome(event, "total", "over")
    response = add(client, one)
    assert response.status_code == 200 and 'id="bet-slip"' in text(response)
    add(client, over)
    reloaded = text(client.get(reverse("sportsbook:slip")))
    assert f'data-outcome="{one.pk}"' in reloaded and f'data-outcome="{over.pk}"' in reloaded
    assert "Two outcomes of the same event cannot be combined" in reloaded
    removed = text(client.post(reverse("sportsbook:slip_remove"), {"outcome": one.pk}))
    assert f'data-outcome="{one.pk}"' not in removed and f'data-outcome="{over.pk}"' in removed
    cleared = text(client.post(reverse("sportsbook:slip_clear")))
    assert "Click the odds of an outcome" in cleared


@pytest.mark.parametrize("outcome", ["999999", "abc", "", "-3", "1; DROP TABLE"])
def test_adding_an_unknown_outcome_is_refused(client, outcome):
    response = client.post(ADD, {"outcome": outcome, "odds": "2"})
    assert "That outcome is not in the line." in text(response)
    assert 'class="slip-row' not in text(response)


def test_a_plain_post_redirects_back_with_a_message(bettor):
    event = factories.event()
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(bettor)
    page = reverse("sportsbook:event", args=[event.pk])
    response = client.post(ADD, {"outcome": factories.outcome(event).pk, "next": page})
    assert response.status_code == 302 and response["Location"] == page
    assert "slip-row" in text(client.get(page))


# --- placing: accepted bets ------------------------------------------------------------------


def test_singles_express_and_system_are_placed(client, bettor):
    events = [factories.event() for _ in range(3)]
    picks = [factories.outcome(e) for e in events]
    for pick in picks:
        add(client, pick)
    response = place(client, BetKind.SINGLE, stakes={picks[0]: "10", picks[1]: "12.50"})
    assert text(response).count("accepted") == 2
    singles = Bet.objects.filter(player=bettor, kind=BetKind.SINGLE).order_by("pk")
    assert [b.stake for b in singles] == [1000, 1250]
    assert all(b.currency == "BYN" for b in singles)
    # the placed selections left the slip; the one not staked stays
    assert re.findall(r'data-outcome="(\d+)"', text(response)) == [str(picks[2].pk)]

    for pick in picks[:2]:
        add(client, pick)
    placed = text(place(client, BetKind.EXPRESS, stake="5"))
    express = Bet.objects.get(player=bettor, kind=BetKind.EXPRESS)
    assert express.stake == 500 and express.legs.count() == 3
    assert "accepted" in placed and "slip-row" not in placed  # the slip is empty

    for pick in picks:
        add(client, pick)

    slip = text(client.get(reverse("sportsbook:slip")))
    assert "3 combinations" in slip and "2 of 3" in slip
    preview = text(
        client.post(reverse("sportsbook:slip_system"), {"system_size": "2", "stake": "30"})
    )
    assert "10.00 BYN each" in preview and preview.count('class="combination"') == 3
    place(client, BetKind.SYSTEM, stake="30", system_size="2")
    system = Bet.objects.get(player=bettor, kind=BetKind.SYSTEM)
    assert (system.stake, system.system_size, system.legs.count()) == (3000, 2, 3)
    # 3 expresses of 10.00 at 1.5 x 1.5 = 2.25 each
    assert system.potential_return == 3 * 2250
    assert_books_clean()


def test_a_system_with_a_banker_counts_n_and_m_without_it(client, bettor):
    picks = [factories.outcome(factories.event()) for _ in range(4)]
    for pick in picks:
        add(client, pick)
    client.post(reverse("sportsbook:slip_banker"), {"outcome": picks[0].pk, "banker": "on"})
    slip = text(client.get(reverse("sportsbook:slip")))
    assert "2 of 3" in slip and "1 banker in every combination" in slip
    assert slip.count('class="combination"') == 3
    place(client, BetKind.SYSTEM, stake="30", system_size="2")
    bet = Bet.objects.get(player=bettor, kind=BetKind.SYSTEM)
    assert bet.legs.filter(is_banker=True).get().outcome_id == picks[0].pk
    assert bet.potential_return == int(3 * 1000 * Decimal("2.25") * Decimal("1.5"))


def test_double_submit_places_one_bet(client, bettor):
    picks = [factories.outcome(factories.event()) for _ in range(2)]
    for pick in picks:
        add(client, pick)
    key = str(uuid.uuid4())
    first = place(client, BetKind.EXPRESS, stake="5", key=key)
    second = place(client, BetKind.EXPRESS, stake="5", key=key)  # the slip is empty by now
    assert "accepted" in text(first)
    assert "was already placed" in text(second)
    assert Bet.objects.filter(player=bettor).count() == 1
    assert Entry.objects.filter(account__owner=bettor, amount=-500).count() == 1
    # singles: each single of a retried form is placed once
    for pick in picks:
        add(client, pick)
    key = str(uuid.uuid4())
    place(client, BetKind.SINGLE, stakes={picks[0]: "3", picks[1]: "4"}, key=key)
    place(client, BetKind.SINGLE, stakes={picks[0]: "3", picks[1]: "4"}, key=key)
    assert Bet.objects.filter(player=bettor, kind=BetKind.SINGLE).count() == 2


def test_a_new_key_is_rendered_after_a_bet(client):
    pick, other = (factories.outcome(factories.event()) for _ in range(2))
    add(client, pick)
    add(client, other)
    before = form_value(text(client.get(reverse("sportsbook:slip"))), "idempotency_key")
    after = form_value(text(place(client, BetKind.SINGLE, stakes={pick: "5"})), "idempotency_key")
    assert before != after


def test_the_slip_empties_after_its_bets_are_placed(client, bettor):
    picks = [factories.outcome(factories.event()) for _ in range(2)]
    for pick in picks:
        add(client, pick)
    placed = text(place(client, BetKind.SINGLE, stakes={picks[0]: "5", picks[1]: "6"}))
    assert placed.count("accepted") == 2 and "slip-row" not in placed
    assert 'class="count">0<' in placed
    assert "Click the odds of an outcome to add it to your bet slip." in placed
    slip = text(client.get(reverse("sportsbook:slip")))
    assert "slip-row" not in slip and Bet.objects.filter(player=bettor).count() == 2
    # a refused selection stays in the slip, with its reason
    for pick in picks:
        add(client, pick)
    answer = text(place(client, BetKind.SINGLE, stakes={picks[0]: "5", picks[1]: "0.01"}))
    assert "accepted" in answer and "The minimum stake" in answer
    assert re.findall(r'data-outcome="(\d+)"', answer) == [str(picks[1].pk)]


# --- placing: every refusal shown ------------------------------------------------------------


def refused(response, message: str) -> None:
    body = text(response)
    assert 'class="notice error"' in body, body
    assert message in body, body


def test_below_the_minimum_stake_sb_5_1(client, bettor):
    pick = factories.outcome(factories.event())
    add(client, pick)
    # 0.5 USD at 3.20 BYN per USD = 1.60 BYN
    refused(place(client, BetKind.SINGLE, stakes={pick: "1.50"}), "The minimum stake is 1.60 BYN.")
    assert not Bet.objects.filter(player=bettor).exists()


def test_above_the_outcomes_maximum_sb_5_2(client, bettor):
    pick = factories.outcome(factories.event())
    add(client, pick)
    refused(
        place(client, BetKind.SINGLE, stakes={pick: "1000.01"}),
        "The maximum stake on this bet is 1 000.00 BYN.",
    )
    assert not Bet.objects.filter(player=bettor).exists()


def test_the_staff_stake_limit_sb_5_3(client, bettor):
    PlayerStakeLimit.objects.create(player=bettor, currency="BYN", max_stake=500)
    pick = factories.outcome(factories.event())
    add(client, pick)
    refused(
        place(client, BetKind.SINGLE, stakes={pick: "6"}), "Your maximum stake per bet is 5.00 BYN."
    )
    assert not Bet.objects.filter(player=bettor).exists()


def test_a_suspended_market(client, bettor):
    event = factories.event()
    pick = factories.outcome(event)
    add(client, pick)
    market_set_status(market_id=pick.market_id, status=MarketStatus.SUSPENDED)
    slip = text(client.get(reverse("sportsbook:slip")))
    assert "Suspended" in slip
    refused(
        place(client, BetKind.SINGLE, stakes={pick: "5"}),
        "“Match result (1X2)” is suspended: bets on it are not taken right now.",
    )
    assert not Bet.objects.filter(player=bettor).exists()


def test_a_started_event_that_is_not_live(client, bettor):
    event = factories.event(starts_in=dt.timedelta(minutes=-5))
    pick = factories.outcome(event)
    add(client, pick)
    refused(place(client, BetKind.SINGLE, stakes={pick: "5"}), "has started")
    assert not Bet.objects.filter(player=bettor).exists()


def test_a_live_market_of_a_live_event_is_taken(client, bettor):
    event = factories.event(
        status=EventStatus.LIVE, in_play=True, starts_in=dt.timedelta(minutes=-5)
    )
    pick = factories.outcome(event)
    add(client, pick)
    assert "accepted" in text(place(client, BetKind.SINGLE, stakes={pick: "5"}))
    assert Bet.objects.get(player=bettor).legs.get().live


def test_two_outcomes_of_one_event_in_an_express_sb_2_3_e8(client, bettor):
    event = factories.event()
    add(client, factories.outcome(event))
    add(client, factories.outcome(event, "total", "over"))
    refused(
        place(client, BetKind.EXPRESS, stake="5"),
        f"Two outcomes of {event} cannot be combined in one bet.",
    )
    assert not Bet.objects.filter(player=bettor).exists()


def test_a_stake_above_the_balance_sb_1_3(bettor):
    poor = new_player(language="en")
    fund(poor, 1000)
    client = Client(HTTP_ACCEPT_LANGUAGE="en", HTTP_HX_REQUEST="true")
    client.force_login(poor)
    pick = factories.outcome(factories.event())
    add(client, pick)
    refused(place(client, BetKind.SINGLE, stakes={pick: "10.01"}), "Insufficient funds")
    assert not Bet.objects.filter(player=poor).exists()
    assert_books_clean()


# --- odds changes (SB §1.7, E15) -------------------------------------------------------------


def test_odds_change_is_shown_old_and_new_and_a_confirm_places_at_the_new_odds(client, bettor):
    pick = factories.outcome(factories.event())  # 1.50
    add(client, pick)
    odds_set(outcome_id=pick.pk, odds=Decimal("1.40"), staff=None)
    slip = text(client.get(reverse("sportsbook:slip")))
    assert f'id="slip-odds-{pick.pk}"' in slip and "1.50" in slip and "1.40" in slip
    first = text(place(client, BetKind.SINGLE, stakes={pick: "10"}))
    assert "The odds have changed. Check the new odds and confirm your bet." in first
    assert re.search(r'class="old-odds">1\.50</s> → <strong class="new-odds">1\.40', first)
    assert "Confirm the new odds and place" in first
    # beside the selection's stake: the odds it was added at and the odds to confirm
    single = first[first.index('class="single-stake"') :]
    single = single[: single.index("</label>")]
    assert re.search(r'class="requote".*>1\.50</s> → <strong class="new-odds">1\.40<', single)
    assert form_value(first, f"odds_{pick.pk}") == "1.400"
    assert form_value(first, f"stake_{pick.pk}") == "10"
    assert not Bet.objects.filter(player=bettor).exists()
    # the confirm re-submits the same form: its key, the new odds seen
    confirm = {
        "kind": "single",
        "idempotency_key": form_value(first, "idempotency_key"),
        f"odds_{pick.pk}": form_value(first, f"odds_{pick.pk}"),
        f"stake_{pick.pk}": "10",
    }
    assert "accepted" in text(client.post(PLACE, confirm))
    assert "was already placed" in text(client.post(PLACE, confirm))
    bet = Bet.objects.get(player=bettor)
    assert bet.legs.get().odds == Decimal("1.40")


def test_accept_higher_odds_setting_places_without_asking(client, bettor):
    pick = factories.outcome(factories.event())
    add(client, pick)
    slip = text(client.post(reverse("sportsbook:slip_policy"), {"odds_policy": "higher"}))
    assert re.search(r'<option value="higher" selected>', slip)
    assert BettorSettings.objects.get(player=bettor).odds_policy == OddsPolicy.HIGHER
    odds_set(outcome_id=pick.pk, odds=Decimal("1.75"), staff=None)
    assert "accepted" in text(place(client, BetKind.SINGLE, stakes={pick: "5"}))
    assert Bet.objects.get(player=bettor).legs.get().odds == Decimal("1.75")
    # lower odds still ask
    other = factories.outcome(factories.event())
    add(client, other)
    odds_set(outcome_id=other.pk, odds=Decimal("1.25"), staff=None)
    assert "The odds have changed" in text(place(client, BetKind.SINGLE, stakes={other: "5"}))


def test_settings_page_changes_the_odds_policy(bettor):
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(bettor)
    assert "When odds change" in text(client.get(reverse("sportsbook:settings")))
    response = client.post(
        reverse("sportsbook:settings"),
        {"odds_policy": "any", "spread_policy": "small", "spread_points": "5"},
    )
    assert response.status_code == 302
    assert BettorSettings.objects.get(player=bettor).odds_policy == OddsPolicy.ANY
    bad = client.post(reverse("sportsbook:settings"), {"odds_policy": "whatever"})
    assert bad.status_code == 200 and "Select a valid choice" in text(bad)


# --- forged forms ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "data,message",
    [
        ({"stake_PICK": "-5"}, "Enter an amount above zero."),
        ({"stake_PICK": "abc"}, "Enter a number like 50 or 50,50."),
        ({"stake_PICK": "1e9"}, "Enter a number like 50 or 50,50."),
        ({"stake_PICK": "1000000.01"}, "At most 1"),
        ({"stake_PICK": "0,001"}, "Use at most 2 decimal places."),
        ({"stake_999999": "5"}, "Enter a stake for at least one single."),
        ({"stake_PICK": "5", "odds_PICK": "banana"}, "The odds in the form are not valid."),
        ({"stake_PICK": "5", "idempotency_key": "x"}, "Enter a valid UUID."),
        ({"stake_PICK": "5", "kind": "parlay"}, "Select a valid choice."),
    ],
)
def test_a_forged_form_is_refused_and_nothing_is_booked(client, bettor, data, message):
    pick = factories.outcome(factories.event())
    add(client, pick)
    form = {"kind": "single", "idempotency_key": str(uuid.uuid4())}
    form.update({k.replace("PICK", str(pick.pk)): v for k, v in data.items()})
    response = client.post(PLACE, form)
    assert response.status_code == 200
    refused(response, message)
    assert not Bet.objects.filter(player=bettor).exists()
    assert_books_clean()


def test_a_forged_system_size_is_refused(client, bettor):
    for _ in range(3):
        add(client, factories.outcome(factories.event()))
    refused(
        place(client, BetKind.SYSTEM, stake="30", system_size="3"),
        "A system N of 3 needs N from 2 to 2.",
    )
    refused(place(client, BetKind.SYSTEM, stake="30", system_size="x"), "Enter a whole number.")
    refused(place(client, BetKind.EXPRESS), "Enter a stake.")
    assert not Bet.objects.filter(player=bettor).exists()


def test_placing_an_empty_slip(client):
    refused(
        client.post(PLACE, {"kind": "express", "idempotency_key": str(uuid.uuid4()), "stake": "5"}),
        "Your bet slip is empty.",
    )


# --- my bets after settlement ----------------------------------------------------------------


def football_result(home: int, away: int) -> dict:
    goals = [{"minute": 10 + n, "team": "1"} for n in range(home)]
    goals += [{"minute": 60 + n, "team": "2"} for n in range(away)]
    return EventResult.from_dict(
        {
            "sport": "football",
            "periods": [{"home": home, "away": 0}, {"home": 0, "away": away}],
            "goals": goals,
        }
    ).to_dict()


def test_my_bets_shows_open_then_settled_bets_with_each_legs_result(client, bettor):
    first, second = factories.event(), factories.event()
    home_win = factories.outcome(first)  # 1 @ 1.50: won
    draw = factories.outcome(second, "1x2", "X")  # X @ 2.00: lost
    add(client, home_win)
    add(client, draw)
    place(client, BetKind.SINGLE, stakes={home_win: "10", draw: "10"})
    add(client, home_win)
    add(client, draw)
    place(client, BetKind.EXPRESS, stake="5")
    open_page = text(client.get(reverse("sportsbook:my_bets")))
    assert open_page.count('class="bet card status-open"') == 3
    assert "15.00 BYN" in open_page  # the single at 1.50: potential return

    for event, result in ((first, football_result(2, 0)), (second, football_result(1, 0))):
        event_set_status(event_id=event.pk, status=EventStatus.FINISHED)
        event_result_set(event_id=event.pk, result=result)
        settlement_runner.event_settle(event_id=event.pk)

    assert not Bet.objects.filter(player=bettor, status=BetStatus.OPEN).exists()
    assert "No open bets." in text(client.get(reverse("sportsbook:my_bets")))
    settled = text(client.get(reverse("sportsbook:my_bets") + "?state=settled"))
    single_won = Bet.objects.get(player=bettor, legs__outcome=home_win, kind=BetKind.SINGLE)
    assert single_won.status == BetStatus.WON and single_won.payout == 1500
    block = settled[settled.index(f'id="bet-{single_won.pk}"') :]
    block = block[: block.index("</article>")]
    assert "15.00 BYN" in block and 'class="leg result-won"' in block
    express = Bet.objects.get(player=bettor, kind=BetKind.EXPRESS)
    block = settled[settled.index(f'id="bet-{express.pk}"') :]
    block = block[: block.index("</article>")]
    assert 'class="leg result-won"' in block and 'class="leg result-lost"' in block
    assert "0.00 BYN" in block
    assert f"settlement:{first.pk}:1" in settled
    assert f'href="{reverse("cashier")}?currency=BYN"' in settled
    assert_books_clean()

    # the cashier's statement links the stake and the winnings to the bets
    statement = text(client.get(reverse("cashier")))
    assert reverse("sportsbook:bet", args=[single_won.pk]) in statement
    assert reverse("sportsbook:my_bets") + f"?state=settled&amp;event={first.pk}" in statement
    detail = text(client.get(reverse("sportsbook:bet", args=[single_won.pk])))
    assert "Bet №" in detail and 'class="leg-result">won<' in detail


def another_players_single(idempotency_key: str):
    """A single of 5.00 BYN by a new player on a new event's outcome: (bet, outcome)."""
    other = new_player()
    fund(other, 10_000)
    pick = factories.outcome(factories.event())
    bet, _ = bet_place(
        player=other,
        kind="single",
        selections=[Selection(pick.pk, pick.odds)],
        stake=500,
        currency="BYN",
        idempotency_key=idempotency_key,
    )
    return bet, pick


def test_another_players_bet_is_not_shown(client):
    bet, pick = another_players_single("x")
    assert client.get(reverse("sportsbook:bet", args=[bet.pk])).status_code == 404


# --- review: malformed input and other players' data ------------------------------------------


def test_a_huge_typed_system_stake_does_not_break_the_combinations(client, bettor):
    for _ in range(3):
        add(client, factories.outcome(factories.event()))
    for typed in ("1e999999999", "1e999999", "NaN", "-Infinity", "sNaN"):
        response = client.post(
            reverse("sportsbook:slip_system"), {"system_size": "2", "stake": typed}
        )
        assert response.status_code == 200, typed
        assert "combinations" in text(response)
    assert not Bet.objects.filter(player=bettor).exists()


@pytest.mark.parametrize("event", ["²", "١٢", "99999999999999999999"])
def test_a_malformed_event_filter_of_my_bets_is_ignored(client, event):
    response = client.get(reverse("sportsbook:my_bets"), {"state": "settled", "event": event})
    assert response.status_code == 200


def test_a_huge_bet_id_is_404(client):
    assert client.get("/sport/bets/99999999999999999999/").status_code == 404


def test_my_bets_filtered_by_event_shows_only_my_bets(client, bettor):
    theirs, pick = another_players_single("shared")
    page = text(client.get(reverse("sportsbook:my_bets"), {"event": pick.market.event_id}))
    assert reverse("sportsbook:bet", args=[theirs.pk]) not in page


def test_another_players_idempotency_key_does_not_fetch_their_bet(client, bettor):
    other = new_player()
    fund(other, 10_000)
    pick = factories.outcome(factories.event())
    key = str(uuid.uuid4())
    theirs, _ = bet_place(
        player=other,
        kind="single",
        selections=[Selection(pick.pk, pick.odds)],
        stake=500,
        currency="BYN",
        idempotency_key=f"{key}:single:{pick.pk}",
    )
    add(client, pick)
    response = place(client, BetKind.SINGLE, stakes={pick: "7"}, key=key)
    mine = Bet.objects.get(player=bettor)
    assert mine.pk != theirs.pk and mine.stake == 700
    assert f"Bet №{theirs.pk}" not in text(response)


def test_a_currency_without_a_wallet_is_refused_with_a_message(client, bettor):
    add(client, factories.outcome(factories.event()))
    response = client.post(reverse("sportsbook:slip_currency"), {"currency": "USD"})
    assert response.status_code == 200
    assert "USD" in text(response) and "wallet" in text(response)
    assert 'value="BYN" selected' in text(response)


def test_a_banker_or_removal_of_an_outcome_not_in_the_slip_is_refused(client, bettor):
    for _ in range(3):
        add(client, factories.outcome(factories.event()))
    stranger = factories.outcome(factories.event())
    for url, data in (
        ("sportsbook:slip_banker", {"outcome": stranger.pk, "banker": "on"}),
        ("sportsbook:slip_remove", {"outcome": stranger.pk}),
        ("sportsbook:slip_banker", {"outcome": "x", "banker": "on"}),
    ):
        response = client.post(reverse(url), data)
        assert response.status_code == 200
        assert "not in your bet slip" in text(response), url
    assert str(stranger.pk) not in str(client.session["sportsbook_slip"])


def test_get_and_missing_csrf_book_nothing(bettor):
    pick = factories.outcome(factories.event())
    strict = Client(enforce_csrf_checks=True, HTTP_HX_REQUEST="true")
    strict.force_login(bettor)
    assert strict.get(PLACE).status_code == 405
    assert strict.post(ADD, {"outcome": pick.pk}).status_code == 403
    assert strict.post(PLACE, {"kind": "single"}).status_code == 403
    assert not Bet.objects.filter(player=bettor).exists()
