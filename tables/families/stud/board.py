"""The board of the stud games against the dealer (tables/families/stud/engine.py: Caribbean stud,
Oasis stud, Golden Oasis): one presenter, each game giving its own words (``Words``).

What it shows, from the views alone: the head (the ante's limits, what the table offers: a dark
box, the bonus and its pay table, the payout cap, the player's cut); the dealer's five cards
(four backs and his last card until he opens them, then his hand named and whether it
qualifies, a card replaced for a bought game); the row of boxes (owner, ante, bet, bonus, fees,
the cards as backs until the dealer opens them, the outcome and the payout called in BYN: §52,
§63); your own hand (your open boxes' cards, named) with the change picker and its price, the
bet and fold, or the "buy a game" offer; the last hand. Nothing of the shared parts depends on
who looks: your cards are in your own part only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from django.utils.translation import gettext_noop, pgettext

from casino.currencies import format_amount
from tables.board_words import gettext
from tables.engines import poker_hands
from tables.history import pgettext_noop, stake_names
from tables.kit import affordable, back_items, card_items, card_words, money_box, signed
from tables.presentation import Presentation, seat_board_facts
from tables.rules import LimitRows, RulesPage, limit_money

# the stakes of a stud box in the game's words, by the kind its payments name (CG §40–§68): the
# box's own stake is its ante; the bet that continues it, the bonus, and the fees of a card change,
# an exchange, a sixth card or a game bought for the dealer; the hand history says "ante lost",
# "bet won", never a side bet for these (tables/history.py)
STAKES = {
    "main": pgettext_noop("stake", "ante"),
    "ante": pgettext_noop("stake", "ante"),
    "bet": pgettext_noop("stake", "bet"),
    "bonus": pgettext_noop("stake", "bonus"),
    "change": pgettext_noop("stake", "card change"),
    "exchange": pgettext_noop("stake", "card exchange"),
    "buy": pgettext_noop("stake", "a sixth card"),
    "game": pgettext_noop("stake", "a game bought for the dealer"),
}
OUTCOME_KINDS = {"won": "won", "lost": "lost", "tie": "push", "no game": "won", "folded": "lost"}
# any other outcome (a push when the dealer has no game, a tie at a svara's limit) is a push


@dataclass(frozen=True)
class Words:
    """A game's own words on the shared board (each a msgid, translated when shown)."""

    qualifies: str  # "the dealer qualifies with ..."
    # the change buttons by draw kind: "%(fee)s" the price; a kind of several counts lists them
    draw_buttons: dict[str, str] = field(default_factory=dict)
    draw_prompts: dict[str, str] = field(default_factory=dict)  # what to pick for each kind
    bonus_from: str = ""
    bet_rule: str = gettext_noop("Bet: twice the ante")  # the head's chip
    dark_note: str = gettext_noop("dark: the bet of twice the ante goes on now, the cards unseen")
    stakes_per_ante: int = 3  # the ante and the bet: what a box may cost, in antes
    ante_term: str = "stud_ante"  # the glossary's key for the ante
    # the cards a box no longer holds, to its owner: given back for a change, or a game's own
    given_back: str = gettext_noop("Given back:")
    deck_size: int = 52
    hand_size: int = 5
    # a hand in words: from the view's ``hand`` (a poker category), from a seat's own cards
    hand_text: Callable[[object], str] | None = None
    cards_text: Callable[[list[str]], str] | None = None
    pay_rows: Callable[[], list[tuple[str, str]]] | None = None

    def name_hand(self, hand) -> str:
        return (self.hand_text or hand_name)(hand) if hand is not None else ""

    def name_cards(self, cards: list[str]) -> str:
        if self.cards_text is not None:
            return self.cards_text(cards)
        if len(cards) < 5:
            return ""
        return hand_name(poker_hands.category(poker_hands.best(cards)[0]))


def hand_name(category) -> str:
    return gettext(poker_hands.NAMES[category]) if category is not None else ""


def _name(names: list[str], position) -> str:
    position = int(position)
    return names[position] if 0 <= position < len(names) else "—"


