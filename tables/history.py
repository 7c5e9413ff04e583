"""A finished hand in words: each logged step's public events as sentences in the reader's
language naming the players, every payment as who paid whom how much, and each player's net
result (the hand history pages, ``tables.selectors.hand_replay``).

Shared code: it names no game. The events' types go through one table of phrases (a type with
no phrase of its own still reads as a sentence, never as its raw name); a game's replay partial
(tables/games: ``replay_template``) may word its own events differently and show its cards as
its board does. Amounts are written in the table's currency (``format_amount``), never in minor
units. Only the public events are read (what the actor logged for everyone), and of the action
only its type, for an answer the engine logged no event of: an action may hold what the others
must not see (the cards a player changed)."""

from __future__ import annotations

import re
from collections.abc import Callable

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext, pgettext

from casino.currencies import format_amount
from tables.engines.base import Party, payments

# why money moved, as the engines write it -> the words (translated where shown)
REASONS = {
    reason: reason
    for reason in (
        gettext_noop("ante"),
        gettext_noop("ante pot won"),
        gettext_noop("ante pot, nobody bet"),
        gettext_noop("bank lost"),
        gettext_noop("bank not sold"),
        gettext_noop("bank opened"),
        gettext_noop("bank sold"),
        gettext_noop("bank won"),
        gettext_noop("bet"),
        gettext_noop("bet against the bank"),
        gettext_noop("bet behind"),
        gettext_noop("bet left to the bank"),
        gettext_noop("bet lost to the bank"),
        gettext_noop("bet moved to a split hand"),
        gettext_noop("bet not covered"),
        gettext_noop("bet returned"),
        gettext_noop("bet won against the bank"),
        gettext_noop("bid for the bank"),
        gettext_noop("bid returned"),
        gettext_noop("box folded"),
        gettext_noop("box lost"),
        gettext_noop("box returned"),
        gettext_noop("box won"),
        gettext_noop("chocolate"),
        gettext_noop("commission"),
        gettext_noop("commission earned"),
        gettext_noop("commission returned"),
        gettext_noop("deduction"),
        gettext_noop("double"),
        gettext_noop("entry bet"),
        gettext_noop("even money returned"),
        gettext_noop("even money won"),
        gettext_noop("half the bank taken out"),
        gettext_noop("insurance"),
        gettext_noop("insurance lost"),
        gettext_noop("insurance returned"),
        gettext_noop("insurance won"),
        gettext_noop("match won"),
        gettext_noop("pledge"),
        gettext_noop("pledge back"),
        gettext_noop("stake"),
        gettext_noop("surrender lost"),
        gettext_noop("surrender returned"),
        gettext_noop("svara joined"),
        gettext_noop("taken down"),
        gettext_noop("taken down after a win"),
        gettext_noop("taken down: the player left"),
        gettext_noop("the bank lost the coup"),
        gettext_noop("the holder left"),
        gettext_noop("tip"),
        gettext_noop("tricks"),
        gettext_noop("void"),
    )
}
# a bet off on a come-out roll returned unplayed (a layout's engine writes the ruling)
REASONS["odds off: returned (C5)"] = gettext_noop("off on this roll: returned")
# a layout's bet moved onto its number, or doubled from its win
REASONS["moved"] = gettext_noop("moved to its number")
REASONS["pressed"] = gettext_noop("pressed: the bet doubled")
# a stake put on the hand a split made (the engines write "split")
REASONS["split"] = gettext_noop("a stake on a split hand")
# a stake added with a card bought (the engines write "buy")
REASONS["buy"] = gettext_noop("a stake added for a card bought")
PERCENT_REASON = re.compile(r"^(\d+(?:\.\d+)?) % of the (bank|pot)$")
# a side bet settled (the box functions write its kind, then how): told as a side bet's
SIDE_REASON = re.compile(r"^[a-z][a-z0-9_]* (won|lost|returned)$")
SIDE_WORDS = {
    "won": gettext_noop("side bet won"),
    "lost": gettext_noop("side bet lost"),
    "returned": gettext_noop("side bet returned"),
}
# a stake a game names (its ``bet_name``): its kind, then how it was settled, or a fee for it
NAMED_REASON = re.compile(r"^([a-z][a-z0-9_]*?)(?: (won|lost|returned|fee))?$")
NAMED_WORDS = {
    "won": gettext_noop("%(bet)s won"),
    "lost": gettext_noop("%(bet)s lost"),
    "returned": gettext_noop("%(bet)s returned"),
    "fee": gettext_noop("fee: %(bet)s"),
}
# a box's own stake (not a side stake on it): ``pot:b<box>:s<seat>`` (boxes.stake_pot)
BOX_STAKE_POT = re.compile(r"^pot:b\d+:s\d+(?::h\d+)?$")
# a pot of one seat's money (a bet, a bid, a box): its name ends in the seat's number
SEAT_POT = re.compile(r"^[a-z_]+?(\d+)$")
# a seat's bet on a layout of many bets, ``s<seat>:<bet>``, and its commission, ``...:vig``
LAYOUT_POT = re.compile(r"^s(\d+):([a-z][a-z0-9_]*)(:vig)?$")


def stake_names(names: dict[str, str]) -> Callable[[str], str]:
    """A game's ``bet_name`` (tables/games) from its own words for its stakes: a kind (as its
    engine writes it in a payment's reason) -> its msgid, translated in the context "stake"
    (Russian names a stud bet "бет", any other bet "ставка"); ``main`` names a box's own
    stake."""

    def bet_name(kind: str) -> str:
        return pgettext("stake", names[kind]) if kind in names else ""

    return bet_name


