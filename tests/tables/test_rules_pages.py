"""The rules one click away (issue 26, item 6): a rules page for every game in Russian and in
English, one language at a time, with the worked examples of ../shared/rules/<game>.md drawn as
cards; the table's limits when opened from a table; links from the lobby row and the table page;
and every jargon word a board explains (tables/_terms.html) explained in both languages."""

import html
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import translation

from casino import jinja2
from tables.engines.registry import registered_games
from tables.models import Table
from tables.rules import PAGES, SECTIONS
from tests.conftest import new_player

ROOT = Path(__file__).resolve().parents[2]

# The worked examples' cards, read off each rules file's section 4 (the Khrap file names none:
# its page shows a vertolyot hand and the three turned-up trumps of example 3 instead; High card
# is our own game and its page makes up one example).
EXAMPLE_CARDS = {
    # baccarat-bank.md examples 1-4: the punters' and the bank's cards, and example 2's third card
    "baccarat_bank": "4S 5H KD 7C TC 3D 4H 2S 4C 5H JS AD 6C 9D 8C QH 7S",
    # belarusian-poker.md examples 1-2 (A, B, C; D and E with the joker)
    "belarusian_poker": "AS KS 9H TD 9D 8D AH AC 7S JK TH AC AD",
    "khrap": "6H QH 8S TC KD",
    # durak-tournament.md examples 3 (a bout) and 4 (a draw)
    "durak": "9H 9C JH 6S JD 7D QD",
    "highcard": "QS 7D TH",
    # blackjack.md examples 1-4
    "blackjack": "AS KH TD 7C AC QS TS 9D AD 8S 3D TC 8H 6C TH 5S 5D 9H 9S",
    # blackjack-switch.md examples 1-4 (the dealer's hole cards the rules give by rank only)
    "blackjack_switch": "KS 5D 6C QH 9C 7D 9S 6H 3H AH 7C 9D TS 4S AS KD 8H 8C 6D 3C TH 6S",
    # pontoon.md examples 1-4 (example 4's even money with A J)
    "pontoon": "9S 4D 3C 2H TD 8C 2S 3H 4D 5C 6H AC KD 9S 9H AH TC 8D QS AD JS",
    # let-it-ride.md examples 1-4
    "let_it_ride": "KS KD 4C 7H 2S 5H 8H JH 2H KH 3C 7D 9S 4H QC 9H 2D 5C",
    # caribbean-stud.md examples 1, 2 and 4 (example 3 names no cards)
    "caribbean_stud": "8S 8D 8C KH 2S AS KD 7C 5H 3D QS JD 6H JS JH AD 9C 4S JC AH 9S",
    # oasis-stud.md examples 1-3 (example 4 names no cards)
    "oasis_stud": "JS JD 4C 4H 9S 3S 3D KC 8H 6D 2H 5H 9H JH KH AS 7H 4D 9D QC",
    # golden-oasis.md examples 1-3 (the straight's suits are the page's; example 4 names none)
    "golden_oasis": "QS QD QC 6H 6S AH KC 8D 6D 3S JD 8C 3D AS KS 9D 5C 2H",
    # russian-poker.md examples 1-4
    "russian_poker": "AH KH QH KS QS 7D TS 9H 8D 9C 8C 7S AD TD 7H AS 9D AC 8S TH",
    # big-stud.md example 1 (A's flush, B's two pairs; examples 2 and 3 name no cards)
    "big_stud": "2H 7H KH KC 9H 4H 5H QS QD JS JD 3C 6C 8S",
    # craps.md examples 1-4 are thrown with dice, not cards (EXAMPLE_DICE)
    "craps": "",
    # dice-blackjack.md examples 1-3 name no cards: their dice (test_dice_blackjack_rules.py)
    "dice_blackjack": "",
}
# the dice of the worked examples, as their pages draw them (craps.md section 4: example 1's
# 6, 8, 6; example 2's 12, 3, 4, 7; example 3's hard 6 and 7; example 4's 10)
EXAMPLE_DICE = {"craps": ["⚁ ⚃", "⚂ ⚄", "⚀ ⚄", "⚅ ⚅", "⚀ ⚁", "⚀ ⚂", "⚂ ⚃", "⚂ ⚂", "⚃ ⚅"]}
TITLES = {
    "ru": {
        "baccarat_bank": "Баккара",
        "belarusian_poker": "Белорусский покер",
        "khrap": "Храп",
        "durak": "Подкидной дурак",
        "highcard": "Старшая карта",
        "blackjack": "Блэк Джек",
        "blackjack_switch": "Блэк Джек свитч",
        "pontoon": "Понтун",
        "let_it_ride": "Лет ит райд",
        "caribbean_stud": "Карибский стад покер",
        "oasis_stud": "Оазис стад покер",
        "golden_oasis": "Золотой оазис",
        "russian_poker": "Русский покер",
        "big_stud": "Большой стад покер",
        "craps": "Крэпс",
        "dice_blackjack": "Костяной Блэк Джек",
    },
    "en": {
        "baccarat_bank": "Baccarat with a player-held bank",
        "belarusian_poker": "Belarusian poker",
        "khrap": "Khrap",
        "durak": "Podkidnoy durak",
        "highcard": "High card",
        "blackjack": "Blackjack",
        "blackjack_switch": "Blackjack Switch",
        "pontoon": "Pontoon",
        "let_it_ride": "Let It Ride",
        "caribbean_stud": "Caribbean stud poker",
        "oasis_stud": "Oasis stud poker",
        "golden_oasis": "Golden Oasis poker",
        "russian_poker": "Russian poker",
        "big_stud": "Big stud poker",
        "craps": "Craps",
        "dice_blackjack": "Dice blackjack",
    },
}
# What may appear in the other language's script: card ranks and suits' letters as the cards
# show them, the currency, the language switch's codes.
LATIN_ALLOWED_ON_RU = {"J", "Q", "K", "A", "BYN", "RU", "EN"}
CYRILLIC_ALLOWED_ON_EN: set[str] = set()
BOARDS = ROOT / "templates" / "jinja2" / "tables"


