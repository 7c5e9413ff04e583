from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TablesConfig(AppConfig):
    name = "tables"
    verbose_name = _("Live tables")

    def ready(self) -> None:
        from casino import due_jobs, references
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
        # the cashier's statement links a table's payment to its hand, or to the table's hands
        references.register("table", table_reference_url)


TOURNAMENT_SECONDS = 1.0


def table_reference_url(ident: str) -> str | None:
    """ "6:hand:2" (a hand's escrow) -> the hand's page; "6:match:1", "6:bank:1" (a match, a
    bank spanning several deals) -> the table's hands."""
    from django.urls import reverse

    parts = ident.split(":")
    if not parts[0].isdigit():
        return None
    if len(parts) >= 3 and parts[1] == "hand" and parts[2].isdigit():
        return reverse("hand_detail", args=[int(parts[0]), int(parts[2])])
    return reverse("hand_list", args=[int(parts[0])])
