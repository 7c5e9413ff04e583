"""What every twenty-one board draws alike from the engine's public view (``TwentyOne.view``), the
same for every viewer: the table's terms, the dealer, the shoe, the boxes with their hands and
stakes, who decides now (tables/families/twentyone/board.py tells each). Plain functions."""

from __future__ import annotations

from collections import Counter

from django.utils.translation import gettext_noop, ngettext

from casino.currencies import format_amount
from tables.board_words import gettext
from tables.engines.cards import SUIT_SYMBOLS
from tables.kit import back_items, card_items, signed
from tables.templatetags.cards import RANK_NAMES
from tables.templatetags.history import final_total

# a hand's outcome (the engine's words) as the board calls it; "natural" is the game's own
OUTCOME_WORDS = {
    "won": gettext_noop("won"),
    "push": gettext_noop("push"),
    "lost": gettext_noop("lost"),
    "bust": gettext_noop("bust"),
    "surrendered": gettext_noop("surrendered"),
    "even money": gettext_noop("even money"),
    "five cards": gettext_noop("five cards"),
    "three of a kind": gettext_noop("three of a kind"),
}


# a side bet's kind as the board calls it (a game adds its own: ``side_words``)
SIDE_WORDS = {"insurance": gettext_noop("insurance")}


# the css word of an outcome
OUTCOME_KINDS = {
    "natural": "won",
    "won": "won",
    "even money": "won",
    "push": "push",
    "lost": "lost",
    "bust": "lost",
    "surrendered": "lost",
    "five cards": "won",
    "three of a kind": "won",
}


# the owner's moves on a hand, as the buttons say them (a game adds its own: ``play_labels``)
PLAY_LABELS = {
    "stand": gettext_noop("Stand"),
    "hit": gettext_noop("Hit"),
    "double": gettext_noop("Double"),
    "split": gettext_noop("Split"),
    "surrender": gettext_noop("Surrender"),
}


# the offers every twenty-one game's board draws (a game's others are ``choices``)
OFFER_KINDS = ("insurance", "even_money", "surrender")


# the moves that put a stake again on the hand: their button says what it costs (the stake, or
# what the view's hand says a seat's such move costs: ``costs``)
COSTING = ("double", "split", "buy")


DEALER_SEQ = 100_000  # a dealer's card after the first: dealt after every box's


LATER_SEQ = 1_000  # a box's card after the deal


def net_kind(net: int) -> str:
    return "won" if net > 0 else ("lost" if net < 0 else "push")


def name_of(names: list[str], position) -> str:
    try:
        position = int(position)
    except (TypeError, ValueError):
        return "—"
    return names[position] if 0 <= position < len(names) else "—"


def outcome_text(outcome: str | None, natural_word: str) -> str:
    if not outcome:
        return ""
    if outcome == "natural":
        return gettext(natural_word)
    return gettext(OUTCOME_WORDS.get(outcome, outcome))


# --- cards ---------------------------------------------------------------------------------------


def _slotted(items: list[dict], slots: list[str], seqs: list[int]) -> list[dict]:
    return [
        dict(item, slot=slot, seq=seq) for item, slot, seq in zip(items, slots, seqs, strict=True)
    ]


def _hand_cards(hand: dict, prefix: str, seen: Counter, order: int, boxes: int) -> list[dict]:
    """A hand's cards face up, each with its slot (its code's occurrence in the box so far: a
    split moves a card to the next hand and keeps its slot) and its place in the deal (the first
    card of the box's order ``order``, the dealer's up card, the second; then the later ones)."""
    slots, seqs = [], []
    for at, code in enumerate(hand["cards"]):
        seen[code] += 1
        slots.append(f"{prefix}{code}{seen[code]}")
        if hand["index"] == 0 and not hand.get("split") and at < 2:
            seqs.append(order if at == 0 else boxes + 1 + order)
        else:
            seqs.append(LATER_SEQ + order * 100 + hand["index"] * 10 + at)
    return _slotted(card_items(hand["cards"], "small"), slots, seqs)


# --- the table's terms ---------------------------------------------------------------------------


def _ratio(text) -> str:
    """ "3/2" -> "3:2", "2" -> "2:1"."""
    text = str(text or "")
    return text.replace("/", ":") if "/" in text else f"{text}:1"


