"""Bets: the bet slip, accepting a bet (`bet_place`), the player's bets, cancellations (SB
§1.10).

models.py (imported from `sportsbook.models`), slip.py (the slip kept in the session),
services.py (`bet_place`, the accounts stakes go through, the liability feed's announcement),
cancellations.py (`bets_cancel`), selectors.py (the slip as shown, a player's bets), forms.py,
views.py, urls.py.
"""
