"""The platform with six seats (High card, tables/games/highcard/engine.py): players deciding at
once each on their own clock, joining between hands, leaving mid-hand (a fold), a tip from seat to
seat, the house bank paying and collecting, a shoe spanning hands under one commitment, every hand
rebuilt from its log, and a void that returns exactly the stakes."""

import datetime as dt

import pytest
from django.utils import timezone, translation

from casino import ledger
from casino.models import HousePurpose
from tables import presenters, selectors, services
from tables.engines import shuffle
from tables.games.highcard.settle import split_evenly
from tables.models import Hand, Table, TableEvent, TableStatus
from tests.conftest import assert_books_clean, fund, new_player

pytestmark = pytest.mark.django_db

TERMS = {"min_bet": 100, "max_bet": 1_000, "ante": 10, "decks": 1, "penetration": 0.5}


@pytest.fixture
def table(db):
    return Table.objects.create(
        name="High card",
        game="highcard",
        currency="BYN",
        settings={**TERMS, "action_seconds": 30, "start_seconds": 0},
    )


@pytest.fixture
def six(db):
    players = [new_player() for _ in range(6)]
    for player in players:
        fund(player, 100_000)
    return players


def wallets(players):
    return [ledger.balances_of(p).get("BYN", 0) for p in players]


def fresh(table):
    return Table.objects.get(pk=table.pk)


def seated(table, players):
    for player in players:
        services.table_sit(table_id=table.pk, player=player, connected=True)
    return fresh(table)


def finish_hand(table, players, *, bet=100, now=None):
    """Everyone still deciding bets `bet`, until the hand in play ends (at `now`, if given)."""
    by_seat = {s.position: s.player for s in table.seats.all()}
    number = fresh(table).hand_number
    while fresh(table).hand_number == number:
        state = fresh(table).state
        (position, *_rest) = state["clock"]["seats"] and sorted(
            int(p) for p in state["clock"]["seats"]
        )
        services.table_act(
            table_id=table.pk,
            player=by_seat[position],
            action={"type": "bet", "amount": bet},
            now=now,
        )
    return fresh(table)


@pytest.mark.parametrize(("bet_seconds", "runs"), [(90, 90), (None, 30)])
def test_each_decision_runs_on_the_clock_its_own_setting_names(table, six, bet_seconds, runs):
    """A bet is timed by the table's ``bet_seconds`` (the engine's ``clock_setting``); a table
    that does not set it times it by ``action_seconds`` (30 here)."""
    if bet_seconds is not None:
        Table.objects.filter(pk=table.pk).update(
            settings={**table.settings, "bet_seconds": bet_seconds}
        )
    table = seated(table, six)
    moment = timezone.now() + dt.timedelta(seconds=5)
    table = finish_hand(table, six, now=moment)  # the next hand is dealt at `moment`
    deadlines = {clock["deadline"] for clock in table.state["clock"]["seats"].values()}
    assert deadlines == {(moment + dt.timedelta(seconds=runs)).timestamp()}


def test_newcomers_are_dealt_in_from_the_next_hand(table, six):
    table = seated(table, six)
    assert table.status == TableStatus.PLAYING
    assert table.state["players"] == [0]  # the first sat down alone and was dealt at once
    table = finish_hand(table, six)
    assert table.state["players"] == [0, 1, 2, 3, 4, 5]
    assert sorted(int(p) for p in table.state["clock"]["seats"]) == [0, 1, 2, 3, 4, 5]


def test_players_deciding_at_once_each_keep_their_own_clock(table, six):
    table = finish_hand(seated(table, six), six)
    clocks = table.state["clock"]["seats"]
    by_seat = {s.position: s.player for s in table.seats.all()}
    later = timezone.now() + dt.timedelta(seconds=10)
    services.table_act(
        table_id=table.pk, player=by_seat[2], action={"type": "bet", "amount": 500}, now=later
    )
    after = fresh(table).state["clock"]["seats"]
    assert "2" not in after
    assert {p: after[p]["deadline"] for p in after} == {
        p: clocks[p]["deadline"] for p in clocks if p != "2"
    }  # one seat's bet restarts nobody else's clock
    # a tip does not end the tipper's decision; his own clock runs on unchanged as well
    services.table_act(
        table_id=table.pk, player=by_seat[3], action={"type": "tip", "to": 0, "amount": 50}
    )
    assert fresh(table).state["clock"]["seats"]["3"]["deadline"] == clocks["3"]["deadline"]
    # at the deadline every silent seat passes, each by its own clock
    overdue = dt.datetime.fromtimestamp(clocks["0"]["deadline"], tz=dt.UTC) + dt.timedelta(
        seconds=1
    )
    assert services.table_apply_overdue(table_id=table.pk, now=overdue) == 5
    timeouts = TableEvent.objects.filter(table=table, step="timeout")
    assert sorted(e.seat for e in timeouts) == [0, 1, 3, 4, 5]
    assert_books_clean()


