"""Dice blackjack's rules pages (templates/rules/<language>/dice_blackjack.html): the dice-game
rules named as the source (DG §6–§10, in Russian without the Latin label), the section on the
dice, and every worked example's throws drawn as dice faces, in order."""

import re

import pytest

from tests.tables.test_rules_pages import rules_page, visible_text

# dice-blackjack.md examples 1-3, each throw's two faces in the order the page draws them
EXAMPLES = {
    "example-1": "41 51 63 62 51 31 61",
    "example-2": "41 63",
    "example-3": "21 61 61",
}


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["ru", "en"])
def test_dg_examples_1_to_3_draw_their_throws_as_dice(language):
    page = rules_page("dice_blackjack", language)
    for anchor, throws in EXAMPLES.items():
        example = page.split(f'id="{anchor}"', 1)[1].split('class="rules-example"', 1)[0]
        faces = "".join(re.findall(r'class="die" data-face="(\d)"', example))
        assert faces == throws.replace(" ", ""), anchor
    text = visible_text(page)
    if language == "en":
        assert "DG §6–§10" in text and "The dice" in text and "+10" in text
    else:
        assert "пп. 6–10" in text and "Кости" in text and not re.search(r"\b(DG|X\d)\b", text)
