"""Forms of the trader's desk (issue 4 §1) and of the supervisor's cancellations (SB §1.10).

The trader's forms carry what the trader saw (the odds, the event's version) so that a double
click or a stale page changes nothing twice. The results' forms are `settlement.forms`."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from sportsbook.models import EventStatus, MarketStatus

# --- the trader page ------------------------------------------------------------------------------


class OddsForm(forms.Form):
    odds = forms.CharField(max_length=20)
    # The odds the trader saw: a stale page (someone else moved them meanwhile) is refused.
    was = forms.CharField(max_length=20, required=False)

    @staticmethod
    def _decimal(value: str) -> Decimal | None:
        try:
            number = Decimal((value or "").strip().replace(",", "."))
        except InvalidOperation:
            return None
        return number if number.is_finite() else None

    def clean_odds(self) -> Decimal:
        odds = self._decimal(self.cleaned_data["odds"])
        if odds is None:
            raise forms.ValidationError(_("Odds are a number such as 1.85."))
        if odds <= 1:
            raise forms.ValidationError(_("Odds must be more than 1."))
        if odds >= 10_000 or odds != odds.quantize(Decimal("0.001")):
            raise forms.ValidationError(_("Odds have at most three decimals and are below 10000."))
        return odds.quantize(Decimal("0.001"))

    def clean_was(self) -> Decimal | None:
        return self._decimal(self.cleaned_data.get("was") or "")


class MarketStatusForm(forms.Form):
    status = forms.ChoiceField(
        choices=[
            (MarketStatus.OPEN, _("reopen")),
            (MarketStatus.SUSPENDED, _("suspend")),
            (MarketStatus.CLOSED, _("close")),
        ]
    )


EVENT_ACTIONS = [
    (EventStatus.LIVE, _("live")),
    (EventStatus.FINISHED, _("finished")),
    (EventStatus.INTERRUPTED, _("interrupted")),
    (EventStatus.POSTPONED, _("postponed")),
    (EventStatus.CANCELLED, _("cancelled")),
]


class EventStatusForm(forms.Form):
    status = forms.ChoiceField(choices=EVENT_ACTIONS)
    version = forms.IntegerField(min_value=0)


class ScoreForm(forms.Form):
    home = forms.IntegerField(min_value=0, max_value=999, label=_("home"))
    away = forms.IntegerField(min_value=0, max_value=999, label=pgettext_lazy("team", "away"))
    minute = forms.IntegerField(min_value=0, max_value=300, required=False, label=_("minute"))
    period = forms.CharField(max_length=40, required=False, label=_("period"))
    version = forms.IntegerField(min_value=0, widget=forms.HiddenInput)


# --- cancelling bets (SB §1.10) -------------------------------------------------------------------


MAX_BETS_PER_CANCELLATION = 1000
_BIGGEST_ID = 2**63 - 1  # a bigint: a larger number is no bet (and would overflow the query)


class CancelReasonForm(forms.Form):
    reason = forms.CharField(
        label=_("reason"),
        max_length=200,
        error_messages={"required": _("Give the reason for the cancellation.")},
    )


class CancelPlayerBetsForm(CancelReasonForm):
    """All of one player's bets on the event (SB §1.10: suspected of taking part in it)."""

    player = forms.CharField(label=_("player (login)"), max_length=150)
    field_order = ["player", "reason"]

    def clean_player(self):
        from casino.models import Player

        name = self.cleaned_data["player"].strip()
        # the exact login: two accounts may differ only in case (the admin does not stop it),
        # and cancelling the wrong one's bets would pay him
        player = Player.objects.filter(username=name).first()
        if player is None:
            raise forms.ValidationError(
                _("There is no player with the login “%(name)s”.") % {"name": name}
            )
        return player


class CancelBetsForm(CancelReasonForm):
    """Bets chosen by number (SB §1.10: accepted while a technical error showed wrong data)."""

    bets = forms.CharField(label=_("bet numbers"), max_length=10_000)
    field_order = ["bets", "reason"]

    def clean_bets(self) -> list[int]:
        words = self.cleaned_data["bets"].replace(",", " ").replace(";", " ").split()
        if not words or not all(word.isascii() and word.isdigit() for word in words):
            raise forms.ValidationError(_("Bet numbers are whole numbers separated by commas."))
        if any(len(word.lstrip("0")) > len(str(_BIGGEST_ID)) for word in words):
            # before int(): Python refuses to read a number of over 4,300 digits
            raise forms.ValidationError(_("There is no bet with such a number."))
        numbers = sorted({int(word) for word in words})
        if numbers[-1] > _BIGGEST_ID or numbers[0] < 1:
            raise forms.ValidationError(_("There is no bet with such a number."))
        if len(numbers) > MAX_BETS_PER_CANCELLATION:
            raise forms.ValidationError(
                _("At most %(count)s bets at a time.") % {"count": MAX_BETS_PER_CANCELLATION}
            )
        return numbers