def test_a_tip_is_paid_from_seat_to_seat_and_the_house_bank_pays_and_collects(table, six):
    table = finish_hand(seated(table, six), six)
    by_seat = {s.position: s.player for s in table.seats.all()}
    bank = ledger.house_account(HousePurpose.TABLE, "BYN", f"table:{table.pk}")
    bank_before, before = bank.current_balance(), wallets(six)
    services.table_act(
        table_id=table.pk, player=by_seat[1], action={"type": "tip", "to": 4, "amount": 77}
    )
    tipped = wallets(six)
    assert (tipped[1] - before[1], tipped[4] - before[4]) == (-77, 77)
    number = table.hand_number
    table = finish_hand(table, six, bet=200)
    result = Hand.objects.get(table=table, number=number).result
    won = sum(1 for w in result["won"].values() if w)
    lost = len(result["won"]) - won
    # 1:1 from the bank for each winner, each loser's box to it
    assert bank.current_balance() - bank_before == 200 * lost - 200 * won
    assert_books_clean()


def test_leaving_before_deciding_folds_and_the_seat_is_never_paid_again(table, six):
    table = finish_hand(seated(table, six), six)
    by_seat = {s.position: s.player for s in table.seats.all()}
    before = wallets(six)
    services.table_leave(table_id=table.pk, player=by_seat[5])
    table = fresh(table)
    assert 5 not in table.state["players"] and 5 not in {s.position for s in table.seats.all()}
    fold = TableEvent.objects.get(table=table, step="forfeit", seat=5)
    assert fold.action == {"type": "forfeit", "reason": "left"}
    table = finish_hand(table, six)
    assert wallets(six)[5] == before[5]  # his ante stays in the pot, nothing came back
    assert_books_clean()


def test_leaving_with_a_bet_standing_holds_the_seat_until_the_hand_pays_it(table, six):
    """Issue 31 (leaving with money working): the box plays on, nobody takes the seat, the
    player sees the public view and is paid at the hand's end; then the seat is free."""
    table = finish_hand(seated(table, six[:5]), six)
    by_seat = {s.position: s.player for s in table.seats.all()}
    leaver = by_seat[4]
    services.table_act(table_id=table.pk, player=leaver, action={"type": "bet", "amount": 300})
    services.table_leave(table_id=table.pk, player=leaver)
    table = fresh(table)
    seat = table.seats.get(position=4)
    assert seat.player == leaver and seat.leaving_since is not None
    assert 4 in table.state["players"]  # his box stands
    assert TableEvent.objects.filter(table=table, step="forfeit", seat=4).count() == 0
    # a spectator's and his own snapshot alike: he is not seated any more
    assert services.table_snapshot(table_id=table.pk, player=leaver)["seat"] is None
    # he may not act, nor sit again, while his bet is working; a newcomer takes another seat
    with pytest.raises(services.TableError):
        services.table_act(table_id=table.pk, player=leaver, action={"type": "pass"})
    with pytest.raises(services.TableError, match="bets working"):
        services.table_sit(table_id=table.pk, player=leaver)
    services.table_sit(table_id=table.pk, player=six[5])
    assert fresh(table).seats.get(player=six[5]).position == 5
    before = ledger.balances_of(leaver).get("BYN", 0)
    number = fresh(table).hand_number
    table = finish_hand(fresh(table), six)
    result = Hand.objects.get(table=table, number=number).result
    paid = ledger.balances_of(leaver).get("BYN", 0) - before
    # his stake and 1:1, or nothing, and his share of the five antes if his card was the best
    winners = result["ante_winners"]
    shares = dict(zip(winners, split_evenly(5 * 10, len(winners)), strict=True))
    assert paid == (600 if result["won"]["4"] else 0) + shares.get(4, 0)
    assert not table.seats.filter(player=leaver).exists()  # the seat is free again
    assert 4 not in fresh(table).state["dealt_in"]
    # a newcomer in that seat does not wear the leaver's result of the last hand
    newcomer = new_player()
    fund(newcomer, 100_000)
    services.table_sit(table_id=table.pk, player=newcomer)
    view = services.table_snapshot(table_id=table.pk, player=newcomer)
    assert view["seat"] == 4 and "4" in view["table"]["last_game"]["won"]
    with translation.override("en"):
        badges = presenters.board_context(view)["seat_badges"]
    assert not [kind for kind, _text in badges.get(4, []) if kind.startswith("last-")]
    assert_books_clean()


