"""What every twenty-one board draws alike (the engines' shared core, tables/families/twentyone/):
plain functions a game's presenter calls, no registration. A game's presentation
(tables/games/<game>/presentation.py) registers its presentation and passes its own words (its
natural's name, its extra moves); its board calls the macros of
tables/families/twentyone/jinja2/tables/_twentyone.html with what these return.

From the engine's public view (``TwentyOne.view``), the same for every viewer, so they go in the
board's shared sections (the functions of ``board_items``):
- ``head_chips``: the table's terms in words (what a natural pays, insurance, surrender, bets
  behind, boxes a player, the cap);
- ``dealer_item``: the dealer's cards in the order dealt, a back for a card still face down,
  his total ("7/17" while soft) and a natural or a bust in words;
- ``shoe_item``: the shoe's number, cards left, the discards (CG §94), the cut card in or out and
  how many cards it lies ahead, the player's cut, and §105's check of a new shoe (its decks and
  each rank's and suit's count) while it is shown, before the first deal;
- ``box_items``: every box of the layout: its owner, each hand (split hands in the order of play)
  with its cards, total, flags in words (split, doubled, surrendered, bust, the natural) and
  every stake on it by staker (the owner's, the bets behind), insurance and side bets, and once
  settled each staker's payout in the currency;
- ``turn_item``: who decides now, in words (the cut, the bets, the offers to all at once, the
  box and hand in play, the stakers behind answering a double or a split);
- ``last_round``: the last finished round, kept in view while the next one is bet.

Each card is drawn with a slot (``data-slot``: the round, the box and the card's occurrence
there, so a split keeps its cards' slots) and its place in the deal (``data-seq``):
tables/families/twentyone/static/js/games/twentyone.js deals in, with the table kit's ``is-new`` and
``--deal``, the cards a frame brought that the board did not show before, one after another in the
deal's order.

And the seat's own (``board_controls``): ``control_facts`` (its moves as primitives, within the
limits and its wallet: they are also its private facts,
tables.presentation.Presentation.private_facts) and ``controls`` (the forms drawn from them),
``seat_marks`` (what its plate shows)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from django.utils.translation import gettext_noop

from casino.currencies import format_amount
from tables.board_words import gettext
from tables.families.twentyone.board_controls import (
    control_facts,
    controls,
    my_deadline,
    private_facts,
    seat_decorations,
)
from tables.families.twentyone.board_items import (
    OUTCOME_KINDS,
    box_items,
    dealer_item,
    head_chips,
    name_of,
    net_kind,
    outcome_text,
    shoe_item,
    signed,
    turn_item,
)
from tables.history import pgettext_noop, stake_names
from tables.kit import card_items
from tables.presentation import Presentation
from tables.rules import LimitRows, RulesPage, limit_money
from tables.templatetags.history import final_total

# --- the last round ------------------------------------------------------------------------------


def last_round(last: dict, names: list[str], currency: str, natural_word: str) -> dict | None:
    """The last finished round (the table's ``last_game``: the engine's result): the dealer's
    cards and total, each staked box's hands with their cards, totals and outcomes, and each
    staker's payout on the box."""
    if not last or last.get("void") or not last.get("boxes"):
        return None
    dealer = last.get("dealer") or {}
    note = ""
    if dealer.get("natural"):
        note = gettext(natural_word)
    elif dealer.get("bust"):
        note = gettext("bust")
    boxes = []
    for number, box in sorted(last["boxes"].items(), key=lambda kv: int(kv[0])):
        hands = []
        for hand in box.get("hands") or []:
            outcome = hand.get("outcome")
            hands.append(
                {
                    "cards": card_items(hand.get("cards") or [], "small"),
                    "total": final_total(hand.get("total")),
                    "outcome": OUTCOME_KINDS.get(outcome, "") if outcome else "",
                    "outcome_text": outcome_text(outcome, natural_word),
                }
            )
        nets = box.get("nets") or {}
        boxes.append(
            {
                "number": int(number) + 1,
                "owner": name_of(names, box.get("owner")),
                "hands": hands,
                "payouts": [
                    {
                        "name": name_of(names, seat),
                        "text": signed(net, currency),
                        "kind": net_kind(net),
                    }
                    for seat, net in sorted(
                        nets.items(), key=lambda kv: int(kv[0]) != box.get("owner")
                    )
                ],
            }
        )
    return {
        "number": last.get("number"),
        "dealer": card_items(dealer.get("cards") or [], "small"),
        "dealer_total": final_total(dealer.get("total")),
        "dealer_note": note,
        "boxes": boxes,
    }