def head_chips(limits: dict, currency: str, natural_word: str) -> list[str]:
    """The table's terms in words, from the view's limits (or the settings before a round)."""
    chips = []
    if limits.get("natural_pays"):
        chips.append(
            gettext("%(natural)s pays %(ratio)s")
            % {"natural": gettext(natural_word), "ratio": _ratio(limits["natural_pays"])}
        )
    if limits.get("insurance_pays"):
        chips.append(gettext("insurance %(ratio)s") % {"ratio": _ratio(limits["insurance_pays"])})
    if limits.get("surrender"):
        chips.append(gettext("surrender"))
    if limits.get("bets_behind"):
        chips.append(gettext("bets behind"))
    per_player = limits.get("boxes_per_player") or 1
    # "up to": a choice of boxes, not the boxes every bet stakes (Switch's two)
    if per_player > (limits.get("boxes_a_bet") or 1):
        chips.append(gettext("up to %(count)s boxes") % {"count": per_player})
    if limits.get("max_payout"):
        chips.append(
            gettext("at most %(amount)s a box")
            % {"amount": format_amount(limits["max_payout"], currency)}
        )
    return chips


# --- the dealer and the shoe ---------------------------------------------------------------------


def dealer_item(game: dict, natural_word: str) -> dict:
    """The dealer's cards in the order dealt (a back for each still face down), his total."""
    dealer = game["dealer"]
    hand_key = game["hand"]
    boxes = len(game["boxes"])
    codes = list(dealer["cards"])
    slots = [f"r{hand_key}d{at}" for at in range(len(codes))]
    seqs = [boxes if at == 0 else DEALER_SEQ + at for at in range(len(codes))]
    cards = _slotted(card_items(codes, "normal"), slots, seqs)
    for at in range(int(dealer.get("face_down") or 0)):
        back = back_items(1, "normal")[0]
        position = len(codes) + at
        cards.append(dict(back, slot=f"r{hand_key}d{position}b", seq=DEALER_SEQ + position))
    note, note_kind = "", ""
    if dealer.get("natural"):
        note, note_kind = gettext(natural_word), "natural"
    elif dealer.get("bust"):
        note, note_kind = gettext("bust"), "bust"
    final = bool(dealer.get("natural")) or bool(game.get("over"))
    return {
        "cards": cards,
        "total": final_total(dealer.get("label")) if final else dealer.get("label") or "",
        "soft": bool(dealer.get("soft")) and not final,
        "note": note,
        "note_kind": note_kind,
    }


def shoe_item(game: dict, names: list[str]) -> dict:
    """The shoe: its number and decks, cards left, the discards (CG §94), the cut card (in, and
    how many cards ahead; or out: this round is the shoe's last, §104), a player's cut, and at a
    new shoe before its first deal the check of its composition (§105)."""
    shoe = game["shoe"]
    cut = shoe.get("cut_card") or {}
    decks = shoe.get("decks") or 0
    left = int(shoe["cards_left"])
    discards = int(shoe.get("discards") or 0)
    ahead = max(0, int(cut.get("at") or 0) - int(shoe.get("dealt") or 0))
    head = gettext("Shoe %(number)s") % {"number": shoe["number"]}
    if decks:
        head += " · " + ngettext("%(count)s deck", "%(count)s decks", decks) % {"count": decks}
    item = {
        "number": shoe["number"],
        "head": head,
        "left": left,
        "left_text": ngettext("%(count)s card left", "%(count)s cards left", left)
        % {"count": left},
        "discards": discards,
        "discards_text": gettext("discards: %(count)s") % {"count": discards},
        "cut_out": bool(cut.get("out")),
        "cut_text": ngettext(
            "the cut card comes in %(count)s card",
            "the cut card comes in %(count)s cards",
            ahead,
        )
        % {"count": ahead},
        "cut_by": "",
        "pack": None,
    }
    if shoe.get("cut") is not None and shoe.get("cutter") is not None:
        item["cut_by"] = gettext("%(player)s cut the shoe at card %(at)s") % {
            "player": name_of(names, shoe["cutter"]),
            "at": shoe["cut"],
        }
    pack = game.get("pack")
    if pack:
        if pack.get("complete"):
            text = gettext("decks: %(decks)s · cards: %(cards)s · each card: %(each)s") % {
                "decks": pack.get("decks"),
                "cards": pack["cards"],
                "each": pack.get("each"),
            }
        else:
            text = gettext("cards: %(cards)s — the pack is not complete") % {"cards": pack["cards"]}
        item["pack"] = {
            "text": text,
            "cards": pack["cards"],
            "decks": pack.get("decks"),
            "each": pack.get("each"),
            "complete": bool(pack.get("complete")),
            "ranks": [(RANK_NAMES.get(r, r), pack["by_rank"].get(r, 0)) for r in pack["ranks"]],
            "suits": [
                (SUIT_SYMBOLS.get(s, s), s, pack["by_suit"].get(s, 0)) for s in pack["suits"]
            ],
        }
    return item


