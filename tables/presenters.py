"""Template context for a table's board, built from a view (primitives only) for one socket or
page, and the rows of the lobby and the pit boss from a table's summary.

Nothing here knows a game or a number of seats: the shared context (seats laid out around the
felt for any number of seats, a clock per seat, the table's status) is computed here, and the
game's presenter (``tables.games.presentation_for(game).presenter``) adds its own. The board
template is the game's Jinja2 template (casino/jinja2.py says why Jinja2), by default the
generic ``templates/jinja2/tables/board.html`` every game's board extends.

The view: ``{"table": {..., "capacity", "settings", "clock": {"seats", "deadline",
"deadlines"}, "seats": [...]}, "game": engine view or None, "seat": my position or None}``.
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import math
import re
import secrets
from collections import OrderedDict
from dataclasses import dataclass

from django.utils import translation
from django.utils.translation import get_language, gettext_noop
from markupsafe import Markup, escape

from casino import jinja2, json_text
from casino.currencies import format_amount
from tables import board_words
from tables.board_frames import (
    OWN_PART,
    SEAT_PART,
    SHARED_PART,
    part_id,
    root_attributes,
    seat_part_id,
    version_marker,
)
from tables.board_words import gettext
from tables.kit import card_items
from tables.presentation import presentation_for

MAX_SEATS = 12
COMPACT_ABOVE = 4  # seats: more than this, and each seat is drawn smaller


def _seat_info(view: dict, position: int | None) -> dict | None:
    if position is None:
        return None
    return next((s for s in view["table"]["seats"] if s["position"] == position), None)


def board_context(view: dict) -> dict:
    table, game, me = view["table"], view["game"], view["seat"]
    # a paused table: nobody is to act and no clock runs
    running = table["status"] != "paused"
    clocks = seat_clocks(table.get("clock") or {}) if running else {}
    clock_seats = list((table.get("clock") or {}).get("seats") or []) if running else []
    presentation = presentation_for(table["game"])
    language = get_language()
    context = {
        "language": language,
        "view": view,
        "table": table,
        "game": game,
        "seat": me,
        "seated": me is not None,
        "me_info": _seat_info(view, me),
        "settings": table.get("settings") or {},
        "presentation": presentation,
        # one id per table version: a double click sends the same id twice, applied once; a
        # form kept from an older version by a frame of parts carries that version's, and once
        # spent its part is sent again (``tables.board_frames``)
        "client_action_id": client_action_id(table["version"]),
        # whole epoch seconds by seat (a float would be localised, "1795974490,62" in Russian)
        "clocks": clocks,
        # the earliest of them
        "deadline": min(clocks.values()) if clocks else None,
        "clock_seats": clock_seats,
        "my_turn": running and me is not None and me in clock_seats,
        # what |truncatechars:20 gave, without its cost per rendering
        "commitment_short": _truncated(table.get("commitment") or "", 20),
        "player_names": _player_names(table),
        # the names of who played the last hand, by position (a seat taken since by another
        # player shows the one who played it)
        "last_names": _last_names(table),
        "seat_layout": seat_layout(table, me),
        "free_seats": max(0, table["capacity"] - len(table["seats"])),
        # what the game shows on each seat, by position: badges [(css class, text)], safe HTML
        "seat_badges": {},
        "seat_extra": {},
        # the seat plate's stake (text, e.g. "10.00 BYN"), the last action in words, and the
        # dealer's or first-to-act button ("dealer" / "first"), by position
        "seat_stakes": {},
        "seat_said": {},
        "seat_buttons": {},
        # the parts of the board every viewer of this version sees alike, rendered once
        # (``shared_section``): a board template wraps them in
        # ``{% call shared_section(section_key, "name") %}...{% endcall %}``
        "shared_section": shared_section,
        "section_key": (table["game"], table["id"], table["version"], language),
        # the parts only this viewer sees (its moves, its own bets): sent when they changed
        "own_section": own_section,
        "own_slot": own_slot,
        "own_section_by": own_section_by,
    }
    if presentation.presenter is not None:
        context.update(presentation.presenter(view, context))
    else:
        context.update(_generic_context(table, game))
    context["seats_html"] = seats_html(
        context["seat_layout"],
        clocks,
        clock_seats,
        table["status"],
        context["seat_badges"],
        context["seat_extra"],
        language,
        stakes=context["seat_stakes"],
        said=context["seat_said"],
        buttons=context["seat_buttons"],
        # while the filling window runs, "ready" is who said ready to start (tables.starts)
        ready=set(start["ready"]) if (start := table.get("start") or {}).get("deadline") else None,
    )
    return context


# This process's prefix (random, so two processes or a restart never give the same ids) and the
# table version: unique ids without a system call per rendering (uuid4 read the OS's random
# source, ~2 % of a busy server's CPU, for every board of every socket). The actor keeps an id
# per table and player, so the version alone tells a table's ids apart.
_ID_PREFIX = secrets.token_hex(8)
VERSION_DIGITS = 12


def client_action_id(version: int) -> str:
    """The client action id of the forms of a board of `version` (28 characters; a form adds
    its own letters)."""
    return f"{_ID_PREFIX}{version:0{VERSION_DIGITS}x}"


def seat_clocks(clock: dict) -> dict[int, int]:
    """Each awaited seat's deadline, in whole epoch seconds: ``clock["deadlines"]`` (a clock per
    seat), or, from a view without it, the one ``clock["deadline"]`` for every awaited seat."""
    deadlines = clock.get("deadlines")
    if deadlines is not None:
        return {int(p): int(when) for p, when in deadlines.items() if when}
    when = clock.get("deadline")
    return {int(p): int(when) for p in clock.get("seats") or []} if when else {}


def _player_names(table: dict) -> list[str]:
    """Each position's shown name ("—" for an empty seat)."""
    names = ["—"] * max(
        table["capacity"], 1 + max((s["position"] for s in table["seats"]), default=-1)
    )
    for seat in table["seats"]:
        names[seat["position"]] = seat["name"] or "—"
    return names