# --- a game's board ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Words:
    """A twenty-one game's own words on the shared board (msgids, gettext_noop'd) and the terms
    its head shows before a round's view gives them."""

    natural: str  # the natural's name, in the game's words
    # natural_pays, insurance_pays, surrender, bets_behind before a round (the settings' view)
    defaults: dict = field(default_factory=dict)
    play_labels: dict = field(default_factory=dict)  # its own moves' buttons (``controls``)
    asks: dict = field(default_factory=dict)  # its own asks of the stakers behind
    terms: dict = field(default_factory=dict)  # the offers' glossary keys where its own differ
    side_words: dict = field(default_factory=dict)  # its side bets' names
    extra_chips: tuple = ()  # its own terms in the head
    bet_label: str = gettext_noop("Bet on your box")  # the plain bet's form
    early_text: str | None = None  # the turn's words before play (with %(players)s)
    offers_prompt: str | None = None  # the question before play when no insurance is offered
    # (kind, box, details) -> (button, note): its own decisions before play (``controls``)
    choice_text: Callable | None = None
    # what leaving with a stake working means (the seat's leave form)
    leaving: str = gettext_noop(
        "Leaving with a bet on a box: it plays on, your clock stands for you, and what it "
        "wins is paid to you."
    )


def present(view: dict, shared: dict, words: Words) -> dict:
    """What a twenty-one board adds to the shared context (a game's presenter): the head's
    terms, the dealer and the shoe, the boxes, the turn, the last round, the seats' stakes and
    results, and your moves' forms."""
    table, game, me = view["table"], view["game"], view["seat"]
    currency = table["currency"]
    settings = table.get("settings") or {}
    names = shared["player_names"]
    paused = table["status"] == "paused"
    limits = (game or {}).get("limits") or settings
    natural = words.natural

    def money(amount) -> str:
        return format_amount(int(amount or 0), currency)

    seated = [s["position"] for s in table["seats"]]
    seat_stakes, seat_badges = seat_decorations(game, seated, currency)
    # the last round's result on the seats of who played it, while the next is bet
    if game is None or not game.get("over"):
        last = table.get("last_game") or {}
        played = last.get("players_by_seat")
        sitting = {s["position"]: s["player_id"] for s in table["seats"]}
        for key, net in (last.get("nets") or {}).items():
            position = int(key)
            if played is not None and sitting.get(position) != played.get(key):
                continue
            if position in seat_badges:
                continue
            kind = "last-won" if net > 0 else ("last-lost" if net < 0 else "passed")
            seat_badges[position] = [(kind, signed(net, currency))]
    view_limits = (game or {}).get("limits", {})
    context = {
        "limits_text": f"{money(limits.get('min_bet'))} – {money(limits.get('max_bet'))}",
        "chips": head_chips(
            {
                **limits,
                "natural_pays": view_limits.get("natural_pays")
                or words.defaults.get("natural_pays"),
                "insurance_pays": view_limits.get("insurance_pays")
                or words.defaults.get("insurance_pays"),
                "surrender": limits.get("surrender", words.defaults.get("surrender")),
                "bets_behind": limits.get("bets_behind", words.defaults.get("bets_behind")),
            },
            currency,
            natural,
        )
        + [gettext(chip) for chip in words.extra_chips],
        "decks": settings.get("decks") or 6,
        "dealer_area": dealer_item(game, natural) if game else None,
        "shoe": shoe_item(game, names) if game else None,
        "box_row": box_items(game, names, currency, natural, words.side_words) if game else [],
        "turn_line": turn_item(game, names, words.asks, words.early_text) if game else None,
        "last_round": None
        if (game or {}).get("over")
        else last_round(table.get("last_game") or {}, shared["last_names"], currency, natural),
        "exposure_text": money(game["exposure"]) if game and game.get("exposure") else "",
        "seat_stakes": seat_stakes,
        "seat_badges": seat_badges,
        "my_deadline": my_deadline(table, me),
        "leaving_text": gettext(words.leaving),
        "bet_label": gettext(words.bet_label),
    }
    facts = control_facts(game, me, view.get("balance"), paused)
    context.update(
        controls(
            facts,
            names,
            currency,
            play_labels=words.play_labels,
            side_words=words.side_words,
            asks=words.asks,
            terms=words.terms,
            choice_text=words.choice_text,
            offers_prompt=words.offers_prompt,
        )
    )
    return context