def test_one_commitment_covers_the_whole_shoe_and_is_revealed_when_it_is_finished(table, six):
    table = seated(table, six[:3])
    for _ in range(12):
        table = finish_hand(table, six)
    hands = list(Hand.objects.filter(table=table, ended_at__isnull=False).order_by("number"))
    scopes = {}
    for hand in hands:
        scopes.setdefault(hand.shuffle_scope, []).append(hand)
    assert len(scopes) >= 2  # the cut card came out: a new shoe, a new commitment
    for scope, in_shoe in scopes.items():
        assert scope.startswith("shoe:")
        assert len({h.commitment for h in in_shoe}) == 1  # published once for the shoe
        if all(h.revealed for h in in_shoe):
            assert shuffle.verify(in_shoe[0].deck_record, in_shoe[0].secret, in_shoe[0].commitment)
    current = Hand.objects.get(table=table, number=table.hand_number)
    open_scope = Hand.objects.filter(table=table, shuffle_scope=current.shuffle_scope)
    assert not any(h.revealed for h in open_scope)  # the shoe in play keeps its order secret
    assert Hand.objects.filter(table=table, revealed_at__isnull=False).exists()


def test_every_hand_replays_from_its_log_with_the_dice_it_rolled(table, six):
    table = seated(table, six[:4])
    for _ in range(15):
        table = finish_hand(table, six)
    rolled = TableEvent.objects.filter(table=table).exclude(draws=[])
    for hand in Hand.objects.filter(table=table, ended_at__isnull=False):
        rebuilt = selectors.hand_final_state(hand)
        assert rebuilt["over"] and rebuilt["result"] == hand.result
    if rolled.exists():  # a tie rolled a die mid-hand: it is in the log and replays the same
        assert all(e.draws and all(0 <= d < 6 for d in e.draws) for e in rolled)


def test_a_void_returns_exactly_the_stakes_of_the_hand(table, six, staff):
    from django.contrib.auth.models import Group

    staff.groups.add(Group.objects.get(name="Pit boss"))
    table = finish_hand(seated(table, six), six)
    by_seat = {s.position: s.player for s in table.seats.all()}
    before_antes = [w + 10 for w in wallets(six)]  # the hand in play took each ante
    services.table_act(table_id=table.pk, player=by_seat[0], action={"type": "bet", "amount": 400})
    services.table_act(table_id=table.pk, player=by_seat[3], action={"type": "bet", "amount": 900})
    services.table_staff_act(table_id=table.pk, staff=staff, act="void", reason="dealer error")
    void = TableEvent.objects.get(table=table, step="void")
    returned = {}
    for event in void.events:
        if event["type"] == "payment":
            returned[event["target"]] = returned.get(event["target"], 0) + event["amount"]
    assert returned == {f"seat:{p}": 10 + {0: 400, 3: 900}.get(p, 0) for p in range(6)}
    # every stake came back; the next hand has started and taken its ante
    assert fresh(table).hand_number == table.hand_number + 1
    assert wallets(six) == [w - 10 for w in before_antes]
    assert_books_clean()


