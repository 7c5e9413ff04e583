"""Belarusian poker's presentation (tables/engines/belarusian_poker.py): each seat's chips in
the bank and status, your three cards (SVG) and their score, the bank, the level and the round,
the buttons that are legal now with only the amounts you can afford (section 5 of the rules'
decisions), the early-showdown vote, the svara offer and joining, every showdown's hands and
scores, and the hand's history. Registered in ``tables.games`` when that package is imported."""

from __future__ import annotations

from django.utils.translation import gettext, gettext_noop
from markupsafe import Markup

from casino.currencies import format_amount
from tables.games import Presentation, register
from tables.templatetags.cards import card as card_svg
from tables.templatetags.cards import card_back

GAME = "belarusian_poker"


def _cards_html(cards: list[str], size: str = "small") -> Markup:
    return Markup("").join(card_svg(code, size) for code in cards)


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


def _seat_badges(game: dict, names: list[str], money) -> dict[int, list]:
    badges: dict[int, list] = {}
    for key, facts in game["seats"].items():
        position, shown = int(key), []
        if position == game["button"]:
            shown.append(("button", gettext("button")))
        if facts["paid"]:
            shown.append(("in-bank", f"{gettext('in the bank')} {money(facts['paid'])}"))
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


def _seat_extra(game: dict, me: int | None) -> dict[int, str]:
    """On each seat: the backs of a hand in play, or the hand opened at the last showdown."""
    extra: dict[int, str] = {}
    last = game["showdowns"][-1] if game["showdowns"] else None
    opened_now = last is not None and last["game"] == game["svaras"]
    for key, facts in game["seats"].items():
        position = int(key)
        if opened_now and key in last["hands"]:
            hand = last["hands"][key]
            extra[position] = Markup(
                '<div class="bp-hand opened">{}<span class="bp-score">{}</span></div>'
            ).format(_cards_html(hand["cards"]), hand["score"])
        elif facts["active"] and facts["has_cards"] and position != me:
            extra[position] = Markup('<div class="bp-hand bp-backs">{}</div>').format(
                Markup("").join(card_back("small") for _ in range(3))
            )
    return extra


def _showdowns(showdowns: list[dict], names: list[str]) -> list[dict]:
    """Each showdown of a hand (the game's, then each svara's): every hand opened, its score."""
    return [
        {
            "title": gettext("Svara %(number)s") % {"number": s["game"]}
            if s["game"]
            else gettext("Showdown"),
            "hands": [
                {
                    "name": names[int(p)],
                    "cards": _cards_html(h["cards"], "normal"),
                    "score": h["score"],
                    "best": h["score"] == s["best"],
                }
                for p, h in s["hands"].items()
            ],
            "tied": ", ".join(names[p] for p in s["tied"]),
        }
        for s in showdowns
    ]


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
    }
    last = table.get("last_game") or {}
    if last.get("winners") is not None:
        context["last_result"] = {
            "number": last.get("number"),
            "winners": ", ".join(names[p] for p in last["winners"]),
            "split": last.get("split"),
            "bank": money(last.get("bank")),
            "deduction": money(last.get("deduction")),
            # the last hand's opened hands stay on the board while the next hand is dealt
            "showdowns": _showdowns(last.get("showdowns") or [], names),
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
    join_cost = game.get("join_cost")
    showdowns = _showdowns(game["showdowns"], names)
    context.update(
        {
            "bank_text": money(game["bank"]),
            "level_text": money(game["level"]),
            "round": game["round"],
            "max_rounds": game["max_rounds"],
            "phase": game["phase"],
            "svaras": game["svaras"],
            "my_cards_svg": _cards_html(game.get("my_cards") or [], "normal"),
            "my_score": game.get("my_score"),
            "balance_text": money(balance) if balance is not None else "",
            "can_bet": can_bet,
            # a bet between the level and the most the player can cover (never above the
            # table maximum); the maximum itself only if the wallet holds it
            "bet_min": bet_range[0] if can_bet else None,
            "bet_max": affordable_high if can_bet else None,
            "bet_min_text": money(bet_range[0]) if can_bet else "",
            "bet_max_text": money(affordable_high) if can_bet else "",
            "can_bet_max": can_bet and affordable_high == game["max_bet"],
            "max_bet": game["max_bet"],
            "max_bet_text": money(game["max_bet"]),
            "answering_max": game["max_by"] is not None,
            "can_pass": "pass" in legal,
            "can_propose": "propose" in legal,
            "can_answer": "accept" in legal,
            "can_join": "join" in legal and (balance is None or balance >= (join_cost or 0)),
            "can_decline": "decline" in legal,
            "join_cost_text": money(join_cost) if join_cost else "",
            "svara_bank_text": money(game["svara_bank"]),
            "tied_names": ", ".join(names[p] for p in game["tied"]),
            "showdowns": showdowns,
            "history": [_log_text(entry, names, money) for entry in game["log"]],
            "seat_badges": _seat_badges(game, names, money),
            "seat_extra": _seat_extra(game, me),
        }
    )
    return context


register(
    Presentation(
        game=GAME,
        display_name=gettext_noop("Belarusian poker"),
        presenter=present,
        board_template="tables/belarusian_poker/board.html",
        replay_template="tables/belarusian_poker/_replay_step.html",
        result_template="tables/belarusian_poker/_hand_result.html",
        css="css/games/belarusian_poker.css",
        balance_in_view=True,
    )
)
