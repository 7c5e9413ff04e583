"""The bet slip, kept in the player's session so it survives reloads (issue 4 §2).

The session holds only what the player chose: the outcomes (with the odds shown when each was
added, SB §1.7), which of them are bankers (SB §2.5), the size N of the system and the currency.
Everything else (current odds, market status, names) is read from the line when the slip is shown.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from casino.amounts import AmountError, parse_number

SESSION_KEY = "sportsbook_slip"
MAX_ITEMS = 16  # settlement.bets.MAX_SYSTEM_LEGS
MIN_ODDS = Decimal("1.001")  # above 1, three decimals at most
MAX_ODDS = Decimal(100_000)


@dataclass
class SlipItem:
    outcome_id: int
    odds_seen: Decimal
    banker: bool = False

    def to_dict(self) -> dict:
        return {"outcome": self.outcome_id, "odds": str(self.odds_seen), "banker": self.banker}


@dataclass
class Slip:
    items: list[SlipItem] = field(default_factory=list)
    system_size: int | None = None
    currency: str = ""

    @property
    def outcome_ids(self) -> list[int]:
        return [item.outcome_id for item in self.items]

    def item(self, outcome_id: int) -> SlipItem | None:
        return next((i for i in self.items if i.outcome_id == outcome_id), None)

    def to_dict(self) -> dict:
        return {
            "items": [item.to_dict() for item in self.items],
            "system_size": self.system_size,
            "currency": self.currency,
        }


def parse_odds(value) -> Decimal | None:
    """Decimal odds above 1 with at most three decimals, or None (casino.amounts reads them)."""
    try:
        return parse_number(str(value), places=3, low=MIN_ODDS, high=MAX_ODDS)
    except AmountError:
        return None


def load(session) -> Slip:
    data = session.get(SESSION_KEY) or {}
    items = []
    for raw in data.get("items", []):
        odds = parse_odds(raw.get("odds"))
        if isinstance(raw.get("outcome"), int) and odds is not None:
            items.append(SlipItem(raw["outcome"], odds, bool(raw.get("banker"))))
    size = data.get("system_size")
    return Slip(
        items=items,
        system_size=size if isinstance(size, int) else None,
        currency=data.get("currency") or "",
    )


def save(session, slip: Slip) -> None:
    session[SESSION_KEY] = slip.to_dict()


def add(session, outcome_id: int, odds_seen: Decimal) -> Slip:
    slip = load(session)
    existing = slip.item(outcome_id)
    if existing is not None:
        existing.odds_seen = odds_seen
    elif len(slip.items) < MAX_ITEMS:
        slip.items.append(SlipItem(outcome_id, odds_seen))
    save(session, slip)
    return slip


def remove(session, outcome_id: int) -> Slip:
    slip = load(session)
    slip.items = [i for i in slip.items if i.outcome_id != outcome_id]
    save(session, slip)
    return slip


def set_banker(session, outcome_id: int, banker: bool) -> Slip:
    slip = load(session)
    item = slip.item(outcome_id)
    if item is not None:
        item.banker = banker
    save(session, slip)
    return slip


def set_odds_seen(session, odds: dict[int, Decimal]) -> Slip:
    """The player has seen (and accepted) these odds: SB §1.7 confirmation."""
    slip = load(session)
    for item in slip.items:
        if item.outcome_id in odds:
            item.odds_seen = odds[item.outcome_id]
    save(session, slip)
    return slip


def set_system_size(session, size: int | None) -> Slip:
    slip = load(session)
    slip.system_size = size
    save(session, slip)
    return slip


def set_currency(session, currency: str) -> Slip:
    slip = load(session)
    slip.currency = currency
    save(session, slip)
    return slip


def remove_placed(session, bets) -> Slip:
    """Take out of the slip the selections the placed `bets` stand on (a placed express or
    system: the whole slip); the rest stays. A slip left empty forgets its system's N too."""
    slip = load(session)
    placed = {leg.outcome_id for bet in bets for leg in bet.legs.all()}
    if placed:
        slip.items = [i for i in slip.items if i.outcome_id not in placed]
        if not slip.items:
            slip.system_size = None
        save(session, slip)
    return slip


def clear(session) -> Slip:
    slip = load(session)
    slip.items = []
    slip.system_size = None
    save(session, slip)
    return slip
