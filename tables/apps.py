from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TablesConfig(AppConfig):
    name = "tables"
    verbose_name = _("Live tables")

    def ready(self) -> None:
        from casino import due_jobs
        from tables import clock, listeners
        from tables.services import expire_unseen_seats, sweep_overdue_tables
        from tables.tournament.services import on_table_news, tournament_due

        # presence first: a seat whose heartbeat expired is away before its clock is judged
        due_jobs.register("table presence", expire_unseen_seats)
        due_jobs.register("table clocks", sweep_overdue_tables)
        # knock-out tournaments (issue 16): their starts and their matches' ends
        due_jobs.register("tournament starts", tournament_due, every=TOURNAMENT_SECONDS)
        clock.run_also("tournament starts", tournament_due, every=TOURNAMENT_SECONDS)
        listeners.subscribe("tournaments", on_table_news)


TOURNAMENT_SECONDS = 1.0
