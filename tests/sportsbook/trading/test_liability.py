"""The floor's sportsbook liability tab (issue 17 §1): per event with open bets, per currency, the
stakes held and each outcome's worst-case payout and house result (sportsbook.trading.liability);
the page and its socket for the pit boss only; one live frame per bet placed, settled or
cancelled."""

import math
import random
from decimal import Decimal

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import Group
from django.test import Client
from django.urls import reverse

from casino.apps import PIT_BOSS_GROUP
from casino.asgi import application
from sportsbook.betting.cancellations import bets_cancel
from sportsbook.line.services import event_set_status
from sportsbook.models import Bet, BetKind, BetLeg, EventStatus, Outcome
from sportsbook.settlement import bets as bet_math
from sportsbook.settlement.grading import LOST, VOID, WON
from sportsbook.settlement.runner import event_settle
from sportsbook.settlement.services import event_result_set
from sportsbook.trading.liability import event_liabilities, system_liability
from tests.conftest import fund, new_player
from tests.sportsbook.line import football_result, make_event, outcome, place, set_rates
from tests.tables.test_pit import HOST, ORIGIN, cookie_of

ODDS = {"1": "2.00", "X": "3.00", "2": "4.00"}


def pit_boss():
    boss = new_player(language="en")
    boss.groups.add(Group.objects.get(name=PIT_BOSS_GROUP))
    return boss


def signed_in(player) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(player)
    return client


def priced_event(sport="football"):
    """An event whose 1x2 outcomes pay 2, 3 and 4."""
    event = make_event(sport=sport)
    for code, odds in ODDS.items():
        Outcome.objects.filter(market__event=event, market__kind="1x2", code=code).update(
            odds=Decimal(odds)
        )
    return event


def finish(event, home: int, away: int):
    event_set_status(event_id=event.pk, status=EventStatus.FINISHED)
    event_result_set(event_id=event.pk, result=football_result(home, away))
    return event_settle(event_id=event.pk)


def figures(event_ids=None) -> dict:
    """(event, currency) -> (stakes, worst payout, worst net, {(market kind, code): (staked,
    payout, net)}) as the selector gives them."""
    found = {}
    for event in event_liabilities(event_ids):
        for c in event.currencies:
            outcomes = {}
            for market in c.markets:
                for o in market.outcomes:
                    code = Outcome.objects.get(pk=o.outcome_id)
                    outcomes[(code.market.kind, code.code)] = (o.staked, o.payout, o.net)
            found[(event.pk, c.currency)] = (c.stakes, c.worst_payout, c.worst_net, outcomes)
    return found


@pytest.fixture
def three_events(db):
    set_rates()
    return priced_event(), priced_event(), priced_event()


@pytest.fixture
def scripted(three_events):
    """Singles on several outcomes, an express, a 2/3 system, a bet in USD."""
    a, b, c = three_events
    bettor = new_player()
    fund(bettor, 100_000, "BYN")
    fund(bettor, 10_000, "USD")
    place(bettor, [outcome(a, "1x2", "1")], stake=10_000)  # pays 20,000
    place(bettor, [outcome(a, "1x2", "1")], stake=5_000)  # pays 10,000
    place(bettor, [outcome(a, "1x2", "X")], stake=2_000)  # pays 6,000
    place(bettor, [outcome(a, "1x2", "2")], stake=1_000, currency="USD")  # pays 4,000 USD
    # an express A-1 x B-1 at 2 x 2: 1,000 pays 4,000, counted against both legs
    place(bettor, [outcome(a, "1x2", "1"), outcome(b, "1x2", "1")], kind=BetKind.EXPRESS)
    # a system 2 of 3, A-2 (4) x B-X (3) x C-1 (2): 1,000 per combination
    place(
        bettor,
        [outcome(a, "1x2", "2"), outcome(b, "1x2", "X"), outcome(c, "1x2", "1")],
        kind=BetKind.SYSTEM,
        system_size=2,
        stake=3_000,
    )
    return a, b, c


