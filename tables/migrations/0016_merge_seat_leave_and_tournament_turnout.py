# The seat races (issue 46) and the tournament turnout (issue 45) each added a 0015.

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("tables", "0015_seat_leave_asked_at"),
        ("tables", "0015_tournament_turnout_and_void"),
    ]

    operations = []
