"""The sportsbook's tables (the app label `sportsbook`; migrations in `sportsbook/migrations`),
each defined in the package of the product it belongs to and imported from here:

- `line/models.py`: sports, competitions, events, markets, outcomes, odds changes;
- `betting/models.py`: bets and their legs, the bettor's settings and stake limits, exchange rates;
- `settlement/models.py`: settlement runs and what each did to each bet;
- `exchange/models.py`: the exchange's markets, offers, bets, settlements and debts;
- `spread/models.py`: the spread bets' assets, quotes, orders, positions and closes.
"""

from sportsbook.betting.models import (
    Bet,
    BetKind,
    BetLeg,
    BetStatus,
    BettorSettings,
    ExchangeRate,
    OddsPolicy,
    PlayerStakeLimit,
)
from sportsbook.exchange.models import (
    ODDS_QUANTUM,
    ExchangeBet,
    ExchangeBetStatus,
    ExchangeDebt,
    ExchangeMarket,
    ExchangeOffer,
    ExchangeSettlement,
    ExchangeSide,
    OfferStatus,
)
from sportsbook.line.models import (
    LINE_CURRENCY,
    Competition,
    Event,
    EventStatus,
    Market,
    MarketStatus,
    NamedInBothLanguages,
    OddsChange,
    Outcome,
    Sport,
)
from sportsbook.settlement.models import (
    BetSettlement,
    SettlementReason,
    SettlementRun,
)
from sportsbook.spread.models import (
    SpreadAsset,
    SpreadClose,
    SpreadCloseReason,
    SpreadOrder,
    SpreadPosition,
    SpreadQuote,
)

__all__ = [
    "LINE_CURRENCY",
    "NamedInBothLanguages",
    "Sport",
    "Competition",
    "EventStatus",
    "Event",
    "MarketStatus",
    "Market",
    "Outcome",
    "OddsChange",
    "OddsPolicy",
    "BettorSettings",
    "PlayerStakeLimit",
    "ExchangeRate",
    "BetKind",
    "BetStatus",
    "Bet",
    "BetLeg",
    "SettlementReason",
    "SettlementRun",
    "BetSettlement",
    "ODDS_QUANTUM",
    "ExchangeMarket",
    "ExchangeSide",
    "OfferStatus",
    "ExchangeOffer",
    "ExchangeBetStatus",
    "ExchangeBet",
    "ExchangeSettlement",
    "ExchangeDebt",
    "SpreadAsset",
    "SpreadQuote",
    "SpreadOrder",
    "SpreadPosition",
    "SpreadCloseReason",
    "SpreadClose",
]
