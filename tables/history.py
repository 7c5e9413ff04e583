"""A finished hand in words: each logged step's public events as sentences in the reader's
language naming the players, every payment as who paid whom how much, and each player's net
result (the hand history pages, ``tables.selectors.hand_replay``).

Shared code: it names no game. The events' types go through one table of phrases (a type with
no phrase of its own still reads as a sentence, never as its raw name); a game's replay partial
(tables/games: ``replay_template``) may word its own events differently and show its cards as
its board does. Amounts are written in the table's currency (``format_amount``), never in minor
units. Only the public events are read (what the actor logged for everyone), and of the action
only its type, for an answer the engine logged no event of: an action may hold what the others
must not see (the cards a player changed).

This module is the framework: the ``Teller``, the words of payments and their reasons, and the
tables of words by event type (``PHRASES``, ``SPECIAL``, ``ANSWERS``, ``REASONS``) holding the
types several families of games share. A type only one game (or one family) logs is told in
that folder's ``history`` module (``tables/games/<game>/history.py``,
``tables/families/<family>/history.py``), which adds its words through ``register``: every
folder's is imported at the bottom of this file (``tables.folders.import_parts``). A type
claimed twice with different words is an error at import (``TwiceTold``). A folder's module may
use another's helpers (a game its family's, a family the house's), so the framework is what is
imported first (Django's startup does, through ``tables.selectors``), never a folder's module
on its own."""

from __future__ import annotations

import re
from collections.abc import Callable

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext, pgettext

from casino.currencies import format_amount
from tables.engines.base import Party, payments
from tables.folders import import_parts


def plain_reasons(*reasons: str) -> dict[str, str]:
    """Reasons (why money moved) as the engines write them, told in the same words (each a
    msgid, translated where shown)."""
    return {reason: reason for reason in reasons}


# why money moved, as the engines write it -> the words (translated where shown); each folder
# adds its own (``register``)
REASONS = plain_reasons(
    gettext_noop("bank lost"),
    gettext_noop("bank won"),
    gettext_noop("bet"),
    gettext_noop("bet returned"),
    gettext_noop("commission"),
    gettext_noop("stake"),
    gettext_noop("void"),
)

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


def pgettext_noop(context: str, message: str) -> str:
    """Mark ``message`` for translation in ``context`` without translating it (Django has no
    such function): ``make messages`` extracts it with its context (the keyword is given to
    xgettext by casino/management/commands/makemessages.py), ``pgettext`` translates it later."""
    return message


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


def counted(phrase: Callable[[int], str]) -> Callable[[Teller, dict], list[dict]]:
    """A sentence with a number of cards in it (``phrase(count)``: its ngettext, for Russian's
    three plural forms)."""

    def build(teller: Teller, event: dict) -> list[dict]:
        count = int(event.get("count") or 0)
        words = {"player": teller.name(event.get("seat")), "count": count}
        return [teller.line(event["type"], event.get("seat"), phrase(count) % words)]

    return build


def _draws(count: int) -> str:
    return ngettext("%(player)s draws %(count)s card", "%(player)s draws %(count)s cards", count)


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


def _draw(teller: Teller, event: dict) -> list[dict]:
    if event.get("count") is not None:
        return counted(_draws)(teller, event)
    words = {"player": teller.name(event.get("seat"))}
    return [teller.line("draw", event.get("seat"), _("%(player)s draws a card") % words)]


def _done(teller: Teller, event: dict) -> list[dict]:
    """A player done: with his bets, at a game of a layout of bets; else as any game's."""
    if not teller.bet_name:
        return teller.plain_lines(event)
    words = {"player": teller.name(event.get("seat"))}
    return [teller.line("done", event.get("seat"), _("%(player)s is done betting") % words)]


def _timeout(teller: Teller, event: dict) -> list[dict]:
    words = {"player": teller.name(event.get("seat"))}
    return [teller.line("timeout", event.get("seat"), _("%(player)s: time is up") % words)]


def _reshuffle(teller: Teller, event: dict) -> list[dict]:
    count = int(event.get("cards") or 0)
    text = ngettext(
        "The discards (%(count)s card) are shuffled into a new deck",
        "The discards (%(count)s cards) are shuffled into a new deck",
        count,
    ) % {"count": count}
    return [teller.line("reshuffle", None, text)]


def _bets_closed(teller: Teller, event: dict) -> list[dict]:
    accepted = event.get("accepted") or {}
    words = {"amount": teller.money(sum(int(a) for a in accepted.values()))}
    lines = [teller.line("bets_closed", None, _("No more bets: %(amount)s in play") % words)]
    return lines


def _community(teller: Teller, event: dict) -> list[dict]:
    text = _("The deck is short: one card face up for everyone:")
    return [teller.line("community", None, text, [event.get("card")])]


# an event of this type, written plainly (%(player)s its seat, %(amount)s its amount)
PHRASES = {
    "bet": gettext_noop("%(player)s bets %(amount)s"),
    "pass": gettext_noop("%(player)s: pass"),
    "fold": gettext_noop("%(player)s folds"),
    "decline": gettext_noop("%(player)s declines"),
    "stand": gettext_noop("%(player)s stands"),
    "refuse": gettext_noop("%(player)s refuses"),
    "done": gettext_noop("%(player)s: done"),
    "left": gettext_noop("%(player)s leaves the table"),
    "absent": gettext_noop("%(player)s is away: out of the hand"),
    "leave": gettext_noop("%(player)s leaves the table"),
    "void": gettext_noop("The hand is voided: every stake goes back"),
}
# an answer the engine logs no event of: the action's type alone tells it
ANSWERS = {kind: PHRASES[kind] for kind in ("refuse", "decline", "done", "pass")}
# an event of this type told by its own function (its cards, its several lines)
SPECIAL: dict[str, Callable[[Teller, dict], list[dict]]] = {
    "deal": _dealt,
    "hand_started": _started,
    "draw": _draw,
    "done": _done,
    "timeout": _timeout,
    "reshuffle": _reshuffle,
    "bets_closed": _bets_closed,
    "community": _community,
}


class TwiceTold(ValueError):
    """One event type (or reason) given different words by two folders."""


def register(
    *,
    phrases: dict[str, str] | None = None,
    special: dict[str, Callable[[Teller, dict], list[dict]]] | None = None,
    answers: dict[str, str] | None = None,
    reasons: dict[str, str] | None = None,
) -> None:
    """A folder's words for the event types it logs (its ``history`` module): plain phrases,
    tellers of their own, answers logged as no event, why money moved. Claiming a type (or a
    reason) another folder has with other words raises ``TwiceTold``, before any is added."""
    claims = (
        (PHRASES, phrases or {}, "phrase"),
        (SPECIAL, special or {}, "teller"),
        (ANSWERS, answers or {}, "answer"),
        (REASONS, reasons or {}, "reason"),
    )
    for table, claimed, what in claims:
        check_claims(table, claimed, what)
    for table, claimed, _what in claims:
        table.update(claimed)


def check_claims(table: dict, claimed: dict, what: str) -> None:
    """Raise ``TwiceTold`` for a key of ``claimed`` that ``table`` has with other words (the
    same words again are no clash: a module imported twice)."""
    clashes = sorted(key for key, words in claimed.items() if table.get(key, words) != words)
    if clashes:
        raise TwiceTold(f"a {what} claimed twice with different words: {', '.join(clashes)}")


# Each folder's words: every game's and family's ``history`` module (imported last: they import
# this one), families first.
import_parts("history")
