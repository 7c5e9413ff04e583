"""Dice blackjack's presentation (engine.py, DG §6–§10): the dealer's two
recesses with his dice and total, a box per bet with its two recesses (the first throw stays as
it fell, the second beside it, X4), its total and its result, whose turn it is, and your moves:
a bet in BYN or a pass while bets are taken, then "throw" and "stop" when your box's turn comes.

Every die is drawn as its face of pips (the kit's ``.die``: nine cells, the CSS shows the pips
of its ``data-face``).
Nothing on this board is hidden from anyone (the faces not thrown yet never leave the engine),
so the head, the dealer's area, the boxes and the last round are shared sections; only your
moves are your own."""

from __future__ import annotations

from django.utils.translation import gettext_noop

from casino.currencies import format_amount
from tables.board_words import gettext
from tables.families.dice.rules import rules_page
from tables.games.dice_blackjack.engine import TARGET
from tables.kit import affordable, money_box, signed, standard_quick_stakes
from tables.presentation import Presentation, last_result_badges, register, seat_board_facts
from tables.rules import LimitRows, limit_money

GAME = "dice_blackjack"
OUTCOMES = {
    "won": gettext_noop("won"),
    "lost": gettext_noop("lost"),
    "push": gettext_noop("push"),
    "bust": gettext_noop("over 12: lost"),
}


def cups(throws, new_from: int | None = None) -> list[dict]:
    """A box's (or the dealer's) two recesses: each throw's dice and the total so far, an
    empty recess for a throw not made. ``new_from``: the first throw new in this version."""
    recesses, total = [], 0
    for index in range(2):
        if index < len(throws or ()):
            total += sum(throws[index])
            recesses.append(
                {
                    "dice": list(throws[index]),
                    "sum": sum(throws[index]),
                    "new": new_from is not None and index >= new_from,
                }
            )
        else:
            recesses.append(None)
    return recesses


def _name(names: list[str], position) -> str:
    position = int(position)
    return names[position] if 0 <= position < len(names) else "—"


def _box_item(box: dict, names: list[str], currency: str, *, latest: int | None = None) -> dict:
    """One box: its owner, bet, two recesses, total and, once settled, its result."""
    throws = box.get("throws") or []
    total = sum(sum(pair) for pair in throws)
    state = box.get("outcome") or (
        "throwing" if box.get("throwing") else ("stood" if box.get("stood") else "")
    )
    item = {
        "index": box["number"],
        "number": box["number"] + 1,
        "owner": _name(names, box["owner"]),
        "bet": format_amount(box["amount"], currency),
        "cups": cups(throws, latest),
        "total": total if throws else None,
        "over": total > TARGET,
        "state": state,
        "state_text": "",
        "net": "",
    }
    if box.get("outcome"):
        item["state_text"] = gettext(OUTCOMES[box["outcome"]])
        item["net"] = signed(box.get("net") or 0, currency)
    elif state == "throwing":
        item["state_text"] = gettext("throwing")
    elif state == "stood":
        item["state_text"] = gettext("stands")
    return item


def _dealer(dealer: dict | None, new: bool = False) -> dict:
    """The dealer's two recesses and total; 'bust' over 12 (X1), 'stands' otherwise (X3)."""
    if not dealer:
        return {"cups": cups([]), "total": None, "state_text": ""}
    return {
        "cups": cups(dealer["throws"], 0 if new else None),
        "total": dealer["total"],
        "state_text": gettext("over 12: every box standing wins")
        if dealer["bust"]
        else gettext("stands"),
        "bust": dealer["bust"],
    }


def present(view: dict, shared: dict) -> dict:
    table, game, me = view["table"], view["game"], view["seat"]
    currency = table["currency"]
    settings = table.get("settings") or {}
    names = shared["player_names"]
    paused = table["status"] == "paused"

    def money(amount) -> str:
        return format_amount(int(amount or 0), currency)

    badges: dict[int, list] = {}
    for position, facts in ((game or {}).get("seats") or {}).items():
        position = int(position)
        if facts.get("throwing"):
            badges[position] = [("deciding", gettext("throwing"))]
        elif facts.get("bet"):
            badges[position] = [("bet", money(facts["bet"]))]
        elif facts.get("passed"):
            badges[position] = [("passed", gettext("passed"))]
        elif facts.get("betting"):
            badges[position] = [("deciding", gettext("betting"))]
    last_result_badges(table, badges)
    last = table.get("last_game") or {}
    boxes = (game or {}).get("boxes") or []
    over = bool(game) and game["over"]
    box_row = [
        _box_item(
            box,
            names,
            currency,
            latest=len(box["throws"]) - 1 if box.get("throwing") and box["throws"] else None,
        )
        for box in boxes
    ]
    last_boxes = [
        _box_item({**box, "number": int(number)}, shared["last_names"], currency)
        for number, box in sorted((last.get("boxes") or {}).items(), key=lambda kv: int(kv[0]))
    ]
    context = {
        "limits": f"{money(settings.get('min_bet'))} – {money(settings.get('max_bet'))}",
        "table_offers": _offers(settings, currency),
        "seat_badges": badges,
        "phase": (game or {}).get("phase"),
        "dealer_area": _dealer((game or {}).get("dealer"), new=over) if game else None,
        "box_row": box_row,
        "throwing_box": (game or {}).get("throwing_box"),
        "last_number": last.get("number"),
        "last_dealer": _dealer(last.get("dealer")) if last_boxes else None,
        "last_boxes": last_boxes,
        "exposure_text": money(game["exposure"]) if game and game.get("exposure") else "",
        "can_act": False,
        "bet_box": None,
        "throw_moves": None,
    }
    if game and me is not None and not paused:
        context.update(_controls(game, view.get("balance"), currency))
    return context


