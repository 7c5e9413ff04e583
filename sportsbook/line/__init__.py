"""The line: sports, competitions, events, markets, outcomes and their odds, live scores; the
public line pages and their socket.

models.py (imported from `sportsbook.models`), services.py (odds, a market's and an event's
status, the live score; announced after commit), selectors.py, presenters.py (market and outcome
names in the reader's language), views.py, urls.py, consumers.py (`LineSocket`, what every
sportsbook socket shares; the event page's and the slip's socket), demo.py (the demo line, with
bets placed and settled through the other products' services).
"""
