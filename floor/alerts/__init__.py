"""Alerts a person can act on (issue 17, part 4): the rules, their evaluation, and the floor's
live list.

Three ways in, none naming a game:
- a hand is over (``after_hands``, a listener of ``tables.listeners`` after the actor's
  transaction, each table's hands in order, ``on_table_news`` for each): once the table's
  escrow scope holds no money (a scope that spans hands, a player's bank or a carried bank, only
  when it is paid out: ``scope_money``), each player's result is read from the ledger's
  transfers of the scope since it last stood empty and kept (``HandMoney``; who lost to whom,
  ``HandFlow``, where no house bank took part); then the big win, the hour at one table, the
  chip-dumping rules and the hands given up (the engine's ``folded_hands``);
- a change to a table failed unexpectedly (``on_table_error``, told by the actor after the
  rollback);
- the due jobs (``floor_checks``: seats away and idle tables holding escrow; ``books_job``).

An alert is raised once per occurrence: its ``dedupe_key`` is unique and names the occurrence
(the hand, the pair and the hand that tipped it, the table's version, the away spell...), and an
acknowledged alert keeps its key, so the same occurrence is never raised again. After the
transaction that raised it commits, the pit group gets the new item of the floor's open list and
the table tile's badge (``pit.html`` frames, in every language).

Where to look: ``floor.alerts.hands`` (a hand is over and its rules), ``floor.alerts.jobs`` (the
due jobs), ``floor.alerts.raising`` (the rules, raising and acknowledging, a failed change),
``floor.alerts.live_list`` (messages, the floor's lists, telling the pit)."""

from __future__ import annotations

from floor.alerts.hands import (
    DUMPING_RATIO,
    DUMPING_WINDOW,
    HOUR,
    after_hands,
    ends_a_hand,
    hand_money,
    hand_over,
    losses_shared,
    on_table_news,
    scope_money,
)
from floor.alerts.jobs import (
    BOOKS_JOB_SECONDS,
    FLOOR_CHECK_SECONDS,
    MAX_PROBLEMS_KEPT,
    MAY_BRING_BACK,
    SEATED_BY,
    books_job,
    escrow_by_table,
    floor_checks,
    seats_in_play,
)
from floor.alerts.live_list import (
    OPEN_SHOWN,
    acknowledged_alerts,
    alert_row,
    announce,
    announce_gone,
    message,
    open_alert_counts,
    open_alerts,
)
from floor.alerts.raising import (
    acknowledge,
    enabled_rules,
    ensure_rules,
    money_threshold,
    on_table_error,
    raise_alert,
    raised_since,
    rules,
)

__all__ = [
    "after_hands",
    "ends_a_hand",
    "BOOKS_JOB_SECONDS",
    "DUMPING_RATIO",
    "DUMPING_WINDOW",
    "FLOOR_CHECK_SECONDS",
    "HOUR",
    "MAX_PROBLEMS_KEPT",
    "MAY_BRING_BACK",
    "OPEN_SHOWN",
    "SEATED_BY",
    "acknowledge",
    "acknowledged_alerts",
    "alert_row",
    "announce",
    "announce_gone",
    "books_job",
    "enabled_rules",
    "ensure_rules",
    "escrow_by_table",
    "floor_checks",
    "hand_money",
    "hand_over",
    "losses_shared",
    "message",
    "money_threshold",
    "on_table_error",
    "on_table_news",
    "open_alert_counts",
    "open_alerts",
    "raise_alert",
    "raised_since",
    "rules",
    "scope_money",
    "seats_in_play",
]