def client_in(language: str, player=None) -> Client:
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    if player is not None:
        client.force_login(player)
    return client


def visible_text(page: str) -> str:
    """What a reader sees: no tags, no attributes, no script or style."""
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    page = re.sub(r"<[^>]+>", " ", page)
    return html.unescape(page)


# a die's committed face as a dice game's record writes it (1d5: die No. 1 showed 5)
DIE_TOKEN = re.compile(r"\b\d+d[1-6]\b")


def foreign_words(text: str, language: str) -> set[str]:
    text = DIE_TOKEN.sub(" ", text)
    if language == "ru":
        return set(re.findall(r"[A-Za-z]+", text)) - LATIN_ALLOWED_ON_RU
    return set(re.findall(r"[А-Яа-яЁё]+", text)) - CYRILLIC_ALLOWED_ON_EN


def rules_page(game: str, language: str, query: str = "") -> str:
    response = client_in(language).get(reverse("game_rules", args=[game]) + query)
    assert response.status_code == 200
    assert response.headers["Content-Language"] == language
    return response.content.decode()


def test_every_game_with_an_engine_has_a_rules_page():
    assert set(registered_games()) <= set(PAGES)


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["ru", "en"])
@pytest.mark.parametrize("game", sorted(EXAMPLE_CARDS))
def test_a_rules_page_in_each_language_with_its_title_sections_and_example_cards(game, language):
    page = rules_page(game, language)
    assert TITLES[language][game] in re.search(r"<h1>(.*?)</h1>", page, re.S).group(1)
    for anchor, _title in SECTIONS:
        assert f'<section id="{anchor}"' in page
    examples = page[page.index('<section id="examples"') : page.index('<section id="words"')]
    for card in EXAMPLE_CARDS[game].split():
        assert f'data-card="{card}"' in examples or f'data-card="{card}"' in page, card
    assert examples.count('class="rules-example"') >= 1
    for thrown in EXAMPLE_DICE.get(game, []):
        assert f'<span class="rules-dice">{thrown}</span>' in examples, thrown
    # the board's words, explained on the page
    words = page[page.index('<section id="words"') :]
    for key in PAGES[game].terms:
        assert f'id="word-{key}"' in words


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["ru", "en"])
@pytest.mark.parametrize("game", sorted(EXAMPLE_CARDS))
def test_a_rules_page_speaks_one_language(game, language):
    text = visible_text(rules_page(game, language))
    assert not foreign_words(text, language)


