"""High card's presentation (the platform's 6-seat test game, tables/games/highcard/engine.py): each
seat's bet, pass or card, the dealer's card and the ante pot, the last hand's result, and the
seat's own moves (a bet between the limits, pass, a tip to another player)."""

from __future__ import annotations

from django.utils.translation import gettext_noop, pgettext

from casino.currencies import format_amount
from tables.board_words import gettext
from tables.families.house.board import box_pick_forms, layout_items, seat_name
from tables.history import pgettext_noop, stake_names
from tables.kit import (
    affordable,
    back_items,
    card_items,
    card_words,
    money_box,
    standard_quick_stakes,
)
from tables.presentation import Presentation, register, seat_board_facts
from tables.rules import LimitRows, RulesPage, limit_money
from tables.templatetags.cards import card as card_svg

GAME = "highcard"


def _signed(amount: int, currency: str) -> str:
    """A net as the board calls it: "+1.00 BYN", "−1.00 BYN", "0.00 BYN"."""
    text = format_amount(abs(int(amount)), currency)
    return f"+{text}" if amount > 0 else (f"−{text}" if amount < 0 else text)


def _outcome(net: int) -> str:
    return "won" if net > 0 else ("lost" if net < 0 else "push")


OUTCOME_WORDS = {
    "won": gettext_noop("won"),
    "lost": gettext_noop("lost"),
    "push": gettext_noop("push"),
}


def _nothing_decided(game: dict) -> bool:
    """Card changes, and nobody has decided yet: the change shown is the deal itself (each
    open box's owner awaited on his first open box)."""
    waiting = set(game.get("to_act") or [])
    first_open: dict[int, int] = {}
    for box in game["boxes"]:
        if box["kind"] == "open":
            first_open.setdefault(box["owner"], box["number"])
    return bool(first_open) and all(
        owner in waiting and any(b["deciding"] and b["number"] == n for b in game["boxes"])
        for owner, n in first_open.items()
    )


def _dealt_now(game: dict) -> bool:
    """Whether the cards on the boxes are new in this version: the deal (card changes: nobody
    has decided yet; without them the deal and the settlement are one change)."""
    if game["phase"] == "playing":
        return _nothing_decided(game)
    if game["phase"] == "over":
        return not game["limits"].get("switch")
    return False


def _box_items(game: dict, names: list[str], currency: str) -> list[dict]:
    """The layout's boxes as tables/_house.html draws them, from the public view: the same for
    every viewer (a dark box's card and the dealer's are backs until he turns his)."""
    dealt_now = _dealt_now(game)
    over = game["phase"] == "over"
    # the dealer's card is dealt first, then the boxes in order
    return layout_items(
        game,
        lambda box, place: _box_item(
            box, names, currency, over=over, deal=place + 1 if dealt_now else None
        ),
    )


