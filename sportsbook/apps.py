from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SportsbookConfig(AppConfig):
    name = "sportsbook"
    verbose_name = _("Sportsbook")

    def ready(self) -> None:
        # The cashier's statement links stakes and settlements to the bets they came from.
        from sportsbook.views import register_statement_links

        register_statement_links()
        # the production sweeper settles events whose settlement is due (SB §6.1)
        from casino import due_jobs
        from sportsbook.settlement_runner import settle_due

        due_jobs.register("sportsbook settlement", settle_due)

    def books_check(self, report) -> None:
        from sportsbook.books import check_receivable, check_stakes_held
        from sportsbook.exchange_services import exchange_books_check
        from sportsbook.spread_services import spread_books_check

        check_stakes_held(report)
        check_receivable(report)
        exchange_books_check(report)
        spread_books_check(report)
