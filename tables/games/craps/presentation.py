"""Craps' presentation (tables/games/craps/engine.py, DG §1–§5, rulings C1–C17): the layout drawn as
one inline SVG (the point boxes 4 to 10 with their lay and buy bands, come, don't come bar, the
field, big 6 and 8, don't pass bar, pass line and the centre's hardways and one-roll bets with
their pays from the table's pay table, C13), the puck ON on the point or OFF (§2.4), every
player's bets on it (yours as chips of their own, marked OFF while off; the others' summed:
each area's chips drawn once for every viewer, ``chip_views``),
the five numbered dice and the pair the shooter picked (§3, §4), the last roll with its
resolutions in §4's order (losers collected, then field, big 6 and 8, come and place paid) and
the last 20 rolls.

A seated player in the betting window clicks an area: its panel opens under the layout with a
form per bet he may make there (the amount typed in BYN, the least his bounds allow by
default); his own bets are listed with their controls (take down, on or off, and after a win
the same, press or down for a place bet, §5.6, C11), beside the place groups (inside, outside,
across), "Done betting" and, for the shooter, "Pass the dice". The shooter with the dice picks
two of the five (a new shooter) and rolls. Registered in ``tables.presentation`` on import."""

from __future__ import annotations

import functools

from django.utils.translation import get_language, gettext_noop, pgettext
from markupsafe import Markup

from casino.amounts import amount_input_value
from casino.currencies import format_amount
from tables.board_words import gettext
from tables.games.craps import words as craps_words
from tables.games.craps.bets import (
    KINDS,
    LOSE,
    MOVE,
    NUMBERS,
    ORDER,
    PLACE_GROUPS,
    PLACE_MULTIPLE,
    RETURN,
)
from tables.games.craps.shooter import BETTING, THROW
from tables.kit import Lazy, bounds_text, money_box, standard_quick_stakes
from tables.presentation import Presentation, register, seat_board_facts

GAME = "craps"
WIDTH = 600  # the SVG's viewBox width; it scales to the board's width
PROPS_TOP = 502  # the centre's propositions, under the pass line

OUTCOMES = {
    "point": gettext_noop("the point is %(n)s"),
    "winner": gettext_noop("%(n)s, the winner: the point is made"),
    "seven_out": gettext_noop("seven out: the dice pass to the left"),
    "comeout_decided": gettext_noop("come-out roll"),
    "no_decision": gettext_noop("no decision"),
}
# (x, y) of the pips of a face in a 30-unit die
PIPS = {
    1: ((15, 15),),
    2: ((8, 8), (22, 22)),
    3: ((8, 8), (15, 15), (22, 22)),
    4: ((8, 8), (22, 8), (8, 22), (22, 22)),
    5: ((8, 8), (22, 8), (15, 15), (8, 22), (22, 22)),
    6: ((8, 8), (22, 8), (8, 15), (22, 15), (8, 22), (22, 22)),
}


def bet_name(kind: str) -> str:
    """A bet's name as the hand histories write it (tables/games/craps/words.py), capitalised
    to stand first on the board."""
    key = (get_language(), kind)
    name = _bet_names.get(key)
    if name is None:
        name = craps_words.bet_name(kind)
        name = _bet_names[key] = name[:1].upper() + name[1:]
    return name


# each bet's name by language: a board names a bet in its areas, chips, panels and lists, some
# 130 times a board
_bet_names: dict[tuple[str | None, str], str] = {}


@functools.lru_cache(maxsize=256)
def die_svg(face: int | None, number: int | None = None, size: str = "") -> Markup:
    """One die: its face's pips (None: a face not thrown yet, blank) and, for the table's set,
    its number in the corner (§2.2). (No words: drawn once for each face, number and size.)"""
    pips = Markup("").join(
        Markup('<circle cx="{}" cy="{}" r="3.2"/>').format(x, y) for x, y in PIPS.get(face, ())
    )
    serial = (
        Markup('<text x="27" y="9" class="die-serial">{}</text>').format(number)
        if number is not None
        else ""
    )
    label = str(face) if face else (f"№ {number}" if number is not None else "")
    return Markup(
        '<svg class="craps-die{}" viewBox="0 0 30 30" role="img" aria-label="{}">'
        '<rect x="1" y="1" width="28" height="28" rx="6"/>{}{}</svg>'
    ).format(f" {size}" if size else "", label, pips, serial)


