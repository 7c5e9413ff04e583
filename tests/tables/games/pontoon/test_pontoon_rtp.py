"""tables/games/pontoon/strategy.py through the return harness: 300 hands of the best play
(twist, buy, the forced draw below 15) with money and cards conserved in every hand, and the
pay table's lines read from the hands (§132-§137)."""

import re

from benchmarks import rtp


def _line(out: str, words: str) -> int:
    """How many times a pay-table line paid (its columns: words 42, rule 18, times 10)."""
    (line,) = [line for line in out.splitlines() if line.startswith(words)]
    return int(line[62:72].replace(",", ""))


def test_rtp_pontoon_best_play_conserves_money_and_cards(capsys):
    assert rtp.main(["pontoon", "--hands", "300", "--seed", "7"]) == 0
    out = capsys.readouterr().out
    assert "hands: 300" in out and "boxes: 1,800" in out
    assert "checks: money conserved and the cards conserved in every hand" in out
    (bet,) = [line for line in out.splitlines() if re.match(r"bet +\d", line)]
    staked = int(bet.split()[1].replace(",", ""))
    bought = _line(out, "cards bought (stake added)")
    assert bought > 0, "the best play buys (§132)"
    assert staked >= 300 * 6 * 100 + bought * 100, "a box of the minimum a seat, each buy too"
    assert _line(out, "five cards of 21 or less, paid 3:2") > 0
    assert _line(out, "Pontoon, paid 2:1") > 0
