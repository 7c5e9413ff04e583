"""Baccarat with a player-held bank: its presentation (tables/games/baccarat_bank/engine.py). The
holder and his bank, the auction's bids or the seat the bank is offered to, each bet as it is
placed, and the moves the rules allow the viewer now (bid, open, bet, deal, sell, half the bank,
chocolate, draw or stand on 5), each amount typed in the currency with its quick stakes.

The coup is shown as the rules make it public (CG §12–§16): the punters' and the bank's cards as
dealt, each hand's total, a natural named, each third card with the rule that drew it (§14, the
tableau), the result in words ("Bank 7 : Punters 5 — the bank wins"), each seat's win or loss,
the bank's new size and the holder's decisions (chocolate, half the bank). The last coup stays
on the board beside the next coup's betting until the next deal; the shoe's coups so far are a
bead road. Cards dealt in the change a board shows are marked new (the table kit deals them in).
"""

from __future__ import annotations

from collections import OrderedDict

from django.utils.translation import gettext_noop, pgettext

from casino.currencies import format_amount
from tables.board_words import gettext
from tables.games.baccarat_bank.coup import holder_draws, is_natural, punter_must, total
from tables.kit import card_items, money_box
from tables.presentation import Presentation, register
from tables.rules import LimitRows, RulesPage, limit_money, limit_percent

GAME = "baccarat_bank"
AMOUNT_ACTIONS = {"bid", "open", "bet", "withdraw_half"}
BUTTON_LABELS = {
    "bid": gettext_noop("Bid for the bank"),
    "open": gettext_noop("Open the bank"),
    "bet": gettext_noop("Bet against the bank"),
    "withdraw_half": gettext_noop("Take out up to half the bank"),
    "pass": gettext_noop("Pass"),
    "decline": gettext_noop("Decline the bank"),
    "deal": gettext_noop("Deal"),
    "sell": gettext_noop("Sell the bank"),
    "take_chocolate": gettext_noop("Take the chocolate"),
    "no_chocolate": gettext_noop("Leave it in the bank"),
    "draw": gettext_noop("Draw"),
    "stand": gettext_noop("Stand"),
}
PHASE_LABELS = {
    "auction": gettext_noop("The bank is auctioned"),
    "offer": gettext_noop("The bank is offered"),
    "betting": gettext_noop("Bets against the bank"),
    "chocolate": gettext_noop("The holder may take the chocolate"),
    "draw": gettext_noop("The cardholder decides on 5"),
    "over": gettext_noop("The coup is over"),
}
RESULT_WORDS = {
    "bank": gettext_noop("Bank %(bank)s : Punters %(punters)s — the bank wins"),
    "punter": gettext_noop("Bank %(bank)s : Punters %(punters)s — the punters win"),
    "tie": gettext_noop("Bank %(bank)s : Punters %(punters)s — a tie, the bets go back"),
}
# the coups of one table version, in one language: the same for every viewer (a six-seat table
# renders its boards once per socket, the coup's words once)
_COUPS: OrderedDict[tuple, dict | None] = OrderedDict()
COUP_CACHE_SIZE = 256


def present(view: dict, shared: dict) -> dict:
    table, game = view["table"], view["game"] or {}
    currency = table["currency"]
    paused = table["status"] == "paused"
    names = shared["player_names"]

    def money(amount) -> str:
        return format_amount(int(amount or 0), currency)

    badges: dict[int, list] = {}
    if game.get("holder") is not None:
        badges[game["holder"]] = [("holder", f"{gettext('bank')} {money(game['bank'])}")]
    for position, amount in (game.get("bids") or {}).items():
        badges.setdefault(int(position), []).append(("bid", f"{gettext('bid')} {money(amount)}"))
    for position in game.get("passed") or []:
        badges.setdefault(position, []).append(("passed", gettext("passed")))
    if game.get("cardholder") is not None:
        badges.setdefault(game["cardholder"], []).append(("cardholder", gettext("the cards")))
    if game.get("offered") is not None:
        badges.setdefault(game["offered"], []).append(("offered", gettext("offered the bank")))
    stakes = {int(position): money(amount) for position, amount in (game.get("bets") or {}).items()}
    legal = [] if paused else list(game.get("legal") or [])
    kinds = []
    for action in legal:
        if action["type"] not in kinds:
            kinds.append(action["type"])
    low, high = game.get("amount_range") or [None, None]
    key = shared.get("section_key") or (GAME, table["id"], table["version"], None)
    coup = _COUPS.get(key)
    if coup is None and key not in _COUPS:
        coup = _COUPS[key] = _coup(view, names, money, shared.get("last_names") or names)
        if len(_COUPS) > COUP_CACHE_SIZE:
            _COUPS.popitem(last=False)
    return {
        "phase_label": gettext(PHASE_LABELS.get(game.get("phase"), "")) if game else "",
        "bank_text": money(game.get("bank")),
        "minimum_text": money((table.get("settings") or {}).get("min_bet")),
        "amount_forms": [
            (k, gettext(BUTTON_LABELS[k]), _box(k, game, low, high, currency))
            for k in kinds
            if k in AMOUNT_ACTIONS
        ],
        "buttons": [(k, gettext(BUTTON_LABELS[k])) for k in kinds if k not in AMOUNT_ACTIONS],
        "coup": coup,
        "chocolate_text": money(game["bank"] - sum((game.get("accepted") or {}).values()))
        if game.get("phase") == "chocolate"
        else "",
        "road": _road(game.get("road") or []),
        "seat_badges": badges,
        "seat_stakes": stakes,
    }


