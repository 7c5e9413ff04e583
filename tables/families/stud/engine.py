"""Five-card stud against the dealer (issue 33, item 2): what Caribbean stud (CG §40–§48), Oasis
stud (§49–§60) and Golden Oasis (§61–§68) share. Pure, no Django. A game is a ``StudRules`` and
a subclass of ``StudEngine`` naming it; the flow is one:

- **the betting window** (``bet_seconds``, every seat at once): an ante on a box (§40, §54,
  §65), within ``min_bet..max_bet``. A plain "ante" stakes the seat's own box and ends its
  betting; a player may instead stake boxes by number, up to the table's open and dark boxes a
  player (a dark box's bet of twice the ante goes on at once, its cards never seen or changed:
  §40, §65, C7, G7), put the fixed bonus stake on a box where the table offers the bonus (§47,
  §68, C8), then say done;
- **the cut**, where the table offers it (``player_cut``): the seat offered it cuts the round's
  deck, at least three cards from either end (§55), or lets the dealer cut at random;
- **the deal**: one 52-card deck a round, its order committed for the hand (C1); five cards to
  each box in the layout's order, from the dealer's left, and five to the dealer, his last card
  face up (§40, §55, §65);
- **the decisions**, box by box for each owner, all owners at once (``action_seconds``):
  continue with a bet of twice the ante (§42, §56.1), fold and lose the ante (§40, §56.2), or a
  paid card change the game offers at that point (``Draw``: §41, §56.3, §65). A decision that
  draws no card is made at once; the cards changes ask for are dealt box by box from the
  dealer's left once every box has chosen (§56, §65), and those boxes decide again. A change
  forfeits the box's bonus (§47, §68, C8). Fees go to the house (C6, O3, G3): into a pot of
  the hand until it ends, so a void returns them. A clock that runs out folds (C10, O12, G10);
- **the showdown** (§43, §57, §58, §66): the dealer opens his cards. Qualified, each box is
  compared (§45, §46, §60, §68): a better hand is paid the ante 1:1 and the bet by the pay table
  (a no-pair hand beating a qualified dealer 1:1, C4), a worse one loses both, an exact tie
  pushes (C5). Not qualified: the ante is paid 1:1 and the bet returned (C3, O2, G1);
- **buying a game** (§58, §66), where the game offers it: when the dealer does not qualify, each
  open box holding a pair or better (O6, G5) may buy one for one ante; the others are paid at
  once, the buyers' decisions taken together (``action_seconds``; a clock that runs out buys
  nothing). The dealer then replaces one card once for every buyer (O7, G6): his lowest (§58,
  O8) or highest (§66). Qualified now (a pair: O6, G5), the buyers are compared as above;
  still not, ante and bet are returned and the fee kept (O5, G4). A dark box is settled on the
  dealer's hand as first opened (G7);
- **the bonus** is paid on the box's own five cards whatever the dealer holds, from the game's
  lowest paying hand up (§47, §68, C8); a folded box loses it;
- ``max_payout`` caps a box's winnings on the bet in the round (§48, C9); the ante's 1:1 and the
  bonus are not capped.

A deck can run short where every box changes many cards (Golden Oasis: six boxes may ask 30
more cards): the cards given back are then shuffled from the round's recorded draws and dealt
on (docs/rules-decisions.md). Leaving with a stake working keeps the seat until the hand
settles it; the clock then decides (a fold).

The family's engine in four modules: what a game decides and the constants (``rules``), the
checks of every action with the legal actions and the house's risk (``betting``: ``StudBetting``),
the result and what each may see (``view``: ``StudView``), and here ``StudEngine`` itself: the
config, the hand, who acts, the actions applied, the showdown, the settlement and the session.
"""

from __future__ import annotations

from tables.engines import poker_hands
from tables.engines.base import (
    Draws,
    Event,
    GameEngine,
    IllegalAction,
    State,
    copy_json,
    gettext_noop,
)
from tables.families.house import bank as house
from tables.families.house import boxes
from tables.families.stud.betting import StudBetting
from tables.families.stud.rules import (
    _LISTS,
    _NESTED,
    ANTE,
    BET,
    BETTING,
    BONUS,
    BUY_ASKED,
    BUYING,
    CATEGORY_KEYS,
    CUT,
    CUT_FROM_EITHER_END,
    DECIDE,
    DECIDING,
    DRAWING,
    FOLDED,
    GAME_FEE,
    IN,
    LOWEST_PAIR,
    NO_BOX,
    OVER,
    SETTLED,
    StudRules,
    _copy,
    _whole,
    check_bonus,
    hand_value,
    own_every_box,
    shuffle,
)
from tables.families.stud.view import StudView

