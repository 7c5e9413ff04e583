import uuid
from decimal import Decimal

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from casino.amounts import MoneyField
from casino.currencies import MINOR_UNITS, Currency
from casino.models import LimitKind, Player

MAX_CASHIER_AMOUNT = Decimal("1000000")


class SignUpForm(UserCreationForm):
    class Meta:
        model = Player
        fields = ("username", "display_name", "email", "preferred_currency", "language")


class ProfileForm(forms.ModelForm):
    class Meta:
        model = Player
        fields = ("display_name", "email", "preferred_currency", "language")


class IdempotentForm(forms.Form):
    """A money form carries a key made when the form was shown: submitting it twice (double
    click, browser retry) books once."""

    idempotency_key = forms.UUIDField(widget=forms.HiddenInput)

    @classmethod
    def fresh(cls, **kwargs):
        return cls(initial={"idempotency_key": uuid.uuid4(), **kwargs.pop("initial", {})}, **kwargs)


def cashier_ceiling(currency: str) -> int:
    """MAX_CASHIER_AMOUNT in `currency`'s minor units."""
    return int(MAX_CASHIER_AMOUNT) * 10 ** MINOR_UNITS[currency]


class CurrencyAmountForm(forms.Form):
    """A form with a `currency` choice and an `amount` in it: the amount is read in the chosen
    currency's major units (casino.amounts), up to MAX_CASHIER_AMOUNT of it."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        currency = self.data.get(self.add_prefix("currency")) if self.is_bound else None
        if currency not in MINOR_UNITS:
            currency = self.initial.get("currency") or self.fields["currency"].initial
        if currency in MINOR_UNITS:
            self.fields["amount"].currency = currency
            self.fields["amount"].high = cashier_ceiling(currency)


class CashForm(CurrencyAmountForm, IdempotentForm):
    currency = forms.ChoiceField(label=_("Currency"), choices=Currency.choices)
    amount = MoneyField(label=_("Amount"), high=cashier_ceiling("BYN"))

    def clean(self):
        cleaned = super().clean()
        if "amount" in cleaned and "currency" in cleaned:
            cleaned["amount_minor"] = cleaned["amount"]
        return cleaned


class TopUpForm(CashForm):
    pass


class StaffCashForm(CashForm):
    direction = forms.ChoiceField(
        label=_("Operation"),
        choices=[("deposit", _("Deposit")), ("withdrawal", _("Withdrawal"))],
    )
    reason = forms.CharField(label=_("Reason"), max_length=200)


class LimitForm(CurrencyAmountForm):
    kind = forms.ChoiceField(label=_("Limit"), choices=LimitKind.choices)
    currency = forms.ChoiceField(label=_("Currency"), choices=Currency.choices)
    amount = MoneyField(
        label=_("Amount (empty: no limit)"),
        required=False,
        zero=True,
        high=cashier_ceiling("BYN"),
    )

    def amount_minor(self) -> int | None:
        return self.cleaned_data["amount"]


class SelfExclusionForm(forms.Form):
    until = forms.DateField(
        label=_("Exclude me from play until"), widget=forms.DateInput(attrs={"type": "date"})
    )

    def clean_until(self):
        until = self.cleaned_data["until"]
        if until < timezone.localdate():
            raise forms.ValidationError(_("Choose a date from today on."))
        return until
