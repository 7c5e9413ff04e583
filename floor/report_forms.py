"""The reports' filter: a date range (both days included, the casino's calendar) and a currency."""

from __future__ import annotations

import datetime as dt

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from casino.currencies import Currency
from floor.reports import MAX_DAYS, Period

DEFAULT_DAYS = 7


def default_period(today: dt.date | None = None) -> Period:
    """The last DEFAULT_DAYS days up to today (the casino's today)."""
    today = today or timezone.localdate()
    return Period(today - dt.timedelta(days=DEFAULT_DAYS - 1), today)


class ReportForm(forms.Form):
    date_from = forms.DateField(label=_("From"), widget=forms.DateInput(attrs={"type": "date"}))
    date_to = forms.DateField(label=_("To"), widget=forms.DateInput(attrs={"type": "date"}))
    # amounts are never added across currencies: all currencies shows each one on its own rows
    currency = forms.ChoiceField(
        label=_("Currency"),
        choices=[("", _("All currencies")), *Currency.choices],
        required=False,
    )

    @classmethod
    def from_query(cls, query) -> ReportForm:
        """Bound to the query string; an empty one asks for the default period."""
        if not any(name in query for name in ("date_from", "date_to", "currency")):
            period = default_period()
            query = {"date_from": period.first.isoformat(), "date_to": period.last.isoformat()}
        return cls(query)

    def clean(self):
        cleaned = super().clean()
        first, last = cleaned.get("date_from"), cleaned.get("date_to")
        if first and last:
            if last < first:
                raise forms.ValidationError(
                    _("The start date is after the end date: choose a start on or before the end."),
                    code="reversed",
                )
            if (last - first).days + 1 > MAX_DAYS:
                raise forms.ValidationError(
                    ngettext(
                        "A report covers at most %(days)s day: choose a shorter range.",
                        "A report covers at most %(days)s days: choose a shorter range.",
                        MAX_DAYS,
                    ),
                    code="too_long",
                    params={"days": MAX_DAYS},
                )
        return cleaned

    @property
    def period(self) -> Period:
        return Period(self.cleaned_data["date_from"], self.cleaned_data["date_to"])

    @property
    def chosen_currency(self) -> str | None:
        return self.cleaned_data.get("currency") or None