class Teller:
    """Writes one hand's events: ``names`` by seat, amounts in ``currency``."""

    def __init__(
        self, names: dict[int, str], currency: str, bet_name: Callable[[str], str] | None = None
    ):
        self.names = names
        self.currency = currency
        # a game with a layout of many bets names each (tables/games: ``bet_name``): a bet's
        # kind in its events, pots and payments -> its name in the reader's language, "" for
        # no bet of that game
        self.bet_name = bet_name

    # --- the parts of a sentence ------------------------------------------------------------

    def name(self, position) -> str:
        try:
            position = int(position)
        except (TypeError, ValueError):
            return _("nobody")
        return self.names.get(position) or _("seat %(number)s") % {"number": position + 1}

    def names_of(self, positions) -> str:
        return ", ".join(self.name(p) for p in positions or [])

    def money(self, amount) -> str:
        return format_amount(int(amount or 0), self.currency)

    def signed(self, amount: int) -> str:
        sign = "+" if amount > 0 else "\u2212"
        return f"{sign}{self.money(abs(amount))}"

    def party(self, text: str) -> str:
        """A payment's party in words: a player, the pot, a seat's stake, the casino."""
        try:
            party = Party.parse(text)
        except ValueError:
            return _("the table")
        if party.kind == "seat":
            return self.name(party.key)
        if party.kind == "pot":
            layout = LAYOUT_POT.match(str(party.key))
            if layout:
                words = {"player": self.name(layout.group(1)), "bet": self.bet(layout.group(2))}
                if layout.group(3):
                    return _("%(player)s’s commission on %(bet)s") % words
                return _("%(player)s’s bet: %(bet)s") % words
            owner = SEAT_POT.match(str(party.key))
            if owner:
                return _("%(player)s’s stake") % {"player": self.name(owner.group(1))}
            if party.key == "main":
                return _("the pot")
            return _("the bank")
        if party.kind == "house" and party.key == "commission":
            return _("the casino (commission)")
        return _("the casino")

    def bet(self, kind) -> str:
        """A layout's bet by its name (``bet_name``), else as a bet."""
        name = self.bet_name(kind) if self.bet_name and isinstance(kind, str) else ""
        return name or _("a bet")

    def reason(self, text: str, target: str = "") -> str:
        """Why money moved, in words: a stake the game names in its own words first
        (``bet_name``: "ante lost", "bet won", "fee: card change"; a box's own stake paid in by
        the name of its ``main`` kind), then the shared phrases; a side bet only for a kind
        the game does not name."""
        named = self.named_reason(text or "", target)
        if named:
            return named
        if text in REASONS:
            return _(REASONS[text])
        percent = PERCENT_REASON.match(text or "")
        if percent:
            return _("%(percent)s%% of the bank") % {"percent": percent.group(1)}
        side = SIDE_REASON.match(text or "")
        if side:
            return _(SIDE_WORDS[side.group(1)])
        return ""

    def named_reason(self, text: str, target: str) -> str:
        if not self.bet_name:
            return ""
        if text == "bet" and BOX_STAKE_POT.match(target or ""):
            return self.bet_name("main")  # the box's own stake ("" where it is just a bet)
        found = NAMED_REASON.match(text)
        name = self.bet_name(found.group(1)) if found else ""
        if not name:
            return ""
        return _(NAMED_WORDS[found.group(2)]) % {"bet": name} if found.group(2) else name

    # --- sentences ----------------------------------------------------------------------------

    def payment(self, event: dict) -> dict:
        return {
            "source": self.party(event.get("source", "")),
            "target": self.party(event.get("target", "")),
            "amount": self.money(event.get("amount")),
            "reason": self.reason(event.get("reason", ""), event.get("target", "")),
        }

    def lines(self, events: list[dict], seat: int | None, action: dict | None) -> list[dict]:
        """The public events of one step as sentences (payments apart, ``payment``)."""
        lines: list[dict] = []
        for event in events or []:
            kind = event.get("type")
            if kind in ("payment", "hand_over", "deal_over") or not isinstance(kind, str):
                continue
            lines += self.event_lines(event)
        answered = any(e.get("seat") == seat for e in events or [] if e.get("type") != "payment")
        kind = (action or {}).get("type")
        if seat is not None and not answered and kind in ANSWERS:
            lines.insert(0, self.line(kind, seat, _(ANSWERS[kind]) % {"player": self.name(seat)}))
        return lines

    def line(self, kind: str, seat=None, text: str = "", cards=None, **extra) -> dict:
        return {
            "type": kind,
            "seat": seat,
            "player": self.name(seat) if seat is not None else "",
            "text": text,
            "cards": [c for c in (cards or []) if isinstance(c, str)],
            **extra,
        }

    def event_lines(self, event: dict) -> list[dict]:
        kind = event["type"]
        seat = event.get("seat")
        words = {
            "player": self.name(seat),
            "amount": self.money(event.get("amount")),
            "count": event.get("count", 0),
        }
        build = SPECIAL.get(kind)
        if build is not None:
            return build(self, event)
        return self.plain_lines(event, words)

    def plain_lines(self, event: dict, words: dict | None = None) -> list[dict]:
        """An event told by its type's phrase (``PHRASES``), or as a move."""
        kind = event["type"]
        seat = event.get("seat")
        if words is None:
            words = {
                "player": self.name(seat),
                "amount": self.money(event.get("amount")),
                "count": event.get("count", 0),
            }
        phrase = PHRASES.get(kind)
        if phrase is None:
            text = (
                _("%(player)s makes a move") % words if seat is not None else _("The game goes on")
            )
        else:
            text = _(phrase) % words
        extra = {"amount": words["amount"]} if event.get("amount") is not None else {}
        if isinstance(event.get("game"), str):
            extra["game"] = event["game"]  # what was declared, for the game's partial to name
        cards = event.get("cards") if isinstance(event.get("cards"), list) else None
        if cards is None and isinstance(event.get("card"), str):
            cards = [event["card"]]
        return [self.line(kind, seat, text, cards, **extra)]

    def net(self, events: list[dict], owners: dict[str, str]) -> list[dict]:
        """What each party won (+) or lost (-) over the hand: a seat's own pot (its bet, bid or
        box) is its money, a pot the engine says a seat keeps (``pot_owners``) its keeper's;
        what stays in the pot for the next hand is shown as the pot's."""
        moved: dict[str, int] = {}
        for payment in payments(events):
            for party, change in (
                (payment.source, -payment.amount),
                (payment.target, payment.amount),
            ):
                owner = owners.get(party, party)
                try:
                    parsed = Party.parse(owner)
                except ValueError:
                    continue
                if parsed.kind == "pot":
                    seat = SEAT_POT.match(str(parsed.key)) or LAYOUT_POT.match(str(parsed.key))
                    if seat:
                        owner = f"seat:{seat.group(1)}"
                moved[owner] = moved.get(owner, 0) + change

        def order(party: str):
            parsed = Party.parse(party)
            return (parsed.kind != "seat", parsed.kind, str(parsed.key).zfill(3))

        def label(party: str, amount: int) -> str:
            if party.startswith("pot") and amount > 0:  # money the hand leaves in play
                return _("%(pot)s, still in play") % {"pot": self.party(party)}
            return self.party(party)

        return [
            {"party": label(p, a), "amount": self.signed(a), "won": a > 0}
            for p, a in sorted(moved.items(), key=lambda item: order(item[0]))
            if a
        ]

    def amounts(self, events: list[dict]) -> list[dict]:
        """Each player's money over the hand, by seat: what he staked (paid from his wallet into
        the hand: antes, bets, fees) and what his wallet gained or lost in all; only seats whose
        money moved (the hand history's list and panel, for every game alike)."""
        staked: dict[int, int] = {}
        result: dict[int, int] = {}
        for payment in payments(events):
            source, target = _parsed(payment.source), _parsed(payment.target)
            if source is not None and source.kind == "seat":
                seat = int(source.key)
                result[seat] = result.get(seat, 0) - payment.amount
                if target is None or target.kind != "seat":  # into the hand, not to a player
                    staked[seat] = staked.get(seat, 0) + payment.amount
            if target is not None and target.kind == "seat":
                seat = int(target.key)
                result[seat] = result.get(seat, 0) + payment.amount
        return [
            {
                "seat": seat,
                "player": self.name(seat),
                "staked": self.money(staked.get(seat, 0)),
                "result": self.signed(result[seat]) if result[seat] else self.money(0),
                "won": result[seat] > 0,
                "lost": result[seat] < 0,
            }
            for seat in sorted(set(staked) | set(result))
        ]


