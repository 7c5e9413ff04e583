"""The table kit (templates/jinja2/tables/_kit.html, tables/kit.py, static/css/table-kit.css):
each macro draws what it promises, alike for every game."""

from __future__ import annotations

import re
from pathlib import Path

from django.conf import settings

from casino import jinja2
from tables import kit

KIT_CSS = Path(settings.BASE_DIR) / "static" / "css" / "table-kit.css"


def _kit_module(language="en"):
    return jinja2.environment(language).get_template("tables/_kit.html").module


def test_a_card_new_in_this_version_is_marked_with_its_place_in_the_deal():
    items = kit.card_items(["AS", "TH", "9C"], "normal", new_from=1)
    html = str(_kit_module().cards(items, "fan"))
    assert html.count('class="kit-card is-new"') == 2
    assert 'style="--deal: 0"' in html and 'style="--deal: 1"' in html
    assert html.index("#card-AS") < html.index("--deal: 0") < html.index("#card-TH")
    assert 'class="kit-cards fan' in html and 'data-count="3"' in html
    # nothing new: no card is dealt in again on a later version
    assert "is-new" not in str(_kit_module().cards(kit.card_items(["AS"]), "row"))


def test_three_sizes_of_face_and_back():
    for size in kit.SIZES:
        (face,) = kit.card_items(["QD"], size)
        (back,) = kit.back_items(1, size)
        assert f"card-{size}" in str(face["svg"]) and f"card-{size}" in str(back["svg"])
        assert "#card-back" in str(back["svg"])
    css = KIT_CSS.read_text()
    for size in kit.SIZES:
        assert f"svg.card.card-{size}" in css


def test_a_hand_never_wraps_and_scrolls_inside_its_own_box():
    css = KIT_CSS.read_text()
    rule = re.search(r"\.kit-cards, \.hand \.cards \{([^}]*)\}", css).group(1)
    assert "flex-wrap: nowrap" in rule and "overflow-x: auto" in rule and "max-width: 100%" in rule


def test_picked_cards_are_checkboxes_named_by_the_caller():
    items = kit.card_items(["7S", "8S"])
    items[1]["disabled"] = True
    items[0]["css"] = "playable"
    html = str(_kit_module().pick_hand(items, "cards", "checkbox", "Your hand", "fan", "x-form"))
    assert html.count('type="checkbox" name="cards"') == 2
    assert 'value="7S" form="x-form">' in html and 'value="8S" form="x-form" disabled>' in html
    assert '<label class="hand-card playable" data-card="7S"' in html


def test_money_box_writes_bounds_and_quick_stakes_in_major_units():
    box = kit.money_box(
        "BYN", 100, 100_000, quick=kit.standard_quick_stakes(100, 100_000, pot=5_050)
    )
    assert box["value"] == "1" and box["bounds"] == "1.00\xa0BYN – 1\xa0000.00\xa0BYN"
    assert box["quick"] == [("min", "1"), ("½ pot", "25.25"), ("pot", "50.50"), ("max", "1000")]
    html = str(_kit_module().money_input(box, "Bet"))
    assert 'type="text" inputmode="decimal" name="amount" value="1"' in html
    assert "(1.00\xa0BYN – 1\xa0000.00\xa0BYN)" in html
    assert 'data-fill="25.25"' in html and 'type="button"' in html
    # clipped to the bounds, a repeated amount once
    box = kit.money_box("BYN", 500, 1_000, quick=[("a", 100), ("b", 500), ("c", 5_000)])
    assert box["quick"] == [("a", "5"), ("c", "10")]


def test_pot_stake_button_result_and_plate():
    module = _kit_module()
    pot = str(module.pot("12.00 BYN", "Pot", 1200))
    assert 'class="kit-pot"' in pot and 'data-pot="1200"' in pot and "12.00 BYN" in pot
    stake = str(module.stake("2.00 BYN", 200, "bet"))
    assert 'data-amount="200"' in stake and "bet" in stake
    assert ">D<" in str(module.button("dealer")) and ">1<" in str(module.button("first"))
    banner = str(module.result("bank", "Bank 7 : Punters 5"))
    assert 'class="kit-result outcome-bank"' in banner and "Bank 7 : Punters 5" in banner
    plate = str(module.seat_plate("Анна", "5.00 BYN", [("bet", "bet")], "raises", "dealer"))
    assert "Анна" in plate and "seat-stake" in plate and "raises" in plate and ">D<" in plate


def test_the_felt_seat_plate_shows_stake_words_and_button():
    from tables.presenters import seat_layout, seats_html

    table = {
        "capacity": 3,
        "seats": [
            {"position": p, "name": n, "status": "playing", "away": False, "ready": False}
            for p, n in ((0, "Anna"), (1, "Boris"))
        ],
    }
    html = seats_html(
        seat_layout(table, 0),
        {},
        [],
        "playing",
        {},
        {},
        "en",
        stakes={1: "3.00 BYN"},
        said={1: "raises to 3.00 BYN"},
        buttons={0: "dealer"},
    )
    boris = html[html.index('data-position="1"') :]
    assert '<span class="seat-stake">3.00 BYN</span>' in boris
    assert '<span class="seat-said">raises to 3.00 BYN</span>' in boris
    anna = html[html.index('data-position="0"') :]
    assert 'class="kit-button dealer"' in anna


CASINO_CSS = Path(settings.BASE_DIR) / "static" / "css" / "casino.css"


def test_one_way_round_the_screen_clockwise_is_ascending_positions():
    """docs/rules-decisions.md, "One way round the table": your seat at the bottom, then going
    clockwise on the screen (up the left side from the bottom, along the top from left to right,
    down the right side) the positions ascend from yours; a spectator's ring starts at seat 0."""
    from tables.presenters import seat_layout

    def clockwise(capacity, me):
        table = {"capacity": capacity, "seats": []}
        layout = seat_layout(table, me)
        # the left side is listed bottom to top, the top left to right, the right top to bottom
        return [
            slot["position"] for side in ("bottom", "left", "top", "right") for slot in layout[side]
        ]

    assert clockwise(6, 2) == [2, 3, 4, 5, 0, 1]
    assert clockwise(12, 7) == [7, 8, 9, 10, 11, 0, 1, 2, 3, 4, 5, 6]
    assert clockwise(3, None) == [0, 1, 2]
    layout = seat_layout({"capacity": 12, "seats": []}, 0)
    assert [s["position"] for s in layout["left"]] == [1, 2, 3]
    # and the stylesheet draws the lists so: the left side bottom to top, the right top to bottom
    css = CASINO_CSS.read_text()
    assert re.search(r"\.seat-side\.left \{[^}]*flex-direction: column-reverse", css)
    assert re.search(r"\.seat-side\.right \{[^}]*flex-direction: column;", css)


def test_a_card_in_words_in_the_readers_language():
    from django.utils import translation

    from tables.kit import card_words

    with translation.override("ru"):
        assert (card_words("AH"), card_words("6S"), card_words("TD")) == (
            "туз червей",
            "шестёрка пик",
            "десятка бубён",
        )
    with translation.override("en"):
        assert card_words("QC") == "queen of clubs"
    assert card_words("JK") == "JK"  # not a rank and a suit: as it is
