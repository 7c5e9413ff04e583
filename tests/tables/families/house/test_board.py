"""What the house-banked games' presenters draw alike (tables/families/house/board.py): the
layout's boxes in order, free ones said so, and the box-picking stake forms with their labels."""

from django.utils import translation

from tables.families.house.board import box_pick_forms, layout_items, own_box_label, seat_name

NAMES = ["Anna", "Boris", "Vera"]


def test_every_box_of_the_layout_in_order_a_free_one_said_so():
    game = {"layout": 5, "boxes": [{"number": 3, "owner": 1}, {"number": 1, "owner": 0}]}
    drawn = layout_items(game, lambda box, place: {"number": box["number"] + 1, "place": place})
    assert drawn == [
        {"index": 0, "number": 1, "free": True},
        {"number": 2, "place": 0},
        {"index": 2, "number": 3, "free": True},
        {"number": 4, "place": 1},
        {"index": 4, "number": 5, "free": True},
    ]


def test_a_layout_without_its_size_is_the_boxes_played():
    game = {"boxes": [{"number": 0, "owner": 2}, {"number": 1, "owner": 0}]}
    drawn = layout_items(game, lambda box, place: {"owner": box["owner"], "place": place})
    assert drawn == [{"owner": 2, "place": 0}, {"owner": 0, "place": 1}]


def test_a_seat_outside_the_table_is_a_dash():
    assert [seat_name(NAMES, n) for n in (0, "2", -1, 3)] == ["Anna", "Vera", "—", "—"]


def test_box_pick_forms_label_own_and_free_boxes_and_others_by_name():
    facts = {
        "box": {"bounds": (100, 1_000), "options": [(0, 0), (4, None)], "value": 100, "dark": True},
        "behind": {"bounds": (1, 500), "options": [(2, 1)], "value": 1},
        "side": None,
    }
    with translation.override("en"):
        forms = box_pick_forms(facts, NAMES, "BYN", own=("box", "side"), others=("behind",))
        assert own_box_label(6, None) == "box 7 (free)"
    assert set(forms) == {"box_form", "behind_form"}
    assert forms["box_form"]["options"] == [(0, "box 1 (yours)"), (4, "box 5 (free)")]
    assert forms["box_form"]["dark"] is True
    money = forms["box_form"]["box"]
    assert (money["low"], money["high"], money["value"]) == ("1", "10", "1")
    assert forms["behind_form"]["options"] == [(2, "box 3 · Boris")]
    assert forms["behind_form"]["dark"] is False