def _parsed(party: str) -> Party | None:
    try:
        return Party.parse(party)
    except ValueError:
        return None


def _counted(phrase: Callable[[int], str]) -> Callable[[Teller, dict], list[dict]]:
    """A sentence with a number of cards in it (``phrase(count)``: its ngettext, for Russian's
    three plural forms)."""

    def build(teller: Teller, event: dict) -> list[dict]:
        count = int(event.get("count") or 0)
        words = {"player": teller.name(event.get("seat")), "count": count}
        return [teller.line(event["type"], event.get("seat"), phrase(count) % words)]

    return build


def _draws(count: int) -> str:
    return ngettext("%(player)s draws %(count)s card", "%(player)s draws %(count)s cards", count)


def _took(count: int) -> str:
    return ngettext("%(player)s takes %(count)s card", "%(player)s takes %(count)s cards", count)


def _beaten_off(count: int) -> str:
    return ngettext(
        "Beaten off: %(count)s card to the discards",
        "Beaten off: %(count)s cards to the discards",
        count,
    )


def _dealt(teller: Teller, event: dict) -> list[dict]:
    """Cards dealt: who deals or leads, the trump turned up, each seat's open card."""
    seat = event.get("seat")
    lines = []
    if seat is not None:
        return [teller.line("deal", seat, _("%(player)s deals") % {"player": teller.name(seat)})]
    text = _("Cards are dealt")
    if event.get("game"):
        text = _("Game %(number)s: cards are dealt") % {"number": event["game"]}
    lines.append(teller.line("deal", None, text))
    if isinstance(event.get("trump_card"), str):
        lines.append(teller.line("trump", None, _("Trumps:"), [event["trump_card"]]))
    if event.get("leader") is not None:
        words = {"player": teller.name(event["leader"])}
        lines.append(teller.line("leader", event["leader"], _("%(player)s moves first") % words))
    if isinstance(event.get("cards"), dict):
        for position, card in sorted(event["cards"].items(), key=lambda item: int(item[0])):
            words = {"player": teller.name(position)}
            lines.append(
                teller.line("card", int(position), _("%(player)s’s card:") % words, [card])
            )
    if isinstance(event.get("boxes"), dict):  # a house game's open boxes, by box number
        for number, card in sorted(event["boxes"].items(), key=lambda item: int(item[0])):
            words = {"box": int(number) + 1}
            lines.append(teller.line("card", None, _("Box %(box)s:") % words, [card]))
    if isinstance(event.get("hands"), dict):  # a house game's boxes of several cards each
        for number, cards in sorted(event["hands"].items(), key=lambda item: int(item[0])):
            words = {"box": int(number) + 1}
            lines.append(teller.line("card", None, _("Box %(box)s:") % words, cards))
    if isinstance(event.get("dealer"), str):
        lines.append(teller.line("dealer", None, _("The dealer’s card:"), [event["dealer"]]))
    return lines


def _box_number(event: dict):
    """A house game's box as people count it (from 1), or None."""
    box = event.get("box")
    return box + 1 if isinstance(box, int) and not isinstance(box, bool) else None


def _dealer_card(teller: Teller, event: dict) -> list[dict]:
    """A house game's dealer turns his card."""
    card = event.get("card")
    return [teller.line("dealer", None, _("The dealer’s card:"), [card] if card else None)]


def _box_bet(teller: Teller, event: dict) -> list[dict]:
    """A stake on a box of a house game: one's own box (open or dark), behind another's, or a
    side bet on it; a bet with no box is told as any game's bet."""
    seat = event.get("seat")
    words = {
        "player": teller.name(seat),
        "amount": teller.money(event.get("amount")),
        "box": _box_number(event),
    }
    kind = event["type"]
    if kind == "bet" and isinstance(event.get("bet"), str):  # a bet on a layout's spot
        words["bet"] = teller.bet(event["bet"])
        text = _("%(player)s bets %(amount)s: %(bet)s") % words
        return [teller.line(kind, seat, text, amount=words["amount"], bet=event["bet"])]
    if words["box"] is None:
        return teller.plain_lines(event)
    if kind == "ante" and event.get("dark"):
        text = _("%(player)s puts an ante of %(amount)s on box %(box)s, dark, and its bet")
    elif kind == "ante":
        text = _("%(player)s puts an ante of %(amount)s on box %(box)s")
    elif kind == "bonus":
        text = _("%(player)s puts the bonus of %(amount)s on box %(box)s")
    elif kind == "behind":
        text = _("%(player)s bets %(amount)s behind box %(box)s")
    elif kind == "side":
        text = _("%(player)s puts a side bet of %(amount)s on box %(box)s")
    elif event.get("dark"):
        text = _("%(player)s bets %(amount)s on box %(box)s, dark")
    else:
        text = _("%(player)s bets %(amount)s on box %(box)s")
    return [teller.line(kind, seat, text % words, amount=words["amount"])]


