"""EventResult validation and its JSON round trip (the database stores results as JSON)."""

import json
import random

import pytest

from sportsbook.settlement.random_results import random_result
from sportsbook.settlement.results import SPORTS, EventResult
from tests.sportsbook.settlement.helpers import football


def test_result_json_round_trip_of_a_full_football_result():
    result = football((10, "1", "1-p9"), (50, "2", "1-p4", True))
    data = json.loads(json.dumps(result.to_dict()))
    assert EventResult.from_dict(data) == result


def test_random_results_round_trip_for_every_sport():
    rng = random.Random(7)
    for sport in SPORTS:
        for _ in range(30):
            result = random_result(sport, rng)
            assert EventResult.from_dict(json.loads(json.dumps(result.to_dict()))) == result


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"sport": "curling"}, "unknown sport"),
        ({"sport": "football", "ending": "rained"}, "unknown ending"),
        ({"sport": "football", "colour": 1}, "unknown field"),
        ({"sport": "football", "periods": [{"home": -1, "away": 0}]}, "negative"),
        ({"sport": "football", "periods": [{"home": "1", "away": 0}]}, "whole number"),
        ({"sport": "football", "periods": [{"home": 1, "away": 0}], "goals": []}, None),
        (
            {
                "sport": "football",
                "periods": [{"home": 1, "away": 0}],
                "goals": [{"minute": 5, "team": "2"}],
            },
            "do not match",
        ),
        ({"sport": "tennis", "ending": "retired"}, "retired"),
        ({"sport": "boxing"}, "describes the fight"),
        (
            {
                "sport": "boxing",
                "fight": {"scheduled_rounds": 12, "round": 13, "method": "ko", "winner": "1"},
            },
            "outside",
        ),
        (
            {
                "sport": "football",
                "periods": [{"home": 0, "away": 0, "finished": False}, {"home": 0, "away": 0}],
            },
            "only the last",
        ),
    ],
)
def test_result_from_dict_rejects_bad_input_with_a_readable_message(data, message):
    if message is None:
        EventResult.from_dict(data)
        return
    with pytest.raises(ValueError, match=message):
        EventResult.from_dict(data)
