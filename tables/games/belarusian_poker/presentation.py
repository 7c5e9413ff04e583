"""Belarusian poker's presentation (tables/games/belarusian_poker/engine.py): each seat's bet this
round and its chips in the bank in all, the dealer's button, your three cards (the table kit's
hand) with their points and what scored, the bank, the level and the round, the buttons that are
legal now with only the amounts you can afford (section 5 of the rules' decisions): "call" in one
click with its amount, "raise to" with the money box and its quick amounts, the maximum, pass and
the proposal to open the cards (its own click, P8); the early-showdown vote, the svara offer and
joining, every showdown's hands with their points named, and the hand's history. The last hand's
result stays on the board until the next hand ends. Registered in ``tables.games`` when that
package is imported."""

from __future__ import annotations

from django.utils.translation import gettext_noop, ngettext
from markupsafe import Markup

from casino.amounts import amount_input_value
from casino.currencies import format_amount
from tables.board_words import gettext
from tables.engines.cards import SUIT_SYMBOLS, label
from tables.games.belarusian_poker.engine import seka_combination
from tables.kit import back_items, card_items, money_box
from tables.presentation import Presentation, register
from tables.rules import LimitRows, RulesPage, limit_money

GAME = "belarusian_poker"

# §23: three cards of one rank, by rank (the joker may make up the third)
THREE_OF = {
    "7": gettext_noop("three sevens"),
    "8": gettext_noop("three eights"),
    "9": gettext_noop("three nines"),
    "T": gettext_noop("three tens"),
    "J": gettext_noop("three jacks"),
    "Q": gettext_noop("three queens"),
    "K": gettext_noop("three kings"),
    "A": gettext_noop("three aces"),
}


def combination_text(cards: list[str]) -> str:
    """What scored a hand, in the reader's language (§23, P1, P2): "two aces", "three cards
    of one suit ♥", "three kings", "one card ♠" (no combination: the best card), and the
    joker's part ("the joker as A♥")."""
    combo = seka_combination(cards)
    kind = combo["kind"]
    if kind == "three":
        text = gettext(THREE_OF[combo["rank"]])
    elif kind == "two_aces":
        text = gettext("two aces")
    else:
        symbol = SUIT_SYMBOLS.get(combo["suit"] or "", "")
        count = combo["count"]
        if count >= 3:
            text = gettext("three cards of one suit %(suit)s") % {"suit": symbol}
        elif count == 2:
            text = gettext("two cards of one suit %(suit)s") % {"suit": symbol}
        else:
            text = gettext("one card %(suit)s, no combination") % {"suit": symbol}
    if combo["joker_as"]:
        text += ", " + gettext("the joker as %(card)s") % {"card": label(combo["joker_as"])}
    return text


def points_text(score: int) -> str:
    return ngettext("%(n)s point", "%(n)s points", score) % {"n": score}


def _log_text(entry: dict, names: list[str], money) -> str:
    """One line of the hand's history in the reader's language."""
    who = names[entry["seat"]] if entry.get("seat") is not None else ""
    amount = money(entry.get("amount")) if entry.get("amount") is not None else ""
    texts = {
        "bet": gettext("%(who)s bets %(amount)s"),
        "max": gettext("%(who)s bets the maximum %(amount)s"),
        "answer_max": gettext("%(who)s answers the maximum"),
        "pass": gettext("%(who)s passes"),
        "propose": gettext("%(who)s proposes to open the cards"),
        "showdown_accept": gettext("%(who)s agrees to open"),
        "showdown_refuse": gettext("%(who)s plays on"),
        "showdown": gettext("The cards are opened"),
        "svara_accept": gettext("%(who)s accepts the svara"),
        "svara_refuse": gettext("%(who)s refuses the svara"),
        "join": gettext("%(who)s joins the svara for %(amount)s"),
        "decline": gettext("%(who)s does not join"),
        "svara": gettext("Svara: new cards"),
        "left": gettext("%(who)s left the table"),
        "won": gettext("The bank is paid"),
        "split": gettext("The bank is split"),
    }
    text = texts.get(entry["act"], entry["act"])
    return text % {"who": who, "amount": amount}


def _seat_badges(game: dict) -> dict[int, list]:
    badges: dict[int, list] = {}
    for key, facts in game["seats"].items():
        position, shown = int(key), []
        if facts["left"]:
            shown.append(("left", gettext("left")))
        elif facts["answered_max"]:
            shown.append(("answered-max", gettext("answered the maximum")))
        elif facts["active"]:
            shown.append(("in", gettext("in")))
        elif facts["passed"] or not facts["in_game"]:
            shown.append(("passed", gettext("passed")))
        if facts["proposed"]:
            shown.append(("proposed", gettext("proposes to open")))
        badges[position] = shown
    return badges