def _box_item(box: dict, names: list[str], currency: str, *, over: bool, deal=None) -> dict:
    """One box (the view's or, for the last hand, its result's) for ``house.box``."""
    owner = box["owner"]
    card = box.get("card")
    if card:
        cards = card_items([card], "small")
    elif box.get("dealt"):
        cards = back_items(1, "small")
    else:
        cards = []
    if cards and deal is not None:
        cards = [dict(cards[0], new=deal)]
    side = []
    side_nets: dict[int, int] = {}
    for bet in box.get("side") or []:
        net = bet.get("net")
        if net is not None:
            side_nets[bet["seat"]] = net
        side.append(
            {
                "name": seat_name(names, bet["seat"]),
                "label": gettext("same rank"),
                "text": format_amount(bet["amount"], currency),
                "result": _signed(net, currency) if net is not None else "",
                "kind": _outcome(net) if net is not None else "",
            }
        )
    item = {
        "index": box["number"],
        "number": box["number"] + 1,
        "free": False,
        "owner": seat_name(names, owner),
        "kind": box["kind"],
        "kind_text": gettext("dark") if box["kind"] == "dark" else "",
        "stakes": [
            {
                "name": seat_name(names, stake["seat"]),
                "text": format_amount(stake["amount"], currency),
                "owner": stake["seat"] == owner,
            }
            for stake in box.get("stakes") or []
        ],
        "cards": cards,
        "note": (
            gettext("changed %(card)s") % {"card": card_words(box["old_card"])}
            if box.get("old_card")
            else ""
        ),
        "deciding": bool(box.get("deciding")),
        "side": side,
        "outcome": None,
        "outcome_text": "",
        "payouts": [],
    }
    if box.get("die"):
        item["note"] = (item["note"] + " · " if item["note"] else "") + gettext("die: %(die)s") % {
            "die": box["die"]
        }
    nets = box.get("nets") or {}
    if over and nets:
        main = {int(s): net - side_nets.get(int(s), 0) for s, net in nets.items()}
        won = box.get("won")
        outcome = "won" if won else "lost"
        if not won and all(net == 0 for net in main.values()):
            outcome = "push"
        item["outcome"] = outcome
        item["outcome_text"] = gettext(OUTCOME_WORDS[outcome])
        item["payouts"] = [
            {"name": seat_name(names, s), "text": _signed(net, currency), "kind": _outcome(net)}
            for s, net in main.items()
        ]
    return item


def _last_boxes(last: dict, names: list[str], currency: str) -> list[dict]:
    """The last hand's staked boxes with their cards and what each staker was paid."""
    items = []
    for number, box in sorted((last.get("boxes") or {}).items(), key=lambda kv: int(kv[0])):
        shown = {
            "number": int(number),
            "owner": box["owner"],
            "kind": box["kind"],
            "card": box.get("card"),
            "won": box.get("won"),
            "nets": box.get("nets") or {},
        }
        items.append(_box_item(shown, names, currency, over=True))
    return items


def _dealer_area(game: dict, currency: str) -> dict:
    dealer = game.get("dealer") or {}
    card = dealer.get("card")
    if card:
        new = 0 if game["phase"] == "over" else None
        cards = [dict(card_items([card], "normal")[0], new=new)]
        label = card_words(card)
    elif dealer.get("dealt"):
        cards = [dict(back_items(1, "normal")[0], new=0 if _dealt_now(game) else None)]
        label = gettext("face down")
    else:
        cards, label = [], ""
    return {
        "cards": cards,
        "label": label,
        "total": "",
        "qualifies": "",
        "qualifies_kind": "",
        "shoe": {
            "text": gettext("Shoe %(number)s · %(left)s cards")
            % {"number": game["shoe"], "left": game["shoe_remaining"]},
            "cut_out": bool(game.get("cut_card_out")),
        },
    }


def present(view: dict, shared: dict) -> dict:
    table, game, me = view["table"], view["game"], view["seat"]
    currency = table["currency"]
    settings = table.get("settings") or {}
    paused = table["status"] == "paused"
    names = shared["player_names"]

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
    context = {
        "limits": f"{money(settings.get('min_bet'))} – {money(settings.get('max_bet'))}",
        "ante": money(settings.get("ante")) if settings.get("ante") else "",
        "pot_text": money((game or {}).get("pot")),
        "hc_seats": seats,
        "seat_badges": badges,
        "seat_extra": {
            position: f'<span class="kit-cards row">{facts["card_svg"]}</span>'
            for position, facts in seats.items()
            if facts["card_svg"]
        },
        "last_number": last.get("number"),
        "last_dealer": card_items([last["dealer_card"]], "small")
        if last.get("dealer_card")
        else [],
        "last_boxes": _last_boxes(last, shared["last_names"], currency),
        "dealer_area": _dealer_area(game, currency) if game else None,
        "box_row": _box_items(game, names, currency) if game else [],
        "table_offers": _offers(settings, currency),
        "exposure_text": money(game["exposure"]) if game and game.get("exposure") else "",
    }
    facts = _control_facts(game, me, view.get("balance"), paused)
    context.update(_controls(facts, names, currency, (game or {}).get("pot")))
    return context


