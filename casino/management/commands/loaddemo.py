from django.core.management.base import BaseCommand

from casino.demo import load_demo


class Command(BaseCommand):
    help = "Load the demo staff, pit boss and players (idempotent) and print their logins."

    def handle(self, *args, **options):
        logins = load_demo()
        self.stdout.write("Demo logins (username / password):")
        for username, password, role in logins:
            self.stdout.write(f"  {username:<8} / {password:<13} {role}")
