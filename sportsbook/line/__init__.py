"""The line: sports, competitions, events, markets, outcomes and their odds, live scores; the
public line pages and their socket."""
