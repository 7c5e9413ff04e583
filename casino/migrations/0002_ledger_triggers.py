"""Database guards of the ledger, beside the service's own checks (DESIGN.md "Money").

PostgreSQL: entries and transfers refuse UPDATE and DELETE; a deferred constraint trigger refuses
a commit in which any transfer does not sum to zero per currency; an entry's currency must be its
account's. SQLite (the embedded default): entries and transfers refuse UPDATE; the balance of a
transfer is checked by casino.ledger. DELETE is not refused by a SQLite trigger because Django's
test flush empties tables with DELETE there (PostgreSQL uses TRUNCATE, which row triggers ignore);
the ORM refuses it (ImmutableLedgerRecord).
"""

from django.db import migrations

POSTGRES_UP = """
CREATE OR REPLACE FUNCTION casino_ledger_refuse_change() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'ledger records are append-only: % on % refused', TG_OP, TG_TABLE_NAME
        USING ERRCODE = 'restrict_violation';
END $$ LANGUAGE plpgsql;

CREATE TRIGGER casino_entry_append_only BEFORE UPDATE OR DELETE ON casino_entry
    FOR EACH ROW EXECUTE FUNCTION casino_ledger_refuse_change();
CREATE TRIGGER casino_transfer_append_only BEFORE UPDATE OR DELETE ON casino_transfer
    FOR EACH ROW EXECUTE FUNCTION casino_ledger_refuse_change();

CREATE OR REPLACE FUNCTION casino_transfer_check_balanced() RETURNS trigger AS $$
DECLARE
    bad record;
BEGIN
    SELECT currency, sum(amount) AS total INTO bad FROM casino_entry
        WHERE transfer_id = NEW.transfer_id GROUP BY currency HAVING sum(amount) <> 0 LIMIT 1;
    IF FOUND THEN
        RAISE EXCEPTION 'transfer % does not balance in %: off by %',
            NEW.transfer_id, bad.currency, bad.total USING ERRCODE = 'check_violation';
    END IF;
    RETURN NULL;
END $$ LANGUAGE plpgsql;

CREATE CONSTRAINT TRIGGER casino_entry_balanced AFTER INSERT ON casino_entry
    DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION casino_transfer_check_balanced();

CREATE OR REPLACE FUNCTION casino_entry_check_currency() RETURNS trigger AS $$
BEGIN
    IF NEW.currency <> (SELECT currency FROM casino_account WHERE id = NEW.account_id) THEN
        RAISE EXCEPTION 'entry currency % differs from its account''s', NEW.currency
            USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
END $$ LANGUAGE plpgsql;

CREATE TRIGGER casino_entry_currency BEFORE INSERT ON casino_entry
    FOR EACH ROW EXECUTE FUNCTION casino_entry_check_currency();
"""

POSTGRES_DOWN = """
DROP TRIGGER IF EXISTS casino_entry_currency ON casino_entry;
DROP TRIGGER IF EXISTS casino_entry_balanced ON casino_entry;
DROP TRIGGER IF EXISTS casino_transfer_append_only ON casino_transfer;
DROP TRIGGER IF EXISTS casino_entry_append_only ON casino_entry;
DROP FUNCTION IF EXISTS casino_entry_check_currency();
DROP FUNCTION IF EXISTS casino_transfer_check_balanced();
DROP FUNCTION IF EXISTS casino_ledger_refuse_change();
"""

SQLITE_UP = [
    """CREATE TRIGGER casino_entry_no_update BEFORE UPDATE ON casino_entry
       BEGIN SELECT RAISE(ABORT, 'ledger records are append-only: UPDATE on casino_entry refused');
       END;""",
    """CREATE TRIGGER casino_transfer_no_update BEFORE UPDATE ON casino_transfer
       BEGIN
       SELECT RAISE(ABORT, 'ledger records are append-only: UPDATE on casino_transfer refused');
       END;""",
    """CREATE TRIGGER casino_entry_currency BEFORE INSERT ON casino_entry
       WHEN NEW.currency <> (SELECT currency FROM casino_account WHERE id = NEW.account_id)
       BEGIN SELECT RAISE(ABORT, 'entry currency differs from its account''s'); END;""",
]
SQLITE_DOWN = [
    "DROP TRIGGER IF EXISTS casino_entry_no_update;",
    "DROP TRIGGER IF EXISTS casino_transfer_no_update;",
    "DROP TRIGGER IF EXISTS casino_entry_currency;",
]


def install(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor == "postgresql":
        with schema_editor.connection.cursor() as cursor:
            cursor.execute(POSTGRES_UP)
    elif vendor == "sqlite":
        for statement in SQLITE_UP:
            schema_editor.execute(statement)


def remove(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor == "postgresql":
        with schema_editor.connection.cursor() as cursor:
            cursor.execute(POSTGRES_DOWN)
    elif vendor == "sqlite":
        for statement in SQLITE_DOWN:
            schema_editor.execute(statement)


class Migration(migrations.Migration):
    dependencies = [("casino", "0001_initial")]

    operations = [migrations.RunPython(install, remove)]
