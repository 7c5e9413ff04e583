# the tables' fixtures (a durak table, two funded players), for the floor's tests
from tests.tables.conftest import durak_table, fresh_boards, two_players  # noqa: F401
