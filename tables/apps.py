from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TablesConfig(AppConfig):
    name = "tables"
    verbose_name = _("Live tables")

    def ready(self) -> None:
        from casino import due_jobs
        from tables.services import sweep_overdue_tables

        due_jobs.register("table clocks", sweep_overdue_tables)
