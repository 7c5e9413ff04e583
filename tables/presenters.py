"""Template context for a table's board, built from a view (primitives only) for one socket or
page. A game may add its own helpers; the board template is the Jinja2 template
`templates/jinja2/tables/<game>/board.html` (casino/jinja2.py says why Jinja2)."""

from __future__ import annotations

import functools
import json
import uuid
from collections import OrderedDict

from django.utils import translation
from django.utils.safestring import mark_safe
from django.utils.translation import ngettext

from casino import jinja2
from casino.currencies import format_amount
from tables.engines.cards import SUIT_SYMBOLS
from tables.templatetags.cards import card as card_svg
from tables.templatetags.cards import card_back


def _seat_info(view: dict, position: int | None) -> dict | None:
    if position is None:
        return None
    return next((s for s in view["table"]["seats"] if s["position"] == position), None)


def board_context(view: dict) -> dict:
    table, game, me = view["table"], view["game"], view["seat"]
    clock = table["clock"]
    # a paused table: nobody is to act and no clock runs
    running = table["status"] != "paused"
    context = {
        "view": view,
        "table": table,
        "game": game,
        "seat": me,
        "seated": me is not None,
        "me_info": _seat_info(view, me),
        # a fresh id per rendering: a double click sends the same id twice, applied once
        "client_action_id": uuid.uuid4().hex,
        # whole epoch seconds: a float would be localised ("1795974490,62") in Russian
        "deadline": int(clock["deadline"]) if clock["deadline"] and running else None,
        "clock_seats": clock["seats"] if running else [],
        "my_turn": running and me is not None and me in clock["seats"],
        # what |truncatechars:20 gave, without its cost per rendering
        "commitment_short": _truncated(table.get("commitment") or "", 20),
        "player_names": _player_names(view),
        "stake": format_amount(
            table.get("settings", {}).get("stake", table.get("stake", 0)), table["currency"]
        ),
    }
    if table["game"] == "durak":
        context.update(_durak_seats(table, game, me))
        if game:
            context.update(_durak(view, game, me))
    return context


def _player_names(view: dict) -> list[str]:
    """Each position's shown name ("—" for an empty seat), for the score and the results."""
    names = ["—"] * view["table"]["capacity"]
    for seat in view["table"]["seats"]:
        if seat["position"] < len(names):
            names[seat["position"]] = seat["name"] or "—"
    return names


def _durak_seats(table: dict, game: dict | None, me: int | None) -> dict:
    """Who sits at the top of the felt (the opponent; for a spectator, everyone but seat 0) and
    at the bottom (you; for a spectator, seat 0), and the card backs shown for each hand that is
    not yours."""
    top, bottom = [], []
    counts = game["hand_counts"] if game else None
    for seat in table["seats"]:
        position = seat["position"]
        is_me = me is not None and position == me
        backs = counts[position] if counts is not None and not is_me else None
        row = {
            "p": seat,
            "is_me": is_me,
            "backs": backs,
            "fan": _fan(backs or 0),
            "backs_title": None
            if backs is None
            else ngettext("%(counter)s card in hand", "%(counter)s cards in hand", backs)
            % {"counter": backs},
        }
        if is_me or (me is None and position == 0):
            bottom.append(row)
        else:
            top.append(row)
    return {"top_seats": top, "bottom_seats": bottom}


@functools.cache
def _fan(count: int) -> str:
    """An opponent's hand: `count` small card backs."""
    return mark_safe(card_back("small") * count)  # noqa: S308 (our own SVG)


def _bout(game: dict, targets: set[str]) -> list[dict]:
    """The attack/defence pairs on the table, each card's SVG, and whether it is a card this
    socket's defender may beat now."""
    return [
        {
            "attack": attack,
            "defence": defence,
            "attack_svg": card_svg(attack),
            "defence_svg": card_svg(defence) if defence else "",
            "target": attack in targets,
        }
        for attack, defence in game.get("table") or []
    ]


