"""Hypothesis: random offers, takes, edits and cancels on one outcome never match a price worse
than asked (BK §43), account for every minor unit of every stake (BK §43–§45), keep what is
reserved equal to every liability (A3), and settle to zero with commission (BK §53, A14)."""

from collections import defaultdict
from decimal import Decimal
from fractions import Fraction

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from sportsbook.exchange.matching import Book, Offer, Side, liability
from sportsbook.exchange.settle import MatchedBet, market_results
from sportsbook.settlement.grading import Settled

PLAYERS = range(1, 5)
ODDS = [Decimal(x) for x in ("0.5", "0.8", "1", "1.25", "1.5", "2", "2.5", "3.35")]
SETTLED = [
    Settled(1, 0),
    Settled(0, 0),
    Settled(0, 1),
    Settled(Decimal("0.5"), 0),
    Settled(Fraction(1, 3), 0),
    Settled(Decimal("0.5"), Decimal("0.5")),
]


class ExchangeMachine(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        self.book = Book()
        self.next_id = 1
        self.asked: dict[int, tuple[Side, Decimal, int]] = {}  # offer -> side, limit, stake
        self.matched: dict[int, int] = defaultdict(int)  # offer -> stake matched
        self.withdrawn: dict[int, int] = defaultdict(int)  # offer -> stake withdrawn/dropped
        self.fills = []
        self.open_to: dict[int, frozenset[int] | None] = {}

    def _submit(self, player, side, odds, stake, rest, open_to=None):
        offer_id = self.next_id
        self.next_id += 1
        offer = Offer(offer_id, player, side, odds, stake, offer_id, open_to)
        self.asked[offer_id] = (side, odds, stake)
        self.open_to[offer_id] = open_to
        fills = self.book.submit(offer, rest=rest)
        for fill in fills:
            back_side, back_limit, _ = self.asked[fill.back_offer]
            _, lay_limit, _ = self.asked[fill.lay_offer]
            # BK §43: never worse than asked: a backer gets at least his odds, a layer pays at
            # most his; and the price is the standing offer's
            assert back_limit <= fill.odds <= lay_limit
            assert fill.odds == self.asked[fill.maker][1]
            assert fill.back_player != fill.lay_player  # A4
            self._check_named(fill)
            self.matched[fill.back_offer] += fill.stake
            self.matched[fill.lay_offer] += fill.stake
        self.fills += fills
        if not rest and offer.remaining:
            self.withdrawn[offer_id] += offer.remaining

    def _check_named(self, fill):
        pairs = ((fill.back_offer, fill.lay_player), (fill.lay_offer, fill.back_player))
        for offer_id, other_player in pairs:
            named = self.open_to.get(offer_id)
            assert named is None or other_player in named  # A4: only the players named

    @rule(
        player=st.sampled_from(PLAYERS),
        side=st.sampled_from(list(Side)),
        odds=st.sampled_from(ODDS),
        stake=st.integers(1, 5_000),
    )
    def post(self, player, side, odds, stake):
        self._submit(player, side, odds, stake, rest=True)

    @rule(
        player=st.sampled_from(PLAYERS),
        side=st.sampled_from(list(Side)),
        odds=st.sampled_from(ODDS),
        stake=st.integers(1, 5_000),
        named=st.frozensets(st.sampled_from(PLAYERS), min_size=1, max_size=2),
    )
    def post_to_named_players(self, player, side, odds, stake, named):
        self._submit(player, side, odds, stake, rest=True, open_to=named - {player} or None)

    @rule(
        player=st.sampled_from(PLAYERS),
        side=st.sampled_from(list(Side)),
        odds=st.sampled_from(ODDS),
        stake=st.integers(1, 5_000),
    )
    def take(self, player, side, odds, stake):
        self._submit(player, side, odds, stake, rest=False)

    @precondition(lambda self: self.book.offers)
    @rule(data=st.data())
    def cancel(self, data):
        offer_id = data.draw(st.sampled_from(sorted(self.book.offers)))
        withdrawn = self.book.cancel(offer_id)
        self.withdrawn[offer_id] += withdrawn.remaining

    @precondition(lambda self: self.book.offers)
    @rule(data=st.data(), odds=st.sampled_from(ODDS), stake=st.integers(1, 5_000))
    def edit(self, data, odds, stake):
        offer_id = data.draw(st.sampled_from(sorted(self.book.offers)))
        new_id = self.next_id
        self.next_id += 1
        side = self.book.offers[offer_id].side
        self.asked[new_id] = (side, odds, stake)
        self.open_to[new_id] = self.open_to.get(offer_id)  # A6: the same parties
        old, fills = self.book.edit(offer_id, new_id=new_id, odds=odds, stake=stake, seq=new_id)
        self.withdrawn[offer_id] += old.remaining
        for fill in fills:
            self._check_named(fill)
            self.matched[fill.back_offer] += fill.stake
            self.matched[fill.lay_offer] += fill.stake
        self.fills += fills

    @invariant()
    def every_stake_is_accounted_for(self):
        for offer_id, (_side, _odds, stake) in self.asked.items():
            standing = self.book.offers.get(offer_id)
            left = standing.remaining if standing else 0
            assert left + self.matched[offer_id] + self.withdrawn[offer_id] == stake

    @invariant()
    def reserved_covers_the_worst_loss_of_every_player(self):
        # A3: reserving each offer's liability at its limit covers the matched bets' losses
        reserved = defaultdict(int)
        for offer in self.book.offers.values():
            reserved[offer.player] += offer.liability
        for fill in self.fills:
            reserved[fill.back_player] += fill.stake
            reserved[fill.lay_player] += fill.lay_liability
        for settled in SETTLED:
            bets = [
                MatchedBet(f.back_player, f.lay_player, "x", f.stake, f.odds) for f in self.fills
            ]
            results = market_results(bets, {"x": settled}, Decimal("5"))
            # money is conserved: players' changes plus the bookmaker's commission are zero
            total = sum(r.credited for r in results.values())
            assert total + sum(r.commission for r in results.values()) == 0
            for player, result in results.items():
                assert result.commission >= 0
                assert -result.credited <= reserved[player] - sum(
                    o.liability for o in self.book.offers.values() if o.player == player
                )

    @invariant()
    def ladder_is_ordered_best_first(self):
        backs = [price for price, _ in self.book.ladder(Side.BACK, depth=99)]
        lays = [price for price, _ in self.book.ladder(Side.LAY, depth=99)]
        assert backs == sorted(backs) and lays == sorted(lays, reverse=True)
        assert all(amount > 0 for _, amount in self.book.ladder(Side.BACK, depth=99))


ExchangeMachine.TestCase.settings = settings(
    max_examples=200, stateful_step_count=40, deadline=None
)
test_bk_43_random_offers_takes_cancels_conserve_money_and_never_match_worse = (
    ExchangeMachine.TestCase
)


def test_a3_liability_of_a_lay_is_stake_times_net_odds_rounded_toward_zero():
    assert liability(Side.LAY, 10_001, Decimal("0.5")) == 5_000
    assert liability(Side.BACK, 10_001, Decimal("0.5")) == 10_001