# --- the boxes -----------------------------------------------------------------------------------


def _flags(hand: dict, natural_word: str) -> list[tuple[str, str]]:
    flags = []
    if hand.get("natural"):
        flags.append(("natural", gettext(natural_word)))
    if hand.get("split_aces"):
        flags.append(("split", gettext("split aces: one card")))
    if hand.get("switched"):
        flags.append(
            (
                "switched",
                gettext("second card switched: 21 is not %(natural)s")
                % {"natural": gettext(natural_word)},
            )
        )
    if hand.get("doubled"):
        flags.append(("doubled", gettext("doubled")))
    if hand.get("surrendered"):
        flags.append(("surrendered", gettext("surrendered")))
    if hand.get("bust"):
        flags.append(("bust", gettext("bust")))
    return flags


def _stake_items(hand: dict, owner: int, names: list[str], currency: str, insured=()) -> list[dict]:
    """Every stake on a hand: the staker, the amount (doubles included), what he decided for
    his own stake (a double, insurance, even money, a surrender), and once settled his payout."""
    nets = hand.get("nets") or {}
    items = []
    for stake in hand.get("stakes") or []:
        seat = stake["seat"]
        flags = []
        if seat in insured:
            flags.append(gettext("insured"))
        if stake.get("doubled"):
            flags.append(gettext("doubled"))
        if stake.get("even_money"):
            flags.append(gettext("even money"))
        if stake.get("surrendered") and not hand.get("surrendered"):
            flags.append(gettext("surrendered"))
        net = stake.get("net")
        if net is None:
            net = nets.get(str(seat))
        items.append(
            {
                "seat": seat,
                "name": name_of(names, seat),
                "owner": seat == owner,
                "text": format_amount(stake["amount"], currency),
                "flags": flags,
                "net": signed(net, currency) if net is not None else "",
                "net_kind": net_kind(net) if net is not None else "",
            }
        )
    return items


def hand_item(
    hand: dict,
    owner: int,
    names: list[str],
    currency: str,
    *,
    prefix: str,
    seen: Counter,
    order: int,
    boxes: int,
    natural_word: str,
    playing: bool,
    insured=(),
) -> dict:
    cards = _hand_cards(hand, prefix, seen, order, boxes) if hand.get("cards") else []
    outcome = hand.get("outcome")
    # written both ways ("7/17") only while a card may still come to it: a natural, a hand
    # played out, counts its best
    final = bool(hand.get("natural")) or bool(hand.get("done"))
    return {
        "index": hand["index"],
        "cards": cards,
        "total": final_total(hand.get("label")) if final else hand.get("label") or "",
        "soft": bool(hand.get("soft")) and not final,
        "flags": _flags(hand, natural_word),
        "stakes": _stake_items(hand, owner, names, currency, insured),
        "playing": playing,
        "done": bool(hand.get("done")),
        "outcome": OUTCOME_KINDS.get(outcome, "") if outcome else "",
        "outcome_text": outcome_text(outcome, natural_word),
    }


def box_item(
    box: dict,
    names: list[str],
    currency: str,
    *,
    hand_key,
    order: int,
    boxes: int,
    turn: dict | None,
    natural_word: str,
    side_words: dict | None = None,
    over: bool = False,
) -> dict:
    """One staked box: owner, hands (with their stakes), insurance and side bets, and once the
    round is over each staker's payout on the box (hands and side bets together)."""
    number = box["number"]
    owner = box["owner"]
    seen: Counter = Counter()
    hands = [
        hand_item(
            hand,
            owner,
            names,
            currency,
            prefix=f"r{hand_key}b{number}",
            seen=seen,
            order=order,
            boxes=boxes,
            natural_word=natural_word,
            playing=bool(turn and turn["box"] == number and turn["hand"] == hand["index"]),
            insured=box.get("insured") or () if hand["index"] == 0 else (),
        )
        for hand in box.get("hands") or []
    ]
    side = []
    for bet in box.get("side") or []:
        net = bet.get("net")
        kind = bet["kind"]
        label = {**SIDE_WORDS, **(side_words or {})}.get(kind, kind)
        side.append(
            {
                "kind": kind,
                "label": gettext(label),
                "name": name_of(names, bet["seat"]),
                "text": format_amount(bet["amount"], currency),
                "result": signed(net, currency) if net is not None else "",
                "result_kind": net_kind(net) if net is not None else "",
            }
        )
    nets = box.get("nets") or {}
    payouts = []
    if over and nets:
        payouts = [
            {"name": name_of(names, seat), "text": signed(net, currency), "kind": net_kind(net)}
            for seat, net in sorted(nets.items(), key=lambda kv: _stake_order(box, kv[0]))
        ]
    return {
        "index": number,
        "number": number + 1,
        "free": False,
        "owner": name_of(names, owner),
        "owner_seat": owner,
        "split": len(hands) > 1,
        "split_text": ngettext("split: %(count)s hand", "split: %(count)s hands", len(hands))
        % {"count": len(hands)}
        if len(hands) > 1
        else "",
        "hands": hands,
        "side": side,
        "playing": bool(box.get("playing")),
        "payouts": payouts,
        "total": format_amount(box.get("total") or 0, currency),
    }