def _seat_said(game: dict, money) -> dict[int, str]:
    """Each seat's bet this round (P5) and its chips in the bank in all, in words."""
    said: dict[int, str] = {}
    for key, facts in game["seats"].items():
        parts = []
        if facts.get("round_bet") is not None:
            parts.append(gettext("this round %(amount)s") % {"amount": money(facts["round_bet"])})
        if facts["paid"]:
            parts.append(gettext("in all %(amount)s") % {"amount": money(facts["paid"])})
        if parts:
            said[int(key)] = " · ".join(parts)
    return said


def _seat_extra(game: dict, me: int | None) -> dict[int, str]:
    """On each seat: its bet this round as a stake, and the backs of a hand in play or the
    hand opened at the last showdown with its points."""
    extra: dict[int, str] = {}
    last = game["showdowns"][-1] if game["showdowns"] else None
    opened_now = last is not None and last["game"] == game["svaras"]
    backs = Markup("").join(item["svg"] for item in back_items(3, "small"))
    for key, facts in game["seats"].items():
        position = int(key)
        if opened_now and key in last["hands"]:
            hand = last["hands"][key]
            faces = Markup("").join(item["svg"] for item in card_items(hand["cards"], "small"))
            extra[position] = Markup(
                '<div class="bp-hand opened"><span class="kit-cards row">{}</span>'
                '<span class="bp-score">{}</span></div>'
            ).format(faces, hand["score"])
        elif facts["active"] and facts["has_cards"] and position != me:
            extra[position] = Markup(
                '<div class="bp-hand bp-backs backs"><span class="fan">{}</span></div>'
            ).format(backs)
    return extra


def _showdowns(showdowns: list[dict], names: list[str]) -> list[dict]:
    """Each showdown of a hand (the game's, then each svara's): every hand opened, its points
    and what scored them, the best marked; a tie named."""
    return [
        {
            "title": gettext("Svara %(number)s") % {"number": s["game"]}
            if s["game"]
            else gettext("Showdown"),
            "hands": [
                {
                    "seat": int(p),
                    "name": names[int(p)],
                    "cards": card_items(h["cards"], "normal"),
                    "score": h["score"],
                    "points": points_text(h["score"]),
                    "combination": combination_text(h["cards"]),
                    "best": h["score"] == s["best"],
                }
                for p, h in s["hands"].items()
            ],
            "tied": ", ".join(names[p] for p in s["tied"]),
            "best_points": points_text(s["best"]),
        }
        for s in showdowns
    ]


def _last_result(last: dict, names: list[str], money) -> dict | None:
    """The last hand's result in words: who took the bank (or split it), how much, and the
    casino's deduction; its showdowns."""
    if last.get("winners") is None:
        return None
    if last.get("void"):
        return {"number": last.get("number"), "void": True, "text": "", "showdowns": []}
    winners = last["winners"]
    payouts = last.get("payouts") or {}
    if last.get("split"):
        text = gettext("%(names)s split the bank: %(amount)s each") % {
            "names": ", ".join(names[p] for p in winners),
            "amount": money(payouts.get(str(winners[0]), 0)),
        }
    elif last.get("shown"):
        text = gettext("%(name)s takes %(amount)s") % {
            "name": names[winners[0]],
            "amount": money(payouts.get(str(winners[0]), 0)),
        }
    else:
        text = gettext("%(name)s takes %(amount)s: everyone else passed") % {
            "name": names[winners[0]],
            "amount": money(payouts.get(str(winners[0]), 0)),
        }
    return {
        "number": last.get("number"),
        "void": False,
        "text": text,
        "bank": money(last.get("bank")),
        "deduction": money(last.get("deduction")),
        "split": last.get("split"),
        # the last hand's opened hands stay on the board while the next hand is dealt
        "showdowns": _showdowns(last.get("showdowns") or [], names),
    }


