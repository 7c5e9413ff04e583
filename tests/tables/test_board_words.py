"""tables.board_words: a board's translations kept per language while it renders, never one
language's words in another's board."""

from django.utils import translation

from tables import board_words


def test_a_board_rendering_in_a_language_gets_that_languages_words_each_time():
    with translation.override("ru"), board_words.rendering_in("ru"):
        russian = board_words.gettext("Bet")
        again = board_words.gettext("Bet")
    with translation.override("en"), board_words.rendering_in("en"):
        english = board_words.gettext("Bet")
    assert russian == again == "Ставка"
    assert english == "Bet"


def test_outside_a_board_it_is_djangos_gettext_of_the_active_language():
    with translation.override("ru"):
        assert board_words.gettext("Bet") == translation.gettext("Bet") != "Bet"
    with translation.override("en"):
        assert board_words.gettext("Bet") == "Bet"
