"""Big stud poker's presentation (tables/games/big_stud/engine.py): a ring of seats, each with its
open cards and backs for its down cards (your own down cards face up on your plate), what it put
in this round and in all, its stack, folded or all-in; the dealer's button and who acts first;
the street and its fixed size (§109, T6); the bank, the main and side pots with the casino's
share of each (§113, T10, T12); the community card (T9); the moves legal now as buttons with
their amounts (check, bet, call, raise, fold); the opened hands at the showdown with each
hand's name, and the hand's history. The last hand's result stays on the board until the next
hand ends. Registered in ``tables.games`` when that package is imported."""

from __future__ import annotations

from django.utils.translation import gettext_noop
from markupsafe import Markup

from casino.amounts import amount_input_value
from casino.currencies import format_amount
from tables.board_words import gettext
from tables.engines.cards import label
from tables.kit import back_items, card_items
from tables.presentation import Presentation, register, seat_board_facts
from tables.rules import LimitRows, RulesPage, limit_money

GAME = "big_stud"

STREET_NAMES = {
    3: gettext_noop("Third street"),
    4: gettext_noop("Fourth street"),
    5: gettext_noop("Fifth street"),
    6: gettext_noop("Sixth street"),
    7: gettext_noop("Seventh street"),
}
# one line of the hand's history (%(who)s the player, %(amount)s the money)
LOG_TEXTS = {
    "check": gettext_noop("%(who)s checks"),
    "bet": gettext_noop("%(who)s bets %(amount)s"),
    "call": gettext_noop("%(who)s calls %(amount)s"),
    "raise": gettext_noop("%(who)s raises: %(amount)s in"),
    "fold": gettext_noop("%(who)s folds"),
    "returned": gettext_noop("%(amount)s nobody called goes back to %(who)s"),
    "community": gettext_noop("The deck is short: one card face up for everyone"),
    "showdown": gettext_noop("The hands are opened"),
    "left": gettext_noop("%(who)s left the table"),
    "won": gettext_noop("The bank is paid"),
}


def street_text(street: int) -> str:
    return gettext(STREET_NAMES.get(street, STREET_NAMES[3]))


def _log_text(entry: dict, names: list[str], money) -> str:
    who = names[entry["seat"]] if entry.get("seat") is not None else ""
    amount = money(entry["amount"]) if entry.get("amount") is not None else ""
    text = LOG_TEXTS.get(entry["act"])
    return gettext(text) % {"who": who, "amount": amount} if text else entry["act"]


def _seat_badges(game: dict) -> dict[int, list]:
    badges: dict[int, list] = {}
    for key, facts in game["seats"].items():
        shown = []
        if facts["left"]:
            shown.append(("left", gettext("left")))
        elif facts["folded"]:
            shown.append(("folded", gettext("folded")))
        elif facts["all_in"]:
            shown.append(("all-in", gettext("all-in")))
        badges[int(key)] = shown
    return badges


def _seat_said(game: dict, money) -> dict[int, str]:
    """Each seat's money this round and in all, and the stack it still plays for (T12)."""
    said: dict[int, str] = {}
    for key, facts in game["seats"].items():
        parts = []
        if facts.get("round_bet"):
            parts.append(gettext("this street %(amount)s") % {"amount": money(facts["round_bet"])})
        if facts["paid"]:
            parts.append(gettext("in all %(amount)s") % {"amount": money(facts["paid"])})
        if facts["stack"] is not None and not facts["folded"]:
            parts.append(gettext("stack %(amount)s") % {"amount": money(facts["stack"])})
        if parts:
            said[int(key)] = " · ".join(parts)
    return said


