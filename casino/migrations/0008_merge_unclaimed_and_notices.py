# The seat races (issue 46) and the player notices (issue 45) each added a 0007.

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("casino", "0007_house_purpose_unclaimed"),
        ("casino", "0007_player_notices"),
    ]

    operations = []