@pytest.mark.django_db
def test_the_language_check_would_see_a_word_of_the_other_language():
    assert foreign_words("Банк выигрывает, bank", "ru") == {"bank"}
    assert foreign_words("the bank wins, банк", "en") == {"банк"}
    assert foreign_words("Q♦ и 9 BYN", "ru") == set()


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["ru", "en"])
def test_the_rules_index_lists_every_game(language):
    response = client_in(language).get(reverse("rules"))
    assert response.status_code == 200
    page = response.content.decode()
    for game in registered_games():
        assert f'href="{reverse("game_rules", args=[game])}"' in page
        assert TITLES[language][game] in page
    assert not foreign_words(visible_text(page), language)


@pytest.mark.django_db
def test_an_unknown_game_has_no_rules_page():
    assert client_in("en").get(reverse("game_rules", args=["roulette"])).status_code == 404


@pytest.mark.django_db
def test_opened_from_a_table_the_page_shows_that_tables_limits():
    table = Table.objects.create(
        name="Bank 7",
        game="baccarat_bank",
        currency="BYN",
        settings={
            "min_bet": 250,
            "max_bank": 500_000,
            "commission_percent": "4",
            "action_seconds": 25,
        },
    )
    page = rules_page("baccarat_bank", "en", f"?table={table.pk}")
    limits = page[page.index('<section id="limits"') : page.index('<section id="examples"')]
    assert f'data-table="{table.pk}"' in limits and "Bank 7" in limits
    assert "2.50\xa0BYN" in limits  # the minimum, in major units
    assert "5\xa0000.00\xa0BYN" in limits  # the largest bank
    assert "4 %" in limits and "25 s" in limits
    assert f'href="{reverse("table", args=[table.pk])}"' in page  # back to the table
    ru = rules_page("baccarat_bank", "ru", f"?table={table.pk}")
    assert "2.50\xa0BYN" in ru and "Наименьшая ставка" in ru
    # without a table, or with a table of another game: the general sentence, no figures
    for query in ("", "?table=x", f"?table={table.pk + 1000}"):
        assert "rules-limits" not in rules_page("baccarat_bank", "en", query)
    assert "rules-limits" not in rules_page("khrap", "en", f"?table={table.pk}")


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("game", "settings_", "shown"),
    [
        (
            "belarusian_poker",
            {"min_bet": 100, "max_bet": 5_000, "unit": 100},
            ["50.00\xa0BYN", "1.00\xa0BYN"],
        ),
        ("khrap", {"stake": 1_000}, ["10.00\xa0BYN", "80.00\xa0BYN", "2 %"]),
        (
            "durak",
            {"stake": 1_000, "wins_to_win": 7, "commission_percent": "5"},
            ["10.00\xa0BYN", "7", "5 %"],
        ),
        (
            "highcard",
            {"min_bet": 100, "max_bet": 2_000, "ante": 50},
            ["0.50\xa0BYN", "20.00\xa0BYN"],
        ),
        (
            "blackjack",
            {"min_bet": 100, "max_bet": 5_000, "boxes": 6, "max_payout": 20_000},
            ["1.00\xa0BYN", "50.00\xa0BYN", "200.00\xa0BYN", "6"],
        ),
        (
            "pontoon",
            {"min_bet": 100, "max_bet": 5_000, "boxes": 5, "max_exposure": 90_000},
            ["1.00\xa0BYN", "50.00\xa0BYN", "900.00\xa0BYN", "5"],
        ),
        (
            "caribbean_stud",
            {"min_bet": 100, "max_bet": 2_000, "max_payout": 100_000, "player_cut": True},
            ["1.00\xa0BYN", "20.00\xa0BYN", "1\xa0000.00\xa0BYN"],
        ),
        (
            "craps",
            {"min_bet": 100, "max_bet": 5_000, "min_unit": 100, "barred": 2, "max_payout": 90_000},
            ["1.00\xa0BYN – 50.00\xa0BYN", "900.00\xa0BYN", "30:1", "9:1"],
        ),
        (
            "golden_oasis",
            {"min_bet": 100, "max_bet": 2_000, "bonus": {"stake": 100, "pays": {"flush": "10:1"}}},
            ["1.00\xa0BYN", "20.00\xa0BYN", "10:1", "3"],
        ),
    ],
)
def test_every_games_limits_come_from_its_settings(game, settings_, shown):
    table = Table.objects.create(name="T", game=game, currency="BYN", settings=settings_)
    for language in ("ru", "en"):
        page = rules_page(game, language, f"?table={table.pk}")
        limits = page[page.index('class="rules-limits"') : page.index('<section id="examples"')]
        for figure in shown:
            assert figure in limits, (language, figure)


