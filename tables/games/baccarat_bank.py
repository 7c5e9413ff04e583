"""Baccarat with a player-held bank: its presentation (tables/engines/baccarat_bank.py). The
holder and his bank, the auction's bids or the seat the bank is offered to, each bet as it is
placed, the two hands as cards with their totals, the shoe, and the moves the rules allow the
viewer now (bid, open, bet, deal, sell, half the bank, chocolate, draw or stand on 5)."""

from __future__ import annotations

from django.utils.translation import gettext, gettext_noop

from casino.currencies import format_amount
from tables.games import Presentation, register
from tables.templatetags.cards import card as card_svg

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


def present(view: dict, shared: dict) -> dict:
    table, game = view["table"], view["game"] or {}
    currency = table["currency"]
    paused = table["status"] == "paused"

    def money(amount) -> str:
        return format_amount(int(amount or 0), currency)

    badges: dict[int, list] = {}
    if game.get("holder") is not None:
        badges[game["holder"]] = [("holder", f"{gettext('bank')} {money(game['bank'])}")]
    for position, amount in (game.get("bids") or {}).items():
        badges.setdefault(int(position), []).append(("bid", f"{gettext('bid')} {money(amount)}"))
    for position, amount in (game.get("bets") or {}).items():
        badges.setdefault(int(position), []).append(("bet", f"{gettext('bet')} {money(amount)}"))
    for position in game.get("passed") or []:
        badges.setdefault(position, []).append(("passed", gettext("passed")))
    if game.get("cardholder") is not None:
        badges.setdefault(game["cardholder"], []).append(("cardholder", gettext("the cards")))
    if game.get("offered") is not None:
        badges.setdefault(game["offered"], []).append(("offered", gettext("offered the bank")))
    legal = [] if paused else list(game.get("legal") or [])
    kinds = []
    for action in legal:
        if action["type"] not in kinds:
            kinds.append(action["type"])
    low, high = game.get("amount_range") or [None, None]
    result = game.get("result") or (table.get("last_game") or {})
    return {
        "phase_label": gettext(PHASE_LABELS.get(game.get("phase"), "")) if game else "",
        "bank_text": money(game.get("bank")),
        "minimum_text": money((table.get("settings") or {}).get("min_bet")),
        "punter_svgs": [card_svg(c, "small") for c in game.get("punter_cards") or []],
        "holder_svgs": [card_svg(c, "small") for c in game.get("holder_cards") or []],
        "amount_forms": [(k, gettext(BUTTON_LABELS[k])) for k in kinds if k in AMOUNT_ACTIONS],
        "buttons": [(k, gettext(BUTTON_LABELS[k])) for k in kinds if k not in AMOUNT_ACTIONS],
        "amount_low": low,
        "amount_high": high,
        "amount_low_text": money(low) if low is not None else "",
        "amount_high_text": money(high) if high is not None else "",
        "outcome": result.get("outcome") if result and not result.get("void") else None,
        "seat_badges": badges,
    }


register(
    Presentation(
        game=GAME,
        display_name=gettext_noop("Baccarat (player bank)"),
        presenter=present,
        board_template="tables/baccarat_bank/board.html",
        replay_template="tables/baccarat_bank/_replay_step.html",
        result_template="tables/baccarat_bank/_hand_result.html",
    )
)
