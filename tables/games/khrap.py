"""Khrap's presentation (tables/engines/khrap.py, CG §114-§121): the bank (and whether it is a
penalty bank), the turned-up trump cards, each seat's answer and tricks, the current and last
trick, your cards (SVG) and the moves legal now: a declaration or an answer, the exchange (pick
the cards to change), a discard, a card to play. Board: templates/jinja2/tables/khrap/board.html.
"""

from __future__ import annotations

from django.utils.translation import gettext, gettext_noop, ngettext

from casino.currencies import format_amount
from tables.engines.cards import SUIT_SYMBOLS
from tables.engines.khrap import GAME_LABELS
from tables.games import Presentation, register
from tables.templatetags.cards import card as card_svg

GAME = "khrap"
GAME_NAMES = GAME_LABELS
ANSWER_NAMES = {
    "help": gettext_noop("help"),
    "five": gettext_noop("five"),
    "pass": gettext_noop("pass"),
    "forced": gettext_noop("plays (vertolyot)"),
}


def _money(amount, currency: str) -> str:
    return format_amount(int(amount or 0), currency)


def present(view: dict, shared: dict) -> dict:
    table, game, me = view["table"], view["game"], view["seat"]
    currency = table["currency"]
    settings = table.get("settings") or {}
    context: dict = {
        "stake_text": _money(settings.get("stake"), currency),
        "playing": bool(game) and not game["over"],
        "game_names": {k: gettext(v) for k, v in GAME_NAMES.items()},
    }
    if not game:
        return context
    paused = table["status"] == "paused"
    legal = [] if paused else (game.get("legal") or [])
    names = shared["player_names"]
    badges: dict[int, list] = {}
    for position in game["players"]:
        marks = []
        if position == game["marker"]:
            marks.append(("marker", gettext("marker")))
        if position == game["declarer"]:
            marks.append(("declarer", gettext(GAME_NAMES[game["declared"]])))
        answer = game["answers"].get(str(position))
        if answer:
            marks.append((f"answer-{answer}", gettext(ANSWER_NAMES[answer])))
        if str(position) in game["tricks"]:
            count = game["tricks"][str(position)]
            marks.append(("tricks", ngettext("%(n)s trick", "%(n)s tricks", count) % {"n": count}))
        if position in game["gone"]:
            marks.append(("gone", gettext("left")))
        badges[position] = marks
    shown = {int(p): cards for p, cards in game["shown"].items()}
    cards_of_mine = [*(game.get("cards") or []), *shown.get(me, [])] if me is not None else []
    types = {action["type"] for action in legal}
    playable = {a["card"] for a in legal if a["type"] in ("play", "discard")}
    context.update(
        {
            "seat_badges": badges,
            "bank_text": _money(game["bank"], currency),
            "pot_text": _money(game["pot"], currency),
            "next_bank_text": _money(game["next_bank"], currency),
            "pledge_text": _money(game.get("pledge"), currency),
            "trump_symbol": SUIT_SYMBOLS.get(game["trump"] or "", ""),
            "turned_svgs": [card_svg(c, "small") for c in game["turned"]],
            "shown_svgs": {p: [card_svg(c, "small") for c in cards] for p, cards in shown.items()},
            "trick": [(names[p], card_svg(c)) for p, c in game["trick"]],
            "last_trick": [(names[p], card_svg(c, "small")) for p, c in game["last_trick"]],
            "hand_cards": [
                {"code": c, "svg": card_svg(c), "playable": c in playable} for c in cards_of_mine
            ],
            "legal_types": types,
            "declarations": [a for a in legal if a["type"] == "declare"],
            "answers": [a["type"] for a in legal if a["type"] in ("help", "five")],
            "can_pass": "pass" in types,
            "can_exchange": "exchange" in types,
            "exchange_sizes": sorted({len(a["cards"]) for a in legal if a["type"] == "exchange"}),
            "can_discard": "discard" in types,
            "can_play": "play" in types,
            "result_lines": _result_lines(
                game["result"] if game["over"] else table.get("last_game"), names, currency
            ),
        }
    )
    return context


def _result_lines(result: dict | None, names: list[str], currency: str) -> list[str]:
    """A deal's result in words: this deal's once it is over, else the last deal's."""
    if not result or not {"payouts", "redeal", "void"} & set(result):
        return []
    if result.get("void"):
        return [gettext("The bank was voided by the casino: the money went back.")]
    if result.get("redeal"):
        return [
            gettext("Everyone passed: the bank of %(bank)s goes to the next deal.")
            % {"bank": _money(result["bank"], currency)}
        ]
    lines = [
        gettext("%(name)s took %(tricks)s and is paid %(amount)s.")
        % {"name": names[int(p)], "tricks": result["tricks"][p], "amount": _money(a, currency)}
        for p, a in result["payouts"].items()
    ]
    lines += [
        gettext("%(name)s missed the commitment and pays %(amount)s into the next bank.")
        % {"name": names[int(p)], "amount": _money(a, currency)}
        for p, a in result["penalties"].items()
    ]
    lines.append(
        gettext("The casino's 2 %%: %(rake)s; next bank %(bank)s.")
        % {"rake": _money(result["rake"], currency), "bank": _money(result["next_bank"], currency)}
    )
    return lines


PRESENTATION = register(
    Presentation(
        game=GAME,
        display_name=gettext_noop("Khrap"),
        presenter=present,
        board_template="tables/khrap/board.html",
        replay_template="tables/khrap/_replay_step.html",
        result_template="tables/khrap/_hand_result.html",
    )
)
