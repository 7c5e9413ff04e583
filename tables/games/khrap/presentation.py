"""Khrap's presentation (tables/games/khrap/engine.py, CG §114-§121): the bank (and whether it is a
penalty bank), the trump card, the marker, the declared game; on each seat what it said on this
trump ("Храп", "Помог", "Пять", "Вертолёт", "Стреляю", "Заворачиваю", pass), its tricks this deal
and its pledge; the cards of the trick on the table and who leads it, the last trick; your cards
in one row (the table kit's hand) and the moves legal now: a declaration or an answer, the
exchange (pick the cards to change), a discard, a card to play; at the end of a deal what each
owes or takes (§119.2.1, §121: trick money, penalties, the stake, the casino's 2 %, the next
bank). The last deal's result stays on the board while the next deal is played.
Board: tables/games/khrap/jinja2/tables/khrap/board.html.
"""

from __future__ import annotations

from django.utils.translation import gettext_noop, ngettext

from casino.currencies import format_amount
from tables.board_words import gettext
from tables.engines.cards import SUIT_SYMBOLS
from tables.games.khrap.engine import GAME_LABELS, GAMES
from tables.kit import card_items, card_words
from tables.presentation import Presentation, register
from tables.rules import LimitRows, RulesPage, limit_money, limit_percent

GAME = "khrap"
GAME_NAMES = GAME_LABELS
# what a seat said, as the table says it (§119, §119.2.1): the games and the answers
SAID_NAMES = {
    **GAME_LABELS,
    "help": gettext_noop("Help"),
    "five": gettext_noop("Five"),
    "pass": gettext_noop("pass"),
    "forced": gettext_noop("plays (vertolyot)"),
}
# the glossary's key for each word (templates/jinja2/tables/_terms.html)
SAID_TERMS = {**{g: g for g in GAMES}, "help": "help", "five": "five", "forced": "vertolyot"}


def _money(amount, currency: str) -> str:
    return format_amount(int(amount or 0), currency)


def _signed(amount: int, currency: str) -> str:
    """+1.00 BYN, −1.00 BYN, 0.00 BYN."""
    if amount > 0:
        return "+" + _money(amount, currency)
    if amount < 0:
        return "−" + _money(-amount, currency)
    return _money(0, currency)


def _said(game: dict) -> dict[str, str]:
    """What each seat said on this trump; during the announcements on a new trump, those before
    the seat to speak passed."""
    return dict(game.get("said") or {})


def _seat_badges(game: dict) -> dict[int, list]:
    said = _said(game)
    leader = _trick_leader(game)
    badges: dict[int, list] = {}
    for position in game["players"]:
        marks = []
        if position == game["marker"]:
            marks.append(("marker", gettext("marker")))
        word = said.get(str(position))
        if word:
            marks.append((f"said said-{word}", gettext(SAID_NAMES[word])))
        if str(position) in game["tricks"]:
            count = game["tricks"][str(position)]
            marks.append(("tricks", ngettext("%(n)s trick", "%(n)s tricks", count) % {"n": count}))
        if leader is not None and position == leader and not game["over"]:
            marks.append(("leads", gettext("leads")))
        if position in game["gone"]:
            marks.append(("gone", gettext("left")))
        badges[position] = marks
    return badges


def _trick_leader(game: dict) -> int | None:
    """Who leads the trick on the table: the first card's player, or the seat to play first."""
    if game["phase"] != "play":
        return None
    if game["trick"]:
        return game["trick"][0][0]
    return game["to_act"][0] if game["to_act"] else None


