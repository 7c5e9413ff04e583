"""Names of markets and outcomes in the reader's language, as a bookmaker prints them: with the
teams' names, not "team 1". The pure registry (`settlement.markets.KINDS`) only knows English
and codes; the words are here, where the translation catalogue can find them."""

from __future__ import annotations

from decimal import Decimal

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext, pgettext

from sportsbook.settlement.markets import KINDS


def odds_text(value) -> str:
    """Decimal odds as a bettor reads them, one way in both languages (a point, as amounts are
    written: "2.48", never "2,48"): 1.850 -> 1.85, 2.000 -> 2.00, 1.875 -> 1.875, and a product
    of odds (an express) to three decimals: 6.07625 -> 6.076."""
    if value is None or value == "":
        return "—"
    number = Decimal(value)
    if number == number.quantize(Decimal("0.01")):
        return f"{number:.2f}"
    return f"{number.normalize():f}" if number.as_tuple().exponent >= -3 else f"{number:.3f}"


MARKET_NAMES = {
    "1x2": gettext_noop("Match result (1X2)"),
    "total": gettext_noop("Total over/under"),
    "asian_handicap": gettext_noop("Asian handicap"),
    "handicap_3way": gettext_noop("Handicap (three-way)"),
    "first_goal_interval": gettext_noop("First goal: minute interval"),
    "half_time": gettext_noop("Half-time result"),
    "half_time_full_time": gettext_noop("Half-time / full-time"),
    "correct_score": gettext_noop("Correct score"),
    "half_time_correct_score": gettext_noop("Half-time correct score"),
    "odd_even": gettext_noop("Odd/even total"),
    "set_betting": gettext_noop("Set betting (set score)"),
    "corners_total": gettext_noop("Corners over/under"),
    "hat_trick": gettext_noop("Hat-trick in the match"),
    "sending_off": gettext_noop("A player sent off"),
    "clean_sheet": gettext_noop("Team to keep a clean sheet"),
    "goalscorer": gettext_noop("Player to score"),
    "first_goalscorer": gettext_noop("First goalscorer"),
    "booking_points": gettext_noop("Booking points over/under"),
    "corners_winner": gettext_noop("Most corners"),
    "substitutions_total": gettext_noop("Substitutions over/under"),
    "round_betting": gettext_noop("Round betting"),
    "total_rounds": gettext_noop("Total rounds"),
    "to_qualify": gettext_noop("To qualify"),
    "double_chance": gettext_noop("Double chance"),
    "nth_point": gettext_noop("Who scores the N-th point"),
    "race_to": gettext_noop("Race to X points"),
    "rest_of_match": gettext_noop("Rest of the match"),
    "draw_no_bet": gettext_noop("Draw no bet"),
    "highest_scoring_period": gettext_noop("Highest-scoring period"),
    "win_both_halves": gettext_noop("Team to win both halves"),
    "cards_total": gettext_noop("Cards over/under"),
    "1x2_and_total": gettext_noop("Result and total"),
    "game_of_set": gettext_noop("Game X of set Y: winner and loser's points"),
    "winning_margin": gettext_noop("Winning margin"),
    "winner": gettext_noop("Outright winner (places paid, dead heat)"),
    "f1_matchup": gettext_noop("Driver match-up"),
}

WORDS = {
    "X": gettext_noop("Draw"),
    "draw": gettext_noop("Draw"),
    "yes": gettext_noop("Yes"),
    "no": gettext_noop("No"),
    "odd": gettext_noop("Odd"),
    "even": gettext_noop("Even"),
    "other": gettext_noop("Any other score"),
    "equal": gettext_noop("Equal"),
    "score_draw": gettext_noop("Score draw"),
    "no_goal": gettext_noop("No goal"),
}


def market_title(market) -> str:
    kind = KINDS.get(market.kind)
    if kind is None:
        return market.kind
    title = _(MARKET_NAMES.get(market.kind, kind.name))
    detail = market_detail(market)
    return f"{title} ({detail})" if detail else title


def _period(value: str) -> str:
    if value == "1st_half":
        return _("1st half")
    if value == "2nd_half":
        return _("2nd half")
    kind, _colon, number = value.partition(":")
    names = {
        "period": pgettext("part of a match", "period %(n)s"),
        "set": pgettext("part of a match", "set %(n)s"),
        "quarter": pgettext("part of a match", "quarter %(n)s"),
        "inning": pgettext("part of a match", "inning %(n)s"),
        "half": pgettext("part of a match", "half %(n)s"),
    }
    return names[kind] % {"n": number} if kind in names and number else value


