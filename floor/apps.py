from django.apps import AppConfig
from django.db.models.signals import post_migrate
from django.utils.translation import gettext_lazy as _


def _default_rules(sender, **kwargs) -> None:
    from floor.alerts import ensure_rules

    ensure_rules()


class FloorConfig(AppConfig):
    """The staff's view of the whole casino: the live floor (tables, tournaments, the
    sportsbook's liabilities), alerts, revenue reports. It reads every other app; none reads it."""

    name = "floor"
    verbose_name = _("Floor")

    def ready(self) -> None:
        from casino import due_jobs
        from floor import alerts
        from tables import clock, listeners

        # alerts (part 4): hands over (after the table's transaction, issue 49) and failed
        # changes from the table actor, the periodic checks from the sweeper (and, in one
        # process with the in-memory layer, its clock)
        listeners.subscribe_after("floor alerts", alerts.after_hands, wants=alerts.ends_a_hand)
        listeners.subscribe_errors("floor alerts", alerts.on_table_error)
        for name, job, every in (
            ("floor checks", alerts.floor_checks, alerts.FLOOR_CHECK_SECONDS),
            ("books check", alerts.books_job, alerts.BOOKS_JOB_SECONDS),
        ):
            due_jobs.register(name, job, every=every)
            clock.run_also(name, job, every=every)
        post_migrate.connect(_default_rules, sender=self, dispatch_uid="floor-default-rules")
