"""Forms of the player's sportsbook: adding to the slip, placing bets, the odds setting."""

from __future__ import annotations

import uuid
from decimal import Decimal

from django import forms
from django.utils.translation import gettext_lazy as _

from casino.amounts import MoneyField
from casino.currencies import MINOR_UNITS
from sportsbook.betting.slip import parse_odds
from sportsbook.models import BetKind, BettorSettings

MAX_STAKE_MAJOR = Decimal("1000000")


class AddForm(forms.Form):
    outcome = forms.IntegerField(min_value=1, max_value=2**62)
    odds = forms.CharField(required=False, max_length=20)

    def clean_odds(self):
        raw = self.cleaned_data.get("odds") or ""
        return parse_odds(raw) if raw else None


class OutcomeForm(forms.Form):
    outcome = forms.IntegerField(min_value=1, max_value=2**62)


class StakeField(MoneyField):
    """A stake as a person types it, in the slip's currency's major units ("12,50", "1 000";
    casino.amounts), cleaned to minor units; at most MAX_STAKE_MAJOR."""

    def __init__(self, **kwargs):
        kwargs.setdefault("label", _("Stake"))
        super().__init__(**kwargs)

    def set_currency(self, currency: str) -> None:
        self.currency = currency
        self.high = int(MAX_STAKE_MAJOR) * 10 ** MINOR_UNITS[currency]


class PlaceForm(forms.Form):
    """One placing of the slip: singles (a stake per outcome), the express of all, or a system.

    The outcomes are the slip's (the session's); the form brings the stakes and the odds the
    player saw on the form (`odds_<outcome>`, SB §1.7). The idempotency key was made when the form
    was rendered, so a double click or a retry places each bet once.
    """

    kind = forms.ChoiceField(choices=BetKind.choices)
    idempotency_key = forms.UUIDField(widget=forms.HiddenInput)
    stake = StakeField(required=False)
    system_size = forms.IntegerField(required=False, min_value=2, max_value=16)

    def __init__(self, *args, outcome_ids: list[int], currency: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.outcome_ids = outcome_ids
        self.currency = currency
        for outcome_id in outcome_ids:
            self.fields[f"stake_{outcome_id}"] = StakeField(required=False)
            self.fields[f"odds_{outcome_id}"] = forms.CharField(required=False, max_length=20)
        for field in self.fields.values():
            if isinstance(field, StakeField):
                field.set_currency(currency if currency in MINOR_UNITS else "BYN")

    @staticmethod
    def new_key() -> str:
        return str(uuid.uuid4())

    def clean(self):
        cleaned = super().clean()
        if not self.outcome_ids:
            raise forms.ValidationError(_("Your bet slip is empty."))
        odds_seen = {}
        for outcome_id in self.outcome_ids:
            raw = cleaned.get(f"odds_{outcome_id}") or ""
            if raw:
                odds = parse_odds(raw)
                if odds is None:
                    raise forms.ValidationError(_("The odds in the form are not valid."))
                odds_seen[outcome_id] = odds
        cleaned["odds_seen"] = odds_seen
        kind = cleaned.get("kind")
        if kind == BetKind.SINGLE:
            stakes = {}
            for outcome_id in self.outcome_ids:
                amount = cleaned.get(f"stake_{outcome_id}")
                if amount is not None:
                    stakes[outcome_id] = amount
            if not stakes and not self.errors:
                raise forms.ValidationError(_("Enter a stake for at least one single."))
            cleaned["stakes"] = stakes
        elif kind in (BetKind.EXPRESS, BetKind.SYSTEM):
            if cleaned.get("stake") is None:
                if "stake" not in self.errors:
                    self.add_error("stake", _("Enter a stake."))
            else:
                cleaned["stake_minor"] = cleaned["stake"]
            if (
                kind == BetKind.SYSTEM
                and cleaned.get("system_size") is None
                and "system_size" not in self.errors
            ):
                self.add_error("system_size", _("Choose the size N of the system."))
        return cleaned


class CurrencyForm(forms.Form):
    currency = forms.CharField(max_length=3)


class SystemForm(forms.Form):
    system_size = forms.IntegerField(min_value=2, max_value=16)


class BettorSettingsForm(forms.ModelForm):
    """The betting settings page: what to do when odds (SB §1.7) or spread quotes move."""

    class Meta:
        model = BettorSettings
        fields = ("odds_policy", "spread_policy", "spread_points")
        widgets = {"spread_points": forms.NumberInput(attrs={"min": 0, "max": 1000, "size": 4})}


class OddsPolicyForm(forms.ModelForm):
    """The slip's own select: the odds' setting only."""

    class Meta:
        model = BettorSettings
        fields = ("odds_policy",)