def _box(kind: str, game: dict, low, high, currency: str) -> dict | None:
    """The money box of an amount action, with the quick stakes a baccarat player expects: the
    minimum, "banco" (the whole bank left to cover) and the maximum; half the bank at once."""
    if low is None or high is None:
        return None
    if kind == "bet":
        covered = sum((game.get("bets") or {}).values())
        quick = [
            (gettext("min"), low),
            (gettext("banco"), max(low, min(high, game.get("bank", 0) - covered))),
            (gettext("max"), high),
        ]
    elif kind == "withdraw_half":
        quick = [(gettext("half the bank"), high)]
    else:
        quick = [(gettext("min"), low), (gettext("max"), high)]
    return money_box(currency, low, high, quick=quick)


def _road(road: list[str]) -> list[tuple[str, str, str]]:
    """The shoe's coups so far, as beads: (outcome, letter, words)."""
    letters = {
        "bank": (pgettext("bead road: the bank won", "B"), gettext("the bank won")),
        "punter": (pgettext("bead road: the punters won", "P"), gettext("the punters won")),
        "tie": (pgettext("bead road: a tie", "T"), gettext("a tie")),
    }
    return [(outcome, *letters[outcome]) for outcome in road if outcome in letters]


def _coup(view: dict, names: list[str], money, last_names: list[str] | None = None) -> dict | None:
    """The coup the board shows: the one in play once its cards are dealt, else the last one
    (until the next deal, named by who played it: ``last_names``), with everything the rules
    make public about it."""
    table, game = view["table"], view["game"] or {}
    if game.get("punter_cards"):
        result = game.get("result") if game.get("over") else None
        source = {**game, **(result or {})}
        current = True
    else:
        result = table.get("last_game") or {}
        if result.get("void") or not result.get("punter_cards"):
            return None
        source = result
        current = False
        names = last_names or names
    punter, holder = list(source["punter_cards"]), list(source["holder_cards"])
    choice = source.get("punter_choice")
    # new in this change: a coup dealt and decided in the change that began the next one, or a
    # coup waiting for the cardholder's choice on 5 (its one change); after that choice, only
    # the third cards are new
    if current and not game.get("over"):
        new_from = 0
    elif (current and game.get("over")) or not game.get("decisions"):
        new_from = 2 if choice else 0
    else:
        new_from = None
    coup = {
        "current": current,
        "number": source.get("coup") if current else result.get("number"),
        "punter": _dealt(punter, 0, new_from, len(punter)),
        "holder": _dealt(holder, 1, new_from, len(punter)),
        "punter_total": total(punter),
        "holder_total": total(holder),
        "punter_natural": is_natural(punter[:2]) and len(punter) >= 2,
        "holder_natural": is_natural(holder[:2]) and len(holder) >= 2,
        "cardholder": names[source["cardholder"]] if source.get("cardholder") is not None else "",
        "punter_why": _punter_why(punter, choice),
        "holder_why": _holder_why(punter, holder, choice),
        "result": None,
    }
    if result and result.get("outcome"):
        coup["result"] = _result(result, names, money)
    return coup


def _dealt(cards: list[str], side: int, new_from: int | None, punters: int) -> list[dict]:
    """One side's cards (``side`` 0 the punters', 1 the bank's) as the table kit's items. A new
    card's place in the deal (``new``): the punters' first, the bank's first, the punters'
    second, the bank's second, then the punters' third and the bank's (§12); counted from the
    first new card (``new_from``: 0, or 2 when only the third cards are new)."""
    items = card_items(cards, "normal")
    if new_from is None:
        return items
    for index, item in enumerate(items):
        if index < new_from:
            continue
        order = 2 * index + side if index < 2 else 4 + (side if punters == 3 else 0)
        item["new"] = order - 2 * new_from
    return items


def _punter_why(punter: list[str], choice: str | None) -> str:
    """Why the punters' hand drew a third card or stood (§14)."""
    if len(punter) < 2 or is_natural(punter[:2]):
        return ""
    points = total(punter[:2])
    rule = punter_must(points)
    if rule == "choose":
        if choice == "draw" or len(punter) == 3:
            return gettext("5 on two cards: the cardholder chose to draw (§14)")
        if choice == "stand":
            return gettext("5 on two cards: the cardholder chose to stand (§14)")
        return gettext("5 on two cards: the cardholder may draw or stand (§14)")
    if rule == "draw":
        return gettext("%(points)s on two cards: must draw (§14)") % {"points": points}
    return gettext("%(points)s on two cards: stands (§14)") % {"points": points}


