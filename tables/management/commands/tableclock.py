"""The production sweeper: runs every app's due jobs (``casino.due_jobs``): the tables' overdue
deadlines (clocks, grace, absence) through the table actor, for tables whose sockets live in any
process; the sportsbook's due settlements (SB §6.1); whatever else an app registers. Safe beside
the in-process timers and other sweepers: the table row lock makes each deadline apply once, the
event row lock each settlement.

A job that fails is logged and the others still run (a table that fails inside the tables' job
is logged and passed over); the sweeper goes on after the interval.
"""

import logging
import time

from django.core.management.base import BaseCommand
from django.db import close_old_connections

from casino import due_jobs

log = logging.getLogger(__name__)


class Command(BaseCommand):
    help = "Run every app's due jobs, forever (or once with --once)."

    def add_arguments(self, parser):
        parser.add_argument("--once", action="store_true", help="sweep once and exit")
        parser.add_argument("--interval", type=float, default=0.5, help="seconds between sweeps")

    def handle(self, *args, **options):
        while True:
            done = due_jobs.run_due(raise_errors=options["once"], every_job=options["once"])
            if options["once"]:
                self.stdout.write(
                    "; ".join(f"{name}: {count}" for name, count in done.items()) or "no jobs"
                )
                return
            if any(count is None for count in done.values()):
                close_old_connections()  # a lost connection is opened afresh next time
            time.sleep(options["interval"])