def _durak(view: dict, game: dict, me: int | None) -> dict:
    # nothing may be played at a paused table
    legal = game.get("legal", []) if view["table"]["status"] != "paused" else []
    types = {action["type"] for action in legal}
    opponent = None if me is None else 1 - me
    playable = {card for action in legal for card in action.get("cards", [])} | {
        action["card"] for action in legal if action["type"] == "defend"
    }
    targets = {action["target"] for action in legal if action["type"] == "defend"}
    return {
        "legal_types": types,
        "can_attack": "attack" in types,
        "can_defend": "defend" in types,
        "can_take": "take" in types,
        "can_done": "done" in types,
        "playable": playable,
        "targets": sorted(targets),
        "bout": _bout(game, targets),
        "svg": {
            "trump": card_svg(game["trump_card"]) if game.get("trump_card") else "",
            "back": card_back(),
            "small_back": card_back("small"),
        },
        "opponent": _seat_info(view, opponent),
        "opponent_count": game["hand_counts"][opponent] if opponent is not None else None,
        "players": [_seat_info(view, p) for p in (0, 1)],
        "role": None if me is None else ("attacker" if game["attacker"] == me else "defender"),
        "hand_cards": _hand_cards(game, legal, types, playable),
        "trump_symbol": SUIT_SYMBOLS.get(game.get("trump"), game.get("trump")),
        "draws_text": ngettext("%(counter)s draw", "%(counter)s draws", game.get("draws") or 0)
        % {"counter": game.get("draws") or 0},
    }


def _truncated(text: str, length: int) -> str:
    return text if len(text) <= length else text[: length - 1] + "…"


def _hand_cards(game: dict, legal: list[dict], types: set, playable: set) -> list[dict]:
    """What the template showed per card of the hand, computed once: its classes, whether it
    may be played, and when defending the cards it beats (``data-beats``: each followed by a
    space), which the template used to find with a loop over every legal action per card."""
    trump = game.get("trump")
    beats: dict[str, list[str]] = {}
    if "defend" in types:
        for action in legal:
            if action["type"] == "defend":
                beats.setdefault(action["card"], []).append(action["target"])
    cards = []
    for code in game.get("hand") or []:
        can_play = code in playable
        css = "hand-card"
        if can_play:
            css += " playable"
        if code[1:] == trump:
            css += " trump"
        cards.append(
            {
                "code": code,
                "rank": code[:1],
                "css": css,
                "playable": can_play,
                "beats": "".join(f"{target} " for target in beats.get(code, []))
                if "defend" in types and can_play
                else None,
                "svg": card_svg(code),
            }
        )
    return cards


# Rendered boards of the sockets of this process, by (game, table, version, seat, language): the
# spectators of a table, and several tabs of one player, render each change once. A seat's view
# goes only to that seat's player (the table actor's broadcast), and the key holds the seat, so
# a cached board is only ever sent to a socket that was sent the same view.
BOARD_CACHE_SIZE = 512
_boards: OrderedDict[tuple, str] = OrderedDict()


def board_html(view: dict, *, oob: bool) -> str:
    """The board of `view` in the active language; `oob`: swapped out of band (a socket's
    frame), else part of the table's page."""
    return jinja2.render(
        f"tables/{view['table']['game']}/board.html", {**board_context(view), "oob": oob}
    )


def render_board(view: dict, language: str) -> str:
    """The board of `view` for a socket (swapped out of band), in `language`."""
    table = view["table"]
    key = (table["game"], table["id"], table["version"], view["seat"], language)
    return _cached(key, lambda: view, language)


def render_board_message(message: dict, language: str) -> str:
    """The board of a broadcast view (``services.view_message``): its JSON is read only when
    this process has not rendered that board yet."""
    key = (message["game"], message["table"], message["version"], message["seat"], language)
    return _cached(key, lambda: json.loads(message["view"]), language)


def _cached(key: tuple, view, language: str) -> str:
    html = _boards.get(key)
    if html is not None:
        _boards.move_to_end(key)
        return html
    with translation.override(language):
        html = board_html(view(), oob=True)
    _boards[key] = html
    if len(_boards) > BOARD_CACHE_SIZE:
        _boards.popitem(last=False)
    return html