def _holder_why(punter: list[str], holder: list[str], choice: str | None) -> str:
    """Why the bank drew a third card or stood: the tableau (B1), from its two cards' total and
    the punters' third card."""
    if len(holder) < 2 or is_natural(punter[:2]) or is_natural(holder[:2]):
        return ""
    undecided = len(punter) == 2 and punter_must(total(punter)) == "choose" and not choice
    if undecided and len(holder) == 2:  # the cardholder has not chosen yet on 5
        return ""
    points = total(holder[:2])
    third = punter[2] if len(punter) == 3 else None
    draws = holder_draws(points, third)
    if third is None:
        if draws:
            return gettext("%(points)s, the punters stood: the bank draws on 0–5") % {
                "points": points
            }
        return gettext("%(points)s, the punters stood: the bank stands on 6–7") % {"points": points}
    value = total([third])
    words = {"points": points, "third": value}
    if draws:
        return gettext("%(points)s against a third card of %(third)s: the bank draws") % words
    return gettext("%(points)s against a third card of %(third)s: the bank stands") % words


def _result(result: dict, names: list[str], money) -> dict:
    """The result in words, each seat's win or loss, the bank's new size and the holder's
    decisions of the coup."""
    outcome = result["outcome"]
    accepted = {int(p): a for p, a in (result.get("accepted") or {}).items()}
    staked = sum(accepted.values())
    holder = result.get("holder")
    holder_name = names[holder] if holder is not None else ""
    rows = []
    for position, amount in sorted(accepted.items()):
        if outcome == "punter":
            rows.append((names[position], "won", f"+{money(amount)}"))
        elif outcome == "bank":
            rows.append((names[position], "lost", f"−{money(amount)}"))
        else:
            rows.append(
                (names[position], "tie", gettext("%(amount)s back") % {"amount": money(amount)})
            )
    commission = int(result.get("commission") or 0)
    if holder is not None:
        if outcome == "bank":
            rows.append((holder_name, "won", f"+{money(staked - commission)}"))
        elif outcome == "punter":
            rows.append((holder_name, "lost", f"−{money(staked)}"))
        else:
            rows.append((holder_name, "tie", "±0"))
    if outcome == "punter":
        back = int(result.get("bank_before") or 0) - staked
        bank = (
            gettext("The bank is lost: the holding passes; %(amount)s goes back to %(name)s.")
            % {"amount": money(back), "name": holder_name}
            if back > 0
            else gettext("The bank is lost: the holding passes.")
        )
    else:
        bank = gettext("Bank now: %(amount)s") % {"amount": money(result.get("bank"))}
    decisions = []
    if result.get("chocolate"):
        decisions.append(
            (
                "chocolate",
                gettext("%(name)s took the chocolate: %(amount)s")
                % {"name": holder_name, "amount": money(result["chocolate"])},
            )
        )
    elif result.get("chocolate_left"):
        decisions.append(
            (
                "chocolate",
                gettext("%(name)s left the chocolate in the bank: %(amount)s")
                % {"name": holder_name, "amount": money(result["chocolate_left"])},
            )
        )
    if result.get("half_taken"):
        decisions.append(
            (
                "half_bank",
                gettext("%(name)s took out %(amount)s of the bank after the shoe")
                % {"name": holder_name, "amount": money(result["half_taken"])},
            )
        )
    if result.get("shoe_over") and outcome != "punter":
        decisions.append(
            (
                "half_bank",
                gettext(
                    "The cut card is out: the holder may take out up to half "
                    "the bank before the next shoe"
                ),
            )
        )
    return {
        "outcome": outcome,
        "words": gettext(RESULT_WORDS[outcome])
        % {"bank": result["holder_total"], "punters": result["punter_total"]},
        "rows": rows,
        "bank": bank,
        "commission": money(commission) if commission else "",
        "decisions": decisions,
    }


def table_limits(settings: dict, currency: str) -> LimitRows:
    """The game's own limits on its rules page (tables/rules), from the table's settings."""
    return [
        (
            gettext("Smallest bet, and smallest new bank"),
            limit_money(settings, "min_bet", currency),
        ),
        (gettext("Largest bank one may open"), limit_money(settings, "max_bank", currency)),
        (
            gettext("Largest bet"),
            gettext("the bank: all bets together cover at most the bank (CG §13)"),
        ),
        (
            gettext("Casino's commission on what the bank wins"),
            limit_percent(settings.get("commission_percent", "0")),
        ),
    ]


RULES = RulesPage(
    game=GAME,
    title=gettext_noop("Baccarat with a player-held bank"),
    paragraphs=(4, 17),
    summary=gettext_noop(
        "One player holds the bank with his own money; the others bet against it. "
        "Nine points or as near as possible wins."
    ),
    terms=(
        "bank",
        "holder",
        "punters",
        "bid",
        "chocolate",
        "half_bank",
        "cardholder",
        "natural",
        "third_card",
        "tableau",
        "coup",
        "shoe",
        "cut_card",
        "bead_road",
        "commission",
    ),
)

register(
    Presentation(
        game=GAME,
        display_name=gettext_noop("Baccarat (player bank)"),
        presenter=present,
        rules=RULES,
        limits=table_limits,
    )
)
