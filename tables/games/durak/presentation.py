"""Podkidnoy durak's presentation: its board's context (hands, the bout, the deck, roles), its
templates (jinja2/ and templates/ of this folder) and its card-picking script (static/ of this
folder). Registered in ``tables.presentation`` when that module is imported."""

from __future__ import annotations

import functools

from django.utils.safestring import mark_safe
from django.utils.translation import get_language, gettext_noop, ngettext
from markupsafe import Markup, escape

from casino.currencies import format_amount
from tables.board_words import gettext
from tables.engines.cards import SUIT_SYMBOLS
from tables.presentation import Presentation, register
from tables.rules import LimitRows, RulesPage, limit_money, limit_percent
from tables.templatetags.cards import card as card_svg
from tables.templatetags.cards import card_back
from tables.tournament.reasons import FORFEITS, forfeit_sentence

GAME = "durak"


def stake_of(view: dict) -> int:
    """The stake of the match in play (its view), else the table's settings; else the ``stake``
    a view of the older shape carried in ``view["table"]``."""
    game = view["game"]
    if game and game.get("stake") is not None and not game.get("match_over"):
        return int(game["stake"])
    settings = view["table"].get("settings") or {}
    if settings.get("stake") is not None:
        return int(settings["stake"])
    return int(view["table"].get("stake") or 0)


def present(view: dict, shared: dict) -> dict:
    """The Durak board's context, beside the shared one (``shared``): each seat's role badges
    and card backs (``seat_badges``, ``seat_extra``, which the shared board shows on the seat)."""
    table, game, me = view["table"], view["game"], view["seat"]
    playing = bool(game) and not game["over"]
    language = shared.get("language") or get_language()
    context = {
        "stake": format_amount(stake_of(view), table["currency"]),
        "playing": playing,
        "role": None,
        "seat_badges": _roles(game, language) if playing else {},
        "seat_extra": _backs(game, me, language),
    }
    if game:
        context.update(_in_play(view, game, me))
    context["forfeit_text"] = _forfeit_text(table, game)
    return context


def _forfeit_text(table: dict, game: dict | None) -> str:
    """Why the match (or the last game) was forfeited, in words (D11, D13; issue 26)."""
    result = (game or {}).get("result") or {}
    if result.get("reason") not in FORFEITS or result.get("winner") is None:
        return ""
    names = {s["position"]: s["name"] for s in table["seats"]}
    winner = result["winner"]
    return forfeit_sentence(
        result["reason"],
        loser=names.get(1 - winner, ""),
        winner=names.get(winner, "—"),
        played=bool(sum(game.get("score") or [])) or (game.get("game_number") or 1) > 1,
    )


def _roles(game: dict, language: str | None) -> dict[int, tuple]:
    """Who attacks, who defends (and takes), by position."""
    attacks, defends = _role_badges(game["taking"], language)
    return {
        position: attacks if position == game["attacker"] else defends
        for position in range(len(game["hand_counts"]))
    }


@functools.lru_cache(maxsize=64)
def _role_badges(taking: bool, language: str | None) -> tuple[tuple, tuple]:
    """The attacker's and the defender's badges, in `language` (the active one)."""
    attacks = (("role-attacker", gettext("attacks")),)
    defends = (("role-defender", gettext("defends")),)
    if taking:
        defends += (("taking", gettext("takes")),)
    return attacks, defends


def _backs(game: dict | None, me: int | None, language: str | None) -> dict[int, str]:
    """The card backs shown on each seat whose hand is not yours, by position."""
    if not game:
        return {}
    return {
        position: _backs_html(count, language)
        for position, count in enumerate(game["hand_counts"])
        if position != me
    }


@functools.lru_cache(maxsize=256)
def _backs_html(count: int, language: str | None) -> str:
    title = ngettext("%(counter)s card in hand", "%(counter)s cards in hand", count) % {
        "counter": count
    }
    return Markup(
        f'<div class="backs" data-count="{count}" title="{escape(title)}">'
        f'<span class="fan">{_fan(count)}</span> <span class="count">{count}</span></div>'
    )