def limit_rows(settings: dict, currency: str, *, surrender: bool = True) -> LimitRows:
    """A twenty-one table's limits on its game's rules page (tables/rules), from the table's
    settings; ``surrender``: the game has it, the table may turn it off."""
    yes, no = gettext("yes"), gettext("no")
    rows = [
        (gettext("Smallest bet on a box"), limit_money(settings, "min_bet", currency)),
        (gettext("Largest bet on a box"), limit_money(settings, "max_bet", currency)),
        (
            gettext("Smallest stake behind or insurance"),
            limit_money(settings, "min_unit", currency),
        ),
        (gettext("Decks in the shoe"), str(settings.get("decks", ""))),
        (gettext("Boxes on the layout"), str(settings.get("boxes", ""))),
        (gettext("Boxes a player"), str(settings.get("boxes_per_player") or 1)),
        (gettext("Bets behind"), yes if settings.get("bets_behind", True) else no),
    ]
    if surrender:
        rows.append((gettext("Surrender"), yes if settings.get("surrender", True) else no))
    rows += [
        (gettext("A player cuts a new shoe"), yes if settings.get("player_cut", True) else no),
        (gettext("Most paid a box"), limit_money(settings, "max_payout", currency)),
        (gettext("The house's limit on a round"), limit_money(settings, "max_exposure", currency)),
    ]
    return rows


# the stakes of a twenty-one box in the game's words, by the kind its payments name: the box's
# bet (CG §90–§137), insurance (§103), a surrender (§102) and the Super Match side bet (§86); the
# hand history says "bet won", "insurance lost" (tables/history.py)
STAKES = {
    "box": pgettext_noop("stake", "bet on the box"),
    "insurance": pgettext_noop("stake", "insurance"),
    "surrender": pgettext_noop("stake", "surrender"),
    "super_match": pgettext_noop("stake", "Super Match side bet"),
}


# the glossary's words every twenty-one rules page uses, before and after the game's own
FIRST_TERMS = ("shoe", "cut_card", "soft_total")
LAST_TERMS = ("pack_check",)


def rules_page(game: str, title: str, paragraphs, summary: str, terms: tuple) -> RulesPage:
    """A twenty-one game's rules page (tables.rules.RulesPage): its own terms between the
    family's."""
    return RulesPage(
        game=game,
        title=title,
        paragraphs=paragraphs,
        summary=summary,
        terms=(*FIRST_TERMS, *terms, *LAST_TERMS),
    )


def presentation(game: str, display_name: str, presenter, rules, limits) -> Presentation:
    """A twenty-one game's presentation: its board (tables/<game>/board.html, extending the
    twenty-one board), the shared replay and result partials (with its tables/<game>/
    _outcome.html), the shared private facts, css and js, the wallet in the seat's view."""
    return Presentation(
        game=game,
        display_name=display_name,
        presenter=presenter,
        private_facts=private_facts,
        replay_template="tables/twentyone/_replay_step.html",
        result_template="tables/twentyone/_hand_result.html",
        rules=rules,
        limits=limits,
        css="css/games/twentyone.css",
        js="js/games/twentyone.js",
        balance_in_view=True,
        bet_name=stake_names(STAKES),
    )
