"""The player-to-player betting exchange "Spredbetex" (BK §37–§53; rules: betting-exchange.md).

The rules, pure Python (no Django):

matching.py
    `Side` (back / lay), `Offer`, `Fill`, `Book` (one outcome's standing offers): price-then-time
    matching with partial fills (BK §43, A5, A7), cancelling and editing the unmatched part
    (BK §44, A6), lapse (BK §46, A8); `liability(side, stake, odds)` (A2, A3, A14).
settle.py
    `bet_result(stake, odds, settled)`: the backer's result of one matched bet under A1 (the
    layer's is its negative), with void and dead heat (A10, A11); `market_results(bets, settled,
    rate)`: each player's net result and commission on one market (BK §53, section 5: commission
    on each player's net winnings per market, rounded down once, A14).

Odds are net odds k (A1, section 5): a backer's profit per unit staked; decimal odds K = k + 1.
Every stake is the backer's stake S in minor units (A2); the layer risks S·k.

Beside them, the product in Django:

models.py
    its tables (imported from `sportsbook.models`, the app's models module).
services.py
    the writes: offers posted, taken, edited, withdrawn; the lapse; settlement and corrections;
    listing a market; the books check of the escrows. Every booking of the exchange is here.
rows.py
    the offer's hot path in SQL (the statements `services` runs under the market's lock).
selectors.py, views.py, urls.py, consumers.py
    the ladder and the player's own offers and bets; the pages; the socket.
demo.py
    the demo's exchange markets and offers.
"""