def _outcome_text(outcome: str | None, words: Words) -> str:
    return {
        "won": gettext("won"),
        "lost": gettext("lost"),
        "tie": gettext("tie: stakes back"),
        "svara limit": gettext("tie at the svara limit: stakes back"),
        "no game": gettext("dealer has no game: ante paid"),
        "no game push": gettext("dealer has no game: stakes back"),
        "folded": gettext("folded"),
        "settled": gettext("settled"),
    }.get(outcome or "", "")


def _status_note(box: dict) -> str:
    status = box.get("status")
    if status == "folded":
        return gettext("folded")
    if status == "in" and box.get("bet"):
        return gettext("bet placed")
    if status == "drawing":
        return gettext("waiting for cards")
    if status == "buy":
        return gettext("may buy a game")
    if status == "bought":
        return gettext("bought a game")
    return ""


def _change_note(box: dict, currency: str) -> str:
    notes = []
    for change in box.get("changes") or []:
        notes.append(
            gettext("%(given)s given back, %(drawn)s drawn, fee %(fee)s")
            % {
                "given": change["returned"],
                "drawn": change["drawn"],
                "fee": format_amount(change["fee"], currency),
            }
        )
    return " · ".join(notes)


def box_item(box: dict, names: list[str], currency: str, words: Words):
    """One box for ``house.box`` from the public view (or the last result's box)."""
    cards = box.get("cards")
    items = card_items(cards, "small") if cards else back_items(box.get("dealt") or 0, "small")
    stakes = []
    if box.get("ante"):
        stakes.append(
            {"name": gettext("Ante"), "text": format_amount(box["ante"], currency), "owner": True}
        )
    if box.get("bet"):
        stakes.append(
            {"name": gettext("Bet"), "text": format_amount(box["bet"], currency), "owner": True}
        )
    side = []
    if box.get("bonus"):
        net = box.get("bonus_net")
        side.append(
            {
                "name": "",
                "label": gettext("bonus"),
                "text": format_amount(box["bonus"], currency),
                "result": signed(net, currency) if net is not None else "",
                "kind": ("won" if net > 0 else "lost") if net is not None else "",
            }
        )
    notes = [n for n in (_status_note(box), _change_note(box, currency)) if n]
    if box.get("hand") is not None:
        notes.insert(0, words.name_hand(box["hand"]))
    outcome = box.get("outcome")
    nets = box.get("nets") or {}
    item = {
        "index": box["number"],
        "number": box["number"] + 1,
        "free": False,
        "owner": _name(names, box["owner"]),
        "kind": box["kind"],
        "kind_text": gettext("dark") if box["kind"] == "dark" else "",
        "stakes": stakes,
        "cards": items,
        "note": " · ".join(notes),
        "deciding": bool(box.get("deciding")),
        "side": side,
        "outcome": None,
        "outcome_text": "",
        "payouts": [],
    }
    if outcome or (box.get("status") == "folded" and nets):
        outcome = outcome or "folded"
        item["outcome"] = OUTCOME_KINDS.get(outcome, "push")
        item["outcome_text"] = _outcome_text(outcome, words)
        item["payouts"] = [
            {
                "name": _name(names, s),
                "text": signed(net, currency),
                "kind": "won" if net > 0 else ("lost" if net < 0 else "push"),
            }
            for s, net in nets.items()
        ]
    return item


def box_row(game: dict, names: list[str], currency: str, words: Words) -> list[dict]:
    by_number = {b["number"]: b for b in game.get("boxes") or []}
    items = []
    for n in range(int(game.get("layout") or 0)):
        box = by_number.get(n)
        if box is None:
            items.append({"index": n, "number": n + 1, "free": True})
        else:
            items.append(box_item(box, names, currency, words))
    return items