# a move on a house game's box or on one hand of it (%(player)s, %(box)s, %(amount)s)
BOX_MOVES = {
    "hit": gettext_noop("%(player)s takes a card on box %(box)s:"),
    "double": gettext_noop("%(player)s doubles the bet on box %(box)s"),
    "split": gettext_noop("%(player)s splits box %(box)s"),
    "surrender": gettext_noop("%(player)s surrenders the bet on box %(box)s"),
    "stay": gettext_noop("%(player)s keeps the bet on the first hand of box %(box)s"),
    "move": gettext_noop("%(player)s moves the bet to the new hand of box %(box)s"),
    "even_money": gettext_noop("%(player)s takes even money on box %(box)s"),
    "insurance": gettext_noop("%(player)s insures box %(box)s for %(amount)s"),
    "decline": gettext_noop("%(player)s does not double on box %(box)s"),
    "twist": gettext_noop("%(player)s twists on box %(box)s"),
    "buy": gettext_noop("%(player)s buys a card on box %(box)s"),
}
# the card of an owner's move that asked the stakers behind first (a card event's "ask")
ASKED_CARDS = {"buy": gettext_noop("Box %(box)s gets the card bought:")}


def _box_move(teller: Teller, event: dict) -> list[dict]:
    """A player's move on a box (a card taken, a double, a split and the answers to it, a
    surrender, insurance, even money); with no box, the move as any game's."""
    seat = event.get("seat")
    words = {
        "player": teller.name(seat),
        "box": _box_number(event),
        "amount": teller.money(event.get("amount")),
    }
    kind = event["type"]
    if words["box"] is None or seat is None:
        return teller.plain_lines(event)
    cards = [event["card"]] if isinstance(event.get("card"), str) else None
    extra = {"amount": words["amount"]} if event.get("amount") is not None else {}
    return [teller.line(kind, seat, _(BOX_MOVES[kind]) % words, cards, **extra)]


def _box_cards(teller: Teller, event: dict) -> list[dict]:
    """Cards to a box's hand by the dealer: a doubled hand's one card, a card bought, a card to
    each hand of a split."""
    words = {"box": _box_number(event)}
    cards = event.get("cards") if isinstance(event.get("cards"), list) else [event.get("card")]
    if words["box"] is None:
        return [teller.line(event["type"], None, _("Cards are dealt"), cards)]
    if event["type"] == "split_cards":
        text = _("Box %(box)s: a card to each hand of the split:")
    elif event.get("ask") in ASKED_CARDS:
        text = _(ASKED_CARDS[event["ask"]])
    else:
        text = _("Box %(box)s gets its one card:")
    return [teller.line(event["type"], None, text % words, cards)]


def _card_change(teller: Teller, event: dict) -> list[dict]:
    """A box gives cards back for a fee (a change, a card bought, an exchange): how many go
    and come, never which (they are the owner's)."""
    returned, taken = int(event.get("returned") or 0), int(event.get("count") or 0)
    words = {
        "player": teller.name(event.get("seat")),
        "box": _box_number(event),
        "fee": teller.money(event.get("fee")),
        "returned": returned,
        "count": taken,
    }
    if not returned:
        text = ngettext(
            "%(player)s buys %(count)s card for box %(box)s, fee %(fee)s",
            "%(player)s buys %(count)s cards for box %(box)s, fee %(fee)s",
            taken,
        )
    elif returned == taken:
        text = ngettext(
            "%(player)s changes %(returned)s card on box %(box)s, fee %(fee)s",
            "%(player)s changes %(returned)s cards on box %(box)s, fee %(fee)s",
            returned,
        )
    else:
        text = ngettext(
            "%(player)s gives back %(returned)s card on box %(box)s and takes %(count)s, "
            "fee %(fee)s",
            "%(player)s gives back %(returned)s cards on box %(box)s and takes %(count)s, "
            "fee %(fee)s",
            returned,
        )
    return [teller.line("card_change", event.get("seat"), text % words)]


def _cards_drawn(teller: Teller, event: dict) -> list[dict]:
    count = int(event.get("count") or 0)
    words = {"box": _box_number(event), "count": count}
    text = ngettext("Box %(box)s gets %(count)s card", "Box %(box)s gets %(count)s cards", count)
    return [teller.line("drawn", None, text % words)]


def _dealer_hand(teller: Teller, event: dict) -> list[dict]:
    """A dealer opens his hand against the boxes: whether it qualifies them for the pay table."""
    if event.get("qualified"):
        text = _("The dealer opens his cards: he qualifies")
    else:
        text = _("The dealer opens his cards: no game")
    cards = event.get("cards") if isinstance(event.get("cards"), list) else None
    return [teller.line("dealer", None, text, cards)]


def _game_bought(teller: Teller, event: dict) -> list[dict]:
    words = {"old": event.get("replaced"), "new": event.get("drawn")}
    if event.get("qualified"):
        text = _("A game bought: the dealer replaces %(old)s with %(new)s and qualifies")
    else:
        text = _("A game bought: the dealer replaces %(old)s with %(new)s, still no game")
    cards = [event["drawn"]] if isinstance(event.get("drawn"), str) else None
    return [teller.line("game_bought", None, text % words, cards)]


def _box_settled(teller: Teller, event: dict) -> list[dict]:
    words = {"box": _box_number(event)}
    text = {
        "won": _("Box %(box)s beats the dealer"),
        "lost": _("Box %(box)s loses to the dealer"),
        "tie": _("Box %(box)s ties with the dealer: stakes back"),
        "no game": _("Box %(box)s: the dealer has no game, the ante is paid"),
        "no game push": _("Box %(box)s: the dealer has no game, stakes back"),
        "svara limit": _("Box %(box)s ties again at the svara's limit: stakes back"),
    }.get(event.get("outcome"), _("Box %(box)s is settled"))
    return [teller.line("settled", None, text % words)]


def _cut(teller: Teller, event: dict) -> list[dict]:
    words = {"player": teller.name(event.get("seat")), "at": event.get("at")}
    return [teller.line("cut", event.get("seat"), _("%(player)s cuts at card %(at)s") % words)]


def _peek(teller: Teller, event: dict) -> list[dict]:
    if event.get("natural"):
        text = _("The dealer checks his face-down card: a natural")
    else:
        text = _("The dealer checks his face-down card: no natural")
    return [teller.line("peek", None, text)]


def _switch(teller: Teller, event: dict) -> list[dict]:
    """A box's card changed for a fee: the card given up, then the new one."""
    seat = event.get("seat")
    words = {"player": teller.name(seat), "box": _box_number(event)}
    cards = [c for c in (event.get("old"), event.get("card")) if isinstance(c, str)]
    return [
        teller.line("switch", seat, _("%(player)s changes the card of box %(box)s:") % words, cards)
    ]


