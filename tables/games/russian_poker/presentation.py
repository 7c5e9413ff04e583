"""Russian poker's presentation (CG §26–§32, tables/games/russian_poker/engine.py), on the stud
board its flow shares (tables/families/stud/board.py): hands named by their points (§28, §30), the
bet
equal to the ante (§31), the dealer's three cards face down until he opens them, and the svara:
who tied and at how many points, the ante doubled, who may join and for how much (§31, R7, R8),
and the earlier deals of the hand."""

from __future__ import annotations

from django.utils.translation import gettext_noop, ngettext

from casino.currencies import format_amount
from tables.board_words import gettext
from tables.engines.seka import seka_score
from tables.families.stud import board
from tables.games.russian_poker.engine import BET_PAYS, DEALER_MINIMUM, GAME
from tables.kit import card_items
from tables.presentation import register
from tables.rules import RulesPage


def points_text(points) -> str:
    return ngettext("%(points)s point", "%(points)s points", int(points)) % {"points": points}


def cards_text(cards: list[str]) -> str:
    return points_text(seka_score(cards)) if len(cards) == 3 else ""


def pay_rows() -> list[tuple[str, str]]:
    """§31: the bet's pay by the player's points, best first."""
    rows = [(points_text(p), f"{r}:1") for p, r in sorted(BET_PAYS.items(), reverse=True)]
    return [*rows, (gettext("29 points or fewer"), "1:1")]


WORDS = board.Words(
    qualifies=gettext_noop("The dealer plays with 11 points (an ace's worth) or more."),
    bet_rule=gettext_noop("Bet: equal to the ante"),
    dark_note=gettext_noop("dark: the bet equal to the ante goes on now, the cards unseen"),
    stakes_per_ante=2,
    ante_term="rp_ante",
    # a box tied with a dealer without a game keeps its first cards unseen by others (R6, §31)
    given_back=gettext_noop("Your cards before the svara:"),
    deck_size=33,
    hand_size=3,
    hand_text=points_text,
    cards_text=cards_text,
    pay_rows=pay_rows,
)


def _svara_parts(view: dict, shared: dict, context: dict) -> None:
    """The svara's panel for everyone (the earlier deals, who tied, who may join) and your own
    answer to it."""
    game = view["game"] or {}
    currency = view["table"]["currency"]
    names = shared["player_names"]
    svara = game.get("svara")
    owners = {b["number"]: b["owner"] for b in game.get("boxes") or []}
    context["svara_rounds"] = _rounds(game.get("rounds"), owners, names)
    last = view["table"].get("last_game") or {}
    last_owners = {int(n): b["owner"] for n, b in (last.get("boxes") or {}).items()}
    context["last_rounds"] = _rounds(last.get("rounds"), last_owners, shared["last_names"])
    context["svara"] = None
    if svara:
        context["svara"] = {
            "number": svara["number"],
            "open": svara["open"],
            "boxes": ", ".join(str(n + 1) for n in svara["boxes"]),
            "join_ante": format_amount(svara["join_ante"], currency),
            "may_join": [board._name(names, p) for p in svara["may_join"]],
        }
    offer = game.get("svara_offer") if context.get("can_act") else None
    context["svara_offer"] = None
    if offer and "join" in offer:
        context["svara_offer"] = {"join": format_amount(offer["join"], currency)}
    elif offer:
        context["svara_offer"] = {
            "box": offer["box"],
            "number": offer["box"] + 1,
            "ante": format_amount(offer["ante"], currency),
            "adds": format_amount(offer["adds"], currency),
            "dark": offer["dark"],
        }


def _rounds(found_rounds, owners: dict, names: list[str]) -> list[dict]:
    """The deals of a hand that ended in a svara: the dealer's cards and points, each tied box
    with its owner and cards."""
    rounds = []
    for found in found_rounds or []:
        tied = []
        for number, cards in sorted(found["tied"].items(), key=lambda kv: int(kv[0])):
            owner = owners.get(int(number))
            tied.append(
                {
                    "number": int(number) + 1,
                    "owner": board._name(names, owner) if owner is not None else "—",
                    "cards": card_items(cards, "small") if cards else [],
                    "points": points_text(seka_score(cards)) if cards else "",
                }
            )
        rounds.append(
            {
                "svara": found["svara"],
                "dealer": card_items(found["dealer"], "small"),
                "dealer_points": points_text(found["dealer_points"]),
                "qualified": found["qualified"],
                "tied": tied,
            }
        )
    return rounds


RULES = RulesPage(
    game=GAME,
    title=gettext_noop("Russian poker"),
    paragraphs=(26, 32),
    summary=gettext_noop(
        "Three-card seka against the dealer: an ante, then fold or bet as much again; the dealer "
        "plays with 11 points, the bet pays 1:1 to 10:1 by your points; a tie with him is a "
        "svara: the ante doubles, new cards, and anyone may join; a second box is played dark."
    ),
    terms=("rp_ante", "box", "rp_dark_box", "combination", "joker", "rp_qualify", "rp_svara"),
)

register(board.presentation(GAME, WORDS, RULES, more=_svara_parts))

__all__ = ["DEALER_MINIMUM", "WORDS"]
