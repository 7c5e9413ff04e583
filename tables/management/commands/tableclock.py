"""The production sweeper: applies overdue table deadlines (clocks, grace, absence) through the
table actor, for tables whose sockets live in any process, and settles sportsbook events whose
settlement is due (SB §6.1). Safe to run beside the in-process timers and other sweepers: the
table row lock makes each deadline apply once, the event row lock each settlement."""

import time

from django.core.management.base import BaseCommand

from sportsbook.settlement_runner import settle_due
from tables import services


class Command(BaseCommand):
    help = "Apply overdue table deadlines, forever (or once with --once)."

    def add_arguments(self, parser):
        parser.add_argument("--once", action="store_true", help="sweep once and exit")
        parser.add_argument("--interval", type=float, default=0.5, help="seconds between sweeps")

    def handle(self, *args, **options):
        while True:
            applied = 0
            for table_id in services.overdue_table_ids():
                applied += services.table_apply_overdue(table_id=table_id)
            settled = settle_due()
            if options["once"]:
                self.stdout.write(
                    f"applied {applied} overdue change(s), settled {settled} event(s)"
                )
                return
            time.sleep(options["interval"])
