"""tables/games/blackjack/strategy.py through the return harness: 200 hands of the best play
with money and cards conserved in every hand."""

import re

from benchmarks import rtp


def test_rtp_blackjack_best_play_conserves_money_and_cards(capsys):
    assert rtp.main(["blackjack", "--hands", "200", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert "hands: 200" in out
    assert "checks: money conserved and the cards conserved in every hand" in out
    (bet,) = [line for line in out.splitlines() if re.match(r"bet +\d", line)]
    staked = int(bet.split()[1].replace(",", ""))
    assert staked >= 200 * 6 * 100, "every seat plays one box of the minimum every hand"
    assert "natural, paid 3:2" in out
