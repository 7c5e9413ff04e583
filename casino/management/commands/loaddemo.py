from django.core.management.base import BaseCommand

from casino.demo import load_demo
from sportsbook.exchange.demo import load_exchange_demo
from sportsbook.line.demo import load_sportsbook_demo
from sportsbook.spread.demo import load_spread_demo


class Command(BaseCommand):
    help = "Load the demo staff (one per role) and players (idempotent) and print their logins."

    def handle(self, *args, **options):
        logins = load_demo()
        events = load_sportsbook_demo()
        self.stdout.write(f"Sportsbook demo line: {events} new events.")
        offers = load_exchange_demo()
        self.stdout.write(f"Exchange demo: {offers} new offers.")
        assets = load_spread_demo()
        self.stdout.write(f"Spread bets demo: {assets} new assets.")
        self.stdout.write("Demo logins (username / password):")
        for username, password, role in logins:
            self.stdout.write(f"  {username:<10} / {password:<13} {role}")
