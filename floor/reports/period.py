"""The period of a report: its first and last local day (``Period``, at most MAX_DAYS)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.db.models.functions import TruncDate
from django.utils import timezone

MAX_DAYS = 366  # the longest range one report covers (its chart has a bar a day)


# --- the period -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Period:
    """Calendar days from `first` to `last`, both included, in the casino's time zone."""

    first: dt.date
    last: dt.date

    def __post_init__(self):
        if self.last < self.first:
            raise ValueError("a period ends on or after its first day")

    @property
    def start(self) -> dt.datetime:
        return dt.datetime.combine(self.first, dt.time.min, tzinfo=timezone.get_default_timezone())

    @property
    def end(self) -> dt.datetime:
        """The first moment after the period (midnight after its last day)."""
        after = self.last + dt.timedelta(days=1)
        return dt.datetime.combine(after, dt.time.min, tzinfo=timezone.get_default_timezone())

    def days(self) -> list[dt.date]:
        return [self.first + dt.timedelta(days=n) for n in range((self.last - self.first).days + 1)]


def _local_day(field_name: str) -> TruncDate:
    return TruncDate(field_name, tzinfo=timezone.get_default_timezone())