def _area(key: str, box: tuple, label: str, sub: str, kinds: tuple, style: str) -> dict:
    return {"key": key, "box": box, "label": label, "sub": sub, "kinds": kinds, "style": style}


def _areas(propositions: dict, barred: int) -> list[dict]:
    """The layout's areas: where each is drawn (x, y, width, height) and which bets sit on it;
    each board's own copies (``_layout`` marks them for its seat), of the areas drawn once for
    the table's pay table and language (``_drawn_areas``)."""
    key = (tuple(sorted(propositions.items())), barred, get_language())
    drawn = _AREAS.get(key)
    if drawn is None:
        if len(_AREAS) >= 64:
            _AREAS.clear()
        drawn = _AREAS[key] = _drawn_areas(propositions, barred)
    return [dict(area) for area in drawn]


_AREAS: dict[tuple, list[dict]] = {}


def _drawn_areas(propositions: dict, barred: int) -> list[dict]:
    areas = []
    for index, n in enumerate(NUMBERS):
        x = index * 100
        number = _area(
            f"n{n}",
            (x, 32, 100, 110),
            str(n),
            pgettext("craps layout", "place"),
            (f"place_{n}", f"come_{n}", f"odds_come_{n}"),
            "number",
        )
        areas += [
            _area(
                f"lay{n}",
                (x, 0, 100, 32),
                pgettext("craps layout", "Lay"),
                "",
                (f"lay_{n}", f"dont_come_{n}"),
                "band",
            ),
            number | {"number": n},
            _area(
                f"buy{n}",
                (x, 142, 100, 32),
                pgettext("craps layout", "Buy"),
                "",
                (f"buy_{n}",),
                "band",
            ),
        ]
    bar = gettext("bar: %(n)s pushes") % {"n": barred}
    field = gettext("2 · 3 · 4 · 9 · 10 · 11 · 12 — 2 and 12 pay double")
    areas += [
        _area(
            "dont_come", (0, 182, 220, 66), gettext("Don't come"), bar, ("dont_come",), "line dark"
        )
        | {"text_x": 90},  # the puck sits on its right while it is off
        _area("come", (220, 182, 380, 66), gettext("Come"), "1:1", ("come",), "line"),
        _area("field", (0, 256, 600, 80), gettext("Field"), field, ("field",), "field"),
        _area("big6", (0, 344, 85, 76), gettext("Big 6"), "1:1", ("big_6",), "big"),
        _area("big8", (85, 344, 85, 76), gettext("Big 8"), "1:1", ("big_8",), "big"),
        _area(
            "dont_pass",
            (170, 344, 430, 76),
            gettext("Don't pass"),
            bar,
            ("dont_pass",),
            "line dark",
        ),
        _area(
            "pass",
            (0, 428, 600, 66),
            gettext("Pass line"),
            gettext("1:1 · odds behind it"),
            ("pass", "odds_pass"),
            "line pass",
        ),
    ]
    props = (
        [("hard_4", "2+2"), ("hard_6", "3+3"), ("hard_8", "4+4"), ("hard_10", "5+5")],
        [("two", "1+1"), ("three", "1+2"), ("eleven", "5+6"), ("twelve", "6+6")],
        [("any_seven", "7"), ("any_craps", "2 · 3 · 12")],
    )
    y = PROPS_TOP
    for row in props:
        width = WIDTH // len(row)
        for index, (kind, dice_text) in enumerate(row):
            label = bet_name(kind).split(" (")[0]
            pays = f"{dice_text} · {propositions.get(kind, '')}"
            areas.append(_area(kind, (index * width, y, width, 62), label, pays, (kind,), "prop"))
        y += 62
    return areas


