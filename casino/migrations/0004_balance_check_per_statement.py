"""The database's balance check, once per INSERT of entries instead of once per entry row.

0002's deferred constraint trigger summed the whole transfer for every one of its entries: a
transfer of N entries cost N x N row reads at commit, which dominated a sportsbook settlement
(one transfer pays a chunk's ~1,000 wallets). The ledger writes all of a transfer's entries in
one INSERT statement (`casino.ledger._write`), so a statement-level trigger over the inserted rows
(a transition table) checks every transfer the statement touched, once, when it ends. An entry
added later to an existing transfer is checked the same way (its transfer must still balance).
"""

from django.db import migrations

POSTGRES_UP = """
DROP TRIGGER IF EXISTS casino_entry_balanced ON casino_entry;

CREATE OR REPLACE FUNCTION casino_entries_check_balanced() RETURNS trigger AS $$
DECLARE
    bad record;
BEGIN
    SELECT e.transfer_id, e.currency, sum(e.amount) AS total INTO bad FROM casino_entry e
        WHERE e.transfer_id IN (SELECT DISTINCT transfer_id FROM inserted_entries)
        GROUP BY e.transfer_id, e.currency HAVING sum(e.amount) <> 0 LIMIT 1;
    IF FOUND THEN
        RAISE EXCEPTION 'transfer % does not balance in %: off by %',
            bad.transfer_id, bad.currency, bad.total USING ERRCODE = 'check_violation';
    END IF;
    RETURN NULL;
END $$ LANGUAGE plpgsql;

CREATE TRIGGER casino_entries_balanced AFTER INSERT ON casino_entry
    REFERENCING NEW TABLE AS inserted_entries
    FOR EACH STATEMENT EXECUTE FUNCTION casino_entries_check_balanced();
"""

POSTGRES_DOWN = """
DROP TRIGGER IF EXISTS casino_entries_balanced ON casino_entry;
DROP FUNCTION IF EXISTS casino_entries_check_balanced();
CREATE CONSTRAINT TRIGGER casino_entry_balanced AFTER INSERT ON casino_entry
    DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION casino_transfer_check_balanced();
"""


def install(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        with schema_editor.connection.cursor() as cursor:
            cursor.execute(POSTGRES_UP)


def remove(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        with schema_editor.connection.cursor() as cursor:
            cursor.execute(POSTGRES_DOWN)


class Migration(migrations.Migration):
    dependencies = [("casino", "0003_verbose_names")]

    operations = [migrations.RunPython(install, remove)]