def _boxes_switched(teller: Teller, event: dict) -> list[dict]:
    """Two boxes' second cards swapped by their player: both hands as they now stand."""
    seat = event.get("seat")
    numbers = event.get("boxes") or []
    hands = event.get("hands") or []
    if len(numbers) != 2 or len(hands) != 2:
        return teller.plain_lines(event)
    words = {"player": teller.name(seat), "first": numbers[0] + 1, "second": numbers[1] + 1}
    text = _("%(player)s switches the second cards of boxes %(first)s and %(second)s:") % words
    return [teller.line("boxes_switched", seat, text, [*hands[0], *hands[1]])]


def _side_result(teller: Teller, event: dict) -> list[dict]:
    """A side bet settled on the cards at once: the cards it was judged on and its line."""
    seat = event.get("seat")
    words = {"player": teller.name(seat), "box": _box_number(event)}
    if event.get("line"):
        words["line"] = _(event["line"])
        text = _("%(player)s’s side bet on box %(box)s wins: %(line)s, on") % words
    else:
        text = _("%(player)s’s side bet on box %(box)s loses, on") % words
    return [teller.line("side_result", seat, text, event.get("cards"))]


def _cards_dealt(teller: Teller, event: dict) -> list[dict]:
    words = {"player": teller.name(event.get("cardholder"))}
    return [
        teller.line(
            "cards_dealt",
            event.get("cardholder"),
            _("The punters’ cards (%(player)s holds them):") % words,
            event.get("punter"),
            side="punter",
        ),
        teller.line(
            "cards_dealt", None, _("The bank’s cards:"), event.get("holder"), side="holder"
        ),
    ]


def _third_card(teller: Teller, event: dict) -> list[dict]:
    if event.get("side") == "holder":
        text = _("Third card to the bank:")
    else:
        text = _("Third card to the punters:")
    return [teller.line("third_card", None, text, [event.get("card")], side=event.get("side"))]


def _started(teller: Teller, event: dict) -> list[dict]:
    words = {"players": teller.names_of(event.get("players"))}
    if event.get("players"):
        lines = [teller.line("hand_started", None, _("The hand starts: %(players)s") % words)]
    else:
        lines = [teller.line("hand_started", None, _("The hand starts"))]
    if event.get("shooter") is not None:  # a dice game's shooter, coming out or on a point
        words = {"player": teller.name(event["shooter"]), "number": event.get("point")}
        if event.get("point") is None:
            text = _("%(player)s has the dice: coming out")
        else:
            text = _("%(player)s has the dice; the point is %(number)s")
        lines.append(teller.line("shooter", event["shooter"], text % words))
    pack = event.get("pack")
    if event.get("new_shoe") and isinstance(pack, dict):  # a new shoe's cards, checked
        words = {
            "number": event.get("shoe"),
            "decks": pack.get("decks"),
            "cards": pack.get("cards"),
            "each": pack.get("each"),
        }
        if pack.get("complete"):
            text = _(
                "New shoe %(number)s, checked: decks: %(decks)s · cards: %(cards)s · each card: "
                "%(each)s"
            )
        else:
            text = _("New shoe %(number)s: cards: %(cards)s — the pack is not complete")
        lines.append(teller.line("shoe", None, text % words))
    if event.get("cutter") is not None:
        words = {"player": teller.name(event["cutter"])}
        lines.append(teller.line("cutter", event["cutter"], _("%(player)s cuts the shoe") % words))
    return lines


def _showdown(teller: Teller, event: dict) -> list[dict]:
    lines = [teller.line("showdown", None, _("Showdown"))]
    scores = event.get("scores") or {}
    for position, cards in sorted((event.get("hands") or {}).items(), key=lambda i: int(i[0])):
        points = int(scores.get(position, 0))
        words = {"player": teller.name(position), "count": points}
        text = ngettext("%(player)s: %(count)s point", "%(player)s: %(count)s points", points)
        lines.append(teller.line("shown", int(position), text % words, cards, points=points))
    return lines


STREETS = {
    3: gettext_noop("Third street, the open cards:"),
    4: gettext_noop("Fourth street:"),
    5: gettext_noop("Fifth street:"),
    6: gettext_noop("Sixth street:"),
    7: gettext_noop("Seventh street: a card down to each"),
}


def _street(teller: Teller, event: dict) -> list[dict]:
    """A stud street dealt: a line, then each player's open card (a card dealt down is not
    told)."""
    street = event.get("street")
    lines = [teller.line("street", None, _(STREETS.get(street, STREETS[4])))]
    for position, card in sorted((event.get("up") or {}).items(), key=lambda i: int(i[0])):
        words = {"player": teller.name(position)}
        lines.append(teller.line("up_card", int(position), _("%(player)s:") % words, [card]))
    return lines


def _community(teller: Teller, event: dict) -> list[dict]:
    text = _("The deck is short: one card face up for everyone:")
    return [teller.line("community", None, text, [event.get("card")])]


def _opened(teller: Teller, event: dict) -> list[dict]:
    """Poker hands opened at a showdown, each named (its category, a msgid the engine gives)."""
    lines = [teller.line("showdown", None, _("Showdown"))]
    names = event.get("names") or {}
    for position, cards in sorted((event.get("hands") or {}).items(), key=lambda i: int(i[0])):
        words = {"player": teller.name(position), "hand": _(names.get(position) or "")}
        text = _("%(player)s: %(hand)s") % words
        lines.append(teller.line("shown", int(position), text, cards))
    return lines


def _auction_over(teller: Teller, event: dict) -> list[dict]:
    if event.get("winner") is None:
        return [teller.line("auction_over", None, _("Nobody takes the bank"))]
    words = {"player": teller.name(event["winner"]), "amount": teller.money(event.get("amount"))}
    return [
        teller.line(
            "auction_over", event["winner"], _("%(player)s wins the bank with %(amount)s") % words
        )
    ]


def _holder(teller: Teller, event: dict) -> list[dict]:
    words = {"player": teller.name(event.get("seat")), "amount": teller.money(event.get("bank"))}
    return [
        teller.line(
            "holder", event.get("seat"), _("%(player)s holds the bank of %(amount)s") % words
        )
    ]


def _auction(teller: Teller, event: dict) -> list[dict]:
    words = {"player": teller.name(event.get("seller")), "amount": teller.money(event.get("cap"))}
    return [
        teller.line(
            "auction",
            event.get("seller"),
            _("%(player)s sells the bank, bids up to %(amount)s") % words,
        )
    ]


