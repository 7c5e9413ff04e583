"""High card's settings (tables/games/highcard/engine.py has the rules): the game's limits and
words, the defaults, and ``check_config``, which fills the defaults in and refuses a table that
cannot run (house-banked settings first: tables/families/house/bank.py)."""

from __future__ import annotations

import math
from fractions import Fraction

from tables.engines import base
from tables.engines.base import IllegalAction, gettext_noop
from tables.families.house import bank as house
from tables.families.house import boxes

GAME = "highcard"
SEATS = (1, 6)
DECKS = (1, 8)
PENETRATION = (0.5, 0.9)
MAX_BOXES = 7  # the layout: a box for each seat and one more
MAX_BOXES_PER_PLAYER = 3
DEFAULTS = {
    "ante": 0,
    "decks": 2,
    "penetration": 0.75,
    "boxes": MAX_BOXES,
    "switch": False,
    "ties": "die",
}
TIE_DIE_WINS_FROM = 4  # on equal ranks a die of 4, 5 or 6 wins for the box, 1-3 for the house
SAME = "same"  # the side bet on the box's rank being the dealer's
SAME_RANK_PAYS = Fraction(11)  # 11:1
SWITCH = "switch"  # the fee's kind
PAY_TABLES = {boxes.MAIN: Fraction(1), SAME: SAME_RANK_PAYS}  # the best line of each bet
BETTING, PLAYING, OVER = "betting", "playing", "over"
# Where a void sends the ante of a seat that has left: the player is gone, so the seat (possibly
# someone else's by then) must not be paid; the house holds it for the cashier to give back.
UNCLAIMED = base.house("unclaimed")


def cards_a_hand_may_take(config: dict) -> int:
    """The dealer's card and one for every box, twice for a box whose card is changed."""
    return 1 + config["boxes"] * (2 if config["switch"] else 1)


def whole_number(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _penetration(value) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        return None
    try:
        number = float(value)
    except ValueError:
        return None
    return number if math.isfinite(number) else None


def check_config(config: dict) -> dict:
    """The table's settings with defaults filled, or IllegalAction saying what is wrong: the
    house-banked settings every such game shares (``house.check_house_config``), then this
    game's. Keys this game does not know (the actor's clock settings) pass through untouched."""
    checked = house.check_house_config(config, DEFAULTS)
    if not whole_number(checked["ante"]) or checked["ante"] < 0:
        raise IllegalAction(gettext_noop("The ante is a whole number of minor units, 0 or more."))
    decks = checked["decks"]
    if not whole_number(decks) or not DECKS[0] <= decks <= DECKS[1]:
        raise IllegalAction(
            gettext_noop("The shoe holds %(low)s to %(high)s decks."), low=DECKS[0], high=DECKS[1]
        )
    penetration = _penetration(checked["penetration"])
    if penetration is None or not PENETRATION[0] <= penetration <= PENETRATION[1]:
        raise IllegalAction(
            gettext_noop(
                "The penetration (the share of the shoe dealt before the cut card) is from "
                "%(low)s to %(high)s."
            ),
            low=PENETRATION[0],
            high=PENETRATION[1],
        )
    checked["penetration"] = penetration
    if not SEATS[1] <= checked["boxes"] <= MAX_BOXES:
        raise IllegalAction(
            gettext_noop("The layout has %(low)s to %(high)s boxes."), low=SEATS[1], high=MAX_BOXES
        )
    if checked["boxes_per_player"] > MAX_BOXES_PER_PLAYER:
        raise IllegalAction(
            gettext_noop("A player may play at most %(count)s boxes here."),
            count=MAX_BOXES_PER_PLAYER,
        )
    if checked["dark_boxes_per_player"] > 1:
        raise IllegalAction(gettext_noop("A player may play at most one dark box here."))
    if set(checked["side_bets"]) - {SAME}:
        raise IllegalAction(gettext_noop("The only side bet here is the same rank (same)."))
    if not isinstance(checked["switch"], bool):
        raise IllegalAction(gettext_noop("Card changes (switch) are offered or not."))
    if checked["ties"] not in ("die", "house"):
        raise IllegalAction(
            gettext_noop('Ties (ties) are settled by a die ("die") or go to the house ("house").')
        )
    behind_the_cut = decks * 52 - int(decks * 52 * penetration) + 1
    if behind_the_cut < cards_a_hand_may_take(checked):
        raise IllegalAction(
            gettext_noop(
                "The cut card leaves %(left)s cards for the last hand, which may take "
                "%(needed)s: cut the shoe less deep or play fewer boxes."
            ),
            left=behind_the_cut,
            needed=cards_a_hand_may_take(checked),
        )
    if checked["switch"] and checked["ties"] != "house":
        raise IllegalAction(
            gettext_noop(
                'Card changes need ties to go to the house (ties: "house"): else a change '
                "bought after seeing one's card gives the player the edge."
            )
        )
    return checked
