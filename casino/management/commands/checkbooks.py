from django.core.management.base import BaseCommand, CommandError

from casino.books import books_check


class Command(BaseCommand):
    help = "Check the ledger: every currency sums to zero, stored balances match their entries, "
    help += "no wallet below zero, every closed escrow empty. Exits non-zero on any discrepancy."

    def handle(self, *args, **options):
        report = books_check()
        self.stdout.write(report.text())
        if not report.clean:
            raise CommandError(f"{len(report.problems)} discrepancy(ies) in the books")
