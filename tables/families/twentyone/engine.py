"""Twenty-one: what every game of "21 or nearest without going over" against the house shares
(CG §90-§105, §69-§89, §128-§137), no Django. A game is a subclass of ``TwentyOne`` with a
``Rules`` object and a few overridden hooks; this module names no game.

**Cards** (CG §91, §71, §129): an ace counts 1 or 11, a picture 10, any other card its face.
``total(cards)`` is the best total and whether it is soft (an ace counted 11); over 21 is a bust;
the aim is 21 or nearest without going over (§93, §72, §130). A *natural* is an ace and a
ten-value card as the first two cards of a box; after a split (§92) or a switch (§71) the same
two cards are only 21: a hand made so carries ``"made": True``.

**The shoe**: ``decks`` packs of 52 (six by §90, §128), one string and an index
(``cards.Shoe``). The cut card goes at random between the middle and one deck from the end
(§104, B13). At a new shoe the table may offer the cut to a player (``player_cut``): the seat
after the last shoe's cutter cuts the pack a deck or more from either end (§104), or his clock
cuts it at random; the cut moves the cards from there to the front. One shuffle commitment
covers the shoe as shuffled (``shoe:<n>``); it is revealed at the end of the hand in which the
cut card came out (§87, §104: that round is finished, the next hand opens a new shoe). A new
shoe's composition (decks, cards, each code's count, by rank and by suit: §105's check, for
the board to show before the first deal) is in ``start_events`` and the view.

**A hand** (a round), in phases, every seat on its own clock:
1. ``cut`` (a new shoe, when offered): the cutter's ``cut`` (``at``: the cards moved to the
   back; no ``at``: at random).
2. ``betting`` (``bet_seconds``, all seats at once): a plain ``bet`` stakes the seat's own box
   (``plain_bet_boxes``) and ends its betting; ``bet`` with a ``box`` stakes that box (its own,
   or a free one up to ``boxes_per_player``), ``behind`` bets behind another's box where
   ``bets_behind``, ``side`` a side bet of a ``kind`` the table offers; ``pass`` ends betting.
   A box's stakes together are within ``min_bet..max_bet`` (§101, B10), none over the house's
   ``max_exposure``. No bet is placed or taken off once the first card is dealt (§104, §89).
3. the deal: a card to each box in the layout's order (box 0 is at the dealer's left, B11),
   the dealer's up card, a second card to each box; with ``Rules.hole_card`` the dealer's
   second card face down (``hidden_cards``) after them. ``after_deal`` hook.
4. ``insurance`` (``insurance_seconds``, all at once) when the dealer shows an ace: each
   staker, owner or behind, for his own stake on each box (B9): ``insurance`` (``box``,
   ``amount`` in ``insurance_range``), ``even_money`` for a natural (paid 1:1 at once, §103),
   ``done`` for the rest (his clock's choice: nothing more, B14). With a hole card the dealer
   then peeks under an ace or a ten-value card: his natural ends the hand at once.
5. ``early`` (``action_seconds``, all at once): the decisions ``early_options`` gives before
   play; here a staker behind may surrender his own stake (B9). Without a hole card they are
   asked with the insurance when the dealer shows an ace (one clock, not two).
6. ``playing``: the boxes in order, each hand of a split box left to right (§96, B11), the
   owner deciding (§96): ``hand_options`` of ``stand``, ``hit``, ``double``, ``split``,
   ``surrender``. A double or a split by the owner asks each staker behind on that hand, each
   on his own clock (a ``pending`` decision): ``double`` / ``decline`` (§98: one card all the
   same), ``split`` / ``stay`` / ``move`` (§96); a game's own move may ask them too (``asks``,
   ``asked``, ``apply_answer``: its card comes once all have answered). A hand with no choice
   left (a natural, 21, split aces, a bust) stands by itself.
7. the dealer: his second card (or his hole card turned), the insurance settled on it; he
   draws to his rule (``Rules.dealer_hits_soft_17``) only if some hand still depends on his
   total (§103, B8), then every hand is settled (``hand_ratio``) through ``boxes``.

A hand's result is known early where it can be: a bust loses at once; a natural, and a
surrender, are settled at once when the dealer can no longer make a natural (his up card is not
an ace or a ten-value card, or he peeked), else when his second card comes.

**Leaving** with a stake working keeps the seat until the hand settles it (``holds_bets``),
his decisions taken by their clocks, none of which moves his money: a bet passes, a card
stands, insurance and doubles are declined, a split is stayed on. Leaving with nothing staked
folds out of the hand.

Money goes through ``tables.families.house.boxes`` (each stake a pot of its own, each staker paid on
his own stake, ``max_payout`` per box and round) and ``tables.families.house.bank`` (the round's
exposure). Every action copies only what it changes (``Step``): never the shoe's order.

The family's modules (tables/families/twentyone/): ``cards`` (totals, naturals, the dealer's
rule), ``rules`` (``Rules``, the phases and the actions' names), ``step`` (one change),
``shoe``, ``betting`` (the bets and the offers), ``play`` (the deal and the flow),
``settlement`` and ``view`` hold the parts of ``TwentyOne`` (one mixin each); this module the
class itself, its config, the hand's start, the clocks, the one validator and the session.
"""

