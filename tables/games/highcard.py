"""High card's presentation (the platform's 6-seat test game, tables/engines/highcard.py): each
seat's bet, pass or card, the dealer's card and the ante pot, the last hand's result, and the
seat's own moves (a bet between the limits, pass, a tip to another player)."""

from __future__ import annotations

from django.utils.translation import gettext, gettext_noop

from casino.currencies import format_amount
from tables.games import Presentation, register, seat_board_facts
from tables.kit import card_items, money_box, standard_quick_stakes
from tables.rules import LimitRows, RulesPage, limit_money
from tables.templatetags.cards import card as card_svg

GAME = "highcard"


def present(view: dict, shared: dict) -> dict:
    table, game, me = view["table"], view["game"], view["seat"]
    currency = table["currency"]
    settings = table.get("settings") or {}
    paused = table["status"] == "paused"

    def money(amount) -> str:
        return format_amount(int(amount or 0), currency)

    seats = {}
    for position, facts in ((game or {}).get("seats") or {}).items():
        seats[int(position)] = {
            **facts,
            "bet_text": money(facts["bet"]) if facts.get("bet") else "",
            "card_svg": card_svg(facts["card"], "small") if facts.get("card") else "",
        }
    last = table.get("last_game") or {}
    # the last hand's result on the seats of the players who played it (not on a newcomer's)
    sitting = {s["position"]: s["player_id"] for s in table["seats"]}
    played = last.get("players_by_seat")
    last_won = {
        int(p): won
        for p, won in (last.get("won") or {}).items()
        if played is None or sitting.get(int(p)) == played.get(p)
    }
    badges: dict[int, list] = {}
    for position, facts in seats.items():
        if facts.get("folded"):
            badges[position] = [("folded", gettext("folded"))]
        elif facts.get("bet"):
            badges[position] = [("bet", f"{gettext('bet')} {facts['bet_text']}")]
        elif facts.get("passed"):
            badges[position] = [("passed", gettext("passed"))]
        elif facts.get("deciding"):
            badges[position] = [("deciding", gettext("deciding"))]
    for position, won in last_won.items():
        kind = "last-won" if won else "last-lost"
        badges.setdefault(position, []).append((kind, gettext("won") if won else gettext("lost")))
    legal_types = {a["type"] for a in (game or {}).get("legal", [])} if not paused else set()
    bet_range = (game or {}).get("bet_range") or [settings.get("min_bet"), settings.get("max_bet")]
    return {
        "limits": f"{money(settings.get('min_bet'))} – {money(settings.get('max_bet'))}",
        "ante": money(settings.get("ante")) if settings.get("ante") else "",
        "pot_text": money((game or {}).get("pot")),
        "hc_seats": seats,
        "can_bet": "bet" in legal_types,
        "can_tip": "tip" in legal_types,
        "bet_box": money_box(
            currency,
            bet_range[0],
            bet_range[1],
            quick=standard_quick_stakes(bet_range[0], bet_range[1], (game or {}).get("pot")),
        )
        if "bet" in legal_types
        else None,
        "tip_box": money_box(currency, 1, bet_range[1], value=1) if "tip" in legal_types else None,
        "tip_to": [p for p in sorted(seats) if p != me],
        "last_dealer": card_items([last["dealer_card"]], "small")
        if last.get("dealer_card")
        else [],
        "seat_badges": badges,
        "seat_extra": {
            position: f'<span class="kit-cards row">{facts["card_svg"]}</span>'
            for position, facts in seats.items()
            if facts["card_svg"]
        },
        "last_number": last.get("number"),
    }


def private_facts(view: dict) -> dict:
    """What a seat's board shows of its own (tables.games.Presentation.private_facts): the
    common facts, its moves and the money boxes' bounds (the pot sets the quick stakes), its own
    seat's facts, and who it may tip. A bet by another changes none of them."""
    game = view["game"] or {}
    me = view["seat"]
    return {
        **seat_board_facts(view),
        "legal": game.get("legal"),
        "bet_range": game.get("bet_range"),
        "tip_range": game.get("tip_range"),
        "pot": game.get("pot"),
        "mine": (game.get("seats") or {}).get(str(me)),
        "dealt_in": sorted(game.get("seats") or {}),
    }


def table_limits(settings: dict, currency: str) -> LimitRows:
    """The game's own limits on its rules page (tables/rules), from the table's settings."""
    return [
        (gettext("Ante"), limit_money(settings, "ante", currency)),
        (gettext("Smallest bet"), limit_money(settings, "min_bet", currency)),
        (gettext("Largest bet"), limit_money(settings, "max_bet", currency)),
        (gettext("Decks in the shoe"), str(settings.get("decks", ""))),
    ]


RULES = RulesPage(
    game=GAME,
    title=gettext_noop("High card"),
    paragraphs=None,
    summary=gettext_noop(
        "The casino's own short game: bet against the dealer's card, the higher card "
        "wins; the antes go to the best card."
    ),
    terms=("ante", "box", "tip", "shoe", "cut_card"),
)

register(
    Presentation(
        game=GAME,
        display_name=gettext_noop("High card"),
        presenter=present,
        private_facts=private_facts,
        board_template="tables/highcard/board.html",
        replay_template="tables/highcard/_replay_step.html",
        result_template="tables/highcard/_hand_result.html",
        rules=RULES,
        limits=table_limits,
    )
)