def test_the_liability_of_singles_an_express_and_a_system_in_two_currencies(scripted):
    a, b, c = scripted
    found = figures()
    assert set(found) == {(a.pk, "BYN"), (a.pk, "USD"), (b.pk, "BYN"), (c.pk, "BYN")}

    stakes, worst, net, outcomes = found[(a.pk, "BYN")]
    # two singles and the express; A-2: the system's two combinations with it (2/3 of its
    # stake), paying 1,000 x 4 x (3 + 2) if A-2, B-X and C-1 all win
    assert outcomes[("1x2", "1")] == (16_000, 34_000, 20_000 - 34_000)
    assert outcomes[("1x2", "X")] == (2_000, 6_000, 20_000 - 6_000)
    assert outcomes[("1x2", "2")] == (2_000, 20_000, 0)
    assert (stakes, worst, net) == (20_000, 34_000, -14_000)
    assert ("total", "over") not in outcomes  # nobody bet on it in BYN

    # never added to the BYN: the USD single on its own
    stakes, worst, net, outcomes = found[(a.pk, "USD")]
    assert outcomes == {
        ("1x2", "1"): (0, 0, 1_000),
        ("1x2", "X"): (0, 0, 1_000),
        ("1x2", "2"): (1_000, 4_000, -3_000),
    }
    assert (stakes, worst, net) == (1_000, 4_000, -3_000)

    stakes, worst, net, outcomes = found[(b.pk, "BYN")]
    assert outcomes[("1x2", "1")] == (1_000, 4_000, 3_000 - 4_000)  # the express
    assert outcomes[("1x2", "X")] == (2_000, 1_000 * 3 * (4 + 2), 3_000 - 18_000)
    assert outcomes[("1x2", "2")] == (0, 0, 3_000)
    assert (stakes, worst, net) == (3_000, 18_000, -15_000)

    stakes, worst, net, outcomes = found[(c.pk, "BYN")]
    assert outcomes[("1x2", "1")] == (2_000, 1_000 * 2 * (4 + 3), 2_000 - 14_000)
    assert (stakes, worst) == (2_000, 14_000)

    # one event's figures alone are the same as in the whole list
    assert figures([b.pk]) == {(b.pk, "BYN"): found[(b.pk, "BYN")]}


def test_settling_an_event_ends_its_liability_and_updates_the_multiples_elsewhere(scripted):
    a, b, c = scripted
    finish(c, 0, 1)  # C-1 lost: the system's combinations with it are dead
    found = figures()
    assert (c.pk, "BYN") not in found
    _stakes, _worst, _net, outcomes = found[(a.pk, "BYN")]
    assert outcomes[("1x2", "2")] == (1_000, 1_000 * 4 * 3, 19_000 - 12_000)
    _stakes, _worst, _net, outcomes = found[(b.pk, "BYN")]
    assert outcomes[("1x2", "X")] == (1_000, 12_000, 2_000 - 12_000)

    finish(b, 1, 0)  # B-1 won, B-X lost: the express stands on A-1 alone, the system is dead
    found = figures()
    assert set(found) == {(a.pk, "BYN"), (a.pk, "USD")}
    _stakes, _worst, _net, outcomes = found[(a.pk, "BYN")]
    assert outcomes[("1x2", "1")] == (16_000, 34_000, 18_000 - 34_000)
    assert outcomes[("1x2", "2")] == (0, 0, 18_000)

    finish(a, 2, 2)
    assert event_liabilities() == []


def test_a_cancelled_bet_leaves_the_liability(three_events):
    a, _b, _c = three_events
    bettor = new_player()
    fund(bettor, 10_000)
    bet = place(bettor, [outcome(a, "1x2", "X")], stake=2_000)
    assert figures()[(a.pk, "BYN")][:2] == (2_000, 6_000)
    bets_cancel(bet_ids=[bet.pk], reason="wrong price shown", staff=None)
    assert event_liabilities() == []