def _bets_closed(teller: Teller, event: dict) -> list[dict]:
    accepted = event.get("accepted") or {}
    words = {"amount": teller.money(sum(int(a) for a in accepted.values()))}
    lines = [teller.line("bets_closed", None, _("No more bets: %(amount)s in play") % words)]
    return lines


def _svara_offered(teller: Teller, event: dict) -> list[dict]:
    words = {
        "players": teller.names_of(event.get("tied")),
        "amount": teller.money(event.get("bank")),
    }
    return [
        teller.line(
            "svara_offered",
            None,
            _("A tie between %(players)s: a svara for %(amount)s is offered") % words,
        )
    ]


def _svara_opened(teller: Teller, event: dict) -> list[dict]:
    words = {
        "number": event.get("svara"),
        "boxes": ", ".join(str(int(n) + 1) for n in event.get("boxes") or []),
    }
    text = _("Svara %(number)s: boxes %(boxes)s tied with the dealer, the ante doubles") % words
    return [teller.line("svara_offered", None, text)]


def _svara_answer(teller: Teller, event: dict) -> list[dict]:
    words = {
        "player": teller.name(event.get("seat")),
        "box": _box_number(event),
        "ante": teller.money(event.get("ante") or 0),
        "amount": teller.money(event.get("amount") or 0),
    }
    text = {
        "svara_doubled": _("%(player)s plays the svara on box %(box)s: the ante is %(ante)s"),
        "svara_joined": _("%(player)s joins the svara on box %(box)s with %(amount)s"),
        "svara_declined": _("%(player)s lets the svara pass"),
    }[event["type"]]
    return [teller.line(event["type"], event.get("seat"), text % words)]


def _svara_dealt(teller: Teller, event: dict) -> list[dict]:
    words = {"players": teller.names_of(event.get("players"))}
    return [teller.line("svara_dealt", None, _("The svara is dealt to %(players)s") % words)]


def _trick(teller: Teller, event: dict) -> list[dict]:
    words = {"player": teller.name(event.get("winner"))}
    return [teller.line("trick", event.get("winner"), _("%(player)s takes the trick") % words)]


def _play_starts(teller: Teller, event: dict) -> list[dict]:
    words = {"player": teller.name(event.get("leader"))}
    return [teller.line("play_starts", event.get("leader"), _("%(player)s leads") % words)]


def _exchange(teller: Teller, event: dict) -> list[dict]:
    count = int(event.get("out") or 0)
    words = {"player": teller.name(event.get("seat")), "count": count}
    if not count:
        text = _("%(player)s keeps the cards") % words
    else:
        text = (
            ngettext(
                "%(player)s changes %(count)s card", "%(player)s changes %(count)s cards", count
            )
            % words
        )
    return [teller.line("exchange", event.get("seat"), text)]


def _reshuffle(teller: Teller, event: dict) -> list[dict]:
    count = int(event.get("cards") or 0)
    text = ngettext(
        "The discards (%(count)s card) are shuffled into a new deck",
        "The discards (%(count)s cards) are shuffled into a new deck",
        count,
    ) % {"count": count}
    return [teller.line("reshuffle", None, text)]


def _turned(teller: Teller, event: dict) -> list[dict]:
    text = _("Turned up again:") if event.get("repeat") else _("Trumps:")
    return [teller.line("turned", None, text, [event.get("card")])]


def _redeal(teller: Teller, event: dict) -> list[dict]:
    words = {"amount": teller.money(event.get("bank"))}
    return [
        teller.line(
            "redeal", None, _("Everyone passed: a new deal, the bank of %(amount)s stays") % words
        )
    ]


def _attack(teller: Teller, event: dict) -> list[dict]:
    words = {"player": teller.name(event.get("seat"))}
    text = _("%(player)s throws in") if event.get("throw_in") else _("%(player)s attacks")
    return [teller.line("attack", event.get("seat"), text % words, event.get("cards"))]


def _defend(teller: Teller, event: dict) -> list[dict]:
    words = {"player": teller.name(event.get("seat"))}
    return [
        teller.line(
            "defend",
            event.get("seat"),
            _("%(player)s beats") % words,
            [event.get("target")],
            beaten_with=event.get("card"),
        )
    ]


def _draw(teller: Teller, event: dict) -> list[dict]:
    if event.get("count") is not None:
        return _counted(_draws)(teller, event)
    words = {"player": teller.name(event.get("seat"))}
    return [teller.line("draw", event.get("seat"), _("%(player)s draws a card") % words)]


def _game_over(teller: Teller, event: dict) -> list[dict]:
    words = {"player": teller.name(event.get("winner"))}
    if event.get("winner") is None:
        return [teller.line("game_over", None, _("The game ends in a draw"))]
    return [teller.line("game_over", event.get("winner"), _("%(player)s wins the game") % words)]


def _match_over(teller: Teller, event: dict) -> list[dict]:
    words = {"player": teller.name(event.get("winner"))}
    return [teller.line("match_over", event.get("winner"), _("%(player)s wins the match") % words)]


def _score(teller: Teller, event: dict) -> list[dict]:
    score = event.get("score") or []
    words = {"score": " : ".join(str(int(s)) for s in score)}
    return [teller.line("score", None, _("Score %(score)s") % words)]


def _roll(teller: Teller, event: dict) -> list[dict]:
    if isinstance(event.get("faces"), list) and len(event["faces"]) == 2:  # a pair of dice
        return _pair_thrown(teller, event)
    if event.get("seat") is None and _box_number(event) is not None:  # a tie on a house's box
        words = {"box": _box_number(event), "die": event.get("die")}
        return [teller.line("roll", None, _("Box %(box)s: the die shows %(die)s") % words)]
    words = {"player": teller.name(event.get("seat")), "die": event.get("die")}
    return [teller.line("roll", event.get("seat"), _("%(player)s rolls %(die)s") % words)]


def _pair_thrown(teller: Teller, event: dict) -> list[dict]:
    """A shooter throws the two dice he picked of a numbered set: which, their faces, the
    total."""
    first, second = event["faces"]
    words = {"player": teller.name(event.get("seat")), "first": first, "second": second}
    words["total"] = event.get("total", first + second)
    picked = event.get("dice") if isinstance(event.get("dice"), list) else []
    if len(picked) == 2:
        words["die"], words["other"] = picked
        text = _(
            "%(player)s throws dice No. %(die)s and No. %(other)s: %(first)s + %(second)s = "
            "%(total)s"
        )
    else:
        text = _("%(player)s throws %(first)s + %(second)s = %(total)s")
    return [teller.line("roll", event.get("seat"), text % words, faces=[first, second])]