def _seat_extra(game: dict, me: int | None) -> dict[int, str]:
    """On each seat: its down cards (face up on your own plate, backs on the others', the
    whole hand once opened) and its open cards."""
    extra: dict[int, str] = {}
    opened = game["opened"]
    for key, facts in game["seats"].items():
        position = int(key)
        if key in opened:
            down = card_items(opened[key]["down"], "small")
            title = gettext(opened[key]["name"])
        elif position == me and game.get("my_down"):
            down = card_items(game["my_down"], "small")
            title = ""
        else:
            down = back_items(facts["down_count"], "small")
            title = ""
        up = card_items(facts["up"], "small")
        faces = Markup("").join(item["svg"] for item in down)
        opens = Markup("").join(item["svg"] for item in up)
        folded = " folded" if facts["folded"] else ""
        named = Markup('<span class="bs-name">{}</span>').format(title) if title else ""
        extra[position] = Markup(
            '<div class="bs-hand{}" data-seat="{}"><span class="kit-cards row bs-down">{}</span>'
            '<span class="kit-cards row bs-up">{}</span>{}</div>'
        ).format(folded, position, faces, opens, named)
    return extra


def _banks(banks: list[dict], names: list[str], money, percent: str) -> list[dict]:
    """The main pot and the side pots with the casino's share of each (§113, T10, T12)."""
    return [
        {
            "title": gettext("Main pot") if n == 0 else gettext("Side pot %(n)s") % {"n": n},
            "amount": money(bank["amount"]),
            "minor": bank["amount"],
            "share": money(bank["share"]),
            "percent": percent,
            "players": ", ".join(names[p] for p in bank["eligible"]),
        }
        for n, bank in enumerate(banks)
    ]


def _opened(opened: dict, result: dict | None, names: list[str]) -> list[dict]:
    """The hands opened at the showdown, each its seven cards, its best five and its name,
    the winners of any bank marked (§110, §111)."""
    winners = {p for bank in (result or {}).get("pots", []) for p in bank["winners"]}
    return [
        {
            "seat": int(p),
            "name": names[int(p)],
            "cards": card_items(hand["cards"], "small"),
            "best": " ".join(label(c) for c in hand["best"]),
            "hand": gettext(hand["name"]),
            "won": int(p) in winners,
        }
        for p, hand in opened.items()
    ]


def _last_result(last: dict, names: list[str], money) -> dict | None:
    """The last hand's result in words: each bank's winner(s) and amount, the casino's share,
    what was returned unraked; the opened hands."""
    if last.get("pots") is None and not last.get("void"):
        return None
    if last.get("void"):
        return {"number": last.get("number"), "void": True}
    lines = []
    for n, bank in enumerate(last["pots"]):
        title = gettext("Main pot") if n == 0 else gettext("Side pot %(n)s") % {"n": n}
        winners = ", ".join(names[p] for p in bank["winners"])
        won = money(bank["amount"] - bank["share"])
        lines.append(
            gettext("%(bank)s %(amount)s: %(names)s takes %(won)s (the casino's share %(share)s)")
            % {
                "bank": title,
                "amount": money(bank["amount"]),
                "names": winners,
                "won": won,
                "share": money(bank["share"]),
            }
        )
    for seat_key, amount in (last.get("returned") or {}).items():
        lines.append(
            gettext("%(amount)s nobody called went back to %(who)s")
            % {"amount": money(amount), "who": names[int(seat_key)]}
        )
    return {
        "number": last.get("number"),
        "void": False,
        "split": last.get("split"),
        "lines": lines,
        "shown": last.get("shown"),
        "opened": _opened(last.get("hands") or {}, last, names),
        "community": card_items([last["community"]], "small") if last.get("community") else [],
    }