def _last_names(table: dict) -> list[str]:
    """``_player_names``, but for the positions of the last hand: who sat there then."""
    names = _player_names(table)
    played = ((table.get("last_game") or {}).get("names_by_seat")) or {}
    for position, name in played.items():
        index = int(position)
        if index >= len(names):
            names += ["—"] * (index + 1 - len(names))
        names[index] = name or "—"
    return names


def seat_layout(table: dict, me: int | None) -> dict:
    """Where each seat sits around the felt, for any number of seats (up to ``MAX_SEATS``).

    Your seat is at the bottom (a spectator's view is anchored on the first seat); the others go
    round the table in order from your left: up the left side, along the top from left to right,
    down the right side. ``left`` is listed in that order too (the template shows it bottom to
    top). Each slot: ``position``, ``seat`` (the view's seat, None when empty), ``is_me``,
    ``side`` and ``order`` (1 = on your left)."""
    by_position = {s["position"]: s for s in table["seats"]}
    capacity = max(table["capacity"], 1 + max(by_position, default=-1))
    anchor = me if me is not None else 0
    order = [(anchor + step) % capacity for step in range(1, capacity)]
    side = _side_count(len(order))
    sides = (
        ("left", order[:side]),
        ("top", order[side : len(order) - side]),
        ("right", order[len(order) - side :] if side else []),
    )
    # many seats: each one shown smaller (names cut short, see casino.css)
    layout: dict = {"capacity": capacity, "others": len(order), "compact": capacity > COMPACT_ABOVE}
    rank = 0
    for name, positions in sides:
        slots = []
        for position in positions:
            rank += 1
            slots.append(_slot(by_position.get(position), position, me, name, rank))
        layout[name] = slots
    layout["bottom"] = [_slot(by_position.get(anchor), anchor, me, "bottom", 0)]
    return layout


