"""What every twenty-one board draws alike (the engines' shared core, tables/engines/twentyone.py):
plain functions a game's presenter calls, no registration. A game's module (tables/games/<game>.py)
registers its presentation and passes its own words (its natural's name, its extra moves); its
board calls the macros of templates/jinja2/tables/_twentyone.html with what these return.

From the engine's public view (``TwentyOne.view``), the same for every viewer, so they go in the
board's shared sections:
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
static/js/games/twentyone.js deals in, with the table kit's ``is-new`` and ``--deal``, the cards
a frame brought that the board did not show before, one after another in the deal's order.

And the seat's own: ``control_facts`` (its moves as primitives, within the limits and its
wallet: they are also its private facts, tables.games.Presentation.private_facts) and
``controls`` (the forms drawn from them), ``seat_marks`` (what its plate shows)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from django.utils.translation import gettext, gettext_noop, ngettext, pgettext

from casino.currencies import format_amount
from tables.engines.cards import SUIT_SYMBOLS
from tables.history import stake_names
from tables.kit import affordable, back_items, card_items, money_box, standard_quick_stakes
from tables.presentation import Presentation, seat_board_facts
from tables.rules import LimitRows, limit_money
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


def signed(amount: int, currency: str) -> str:
    """A net as the board calls it: "+1.00 BYN", "−1.00 BYN", "0.00 BYN"."""
    text = format_amount(abs(int(amount)), currency)
    return f"+{text}" if amount > 0 else (f"−{text}" if amount < 0 else text)


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


# --- what a seat's plate shows -------------------------------------------------------------------


def seat_marks(game: dict | None, position) -> tuple[int, int | None]:
    """A seat's money in the round: what it has staked (hands and side bets), and its net once
    the round is over (None before)."""
    if not game or position is None:
        return 0, None
    staked = 0
    for box in game.get("boxes") or []:
        for hand in box.get("hands") or []:
            staked += sum(s["amount"] for s in hand.get("stakes") or [] if s["seat"] == position)
        staked += sum(s["amount"] for s in box.get("side") or [] if s["seat"] == position)
    net = None
    if game.get("over") and game.get("result"):
        value = (game["result"].get("nets") or {}).get(str(position))
        net = int(value) if value is not None else None
    return staked, net


def seat_decorations(game: dict | None, seated, currency: str) -> tuple[dict, dict]:
    """The seat plates' stakes (text) and badges, by position, from the public view."""
    stakes, badges = {}, {}
    for position in seated:
        staked, net = seat_marks(game, position)
        if staked and net is None:
            stakes[position] = format_amount(staked, currency)
        if net is not None:
            kind = "last-won" if net > 0 else ("last-lost" if net < 0 else "passed")
            badges[position] = [(kind, signed(net, currency))]
    return stakes, badges


# --- your moves ----------------------------------------------------------------------------------


def _stake_on(game: dict, number: int, index: int, position: int) -> int:
    """What a costing move on the hand costs the seat: its stake on it, or what the hand's
    ``costs`` says (a game whose added stake is the original one)."""
    box = game_box(game, number) or {}
    hands = box.get("hands") or []
    if not 0 <= index < len(hands):
        return 0
    costs = hands[index].get("costs") or {}
    if str(position) in costs:
        return costs[str(position)]
    return next((s["amount"] for s in hands[index]["stakes"] if s["seat"] == position), 0)


def _range_items(ranges: dict, key: str) -> list[tuple[int, list]]:
    return sorted(((int(n), r) for n, r in (ranges.get(key) or {}).items()), key=lambda x: x[0])