def present(view: dict, shared: dict) -> dict:
    table, game, me = view["table"], view["game"], view["seat"]
    currency = table["currency"]
    settings = table.get("settings") or {}
    names = shared["player_names"]
    paused = table["status"] == "paused"

    def money(amount) -> str:
        return format_amount(int(amount or 0), currency)

    context: dict = {
        "limits": f"{money(settings.get('small_bet'))} / {money(settings.get('big_bet'))}",
        "share_percent": settings.get("share_percent", "5"),
        "bs_playing": bool(game) and not game["over"],
        "last_result": _last_result(table.get("last_game") or {}, shared["last_names"], money),
    }
    if not game:
        return context
    legal = {} if paused else {a["type"]: a.get("amount") for a in game.get("legal", [])}
    moves = []
    for kind, word in (
        ("check", gettext("Check")),
        ("bet", gettext("Bet")),
        ("call", gettext("Call")),
        ("raise", gettext("Raise")),
        ("fold", gettext("Fold")),
    ):
        if kind in legal:
            amount = legal[kind]
            moves.append(
                {
                    "action": kind,
                    "label": f"{word} {money(amount)}" if amount is not None else word,
                    "amount": amount,
                    "input": amount_input_value(amount, currency) if amount is not None else "",
                    "secondary": kind in ("check", "fold"),
                }
            )
    opened = _opened(game["opened"], game["result"], names)
    context.update(
        {
            "street": game["street"],
            "street_text": street_text(game["street"]),
            "size_text": money(game["size"]),
            "bets_text": f"{game['bets']}/{game['max_bets']}",
            "bank_text": money(game["bank"]),
            "banks": _banks(game["banks"], names, money, game["share_percent"]),
            "community": card_items([game["community"]], "normal") if game["community"] else [],
            "moves": moves,
            "opened": opened,
            "history": [_log_text(entry, names, money) for entry in game["log"]],
            "seat_badges": _seat_badges(game),
            "seat_said": _seat_said(game, money),
            "seat_buttons": {game["button"]: "dealer"}
            | ({game["opener"]: "first"} if game["opener"] is not None else {}),
            "seat_extra": _seat_extra(game, me),
        }
    )
    return context


def private_facts(view: dict) -> dict:
    """What a seat's board shows of its own (tables.games.Presentation.private_facts): the
    common facts, its moves with their amounts, the street (the board's attribute), its own
    plate (its money, its down cards, its hand opened, the dealer's and the first-to-act
    buttons) and the seats dealt in. Another's check or bet that leaves these alike sends that
    seat only the parts that changed."""
    game = view["game"] or {}
    me = view["seat"]
    seats = game.get("seats") or {}
    return {
        **seat_board_facts(view),
        "legal": game.get("legal"),
        "street": game.get("street"),
        "over": game.get("over"),
        "mine": seats.get(str(me)),
        "my_down": game.get("my_down"),
        "opened": (game.get("opened") or {}).get(str(me)),
        "buttons": [game.get("button"), game.get("opener")],
        "dealt_in": sorted(seats),
    }


def table_limits(settings: dict, currency: str) -> LimitRows:
    """The game's own limits on its rules page (tables/rules), from the table's settings."""
    cap = settings.get("share_cap")
    return [
        (
            gettext("Small bet (third and fourth street)"),
            limit_money(settings, "small_bet", currency),
        ),
        (gettext("Big bet (fifth to seventh street)"), limit_money(settings, "big_bet", currency)),
        (
            gettext("The casino's share of each bank"),
            f"{settings.get('share_percent', '5')} %"
            + (f" ({gettext('at most')} {format_amount(cap, currency)})" if cap else ""),
        ),
    ]


RULES = RulesPage(
    game=GAME,
    title=gettext_noop("Big stud poker"),
    paragraphs=(106, 113),
    summary=gettext_noop(
        "Seven-card stud between players: three cards down and four up, fixed bets on every "
        "street, the best five cards take the bank."
    ),
    terms=(
        "street",
        "fixed_limit",
        "first_to_act",
        "stud_check",
        "stud_bet_fixed",
        "stud_call",
        "stud_raise",
        "stud_fold",
        "all_in",
        "side_pot",
        "casino_share",
        "community_card",
    ),
)

register(
    Presentation(
        game=GAME,
        display_name=gettext_noop("Big stud poker"),
        presenter=present,
        private_facts=private_facts,
        rules=RULES,
        limits=table_limits,
    )
)
