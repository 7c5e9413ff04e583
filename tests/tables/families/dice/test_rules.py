"""A dice game's rules page (tables/families/dice/rules.py): not of the card games' paragraphs,
its rulebook sentence kept, its section on what it is played with called "The dice"; each page
has its own titles, so one game changing its own leaves the others'."""

from tables.families.dice.rules import TITLES, rules_page


def test_a_dice_games_page_names_the_dice_not_the_cards():
    page = rules_page(
        game="a_dice_game",
        title="A dice game",
        summary="Two dice.",
        terms=("committed_dice",),
        rulebook="The dice-game rules, DG §0.",
    )
    assert page.paragraphs is None
    assert page.titles == {"cards": "The dice"}
    assert (page.game, page.terms, page.rulebook) == (
        "a_dice_game",
        ("committed_dice",),
        "The dice-game rules, DG §0.",
    )
    page.titles["cards"] = "Other"
    assert TITLES == {"cards": "The dice"}
