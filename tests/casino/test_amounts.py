"""The one parser of typed numbers (casino/amounts.py): amounts in major units as people write
them, minor units inside; every refusal a sentence in the person's language and units."""

from decimal import Decimal

import pytest
from django import forms
from django.utils import translation
from hypothesis import given
from hypothesis import strategies as st

from casino.amounts import (
    AMOUNT_CEILING_MINOR,
    AmountError,
    MoneyField,
    amount_input_value,
    parse_amount,
    parse_number,
)
from casino.currencies import format_amount


@pytest.mark.parametrize(
    ("text", "minor"),
    [
        ("50", 5000),
        ("50.5", 5050),
        ("50,50", 5050),
        ("1 000", 100000),
        ("1\u00a0000,25", 100025),
        ("1\u202f000.25", 100025),
        (" 7 ", 700),
        ("0,01", 1),
        ("12.", 1200),
        (",5", 50),
        ("3.10", 310),
        ("3.100", 310),
        (25, 2500),
    ],
)
def test_an_amount_is_read_in_major_units_with_either_separator(text, minor):
    assert parse_amount(text, "BYN") == minor


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("", "required"),
        ("   ", "required"),
        (None, "required"),
        ("abc", "invalid"),
        ("50 BYN", "invalid"),
        ("1,000.50", "separators"),
        ("1.000.000", "separators"),
        ("0.001", "places"),
        ("1,234", "places"),
        ("-5", "negative"),
        ("-0", "negative"),
        ("+5", "invalid"),
        ("Infinity", "invalid"),
        ("inf", "invalid"),
        ("NaN", "invalid"),
        ("1e30", "invalid"),
        ("1E3", "invalid"),
        ("٣", "invalid"),
        ("１２", "invalid"),
        ("0", "min_value"),
        ("0,00", "min_value"),
        ("9" * 40, "invalid"),
        ("9" * 20, "max_value"),
        (True, "required"),
        (1.5, "invalid"),
        (["5"], "invalid"),
    ],
)
def test_bad_amounts_are_refused_with_a_reason(text, code):
    with pytest.raises(AmountError) as refused:
        parse_amount(text, "BYN")
    assert refused.value.code == code
    assert refused.value.message


def test_bounds_are_written_in_major_units_in_the_persons_language():
    with translation.override("ru"), pytest.raises(AmountError) as low:
        parse_amount("0.5", "BYN", low=100, high=100000)
    assert low.value.message == "Не меньше 1.00\u00a0BYN."
    with translation.override("en"), pytest.raises(AmountError) as high:
        parse_amount("1 000,01", "BYN", low=100, high=100000)
    assert high.value.message == "At most 1\u00a0000.00\u00a0BYN."
    assert parse_amount("1 000", "BYN", low=100, high=100000) == 100000
    with translation.override("ru"), pytest.raises(AmountError) as places:
        parse_amount("1.005", "BYN")
    assert "2" in places.value.message and places.value.message != "Use at most 2 decimal places."


def test_zero_is_an_amount_only_where_allowed():
    assert parse_amount("0", "BYN", zero=True) == 0
    with pytest.raises(AmountError):
        parse_amount("0", "BYN")


def test_the_ceiling_bounds_every_amount():
    assert parse_amount(str(AMOUNT_CEILING_MINOR // 100), "BYN") == AMOUNT_CEILING_MINOR
    with pytest.raises(AmountError) as refused:
        parse_amount(str(AMOUNT_CEILING_MINOR // 100 + 1), "BYN", high=10**18)
    assert refused.value.code == "max_value"


def test_numbers_may_be_signed_where_asked():
    assert parse_number("-1,25", places=2, signed=True) == Decimal("-1.25")
    assert parse_number("2.5", places=2, low=Decimal("1.01"), high=Decimal(1000)) == Decimal("2.5")
    with pytest.raises(AmountError) as refused:
        parse_number("1", places=2, low=Decimal("1.01"))
    assert refused.value.code == "min_value"
    with pytest.raises(AmountError) as whole:
        parse_number("1.5", places=0)
    assert whole.value.code == "places"


@given(st.integers(min_value=1, max_value=AMOUNT_CEILING_MINOR))
def test_what_a_field_shows_reads_back_as_the_same_amount(minor):
    shown = amount_input_value(minor, "BYN")
    assert parse_amount(shown, "BYN") == minor
    # and the formatted amount, without its currency, reads back too
    assert parse_amount(format_amount(minor, "BYN").removesuffix("\u00a0BYN"), "BYN") == minor


@given(st.text(max_size=40))
def test_any_text_is_an_amount_or_a_sentence(text):
    try:
        minor = parse_amount(text, "BYN")
    except AmountError as refused:
        assert refused.message
    else:
        assert 1 <= minor <= AMOUNT_CEILING_MINOR


class StakeForm(forms.Form):
    stake = MoneyField(low=100, high=100000)


def test_the_money_field_cleans_to_minor_units_and_says_why_not():
    form = StakeForm({"stake": "50,50"})
    assert form.is_valid()
    assert form.cleaned_data["stake"] == 5050
    with translation.override("ru"):
        form = StakeForm({"stake": "0,50"})
        assert not form.is_valid()
        assert form.errors["stake"] == ["Не меньше 1.00\u00a0BYN."]
    assert not StakeForm({"stake": ""}).is_valid()
    shown = StakeForm(initial={"stake": 5050})["stake"].as_widget()
    assert 'value="50.50"' in shown and 'inputmode="decimal"' in shown