def _side_count(others: int) -> int:
    """How many seats each side of the felt holds: none up to three others (all at the top),
    then a third of the rest each side, the top keeping the most."""
    return 0 if others <= 3 else math.ceil((others - 3) / 3)


def _slot(seat: dict | None, position: int, me: int | None, side: str, rank: int) -> dict:
    return {
        "position": position,
        "seat": seat,
        "is_me": me is not None and position == me,
        "side": side,
        "order": rank,
    }


# --- the seats, drawn here rather than in the board template: every board of every socket draws
# them on every change, and a Jinja loop over the seats cost ~28 µs a seat against ~3 µs here

SIDES = ("left", "top", "right", "bottom")
SEAT_WORDS = (
    gettext_noop("you"),
    gettext_noop("sitting out"),
    gettext_noop("away"),
    gettext_noop("ready"),
    gettext_noop("Time left for this move"),
    gettext_noop("Free seat"),
    gettext_noop("Dealer"),
    gettext_noop("First to act"),
    gettext_noop("left: bets in play"),
    gettext_noop(
        "You were sat out: three betting rounds in a row passed without your bet. "
        "Press “I'm back” to be dealt in again."
    ),
)
IDLE_WORDS = SEAT_WORDS[-1]


@functools.lru_cache(maxsize=16)
def _seat_words(language: str | None) -> dict[str, str]:
    """The seats' words in `language` (the active one), HTML-escaped."""
    return {word: str(escape(gettext(word))) for word in SEAT_WORDS}


def seats_html(
    layout: dict,
    clocks: dict[int, int],
    clock_seats: list[int],
    status: str,
    badges: dict[int, list],
    extra: dict[int, str],
    language: str | None = None,
    *,
    stakes: dict[int, str] | None = None,
    said: dict[int, str] | None = None,
    buttons: dict[int, str] | None = None,
    ready: set[int] | None = None,
) -> Markup:
    """The seats round the felt (``seat_layout``): each player's seat plate (the table kit's,
    static/css/table-kit.css): name, the dealer's or first-to-act button (``buttons``:
    "dealer" / "first"), the stake (``stakes``: text), status badges and the game's
    (``badges``: [(css class, text)]), the last action in words (``said``), clock, and the
    game's safe HTML (``extra``); an empty seat as such. A side with no seat is left out."""
    words = _seat_words(language or get_language())
    stakes = stakes or {}
    said = said or {}
    buttons = buttons or {}
    parts = []
    for side in SIDES:
        slots = layout[side]
        if not slots:
            continue
        parts.append(f'<div class="seat-side {side}" data-side="{side}">')
        for slot in slots:
            seat, position = slot["seat"], slot["position"]
            if seat is None:
                plate = (
                    f'<div id="{seat_part_id(position)}" class="seat-empty" '
                    f'data-position="{position}"><span class="avatar" aria-hidden="true">+</span> '
                    f'<span class="muted">{words["Free seat"]}</span></div>'
                )
                _note_part(seat_part_id(position), plate)
                parts.append(plate)
                continue
            css = "player me" if slot["is_me"] else "player other"
            if position in clock_seats:
                css += " to-act"
            if seat["away"]:
                css += " is-away"
            name = seat["name"] or ""
            you = f' <span class="you">({words["you"]})</span>' if slot["is_me"] else ""
            shown = "".join(
                f'<span class="badge {escape(kind)}">{escape(text)}</span> '
                for kind, text in badges.get(position, ())
            )
            if seat.get("leaving"):  # his bets play on; the seat is freed once they are settled
                shown += f'<span class="badge leaving">{words["left: bets in play"]}</span>'
            elif seat["status"] == "sitting_out":
                shown += f'<span class="badge away">{words["sitting out"]}</span>'
                if slot["is_me"] and seat.get("idle"):  # why: the betting windows it let pass
                    shown += f'<span class="seat-why" role="status">{words[IDLE_WORDS]}</span>'
            elif seat["away"]:
                shown += f'<span class="badge away">{words["away"]}</span>'
            if status == "open" and (seat["ready"] if ready is None else position in ready):
                shown += f'<span class="badge ready-badge">{words["ready"]}</span>'
            button = buttons.get(position)
            if button:
                title = words["First to act"] if button == "first" else words["Dealer"]
                you += (
                    f' <span class="kit-button {"first" if button == "first" else "dealer"}" '
                    f'title="{title}" aria-label="{title}">{"1" if button == "first" else "D"}'
                    "</span>"
                )
            stake = stakes.get(position)
            if stake:
                you += f' <span class="seat-stake">{escape(stake)}</span>'
            words_said = said.get(position)
            if words_said:
                shown += f'<span class="seat-said">{escape(words_said)}</span>'
            deadline = clocks.get(position)
            clock = (
                f'<span class="clock" data-deadline="{deadline}" '
                f'title="{words["Time left for this move"]}">…</span>'
                if deadline
                else ""
            )
            # a seat's plate is one of the board's parts: another's is the same for every
            # viewer but its player, your own is your board's (a frame of the public board's
            # parts leaves it out, ``tables.board_frames``)
            plate = (
                f'<div id="{seat_part_id(position)}" class="{css}" data-position="{position}">'
                f'<div class="player-id"><span class="avatar" aria-hidden="true">'
                f"{escape(name[:1].upper())}</span>"
                f'<strong class="name">{escape(name)}</strong>{you}</div>'
                f'<div class="badges">{shown}</div>{clock}{extra.get(position, "")}</div>'
            )
            _note_part(seat_part_id(position), plate)
            parts.append(plate)
        parts.append("</div>")
    return Markup("".join(parts))


