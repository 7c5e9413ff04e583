"""`manage.py verifyhands`: every stored hand's shuffle commitment checks out.

For every hand: the deck record is what its engine commits to for the hand's initial state
(the cards dealt are the cards committed to). For a revealed hand also: sha256(deck record |
secret) is the commitment published when it started. An unrevealed hand (its hand or shoe still
in play) is counted, and its secret is not used. Prints the counts and each mismatch (table,
hand number, what failed); exits 1 on any.
"""

from django.core.management.base import BaseCommand, CommandError

from tables.engines import shuffle
from tables.engines.registry import engine_for
from tables.models import Hand


def check_hand(hand: Hand) -> list[str]:
    """What is wrong with one hand's commitment (empty if nothing)."""
    problems = []
    try:
        record = engine_for(hand.table.game).commitment(hand.initial_state).record
    except (LookupError, KeyError, TypeError, ValueError) as error:
        problems.append(f"its initial state gives no deck record ({type(error).__name__})")
    else:
        if record != hand.deck_record:
            problems.append("the deck record is not the one its initial state was dealt from")
    if hand.revealed and not shuffle.verify(hand.deck_record, hand.secret, hand.commitment):
        problems.append("sha256(deck record | secret) is not the published commitment")
    return problems


class Command(BaseCommand):
    help = "Verify every stored hand's shuffle commitment; exit 1 on any mismatch."

    def handle(self, *args, **options):
        counts = {"hands": 0, "revealed": 0, "unrevealed": 0, "mismatched": 0}
        hands = Hand.objects.select_related("table").order_by("table_id", "number")
        for hand in hands.iterator(chunk_size=500):
            counts["hands"] += 1
            counts["revealed" if hand.revealed else "unrevealed"] += 1
            problems = check_hand(hand)
            if problems:
                counts["mismatched"] += 1
                for problem in problems:
                    self.stdout.write(f"table {hand.table_id} hand {hand.number}: {problem}")
        self.stdout.write(
            f"{counts['hands']} hands: {counts['revealed']} revealed (checked against their "
            f"secret), {counts['unrevealed']} not revealed yet (deck record checked only), "
            f"{counts['mismatched']} mismatched"
        )
        if counts["mismatched"]:
            raise CommandError(f"{counts['mismatched']} hand(s) fail their commitment")
