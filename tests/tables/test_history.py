"""Hand histories in words, every game alike (issue 26, item 4): each game's finished hand
(its history test's ``HAND``, tests/tables/games/<game>/test_history_<game>.py) read back on the
hand pages, in Russian and English, free of any Python or JSON repr, its net balanced and each
player's stake and result listed; the framework's words (tables/history.py): an unknown event
type, a game's own names for its stakes, an event type claimed twice with different words."""

import importlib
import re
from collections import Counter
from pathlib import Path

import pytest
from django.conf import settings

from casino.roles import PIT_BOSS
from tables.engines.base import payments
from tables.engines.registry import registered_games
from tables.presentation import presentation_for
from tests.conftest import new_staff
from tests.tables.history_hands import cards_on, page_of, text_of

pytestmark = pytest.mark.django_db

GAMES_TESTS = Path(__file__).resolve().parent / "games"


def game_hands() -> dict:
    """Each game's hand for the checks below: the ``HAND`` of its history test (a function
    recording one finished hand), for every game that has one."""
    hands = {}
    for game in registered_games():
        if (GAMES_TESTS / game / f"test_history_{game}.py").exists():
            module = importlib.import_module(f"tests.tables.games.{game}.test_history_{game}")
            hands[game] = module.HAND
    return hands


HANDS = game_hands()


REPR = re.compile(
    r"\{'|': |\bNone\b|\bTrue\b|\bFalse\b|\b(seat|pot|house|table):\w"
    r"|\b(take_chocolate|no_chocolate|cards_dealt|third_card|hand_started|hand_over|deal_over"
    r"|bets_closed|auction_over|withdraw_half|svara_offered|svara_dealt|play_starts|beaten_off"
    r"|takes_trump_card|game_over|match_over)\b"
)
# English left in a Russian page (names are Latin here: Anna, Boris, Vera)
ENGLISH = re.compile(r"\b(the|bets|takes|wins|loses|cards?|deals|plays|stake|pot|pass|points?)\b")


def test_every_game_with_an_engine_has_a_history_here():
    assert set(HANDS) == set(registered_games())
    for game in HANDS:
        presentation = presentation_for(game)
        assert presentation.replay_template != "tables/replay/_step.html", game
        assert presentation.result_template != "tables/result/_hand.html", game


@pytest.mark.parametrize("game", sorted(HANDS))
@pytest.mark.parametrize("language", ["ru", "en"])
def test_hand_pages_read_in_words_with_no_repr(game, language):
    recorded = HANDS[game]()
    boss = new_staff(PIT_BOSS)
    for viewer in (recorded.players[0], boss):  # a player, and staff who see every seat
        for name in ("hand_detail", "hand_list"):
            page = page_of(recorded, viewer, language, name)
            main = page[page.index("<main") : page.index("</main>")] if "<main" in page else page
            shown = text_of(main)
            assert not REPR.search(shown), (name, REPR.search(shown).group(0), shown[:3000])
            assert "{'" not in page and "&#x27;type&#x27;" not in page
            if language == "ru":
                english = ENGLISH.search(
                    text_of(main.split('<section class="card" id="shuffle"')[0])
                )
                assert not english, (name, english.group(0))
    assert sum(payment.amount for payment in payments(recorded.events)) > 0


@pytest.mark.parametrize("game", sorted(HANDS))
def test_the_net_of_every_hand_balances_to_what_is_still_in_play(game):
    """The detail's net: what the players won and lost, the casino's share, and what stays in
    the pot for the next hand sum to zero: nothing created or lost in the words either."""
    from tables.selectors import hand_story

    recorded = HANDS[game]()
    story = hand_story(recorded.hand, new_staff(PIT_BOSS))
    total = 0
    for row in story["net"]:
        sign = 1 if row["amount"].startswith("+") else -1
        total += sign * round(float(re.sub(r"[^\d.]", "", row["amount"])) * 100)
    assert total == 0
    moved = Counter()
    for payment in payments(recorded.events):
        moved[payment.source] -= payment.amount
        moved[payment.target] += payment.amount
    assert sum(moved.values()) == 0


def test_a_game_with_no_partial_of_its_own_still_reads_in_words(monkeypatch):
    """The generic replay and result partials (tables/replay/_step.html, tables/result/_hand.html)
    write every event through the table of phrases: an unknown event type reads as a move."""
    from tables import presentation
    from tests.tables.games.baccarat_bank.test_history_baccarat_bank import coup_2

    recorded = coup_2()
    generic = presentation.Presentation(game="baccarat_bank")
    monkeypatch.setitem(presentation._PRESENTATIONS, "baccarat_bank", generic)
    page = page_of(recorded, recorded.players[0], "ru")
    shown = text_of(page[page.index("<main") : page.index("</main>")])
    assert not REPR.search(shown)
    assert "Anna берёт шоколадку" in shown
    assert {"TC", "3D", "4H", "2S", "4C"} <= cards_on(page)
    assert "Anna −3.00 BYN" in shown and "Boris +3.00 BYN" in shown


def test_an_unknown_event_type_is_written_as_a_move_never_as_its_name():
    from tables.history import Teller

    teller = Teller({0: "Anna"}, "BYN")
    (line,) = teller.lines([{"type": "juggle_chips", "seat": 0, "amount": 150}], 0, None)
    assert line["text"] == "Anna makes a move"
    (line,) = teller.lines([{"type": "juggle_chips"}], None, None)
    assert "juggle" not in line["text"]
    paid = teller.payment({"source": "seat:0", "target": "pot:bet0", "amount": 150, "reason": "?"})
    assert paid == {
        "source": "Anna",
        "target": "Anna’s stake",
        "amount": "1.50\xa0BYN",
        "reason": "",
    }