def _generic_context(table: dict, game: dict | None) -> dict:
    """What the generic board (a game with no presenter) shows through the table kit: the
    seat's own cards (the view's ``hand``, a list of card codes) and the view's ``pot``."""
    game = game or {}
    hand = game.get("hand")
    pot = game.get("pot")
    cards = (
        card_items(hand)
        if isinstance(hand, list) and all(isinstance(c, str) and len(c) == 2 for c in hand)
        else []
    )
    has_pot = isinstance(pot, int) and not isinstance(pot, bool)
    return {
        "kit_hand": cards,
        "pot_text": format_amount(pot, table["currency"]) if has_pot else "",
        "pot_minor": pot if has_pot else None,
    }


def _truncated(text: str, length: int) -> str:
    return text if len(text) <= length else text[: length - 1] + "…"


# --- the lobby's and the pit boss's rows ---------------------------------------------------------


STAFF_ACT_TEXT = {
    "pause": gettext_noop("The casino paused the table"),
    "resume": gettext_noop("The casino resumed play"),
    "void": gettext_noop("The casino voided the hand; every stake was returned"),
    "remove": gettext_noop("The casino removed a player"),
    "remove_requested": gettext_noop("A player leaves the table when this hand ends"),
    "close": gettext_noop("The casino closed the table"),
    "open": gettext_noop("The casino opened the table"),
}


def staff_act_text(act: str) -> str:
    """A staff act as the table's players read it (announced with its reason)."""
    return gettext(STAFF_ACT_TEXT.get(act, act))


