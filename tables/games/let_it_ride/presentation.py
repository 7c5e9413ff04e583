"""Let It Ride's presentation (tables/games/let_it_ride/engine.py, CG §33-§39): the community cards
in the dealer's area (backs until opened), a box per player with its three bets (riding, taken down,
won or lost), your own three cards to you alone, the last round's hands named with each bet's
payout, and your moves: three equal bets, then "take down" or "let it ride" for bet 1 and bet 2.

What every viewer sees alike (the head, the community cards, the boxes, the last round) is in the
board's shared sections: a box's cards are backs there until the hands are shown, for everyone.
Your own cards are drawn outside them, from your seat's view."""

from __future__ import annotations

from django.utils.translation import gettext_noop

from casino.currencies import format_amount
from tables.board_words import gettext
from tables.history import pgettext_noop, stake_names
from tables.kit import affordable, back_items, card_items, money_box, standard_quick_stakes
from tables.presentation import Presentation, last_result_badges, register
from tables.rules import LimitRows, RulesPage, limit_money

GAME = "let_it_ride"
BET_STATES = {
    "riding": gettext_noop("riding"),
    "down": gettext_noop("taken down"),
    "won": gettext_noop("won"),
    "lost": gettext_noop("lost"),
}


def _signed(amount: int, currency: str) -> str:
    text = format_amount(abs(int(amount)), currency)
    return f"+{text}" if amount > 0 else (f"−{text}" if amount < 0 else text)


def _name(names: list[str], position) -> str:
    position = int(position)
    return names[position] if 0 <= position < len(names) else "—"


def pays_text(pays) -> str:
    """ "8:1" for a line that pays, "" for one that loses."""
    return f"{pays}:1" if pays else ""


def hand_words(box: dict) -> str:
    """The hand named, with its payout: "flush, 8:1"."""
    if not box.get("name"):
        return ""
    words = gettext(box["name"])
    return f"{words}, {pays_text(box['pays'])}" if box.get("pays") else words


def _box_item(box: dict, names: list[str], currency: str, *, shown: bool, new=None) -> dict:
    """One box for ``house.box``: its owner, its three cards (backs until the hands are shown),
    its three bets as the box's circles, and at the end its hand and each bet's payout."""
    cards = box.get("cards")
    if shown and cards:
        items = card_items(cards, "small")
    elif box.get("dealt"):
        items = back_items(3, "small")
    else:
        items = []
    if items and new is not None:
        items = [dict(item, new=new + n) for n, item in enumerate(items)]
    bets = []
    for bet in box.get("bets") or []:
        net = bet.get("net")
        if bet["state"] in ("won", "lost") and net is not None:
            result = _signed(net, currency)
        else:
            result = gettext(BET_STATES[bet["state"]])
        bets.append(
            {
                "name": "",
                "label": gettext("Bet %(number)s") % {"number": bet["bet"]},
                "text": format_amount(bet["amount"], currency),
                "result": result,
                "kind": f"lir-bet {bet['state']}",
            }
        )
    item = {
        "index": box["number"],
        "number": box["number"] + 1,
        "free": False,
        "owner": _name(names, box["owner"]),
        "kind": "open",
        "kind_text": "",
        "stakes": [],
        "cards": items,
        "note": hand_words(box) if shown else "",
        "deciding": bool(box.get("deciding")),
        "side": bets,
        "outcome": None,
        "outcome_text": "",
        "payouts": [],
    }
    if shown and box.get("name"):
        net = sum(b.get("net") or 0 for b in box.get("bets") or [])
        outcome = "won" if net > 0 else ("lost" if net < 0 else "push")
        item["outcome"] = outcome
        item["outcome_text"] = {
            "won": gettext("won"),
            "lost": gettext("lost"),
            "push": gettext("push"),
        }[outcome]
        item["payouts"] = [
            {
                "name": _name(names, box["owner"]),
                "text": _signed(net, currency),
                "kind": outcome,
            }
        ]
    return item