def dealer_area(game: dict, words: Words) -> dict:
    dealer = game.get("dealer") or {}
    cards = dealer.get("cards")
    label, qualifies, kind = "", "", ""
    if cards:
        items = card_items(cards, "normal")
        label = words.name_hand(dealer.get("hand"))
        if dealer.get("replaced"):
            label += " · " + gettext("%(old)s replaced by %(new)s") % {
                "old": card_words(dealer["replaced"]),
                "new": card_words(dealer["drawn"]),
            }
        qualified = dealer.get("qualified")
        if dealer.get("replaced"):  # a bought game: the hand after the replacement decides
            qualified = dealer.get("qualified_after")
        if qualified:
            qualifies, kind = gettext("The dealer qualifies"), "qualifies"
        else:
            qualifies, kind = gettext("The dealer has no game"), "no-game"
    elif dealer.get("dealt") and dealer.get("up"):
        items = [*back_items(dealer["dealt"] - 1, "normal"), *card_items([dealer["up"]], "normal")]
        label = gettext("his last card up")
    elif dealer.get("dealt"):
        items = back_items(dealer["dealt"], "normal")
    else:
        items = []
    return {
        "cards": items,
        "label": label,
        "total": "",
        "qualifies": qualifies,
        "qualifies_kind": kind,
        "shoe": None,
        "rule": gettext(words.qualifies),
    }


def my_hands(game: dict, me, words: Words) -> list[dict]:
    """Your open boxes' cards, for you alone: named, and the cards you gave back."""
    if me is None:
        return []
    hands = []
    for box in game.get("boxes") or []:
        cards = box.get("mine") or box.get("cards")
        if box["owner"] != me or box["kind"] != "open" or not cards:
            continue
        hands.append(
            {
                "box": box["number"],
                "number": box["number"] + 1,
                "cards": card_items(cards, "normal"),
                "name": words.name_cards(cards),
                "given_back": card_items(box.get("given_back") or [], "small"),
                "deciding": bool(box.get("deciding")),
            }
        )
    return hands


def _fee_text(counts: list[dict], currency: str) -> str:
    if len(counts) == 1:
        return format_amount(counts[0]["fee"], currency)
    return ", ".join(
        gettext("%(count)s: %(fee)s")
        % {"count": c["returns"], "fee": format_amount(c["fee"], currency)}
        for c in counts
    )


def controls(game: dict | None, me, balance, paused: bool, words: Words, currency: str) -> dict:
    """Your moves: the betting forms, the decision on your box, or the game you may buy."""
    found = {
        "can_act": False,
        "ante_box": None,
        "bonus_offer": None,
        "box_form": None,
        "bonus_boxes": [],
        "done_label": "",
        "decision": None,
        "buy": None,
        "cut": None,
    }
    if not game or me is None or paused:
        return found
    legal = game.get("legal") or []
    types = {a["type"] for a in legal}
    if not types:
        return found
    found["can_act"] = True
    phase = game.get("phase")
    if phase == "cut":
        found["cut"] = {"low": 3, "high": words.deck_size - 3}
        return found
    if phase == "betting":
        ranges = game.get("bet_ranges") or {}
        bonus = (game.get("limits") or {}).get("bonus")
        ante = ranges.get("ante")
        # the ante and the bet: the box is playable only if both can be paid
        high = None if balance is None else int(balance) // words.stakes_per_ante
        bounds = affordable(*(ante or [None, None]), high)
        if bounds and ranges.get("plain") is not None and ranges.get("open"):
            found["ante_box"] = money_box(currency, *bounds, quick=[(gettext("min"), bounds[0])])
        choices = []
        for key, dark in (("open", False), ("dark", True)):
            for n in ranges.get(key) or []:
                choices.append((f"{n}:{'dark' if dark else 'open'}", n, dark))
        more_boxes = (game["limits"].get("open_boxes_per_player") or 1) > 1 or game["limits"].get(
            "dark_boxes_per_player"
        )
        if bounds and choices and more_boxes:
            found["box_form"] = {
                "box": money_box(currency, *bounds),
                "open": [n for _k, n, dark in choices if not dark],
                "dark": [n for _k, n, dark in choices if dark],
            }
        if bonus:
            found["bonus_offer"] = format_amount(bonus["stake"], currency)
            found["bonus_boxes"] = sorted(a["box"] for a in legal if a["type"] == "bonus")
        staked = bool(((game.get("seats") or {}).get(str(me)) or {}).get("boxes"))
        found["done_label"] = pgettext("betting", "Done") if staked else gettext("Pass")
        return found
    offers = game.get("offers") or {}
    number = offers.get("box")
    if phase == "buying":
        found["buy"] = {
            "box": number,
            "fee": format_amount(offers.get("buy_fee") or 0, currency),
        }
        return found
    draws = []
    for draw in offers.get("draws") or []:
        template = words.draw_buttons.get(draw["kind"], "%(fee)s")
        draws.append(
            {
                "kind": draw["kind"],
                "button": gettext(template) % {"fee": _fee_text(draw["counts"], currency)},
                "prompt": gettext(words.draw_prompts.get(draw["kind"], "")),
                "picks": [c["returns"] for c in draw["counts"]],
            }
        )
    found["decision"] = {
        "box": number,
        "number": (number or 0) + 1,
        "bet": format_amount(offers.get("bet") or 0, currency),
        "give_back": offers.get("give_back") or 0,
        "draws": draws,
        "picking": any(max(d["picks"]) > 0 for d in draws) or bool(offers.get("give_back")),
    }
    return found


