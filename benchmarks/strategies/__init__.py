"""One module per game for ``benchmarks/rtp.py``: how a player chooses among the legal actions
(``STRATEGIES``, the default first), the table the harness plays at, how a hand's events read
as stakes and returns by bet kind and by line of the pay table, and, where the rules allow, the
exact return worked out from them."""
