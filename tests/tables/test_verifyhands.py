"""`manage.py verifyhands`: every stored hand's commitment is checked, revealed hands against
their secret; a tampered hand is named and the command fails."""

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from tables.models import Hand
from tests.tables.test_six_seats import finish_hand, seated, six, table  # noqa: F401

pytestmark = pytest.mark.django_db


def verifyhands() -> str:
    out = StringIO()
    call_command("verifyhands", stdout=out)
    return out.getvalue()


@pytest.fixture
def played(table, six):  # noqa: F811
    table = seated(table, six[:3])
    for _ in range(8):  # a one-deck shoe cut at half: more than one shoe, the last still open
        table = finish_hand(table, six)
    hands = Hand.objects.filter(table=table)
    revealed = hands.filter(revealed_at__isnull=False).count()
    assert revealed and hands.filter(revealed_at__isnull=True).exists()
    return table, hands.count(), revealed


def verifyhands_failing() -> str:
    out = StringIO()
    with pytest.raises(CommandError, match=r"hand\(s\) fail their commitment"):
        call_command("verifyhands", stdout=out)
    return out.getvalue()


def test_every_hand_verifies_and_a_tampered_one_is_named(played):
    """One table's hands (playing them is the slow part) checked clean, then tampered with."""
    played_table, total, revealed = played
    assert verifyhands().splitlines() == [
        f"{total} hands: {revealed} revealed (checked against their secret), "
        f"{total - revealed} not revealed yet (deck record checked only), 0 mismatched"
    ]

    # a revealed hand's secret changed: its commitment no longer verifies
    hand = (
        Hand.objects.filter(table=played_table, revealed_at__isnull=False)
        .order_by("number")
        .first()
    )
    Hand.objects.filter(pk=hand.pk).update(secret="0" * 32)
    out = verifyhands_failing()
    assert out.splitlines()[0] == (
        f"table {played_table.pk} hand {hand.number}: sha256(deck record | secret) is not the "
        "published commitment"
    )
    assert out.rstrip().endswith(", 1 mismatched")
    Hand.objects.filter(pk=hand.pk).update(secret=hand.secret)
    assert verifyhands().rstrip().endswith(", 0 mismatched")

    # two cards swapped in the record of a revealed hand and of one still in play
    for hand in [
        Hand.objects.filter(table=played_table, revealed_at__isnull=False).first(),
        Hand.objects.filter(table=played_table, revealed_at__isnull=True).first(),
    ]:
        cards = hand.deck_record.split(",")
        swapped = ",".join([cards[1], cards[0], *cards[2:]])
        Hand.objects.filter(pk=hand.pk).update(deck_record=swapped)
    out = verifyhands_failing()
    # the revealed one fails both checks; the open one only the record's (its secret unused)
    assert out.count("is not the one its initial state was dealt from") == 2
    assert out.count("is not the published commitment") == 1
    assert out.rstrip().endswith(", 2 mismatched")


def test_hands_stored_with_the_shoe_as_a_list_still_verify(played):
    """States saved before the shoe's order became a string (issue 31) hold it as a list; their
    deck record is the same text, so they verify as before."""
    from tables.engines.cards import Shoe

    _table, total, revealed = played
    for hand in Hand.objects.all():
        shoe = Shoe.from_dict(hand.initial_state["shoe"])
        old = {
            "cards": shoe.cards,
            "cut_at": shoe.cut_at,
            "position": shoe.position,
            "discard": shoe.discard,
            "penetration": shoe.penetration,
        }
        Hand.objects.filter(pk=hand.pk).update(initial_state={**hand.initial_state, "shoe": old})
    assert all("cards" in h.initial_state["shoe"] for h in Hand.objects.all())
    assert verifyhands().rstrip().endswith(", 0 mismatched")