def _community(game: dict) -> dict:
    """The dealer's area: the two community cards, backs until opened (§35, L4)."""
    community = game.get("community") or []
    items = []
    for card in community:
        items.append(card_items([card], "normal")[0] if card else back_items(1, "normal")[0])
    return {
        "cards": items,
        "label": gettext("Community cards") if items else "",
        "total": "",
        "qualifies": "",
        "qualifies_kind": "",
        "shoe": None,
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
        if facts.get("bet"):
            badges[position] = [("bet", f"3 × {money(facts['bet'])}")]
        elif facts.get("passed"):
            badges[position] = [("passed", gettext("passed"))]
        elif facts.get("deciding"):
            badges[position] = [("deciding", gettext("deciding"))]
    last_result_badges(table, badges)
    last = table.get("last_game") or {}
    shown = bool(game) and game["over"] and not (game.get("result") or {}).get("void")
    boxes = (game or {}).get("boxes") or []
    # the deal is new in this version while nobody has decided on bet 1 yet
    dealt_now = bool(game) and game["phase"] == "first" and all(b["deciding"] for b in boxes)
    box_row = [
        _box_item(box, names, currency, shown=shown, new=3 * order if dealt_now else None)
        for order, box in enumerate(boxes)
    ]
    last_boxes = [
        _box_item(
            {**box, "number": int(number), "dealt": True},
            shared["last_names"],
            currency,
            shown=True,
        )
        for number, box in sorted((last.get("boxes") or {}).items(), key=lambda kv: int(kv[0]))
    ]
    context = {
        "limits": f"{money(settings.get('min_bet'))} – {money(settings.get('max_bet'))}",
        "table_offers": _offers(settings, currency),
        "seat_badges": badges,
        "dealer_area": _community(game) if game else None,
        "box_row": box_row,
        "last_number": last.get("number"),
        "last_community": card_items(last.get("community") or [], "small"),
        "last_boxes": last_boxes,
        "exposure_text": money(game["exposure"]) if game and game.get("exposure") else "",
        "my_cards": _my_cards(game),
        "decision": None,
        "can_act": False,
        "bet_box": None,
    }
    if game and me is not None and not paused:
        context.update(_controls(game, view.get("balance"), currency))
    return context


def _my_cards(game: dict | None) -> list[dict]:
    """Your three cards and the community cards open, while your cards are yours alone."""
    if not game or not game.get("cards"):
        return []
    opened = [card for card in game.get("community") or [] if card]
    return card_items([*game["cards"], *opened], "normal")


def _controls(game: dict, balance, currency: str) -> dict:
    legal = game.get("legal") or []
    types = {a["type"] for a in legal}
    if not types:
        return {}
    if "ride" in types:
        bet = legal[0]["bet"]
        return {
            "can_act": True,
            "decision": {
                "bet": bet,
                "prompt": gettext("Bet %(number)s: take it down or let it ride?") % {"number": bet},
                "down": gettext("Take down bet %(number)s") % {"number": bet},
                "ride": gettext("Let it ride"),
            },
        }
    bounds = game.get("bet_range") or [None, None]
    # each of the three bets: the wallet must hold three of them
    per_bet = None if balance is None else int(balance) // 3
    bet = affordable(bounds[0], bounds[1], per_bet)
    box = None
    if bet:
        low, high = bet
        box = money_box(currency, low, high, quick=standard_quick_stakes(low, high))
    return {"can_act": True, "bet_box": box}


def _offers(settings: dict, currency: str) -> list[str]:
    offers = []
    if settings.get("max_payout"):
        offers.append(
            gettext("at most %(amount)s a box")
            % {"amount": format_amount(settings["max_payout"], currency)}
        )
    return offers


def table_limits(settings: dict, currency: str) -> LimitRows:
    """The game's own limits on its rules page, from the table's settings."""
    return [
        (gettext("Smallest bet (each of the three)"), limit_money(settings, "min_bet", currency)),
        (gettext("Largest bet (each of the three)"), limit_money(settings, "max_bet", currency)),
        (gettext("Most paid a box in a round"), limit_money(settings, "max_payout", currency)),
    ]


RULES = RulesPage(
    game=GAME,
    title=gettext_noop("Let It Ride"),
    paragraphs=(33, 39),
    summary=gettext_noop(
        "Three equal bets against the casino on your three cards and two community cards: take "
        "the first bet down after seeing your cards, the second after the first community card; "
        "a pair of tens or better pays, up to 1000:1 for a royal flush."
    ),
    terms=("box", "lir_community", "lir_take_down"),
)

# its three bets in the game's words, by the kind their payments name (CG §33–§39): bets 1 and 2
# may be taken down, bet 3 is the box's own stake (tables/history.py)
STAKES = {
    "main": pgettext_noop("stake", "bet 3"),
    "box": pgettext_noop("stake", "bet 3"),
    "bet1": pgettext_noop("stake", "bet 1"),
    "bet2": pgettext_noop("stake", "bet 2"),
}

register(
    Presentation(
        game=GAME,
        display_name=gettext_noop("Let It Ride"),
        presenter=present,
        rules=RULES,
        limits=table_limits,
        balance_in_view=True,
        bet_name=stake_names(STAKES),
    )
)