from __future__ import annotations

from tables.engines.base import Draws, Event, GameEngine, IllegalAction, State, gettext_noop
from tables.engines.cards import Shoe
from tables.families.house import bank as house
from tables.families.house import boxes
from tables.families.twentyone.betting import BettingMixin
from tables.families.twentyone.cards import is_natural
from tables.families.twentyone.play import PlayMixin
from tables.families.twentyone.rules import (
    BETTING,
    CUT,
    DECLINE,
    DONE,
    DOUBLE,
    EARLY,
    HIT,
    INSURING,
    MOVE,
    PASS,
    PLAYING,
    SPLIT,
    STAND,
    STAY,
    SURRENDER,
    Rules,
    _whole,
)
from tables.families.twentyone.settlement import SettlementMixin
from tables.families.twentyone.shoe import ShoeMixin, pack_check
from tables.families.twentyone.step import Step
from tables.families.twentyone.view import ViewMixin


class TwentyOne(ViewMixin, SettlementMixin, PlayMixin, BettingMixin, ShoeMixin, GameEngine):
    """The table flow of every twenty-one game (module docstring); a game sets ``game``,
    ``display_name``, ``seats``, ``rules`` and ``example_configs`` and overrides the hooks its
    rules need (each says what it is for)."""

    rules = Rules()
    seats = (1, 9)
    # the owner's decisions on a hand, in the order a board offers them (``hand_options``)
    play_kinds = (STAND, HIT, DOUBLE, SPLIT, SURRENDER)
    timeout_kinds = (STAND, HIT)  # the owner's clock takes the first of these he may
    boxes_a_bet = 1  # the boxes a plain bet stakes, each with its amount
    # the owner's moves that ask each staker behind on the hand (each on his own clock, a
    # ``pending`` decision): his answers, the first what the owner did, the second his clock's
    # choice (it moves no money); and the sentence refusing any other action meanwhile. A game
    # adds its own (``asked`` narrows who is asked, ``apply_answer`` applies an answer)
    asks = {
        DOUBLE: ((DOUBLE, DECLINE), gettext_noop("Double your bet too, or decline.")),
        SPLIT: ((SPLIT, STAY, MOVE), gettext_noop("Split your bet too, keep it here or move it.")),
    }
    clock_settings = (*GameEngine.clock_settings, "bet_seconds", "insurance_seconds")
    # the tables the conformance suite plays (a game adds its own settings to them)
    example_configs = (
        # one box a player, a player's cut at each new shoe
        {"min_bet": 100, "max_bet": 5_000, "boxes": 7},
        # three boxes a player, bets behind, the dealer's cut, a cap and the house's limit
        {
            "min_bet": 100,
            "max_bet": 1_000,
            "boxes": 5,
            "boxes_per_player": 3,
            "player_cut": False,
            "max_payout": 1_200,
            "max_exposure": 4_000,  # tight: insurance and bets meet it (issue 47)
        },
        # two boxes a player, small stakes behind (the unit below the minimum, odd stakes
        # whose half is rounded down for insurance)
        {"min_bet": 20, "max_bet": 400, "min_unit": 5, "boxes": 6, "boxes_per_player": 2},
    )

    # --- config ------------------------------------------------------------------------------

    def check_config(self, config: dict) -> dict:
        """The house-banked settings (``house.check_house_config``), then the game's: ``decks``,
        ``boxes`` (the layout), ``surrender`` (the table may turn it off, §102), ``player_cut``
        (a player cuts a new shoe, §104). Keys it does not know pass through."""
        rules = self.rules
        defaults = {
            "decks": 6,
            "boxes": rules.boxes[1],
            "bets_behind": True,
            "surrender": True,
            "player_cut": True,
            **({"hole_card": rules.hole_card} if rules.hole_card_optional else {}),
            **rules.defaults,
        }
        checked = house.check_house_config(config, defaults)
        if checked["boxes"] is None:
            checked["boxes"] = defaults["boxes"]
        low, high = rules.decks
        if not _whole(checked["decks"]) or not low <= checked["decks"] <= high:
            raise IllegalAction(
                gettext_noop("The shoe holds %(low)s to %(high)s decks."), low=low, high=high
            )
        low, high = rules.boxes
        if not low <= checked["boxes"] <= high:
            raise IllegalAction(
                gettext_noop("The layout has %(low)s to %(high)s boxes."), low=low, high=high
            )
        if checked["boxes_per_player"] > checked["boxes"]:
            raise IllegalAction(
                gettext_noop("A player may play at most the %(count)s boxes of the layout."),
                count=checked["boxes"],
            )
        if checked["dark_boxes_per_player"]:
            raise IllegalAction(gettext_noop("Boxes are played open at this game."))
        unknown = set(checked["side_bets"]) - set(rules.side_bets)
        if unknown:
            raise IllegalAction(
                gettext_noop("This game takes no side bet %(kind)s."), kind=sorted(unknown)[0]
            )
        for key in ("surrender", "player_cut", "hole_card"):
            if key in checked and not isinstance(checked[key], bool):
                raise IllegalAction(
                    gettext_noop("The setting %(key)s is on (true) or off (false)."), key=key
                )
        return checked

    # --- the hooks a game overrides ------------------------------------------------------------

    def natural(self, hand: dict) -> bool:
        """Whether a hand is a natural (CG §92, §71, §134): not one made by a split or switch."""
        return is_natural(hand["cards"], hand.get("made", False))

    # --- the hand ----------------------------------------------------------------------------

    def new_hand(self, config, players, rng, carry=None) -> State:
        """Deal in ``players``; ``carry`` brings the shoe. A new shoe is opened when there is
        none, its cut card came out or it was reshuffled; a shoe carried over keeps its decks
        even if the settings changed (new settings take effect with the next shoe)."""
        config = self.check_config(config)
        players = sorted(players)
        low, high = self.seats
        if not low <= len(players) <= high or len(set(players)) != len(players):
            raise ValueError(f"{self.game} deals in {low} to {high} distinct seats")
        carry = carry or {}
        shoe = Shoe.from_dict(carry["shoe"]) if carry.get("shoe") else None
        new_shoe = shoe is None or shoe.cut_card_out or bool(carry.get("reshuffled"))
        shoe_number = carry.get("shoe_number", 0)
        cutter = carry.get("cutter")
        if new_shoe:
            shoe = Shoe.new(config["decks"], rng)
            shoe.cut_at = rng.randint(*self.cut_card_range(len(shoe)))
            shoe_number += 1
            record, wrap, pack = shoe.record(), None, pack_check(shoe.order)
        else:
            record, wrap, pack = carry["record"], carry.get("wrap"), None
        phase = BETTING
        if new_shoe and config["player_cut"] and self.player_cut_range(len(shoe)) is not None:
            later = [p for p in players if cutter is None or p > cutter]
            cutter = (later or players)[0]
            phase = CUT
        hands_dealt = carry.get("hands_dealt", 0) + 1
        hand_number = config.get("hand_number")
        return {
            "game": self.game,
            "hand_key": hand_number if _whole(hand_number) else hands_dealt,
            "hands_dealt": hands_dealt,
            "shoe_number": shoe_number,
            "new_shoe": new_shoe,
            "shoe": shoe.to_dict(),
            "record": record,  # the shoe's order as committed, before any player's cut
            "wrap": wrap,  # after a cut: where in the dealing order the committed order restarts
            "reshuffled": False,
            "pack": pack,
            "cutter": cutter,
            "cut": None,
            "limits": house.box_limits(config),
            "options": {
                "surrender": config["surrender"],
                "decks": config["decks"],
                "hole_card": bool(config.get("hole_card", self.rules.hole_card)),
            },
            "dealt_in": list(players),
            "players": list(players),  # the dealt-in seats still in the hand
            "phase": phase,
            "done": [],  # the seats whose decisions of this phase are over
            "boxes": {},
            "dealer": {"cards": [], "down": False, "peeked": False},
            "turn": None,  # [box, hand index] whose owner decides now
            "pending": None,  # the stakers behind deciding on the owner's double or split
            "early_asked": False,
            "away": [],  # seats away past the absence limit: their clocks decide at once
            "pots": {},
            "escrowed": {},
            "over": False,
            "result": None,
        }

    def start_events(self, state: State) -> list[Event]:
        started = {
            "type": "hand_started",
            "players": list(state["dealt_in"]),
            "shoe": state["shoe_number"],
            "new_shoe": state["new_shoe"],
        }
        if state["pack"] is not None:
            started["pack"] = dict(state["pack"])
        if state["phase"] == CUT:
            started["cutter"] = state["cutter"]
        return [started]

    def to_act(self, state: State) -> list[int]:
        if state["over"]:
            return []
        phase = state["phase"]
        if phase == CUT:
            return [state["cutter"]] if state["cutter"] in state["players"] else []
        if phase in (BETTING, INSURING, EARLY):
            return [p for p in state["players"] if p not in state["done"]]
        if phase == PLAYING:
            if state["pending"] is not None:
                return list(state["pending"]["waiting"])
            if state["turn"] is not None:
                return [state["boxes"][str(state["turn"][0])]["owner"]]
        return []

    def turn_key(self, state: State, seat: int) -> str:
        """One clock per decision: the cut; the betting (one per hand: a seat's own bets do not
        restart it); each offers phase; the owner's decision on each card of each hand; a
        staker behind on the owner's double or split."""
        key = f"hand {state['hand_key']}: "
        phase = state["phase"]
        if phase != PLAYING:
            return key + phase
        pending = state["pending"]
        if pending is not None:
            return key + f"box {pending['box']} hand {pending['hand_id']} {pending['kind']}"
        number, index = state["turn"] or (None, None)
        if number is None:
            return key + phase
        hand = state["boxes"][str(number)]["hands"][index]
        return key + f"box {number} hand {hand['id']} card {len(hand['cards'])}"

    def clock_setting(self, state: State, seat: int) -> str:
        phase = state["phase"]
        if phase == BETTING:
            return "bet_seconds"
        if phase == INSURING:
            return "insurance_seconds"
        return "action_seconds"

    def timeout_action(self, state: State, seat: int) -> dict:
        """Out of time, nothing that moves his money (B14): the dealer cuts, betting ends, no
        insurance or even money, a hand stands (a game that forbids standing draws), a double
        is declined, a split is stayed on (rules-decisions: the staker behind)."""
        phase = state["phase"]
        if phase == CUT:
            return {"type": "cut"}
        if phase == BETTING:
            return {"type": PASS}
        if phase in (INSURING, EARLY):
            return {"type": DONE}
        pending = state["pending"]
        if pending is not None:
            choice = self.asks[pending["kind"]][0][1]
            return {"type": choice, "box": pending["box"]}
        number, index = state["turn"]
        options = self.hand_options(state, number, index)
        kind = next((k for k in self.timeout_kinds if k in options), options[0])
        return {"type": kind, "box": number, "hand": index}

    def legal_actions(self, state: State, seat: int) -> list[dict]:
        if seat not in self.to_act(state):
            return []
        phase = state["phase"]
        if phase == CUT:
            low, high = self.player_cut_range(len(Shoe.from_dict(state["shoe"])))
            return [{"type": "cut", "at": low}, {"type": "cut", "at": high}, {"type": "cut"}]
        if phase == BETTING:
            return self._bet_actions(state, seat)
        if phase in (INSURING, EARLY):
            return self._offers(state, seat, ends=True)
        pending = state["pending"]
        if pending is not None:
            kinds = self.asks[pending["kind"]][0]
            return [{"type": kind, "box": pending["box"]} for kind in kinds]
        number, index = state["turn"]
        return [
            {"type": kind, "box": number, "hand": index}
            for kind in self.hand_options(state, number, index)
        ]

    def apply(self, state, seat, action, rng=None):
        state, events = self._apply_one(state, seat, action, rng)
        return self._play_away(state, events, rng)

    def _play_away(self, state: State, events: list[Event], rng: Draws | None):
        """The decisions of seats away past the absence limit this hand are their clocks'
        choices, made as soon as they come (``apply_absent``)."""
        if not state["away"]:
            return state, events
        for _step in range(1000):
            due = [p for p in self.to_act(state) if p in state["away"]]
            if not due:
                break
            action = self.timeout_action(state, due[0])
            state, more = self._apply_one(state, due[0], action, rng)
            events = [*events, {"type": "timeout", "seat": due[0]}, *more]
        return state, events

    def _apply_one(self, state, seat, action, rng=None):
        checked = self._checked(state, seat, action)
        step = Step(state, rng)
        kind = checked["type"]
        phase = state["phase"]
        if phase == CUT:
            self._cut(step, checked.get("at"))
        elif phase == BETTING:
            self._bet(step, seat, checked)
        elif phase in (INSURING, EARLY):
            self._offer(step, seat, checked)
        elif state["pending"] is not None:
            self._answer(step, seat, kind)
        else:
            self.apply_play(step, seat, checked["box"], checked["hand"], kind)
        self._advance(step)
        return step.finish()

    # --- checking an action ------------------------------------------------------------------

    def _checked(self, state: State, position: int, action) -> dict:
        """The one validator: ``legal_actions`` lists only what passes it, ``apply`` refuses
        what does not, with a sentence, before any change."""
        if state["over"]:
            raise IllegalAction(gettext_noop("This hand is over."))
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction(gettext_noop("Unknown action."))
        if position not in state["dealt_in"]:
            raise IllegalAction(gettext_noop("You are not dealt in this hand."))
        kind = action["type"]
        phase = state["phase"]
        # a box or a hand is named by its number: never a boolean (False == 0 in Python)
        if ("box" in action and not _whole(action["box"])) or (
            "hand" in action and not _whole(action["hand"])
        ):
            raise IllegalAction(gettext_noop("There is no such box at this table."))
        if kind in ("bet", "behind", "side") and phase not in (CUT, BETTING):
            raise IllegalAction(gettext_noop("Bets are closed once the first card is dealt."))
        if position not in self.to_act(state):
            if phase == BETTING:
                raise IllegalAction(gettext_noop("You have already bet or passed this hand."))
            if phase == PLAYING and state["turn"] is not None and _whole(action.get("box")):
                self._refuse_named_hand(state, position, action)
            raise IllegalAction(gettext_noop("It is not your turn."))
        if phase == CUT:
            return self._checked_cut(state, action)
        if phase == BETTING:
            return self._checked_bet(state, position, action)
        if phase in (INSURING, EARLY):
            return self._checked_offer(state, position, action)
        pending = state["pending"]
        if pending is not None:
            kinds, refusal = self.asks[pending["kind"]]
            if kind not in kinds:
                raise IllegalAction(refusal)
            if action.get("box", pending["box"]) != pending["box"]:
                raise IllegalAction(gettext_noop("Decide on the box being played first."))
            return {"type": kind}
        number, index = state["turn"]
        if action.get("box", number) != number or action.get("hand", index) != index:
            self._refuse_named_hand(state, position, action)
            raise IllegalAction(gettext_noop("Play the hand in turn first."))
        if kind not in self.play_kinds:
            raise self.refusal_at_turn(kind)
        refusal = self.play_refusal(state, number, index, kind)
        if refusal is not None:
            raise refusal
        return {"type": kind, "box": number, "hand": index}

    def _refuse_named_hand(self, state: State, position: int, action: dict) -> None:
        """An action on a hand not in turn: say why where the hand names a reason (another's
        box, a finished hand, split aces)."""
        number, index = action.get("box"), action.get("hand", 0)
        box_state = state["boxes"].get(str(number)) if _whole(number) else None
        if box_state is None or not _whole(index) or not 0 <= index < len(box_state["hands"]):
            return
        if box_state["owner"] != position:
            raise IllegalAction(gettext_noop("This box is another player's: its owner decides."))
        hand = box_state["hands"][index]
        if hand.get("aces") and action.get("type") in (SPLIT, HIT, DOUBLE):
            raise IllegalAction(gettext_noop("Aces are split once and take one card each."))
        if hand["done"] or hand["settled"] is not None:
            raise IllegalAction(gettext_noop("This hand is finished."))

    # --- the session ---------------------------------------------------------------------------

    def sit_minimum(self, config: dict) -> int:
        return int(config["min_bet"])

    def holds_bets(self, state: State | None, seat: int) -> bool:
        """A seat with a stake working (a box, a bet behind, insurance) keeps it after its
        player leaves, until the hand settles it."""
        return self.in_play(state) and seat in state["players"] and boxes.working(state, seat)

    def apply_leave(self, state: State, seat: int, rng: Draws | None = None):
        """Leaving with a stake working costs nothing now: it plays on (``holds_bets``), his
        decisions taken by their clocks. With nothing staked he folds out of the hand."""
        if not self.in_play(state) or seat not in state["players"]:
            return None
        if self.holds_bets(state, seat):
            return None
        return self._fold(state, seat, "left", rng)

    def apply_absent(self, state: State, seat: int, rng: Draws | None = None):
        """Away past the absence limit: with a stake working his clock's choices are made now
        and, for the rest of the hand, as each decision of his comes; with none he folds, as
        leaving."""
        if not self.in_play(state) or seat not in state["players"]:
            return None
        if self.holds_bets(state, seat):
            state = dict(state, away=[*state["away"], seat])
            return self._play_away(state, [{"type": "absent", "seat": seat}], rng)
        return self._fold(state, seat, "absent", rng)

    def _fold(self, state: State, seat: int, reason: str, rng: Draws | None):
        step = Step(state, rng)
        step.state["players"].remove(seat)
        step.events.append({"type": reason, "seat": seat})
        self._advance(step)
        state, events = step.finish()
        return self._play_away(state, events, rng)

    def apply_void(self, state: State):
        state, events = super().apply_void(state)
        state["pots"] = {}
        state["pending"] = None
        state["turn"] = None
        return state, events

    def summary(self, state: State | None, config: dict) -> dict:
        facts: list = [
            [gettext_noop("Bets"), {"money_range": [config.get("min_bet"), config.get("max_bet")]}]
        ]
        if config.get("max_payout"):
            facts.append([gettext_noop("Most paid a box"), {"money": config["max_payout"]}])
        if not self.in_play(state):
            return {"pot": 0, "stage": "", "facts": facts}
        shoe = Shoe.from_dict(state["shoe"])
        facts.append([gettext_noop("Boxes"), f"{len(state['boxes'])}/{state['limits']['boxes']}"])
        facts.append([gettext_noop("Shoe"), state["shoe_number"]])
        facts.append([gettext_noop("Cards left"), shoe.remaining])
        facts.append([gettext_noop("House at risk"), {"money": self.exposure(state)}])
        stages = {
            CUT: gettext_noop("cutting the shoe"),
            BETTING: gettext_noop("taking bets"),
            INSURING: gettext_noop("insurance"),
            EARLY: gettext_noop("surrenders"),
            PLAYING: gettext_noop("playing the boxes"),
        }
        return {
            "pot": sum(state["pots"].values()),
            "stage": stages.get(state["phase"], ""),
            "facts": facts,
        }