def _offers(settings: dict, currency: str) -> list[str]:
    """What this table offers beyond one box a player, in words (the head's chips)."""
    offers = []
    per_player = settings.get("boxes_per_player") or 1
    if per_player > 1:
        offers.append(gettext("up to %(count)s boxes") % {"count": per_player})
    if settings.get("dark_boxes_per_player"):
        offers.append(gettext("a dark box"))
    if settings.get("bets_behind"):
        offers.append(gettext("bets behind"))
    if (settings.get("side_bets") or {}).get("same"):
        offers.append(gettext("same rank pays 11:1"))
    if settings.get("switch"):
        offers.append(gettext("card change"))
    if settings.get("max_payout"):
        offers.append(
            gettext("at most %(amount)s a box")
            % {"amount": format_amount(settings["max_payout"], currency)}
        )
    return offers


def _range_items(ranges: dict, key: str) -> list[tuple[int, list]]:
    """A range per box ({box: [low, high]}, keys ints or, once the view travelled as JSON,
    strings), in the boxes' order."""
    return sorted(((int(n), r) for n, r in (ranges.get(key) or {}).items()), key=lambda x: x[0])


def _control_facts(game: dict | None, me, balance, paused: bool) -> dict | None:
    """Your moves as primitives (no words, no markup): what the forms offer and their bounds,
    each within the limits and your balance. The board's forms are drawn from these alone, so
    they are also the seat's private facts: another's bet that leaves them alike leaves your
    board's forms alike (issue 30)."""
    if not game or me is None or paused:
        return None
    legal = game.get("legal") or []
    legal_types = {a["type"] for a in legal}
    if not legal_types:
        return None
    if "stand" in legal_types:
        number = game.get("my_box")
        box = next((b for b in game.get("boxes") or [] if b["number"] == number), None)
        own = next((s["amount"] for s in (box or {}).get("stakes", []) if s["seat"] == me), 0)
        return {"switch": {"box": number, "fee": -(-own // 2), "can": "switch" in legal_types}}
    ranges = game.get("ranges") or {}
    limits = game.get("limits") or {}
    owners = {b["number"]: b["owner"] for b in game.get("boxes") or []}

    def offered(*keys: str) -> dict | None:
        options, lows, highs = [], [], []
        first_low: dict[int, int] = {}  # the smallest stake of each box offered
        for key in keys:
            for n, (low, high) in _range_items(ranges, key):
                bounds = affordable(low, high, balance)
                if bounds is None:
                    continue
                lows.append(bounds[0])
                highs.append(bounds[1])
                if n not in first_low:
                    options.append([n, owners.get(n)])
                first_low[n] = min(first_low.get(n, bounds[0]), bounds[0])
        if not options:
            return None
        options.sort()
        # the box selected first is typed first: its smallest stake
        return {
            "options": options,
            "bounds": [min(lows), max(highs)],
            "value": first_low[options[0][0]],
        }

    facts: dict = {"bet": None, "box": None, "behind": None, "side": None, "tip": None}
    bet = affordable(*(game.get("bet_range") or [None, None]), balance)
    if "bet" in legal_types and bet:
        facts["bet"] = list(bet)
    # another box (more than one a player, or a dark one) only where the table allows it: at a
    # one-box table the plain bet is the whole story
    if (limits.get("boxes_per_player") or 1) > 1 or limits.get("dark_boxes_per_player"):
        facts["box"] = offered("boxes", "dark")
        if facts["box"]:
            facts["box"]["dark"] = bool(ranges.get("dark"))
    facts["behind"] = offered("behind")
    facts["side"] = offered("side")
    facts["staked"] = bool(((game.get("seats") or {}).get(str(me)) or {}).get("bet"))
    tip = affordable(*(game.get("tip_range") or [None, None]), balance)
    if "tip" in legal_types and tip:
        facts["tip"] = {
            "bounds": list(tip),
            "to": sorted({a["to"] for a in legal if a["type"] == "tip"}),
        }
    return facts


def _controls(facts: dict | None, names: list[str], currency: str, pot) -> dict:
    """The forms of your moves (``_control_facts``) as the board draws them: a plain bet on
    your own box, another box (open or dark), a bet behind, a same-rank bet, done (or pass), a
    tip; in the card-change phase keep or change your card."""
    controls = {
        "can_act": facts is not None,
        "can_bet": False,
        "bet_box": None,
        "box_form": None,
        "behind_form": None,
        "side_form": None,
        "tip_box": None,
        "tip_to": [],
        "done_label": "",
        "switch_form": None,
    }
    if facts is None:
        return controls
    switch = facts.get("switch")
    if switch:
        number = (switch["box"] or 0) + 1
        controls["switch_form"] = {
            "box": switch["box"],
            "prompt": gettext("Your box %(number)s: keep your card or change it.")
            % {"number": number},
            "button": gettext("Change card (fee %(fee)s)")
            % {"fee": format_amount(switch["fee"], currency)},
            "can_switch": switch["can"],
        }
        return controls
    if facts["bet"]:
        low, high = facts["bet"]
        controls["can_bet"] = True
        controls["bet_box"] = money_box(
            currency, low, high, quick=standard_quick_stakes(low, high, pot)
        )
    controls.update(box_pick_forms(facts, names, currency, own=("box", "side"), others=("behind",)))
    controls["done_label"] = pgettext("betting", "Done") if facts["staked"] else gettext("Pass")
    if facts["tip"]:
        low, high = facts["tip"]["bounds"]
        controls["tip_box"] = money_box(currency, low, high, value=low)
        controls["tip_to"] = facts["tip"]["to"]
    return controls


def private_facts(view: dict) -> dict:
    """What a seat's board shows of its own (tables.games.Presentation.private_facts): the
    common facts (its balance among them), its moves as the forms offer them
    (``_control_facts``: the boxes offered, their bounds, the change's fee), the pot (it sets
    the quick stakes), its own seat's facts, and the seats dealt in. A bet by another that
    leaves your forms alike (at a one-box table, with no cap on the house's risk) changes
    none of them."""
    game = view["game"] or {}
    me = view["seat"]
    paused = view["table"]["status"] == "paused"
    return {
        **seat_board_facts(view),
        "controls": _control_facts(view["game"], me, view.get("balance"), paused),
        "pot": game.get("pot"),
        "mine": (game.get("seats") or {}).get(str(me)),
        "dealt_in": sorted(game.get("seats") or {}),
    }


def table_limits(settings: dict, currency: str) -> LimitRows:
    """The game's own limits on its rules page (tables/rules), from the table's settings."""
    rows = [
        (gettext("Ante"), limit_money(settings, "ante", currency)),
        (gettext("Smallest bet"), limit_money(settings, "min_bet", currency)),
        (gettext("Largest bet"), limit_money(settings, "max_bet", currency)),
        (gettext("Decks in the shoe"), str(settings.get("decks", ""))),
    ]
    offers = _offers(settings, currency)
    if offers:
        rows.append((gettext("This table offers"), ", ".join(offers)))
    return rows


RULES = RulesPage(
    game=GAME,
    title=gettext_noop("High card"),
    paragraphs=None,
    summary=gettext_noop(
        "The casino's own short game: stake boxes against the dealer's card, the higher card "
        "wins 1:1; dark boxes, bets behind, a same-rank bet at 11:1 and card changes where the "
        "table offers them."
    ),
    terms=("ante", "box", "tip", "shoe", "cut_card"),
)

# its stakes in the game's words, by the kind their payments name: the side bet that the box's
# rank is the dealer's (a true side bet) and the fee of a card switched (tables/history.py)
STAKES = {
    "same": pgettext_noop("stake", "side bet on the dealer’s rank"),
    "switch": pgettext_noop("stake", "card switch"),
}

register(
    Presentation(
        game=GAME,
        display_name=gettext_noop("High card"),
        presenter=present,
        private_facts=private_facts,
        rules=RULES,
        limits=table_limits,
        balance_in_view=True,
        bet_name=stake_names(STAKES),
    )
)
