from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SportsbookConfig(AppConfig):
    name = "sportsbook"
    verbose_name = _("Sportsbook")

    def ready(self) -> None:
        # The cashier's statement links stakes and settlements to the bets they came from.
        from sportsbook.betting.views import register_statement_links

        register_statement_links()
        # the production sweeper runs the sportsbook's periodic work, at the in-process clock's
        # pace: settlement (SB §6.1), the exchange's lapse (BK §46) and settlement, the spread
        # feed and margin watch (BK §36)
        from casino import due_jobs
        from sportsbook.clock import JOBS, call_job, period

        for path, every in JOBS:
            name = "sportsbook settlement" if path.endswith(".settle_due") else path.rsplit(".")[-1]
            due_jobs.register(name, lambda path=path: call_job(path), every=period(every))

    def books_check(self, report) -> None:
        from sportsbook.books import check_receivable, check_stakes_held
        from sportsbook.exchange.services import exchange_books_check
        from sportsbook.spread.services import spread_books_check

        check_stakes_held(report)
        check_receivable(report)
        exchange_books_check(report)
        spread_books_check(report)