@functools.cache
def _fan(count: int) -> str:
    """A hand not yours: `count` small card backs."""
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


def _in_play(view: dict, game: dict, me: int | None) -> dict:
    # nothing may be played at a paused table
    legal = game.get("legal", []) if view["table"]["status"] != "paused" else []
    types = {action["type"] for action in legal}
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
        "role": None if me is None else ("attacker" if game["attacker"] == me else "defender"),
        "hand_cards": _hand_cards(game, legal, types, playable),
        "trump_symbol": SUIT_SYMBOLS.get(game.get("trump"), game.get("trump")),
        "draws_text": ngettext("%(counter)s draw", "%(counter)s draws", game.get("draws") or 0)
        % {"counter": game.get("draws") or 0},
        "wins_text": ngettext("to %(wins)s win", "to %(wins)s wins", game["wins_to_win"])
        % {"wins": game["wins_to_win"]},
    }


def _hand_cards(game: dict, legal: list[dict], types: set, playable: set) -> list[dict]:
    """The hand as the table kit's picked cards (``kit.pick_hand``), computed once: each card's
    classes, whether it may be played, its rank and, when defending, the cards it beats
    (``data-beats``: each followed by a space)."""
    trump = game.get("trump")
    beats: dict[str, list[str]] = {}
    if "defend" in types:
        for action in legal:
            if action["type"] == "defend":
                beats.setdefault(action["card"], []).append(action["target"])
    cards = []
    for code in game.get("hand") or []:
        can_play = code in playable
        css = "playable" if can_play else ""
        if code[1:] == trump:
            css += " trump"
        attrs = f'data-rank="{code[:1]}"'
        if "defend" in types and can_play:
            attrs += f' data-beats="{"".join(f"{target} " for target in beats.get(code, []))}"'
        cards.append(
            {
                "code": code,
                "css": css,
                "playable": can_play,
                "disabled": not can_play,
                "attrs": Markup(attrs),  # card codes only
                "svg": card_svg(code),
                "new": None,
            }
        )
    return cards


def adapt_summary(summary: dict) -> dict:
    """A lobby/pit summary of the older shape (``stake``, ``wins_to_win``, ``score``, no
    ``facts``) as the engine's ``summary`` gives it now."""
    facts = [
        [gettext_noop("Stake"), {"money": summary.get("stake") or 0}],
        [gettext_noop("Wins to win"), summary.get("wins_to_win", 5)],
    ]
    playing = summary.get("status") in ("playing", "paused")
    if playing and summary.get("score"):
        facts.append([gettext_noop("Score"), ":".join(map(str, summary["score"]))])
    return {
        **summary,
        "facts": facts,
        "stage": summary.get("stage") or ("playing" if playing else ""),
    }


def table_limits(settings: dict, currency: str) -> LimitRows:
    """The game's own limits on its rules page (tables/rules), from the table's settings."""
    return [
        (gettext("Stake of each player on a match"), limit_money(settings, "stake", currency)),
        (gettext("Game wins to win the match"), str(settings.get("wins_to_win", 5))),
        (
            gettext("Casino's commission on the match winner's stakes"),
            limit_percent(settings.get("commission_percent", "0")),
        ),
    ]


RULES = RulesPage(
    game=GAME,
    title=gettext_noop("Podkidnoy durak and its knock-out tournament"),
    paragraphs=(122, 127),
    summary=gettext_noop(
        "Two players, 36 cards: get rid of all your cards first. Matches to a number of "
        "wins, and knock-out tournaments with a prize fund."
    ),
    terms=(
        "trump",
        "attack",
        "beat",
        "throw_in",
        "take",
        "done",
        "discard_pile",
        "transfer",
        "bout",
        "match",
        "forfeit",
        "entry_fee",
        "prize_fund",
        "bracket",
        "bye",
        "walkover",
    ),
)

PRESENTATION = register(
    Presentation(
        game=GAME,
        display_name=gettext_noop("Podkidnoy durak"),
        presenter=present,
        rules=RULES,
        limits=table_limits,
        summary_adapter=adapt_summary,
    )
)
