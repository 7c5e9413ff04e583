"""The sportsbook's records that must never change once written: odds changes (who, when, old,
new), settlement runs and what each did to a bet (E33: corrections add, never rewrite).
PostgreSQL refuses UPDATE and DELETE with the ledger's trigger function; SQLite refuses UPDATE
(DELETE stays possible there for the test flush, as in casino 0002; the ORM refuses it)."""

from django.db import migrations

TABLES = ["sportsbook_oddschange", "sportsbook_settlementrun", "sportsbook_betsettlement"]


def install(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    for table in TABLES:
        if vendor == "postgresql":
            schema_editor.execute(
                f"CREATE TRIGGER {table}_append_only BEFORE UPDATE OR DELETE ON {table} "
                "FOR EACH ROW EXECUTE FUNCTION casino_ledger_refuse_change();"
            )
        elif vendor == "sqlite":
            schema_editor.execute(
                f"CREATE TRIGGER {table}_no_update BEFORE UPDATE ON {table} BEGIN "
                f"SELECT RAISE(ABORT, 'records are append-only: UPDATE on {table} refused'); END;"
            )


def remove(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    for table in TABLES:
        if vendor == "postgresql":
            schema_editor.execute(f"DROP TRIGGER IF EXISTS {table}_append_only ON {table};")
        elif vendor == "sqlite":
            schema_editor.execute(f"DROP TRIGGER IF EXISTS {table}_no_update;")


class Migration(migrations.Migration):
    dependencies = [("sportsbook", "0001_initial"), ("casino", "0002_ledger_triggers")]

    operations = [migrations.RunPython(install, remove)]
