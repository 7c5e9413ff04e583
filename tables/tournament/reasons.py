"""Why a Durak match or game was forfeited, in words (issue 26 item 3; the D-rulings of
../shared/rules/durak-tournament.md): a no-show or absence past the limit (D13), leaving the
table (D11), withdrawing before the match opened (D11, a walkover), a game lost on two timeouts
in a row (D13). Shown on the tournament page (each decided match) and on the Durak board.

The Russian never depends on a player's sex: the loser's name comes first with a colon and a
noun phrase ("Борис: неявка к матчу — победа в матче: Анна, правило D13"), never a verb that
would agree with him or her.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy

# the reasons a match (or a game) is forfeited, as the table and the tournament record them
FORFEITS = ("absent", "left", "withdrawn", "timeouts")


WORDS = {
    "no_show": gettext_lazy(
        "%(loser)s: no-show at the start of the match — the match goes to %(winner)s, rule D13"
    ),
    "absent": gettext_lazy(
        "%(loser)s: away from the table past the absence limit — "
        "the match goes to %(winner)s, rule D13"
    ),
    "left": gettext_lazy(
        "%(loser)s: left the table during the match — the match goes to %(winner)s, rule D11"
    ),
    "left_unnamed": gettext_lazy(
        "The opponent left the table during the match — the match goes to %(winner)s, rule D11"
    ),
    "both_withdrew": gettext_lazy(
        "Both players withdrew: %(winner)s goes through as the first of the pair, rule D11"
    ),
    "withdrawn": gettext_lazy(
        "%(loser)s: withdrawal from the tournament — "
        "%(winner)s goes through without playing, rule D11"
    ),
    "timeouts": gettext_lazy(
        "%(loser)s: the clock ran out twice in a row — the game goes to %(winner)s, rule D13"
    ),
}


# issue 45: matches decided with no winner, or without an opponent
NO_WINNER_WORDS = {
    "no_show": gettext_lazy(
        "%(first)s and %(second)s: neither came to the match — it has no winner and neither "
        "goes through (rules D11 and D13 as the casino applies them)"
    ),
    "unopposed": gettext_lazy(
        "%(winner)s goes through without an opponent: nobody came out of the other match"
    ),
    "nobody": gettext_lazy("Nobody came out of the matches before: this match has no players"),
}


def no_winner_sentence(reason: str, *, names: list[str]) -> str:
    """The sentence for a match decided without being won at the table (issue 45): "no_show"
    (both named), "unopposed" (the one who goes through named), "nobody"; "" for others."""
    if reason == "no_show" and len(names) == 2:
        return str(NO_WINNER_WORDS[reason]) % {"first": names[0], "second": names[1]}
    if reason == "unopposed" and names:
        return str(NO_WINNER_WORDS[reason]) % {"winner": names[0]}
    if reason == "nobody":
        return str(NO_WINNER_WORDS[reason])
    return ""


def forfeit_sentence(reason: str, *, loser: str, winner: str, played: bool = True) -> str:
    """The sentence for a forfeit (``reason`` of ``FORFEITS``; "" for any other): ``loser``
    and ``winner`` are names (``loser`` may be "": a player who has left the table; the same
    as ``winner`` when both withdrew). ``played``: whether any game of the match was played
    (an absence with none is a no-show)."""
    if reason not in FORFEITS:
        return ""
    key = reason
    if reason == "absent" and not played:
        key = "no_show"
    elif reason == "left" and not loser:
        key = "left_unnamed"
    elif reason == "withdrawn" and loser == winner:
        key = "both_withdrew"
    return str(WORDS[key]) % {"loser": loser, "winner": winner}
