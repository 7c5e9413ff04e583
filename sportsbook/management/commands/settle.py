"""Settle events now (SB §6.1 on demand): every due event, or the events named."""

from django.core.management.base import BaseCommand, CommandError

from sportsbook.models import Event, SettlementReason
from sportsbook.settlement.runner import event_settle, settle_due


class Command(BaseCommand):
    help = "Settle bets: events whose settlement is due, or the given event ids at once."

    def add_arguments(self, parser):
        parser.add_argument("event_ids", nargs="*", type=int, help="settle these events now")

    def handle(self, *args, **options):
        if not options["event_ids"]:
            count = settle_due()
            self.stdout.write(f"settled {count} due event(s)")
            return
        for event_id in options["event_ids"]:
            event = Event.objects.filter(pk=event_id).first()
            if event is None:
                raise CommandError(f"there is no event {event_id}")
            if event.result is None:
                raise CommandError(f"event {event_id} has no result yet")
            run = event_settle(event_id=event_id, reason=SettlementReason.ON_DEMAND)
            if run is None:
                self.stdout.write(f"event {event_id}: already settled on this result")
            else:
                self.stdout.write(
                    f"event {event_id}: settlement {run.number}, {run.bets_changed} bet(s) changed"
                )
