"""The sportsbook's settlement (SB, ../shared/rules/sportsbook.md): the rules, pure Python (no
Django), and beside them the runner that pays bets by them.

The rules' stable API (other modules build on these names):

results.py
    `EventResult` (frozen dataclass) and its parts `Period`, `Score`, `Goal`, `Card`,
    `Substitution`, `Point`, `Fight`, `Standing`; `EventResult.from_dict(d)` / `.to_dict()`
    round-trip JSON and raise ValueError with a readable message on bad input. Constants
    `SPORTS`, `ENDINGS`, `SET_SPORTS`, `GOAL_SPORTS`.

markets/
    one module per family of kinds (`winners`, `totals`, `scoring`, `specials`), each kind's rule
    beside its registry entry, and what they share (`kind`: `MarketKind`, `Param`).
    `KINDS: dict[str, MarketKind]`: §3.2–§3.35 (one kind each), "winner" (outright, dead heat
    §1.11) and "f1_matchup" (§4.9). A `MarketKind` has `code`, `rule` ("SB §3.4"), `name`
    (English, marked with `gettext_noop`), `params` (tuple of `Param(name, meaning, default)`),
    `example_params`, `outcomes(params) -> list[str]`, `outcome_label(params, code) -> str`,
    `settle(result, params, context=BetContext()) -> dict[str, Settled]` (every outcome),
    `clean_params(params)` (validated, defaults filled; ValueError), `is_determined(result,
    params, context) -> set[str]` (E11: the outcomes no further play could change),
    `context_sensitive` and `context_key(context)`. Every kind also accepts the param
    "pitchers" ({"1": name, "2": name}, baseball §4.6/E28). Params arrive as JSON values;
    lines may be strings ("-0.75") or numbers.
    A kind on a sport it does not cover (e.g. corners in tennis) settles void. `settle` raises
    ValueError if the result lacks a detail the market needs (goal list, corners, line-ups…).

grading.py (re-exported here)
    `Settled(win, void)`: shares of the stake won at the odds and returned at odds 1; K_eff =
    win*K + void. `WON`, `LOST`, `VOID`. `BetContext(live, score_at_placement, placed_minute,
    placed_after_start)`.
    Settle each market once per `kind.context_key(context)`: every kind depends on `live` and
    on E13 (`placed_after_start` for a pre-match bet voids it); `context_sensitive` kinds
    (§3.28 rest of the match) also on the score at placement.

bets.py
    `Leg(odds, settled)`, `leg_coefficient`, `single_return`, `express_return`,
    `system_combinations`, `system_return`, `validate_system`, `potential_return`: integer
    minor units in and out, exact arithmetic, payout rounded down once (E34).

random_results.py
    `random_result(sport, rng) -> EventResult`: consistent random results for load tests.

In Django:

models.py
    settlement runs and what each did to each bet (imported from `sportsbook.models`).
runner/
    `event_settle`, `settle_due`: an event's bets settled against its result, set-based, in
    chunks; every settlement's booking (stakes-held -> wallets and the book) is here (a bet's
    grading in `runner/grading.py`, a chunk's money and rows in `runner/money.py`).
services.py
    `event_result_set` (the official result, and when its settlement falls due),
    `event_hold_payouts` (SB §1.10).
forms.py
    results entry: the forms a trader enters a result with, one layout per sport.
"""

from sportsbook.settlement.grading import LOST, VOID, WON, BetContext, Settled

__all__ = ["LOST", "VOID", "WON", "BetContext", "Settled"]