def control_facts(game: dict | None, me, balance, paused: bool) -> dict | None:
    """Your moves as primitives (no words, no markup): what each form offers and its bounds,
    within the limits and your balance. The forms are drawn from these alone, so they are also
    the seat's private facts: a change by another that leaves them alike leaves your forms
    alike (issue 30)."""
    if not game or me is None or paused:
        return None
    legal = game.get("legal") or []
    if not legal:
        return None
    types = [a["type"] for a in legal]
    ranges = game.get("ranges") or {}
    limits = game.get("limits") or {}
    phase = game["phase"]
    facts: dict = {"phase": phase}
    if phase == "cut":
        low, high = ranges.get("cut") or [None, None]
        facts["cut"] = [low, high] if low is not None else None
        return facts
    if phase == "betting":
        owners = {b["number"]: b["owner"] for b in game.get("boxes") or []}

        def offered(key: str) -> dict | None:
            options, lows, highs, first_low = [], [], [], {}
            for n, (low, high) in _range_items(ranges, key):
                bounds = affordable(low, high, balance)
                if bounds is None:
                    continue
                options.append([n, owners.get(n)])
                lows.append(bounds[0])
                highs.append(bounds[1])
                first_low.setdefault(n, bounds[0])
            if not options:
                return None
            return {
                "options": options,
                "bounds": [min(lows), max(highs)],
                "value": first_low[options[0][0]],
            }

        # a plain bet stakes each of ``boxes_a_bet`` boxes with its amount
        per_box = balance // (limits.get("boxes_a_bet") or 1) if balance is not None else None
        bet = affordable(*(ranges.get("bet") or [None, None]), per_box)
        facts["bet"] = list(bet) if bet and "bet" in types else None
        facts["box"] = offered("boxes") if (limits.get("boxes_per_player") or 1) > 1 else None
        facts["behind"] = offered("behind")
        side = []
        for n, kinds in _range_items(ranges, "side"):
            for kind, (low, high) in sorted(kinds.items()):
                bounds = affordable(low, high, balance)
                if bounds is not None:
                    side.append([n, kind, *bounds])
        facts["side"] = side
        facts["staked"] = seat_marks(game, me)[0] > 0
        return facts
    if phase in ("insurance", "early"):
        insurance = []
        for n, (low, high) in _range_items(ranges, "insurance"):
            bounds = affordable(low, high, balance)
            if bounds is not None:
                insurance.append([n, *bounds])
        facts["insurance"] = insurance
        facts["even_money"] = sorted({a["box"] for a in legal if a["type"] == "even_money"})
        facts["surrender"] = sorted({a["box"] for a in legal if a["type"] == "surrender"})
        # a game's own decisions before play, with what its view tells of each (by its kind)
        facts["choices"] = [
            [a["type"], a["box"], game.get(a["type"])]
            for a in legal
            if a["type"] not in (*OFFER_KINDS, "done")
        ]
        return facts
    turn = game.get("turn") or {}
    number, index = turn.get("box"), turn.get("hand")
    if number is None:
        return None
    if turn.get("asking") and me in (turn.get("asked") or []):
        cost = _stake_on(game, number, index, me)
        kinds = [k for k in types if k not in COSTING or balance is None or balance >= cost]
        facts["answer"] = {
            "kind": turn["asking"],
            "box": number,
            "hand": index,
            "kinds": kinds,
            "cost": cost,
        }
        return facts
    cost = _stake_on(game, number, index, me)
    kinds = [k for k in types if k not in COSTING or balance is None or balance >= cost]
    facts["play"] = {"box": number, "hand": index, "kinds": kinds, "cost": cost}
    return facts