def summary_row(summary: dict) -> dict:
    """What a lobby or pit row shows of a table's summary, whatever game it is: the display
    name, seats taken of the capacity, the pot, the stage and the game's facts (labels in the
    active language; a money value as ``money`` or ``money_range`` for the money filter).

    Reads ``game``, ``display_name``, ``capacity``, ``players`` (or ``seats``), ``pot``,
    ``stage`` and ``facts``; a summary of an older shape (no ``facts``) goes through the game's
    ``summary_adapter`` first."""
    presentation = presentation_for(summary["game"])
    if "facts" not in summary and presentation.summary_adapter is not None:
        summary = presentation.summary_adapter(summary)
    name = summary.get("display_name") or presentation.name
    taken = len(summary.get("players") or summary.get("seats") or [])
    stage = summary.get("stage") or ""
    return {
        "label": gettext(name) if name else summary["game"],
        "taken": taken,
        "capacity": summary.get("capacity") or 0,
        "free": taken < (summary.get("capacity") or 0),
        "pot": summary.get("pot") or 0,
        "stage": stage,
        "stage_label": gettext(stage) if stage else "",
        "facts": [_fact(label, value) for label, value in summary.get("facts") or []],
        "summary_template": presentation.summary_template,
    }


def _fact(label: str, value) -> dict:
    fact = {"label": gettext(label) if label else "", "value": value, "money": None, "range": None}
    if isinstance(value, dict):
        if "money" in value:
            fact["money"] = value["money"]
        elif "money_range" in value:
            fact["range"] = list(value["money_range"])
        fact["value"] = ""
    return fact


# --- rendering and the per-process caches --------------------------------------------------------

# The sections of a board that are the same for every viewer of a table version (the head, the
# pot, the deck: what the public view shows), by (game, table, version, language, name): the six
# sockets of a six-seat table render them once, then each its own seats ring (anchored on that
# seat), hand and moves. A board template puts in a section only what the public view holds; the
# board tests render every viewer's board of random play with the cache off and check that each
# section came out the same for all of them (tests/tables/test_shared_sections.py).
SECTION_CACHE_SIZE = 2048
_sections: OrderedDict[tuple, Markup] = OrderedDict()
_recorded: list | None = None


def shared_section(key: tuple, name: str, caller) -> Markup:
    """A board's section shared by every viewer of ``key`` (game, table, version, language):
    rendered by the first board that needs it, then reused (``caller`` is the section's body).
    It is one of the board's parts (``part_id``): an element of its own, sent alone when it
    changed (``tables.board_frames``)."""
    if _recorded is not None:  # tests: rendered every time, and noted
        html = _section_element(part_id(name), caller())
        _recorded.append((name, html))
        _note_part(part_id(name), html)
        return html
    cache_key = (*key, name)
    html = _sections.get(cache_key)
    if html is None:
        html = _sections[cache_key] = _section_element(part_id(name), caller())
        if len(_sections) > SECTION_CACHE_SIZE:
            _sections.popitem(last=False)
    _note_part(part_id(name), html)
    return html


def own_section(name: str, caller) -> Markup:
    """A part of the board only its viewer sees (its moves, its own bets): an element of its own,
    so that a change which leaves it as it was does not send it again."""
    html = _section_element(OWN_PART + name, caller())
    _note_part(OWN_PART + name, html)
    return html


def own_slot(name: str) -> Markup:
    """An own section with nothing in it (a bet panel, a kind of bet you hold none of): its
    place in the board, written without the call a ``{% call %}`` block costs (a board with
    ninety such slots spent a fifth of its time calling them)."""
    html = _EMPTY_SLOTS.get(name)
    if html is None:
        html = _EMPTY_SLOTS[name] = _section_element(OWN_PART + name, "")
    _note_part(OWN_PART + name, html)
    return html


_EMPTY_SLOTS: dict[str, Markup] = {}

# Own sections whose body depends only on the key its board gives (``own_section_by``), by
# (name, key, language): a layout drawn for the bets a seat may make, alike for every seat that
# may make the same ones.
_kept_own: OrderedDict[tuple, Markup] = OrderedDict()