def table_offers(settings: dict, currency: str, words: Words) -> list[str]:
    offers = []
    if settings.get("dark_boxes_per_player"):
        offers.append(gettext("a dark box"))
    if (settings.get("open_boxes_per_player") or 1) > 1:
        offers.append(
            gettext("up to %(count)s open boxes") % {"count": settings["open_boxes_per_player"]}
        )
    bonus = settings.get("bonus")
    if bonus:
        offers.append(
            gettext("bonus %(stake)s from %(hand)s")
            % {"stake": format_amount(bonus["stake"], currency), "hand": gettext(words.bonus_from)}
        )
    if settings.get("max_payout"):
        offers.append(
            gettext("at most %(amount)s paid on a bet")
            % {"amount": format_amount(settings["max_payout"], currency)}
        )
    if settings.get("player_cut"):
        offers.append(gettext("you cut the deck"))
    return offers


def bonus_rows(settings: dict) -> list[tuple[str, str]]:
    """The table's bonus pay table, best hand first."""
    bonus = settings.get("bonus") or {}
    rows = []
    for key, ratio in (bonus.get("pays") or {}).items():
        category = {v: k for k, v in _keys().items()}.get(key)
        if category is not None:
            rows.append((category, hand_name(category), ratio))
    return [(name, ratio) for _c, name, ratio in sorted(rows, reverse=True)]


def _keys() -> dict:
    from tables.families.stud.rules import CATEGORY_KEYS

    return CATEGORY_KEYS


def pay_rows() -> list[tuple[str, str]]:
    """§44, §59, §67: the bet's pay table, best hand first."""
    from tables.families.stud.rules import PAY_TABLE

    return [(hand_name(c), f"{r}:1") for c, r in sorted(PAY_TABLE.items(), reverse=True)]


def last_hand(table: dict, names: list[str], currency: str, words: Words) -> dict | None:
    last = table.get("last_game") or {}
    if not last.get("boxes") and not last.get("dealer"):
        return None
    boxes = []
    for number, box in sorted((last.get("boxes") or {}).items(), key=lambda kv: int(kv[0])):
        boxes.append(
            box_item(
                {
                    "number": int(number),
                    "owner": box["owner"],
                    "kind": box["kind"],
                    "cards": box.get("cards"),
                    "dealt": words.hand_size,
                    "hand": box.get("hand"),
                    "outcome": box.get("outcome"),
                    "status": box.get("outcome"),
                    "nets": box.get("nets") or {},
                },
                names,
                currency,
                words,
            )
        )
    dealer = last.get("dealer")
    return {
        "number": last.get("number"),
        "dealer": card_items(dealer, "small") if dealer else [],
        "boxes": boxes,
    }