def controls(
    facts: dict | None,
    names: list[str],
    currency: str,
    *,
    play_labels: dict | None = None,
    side_words: dict | None = None,
    asks: dict | None = None,
    terms: dict | None = None,
    choice_text=None,
    offers_prompt: str | None = None,
) -> dict:
    """The forms of your moves (``control_facts``) as the board draws them. ``asks``: a game's
    own moves that ask the stakers behind ({kind: {"prompt": ..., "answers": {answer: label
    with %(cost)s}}}); ``terms``: the glossary keys of the offers where the game's differ
    ({"insurance": key, "even_money": key}); ``choice_text`` (kind, box, details) -> (button,
    note): a game's own decisions before play in words; ``offers_prompt`` the question before
    play when no insurance is offered."""
    drawn: dict = {
        "can_act": facts is not None,
        "cut_form": None,
        "bet_box": None,
        "box_form": None,
        "behind_form": None,
        "side_forms": [],
        "done_label": "",
        "offers": None,
        "play": None,
        "answer": None,
    }
    if facts is None:
        return drawn
    phase = facts["phase"]
    if phase == "cut":
        cut = facts.get("cut")
        if cut:
            low, high = cut
            drawn["cut_form"] = {
                "low": low,
                "high": high,
                "value": (low + high) // 2,
                "bounds": gettext("from %(low)s to %(high)s cards") % {"low": low, "high": high},
            }
        else:
            drawn["cut_form"] = {"low": None}
        return drawn
    if phase == "betting":
        if facts.get("bet"):
            low, high = facts["bet"]
            drawn["bet_box"] = money_box(
                currency, low, high, quick=standard_quick_stakes(low, high)
            )

        def own_label(n: int, owner) -> str:
            if owner is not None:
                return gettext("box %(number)s (yours)") % {"number": n + 1}
            return gettext("box %(number)s (free)") % {"number": n + 1}

        def other_label(n: int, owner) -> str:
            return gettext("box %(number)s · %(name)s") % {
                "number": n + 1,
                "name": name_of(names, owner if owner is not None else -1),
            }

        for key, label_of in (("box", own_label), ("behind", other_label)):
            offer = facts.get(key)
            if not offer:
                continue
            low, high = offer["bounds"]
            drawn[f"{key}_form"] = {
                "options": [(n, label_of(n, owner)) for n, owner in offer["options"]],
                "box": money_box(
                    currency,
                    low,
                    high,
                    value=offer["value"],
                    quick=standard_quick_stakes(low, high),
                ),
            }
        for n, kind, low, high in facts.get("side") or []:
            label = (side_words or {}).get(kind, kind)
            drawn["side_forms"].append(
                {
                    "box": n,
                    "kind": kind,
                    "label": gettext("%(bet)s on box %(number)s")
                    % {"bet": gettext(label), "number": n + 1},
                    "money": money_box(currency, low, high, value=low),
                }
            )
        drawn["done_label"] = (
            pgettext("betting", "Done") if facts.get("staked") else gettext("Pass")
        )
        return drawn
    if phase in ("insurance", "early"):
        insurance = [
            {
                "box": n,
                "label": gettext("Insure box %(number)s") % {"number": n + 1},
                "money": money_box(
                    currency,
                    low,
                    high,
                    value=high,
                    quick=[(gettext("min"), low), (gettext("half"), high)],
                ),
                # one amount only (a game's insurance of exactly half): a button, no field
                "fixed": gettext("Insure box %(number)s for %(amount)s")
                % {"number": n + 1, "amount": format_amount(high, currency)}
                if low == high
                else "",
            }
            for n, low, high in facts.get("insurance") or []
        ]
        even = [
            {
                "box": n,
                "label": gettext("Even money on box %(number)s: 1:1 now") % {"number": n + 1},
            }
            for n in facts.get("even_money") or []
        ]
        surrender = [
            {
                "box": n,
                "label": gettext("Surrender your bet on box %(number)s") % {"number": n + 1},
            }
            for n in facts.get("surrender") or []
        ]
        choices = []
        for kind, box, details in facts.get("choices") or []:
            label, note = choice_text(kind, box, details) if choice_text else (kind, "")
            choices.append({"kind": kind, "box": box, "label": label, "note": note})
        kinds = sum(1 for found in (insurance, even, surrender, choices) if found)
        if kinds > 1:
            done = gettext("No, play on")
        elif insurance:
            done = gettext("No insurance")
        elif even:
            done = gettext("No even money")
        else:
            done = gettext("No surrender")
        drawn["offers"] = {
            "insurance": insurance,
            "even_money": even,
            "surrender": surrender,
            "choices": choices,
            "done": done,
            "prompt": gettext(offers_prompt) if offers_prompt else "",
            "terms": {
                "insurance": "insurance",
                "even_money": "even_money",
                "surrender": "surrender",
                **(terms or {}),
            },
        }
        return drawn
    labels = {**PLAY_LABELS, **(play_labels or {})}
    if facts.get("answer"):
        answer = facts["answer"]
        cost = format_amount(answer["cost"], currency)
        words = {
            "double": gettext("Double too (+%(cost)s)") % {"cost": cost},
            "decline": gettext("Don't double"),
            "split": gettext("Split too (+%(cost)s)") % {"cost": cost},
            "stay": gettext("Stay on hand %(hand)s") % {"hand": answer["hand"] + 1},
            "move": gettext("Move to hand %(hand)s") % {"hand": answer["hand"] + 2},
        }
        ask = (asks or {}).get(answer["kind"])
        if ask is not None:
            prompt = gettext(ask["prompt"])
            words.update(
                {kind: gettext(label) % {"cost": cost} for kind, label in ask["answers"].items()}
            )
        elif answer["kind"] == "double":
            prompt = gettext("The owner doubles on box %(box)s: do you double your bet too?")
        else:
            prompt = gettext(
                "The owner splits box %(box)s: split your bet too, keep it on the first hand, "
                "or move it to the second?"
            )
        drawn["answer"] = {
            "box": answer["box"],
            "hand": answer["hand"],
            "prompt": prompt % {"box": answer["box"] + 1},
            "buttons": [(kind, words.get(kind, kind)) for kind in answer["kinds"]],
        }
        return drawn
    play = facts["play"]
    cost = format_amount(play["cost"], currency)
    buttons = []
    for kind in play["kinds"]:
        label = gettext(labels.get(kind, kind))
        if kind in COSTING:
            label = f"{label} (+{cost})"
        elif kind == "surrender":
            label = gettext("%(move)s (half back)") % {"move": label}
        buttons.append((kind, label))
    drawn["play"] = {
        "box": play["box"],
        "hand": play["hand"],
        "prompt": gettext("Your box %(box)s, hand %(hand)s")
        % {
            "box": play["box"] + 1,
            "hand": play["hand"] + 1,
        },
        "buttons": buttons,
    }
    return drawn