def own_section_by(key, name: str, caller) -> Markup:
    """An own section whose body is what ``key`` (hashable) and the language make it, whoever
    views it: rendered once for each key, then reused. Under the tests' ``sections_recorded``
    it is rendered every time and checked against what was kept: a key that leaves out
    something the body shows is caught."""
    cache_key = (name, key, get_language())
    html = _kept_own.get(cache_key)
    if html is None or _recorded is not None:
        fresh = _section_element(OWN_PART + name, caller())
        assert html is None or html == fresh, f"own section {name}: its key {key!r} is not all"
        html = _kept_own[cache_key] = fresh
        if len(_kept_own) > SECTION_CACHE_SIZE:
            _kept_own.popitem(last=False)
    _note_part(OWN_PART + name, html)
    return html


def _section_element(ident: str, body: str) -> Markup:
    # display: contents (table-kit.css): the wrapper changes no layout, only gives the part an id
    return Markup(f'<div id="{ident}" class="board-part">{body}</div>')


# The parts of the board being rendered (``parts_recorded``), by id. A context variable, for
# boards are rendered on the event loop and on request threads at once.
_parts: contextvars.ContextVar[dict | None] = contextvars.ContextVar("board_parts", default=None)


def _note_part(key: str, html: str) -> None:
    parts = _parts.get()
    if parts is not None:
        parts[key] = str(html)  # plain text: joined to others, a Markup would escape them


@contextlib.contextmanager
def parts_recorded():
    """The board's parts rendered inside the block, by id, in the dict this yields."""
    parts: dict[str, str] = {}
    token = _parts.set(parts)
    try:
        yield parts
    finally:
        _parts.reset(token)


@contextlib.contextmanager
def sections_recorded():
    """Tests: every shared section is rendered for each board (no cache) and noted, in the
    order rendered, as (name, html) in the list this yields."""
    global _recorded
    _recorded = []
    try:
        yield _recorded
    finally:
        _recorded = None


def board_html(view: dict, *, oob: bool) -> str:
    """The board of `view` in the active language; `oob`: swapped out of band (a socket's
    frame), else part of the table's page. Its last element is the version marker a frame of
    parts updates (``tables.board_frames``)."""
    template = presentation_for(view["table"]["game"]).board_template
    with board_words.rendering_in(get_language()):
        html = jinja2.render(template, {**board_context(view), "oob": oob}).rstrip()
    end = html.rfind("</div>")
    marker = version_marker(view["table"]["version"], last_hand=_last_hand(view))
    return f"{html[:end]}{marker}{html[end:]}"


def _last_hand(view: dict) -> int | None:
    last = (view["table"].get("last_game") or {}).get("number")
    return last if isinstance(last, int) else None


@dataclass(frozen=True)
class ShownBoard:
    """A board as a socket is sent it: whole (``html``, swapped out of band) and as its named
    parts (``parts``: each part's element by id, in the order rendered), and what it holds
    outside them (``skeleton``). ``plain`` and ``skeleton`` leave out what every rendering of a
    new version changes without showing anything new (the client action id of its forms, the
    version it shows), so a part that differs only by them is the same part
    (``tables.board_frames`` compares them)."""

    version: int
    last_hand: int | None
    html: str
    # the board element's attributes, for the version marker of a frame of parts
    root: str
    parts: dict[str, str]
    plain: dict[str, str]
    skeleton: str
    # the skeleton as sent, its forms' client action id in it
    skeleton_text: str


def shown_board(view: dict) -> ShownBoard:
    """The board of `view` (active language) with its parts."""
    with parts_recorded() as parts:
        html = board_html(view, oob=True)
    table = view["table"]
    return _in_parts(html, parts, table["version"], _last_hand(view))


_PART_KINDS = "|".join(map(re.escape, (SHARED_PART, SEAT_PART, OWN_PART)))
_PART_OPENING = re.compile(f'<div id="((?:{_PART_KINDS})[^"]*)"')