def _stake_order(box: dict, seat) -> tuple:
    seats = [s["seat"] for s in box.get("stakes") or []]
    seat = int(seat)
    return (seats.index(seat) if seat in seats else len(seats), seat)


def box_items(
    game: dict, names: list[str], currency: str, natural_word: str, side_words=None
) -> list[dict]:
    """Every box of the layout in order: a free one says so."""
    by_number = {b["number"]: b for b in game.get("boxes") or []}
    order = {n: at for at, n in enumerate(sorted(by_number))}
    items = []
    for n in range(int(game.get("layout") or len(by_number))):
        box = by_number.get(n)
        if box is None:
            items.append({"index": n, "number": n + 1, "free": True})
            continue
        items.append(
            box_item(
                box,
                names,
                currency,
                hand_key=game["hand"],
                order=order[n],
                boxes=len(by_number),
                turn=game.get("turn"),
                natural_word=natural_word,
                side_words=side_words,
                over=bool(game.get("over")),
            )
        )
    return items


# --- who decides now -----------------------------------------------------------------------------


def turn_item(
    game: dict, names: list[str], asks: dict | None = None, early_text: str | None = None
) -> dict:
    """Who decides now, in words (the same for every viewer). ``asks``: a game's own moves that
    ask the stakers behind ({kind: {"turn": its sentence, ...}}, ``controls``); ``early_text``
    a game's words for the decisions before play (with %(players)s)."""
    phase = game["phase"]
    waiting = ", ".join(name_of(names, p) for p in game.get("to_act") or [])
    words = {"players": waiting}
    text, kind = "", phase
    if game.get("over"):
        text = gettext("The round is over.")
    elif phase == "cut":
        text = gettext("A new shoe: %(players)s cuts it.") % words
    elif phase == "betting":
        text = gettext("Place your bets. Waiting for: %(players)s") % words if waiting else ""
    elif phase == "insurance":
        text = (
            gettext(
                "The dealer shows an ace: insurance and even money are offered to everyone at "
                "once. Waiting for: %(players)s"
            )
            % words
        )
    elif phase == "early":
        early = early_text or gettext_noop(
            "Before play: a surrender may be made now. Waiting for: %(players)s"
        )
        text = gettext(early) % words
    elif phase == "playing" and game.get("turn"):
        turn = game["turn"]
        box = game_box(game, turn["box"])
        place = {
            "box": turn["box"] + 1,
            "hand": turn["hand"] + 1,
            "player": name_of(names, turn["seat"]),
            "players": ", ".join(name_of(names, p) for p in turn.get("asked") or []),
        }
        split = box is not None and len(box.get("hands") or []) > 1
        if turn.get("asking") in (asks or {}):
            text = gettext(asks[turn["asking"]]["turn"]) % place
            kind = "asking"
        elif turn.get("asking") == "double":
            text = (
                gettext("%(player)s doubles on box %(box)s: %(players)s, double too or not?")
                % place
            )
            kind = "asking"
        elif turn.get("asking") == "split":
            text = (
                gettext(
                    "%(player)s splits box %(box)s: %(players)s, split too, stay or move your bet?"
                )
                % place
            )
            kind = "asking"
        elif split:
            text = gettext("Box %(box)s, hand %(hand)s: %(player)s to play.") % place
        else:
            text = gettext("Box %(box)s: %(player)s to play.") % place
    return {"text": text, "kind": kind}


def game_box(game: dict, number: int) -> dict | None:
    return next((b for b in game.get("boxes") or [] if b["number"] == number), None)