def private_facts(view: dict) -> dict:
    """What a seat's board shows of its own (tables.games.Presentation.private_facts): the
    common facts (its balance and clock among them), its moves as the forms offer them
    (``control_facts``) and what its own plate shows (``seat_marks``). Another player's hit,
    stand or insurance leaves them alike."""
    game = view.get("game")
    me = view["seat"]
    paused = view["table"]["status"] == "paused"
    return {
        **seat_board_facts(view),
        "controls": control_facts(game, me, view.get("balance"), paused),
        "marks": seat_marks(game, me),
    }


def my_deadline(table: dict, me) -> int | None:
    """Your clock's deadline (whole epoch seconds), for the prompt of your decision."""
    clock = table.get("clock") or {}
    if me is None or me not in (clock.get("seats") or []):
        return None
    deadlines = clock.get("deadlines") or {}
    when = deadlines.get(str(me), deadlines.get(me)) if deadlines else clock.get("deadline")
    return int(when) if when else None


# --- a game's board ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Words:
    """A twenty-one game's own words on the shared board (msgids, gettext_noop'd) and the terms
    its head shows before a round's view gives them."""

    natural: str  # the natural's name ("blackjack")
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
    "box": gettext_noop("bet on the box"),
    "insurance": gettext_noop("insurance"),
    "surrender": gettext_noop("surrender"),
    "super_match": gettext_noop("Super Match side bet"),
}


def presentation(game: str, display_name: str, presenter, rules, limits) -> Presentation:
    """A twenty-one game's presentation: its board (tables/<game>/board.html, extending the
    twenty-one board), the shared replay and result partials (with its tables/<game>/
    _outcome.html), the shared private facts, css and js, the wallet in the seat's view."""
    return Presentation(
        game=game,
        display_name=display_name,
        presenter=presenter,
        private_facts=private_facts,
        board_template=f"tables/{game}/board.html",
        replay_template="tables/twentyone/_replay_step.html",
        result_template="tables/twentyone/_hand_result.html",
        rules=rules,
        limits=limits,
        css="css/games/twentyone.css",
        js="js/games/twentyone.js",
        balance_in_view=True,
        bet_name=stake_names(STAKES),
    )