def _team(market, code: str) -> str:
    event = market.event
    name = {"1": event.home, "2": event.away}.get(str(code))
    return name or _("Team %(team)s") % {"team": code}


def market_detail(market) -> str:
    """What a bettor needs to read the market: the period, the line, the team, N..."""
    params, parts = market.params, []
    if params.get("period") not in (None, "", "match"):
        parts.append(_period(params["period"]))
    if params.get("set") is not None and params.get("game") is not None:
        parts.append(_("game %(game)s of set %(set)s") % params)
    if params.get("team") is not None:
        parts.append(_team(market, params["team"]))
    if market.kind in ("total", "corners_total", "booking_points", "substitutions_total"):
        parts.append(str(params.get("line", "")))
    if market.kind == "asian_handicap" or market.kind == "handicap_3way":
        parts.append(_("%(team)s %(line)s") % {"team": _team(market, "1"), "line": _signed(params)})
    if market.kind == "1x2_and_total" or market.kind == "cards_total":
        parts.append(str(params.get("line", "")))
    if params.get("n") is not None and market.kind == "nth_point":
        parts.append(_("point %(n)s") % params)
    if params.get("x") is not None:
        parts.append(_("to %(x)s") % params)
    if params.get("player"):
        parts.append(str(params["player"]))
    if params.get("includes_overtime"):
        parts.append(_("incl. OT"))
    return ", ".join(part for part in parts if part)


def _signed(params: dict, negate: bool = False) -> str:
    line = Decimal(str(params.get("line", 0)))
    line = -line if negate else line
    return f"{line:+}" if line else "0"


def outcome_label(outcome) -> str:
    market = outcome.market
    kind = KINDS.get(market.kind)
    if kind is None:
        return outcome.code
    return label_for(market, outcome.code, kind)


def label_for(market, code: str, kind) -> str:
    params, event = market.params, market.event
    participants = event.participants or {}
    if market.kind in ("winner", "f1_matchup", "first_goalscorer") and code in participants:
        return participants[code]
    if code in ("over", "under"):
        if market.kind == "total_rounds":
            rounds = params.get("n")
            count = rounds if isinstance(rounds, int) else 0
            if code == "over":
                return ngettext("%(n)s round or more", "%(n)s rounds or more", count) % {
                    "n": rounds
                }
            return ngettext("Fewer than %(n)s round", "Fewer than %(n)s rounds", count) % {
                "n": rounds
            }
        line = params.get("line")
        return (_("Over %(line)s") if code == "over" else _("Under %(line)s")) % {"line": line}
    if market.kind in ("asian_handicap", "handicap_3way") and code in ("1", "2"):
        return f"{_team(market, code)} ({_signed(params, negate=code == '2')})"
    if market.kind == "double_chance":
        return {
            "1X": _("%(team)s or draw") % {"team": _team(market, "1")},
            "X2": _("%(team)s or draw") % {"team": _team(market, "2")},
            "12": _("%(home)s or %(away)s")
            % {"home": _team(market, "1"), "away": _team(market, "2")},
        }[code]
    if market.kind == "first_goal_interval":
        return _("No goal (0:0)") if code == "none" else _("Minutes %(range)s") % {"range": code}
    if market.kind == "set_betting":
        return _("Sets %(score)s") % {"score": code}
    if market.kind == "highest_scoring_period" and code != "equal":
        return _period(f"period:{code}").capitalize()
    if market.kind == "round_betting" and ":" in code:
        team, when = code.split(":")
        if when == "points":
            return _("%(boxer)s on points") % {"boxer": _team(market, team)}
        return _("%(boxer)s in round %(round)s") % {"boxer": _team(market, team), "round": when}
    if market.kind == "game_of_set":
        player, points = code.split("/")
        return _("%(player)s wins, loser on %(points)s") % {
            "player": _team(market, player),
            "points": points,
        }
    if market.kind == "winning_margin" and ":" in code:
        team, margin = code.split(":")
        return _("%(team)s by %(margin)s") % {"team": _team(market, team), "margin": margin}
    if market.kind == "first_goalscorer" and code == "none":
        return _("No goalscorer")
    if "/" in code:  # half-time/full-time, result and total
        return " / ".join(label_for(_AsTotal(market), part, kind) for part in code.split("/"))
    if code in ("1", "2"):
        return _team(market, code)
    if code in WORDS:
        return _(WORDS[code])
    return kind.outcome_label(params, code)


class _AsTotal:
    """A market seen as a plain total/1X2 for the parts of a combined outcome ("1/over")."""

    def __init__(self, market):
        self.kind = "total"
        self.params = market.params
        self.event = market.event
