"""What every player's page of the sportsbook shares: its frame (the sports menu and the bet
slip, `line_context`; the slip alone, `slip_context`, for the slip's own fragments) and how
a page reads an id it is given (`is_id`). The line's, the slip's, the exchange's and the
spread bets' pages all render in this frame."""

from __future__ import annotations

from sportsbook.betting import services
from sportsbook.betting import slip as session_slip
from sportsbook.betting.forms import PlaceForm
from sportsbook.betting.selectors import slip_view
from sportsbook.line.selectors import sports_with_counts
from sportsbook.models import BetKind, BettorSettings

SECTIONS = (BetKind.SINGLE, BetKind.EXPRESS, BetKind.SYSTEM)


def line_context(request, **context) -> dict:
    return {"sports": sports_with_counts(), **slip_context(request), **context}


def slip_context(request, *, keys=None, notices=None, form_odds=None, typed=None, confirm=None):
    view = slip_view(session_slip.load(request.session), request.user)
    keys = {kind: (keys or {}).get(kind) or PlaceForm.new_key() for kind in SECTIONS}
    return {
        "slip": view,
        "slip_keys": keys,
        "slip_notices": notices or {},
        # The odds put in each form's hidden fields: the ones the player saw, or after an odds
        # change the new ones the player is asked to confirm (SB §1.7).
        "slip_form_odds": form_odds or {},
        "slip_typed": typed or {},
        "slip_confirm": confirm or {},
        "odds_policy": services.odds_policy_of(request.user),
        "odds_policies": BettorSettings._meta.get_field("odds_policy").choices,
    }


MAX_ID = 2**63 - 1  # the largest id a database integer column holds (SQLite, bigint)


def is_id(value: str) -> bool:
    """An id: ASCII digits only (str.isdigit() also takes "²" and "١٢", which int() refuses),
    and no larger than a database id can be (SQLite raises OverflowError on bigger ones)."""
    # (the length first: int() refuses text of over 4,300 digits)
    return value.isascii() and value.isdigit() and len(value) <= 19 and int(value) <= MAX_ID