def result_rows(result: dict | None, names: list[str], currency: str) -> dict | None:
    """A deal's result as the board shows it (§119.2.1, §121, K5–K8): a headline, and for each
    player his tricks, the trick money he takes, the penalty he owes into the next bank, the
    stake he put in this deal and his net; the casino's 2 % and the next bank."""
    if not result or not {"payouts", "redeal", "void"} & set(result):
        return None
    money = lambda amount: _money(amount, currency)  # noqa: E731
    if result.get("void"):
        return {
            "outcome": "info",
            "headline": gettext("The bank was voided by the casino: the money went back."),
            "played": False,
            "rows": [],
            "lines": [],
        }
    staked = int(result.get("staked") or 0)
    if result.get("redeal"):
        players = result.get("players") or []
        return {
            "outcome": "info",
            "headline": gettext("Everyone passed: the bank of %(bank)s goes to the next deal.")
            % {"bank": money(result["bank"])},
            "played": False,
            "rows": [
                {
                    "name": names[p],
                    "seat": p,
                    "said": "",
                    "tricks": "",
                    "takes": "",
                    "owes": "",
                    "staked": money(staked) if staked else "",
                    "net": _signed(-staked, currency),
                }
                for p in players
            ],
            "lines": [],
        }
    payouts, penalties = result.get("payouts") or {}, result.get("penalties") or {}
    players = result.get("players") or sorted(int(p) for p in {*payouts, *penalties})
    said = result.get("said") or {}
    rows = []
    for position in players:
        key = str(position)
        takes = int(payouts.get(key, 0))
        owes = int(penalties.get(key, 0))
        word = said.get(key)
        if position == result.get("declarer"):
            word = result.get("game")
        rows.append(
            {
                "name": names[position],
                "seat": position,
                "said": gettext(SAID_NAMES[word]) if word in SAID_NAMES else "",
                "tricks": result["tricks"].get(key, "") if key in result["tricks"] else "",
                "takes": money(takes) if key in payouts else "",
                "owes": money(owes) if owes else "",
                "staked": money(staked) if staked else "",
                "net": _signed(takes - owes - staked, currency),
            }
        )
    declarer = result.get("declarer")
    if penalties:
        headline = gettext(
            "Penalties: a penalty bank of %(bank)s is played next, without stakes."
        ) % {"bank": money(result["next_bank"])}
        outcome = "loss"
    else:
        headline = gettext("Every commitment kept: the bank is played.")
        outcome = "win"
    if declarer is not None and result.get("game") in GAME_NAMES:
        game_text = gettext("%(game)s by %(name)s.") % {
            "game": gettext(GAME_NAMES[result["game"]]),
            "name": names[declarer],
        }
        headline = f"{game_text} {headline}"
    lines = [
        gettext("Bank %(bank)s: the casino's 2 %%: %(rake)s; each trick %(trick)s.")
        % {
            "bank": money(result["bank"]),
            "rake": money(result["rake"]),
            "trick": money(result.get("trick_value", 0)),
        },
        gettext("Next bank %(bank)s.") % {"bank": money(result["next_bank"])},
    ]
    return {
        "outcome": outcome,
        "headline": headline,
        "played": True,
        "rows": rows,
        "lines": lines,
    }


