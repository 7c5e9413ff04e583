"""Blackjack (CG §90-§105, ../shared/rules/blackjack.md): European blackjack from a six-deck
shoe against the croupier, on the shared twenty-one flow (``tables.families.twentyone.engine``,
whose docstring tells the phases and the actions). What is Blackjack's own:

- the layout: 5 to 7 boxes (``boxes``, default 7) and up to nine seats, so that players beyond
  the boxes bet behind (``bets_behind``, default on; ``boxes_per_player`` as the table says);
- no hole card (B1): the croupier's second card comes after every box has played;
- he draws to 16 and stands on every 17, soft ones too (§95, B3), and takes only one card when
  nothing but naturals and settled hands are left (§103, B8);
- a natural pays 3:2 (§99), wins 1:1, ties push, a natural against his natural too (§100,
  §103); doubles and splits lose all to his natural (B2);
- insurance up to half a staker's stake on the box, at least ``min_unit`` (§103, B7), paying
  2:1 when his second card makes a natural; even money pays a natural 1:1 at once (§103);
- surrender of half the stake before any further card, against any up card (§102), unless the
  table turns it off (``surrender``); by the rules' decision a surrendered hand loses its whole
  bet if the croupier then makes a natural (section 5 of the rules, on B6);
- double on any two cards for one card (§98), after a split too but not on split aces (B5);
  split equal ranks (B4) up to three times (§96), aces once with one card each (§97); no card
  and no double on a natural or 21 (§98);
- a box shared (§96, §98, B9): the owner decides for the box; each staker decides insurance,
  even money and surrender for his own stake; the owner's surrender surrenders every stake;
  on his double each other staker doubles or not, the box getting one card; on his split each
  splits too, stays or moves his bet to the new hand; the box's stakes together keep its
  limits (§101, B10);
- the shoe: cut card at random between the middle and one deck from the end; a new shoe is
  offered to a player to cut (``player_cut``, §104); its composition is shown before the first
  deal (§105).
"""

from __future__ import annotations

from fractions import Fraction

from tables.engines import base
from tables.engines.base import gettext_noop
from tables.families.twentyone.engine import TwentyOne
from tables.families.twentyone.rules import Rules

GAME = "blackjack"

RULES = Rules(
    decks=(2, 8),  # six by §90; a table may set 2 to 8 (one deck leaves no deck behind the cut)
    boxes=(5, 7),
    hole_card=False,  # B1
    dealer_hits_soft_17=False,  # §95, B3
    natural_pays=Fraction(3, 2),  # §99
    natural_ties="push",  # §103
    ties="push",  # §100
    dealer_22_pushes=False,
    insurance=True,  # §103
    insurance_pays=Fraction(2),
    even_money=True,  # §103
    surrender_loses_to_natural=True,  # rules section 5, on B6
    double=True,  # §98
    double_after_split=True,  # B5
    double_on_21=False,  # §98
    max_splits=3,  # §96
    split_by="rank",  # B4
)


class Blackjack(TwentyOne):
    """Blackjack's rules (module docstring) on the shared flow."""

    game = GAME
    display_name = gettext_noop("Blackjack")
    seats = (1, 9)
    rules = RULES

    # the family's tables (surrender on), the second with surrender off, the last two at a
    # short two-deck shoe (new shoes and their commitments often)
    example_configs = (
        TwentyOne.example_configs[0],
        {**TwentyOne.example_configs[1], "decks": 2, "surrender": False},
        {**TwentyOne.example_configs[2], "decks": 2},
    )


ENGINE = base.register(Blackjack())
