"""Pontoon's presentation (CG §128-§137, tables/games/pontoon/engine.py): the board of a live house
table with 5 to 7 boxes and up to nine seats, on the twenty-one parts every such game shares
(tables/families/twentyone/board.py, tables/families/twentyone/jinja2/tables/_twentyone_board.html,
_twentyone.html), with Pontoon's own words.

What the board shows beyond the shared parts: the terms of the head (a Pontoon pays 2:1, five
cards 3:2, ties lose, a draw below 15); on each hand the cards bought and a twist (§132), "must
draw" below 15 while it must (decision N1); on each stake behind the cards its staker bought. Your
moves only where §132 allows them: twist, buy (the 3rd card, the 4th if the 3rd was bought,
never the 5th; its button says the original stake it adds), stand from 15 (below it the prompt
says why there is none), split (§136); as a staker behind, the answer to the owner's buy (buy
too, or twist); insurance of exactly half your stake and even money on a Pontoon against an ace
(§134, §137), explained by Pontoon's own glossary words."""

from __future__ import annotations

from django.utils.translation import gettext_noop

from tables.board_words import gettext
from tables.families.twentyone import board
from tables.games.pontoon.engine import FIVE_CARDS_PAY, STAND_FROM
from tables.presentation import register
from tables.rules import LimitRows

GAME = "pontoon"
NATURAL = gettext_noop("Pontoon")

WORDS = board.Words(
    natural=NATURAL,
    defaults={"natural_pays": "2", "insurance_pays": "2", "surrender": False, "bets_behind": True},
    play_labels={"twist": gettext_noop("Twist"), "buy": gettext_noop("Buy")},
    asks={
        "buy": {
            "turn": gettext_noop(
                "%(player)s buys a card on box %(box)s: %(players)s, buy too or twist?"
            ),
            "prompt": gettext_noop(
                "The owner buys a card on box %(box)s: buy it too with your own stake, or twist?"
            ),
            "answers": {
                "buy": gettext_noop("Buy too (+%(cost)s)"),
                "twist": gettext_noop("Twist (no more money)"),
            },
        }
    },
    terms={"insurance": "pontoon_insurance", "even_money": "pontoon_even_money"},
    leaving=gettext_noop(
        "Leaving with a bet on a box: it plays on, your clock draws for you below 15 and "
        "stands from 15, and what it wins is paid to you."
    ),
)


def _bought(count: int) -> str:
    return gettext("bought: %(count)s") % {"count": count}


def _hand_marks(items: list[dict], game: dict) -> None:
    """Pontoon's marks on the shared box items: a hand's cards bought and its twist (§132),
    "must draw" below 15 while it may take a card (N1), each stake behind's cards bought."""
    by_number = {b["number"]: b for b in game.get("boxes") or []}
    for item in items:
        box = by_number.get(item["index"])
        if item["free"] or box is None:
            continue
        for drawn, hand in zip(item["hands"], box["hands"], strict=True):
            if hand.get("bought"):
                drawn["flags"].append(("bought", _bought(hand["bought"])))
            if hand.get("twisted"):
                drawn["flags"].append(("twisted", gettext("twisted")))
            playing = hand.get("cards") and not hand.get("done") and not hand.get("split_aces")
            if playing and (hand.get("total") or 0) < STAND_FROM:
                drawn["flags"].append(("must-draw", gettext("must draw")))
            buys = hand.get("buys") or {}
            for stake in drawn["stakes"]:  # the owner bought what the hand did
                count = buys.get(str(stake["seat"]), 0)
                if count and not stake["owner"]:
                    stake["flags"].append(_bought(count))


def present(view: dict, shared: dict) -> dict:
    context = board.present(view, shared, WORDS)
    game = view["game"]
    context["chips"] += [
        gettext("five cards pay %(ratio)s")
        % {"ratio": f"{FIVE_CARDS_PAY.numerator}:{FIVE_CARDS_PAY.denominator}"},
        gettext("ties lose"),
        gettext("draw below 15"),
    ]
    if game:
        _hand_marks(context["box_row"], game)
    play = context.get("play")
    if play and "stand" not in [kind for kind, _label in play["buttons"]]:
        play["note"] = gettext("Below 15 you must draw: twist or buy a card.")
        if "buy" not in [kind for kind, _label in play["buttons"]]:
            play["note"] = gettext("Below 15 you must draw: twist a card.")
    return context


def table_limits(settings: dict, currency: str) -> LimitRows:
    """The game's own limits on its rules page (tables/rules), from the table's settings."""
    return board.limit_rows({"decks": 6, **settings}, currency, surrender=False)


RULES = board.rules_page(
    GAME,
    gettext_noop("Pontoon"),
    (128, 137),
    gettext_noop(
        "Twenty-one against the dealer from a six-deck shoe: twist or buy your cards, draw "
        "below 15; a Pontoon pays 2:1, five cards 3:2, three of a kind 1:1, and the dealer wins "
        "ties."
    ),
    (
        "bet_behind",
        "pontoon",
        "twist",
        "buy",
        "must_draw",
        "five_cards",
        "three_of_a_kind",
        "pontoon_split",
        "pontoon_insurance",
        "pontoon_even_money",
    ),
)

register(board.presentation(GAME, gettext_noop("Pontoon"), present, RULES, table_limits))