# a layout bet's decision on a roll (%(player)s, %(bet)s, %(amount)s won, %(number)s moved to)
DECIDED = {
    "win": gettext_noop("%(player)s: %(bet)s wins %(amount)s"),
    "lose": gettext_noop("%(player)s: %(bet)s loses"),
    "move": gettext_noop("%(player)s: %(bet)s moves to %(number)s"),
    "return": gettext_noop("%(player)s: %(bet)s was off on this roll and comes back"),
}
# a place bet's choice for its next win (%(player)s, %(bet)s)
AFTER_WIN = {
    "same": gettext_noop("%(player)s: after a win %(bet)s stays up, the win paid"),
    "press": gettext_noop("%(player)s: after a win %(bet)s is pressed (doubled)"),
    "down": gettext_noop("%(player)s: after a win %(bet)s comes down with the win"),
}


def _layout_words(teller: Teller, event: dict) -> dict:
    return {
        "player": teller.name(event.get("seat")),
        "bet": teller.bet(event.get("bet")),
        "amount": teller.money(event.get("won", event.get("amount"))),
        "number": event.get("number"),
    }


def _resolved(teller: Teller, event: dict) -> list[dict]:
    """A bet on a layout decided by the roll: won (how much), lost, moved to its number, or
    back unplayed."""
    outcome = event.get("outcome")
    if outcome not in DECIDED:
        return teller.plain_lines(event)
    text = _(DECIDED[outcome]) % _layout_words(teller, event)
    extra = {"amount": teller.money(event["won"])} if outcome == "win" else {}
    return [teller.line("resolved", event.get("seat"), text, outcome=outcome, **extra)]


def _taken_down(teller: Teller, event: dict) -> list[dict]:
    words = _layout_words(teller, event)
    text = _("%(player)s: %(bet)s comes down, %(amount)s back") % words
    return [teller.line("taken_down", event.get("seat"), text, amount=words["amount"])]


def _working(teller: Teller, event: dict) -> list[dict]:
    words = _layout_words(teller, event)
    if event.get("on"):
        text = _("%(player)s turns %(bet)s on: it works on the come-out roll") % words
    else:
        text = _("%(player)s turns %(bet)s off for the come-out roll") % words
    return [teller.line("working", event.get("seat"), text)]


def _after_win(teller: Teller, event: dict) -> list[dict]:
    choice = event.get("choice")
    if choice not in AFTER_WIN:
        return teller.plain_lines(event)
    text = _(AFTER_WIN[choice]) % _layout_words(teller, event)
    return [teller.line("after_win", event.get("seat"), text, choice=choice)]


def _bet_group(teller: Teller, event: dict) -> list[dict]:
    """Several numbers of a layout bet at once (each one's bet follows as its own line)."""
    words = {"player": teller.name(event.get("seat")), "group": teller.bet(event.get("group"))}
    text = _("%(player)s places %(group)s at once:") % words
    return [teller.line("place_group", event.get("seat"), text)]


def _point(teller: Teller, event: dict) -> list[dict]:
    words = {"number": event.get("number")}
    if event["type"] == "point":
        text = _("The point is %(number)s: the puck turns ON")
    else:
        text = _("%(number)s, the winner: the point is made, the puck turns OFF")
    return [teller.line(event["type"], None, text % words, number=event.get("number"))]


def _shooter(teller: Teller, event: dict) -> list[dict]:
    words = {"player": teller.name(event.get("seat"))}
    text = {
        "shooter": _("The dice are offered to %(player)s: a turn to bet first"),
        "dice_to_shooter": _("No more bets: the dice go to %(player)s"),
        "dice_refused": _("%(player)s passes the dice on"),
    }[event["type"]]
    return [teller.line(event["type"], event.get("seat"), text % words)]


def _done(teller: Teller, event: dict) -> list[dict]:
    """A player done: with his bets, at a game of a layout of bets; else as any game's."""
    if not teller.bet_name:
        return teller.plain_lines(event)
    words = {"player": teller.name(event.get("seat"))}
    return [teller.line("done", event.get("seat"), _("%(player)s is done betting") % words)]


def _tip(teller: Teller, event: dict) -> list[dict]:
    words = {"player": teller.name(event.get("seat")), "other": teller.name(event.get("to"))}
    return [teller.line("tip", event.get("seat"), _("%(player)s tips %(other)s") % words)]


def _offer(teller: Teller, event: dict) -> list[dict]:
    words = {"players": teller.names_of(event.get("order"))}
    return [teller.line("offer", None, _("The bank is offered in turn: %(players)s") % words)]


def _takes_trump(teller: Teller, event: dict) -> list[dict]:
    words = {"player": teller.name(event.get("seat"))}
    return [
        teller.line(
            "takes_trump_card",
            event.get("seat"),
            _("%(player)s takes the trump card") % words,
            [event.get("card")],
        )
    ]


def _forfeit(teller: Teller, event: dict) -> list[dict]:
    words = {"player": teller.name(event.get("seat"))}
    if event.get("reason") == "absent":
        text = _("%(player)s is absent and loses by forfeit")
    else:
        text = _("%(player)s leaves and loses by forfeit")
    return [teller.line("forfeit", event.get("seat"), text % words)]


def _timeout(teller: Teller, event: dict) -> list[dict]:
    words = {"player": teller.name(event.get("seat"))}
    return [teller.line("timeout", event.get("seat"), _("%(player)s: time is up") % words)]