# --- the engine ----------------------------------------------------------------------------


class StudEngine(StudBetting, StudView, GameEngine):
    """The hooks of a stud game against the dealer (module docstring); a game sets ``game``,
    ``display_name`` and ``rules``."""

    rules: StudRules
    seats = (1, 7)
    uncapped = (ANTE, BONUS)  # C9: max_payout caps the bet's winnings only
    clock_settings = (*GameEngine.clock_settings, "bet_seconds")

    # what an action may change, beyond the family's (``_copy``): a game's own keys
    own_lists: tuple[str, ...] = ()
    own_nested: tuple[str, ...] = ()

    def _copy(self, state: State, box: int | None = None) -> State:
        return _copy(state, _LISTS + self.own_lists, _NESTED + self.own_nested, box)

    # --- config ------------------------------------------------------------------------------

    def check_config(self, config: dict) -> dict:
        rules = self.rules
        checked = house.check_house_config(
            config,
            {
                "boxes": rules.boxes,
                "boxes_per_player": rules.boxes_per_player,
                "open_boxes_per_player": rules.open_boxes_per_player,
                "dark_boxes_per_player": rules.dark_boxes_per_player,
                "bonus": None,
                "player_cut": False,
            },
        )
        if not 1 <= checked["boxes"] <= rules.layout:
            raise IllegalAction(
                gettext_noop("The layout has %(low)s to %(high)s boxes."), low=1, high=rules.layout
            )
        if checked["bets_behind"]:
            raise IllegalAction(gettext_noop("Bets behind a box are not taken in this game."))
        if checked["side_bets"]:
            raise IllegalAction(gettext_noop("The only side bet here is the bonus (bonus)."))
        if checked["open_boxes_per_player"] is None:
            checked["open_boxes_per_player"] = checked["boxes_per_player"]
        if checked["open_boxes_per_player"] > rules.open_boxes_per_player:
            raise IllegalAction(
                gettext_noop("A player may play at most %(count)s open boxes here."),
                count=rules.open_boxes_per_player,
            )
        if checked["dark_boxes_per_player"] and not rules.dark_boxes_per_player:
            raise IllegalAction(gettext_noop("Dark boxes are not played at this table."))
        if not isinstance(checked["player_cut"], bool):
            raise IllegalAction(gettext_noop("The player's cut (player_cut) is offered or not."))
        checked["bonus"] = check_bonus(checked["bonus"], rules, checked["min_unit"])
        if self.cards_a_round_may_take(checked) > rules.deck_size and not self.refills:
            raise ValueError("a round may take more cards than the deck holds")
        return checked

    @property
    def refills(self) -> bool:
        """Whether a round may need more than one deck (the given-back cards are shuffled)."""
        return self.cards_a_round_may_take({"boxes": self.rules.layout}) > self.rules.deck_size

    def cards_a_round_may_take(self, config: dict) -> int:
        hand_size = self.rules.hand_size
        most_per_box = hand_size + sum(
            max((d.cards_taken(n) for d in stage for n in d.returns), default=0)
            for stage in self.rules.draws
        )
        return config["boxes"] * most_per_box + hand_size + (1 if self.rules.buy_game else 0)

    # --- the hand ----------------------------------------------------------------------------

    def _checked_config(self, config: dict) -> tuple[dict, dict]:
        """``check_config`` and the box limits of ``config``, checked once for the table
        (``house.checked_once``: the check was a sixth of a one-box hand)."""
        checking = self.__dict__.get("_checking")
        if checking is None:  # one for each engine: its check reads its rules
            checking = self._checking = house.checked_once_with_limits(self.check_config)
        return checking(config)

    def new_hand(self, config, players, rng, carry=None) -> State:
        """A fresh deck shuffled for the round (C1), its order committed for the hand."""
        config, limits = self._checked_config(config)
        players = sorted(players)
        low, high = self.seats
        if not low <= len(players) <= high or len(set(players)) != len(players):
            raise ValueError(f"{self.game} deals in {low} to {high} distinct seats")
        carry = carry or {}
        deck = self.rules.pack()
        shuffle(rng, deck)
        hands_dealt = carry.get("hands_dealt", 0) + 1
        hand_number = config.get("hand_number")
        return {
            "game": self.game,
            "hand_key": hand_number if _whole(hand_number) else hands_dealt,
            "hands_dealt": hands_dealt,
            "record": ",".join(deck),
            "deck": deck,
            "given_back": [],  # cards the boxes gave back, face down
            "refilled": False,
            "cutter": carry.get("cutter"),
            "cut": None,
            "limits": limits,
            "options": {"bonus": copy_json(config["bonus"]), "player_cut": config["player_cut"]},
            "dealt_in": list(players),
            "players": list(players),
            "phase": BETTING,
            "done": [],
            "away": [],  # seats away past the absence limit: their clocks decide at once
            "boxes": {},
            "dealer": {
                "cards": [],
                "open": False,
                "qualified": None,
                "first": None,  # his five as first opened, when a game is bought
                "replaced": None,
                "drawn": None,
            },
            "pots": {},
            "escrowed": {},
            "over": False,
            "result": None,
        }

    # --- who acts --------------------------------------------------------------------------

    def _order(self, state: State) -> list[int]:
        return sorted(int(n) for n in state["boxes"])

    def _waiting_box(self, state: State, position: int, status: str) -> int | None:
        for n in self._order(state):
            box_state = state["boxes"][str(n)]
            if box_state["owner"] == position and box_state["status"] == status:
                return n
        return None

    def to_act(self, state: State) -> list[int]:
        if state["over"]:
            return []
        phase = state["phase"]
        if phase == BETTING:
            return [p for p in state["players"] if p not in state["done"]]
        if phase == CUT:
            return [state["cutter"]]
        wanted = DECIDE if phase == DECIDING else BUY_ASKED
        return sorted({b["owner"] for b in state["boxes"].values() if b["status"] == wanted})

    def _current(self, state: State, position: int) -> int | None:
        wanted = DECIDE if state["phase"] == DECIDING else BUY_ASKED
        return self._waiting_box(state, position, wanted)

    def turn_key(self, state: State, seat: int) -> str:
        """Betting: one decision a hand (its own bets do not restart its clock). Then one
        decision a box, and again after the cards a change brought."""
        key = state["hand_key"]
        phase = state["phase"]
        if phase in (DECIDING, BUYING):
            box = self._current(state, seat)
            stage = state["boxes"][str(box)]["stage"] if box is not None else 0
            return f"hand {key}: {phase} box {box} after {stage}"
        return f"hand {key}: {phase}"

    def clock_setting(self, state: State, seat: int) -> str:
        return "bet_seconds" if state["phase"] == BETTING else "action_seconds"

    def timeout_action(self, state: State, seat: int) -> dict:
        """Out of time: betting ends with what is staked; the dealer cuts; a box folds (C10, O12,
        G10); no game is bought."""
        phase = state["phase"]
        if phase == BETTING:
            return {"type": "done"}
        if phase == CUT:
            return {"type": "cut"}
        box = self._current(state, seat)
        if phase == BUYING:
            return {"type": "no_game", "box": box}
        return {"type": "fold", "box": box}

    # --- apply -----------------------------------------------------------------------------

    def apply(self, state, seat, action, rng=None):
        state, events = self._apply_one(state, seat, action, rng)
        return self._play_away(state, events, rng)

    def _play_away(self, state: State, events: list[Event], rng: Draws | None):
        """The decisions of seats away past the absence limit this hand are their clocks'
        choices, made as each comes (``apply_absent``)."""
        if not state["away"]:  # nobody away: no one to ask who acts
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
        checked = self._validated(state, seat, action)
        before, phase = state, state["phase"]
        # a cut deals every box; any other action changes its own box until the hand moves on
        state = self._copy(state, None if phase == CUT else checked.get("box", NO_BOX))
        rng = rng if rng is not None else Draws()
        events: list[Event] = []
        kind = checked["type"]
        if phase == BETTING:
            self._apply_bet(state, events, seat, checked)
        elif phase == CUT:
            self._cut(state, events, checked["at"], rng)
        elif phase == BUYING:
            self._apply_buy(state, events, seat, checked)
        elif kind == "fold":
            self._fold_box(state, events, checked["box"])
        elif kind == BET:
            self._continue(state, events, seat, checked)
        else:
            self._ask_draw(state, events, seat, checked)
        if not self.to_act(state):
            own_every_box(state, before)
        events += self._advance(state, rng)
        return state, events

    def _apply_bet(self, state: State, events: list[Event], position: int, checked: dict):
        kind = checked["type"]
        limits = state["limits"]
        if kind == "done":
            state["done"].append(position)
            events.append({"type": "done", "seat": position})
            return
        box = checked["box"]
        if kind == BONUS:
            self._place_bonus(state, events, position, box)
            return
        amount = checked["amount"]
        dark = checked["dark"]
        events.append(
            {"type": "ante", "seat": position, "box": box, "amount": amount, "dark": dark}
        )
        box_state = boxes.place(state, events, limits, box, position, amount, dark=dark)
        self._new_box(box_state, amount, "betting")
        if dark:  # §40, §65, C7, G7: the dark box's bet goes on at once
            multiple = self.rules.bet_multiple
            boxes.place_side(state, events, limits, box, position, BET, multiple * amount)
        if checked["bonus"]:
            self._place_bonus(state, events, position, box)
        if checked["plain"]:
            state["done"].append(position)

    @staticmethod
    def _new_box(box_state: dict, ante: int, status: str) -> None:
        """A box just staked: its ante, no cards yet, nothing changed or shown."""
        box_state.update(
            ante=ante,
            status=status,
            stage=0,
            cards=[],
            given_back=[],
            changes=[],
            fees=0,
            shown=False,
        )

    def _place_bonus(self, state: State, events: list[Event], position: int, box: int) -> None:
        stake = state["options"]["bonus"]["stake"]
        events.append({"type": BONUS, "seat": position, "box": box, "amount": stake})
        boxes.place_side(state, events, state["limits"], box, position, BONUS, stake)

    def _cut(self, state: State, events: list[Event], at: int | None, rng: Draws) -> None:
        """§55: the seat offered the cut, or the dealer at random, moves the top ``at`` cards to
        the bottom; the commitment covers the order before it."""
        if at is None:
            at = rng.randint(CUT_FROM_EITHER_END, self.rules.deck_size - CUT_FROM_EITHER_END)
        deck = state["deck"]
        state["deck"] = deck[at:] + deck[:at]
        state["cut"] = at
        events.append({"type": "cut", "seat": state["cutter"], "at": at})
        self._deal(state, events)

    def _take(self, state: State, count: int, rng: Draws | None) -> list[str]:
        """The next ``count`` cards; a deck run short takes the cards given back, shuffled from
        the recorded draws (module docstring)."""
        if len(state["deck"]) < count:
            pile = state["given_back"]
            (rng or Draws()).shuffle(pile)
            state["deck"] += pile
            state["given_back"] = []
            state["refilled"] = True
            for box_state in state["boxes"].values():
                box_state["given_back"] = []
        taken, state["deck"] = state["deck"][:count], state["deck"][count:]
        return taken

    def _deal(self, state: State, events: list[Event]) -> None:
        """Five cards to each box from the dealer's left, then five to the dealer, his last
        face up (§40, §55, §65). Dark boxes stand with their bet; the open ones decide."""
        self._deal_to(state, events, self._order(state))

    def _deal_to(self, state: State, events: list[Event], numbers: list[int]) -> None:
        """A hand to each of the boxes ``numbers`` in the layout's order, then the dealer's."""
        size = self.rules.hand_size
        for n in numbers:
            box_state = state["boxes"][str(n)]
            box_state["cards"] = self._take(state, size, None)
            box_state["status"] = IN if box_state["kind"] == boxes.DARK else DECIDE
        state["dealer"]["cards"] = self._take(state, size, None)
        state["phase"] = DECIDING
        events.append({"type": "deal", "boxes": numbers, "dealer": self._dealer_up(state)})

    def _dealer_up(self, state: State) -> str | None:
        """The dealer's card dealt face up (his last), if the game deals one (§40, §55, §65)."""
        cards = state["dealer"]["cards"]
        return cards[-1] if cards and self.rules.dealer_up else None

    def _fold_box(self, state: State, events: list[Event], box: int) -> None:
        """§40, §56.2: the box folds and loses its ante, and its bonus (C8)."""
        box_state = state["boxes"][str(box)]
        box_state["status"] = FOLDED
        events.append({"type": "fold", "seat": box_state["owner"], "box": box})
        boxes.settle_hand(state, events, box, 0, "lose", reason="ante")
        for side in list(box_state["side"]):
            if side["settled"] is None:
                boxes.settle_side(state, events, box, side["kind"], "lose")

    def _continue(self, state: State, events: list[Event], position: int, checked: dict) -> None:
        """§42, §56.1: the bet of twice the ante; with six cards, one given back (§56.3.1)."""
        box = checked["box"]
        box_state = state["boxes"][str(box)]
        if checked["cards"]:
            self._give_back(state, box_state, checked["cards"])
        amount = self._bet_due(box_state)
        events.append(
            {
                "type": BET,
                "seat": position,
                "box": box,
                "amount": amount,
                "returned": len(checked["cards"]),
            }
        )
        boxes.place_side(state, events, state["limits"], box, position, BET, amount)
        box_state["status"] = IN

    def _give_back(self, state: State, box_state: dict, cards: list[str]) -> None:
        box_state["cards"] = [c for c in box_state["cards"] if c not in cards]
        box_state["given_back"] += cards
        state["given_back"] += cards

    def _ask_draw(self, state: State, events: list[Event], position: int, checked: dict):
        """A paid change (§41, §56.3, §65): the fee now, the cards given back now, the new cards
        once every box has chosen (``_advance``). Any change forfeits the bonus (§47, §68)."""
        box = checked["box"]
        box_state = state["boxes"][str(box)]
        draw = self._draw_offered(box_state, checked["type"])
        returned = checked["cards"]
        fee = draw.fees[len(returned)] * box_state["ante"]
        house.pay_fee(state, events, position, fee, draw.kind)
        box_state["fees"] += fee
        self._give_back(state, box_state, returned)
        box_state["changes"].append(
            {"kind": draw.kind, "returned": len(returned), "fee": fee, "drawn": 0}
        )
        box_state["pending"] = draw.cards_taken(len(returned))
        box_state["status"] = DRAWING
        events.append(
            {
                "type": "card_change",
                "kind": draw.kind,
                "seat": position,
                "box": box,
                "returned": len(returned),
                "count": draw.cards_taken(len(returned)),
                "fee": fee,
            }
        )
        for side in box_state["side"]:
            if side["kind"] == BONUS and side["settled"] is None:
                events.append({"type": "bonus_forfeited", "seat": position, "box": box})
                boxes.settle_side(state, events, box, BONUS, "lose")

    def _apply_buy(self, state: State, events: list[Event], position: int, checked: dict):
        box = checked["box"]
        box_state = state["boxes"][str(box)]
        if checked["type"] == "no_game":
            events.append({"type": "no_game", "seat": position, "box": box})
            self._settle_unqualified(state, events, box)
            return
        fee = box_state["ante"]
        house.pay_fee(state, events, position, fee, GAME_FEE)
        box_state["fees"] += fee
        box_state["status"] = "bought"
        events.append({"type": "buy_game", "seat": position, "box": box, "fee": fee})

    # --- moving on -------------------------------------------------------------------------

    def _advance(self, state: State, rng: Draws | None) -> list[Event]:
        events: list[Event] = []
        if state["phase"] == BETTING and not self.to_act(state):
            if not state["boxes"]:
                self._finish(state, events)
                return events
            cutter = self._next_cutter(state)
            if cutter is not None:
                state["cutter"] = cutter
                state["phase"] = CUT
                return events
            self._deal(state, events)
        while state["phase"] == DECIDING and not self.to_act(state):
            drawing = [n for n in self._order(state) if state["boxes"][str(n)]["status"] == DRAWING]
            if not drawing:
                self._showdown(state, events)
                break
            for n in drawing:  # §56, §65: box by box from the dealer's left
                box_state = state["boxes"][str(n)]
                new = self._take(state, box_state.pop("pending"), rng)
                box_state["cards"] += new
                box_state["changes"][-1]["drawn"] = len(new)
                box_state["stage"] += 1
                box_state["status"] = DECIDE
                events.append({"type": "drawn", "box": n, "count": len(new)})
        if state["phase"] == BUYING and not self.to_act(state):
            self._buy_game(state, events, rng)
        return events

    def _next_cutter(self, state: State) -> int | None:
        """The seat offered the cut (§55): the next player with a box after the last cutter."""
        if not state["options"]["player_cut"]:
            return None
        owners = sorted(
            {b["owner"] for b in state["boxes"].values() if b["owner"] in state["players"]}
        )
        if not owners:
            return None
        last = state["cutter"]
        later = [p for p in owners if last is None or p > last]
        return (later or owners)[0]

    def _showdown(self, state: State, events: list[Event]) -> None:
        """§43, §57, §58, §66: the dealer opens his cards; every box standing is settled, or
        asked whether it buys a game."""
        dealer = state["dealer"]
        dealer["open"] = True
        rules = self.rules
        dealer_value = rules.value(dealer["cards"])
        qualified = dealer_value >= rules.dealer_minimum
        dealer["qualified"] = qualified
        events.append(
            {
                "type": "dealer_hand",
                "cards": list(dealer["cards"]),
                "hand": rules.hand_of(dealer_value),
                "qualified": qualified,
            }
        )
        asked = False
        for n in self._order(state):
            box_state = state["boxes"][str(n)]
            if box_state["status"] != IN:
                continue
            self._settle_bonus(state, events, n)
            if qualified:
                self._compare(state, events, n, dealer_value)
            elif (
                self.rules.buy_game
                and box_state["kind"] == boxes.OPEN
                and rules.value(box_state["cards"]) >= LOWEST_PAIR
            ):
                box_state["status"] = BUY_ASKED
                asked = True
            else:
                self._settle_unqualified(state, events, n)
        if asked:
            state["phase"] = BUYING
            return
        self._finish(state, events)

    def _buy_game(self, state: State, events: list[Event], rng: Draws | None) -> None:
        """§58, §66, O7, G6: one replacement card for every buyer; qualified now with a pair
        (O6, G5), each buyer is compared; else ante and bet come back, the fee is kept (O5)."""
        buyers = [n for n in self._order(state) if state["boxes"][str(n)]["status"] == "bought"]
        if not buyers:  # every box asked took its ante paid: nobody bought him a card
            self._finish(state, events)
            return
        dealer = state["dealer"]
        dealer["first"] = list(dealer["cards"])
        cards = dealer["cards"]
        by_rank = sorted(cards, key=lambda c: poker_hands.RANKS.index(c[0]))
        replaced = by_rank[0] if self.rules.buy_game == "lowest" else by_rank[-1]
        drawn = self._take(state, 1, rng)[0]
        dealer["cards"] = [c if c != replaced else drawn for c in cards]
        dealer["replaced"], dealer["drawn"] = replaced, drawn
        dealer_value = hand_value(dealer["cards"])
        qualified = dealer_value >= LOWEST_PAIR
        dealer["qualified_after"] = qualified
        events.append(
            {
                "type": "game_bought",
                "boxes": buyers,
                "replaced": replaced,
                "drawn": drawn,
                "hand": poker_hands.category(dealer_value),
                "qualified": qualified,
            }
        )
        for n in buyers:
            if qualified:
                self._compare(state, events, n, dealer_value)
            else:
                self._settle(state, events, n, "push", "push", "no game")
        self._finish(state, events)

    def _compare(self, state: State, events: list[Event], box: int, dealer_value: int) -> None:
        """§44–§46, §59–§60, §67–§68, C2, C4, C5: the better hand wins, an exact tie pushes."""
        box_state = state["boxes"][str(box)]
        box_state["shown"] = True
        value = self.rules.value(box_state["cards"])
        if value > dealer_value:
            self._settle(state, events, box, 1, self.rules.bet_pays(value), "won")
        elif value < dealer_value:
            self._settle(state, events, box, "lose", "lose", "lost")
        else:
            self._tie(state, events, box)

    def _tie(self, state: State, events: list[Event], box: int) -> None:
        """C5: an exact tie pushes."""
        self._settle(state, events, box, "push", "push", "tie")

    def _settle_unqualified(self, state: State, events: list[Event], box: int) -> None:
        """C3, O2, G1: the dealer has no game: the ante is paid 1:1, the bet returned."""
        ratio = self.rules.unqualified_ante
        outcome = "no game" if ratio != "push" else "no game push"
        self._settle(state, events, box, ratio, "push", outcome)

    def _settle(self, state, events, box: int, ante_ratio, bet_ratio_, outcome: str) -> None:
        box_state = state["boxes"][str(box)]
        boxes.settle_hand(state, events, box, 0, ante_ratio, reason="ante")
        if any(s["kind"] == BET and s["settled"] is None for s in box_state["side"]):
            boxes.settle_side(
                state, events, box, BET, bet_ratio_, max_payout=state["limits"]["max_payout"]
            )
        box_state["status"] = SETTLED
        box_state["outcome"] = outcome
        events.append({"type": "settled", "box": box, "outcome": outcome})

    def _settle_bonus(self, state: State, events: list[Event], box: int) -> None:
        """§47, §68, C8: on the box's own five cards, whatever the dealer holds."""
        box_state = state["boxes"][str(box)]
        side = next(
            (s for s in box_state["side"] if s["kind"] == BONUS and s["settled"] is None), None
        )
        if side is None:
            return
        key = CATEGORY_KEYS[poker_hands.category(hand_value(box_state["cards"]))]
        ratio = state["options"]["bonus"]["pays"].get(key, "lose")
        boxes.settle_side(state, events, box, BONUS, ratio)

    def _finish(self, state: State, events: list[Event]) -> None:
        house.fees_to_bank(state, events)
        state["phase"] = OVER
        state["over"] = True
        state["escrowed"] = {}
        state["result"] = self._result(state)
        events.append({"type": "hand_over", "result": state["result"]})

    # --- the session -----------------------------------------------------------------------

    def sit_minimum(self, config: dict) -> int:
        """An ante and the bet of twice it (§42)."""
        return (1 + self.rules.bet_multiple) * int(config["min_bet"])

    def holds_bets(self, state: State | None, seat: int) -> bool:
        return self.in_play(state) and seat in state["players"] and boxes.working(state, seat)

    def apply_leave(self, state: State, seat: int, rng: Draws | None = None):
        """Leaving with a stake working plays on, the clock deciding (a fold); with nothing
        staked the seat leaves the hand."""
        if not self.in_play(state) or seat not in state["players"]:
            return None
        if self.holds_bets(state, seat):
            return None
        return self._drop(state, seat, "left", rng)

    def apply_absent(self, state: State, seat: int, rng: Draws | None = None):
        if not self.in_play(state) or seat not in state["players"]:
            return None
        if self.holds_bets(state, seat):
            state = dict(state, away=[*state["away"], seat])
            return self._play_away(state, [{"type": "absent", "seat": seat}], rng)
        return self._drop(state, seat, "absent", rng)

    def _drop(self, state: State, position: int, reason: str, rng: Draws | None):
        state = self._copy(state)
        state["players"].remove(position)
        if position in state["dealt_in"] and position not in state["done"]:
            state["done"].append(position)
        events: list[Event] = [{"type": reason, "seat": position}]
        events += self._advance(state, rng)
        return self._play_away(state, events, rng)

    def apply_void(self, state: State):
        state, events = super().apply_void(state)
        state["pots"] = {}
        state["phase"] = OVER
        return state, events

    def round_without_bets(self, state: State) -> bool:
        return (
            bool(state)
            and state["over"]
            and not state["boxes"]
            and not (state.get("result") or {}).get("void")
        )

    def summary(self, state: State | None, config: dict) -> dict:
        facts: list = [
            [gettext_noop("Ante"), {"money_range": [config.get("min_bet"), config.get("max_bet")]}]
        ]
        if config.get("max_payout"):
            facts.append([gettext_noop("Most paid a box"), {"money": config["max_payout"]}])
        if not self.in_play(state):
            return {"pot": 0, "stage": "", "facts": facts}
        facts.append([gettext_noop("House at risk"), {"money": self.exposure(state)}])
        stage = {
            BETTING: gettext_noop("taking antes"),
            CUT: gettext_noop("cutting the deck"),
            DECIDING: gettext_noop("players deciding"),
            BUYING: gettext_noop("buying a game"),
        }.get(state["phase"], "")
        return {"pot": sum(state["pots"].values()), "stage": stage, "facts": facts}
