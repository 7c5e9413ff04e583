"""A seat's own on a twenty-one board: what its plate shows (``seat_marks``), its moves as
primitives within the limits and its wallet (``control_facts``: also its private facts) and the
forms drawn from them (``controls``). Plain functions."""

from __future__ import annotations

from django.utils.translation import pgettext

from casino.currencies import format_amount
from tables.board_words import gettext
from tables.families.twentyone.board_items import (
    COSTING,
    OFFER_KINDS,
    PLAY_LABELS,
    game_box,
    name_of,
    signed,
)
from tables.kit import affordable, money_box, standard_quick_stakes
from tables.presentation import seat_board_facts

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
