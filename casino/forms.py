import uuid
from decimal import Decimal, InvalidOperation

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from casino.currencies import MINOR_UNITS, Currency, to_minor
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


class AmountField(forms.DecimalField):
    def __init__(self, **kwargs):
        kwargs.setdefault("label", _("Amount"))
        super().__init__(
            min_value=Decimal("0.01"), max_value=MAX_CASHIER_AMOUNT, decimal_places=2, **kwargs
        )


class CashForm(IdempotentForm):
    currency = forms.ChoiceField(label=_("Currency"), choices=Currency.choices)
    amount = AmountField()

    def clean(self):
        cleaned = super().clean()
        if "amount" in cleaned and "currency" in cleaned:
            try:
                cleaned["amount_minor"] = to_minor(cleaned["amount"], cleaned["currency"])
            except (ValueError, InvalidOperation):
                raise forms.ValidationError(
                    _("Use at most %(digits)s decimal places.")
                    % {"digits": MINOR_UNITS[cleaned["currency"]]}
                ) from None
        return cleaned


class TopUpForm(CashForm):
    pass


class StaffCashForm(CashForm):
    direction = forms.ChoiceField(
        label=_("Operation"),
        choices=[("deposit", _("Deposit")), ("withdrawal", _("Withdrawal"))],
    )
    reason = forms.CharField(label=_("Reason"), max_length=200)


class LimitForm(forms.Form):
    kind = forms.ChoiceField(label=_("Limit"), choices=LimitKind.choices)
    currency = forms.ChoiceField(label=_("Currency"), choices=Currency.choices)
    amount = forms.DecimalField(
        label=_("Amount (empty: no limit)"),
        required=False,
        min_value=Decimal("0"),
        max_value=MAX_CASHIER_AMOUNT,
        decimal_places=2,
    )

    def amount_minor(self) -> int | None:
        amount = self.cleaned_data["amount"]
        return None if amount is None else to_minor(amount, self.cleaned_data["currency"])


class SelfExclusionForm(forms.Form):
    until = forms.DateField(
        label=_("Exclude me from play until"), widget=forms.DateInput(attrs={"type": "date"})
    )

    def clean_until(self):
        until = self.cleaned_data["until"]
        if until < timezone.localdate():
            raise forms.ValidationError(_("Choose a date from today on."))
        return until
