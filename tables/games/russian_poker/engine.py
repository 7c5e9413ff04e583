"""Russian poker (CG §26–§32; ../shared/rules/russian-poker.md, rulings R1–R11 and the section 5
decision): three-card seka against the dealer, on the shared flow of ``tables.families.stud``.
What is Russian poker's own:

- the cards and the points are Belarusian poker's: 33 cards with the joker (§29), a suit's
  cards, two aces or three of a rank scoring, the joker a copy of its group's highest card
  (§28, §30, R2: ``tables.engines.seka.seka_score``);
- an ante (R1), three cards to each box and three to the dealer, all face down; a box plays
  on with a bet equal to the ante (§31) or folds and loses the ante (R3);
- one open box a player and one more, dark: its bet goes on before the deal, its cards are
  never seen and it cannot fold (§32, R9);
- the dealer qualifies with 11 points, an ace's worth (§31, R4); without a game everything on
  every box pushes (R6); with one, more points win: the ante 1:1, the bet by the player's
  points, ≤ 29 1:1, 30 2:1, 31 3:1, 32 5:1, 33 10:1 (§31, R5); suits never break a tie (R10);
- **the svara** (§31, R7, R8, section 5): a box with as many points as a qualified dealer is not
  settled. Its owner doubles the ante or folds (everything on the box lost); any other player
  at the table may join with an ante equal to the original ante of the tied box with the
  largest bet, on a box of the layout still free (R8). The svara boxes and the dealer get new
  cards from a pack of their own; each open box folds or brings its bet up to the ante, a dark
  box having paid both at once; then the showdown as above. A tie, or a dealer without a game,
  starts the next svara the same way; a box whose doubled ante would exceed the table maximum
  pushes instead (section 5). The packs of every svara the table's limits allow are shuffled
  when the hand starts and covered by its commitment, so a svara draws nothing mid-hand;
- a clock that runs out folds (R11), and declines to join.
"""

from __future__ import annotations

from fractions import Fraction

from tables.engines import base
from tables.engines.base import Draws, Event, IllegalAction, State, gettext_noop
from tables.engines.cards import pack_33
from tables.engines.seka import seka_score
from tables.families.house import boxes
from tables.families.stud.engine import StudEngine
from tables.families.stud.rules import BET, StudRules, _whole, shuffle

GAME = "russian_poker"
DEALER_MINIMUM = 11  # §31, R4: "the croupier's minimum game is an ace"
# §31, R5: the bet's pay by the player's winning points; 29 and below 1:1
BET_PAYS = {30: Fraction(2), 31: Fraction(3), 32: Fraction(5), 33: Fraction(10)}
SVARA = "svara"  # the phase: tied boxes double or fold, others may join
TIED = "tied"  # a box's status: tied with the dealer, its svara not opened yet
ASKED = "svara_asked"  # its owner is asked to double the ante or fold
DOUBLED = "doubled"  # in the coming svara


def points(cards) -> int:
    return seka_score(cards)


def bet_pays(score: int) -> Fraction:
    """§31, R5: the bet's ratio for the player's winning points."""
    return BET_PAYS.get(score, Fraction(1))


RULES = StudRules(
    draws=(),
    dealer_minimum=DEALER_MINIMUM,
    layout=7,
    boxes=7,
    boxes_per_player=2,  # §32
    open_boxes_per_player=1,
    dark_boxes_per_player=1,  # §32, R9: the second box is played blind
    pack=pack_33,  # §29
    hand_size=3,  # R1
    value=points,
    hand_of=int,  # the board names a hand by its points
    bet_pays=bet_pays,
    best_bet=BET_PAYS[33],
    bet_multiple=1,  # §31: a bet equal to the ante
    dealer_up=0,  # R1: all three face down
    unqualified_ante="push",  # R6
)


def svaras_allowed(config: dict) -> int:
    """Section 5: each svara doubles the ante; from the table minimum, this many doublings stay
    within the maximum. The packs of that many svaras are shuffled with the hand's."""
    count, ante = 0, config["min_bet"]
    while 2 * ante <= config["max_bet"]:
        ante *= 2
        count += 1
    return count