@pytest.mark.django_db
def test_the_lobby_row_and_the_table_page_link_to_the_rules(durak_table):
    client = client_in("ru", new_player())
    rules = reverse("game_rules", args=["durak"]) + f"?table={durak_table.pk}"
    lobby = client.get(reverse("lobby")).content.decode()
    row = lobby[lobby.index(f'id="table-row-{durak_table.pk}"') :]
    row = row[: row.index("</tr>")]
    assert f'href="{rules}"' in row and ">Правила<" in row
    page = client.get(reverse("table", args=[durak_table.pk])).content.decode()
    head = page[page.index('class="table-title"') :]
    head = head[: head.index("</nav>")]
    assert f'href="{rules}"' in head


# --- the glossary: tables/_terms.html over rules/_glossary.html ----------------------------------


def board_terms() -> set[str]:
    """Every key a Jinja board passes to ``terms.term``."""
    keys = set()
    for path in BOARDS.rglob("*.html"):
        keys |= set(re.findall(r"terms\.term\(\s*[\"']([\w-]+)[\"']", path.read_text()))
    return keys


def glossary(language: str) -> tuple[dict, dict, dict]:
    with translation.override(language):
        module = jinja2.environment(language).get_template("rules/_glossary.html").module
    return module.WORDS, module.EXPLANATIONS, module.LINKS


def test_every_word_a_board_or_a_rules_page_uses_is_explained_in_both_languages():
    keys = board_terms() | {key for page in PAGES.values() for key in page.terms}
    words_en, english, _links = glossary("en")
    words_ru, russian, _links = glossary("ru")
    assert set(english) == set(russian) == set(words_en) == set(words_ru)
    missing = keys - set(english)
    assert not missing, f"no explanation for {sorted(missing)}"
    for key in english:
        assert re.search(r"[A-Za-z]{3}", english[key]) and not re.search("[А-Яа-я]", english[key])
        assert russian[key] != english[key], f"{key} is not translated"
        assert not foreign_words(russian[key], "ru"), (key, foreign_words(russian[key], "ru"))
        assert not foreign_words(words_ru[key], "ru"), key


def test_the_khrap_boards_words_for_games_and_answers_are_explained():
    """The Khrap board passes the declared game and each seat's answer as the key (the engine's
    names of them), so they are not in the boards' text for board_terms() to find."""
    from tables.games.khrap import engine as khrap

    _words, english, _links = glossary("en")
    for key in (*khrap.GAMES, khrap.HELP, khrap.FIVE):
        assert key in english, key


def test_each_explanation_links_to_a_section_of_its_games_rules_page():
    _words, explanations, links = glossary("en")
    anchors = {anchor for anchor, _title in SECTIONS}
    games_of: dict[str, set] = {}  # a word's games (the twenty-one games share theirs)
    for game, page in PAGES.items():
        for key in page.terms:
            games_of.setdefault(key, set()).add(game)
    for key, link in links.items():
        assert key in explanations
        path, anchor = link.split("#")
        game = re.fullmatch(r"/rules/(\w+)/", path).group(1)
        assert path == reverse("game_rules", args=[game]) and anchor in anchors
        assert (
            key not in games_of
            or game in games_of[key]
            or key in {"trump", "shoe", "cut_card", "commission"}
        )


@pytest.mark.parametrize("language", ["ru", "en"])
def test_the_terms_macro_writes_the_explanation_as_a_tooltip_and_a_question_mark(language):
    source = (
        '{% import "tables/_terms.html" as terms %}'
        '{{ terms.term("svara", "S") }}|{{ terms.term("no_such_word", "N") }}'
    )
    with translation.override(language):
        out = jinja2.environment(language).from_string(source).render()
    shown, unexplained = out.split("|")
    _words, explanations, links = glossary(language)
    assert unexplained == "N"
    assert f'title="{html.escape(explanations["svara"])}"' in shown
    assert '<details class="term-help"><summary' in shown and ">?</summary>" in shown
    assert f'href="{links["svara"]}"' in shown
    assert ("Правила" if language == "ru" else "Rules") in shown