def _system_return(bet: Bet, legs: list[BetLeg], losing: int | None = None) -> int:
    """The pure rules' return of a system if every open leg wins, but the leg `losing`."""

    def settled(leg):
        return bet_math.Leg(leg.odds, LOST if leg.pk == losing else leg.settled or WON)

    return bet_math.system_return(
        bet.stake,
        [settled(leg) for leg in legs if not leg.is_banker],
        bet.system_size,
        [settled(leg) for leg in legs if leg.is_banker],
    )


def test_a_systems_worst_case_per_leg_is_what_that_leg_adds_to_its_return():
    """Against the pure bet rules, 300 random systems (bankers, legs already won, lost or void):
    what an open leg's outcome costs at worst is the system's return if every open leg wins minus
    its return if that leg alone loses (the combinations without it pay the same either way)."""
    rng = random.Random(17)
    checked = 0
    for _case in range(300):
        m = rng.randint(3, 6)
        n = rng.randint(2, m - 1)
        bankers = rng.randint(0, 2)
        bet = Bet(
            kind=BetKind.SYSTEM,
            system_size=n,
            stake=rng.randint(math.comb(m, n), 50_000),
            currency="BYN",
        )
        legs = []
        for number in range(1, m + bankers + 1):
            result = rng.choice([None, None, None, WON, LOST, VOID])
            shares = (None, None) if result is None else (str(result.win), str(result.void))
            legs.append(
                BetLeg(
                    pk=number,
                    odds=Decimal(rng.randint(105, 500)) / 100,
                    is_banker=number > m,
                    outcome=Outcome(pk=number, win=shares[0], void=shares[1]),
                )
            )
        found = system_liability(bet, legs)
        for leg in legs:
            if leg.settled is not None:
                assert leg.outcome_id not in found
                continue
            adds = _system_return(bet, legs) - _system_return(bet, legs, losing=leg.pk)
            _share, payout = found.get(leg.outcome_id, (0, 0))
            assert abs(payout - adds) <= 1  # each side rounded down once (E34)
            checked += payout > 0
    assert checked > 100  # most cases had a leg that can still cost something


# --- the page and its socket --------------------------------------------------------------------


@pytest.mark.django_db
def test_only_the_pit_boss_sees_the_liability_page(three_events):
    a, _b, _c = three_events
    bettor = new_player()
    fund(bettor, 10_000)
    place(bettor, [outcome(a, "1x2", "X")], stake=2_000)
    url = reverse("floor:liability")
    anonymous = Client().get(url)
    assert anonymous.status_code == 302 and anonymous["Location"].startswith(reverse("login"))
    assert signed_in(bettor).get(url).status_code == 403
    page = signed_in(pit_boss()).get(url).content.decode()
    assert 'ws-connect="/ws/floor/liability/?sort=worst&amp;currency=BYN"' in page
    assert f'id="liability-event-{a.pk}"' in page and 'id="liability-sport-football"' in page
    assert 'data-stakes="2000" data-worst="6000"' in page
    assert f'href="{url}" aria-current="page"' in page  # the floor's tab


@pytest.mark.django_db
def test_the_page_is_sorted_by_worst_case_in_the_currency_asked_for_grouped_by_sport(db):
    set_rates()
    small, big, usd_only = priced_event(), priced_event(), priced_event()
    tennis = priced_event(sport="tennis")
    bettor = new_player()
    fund(bettor, 100_000)
    fund(bettor, 10_000, "USD")
    place(bettor, [outcome(small, "1x2", "1")], stake=1_000)
    place(bettor, [outcome(big, "1x2", "2")], stake=1_000)
    place(bettor, [outcome(usd_only, "1x2", "2")], stake=5_000, currency="USD")
    place(bettor, [outcome(tennis, "1x2", "1")], stake=1_000)
    client = signed_in(pit_boss())
    order = [big.pk, small.pk, usd_only.pk]  # no BYN on it: last
    page = client.get(reverse("floor:liability")).content.decode()
    rows = [page.index(f'id="liability-event-{pk}"') for pk in order]
    assert rows == sorted(rows)
    assert page.index('id="liability-sport-football"') < page.index(f"liability-event-{tennis.pk}")
    page = client.get(reverse("floor:liability"), {"currency": "USD"}).content.decode()
    assert page.index(f'id="liability-event-{usd_only.pk}"') < page.index(
        f'id="liability-event-{big.pk}"'
    )