def present(view: dict, shared: dict) -> dict:
    table, game, me = view["table"], view["game"], view["seat"]
    currency = table["currency"]
    settings = table.get("settings") or {}
    names = shared["player_names"]
    last_game = table.get("last_game")
    context: dict = {
        "stake_text": _money(settings.get("stake"), currency),
        "playing": bool(game) and not game["over"],
        "game_names": {k: gettext(v) for k, v in GAME_NAMES.items()},
        # the last deal's result, beside the deal in play until this one ends
        "last_deal": result_rows(last_game, shared["last_names"], currency),
        "last_deal_number": (last_game or {}).get("number"),
    }
    if not game:
        return context
    paused = table["status"] == "paused"
    legal = [] if paused else (game.get("legal") or [])
    shown = {int(p): cards for p, cards in game["shown"].items()}
    cards_of_mine = [*(game.get("cards") or []), *shown.get(me, [])] if me is not None else []
    types = {action["type"] for action in legal}
    playable = {a["card"] for a in legal if a["type"] in ("play", "discard")}
    leader = _trick_leader(game)
    trump_card = game["trump_card"]
    context.update(
        {
            "seat_badges": _seat_badges(game),
            "seat_said": {
                int(p): gettext("pledge %(amount)s") % {"amount": _money(a, currency)}
                for p, a in game["pledges"].items()
                if a
            },
            "bank_text": _money(game["bank"], currency),
            "pot_text": _money(game["pot"], currency),
            "next_bank_text": _money(game["next_bank"], currency),
            "pledge_text": _money(game.get("pledge"), currency),
            "trump_symbol": SUIT_SYMBOLS.get(game["trump"] or "", ""),
            "trump_items": card_items([trump_card], "small") if trump_card else [],
            # turned up before the trump card: suits passed on, or repeats (§119.1)
            "turned_items": card_items([c for c in game["turned"] if c != trump_card], "small"),
            "shown_items": {p: card_items(cards, "small") for p, cards in shown.items()},
            "trick": [
                {"name": names[p], "seat": p, "items": card_items([c], "normal")}
                for p, c in game["trick"]
            ],
            "leader_name": names[leader] if leader is not None else "",
            "last_trick": [
                {"name": names[p], "items": card_items([c], "small")} for p, c in game["last_trick"]
            ],
            "marker_name": names[game["marker"]],
            "declarer_name": names[game["declarer"]] if game["declarer"] is not None else "",
            "said_terms": SAID_TERMS,
            "hand_cards": [
                {
                    "code": c,
                    "svg": card_items([c], "normal")[0]["svg"],
                    "new": None,
                    "playable": c in playable,
                    "css": "trump" if game["trump"] and c[1:] == game["trump"] else "",
                }
                for c in cards_of_mine
            ],
            "legal_types": types,
            # a vertolyot names the card it shows with the six in words ("туз червей"), not "AH"
            "declarations": [
                {**a, "with_words": card_words(a["with"])} if a.get("with") else a
                for a in legal
                if a["type"] == "declare"
            ],
            "answers": [a["type"] for a in legal if a["type"] in ("help", "five")],
            "can_pass": "pass" in types,
            "can_exchange": "exchange" in types,
            "exchange_sizes": sorted({len(a["cards"]) for a in legal if a["type"] == "exchange"}),
            "can_discard": "discard" in types,
            "can_play": "play" in types,
            "deal_result": result_rows(game["result"], names, currency) if game["over"] else None,
        }
    )
    return context


def table_limits(settings: dict, currency: str) -> LimitRows:
    """The game's own limits on its rules page (tables/rules), from the table's settings."""
    stake = settings.get("stake")
    return [
        (
            gettext("Stake every player puts into a fresh bank"),
            limit_money(settings, "stake", currency),
        ),
        (
            gettext("Pledge of a declarer (twice the bank)"),
            gettext("twice the bank played, e.g. %(amount)s at a table of four")
            % {"amount": format_amount(2 * 4 * stake, currency)}
            if isinstance(stake, int)
            else None,
        ),
        (gettext("Casino's share of each bank played"), limit_percent(2)),
    ]


RULES = RulesPage(
    game=GAME,
    title=gettext_noop("Khrap"),
    paragraphs=(114, 121),
    summary=gettext_noop(
        "Four cards each and a turned-up trump; whoever declares a game must take two "
        "of the four tricks, whoever joins must take one."
    ),
    terms=(
        "khrap_bank",
        "stake",
        "marker",
        "trump",
        "khrap_pass",
        "khrap",
        "vertolyot",
        "strelyayu",
        "zavorachivayu",
        "help",
        "five",
        "exchange",
        "trick",
        "pledge",
        "penalty_bank",
        "rake",
    ),
)

PRESENTATION = register(
    Presentation(
        game=GAME,
        display_name=gettext_noop("Khrap"),
        presenter=present,
        rules=RULES,
        limits=table_limits,
    )
)
