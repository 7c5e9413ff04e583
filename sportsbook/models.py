"""The sportsbook's tables (the app label `sportsbook`; migrations in `sportsbook/migrations`),
each defined in the package of the product it belongs to and imported from here:

- `line/models.py`: sports, competitions, events, markets, outcomes, odds changes;
- `betting/models.py`: bets and their legs, the bettor's settings and stake limits, exchange rates;
- `settlement/models.py`: settlement runs and what each did to each bet;
- `exchange/models.py`: the exchange's markets, offers, bets, settlements and debts;
- `spread/models.py`: the spread bets' assets, quotes, orders, positions and closes.
"""

# Each package's models module is imported whole: its tables (and its choices and constants)
# are this module's, as they were when the app had one models.py.
from sportsbook.betting.models import *  # noqa: F403
from sportsbook.exchange.models import *  # noqa: F403
from sportsbook.line.models import *  # noqa: F403
from sportsbook.settlement.models import *  # noqa: F403
from sportsbook.spread.models import *  # noqa: F403
