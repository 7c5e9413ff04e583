"""The returns to player the rules pages publish (issue 47, build 3): each figure in
tables/rules/returns.json is what the project's own code computes (benchmarks/returns.py), for
the settings written beside it, and each rules page shows it in both languages."""

import json
import random
from decimal import ROUND_HALF_EVEN, Decimal

import pytest
from django.test import Client
from django.urls import reverse

from benchmarks import returns
from benchmarks.rtp import game_module
from tables.rules.returns import FILE

PUBLISHED = json.loads(FILE.read_text())
EXACT_GAMES = sorted(
    game
    for game, found in PUBLISHED.items()
    if all(row["method"] != returns.SIMULATION for row in found["rows"])
)
SIMULATED_GAMES = sorted(set(PUBLISHED) - set(EXACT_GAMES))


def test_every_house_game_with_a_harness_publishes_its_returns():
    assert set(PUBLISHED) == set(returns.GAMES)
    assert {"craps", "dice_blackjack", "blackjack", "pontoon", "blackjack_switch"} <= set(
        EXACT_GAMES
    )


@pytest.mark.parametrize("game", EXACT_GAMES)
def test_an_exact_or_best_play_figure_is_what_the_code_computes_now(game):
    assert returns.compute(game) == PUBLISHED[game]


@pytest.mark.parametrize("game", SIMULATED_GAMES)
def test_a_simulated_figure_is_its_parts_added_and_a_part_re_run_gives_its_sums_again(game):
    found = PUBLISHED[game]
    kinds = found["kinds"]
    simulated = [row for row in found["rows"] if row["method"] == returns.SIMULATION]
    assert returns.shown_rows(returns.rows_of_parts(found["parts"], kinds), found["shown"]) == (
        simulated
    )
    assert found["hands"] == returns.SIMULATED_HANDS and found["seed"] == returns.SEED
    part = random.randrange(returns.PARTS)  # any part: over the runs every one is re-run
    again = returns.simulate_part(game, found["strategy"], part, kinds)
    assert again == found["parts"][part], f"part {part} of {game}'s simulation runs otherwise"
    for row in found["rows"]:
        if row["method"] == returns.EXACT:  # Let It Ride's bet 3: always rides
            exact = game_module(game).exact(found["strategy"])["return"][row["bet"]]
            assert row["return"] == returns._figure(exact)


@pytest.mark.parametrize("game", sorted(PUBLISHED))
def test_the_figures_are_for_the_settings_the_harness_plays(game):
    module = game_module(game)
    strategy = PUBLISHED[game].get("strategy")
    config = module.config_for(strategy) if hasattr(module, "config_for") else module.CONFIG
    assert PUBLISHED[game]["config"] == json.loads(json.dumps(config))


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["ru", "en"])
@pytest.mark.parametrize("game", sorted(PUBLISHED))
def test_the_rules_page_shows_every_bet_with_its_return_house_edge_and_method(game, language):
    client = Client()
    client.cookies["django_language"] = language
    page = client.get(reverse("game_rules", args=[game])).content.decode()
    section = page[page.index('<section id="returns"') : page.index('<section id="limits"')]
    for row in PUBLISHED[game]["rows"]:
        assert f'data-bet="{row["bet"]}" data-return="{row["return"]}"' in section
        rounded = (Decimal(row["return"]) * 100).quantize(Decimal("0.01"), ROUND_HALF_EVEN)
        percent = str(rounded).replace(".", "," if language == "ru" else ".")
        assert f"{percent}\u00a0%" in section
    words = {"ru": ("Возврат игрокам", "Преимущество казино"), "en": ("Return to player",)}
    assert all(word in page for word in words[language])


@pytest.mark.django_db
def test_a_game_without_published_returns_has_no_such_section():
    page = Client().get(reverse("game_rules", args=["durak"])).content.decode()
    assert 'id="returns"' not in page