def _raise_quick(level: int, high: int, bank: int, min_bet: int) -> list:
    """The quick amounts of "raise to": the smallest raise (the level and one entry bet), half
    the bank, the bank, the most the player can bet; only raises (above the level: a bet of
    the level is the call), money_box clips them to what he can cover and drops repeats."""
    quick = [
        (gettext("min raise"), level + min_bet),
        (gettext("½ bank"), bank // 2),
        (gettext("bank"), bank),
        (gettext("max"), high),
    ]
    return [(word, amount) for word, amount in quick if amount > level]


def present(view: dict, shared: dict) -> dict:
    table, game, me = view["table"], view["game"], view["seat"]
    currency = table["currency"]
    settings = table.get("settings") or {}
    names = shared["player_names"]
    paused = table["status"] == "paused"

    def money(amount) -> str:
        return format_amount(int(amount or 0), currency)

    context: dict = {
        "limits": f"{money(settings.get('min_bet'))} – {money(settings.get('max_bet'))}",
        "bp_playing": bool(game) and not game["over"],
        "last_result": _last_result(table.get("last_game") or {}, shared["last_names"], money),
    }
    if not game:
        return context
    balance = view.get("balance")
    legal = {a["type"] for a in game.get("legal", [])} if not paused else set()
    bet_range = game.get("bet_range")
    affordable_high = None
    if bet_range:
        low, high = bet_range
        affordable_high = high if balance is None else min(high, balance)
    can_bet = "bet" in legal and affordable_high is not None and affordable_high >= bet_range[0]
    answering_max = game["max_by"] is not None
    level = game["level"]
    # "call": a bet of the level (P4), once someone has bet in this game; before, the first
    # bet at the table minimum
    someone_bet = any(
        entry["act"] in ("bet", "max", "answer_max") and entry["game"] == game["svaras"]
        for entry in game["log"]
    )
    can_raise = can_bet and not answering_max and affordable_high > level
    join_cost = game.get("join_cost")
    my_cards = game.get("my_cards") or []
    showdowns = _showdowns(game["showdowns"], names)
    last_showdown = showdowns[-1] if showdowns else None
    context.update(
        {
            "bank_text": money(game["bank"]),
            "level_text": money(level),
            "round": game["round"],
            "max_rounds": game["max_rounds"],
            "phase": game["phase"],
            "svaras": game["svaras"],
            "my_cards": card_items(my_cards, "normal"),
            "my_score": game.get("my_score"),
            "my_points": points_text(game["my_score"]) if game.get("my_score") else "",
            "my_combination": combination_text(my_cards) if my_cards else "",
            "balance_text": money(balance) if balance is not None else "",
            "can_bet": can_bet,
            "can_call": can_bet and not answering_max,
            "call_amount": level,
            "call_text": money(level),
            # typed amounts are in major units (the field ``amount``; the table path converts)
            "call_input": amount_input_value(level, currency),
            "call_is_first_bet": not someone_bet,
            "can_raise": can_raise,
            # "raise to": from the level to the most the player can cover (never above the
            # table maximum), typed in major units (the table path converts them)
            "raise_box": money_box(
                currency,
                level,
                affordable_high,
                value=min(level + game["min_bet"], affordable_high),
                quick=_raise_quick(level, affordable_high, game["bank"], game["min_bet"]),
            )
            if can_raise
            else None,
            # the maximum itself only if the wallet holds it
            "can_bet_max": can_bet and affordable_high == game["max_bet"],
            "max_bet": game["max_bet"],
            "max_bet_text": money(game["max_bet"]),
            "max_input": amount_input_value(game["max_bet"], currency),
            "answering_max": answering_max,
            "can_pass": "pass" in legal,
            "can_propose": "propose" in legal,
            "i_proposed": me is not None
            and game["seats"].get(str(me), {}).get("proposed", False)
            and can_bet,
            "can_answer": "accept" in legal,
            "can_join": "join" in legal and (balance is None or balance >= (join_cost or 0)),
            "can_decline": "decline" in legal,
            "join_cost_text": money(join_cost) if join_cost else "",
            "svara_bank_text": money(game["svara_bank"]),
            "tied_names": ", ".join(names[p] for p in game["tied"]),
            "tied_points": last_showdown["best_points"] if game["tied"] and last_showdown else "",
            "showdowns": showdowns,
            "history": [_log_text(entry, names, money) for entry in game["log"]],
            "seat_badges": _seat_badges(game),
            "seat_said": _seat_said(game, money),
            "seat_buttons": {game["button"]: "dealer"},
            "seat_extra": _seat_extra(game, me),
        }
    )
    return context


def table_limits(settings: dict, currency: str) -> LimitRows:
    """The game's own limits on its rules page (tables/rules), from the table's settings."""
    unit = settings.get("unit")
    return [
        (
            gettext("Entry bet, and the starting level of each round"),
            limit_money(settings, "min_bet", currency),
        ),
        (gettext("Table maximum (the maximum bet)"), limit_money(settings, "max_bet", currency)),
        (gettext("Conventional unit"), limit_money(settings, "unit", currency)),
        (
            gettext("Casino's deduction from the bank"),
            gettext("%(one)s from a bank up to %(fifty)s, 2 %% from a larger bank")
            % {
                "one": format_amount(unit, currency),
                "fifty": format_amount(50 * unit, currency),
            }
            if isinstance(unit, int)
            else None,
        ),
    ]


RULES = RulesPage(
    game=GAME,
    title=gettext_noop("Belarusian poker"),
    paragraphs=(18, 25),
    summary=gettext_noop(
        "Three cards each from a 33-card pack with a joker; players bet into one bank "
        "and the most points take it."
    ),
    terms=(
        "pot",
        "entry_bet",
        "level",
        "call",
        "raise",
        "pass",
        "max_bet",
        "round",
        "showdown",
        "propose_showdown",
        "combination",
        "joker",
        "svara",
        "button",
        "deduction",
    ),
)

register(
    Presentation(
        game=GAME,
        display_name=gettext_noop("Belarusian poker"),
        presenter=present,
        rules=RULES,
        limits=table_limits,
        balance_in_view=True,
    )
)
