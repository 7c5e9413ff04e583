"""The market kinds' registry (`KINDS`), first moved whole into `kind.py`; the next commit splits
it into one module per family of kinds."""

from sportsbook.settlement.markets.kind import KINDS, MarketKind, Param, is_determined

__all__ = ["KINDS", "MarketKind", "Param", "is_determined"]
