"""Spread bets on financial assets (BK §26–§36, ../shared/rules/bookmaker-financial.md).

The rules, pure Python (no Django):

pnl.py
    `Direction` (up / down), `Quote(bid, ask)`, `AssetTerms` (point size, margin and close-out
    level in points, stake limits, working hours), `open_level` / `close_level` (BK §30, A2),
    `points`, `pnl` (BK §33–§35, A3, A4, A12), `in_working_hours` (BK §32, A9),
    `close_effect` (where a close's money goes: margin, the book, a debt, A7),
    `closeout_plan` (BK §36, A7, A8: largest loss first until equity is back at the level).
feed.py
    `PriceFeed` (one interface), `RandomWalkFeed` (seeded), `FileFeed` (quotes from a CSV file).

Levels are Decimal and always whole multiples of the asset's point size (A3), and stakes are whole
minor units per point (BK §28), so every P&L is an exact whole number of minor units: nothing is
ever rounded (A15 holds trivially).

Beside them, the product in Django:

models.py
    its tables (imported from `sportsbook.models`, the app's models module).
services.py
    the writes: bets opened and closed, quotes, halts, the close-out switch, delisting, the feed's
    tick and the margin watch; the books check of the margin accounts. Every booking of the
    spread bets is here (`_close_parts` for every close).
selectors.py, views.py, urls.py, consumers.py
    the assets with their charts, a player's positions with live P&L; the page; the socket.
demo.py
    the demo's assets and positions.
"""