def test_a_click_is_stale_only_when_its_own_decision_changed(table, six):
    """At a table where all decide at once, another player's move does not make a board
    stale (its turn key is the same); the seat's own move does."""
    table = finish_hand(seated(table, six[:3]), six)
    by_seat = {s.position: s.player for s in table.seats.all()}
    turn = selectors.table_view(table, {}, 0)["turn"]
    old_version = table.version
    services.table_act(table_id=table.pk, player=by_seat[1], action={"type": "pass"})
    # seat 0's board (from before seat 1 passed) still holds seat 0's decision: accepted, and
    # a tip does not end it (High card's turn key is one decision per hand)
    for action in ({"type": "tip", "to": 2, "amount": 5}, {"type": "bet", "amount": 100}):
        services.table_act(table_id=table.pk, player=by_seat[0], action=action, expected_turn=turn)
    with pytest.raises(services.TableError, match="moved on"):  # its bet ended that decision
        services.table_act(
            table_id=table.pk,
            player=by_seat[0],
            action={"type": "bet", "amount": 100},
            expected_turn=turn,
        )
    with pytest.raises(services.TableError, match="moved on"):  # a version says the table's
        services.table_act(
            table_id=table.pk,
            player=by_seat[2],
            action={"type": "pass"},
            expected_version=old_version,
        )


def test_a_bet_over_the_players_loss_limit_is_refused_to_him_and_books_nothing(table, six):
    """CG: responsible gaming at a six-seat table: the stakes' check reads each seat's limits."""
    from casino import limits
    from casino.models import LimitKind

    table = finish_hand(seated(table, six), six)
    by_seat = {s.position: s.player for s in table.seats.all()}
    limited = by_seat[2]
    limits.limit_set(player=limited, kind=LimitKind.LOSS, currency="BYN", amount=50, by=limited)
    before, version = wallets(six), fresh(table).version
    with pytest.raises(services.TableError, match="daily loss limit"):
        services.table_act(table_id=table.pk, player=limited, action={"type": "bet", "amount": 500})
    assert (wallets(six), fresh(table).version) == (before, version)
    services.table_act(table_id=table.pk, player=by_seat[3], action={"type": "bet", "amount": 500})
    assert wallets(six)[3] == before[3] - 500
    assert_books_clean()


def test_the_action_ending_a_hand_is_logged_in_that_hand_and_the_deal_in_the_next(table, six):
    """The events of one change are stored with the table row, each in the hand it was in."""
    table = finish_hand(seated(table, six), six)
    version = fresh(table).version
    table = finish_hand(table, six)
    last_two = list(TableEvent.objects.filter(table=table, version__gt=version).order_by("version"))
    ending, deal = last_two[-2], last_two[-1]
    assert (ending.step, deal.step) == ("engine", "deal")
    ended = Hand.objects.get(pk=ending.hand_id)
    dealt = Hand.objects.get(pk=deal.hand_id)
    assert ended.ended_at is not None and dealt.ended_at is None
    assert dealt.number == ended.number + 1 == fresh(table).hand_number
    assert [e.version for e in last_two] == list(range(version + 1, fresh(table).version + 1))


def test_the_pit_boss_pace_is_counted_again_when_a_hand_ends_not_at_every_bet(
    table, six, monkeypatch, django_capture_on_commit_callbacks
):
    from tables import outbox

    sent, counted = [], []
    monkeypatch.setattr(outbox, "group_send_all", sent.extend)
    monkeypatch.setattr(outbox, "has_listeners", lambda layer, group: True)
    real = outbox.games_last_hour
    monkeypatch.setattr(outbox, "games_last_hour", lambda ids: counted.append(ids) or real(ids))
    with django_capture_on_commit_callbacks(execute=True):
        table = finish_hand(seated(table, six), six)
    by_seat = {s.position: s.player for s in table.seats.all()}
    sent.clear()
    counted.clear()
    for position in (0, 1, 2):  # bets of one hand: each changes the money in play
        with django_capture_on_commit_callbacks(execute=True):
            services.table_act(
                table_id=table.pk, player=by_seat[position], action={"type": "bet", "amount": 100}
            )
    pit_rows = [m["summary"] for g, m in sent if g == "pit"]
    assert len(pit_rows) == 3 and counted == []  # the pace was known
    paced = pit_rows[-1]["games_last_hour"]
    with django_capture_on_commit_callbacks(execute=True):
        finish_hand(table, six)
    assert len(counted) >= 1
    assert [m["summary"] for g, m in sent if g == "pit"][-1]["games_last_hour"] == paced + 1