# --- why money moved, in the game's own words (issue 45, part 4: the smaller points) ----------


def test_every_house_games_stakes_read_in_its_own_words():
    """Let It Ride's bets 1 to 3 (CG §33), twenty-one's bet and insurance, High card's side bet
    on the dealer's rank, which alone is a side bet: each read as the game names it."""
    from tables.history import Teller

    def reason(game, text, target=""):
        teller = Teller({}, "BYN", presentation_for(game).bet_name)
        return teller.reason(text, target)

    assert reason("let_it_ride", "bet1 returned") == "bet 1 returned"
    assert reason("let_it_ride", "box won") == "bet 3 won"
    assert reason("let_it_ride", "bet", "pot:b0:s0") == "bet 3"
    assert reason("blackjack", "box lost") == "bet on the box lost"
    assert reason("blackjack", "insurance won") == "insurance won"
    assert reason("blackjack", "bet behind") == "bet behind"
    assert reason("blackjack_switch", "super_match won") == "Super Match side bet won"
    assert reason("highcard", "same lost") == "side bet on the dealer’s rank lost"
    assert reason("highcard", "switch fee") == "fee: card switch"
    for game in ("oasis_stud", "golden_oasis", "russian_poker"):
        assert reason(game, "ante lost") == "ante lost"
        assert reason(game, "bet returned") == "bet returned"
        assert reason(game, "bet", "pot:b2:s1") == "ante"
    assert reason("golden_oasis", "exchange fee") == "fee: card exchange"
    assert reason("oasis_stud", "game fee") == "fee: a game bought for the dealer"
    # a game that names none of its stakes still tells a side bet as one
    assert reason("dice_blackjack", "extra won") == "side bet won"


# --- each player's amounts in the list and the panel, every game alike (issue 45) --------------


def minor_of(text: str) -> int:
    sign = -1 if text.startswith("\u2212") else 1
    return sign * int(re.sub(r"\D", "", text))


@pytest.mark.parametrize("game", sorted(HANDS))
def test_every_games_list_gives_each_player_his_stake_and_result(game):
    """Each player whose money the hand moved: what he paid into it and his wallet's change,
    equal to the hand's payments (a pot that rides on holds the rest)."""
    from tables.selectors import hands_told

    recorded = HANDS[game]()
    told = hands_told([recorded.hand])[0]
    assert told.amounts, game
    wallet: Counter = Counter()
    paid_in: Counter = Counter()
    for payment in payments(recorded.events):
        for party, change in ((payment.source, -payment.amount), (payment.target, payment.amount)):
            if party.startswith("seat:"):
                wallet[int(party[5:])] += change
        if payment.source.startswith("seat:") and not payment.target.startswith("seat:"):
            paid_in[int(payment.source[5:])] += payment.amount
    for row in told.amounts:
        assert minor_of(row["result"]) == wallet[row["seat"]], (game, row)
        assert minor_of(row["staked"]) == paid_in[row["seat"]], (game, row)
    page = text_of(page_of(recorded, recorded.players[0], "en", "hand_list"))
    first = told.amounts[0]
    words = f"{first['player']}: staked {first['staked']}, result {first['result']}"
    assert words.replace("\xa0", " ") in page


def test_the_board_names_the_last_hand_finished_so_the_page_refreshes_its_history_at_once():
    """Issue 45: Golden Oasis's panel said "No finished hands you played in yet." just after a
    lost round: it asked the server every 10 s only. A whole board's version marker now names
    the last hand finished; the page's script fires "table:hand-over" when it changes, and the
    panel asks again on it."""
    from django.template.loader import get_template

    from tables.presenters import board_html
    from tables.selectors import table_view

    hand = HANDS["caribbean_stud"]()
    table = hand.table
    table.state = {**hand.state, "last_game": {"number": hand.hand.number, **hand.hand.result}}
    table.save()
    seats = {s.position: s for s in table.seats.all()}
    html = board_html(table_view(table, seats, None), oob=True)
    assert f'data-last-hand="{hand.hand.number}"' in html
    page = get_template("tables/page.html").template.source
    assert "table:hand-over from:body" in page
    script = (settings.BASE_DIR / "static/js/table.js").read_text()
    assert 'new CustomEvent("table:hand-over")' in script and "dataset.lastHand" in script


# --- the framework's tables of words: each folder adds its own (issue 48) ---------------------


def test_an_event_type_claimed_twice_with_different_words_is_an_error(tmp_path, monkeypatch):
    from django.utils.translation import gettext_noop

    from tables import history

    before = (dict(history.PHRASES), dict(history.SPECIAL), dict(history.REASONS))
    # a folder's history module telling a shared type in other words fails as it is imported
    (tmp_path / "clashing_history.py").write_text(
        "from tables.history import register\n"
        'register(phrases={"pass": "%(player)s says nothing"})\n'
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(history.TwiceTold, match="pass"):
        importlib.import_module("clashing_history")
    with pytest.raises(history.TwiceTold, match="fold"):
        history.register(phrases={"fold": gettext_noop("%(player)s throws the cards away")})
    with pytest.raises(history.TwiceTold, match="deal"):
        history.register(special={"deal": history.SPECIAL["draw"]})
    # a clash adds nothing, not even the claims beside it that were new
    with pytest.raises(history.TwiceTold, match="chocolate"):
        history.register(
            phrases={"juggle": gettext_noop("%(player)s juggles")},
            reasons={"chocolate": gettext_noop("a sweet")},
        )
    assert (dict(history.PHRASES), dict(history.SPECIAL), dict(history.REASONS)) == before
    # the same words again are no clash (a module imported twice)
    history.register(phrases={"fold": history.PHRASES["fold"]}, special=dict(history.SPECIAL))
    assert dict(history.PHRASES) == before[0]