HEIGHT = PROPS_TOP + 3 * 62


def _chips(area: dict, bets: list[dict], me: int | None, currency: str) -> list[dict]:
    """An area's chips: each of your bets on it (OFF while it is off), and the others' bets
    summed in one."""
    x, y, w, h = area["box"]
    mine = [b for b in bets if b["seat"] == me and b["kind"] in area["kinds"]]
    others = [b for b in bets if b["seat"] != me and b["kind"] in area["kinds"]]
    chips = []
    for bet in mine:
        chips.append(
            {
                "text": amount_input_value(bet["amount"], currency),
                "mine": True,
                "off": not bet["working"],
                "title": f"{bet_name(bet['kind'])}: {format_amount(bet['amount'], currency)}"
                + ("" if bet["working"] else f" · {gettext('OFF')}"),
                "kind": bet["kind"],
            }
        )
    if others:
        total = sum(b["amount"] for b in others)
        chips.append(
            {
                "text": amount_input_value(total, currency),
                "mine": False,
                "off": False,
                "title": gettext("Other players: %(amount)s")
                % {"amount": format_amount(total, currency)},
                "kind": "others",
            }
        )
    band = area["style"] == "band"
    radius = 13 if band else 16
    step = 2 * radius + 4
    per_row = max(1, (w - (44 if band else 12)) // step)
    for index, chip in enumerate(chips):
        row, column = divmod(index, per_row)
        if band:
            cx = x + 44 + radius + column * step
            cy = y + h / 2
        else:
            cx = x + 8 + radius + column * step
            cy = y + h - radius - 6 - row * (step - 2)
        chip.update(cx=cx, cy=cy, r=radius)
    return chips


# whoever watches without a seat, in a chip drawing's ``data-viewers`` (a seat is its position)
SPECTATOR = "-"


def chip_views(area: dict, bets: list[dict], capacity: int, currency: str) -> list[dict]:
    """An area's chips as each viewer sees them (``_chips``), drawn once for every viewer of the
    version: a drawing per seat with bets there, and one for every other seat and the
    spectators (all bets summed as the others'). Each names its viewers (``data-viewers``) and
    the game's stylesheet shows a board only the drawing of its own seat (the board's
    ``data-seat``), so a bet redraws its area once, not once per seat."""
    if not any(bet["kind"] in area["kinds"] for bet in bets):
        return []
    betting = sorted({bet["seat"] for bet in bets if bet["kind"] in area["kinds"]})
    views = [
        {"viewers": str(seat), "chips": _chips(area, bets, seat, currency)} for seat in betting
    ]
    others = [str(seat) for seat in range(capacity) if seat not in betting]
    views.append(
        {"viewers": " ".join([*others, SPECTATOR]), "chips": _chips(area, bets, None, currency)}
    )
    return views


def _layout(game: dict, me: int | None, panels: dict, currency: str, areas: list) -> dict:
    for area in areas:
        x, y, w, h = area["box"]
        area.update(x=x, y=y, w=w, h=h)
        area["panel"] = f"craps-bet-{area['key']}" if area["key"] in panels else ""
        area["name"] = panels[area["key"]]["title"] if area["key"] in panels else area["label"]
        area["point"] = area.get("number") is not None and area.get("number") == game["point"]
    point = game["point"]
    if point is not None:
        index = NUMBERS.index(point)
        puck = {"on": True, "cx": index * 100 + 83, "cy": 50}
    else:
        puck = {"on": False, "cx": 198, "cy": 215}
    return {"areas": areas, "puck": puck, "width": WIDTH, "height": HEIGHT}


def _panels(game: dict, currency: str, areas_by_kind: dict) -> dict:
    """For each area a seat may bet on now: its title and a form per bet kind (the amount in
    BYN, the least of the seat's bounds by default)."""
    panels: dict[str, dict] = {}
    for kind, (least, most) in (game.get("bounds") or {}).items():
        area = areas_by_kind.get(kind)
        if area is None:
            continue
        panel = panels.setdefault(
            area["key"], {"id": f"craps-bet-{area['key']}", "title": "", "forms": []}
        )
        panel["forms"].append(
            {
                "kind": kind,
                "name": bet_name(kind),
                "box": money_box(currency, least, most, quick=standard_quick_stakes(least, most)),
            }
        )
    for panel in panels.values():
        names = [form["name"] for form in panel["forms"]]
        panel["title"] = gettext("Bet: %(names)s") % {"names": ", ".join(names)}
        panel["forms"].sort(key=lambda form: ORDER[form["kind"]])
    return panels


def odds_of(kind: str) -> str | None:
    """The odds bet that stands behind a line bet (§5.2: the pass line; §5.3: a come bet moved
    to its number), or None: C4 offers no odds on don't bets."""
    if kind == "pass":
        return "odds_pass"
    if kind.startswith("come_"):
        return f"odds_{kind}"
    return None


def _odds_offer(game: dict, kind: str, currency: str) -> dict | None:
    """The odds a line bet may take now (§5.2, §5.3, C4): the range the engine accepts (its
    ``bounds``, single odds at most), the most offered first."""
    odds = odds_of(kind)
    bounds = (game.get("bounds") or {}).get(odds) if odds else None
    if not bounds:
        return None
    least, most = bounds
    quick = [(gettext("min"), least), (gettext("full odds"), most)]
    return {
        "kind": odds,
        "name": bet_name(odds),
        "box": money_box(currency, least, most, value=most, quick=quick),
        "range": bounds_text(least, most, currency),
    }


def _my_bets(game: dict, me: int, currency: str, legal: list[dict]) -> list[dict]:
    """Your bets on the layout, each with the moves legal on it now: a line bet with its point
    set offers its odds right beside it (§5.2, §5.3)."""
    takes = {a["bet"] for a in legal if a["type"] == "take_down"}
    switches = {a["bet"]: a["on"] for a in legal if a["type"] == "working"}
    after = {}
    for action in legal:
        if action["type"] == "after_win":
            after.setdefault(action["bet"], []).append(action["choice"])
    mine = []
    for bet in game["bets"]:
        if bet["seat"] != me:
            continue
        kind = bet["kind"]
        choices = []
        if kind in after:
            for choice, word in (
                ("same", gettext("Same bet")),
                ("press", gettext("Press")),
                ("down", gettext("Down")),
            ):
                choices.append(
                    {"choice": choice, "label": word, "chosen": choice not in after[kind]}
                )
        mine.append(
            {
                "kind": kind,
                "name": bet_name(kind),
                "amount": format_amount(bet["amount"], currency),
                "working": bet["working"],
                "take_down": kind in takes,
                "switch": switches.get(kind),
                "choices": choices,
                "after_win": bet.get("after_win"),
                "odds": _odds_offer(game, kind, currency),
            }
        )
    return mine


def _groups(game: dict, currency: str, legal: list[dict]) -> list[dict]:
    """Inside, outside and across, each placed at once (§5.6), its numbers at their multiples
    (C10)."""
    unit = game["min_unit"]
    groups = []
    for group, numbers in PLACE_GROUPS.items():
        times = sorted(
            a["times"] for a in legal if a["type"] == "place_group" and a["group"] == group
        )
        for count in times[:1]:
            total = sum(count * PLACE_MULTIPLE[n] * unit for n in numbers)
            groups.append(
                {
                    "group": group,
                    "times": count,
                    "label": f"{bet_name(group)}: {format_amount(total, currency)}",
                }
            )
    return groups


def _results(results: list[dict], names: list[str], currency: str) -> list[dict]:
    """A roll's resolutions in §4's order, in words."""
    lines = []
    for line in results:
        seat = line["seat"]
        who = names[seat] if 0 <= seat < len(names) else "—"
        values = {
            "who": who,
            "bet": bet_name(line["bet"]),
            "amount": format_amount(line.get("amount", 0), currency),
            "won": format_amount(line.get("won", 0), currency),
            "n": line.get("number", ""),
        }
        outcome = line["outcome"]
        if outcome == LOSE:
            text = gettext("%(who)s: %(bet)s, %(amount)s collected") % values
        elif outcome == MOVE:
            text = gettext("%(who)s: %(bet)s %(amount)s moves to %(n)s") % values
        elif outcome == RETURN:
            text = gettext("%(who)s: %(bet)s %(amount)s returned (off)") % values
        else:
            text = gettext("%(who)s: %(bet)s %(amount)s paid %(won)s") % values
            if line.get("choice") == "press" and line.get("pressed_to"):
                text += " · " + gettext("pressed to %(amount)s") % {
                    "amount": format_amount(line["pressed_to"], currency)
                }
            elif line.get("choice") == "down":
                text += " · " + gettext("taken down")
        lines.append({"outcome": outcome, "text": text, "seat": seat, "bet": line["bet"]})
    return lines


def _last_roll(last: dict, names: list[str], currency: str) -> dict | None:
    if last.get("void"):
        return {"void": True, "number": last.get("number")}
    if not last.get("faces"):
        return None
    outcome = last.get("outcome")
    point = last.get("point") if outcome == "point" else last.get("total")
    return {
        "void": False,
        "number": last.get("number"),
        "dice": [die_svg(face) for face in last["faces"]],
        "total": last.get("total"),
        "outcome": outcome,
        "words": gettext(OUTCOMES[outcome]) % {"n": point} if outcome in OUTCOMES else "",
        "lines": _results(last.get("results") or [], names, currency),
    }


def present(view: dict, shared: dict) -> dict:
    """The board's context: the head, the last roll, and with a roll under way the layout, the
    dice, the seat's panels and controls, every bet and the history."""
    table, game, me = view["table"], view["game"], view["seat"]
    currency, terms = table["currency"], table.get("settings") or {}
    context: dict = {
        "limits": bounds_text(terms.get("min_bet"), terms.get("max_bet"), currency),
        "last_roll": _last_roll(table.get("last_game") or {}, shared["last_names"], currency),
        "layout": None,
    }
    if game:
        context.update(_playing(view, game, me, shared["player_names"], currency))
    return context


def _playing(view: dict, game: dict, me: int | None, names: list[str], currency: str) -> dict:
    paused = view["table"]["status"] == "paused"
    legal = [] if paused else (game.get("legal") or [])
    types = {a["type"] for a in legal}
    areas = _areas(game["propositions"], game["barred"])
    by_kind = {kind: area for area in areas for kind in area["kinds"]}
    panels = _panels(game, currency, by_kind) if not paused else {}
    shooter = game["shooter"]
    chosen = game.get("chosen") or []
    roll = game.get("roll")
    thrown = roll["all"] if roll else None
    set_dice = [
        {
            "number": n,
            "chosen": n in chosen,
            "svg": die_svg(thrown[n - 1] if thrown else None, n),
        }
        for n in range(1, 6)
    ]
    me_shooter = me is not None and me == shooter
    throwing = "roll" in types and game["phase"] == THROW
    capacity = view["table"]["capacity"]
    return {
        "layout": _layout(game, me, panels, currency, areas),
        # what the layout's drawing shows (``own_section_by``): alike for the seats that may
        # make the same bets
        "layout_key": (
            game["point"],
            game["barred"],
            tuple(sorted(game["propositions"].items())),
            tuple((key, panel["title"]) for key, panel in sorted(panels.items())),
        ),
        # (called inside the chips' shared sections: drawn once a version, not once a board)
        "chip_views": lambda area: chip_views(area, game["bets"], capacity, currency),
        "panels": [panels[k] for k in sorted(panels, key=lambda k: _panel_order(k, areas))],
        "panels_by_area": panels,
        "my_bets": (my_bets := _my_bets(game, me, currency, legal) if me is not None else []),
        "my_bets_by_kind": {bet["kind"]: bet for bet in my_bets},
        "bet_kinds": KINDS,
        "groups": _groups(game, currency, legal),
        "can_done": "done" in types,
        "can_refuse": "refuse" in types,
        "throwing": throwing,
        "pick_dice": throwing and not chosen,
        "set_dice": set_dice,
        "chosen_text": " + ".join(f"№ {n}" for n in chosen),
        "comeout_prompt": me_shooter
        and game["point"] is None
        and game["phase"] == BETTING
        and not game["over"],
        "shooter_waits": me_shooter and game["phase"] == THROW and not game["may_throw"],
        "shooter": shooter,
        "shooter_name": names[shooter] if shooter is not None and shooter < len(names) else "",
        "point": game["point"],
        "roll_number": game["roll_number"],
        "phase": game["phase"],
        # (read inside shared sections only: made when a section is drawn, not for every board)
        "history": Lazy(
            lambda: [[die_svg(face, size="small") for face in pair] for pair in game["history"]][
                ::-1
            ]
        ),
        "all_bets": (all_bets := Lazy(lambda: _all_bets(game, names, currency))),
        "bets_by_seat": Lazy(lambda: {row["seat"]: row for row in all_bets}),
        **_seat_facts(game, currency),
    }


def _seat_facts(game: dict, currency: str) -> dict:
    """On each seat: the shooter's badge, "done betting" in the window, and what it has on the
    layout."""
    badges: dict[int, list] = {}
    for position in game["players"]:
        shown = []
        if position == game["shooter"]:
            shown.append(("shooter", gettext("shooter")))
        if position in game["done"] and game["phase"] == BETTING:
            shown.append(("done", gettext("done betting")))
        badges[position] = shown
    said: dict[int, str] = {}
    for position in {b["seat"] for b in game["bets"]}:
        total = sum(b["amount"] for b in game["bets"] if b["seat"] == position)
        money = format_amount(total, currency)
        said[position] = gettext("on the layout %(amount)s") % {"amount": money}
    return {"seat_badges": badges, "seat_said": said}


def _panel_order(key: str, areas: list[dict]) -> int:
    return next(index for index, area in enumerate(areas) if area["key"] == key)


def _all_bets(game: dict, names: list[str], currency: str) -> list[dict]:
    """Every player's bets, public (§4: bets are placed opposite their players)."""
    rows: dict[int, dict] = {}
    for bet in game["bets"]:
        seat = bet["seat"]
        row = rows.setdefault(
            seat, {"seat": seat, "name": names[seat] if seat < len(names) else "—", "bets": []}
        )
        row["bets"].append(
            {
                "name": bet_name(bet["kind"]),
                "amount": format_amount(bet["amount"], currency),
                "working": bet["working"],
            }
        )
    return [rows[seat] for seat in sorted(rows)]


def private_facts(view: dict) -> dict:
    """What a seat's board shows of its own (tables.games.Presentation.private_facts): the
    common facts (its balance among them), its moves (the legal actions, each bet's bounds,
    whether it may throw), its own bets, the shooter and the round's stage its prompts and
    layout follow, the faces its pick of the dice shows (the shooter's), and whether it
    is done betting (its plate says so). Another player's bet changes none of them unless it
    narrows this seat's bounds under the house's risk limit: then its panels change, and it
    is sent its own board."""
    game = view["game"] or {}
    me = view["seat"]
    shooting = me is not None and game.get("shooter") == me
    return {
        **seat_board_facts(view),
        "playing": bool(game),
        "moves": [game.get("legal"), game.get("bounds"), game.get("may_throw")],
        "mine": [bet for bet in game.get("bets") or () if bet["seat"] == me],
        # (the shooter, the phase and the point are the board element's attributes as well)
        "round": [
            game.get("shooter"),
            game.get("point"),
            game.get("phase"),
            game.get("over"),
            game.get("chosen"),
            me in (game.get("done") or ()),
        ],
        "layout": [game.get("propositions"), game.get("barred"), game.get("min_unit")],
        "dice": game.get("roll") if shooting else None,
    }


register(
    Presentation(
        game=GAME,
        display_name=gettext_noop("Craps"),
        presenter=present,
        private_facts=private_facts,
        **craps_words.WORDS,
    )
)