def _controls(game: dict, balance, currency: str) -> dict:
    legal = game.get("legal") or []
    types = {a["type"] for a in legal}
    if not types:
        return {}
    if "throw" in types:
        box = game.get("throwing_box")
        thrown = next((b["throws"] for b in game["boxes"] if b["number"] == box), [])
        total = sum(sum(pair) for pair in thrown)
        prompt = (
            gettext("Box %(number)s: %(total)s. Stop, or throw two more dice?")
            % {"number": box + 1, "total": total}
            if thrown
            else gettext("Box %(number)s: your turn. Throw two dice.") % {"number": box + 1}
        )
        return {
            "can_act": True,
            "throw_moves": {
                "prompt": prompt,
                "throw": gettext("Throw again") if thrown else gettext("Throw"),
                "stop": "stop" in types,
            },
        }
    bounds = game.get("bet_range") or [None, None]
    bet = affordable(bounds[0], bounds[1], balance) if "bet" in types else None
    box = None
    if bet:
        low, high = bet
        box = money_box(currency, low, high, quick=standard_quick_stakes(low, high))
    own = (game.get("seats") or {}).get(str(game.get("seat")), {})
    return {"can_act": True, "bet_box": box, "has_box": bool(own.get("bet"))}


def private_facts(view: dict) -> dict:
    """What a seat's board shows of its own (tables.games.Presentation.private_facts): the
    common facts, its moves (the bet's range, throw and stop) with the prompt's box and its
    throws, the phase, and its own seat's facts. Another box's throw that leaves these alike
    sends that seat only the parts that changed."""
    game = view["game"] or {}
    me = view["seat"]
    throwing = game.get("throwing_box")
    box = next((b for b in game.get("boxes") or [] if b["number"] == throwing), None)
    return {
        **seat_board_facts(view),
        "legal": game.get("legal"),
        "bet_range": game.get("bet_range"),
        "phase": game.get("phase"),
        "mine": (game.get("seats") or {}).get(str(me)),
        "prompt": [throwing, box["throws"] if box and box["owner"] == me else None],
    }


def _offers(settings: dict, currency: str) -> list[str]:
    offers = []
    if (settings.get("boxes_per_player") or 1) > 1:
        offers.append(
            gettext("up to %(count)s boxes a player") % {"count": settings["boxes_per_player"]}
        )
    if settings.get("max_payout"):
        offers.append(
            gettext("at most %(amount)s a box")
            % {"amount": format_amount(settings["max_payout"], currency)}
        )
    return offers


def table_limits(settings: dict, currency: str) -> LimitRows:
    """The game's own limits on its rules page, from the table's settings."""
    return [
        (gettext("Smallest bet on a box"), limit_money(settings, "min_bet", currency)),
        (gettext("Largest bet on a box"), limit_money(settings, "max_bet", currency)),
        (gettext("Boxes a player may play"), str(settings.get("boxes_per_player") or 1)),
        (gettext("Most paid a box in a round"), limit_money(settings, "max_payout", currency)),
    ]


RULES = rules_page(
    game=GAME,
    title=gettext_noop("Dice blackjack"),
    summary=gettext_noop(
        "Blackjack with dice against the casino: throw two dice, stop or throw two more, and get "
        "closer to 12 than the dealer without going over; a win pays 1:1."
    ),
    terms=("box", "dbj_throw", "dbj_stop", "dbj_bust"),
    rulebook=gettext_noop(
        "The dice-game rules, DG §6–§10 (dice blackjack), as this casino plays them; a rule’s "
        "number is shown beside it."
    ),
)

register(
    Presentation(
        game=GAME,
        display_name=gettext_noop("Dice blackjack"),
        presenter=present,
        private_facts=private_facts,
        rules=RULES,
        limits=table_limits,
        balance_in_view=True,
    )
)
