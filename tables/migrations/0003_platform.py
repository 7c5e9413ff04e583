"""The table platform: a table's stake moves into its game config (settings["stake"]), a shuffle
commitment may span hands (shuffle_scope, revealed_at), and an event keeps its random draws."""

from django.db import migrations, models
from django.db.models import F


def stake_into_settings(apps, schema_editor):
    Table = apps.get_model("tables", "Table")
    for table in Table.objects.all():
        if "stake" not in table.settings:
            table.settings = {**table.settings, "stake": table.stake}
            table.save(update_fields=["settings"])


def stake_out_of_settings(apps, schema_editor):
    Table = apps.get_model("tables", "Table")
    for table in Table.objects.all():
        table.stake = int(table.settings.get("stake", 0))
        table.save(update_fields=["stake"])


def revealed_when_ended(apps, schema_editor):
    Hand = apps.get_model("tables", "Hand")
    Hand.objects.filter(ended_at__isnull=False).update(revealed_at=F("ended_at"))


class Migration(migrations.Migration):
    dependencies = [
        ("tables", "0002_hand_table_ended"),
    ]

    operations = [
        migrations.AddField(
            model_name="hand",
            name="shuffle_scope",
            field=models.CharField(default="hand", max_length=40, verbose_name="commitment covers"),
        ),
        migrations.AddField(
            model_name="hand",
            name="revealed_at",
            field=models.DateTimeField(blank=True, null=True, verbose_name="shuffle revealed"),
        ),
        migrations.RunPython(revealed_when_ended, migrations.RunPython.noop),
        migrations.AddField(
            model_name="tableevent",
            name="draws",
            field=models.JSONField(blank=True, default=list),
        ),
        migrations.RunPython(stake_into_settings, stake_out_of_settings),
        migrations.RemoveConstraint(model_name="table", name="table_stake_ok"),
        migrations.RemoveField(model_name="table", name="stake"),
    ]
