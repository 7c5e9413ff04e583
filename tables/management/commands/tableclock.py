"""The production sweeper: applies overdue table deadlines (clocks, grace, absence) through the
table actor, for tables whose sockets live in any process, and settles sportsbook events whose
settlement is due (SB §6.1). Safe to run beside the in-process timers and other sweepers: the
table row lock makes each deadline apply once, the event row lock each settlement.

A table whose deadline fails to apply is logged and passed over, so one broken table cannot
stop every other table's clock (it is found again, and tried again, on the next sweep); a sweep
that fails as a whole (the database away) is logged and the sweeper goes on after the interval.
"""

import logging
import time

from django.core.management.base import BaseCommand
from django.db import close_old_connections

from sportsbook.settlement_runner import settle_due
from tables import services

log = logging.getLogger(__name__)


class Command(BaseCommand):
    help = "Apply overdue table deadlines, forever (or once with --once)."

    def add_arguments(self, parser):
        parser.add_argument("--once", action="store_true", help="sweep once and exit")
        parser.add_argument("--interval", type=float, default=0.5, help="seconds between sweeps")

    def handle(self, *args, **options):
        while True:
            try:
                applied, failed = self.sweep_tables()
                settled = settle_due()
            except Exception:
                if options["once"]:
                    raise
                log.exception("sweep failed; trying again in %s s", options["interval"])
                close_old_connections()  # a lost connection is opened afresh next time
            else:
                if options["once"]:
                    self.stdout.write(
                        f"applied {applied} overdue change(s), settled {settled} event(s)"
                        + (f"; {failed} table(s) failed (logged)" if failed else "")
                    )
                    return
            time.sleep(options["interval"])

    def sweep_tables(self) -> tuple[int, int]:
        applied = failed = 0
        for table_id in services.overdue_table_ids():
            try:
                applied += services.table_apply_overdue(table_id=table_id)
            except Exception:
                failed += 1
                log.exception("table %s: applying the overdue deadline failed", table_id)
        return applied, failed