# an event of this type, written plainly (%(player)s its seat, %(amount)s its amount)
PHRASES = {
    "bet": gettext_noop("%(player)s bets %(amount)s"),
    "pass": gettext_noop("%(player)s: pass"),
    "fold": gettext_noop("%(player)s folds"),
    "check": gettext_noop("%(player)s checks"),
    "call": gettext_noop("%(player)s calls %(amount)s"),
    "raise": gettext_noop("%(player)s raises: %(amount)s in"),
    "returned": gettext_noop("%(amount)s nobody called goes back to %(player)s"),
    "bid": gettext_noop("%(player)s bids %(amount)s for the bank"),
    "open": gettext_noop("%(player)s opens a bank of %(amount)s"),
    "decline": gettext_noop("%(player)s declines"),
    "sell": gettext_noop("%(player)s sells the bank"),
    "withdraw_half": gettext_noop("%(player)s takes %(amount)s, half the bank, out"),
    "take_chocolate": gettext_noop("%(player)s takes the chocolate"),
    "no_chocolate": gettext_noop("%(player)s leaves the chocolate in the bank"),
    "stand": gettext_noop("%(player)s stands"),
    "propose": gettext_noop("%(player)s proposes a showdown"),
    "accept": gettext_noop("%(player)s agrees"),
    "refuse": gettext_noop("%(player)s refuses"),
    "join": gettext_noop("%(player)s joins the svara"),
    "help": gettext_noop("%(player)s helps"),
    "five": gettext_noop("%(player)s: “five”"),
    "declare": gettext_noop("%(player)s declares a game"),
    "alone": gettext_noop("%(player)s plays alone"),
    "discard": gettext_noop("%(player)s discards a card"),
    "play": gettext_noop("%(player)s plays"),
    "take": gettext_noop("%(player)s takes the cards"),
    "done": gettext_noop("%(player)s: done"),
    "left": gettext_noop("%(player)s leaves the table"),
    "absent": gettext_noop("%(player)s is away: out of the hand"),
    "leave": gettext_noop("%(player)s leaves the table"),
    "void": gettext_noop("The hand is voided: every stake goes back"),
    "bonus_forfeited": gettext_noop("%(player)s forfeits the bonus by changing cards"),
    "buy_game": gettext_noop("%(player)s buys the dealer a game"),
    "no_game": gettext_noop("%(player)s takes the ante paid"),
    "seven_out": gettext_noop("Seven out: the puck turns OFF and the dice pass to the left"),
    "no_shooter": gettext_noop("Nobody takes the dice: no roll this time"),
}
# an answer the engine logs no event of: the action's type alone tells it
ANSWERS = {kind: PHRASES[kind] for kind in ("accept", "refuse", "join", "decline", "done", "pass")}
SPECIAL: dict[str, Callable[[Teller, dict], list[dict]]] = {
    "deal": _dealt,
    "cards_dealt": _cards_dealt,
    "third_card": _third_card,
    "hand_started": _started,
    "showdown": _showdown,
    "street": _street,
    "community": _community,
    "opened": _opened,
    "auction_over": _auction_over,
    "holder": _holder,
    "auction": _auction,
    "offer": _offer,
    "bets_closed": _bets_closed,
    "svara_offered": _svara_offered,
    "svara_dealt": _svara_dealt,
    "svara_opened": _svara_opened,
    "svara_doubled": _svara_answer,
    "svara_joined": _svara_answer,
    "svara_declined": _svara_answer,
    "trick": _trick,
    "play_starts": _play_starts,
    "exchange": _exchange,
    "reshuffle": _reshuffle,
    "turned": _turned,
    "redeal": _redeal,
    "takes_trump_card": _takes_trump,
    "attack": _attack,
    "defend": _defend,
    "draw": _draw,
    "took": _counted(_took),
    "beaten_off": _counted(_beaten_off),
    "game_over": _game_over,
    "match_over": _match_over,
    "score": _score,
    "roll": _roll,
    "tip": _tip,
    "bet": _box_bet,
    "behind": _box_bet,
    "side": _box_bet,
    "switch": _switch,
    "boxes_switched": _boxes_switched,
    "side_result": _side_result,
    **{kind: _box_move for kind in BOX_MOVES},
    "card": _box_cards,
    "split_cards": _box_cards,
    "cut": _cut,
    "ante": _box_bet,
    "bonus": _box_bet,
    "card_change": _card_change,
    "drawn": _cards_drawn,
    "dealer_hand": _dealer_hand,
    "game_bought": _game_bought,
    "settled": _box_settled,
    "peek": _peek,
    "dealer": _dealer_card,
    "forfeit": _forfeit,
    "timeout": _timeout,
    "done": _done,
    "resolved": _resolved,
    "taken_down": _taken_down,
    "working": _working,
    "after_win": _after_win,
    "place_group": _bet_group,
    "point": _point,
    "point_made": _point,
    "shooter": _shooter,
    "dice_to_shooter": _shooter,
    "dice_refused": _shooter,
}


# --- dice thrown on a box (DG §9, X1-X6): a box's throws, its stop or bust, the dealer's throws ---


def _dice(event: dict) -> str:
    faces = event.get("dice") or []
    return _("%(first)s and %(second)s") % {"first": faces[0], "second": faces[1]}


def _dice_throw(teller: Teller, event: dict) -> list[dict]:
    words = {
        "player": teller.name(event.get("seat")),
        "box": _box_number(event),
        "dice": _dice(event),
        "total": event.get("total"),
    }
    if event.get("throw") == 1:
        text = _("%(player)s throws %(dice)s on box %(box)s: %(total)s")
    else:
        text = _("%(player)s throws again on box %(box)s, %(dice)s: %(total)s in all")
    return [teller.line("throw", event.get("seat"), text % words, dice=event.get("dice"))]


def _dice_stop(teller: Teller, event: dict) -> list[dict]:
    words = {
        "player": teller.name(event.get("seat")),
        "box": _box_number(event),
        "total": event.get("total"),
    }
    text = _("%(player)s stops on box %(box)s with %(total)s") % words
    return [teller.line("stop", event.get("seat"), text)]


def _dice_bust(teller: Teller, event: dict) -> list[dict]:
    words = {"box": _box_number(event), "total": event.get("total")}
    text = _("Box %(box)s: %(total)s, over 12, loses at once") % words
    return [teller.line("bust", event.get("seat"), text)]


def _dealer_throw(teller: Teller, event: dict) -> list[dict]:
    words = {"dice": _dice(event), "total": event.get("total")}
    if event.get("throw") == 1:
        text = _("The dealer throws %(dice)s: %(total)s") % words
    else:
        text = _("The dealer throws again, %(dice)s: %(total)s in all") % words
    return [teller.line("dealer_throw", None, text, dice=event.get("dice"))]


def _no_dealer_throw(teller: Teller, event: dict) -> list[dict]:
    return [
        teller.line("no_dealer_throw", None, _("Every box is over 12: the dealer does not throw"))
    ]


SPECIAL.update(
    {
        "throw": _dice_throw,
        "stop": _dice_stop,
        "bust": _dice_bust,
        "dealer_throw": _dealer_throw,
        "no_dealer_throw": _no_dealer_throw,
    }
)
