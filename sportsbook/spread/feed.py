"""Price feeds for spread-bet assets: one interface, two implementations. No Django.

`RandomWalkFeed` (the embedded default, started by the server process's clock): each tick moves
the mid by a whole number of points drawn from a seeded RNG, keeping the asset's spread (A14: the
spread is whatever bid and ask are; this feed keeps it constant). `FileFeed`: historical quotes
from a CSV file (`code,bid,ask` per line, `#` comments), each asset's rows replayed in order, one
per tick, then holding the last."""

from __future__ import annotations

import csv
import random
from collections import defaultdict
from decimal import Decimal
from pathlib import Path
from typing import Protocol

from sportsbook.spread.pnl import Quote


class PriceFeed(Protocol):
    def next_quote(self, code: str, last: Quote, point_size: Decimal) -> Quote | None:
        """The asset's next quote, or None for no change."""


class RandomWalkFeed:
    def __init__(self, seed: int = 0, max_step_points: int = 3):
        self.rng = random.Random(seed)
        self.max_step = max_step_points

    def next_quote(self, code: str, last: Quote, point_size: Decimal) -> Quote | None:
        step = self.rng.randint(-self.max_step, self.max_step)
        if step == 0:
            return None
        move = point_size * step
        if last.bid + move <= 0:
            move = -move  # a price stays positive
        return Quote(last.bid + move, last.ask + move)


class FileFeed:
    def __init__(self, path: str | Path):
        self.rows: dict[str, list[Quote]] = defaultdict(list)
        with open(path, newline="") as handle:
            for row in csv.reader(handle):
                if not row or row[0].lstrip().startswith("#"):
                    continue
                code, bid, ask = (cell.strip() for cell in row[:3])
                self.rows[code].append(Quote(Decimal(bid), Decimal(ask)))
        self.position: dict[str, int] = defaultdict(int)

    def next_quote(self, code: str, last: Quote, point_size: Decimal) -> Quote | None:
        rows = self.rows.get(code, [])
        n = self.position[code]
        if n >= len(rows):
            return None
        self.position[code] = n + 1
        quote = rows[n]
        return None if quote == last else quote