def _in_parts(html: str, parts: dict[str, str], version: int, last_hand: int | None) -> ShownBoard:
    # each part where the board holds it: one recorded but not drawn (a section its template
    # left out) is no part of this board; one inside another goes with it
    # (where each part's element opens, from one scan of the board: a search of the whole board
    # per part cost a board of ~150 parts more than its template's slowest macro)
    opened: dict[str, int] = {}
    for match in _PART_OPENING.finditer(html):
        opened.setdefault(match.group(1), match.start())
    found = []
    for key, part in parts.items():
        at = opened.get(key, -1)
        if at != -1 and html.startswith(part, at):
            found.append((at, key))
    found.sort()
    pieces, cursor, kept = [], 0, {}
    for at, key in found:
        kept[key] = parts[key]
        if at >= cursor:
            pieces.append(html[cursor:at])
            cursor = at + len(parts[key])
    pieces.append(html[cursor:])
    text = "".join(pieces).replace(version_marker(version, last_hand=last_hand), "", 1)
    # the board element's opening tag: a frame of parts carries its attributes in the marker
    start = text.find('<div id="table-board"')
    end = text.find(">", start) + 1
    root = root_attributes(text[start:end])
    text = text[:start] + text[end:]
    ident = client_action_id(version)
    kept = {key: kept[key] for key in parts if key in kept}  # the order rendered
    return ShownBoard(
        version=version,
        last_hand=last_hand,
        html=html,
        root=root,
        parts=kept,
        plain={key: part.replace(ident, "") for key, part in kept.items()},
        skeleton=text.replace(ident, ""),
        skeleton_text=text,
    )


# Rendered boards of the sockets of this process, by (game, table, version, seat, language): the
# spectators of a table, and several tabs of one player, render each change once. A seat's view
# goes only to that seat's player (the table actor's broadcast), and the key holds the seat, so
# a cached board is only ever sent to a socket that was sent the same view.
BOARD_CACHE_SIZE = 512
_boards: OrderedDict[tuple, ShownBoard] = OrderedDict()


def render_board(view: dict, language: str) -> str:
    """The whole board of `view` for a socket (swapped out of band), in `language`."""
    return board_of_view(view, language).html


def board_of_view(view: dict, language: str) -> ShownBoard:
    """The board of `view` for a socket, in `language`, with its parts."""
    table = view["table"]
    key = (table["game"], table["id"], table["version"], view["seat"], language)
    return _cached(key, lambda: view, language)


def board_of_message(message: dict, language: str) -> ShownBoard:
    """The board of a broadcast view (``services.view_message``): its JSON is read only when
    this process has not rendered that board yet."""
    key = (message["game"], message["table"], message["version"], message["seat"], language)
    return _cached(key, lambda: json_text.loads(message["view"]), language)


def _cached(key: tuple, view, language: str) -> ShownBoard:
    board = _boards.get(key)
    if board is not None:
        _boards.move_to_end(key)
        return board
    with translation.override(language):
        board = shown_board(view())
    _boards[key] = board
    if len(_boards) > BOARD_CACHE_SIZE:
        _boards.popitem(last=False)
    return board


# The public board of a change, rendered once per process and language: the table's spectators
# are sent it, and the seats whose own view did not change (``tables.outbox.touched_seats``)
# its parts that changed (``tables.board_frames.public_parts_frame``).
PARTS_CACHE_SIZE = 512
_public: OrderedDict[tuple, ShownBoard] = OrderedDict()


def known_public_board(game: str, table: int, version: int, language: str) -> ShownBoard | None:
    """The public board of `version` if this process rendered it (``public_board``)."""
    return _public.get((game, table, version, language))


def public_board(message: dict, language: str) -> ShownBoard:
    """The public board of a ``table.change`` or ``table.view`` message, with its parts."""
    key = (message["game"], message["table"], message["version"], language)
    board = _public.get(key)
    if board is None:
        with translation.override(language):
            board = _public[key] = shown_board(json_text.loads(message["view"]))
        if len(_public) > PARTS_CACHE_SIZE:
            _public.popitem(last=False)
    return board
