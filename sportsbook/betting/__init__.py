"""Bets: the bet slip, accepting a bet (`bet_place`), the player's bets, cancellations (SB
§1.10)."""