class RussianPoker(StudEngine):
    game = GAME
    display_name = gettext_noop("Russian poker")
    rules = RULES
    own_lists = ("packs", "spent", "opened", "rounds")
    own_nested = ("svara",)
    _bet_amount_words = gettext_noop("The bet brings your bet up to the ante: %(amount)s.")
    example_configs = (
        {"min_bet": 100, "max_bet": 800},
        {"min_bet": 100, "max_bet": 400, "boxes": 5, "max_exposure": 20_000, "player_cut": True},
    )

    # --- the hand ----------------------------------------------------------------------------

    def new_hand(self, config, players, rng, carry=None) -> State:
        """The game's pack and one for each svara the limits allow (module docstring), all
        committed: the record lists them in the order they are used."""
        state = super().new_hand(config, players, rng, carry)
        packs = []
        for _svara in range(svaras_allowed(state["limits"])):
            pack = pack_33()
            shuffle(rng, pack)
            packs.append(pack)
        state.update(
            packs=packs,
            record=",".join([state["record"], *(",".join(p) for p in packs)]),
            spent=[],  # cards left in a pack a svara put aside, never seen
            opened=[],  # cards of earlier deals opened at a showdown
            rounds=[],  # each showdown that led to a svara, as the board tells it
            svara=None,
            svaras_dealt=0,
        )
        return state

    # --- who acts ----------------------------------------------------------------------------

    def _candidates(self, state: State) -> list[int]:
        """R8: the players at the table with no box in this svara may join it, while a box of
        the layout is free for them; each answers once."""
        svara = state["svara"]
        if state["phase"] != SVARA or self._own_box(state, -1) is None:  # no box free
            return []
        in_svara = {state["boxes"][str(n)]["owner"] for n in svara["boxes"]}
        return [p for p in state["players"] if p not in in_svara and str(p) not in svara["answers"]]

    def to_act(self, state: State) -> list[int]:
        if state["phase"] != SVARA or state["over"]:
            return super().to_act(state)
        owners = {b["owner"] for b in state["boxes"].values() if b["status"] == ASKED}
        return sorted(owners | set(self._candidates(state)))

    def _current(self, state: State, position: int) -> int | None:
        if state["phase"] == SVARA:
            return self._waiting_box(state, position, ASKED)
        return super()._current(state, position)

    def turn_key(self, state: State, seat: int) -> str:
        if state["phase"] != SVARA:
            return super().turn_key(state, seat)
        number = state["svara"]["number"]
        box = self._current(state, seat)
        asked = f"box {box}" if box is not None else "join"
        return f"hand {state['hand_key']}: svara {number} {asked}"

    def timeout_action(self, state: State, seat: int) -> dict:
        """R11: a silent owner folds his tied box; a silent player does not join."""
        if state["phase"] != SVARA:
            return super().timeout_action(state, seat)
        box = self._current(state, seat)
        if box is None:
            return {"type": "decline"}
        return {"type": "fold", "box": box}

    # --- the svara's actions -----------------------------------------------------------------

    def _validated(self, state: State, position: int, action) -> dict:
        if state["over"] or state["phase"] != SVARA:
            return super()._validated(state, position, action)
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction(gettext_noop("Unknown action."))
        if position not in state["dealt_in"]:
            raise IllegalAction(gettext_noop("You are not dealt in this hand."))
        if position not in self.to_act(state):
            raise IllegalAction(gettext_noop("You have answered this svara already."))
        kind = action["type"]
        box = self._current(state, position)
        if box is None:  # a player who may join (R8)
            if kind == "decline":
                return {"type": "decline"}
            if kind != "join":
                raise IllegalAction(gettext_noop("Join the svara, or let it pass."))
            ante = state["svara"]["join_ante"]
            if action.get("amount", ante) != ante or isinstance(action.get("amount"), bool):
                raise IllegalAction(
                    gettext_noop(
                        "A svara is joined with an ante equal to the tied box's original "
                        "ante: %(amount)s (R8)."
                    ),
                    amount=ante,
                )
            return {"type": "join", "box": self._own_box(state, position), "amount": ante}
        if action.get("box", box) != box or not _whole(action.get("box", box)):
            raise IllegalAction(
                gettext_noop("Decide on your boxes in order: box %(box)s first."), box=box + 1
            )
        if kind not in (SVARA, "fold"):
            raise IllegalAction(gettext_noop("Double the ante for the svara, or fold."))
        return {"type": kind, "box": box}

    def legal_actions(self, state: State, position: int) -> list[dict]:
        if state["over"] or state["phase"] != SVARA:
            return super().legal_actions(state, position)
        if position not in self.to_act(state):
            return []
        box = self._current(state, position)
        if box is None:
            return [{"type": "join"}, {"type": "decline"}]
        return [{"type": SVARA, "box": box}, {"type": "fold", "box": box}]

    def _apply_one(self, state, seat, action, rng=None):
        if state["over"] or state["phase"] != SVARA:
            return super()._apply_one(state, seat, action, rng)
        checked = self._validated(state, seat, action)
        state = self._copy(state)
        events: list[Event] = []
        kind = checked["type"]
        if kind == "fold":  # R7.3: everything on the box is lost
            self._fold_box(state, events, checked["box"])
        elif kind == SVARA:
            self._double(state, events, seat, checked["box"])
        elif kind == "join":
            self._join(state, events, seat, checked["box"], checked["amount"])
        else:
            state["svara"]["answers"][str(seat)] = False
            events.append({"type": "svara_declined", "seat": seat})
        events += self._advance(state, rng)
        return state, events

    def _double(self, state: State, events: list[Event], position: int, box: int) -> None:
        """R7.2: the ante doubled; a dark box's bet brought up to it at once (it never looks)."""
        box_state = state["boxes"][str(box)]
        added = box_state["ante"]
        boxes.raise_stake(state, events, box, position, added, "svara ante")
        box_state["ante"] += added
        events.append(
            {"type": "svara_doubled", "seat": position, "box": box, "ante": box_state["ante"]}
        )
        if box_state["kind"] == boxes.DARK:
            due = self._bet_due(box_state)
            boxes.place_side(state, events, state["limits"], box, position, BET, due)
            events.append({"type": BET, "seat": position, "box": box, "amount": due})
        box_state["status"] = DOUBLED

    def _join(self, state: State, events: list[Event], position: int, box: int, ante: int):
        """R8: a box of the joiner's own for this svara, played like a normal round."""
        state["svara"]["answers"][str(position)] = True
        room = dict(state["limits"], boxes_per_player=RULES.layout, open_boxes_per_player=None)
        box_state = boxes.place(state, events, room, box, position, ante)
        self._new_box(box_state, ante, DOUBLED)
        box_state["joined"] = state["svara"]["number"]
        state["svara"]["boxes"].append(box)
        state["svara"]["joiners"].append(box)
        events.append({"type": "svara_joined", "seat": position, "box": box, "amount": ante})

    # --- moving on ---------------------------------------------------------------------------

    def _advance(self, state: State, rng: Draws | None) -> list[Event]:
        events: list[Event] = []
        if state["phase"] == SVARA and not self.to_act(state):
            self._deal_svara(state, events)
        return events + super()._advance(state, rng)

    def _tie(self, state: State, events: list[Event], box: int) -> None:
        """R7.1: a tie with a qualified dealer is not settled: everything stays for the svara."""
        state["boxes"][str(box)]["status"] = TIED

    def _settle_unqualified(self, state: State, events: list[Event], box: int) -> None:
        """R6: a dealer without a game pushes; in a svara he owes a further svara (§31)."""
        if state["svara"] is not None:
            state["boxes"][str(box)]["status"] = TIED
            return
        super()._settle_unqualified(state, events, box)

    def _finish(self, state: State, events: list[Event]) -> None:
        tied = [n for n in self._order(state) if state["boxes"][str(n)]["status"] == TIED]
        if tied and self._open_svara(state, events, tied):
            return
        super()._finish(state, events)

    def _open_svara(self, state: State, events: list[Event], tied: list[int]) -> bool:
        """§31, R7: the tied boxes are asked to double; a box whose doubled ante would exceed
        the table maximum, or with no pack left for it, pushes (section 5). Returns whether a
        svara is played."""
        number = state["svara"]["number"] + 1 if state["svara"] else 1
        dealer = state["dealer"]
        state["rounds"].append(
            {
                "svara": number - 1,
                "dealer": list(dealer["cards"]),
                "dealer_points": points(dealer["cards"]),
                "qualified": dealer["qualified"],
                "tied": {
                    str(n): list(state["boxes"][str(n)]["cards"])
                    if state["boxes"][str(n)]["shown"]
                    else None
                    for n in tied
                },
            }
        )
        going_on = []
        for n in tied:
            box_state = state["boxes"][str(n)]
            if 2 * box_state["ante"] > state["limits"]["max_bet"] or not state["packs"]:
                self._settle(state, events, n, "push", "push", "svara limit")
            else:
                box_state["status"] = ASKED
                going_on.append(n)
        if not going_on:
            return False
        largest = max(going_on, key=lambda n: (self._bet_of(state, n), -n))
        state["svara"] = {
            "number": number,
            "boxes": list(going_on),
            "joiners": [],
            "answers": {},
            # R8: the original ante of the tied box with the largest bet
            "join_ante": state["boxes"][str(largest)]["stakes"][0]["amount"],
        }
        state["phase"] = SVARA
        events.append({"type": "svara_opened", "svara": number, "boxes": list(going_on)})
        return True

    @staticmethod
    def _bet_of(state: State, box: int) -> int:
        sides = state["boxes"][str(box)]["side"]
        return next((s["amount"] for s in sides if s["kind"] == BET), 0)

    def _deal_svara(self, state: State, events: list[Event]) -> None:
        """R7.3: new cards from the svara's own pack to every box playing it and the dealer."""
        playing = [
            n for n in state["svara"]["boxes"] if state["boxes"][str(n)]["status"] == DOUBLED
        ]
        if not playing:  # every tied box folded and nobody joined
            super()._finish(state, events)
            return
        dealer = state["dealer"]
        state["opened"] += dealer["cards"]
        dealer.update(cards=[], open=False, qualified=None)
        for n in playing:
            box_state = state["boxes"][str(n)]
            if box_state["shown"]:
                state["opened"] += box_state["cards"]
            else:  # tied with a dealer without a game: still the owner's own
                box_state["given_back"] += box_state["cards"]
                state["given_back"] += box_state["cards"]
            box_state.update(cards=[], shown=False, outcome=None)
        state["spent"] += state["deck"]
        state["deck"], state["packs"] = list(state["packs"][0]), state["packs"][1:]
        state["svaras_dealt"] += 1
        self._deal_to(state, events, sorted(playing))
        events[-1]["svara"] = state["svara"]["number"]

    # --- what each may see -------------------------------------------------------------------

    def hidden_cards(self, state: State) -> list[str]:
        return [*super().hidden_cards(state), *state["spent"]]

    def undealt(self, state: State) -> list[str]:
        return [*state["deck"], *(card for pack in state["packs"] for card in pack)]

    def undealt_committed(self, state: State) -> list[str]:
        """After a cut the game's pack is out of its committed order; the svaras' packs are
        not."""
        later = [card for pack in state["packs"] for card in pack]
        if state["cut"] is not None and not state["svaras_dealt"]:
            return later
        return [*state["deck"], *later]

    def all_cards(self, state: State) -> list[str]:
        found = super().all_cards(state)
        for pack in state["packs"]:  # whole lists added, not a generator card by card
            found += pack
        return found + state["spent"] + state["opened"]

    def view(self, state: State, seat: int | None) -> dict:
        public = super().view(state, seat)
        svara = state["svara"]
        public["svara"] = (
            {
                "number": svara["number"],
                "open": state["phase"] == SVARA,
                "boxes": list(svara["boxes"]),
                "joiners": list(svara["joiners"]),
                "join_ante": svara["join_ante"],
                "may_join": self._candidates(state),
            }
            if svara
            else None
        )
        public["rounds"] = base.copy_json(state["rounds"])
        public["svaras_allowed"] = svaras_allowed(state["limits"])
        for box_view in public["boxes"]:
            box_state = state["boxes"][str(box_view["number"])]
            box_view["first_ante"] = box_state["stakes"][0]["amount"]
            box_view["joined"] = box_state.get("joined")
        if seat is not None and state["phase"] == SVARA and seat in public["to_act"]:
            box = self._current(state, seat)
            public["my_box"] = box
            public["offers"] = None
            if box is not None:
                box_state = state["boxes"][str(box)]
                dark = box_state["kind"] == boxes.DARK
                public["svara_offer"] = {
                    "box": box,
                    "ante": 2 * box_state["ante"],
                    "adds": box_state["ante"] * (2 if dark else 1),
                    "dark": dark,
                }
            else:
                public["svara_offer"] = {"join": svara["join_ante"]}
        return public

    def _result(self, state: State) -> dict:
        result = super()._result(state)
        result["rounds"] = base.copy_json(state["rounds"])
        result["svaras"] = state["svara"]["number"] if state["svara"] else 0
        return result

    def summary(self, state: State | None, config: dict) -> dict:
        found = super().summary(state, config)
        if self.in_play(state) and state["svara"] is not None:
            found["stage"] = gettext_noop("svara")
        return found


ENGINE = base.register(RussianPoker())

__all__ = ["ENGINE", "bet_pays", "points", "svaras_allowed"]