@pytest.mark.django_db(transaction=True)
async def test_the_liability_socket_is_refused_to_players_and_strangers():
    player = await database_sync_to_async(new_player)()
    refusals = []
    for headers in ([ORIGIN, HOST], [ORIGIN, HOST, await cookie_of(player)]):
        socket = WebsocketCommunicator(application, "/ws/floor/liability/", headers=headers)
        refusals.append(await socket.connect(timeout=10))
    assert refusals == [(False, 4401), (False, 4403)]


def bet_on(bettor, picks, **kwargs):
    """A bet on (event, 1x2 code) picks, as `place` (sync: the outcomes are read here)."""
    return place(bettor, [outcome(event, "1x2", code) for event, code in picks], **kwargs)


def _setup_live():
    set_rates()
    first, second = priced_event(), priced_event()
    bettor = new_player()
    fund(bettor, 100_000)
    place(bettor, [outcome(first, "1x2", "1")], stake=1_000)
    return pit_boss(), bettor, first, second


@pytest.mark.django_db(transaction=True)
async def test_a_bet_placed_sends_one_frame_with_the_rows_new_figures():
    boss, bettor, first, second = await database_sync_to_async(_setup_live)()
    socket = WebsocketCommunicator(
        application, "/ws/floor/liability/", headers=[ORIGIN, HOST, await cookie_of(boss)]
    )
    assert (await socket.connect(timeout=10))[0]
    whole = await socket.receive_from(timeout=10)  # the whole list on (re)connect
    assert whole.startswith('<div id="liability-sports" hx-swap-oob="innerHTML">')
    assert f'id="liability-event-{first.pk}"' in whole and 'data-worst="2000"' in whole

    # a bet on a listed event: its row, in place, with the new figures
    await database_sync_to_async(bet_on)(bettor, [(first, "X")], stake=3_000)
    frame = await socket.receive_from(timeout=10)
    assert frame.startswith(f'<tr id="liability-event-{first.pk}"')
    assert 'hx-swap-oob="true"' in frame
    assert 'data-stakes="4000" data-worst="9000"' in frame  # the draw pays 9,000 now
    assert await socket.receive_nothing(timeout=1)  # exactly one frame

    # an express on a listed event and a new one of the same sport: one frame, both rows
    await database_sync_to_async(bet_on)(
        bettor, [(first, "2"), (second, "2")], kind=BetKind.EXPRESS, stake=1_000
    )
    frame = await socket.receive_from(timeout=10)
    assert f'<tr id="liability-event-{first.pk}"' in frame
    added = '<tbody hx-swap-oob="beforeend:#liability-rows-football">'
    assert f'{added}<tr id="liability-event-{second.pk}"' in frame
    assert 'data-stakes="1000" data-worst="16000"' in frame  # 1,000 x 4 x 4 on the new event
    assert await socket.receive_nothing(timeout=1)

    # settled: the event's row goes; the other event's row loses the express
    await database_sync_to_async(finish)(second, 0, 0)
    frame = await socket.receive_from(timeout=10)
    assert f'<tbody hx-swap-oob="delete:#liability-event-{second.pk}"></tbody>' in frame
    assert f'<tr id="liability-event-{first.pk}"' in frame and 'data-worst="9000"' in frame
    assert await socket.receive_nothing(timeout=1)

    # the last event settled: the whole list, saying there is nothing open
    await database_sync_to_async(finish)(first, 1, 1)
    frame = await socket.receive_from(timeout=10)
    assert 'id="no-liability"' in frame and "liability-event-" not in frame
    assert await socket.receive_nothing(timeout=1)

    await socket.send_to(text_data="refresh")
    assert "This socket accepts no messages." in await socket.receive_from(timeout=10)
    await socket.disconnect()
