"""The player's sportsbook at /sport/: each product's pages from its package's urls.py, all in
the one namespace `sportsbook` (`sportsbook:event`, `sportsbook:slip`, `sportsbook:exchange`...).
The trader's pages are `sportsbook.trading.urls`, at /trader/."""

from sportsbook.betting import urls as betting
from sportsbook.exchange import urls as exchange
from sportsbook.line import urls as line
from sportsbook.spread import urls as spread

app_name = "sportsbook"

urlpatterns = [
    *line.urlpatterns,
    *betting.urlpatterns,
    *exchange.urlpatterns,
    *spread.urlpatterns,
]