def private_facts(view: dict) -> dict:
    """What a seat's board shows of its own (tables.games.Presentation.private_facts): the
    common facts (balance, clock, turn), its moves as the view offers them, and its own boxes'
    cards and decisions. Another player's ante or bet that leaves them alike sends this seat the
    shared parts alone (issue 30)."""
    game = view.get("game") or {}
    me = view["seat"]
    own = [
        [b["number"], b.get("mine"), b.get("given_back"), bool(b.get("deciding")), b["status"]]
        for b in game.get("boxes") or []
        if me is not None and b["owner"] == me
    ]
    return {
        **seat_board_facts(view),
        "phase": game.get("phase"),
        "legal": game.get("legal"),
        "bet_ranges": game.get("bet_ranges"),
        "offers": game.get("offers"),
        "tie_offer": game.get("svara_offer"),
        "mine": own,
        "staked": bool(((game.get("seats") or {}).get(str(me)) or {}).get("boxes")),
    }


def present_with(words: Words, more: Callable[[dict, dict, dict], None] | None = None):
    """The presenter of a stud game with its ``words``; ``more`` adds a game's own parts to the
    context (``more(view, shared, context)``)."""

    def present(view: dict, shared: dict) -> dict:
        table, game, me = view["table"], view["game"], view["seat"]
        currency = table["currency"]
        settings = table.get("settings") or {}
        names = shared["player_names"]
        paused = table["status"] == "paused"
        limits = format_amount(settings.get("min_bet") or 0, currency)
        limits += " – " + format_amount(settings.get("max_bet") or 0, currency)
        context = {
            "limits": limits,
            "table_offers": table_offers(settings, currency, words),
            "dealer_area": dealer_area(game, words) if game else None,
            "box_row": box_row(game, names, currency, words) if game else [],
            "my_hands": my_hands(game, me, words) if game else [],
            "exposure_text": format_amount(game["exposure"], currency)
            if game and game.get("exposure")
            else "",
            "last": last_hand(table, shared["last_names"], currency, words),
            "pay_rows": (words.pay_rows or pay_rows)(),
            "bet_rule": gettext(words.bet_rule),
            "ante_term": words.ante_term,
            "given_back_label": gettext(words.given_back),
            "svara": None,  # a game's tie round (``more``)
            "svara_rounds": [],
            "last_rounds": [],
            "svara_offer": None,
            "dark_note": gettext(words.dark_note),
            "bonus_rows": bonus_rows(settings),
            "qualify_rule": gettext(words.qualifies),
        }
        context.update(controls(game, me, view.get("balance"), paused, words, currency))
        if more is not None:
            more(view, shared, context)
        return context

    return present


def limit_rows(settings: dict, currency: str) -> LimitRows:
    """A stud table's limits on its game's rules page (tables/rules), from its settings."""
    yes, no = gettext("yes"), gettext("no")
    rows = [
        (gettext("Smallest ante"), limit_money(settings, "min_bet", currency)),
        (gettext("Largest ante"), limit_money(settings, "max_bet", currency)),
        (gettext("Boxes on the layout"), str(settings.get("boxes", ""))),
        (gettext("Open boxes a player"), str(settings.get("open_boxes_per_player") or 1)),
        (gettext("Dark boxes a player"), str(settings.get("dark_boxes_per_player") or 0)),
        (gettext("A player cuts the deck"), yes if settings.get("player_cut") else no),
        (gettext("Most paid on a bet"), limit_money(settings, "max_payout", currency)),
        (gettext("The house's limit on a round"), limit_money(settings, "max_exposure", currency)),
    ]
    bonus = settings.get("bonus")
    if bonus:
        rows.append((gettext("Bonus stake"), format_amount(bonus["stake"], currency)))
        rows += [(gettext("Bonus: %(hand)s") % {"hand": n}, r) for n, r in bonus_rows(settings)]
    return rows


def presentation(game: str, words: Words, rules: RulesPage, more=None) -> Presentation:
    """A stud game's presentation: the shared board, replay and result partials, its words
    (``more``: see ``present_with``), named as its rules page is titled."""
    return Presentation(
        game=game,
        display_name=rules.title,
        presenter=present_with(words, more),
        private_facts=private_facts,
        board_template="tables/stud/board.html",
        replay_template="tables/stud/_replay_step.html",
        result_template="tables/stud/_hand_result.html",
        rules=rules,
        limits=limit_rows,
        css="css/games/stud.css",
        js="js/games/stud.js",
        balance_in_view=True,
        bet_name=stake_names(STAKES),
    )
