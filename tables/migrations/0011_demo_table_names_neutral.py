"""The demo's tables are renamed from names in one language ("Durak · 7 wins · 5 USD") to
neutral ones ("№ 2 · 5 USD"): a database loaded by an earlier `make run` keeps its six tables
rather than getting six more from the next `loaddemo` (issue 27: one language at a time)."""

from django.db import migrations

RENAMED = {
    "Дурак · 5 побед · 10 BYN": "№ 1 · 10 BYN",
    "Durak · 7 wins · 5 USD": "№ 2 · 5 USD",
    "High card · 6 seats · 1–10 BYN": "№ 3 · 1–10 BYN",
    "Баккара · банк игрока · от 1 BYN": "№ 4 · 1–1000 BYN",
    "Белорусский покер · 1–50 BYN": "№ 5 · 1–50 BYN",
    "Храп · 2–6 игроков · 1 BYN": "№ 6 · 1 BYN",
}


def rename(apps, schema_editor, names=RENAMED):
    Table = apps.get_model("tables", "Table")
    for old, new in names.items():
        if not Table.objects.filter(name=new).exists():
            Table.objects.filter(name=old).update(name=new)


def rename_back(apps, schema_editor):
    rename(apps, schema_editor, {new: old for old, new in RENAMED.items()})


class Migration(migrations.Migration):
    dependencies = [("tables", "0010_verbose_names_issue27")]

    operations = [migrations.RunPython(rename, rename_back)]
