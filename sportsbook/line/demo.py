"""Demo line for `make run` (issue 4 §7): six sports, every market kind of `KINDS` at least once,
events scheduled over the next days, some live with a score, some finished and settled with
bets of the demo players placed through `bet_place` (so the money is real), exchange
rates and maximum stakes. Idempotent: an event that exists already is left as it is.

Odds come from rough probabilities per outcome with the bookmaker's margin (MARGIN).
"""

from __future__ import annotations

import datetime as dt
import math
import random
from decimal import ROUND_DOWN, Decimal

from django.db import transaction
from django.utils import timezone

from casino.models import Player
from sportsbook.betting.services import Selection, bet_place
from sportsbook.line.services import SETTLE_DELAY, event_score_set, event_set_status
from sportsbook.models import (
    Competition,
    Event,
    EventStatus,
    ExchangeRate,
    Market,
    Outcome,
    SettlementReason,
    Sport,
)
from sportsbook.settlement import runner as settlement_runner
from sportsbook.settlement.markets import KINDS
from sportsbook.settlement.results import EventResult
from sportsbook.settlement.services import event_result_set

MARGIN = Decimal("0.06")
RATES = {"BYN": "3.2700", "EUR": "0.9200", "RUB": "92.5000", "UAH": "41.3000"}  # per 1 USD

SPORTS = [
    ("football", "Футбол", "Football"),
    ("hockey", "Хоккей", "Ice hockey"),
    ("basketball", "Баскетбол", "Basketball"),
    ("tennis", "Теннис", "Tennis"),
    ("boxing", "Бокс", "Boxing"),
    ("formula1", "Формула-1", "Formula 1"),
]
COMPETITIONS = {
    "epl": ("football", "Англия. Премьер-лига", "England. Premier League", "England"),
    "rpl": ("football", "Россия. Премьер-лига", "Russia. Premier League", "Russia"),
    "cup": ("football", "Россия. Кубок", "Russia. Cup", "Russia"),
    "laliga": ("football", "Испания. Ла Лига", "Spain. La Liga", "Spain"),
    "khl": ("hockey", "КХЛ", "KHL", "Russia"),
    "nhl": ("hockey", "НХЛ", "NHL", "USA"),
    "nba": ("basketball", "НБА", "NBA", "USA"),
    "vtb": ("basketball", "Единая лига ВТБ", "VTB United League", "Russia"),
    "euroleague": ("basketball", "Евролига", "EuroLeague", ""),
    "atp": ("tennis", "ATP. Мастерс, Мадрид", "ATP Masters, Madrid", "Spain"),
    "wta": ("tennis", "WTA. Рим", "WTA Rome", "Italy"),
    "boxing": ("boxing", "Бокс. Титульные бои", "Boxing. Title fights", ""),
    "f1": ("formula1", "Формула-1. Гран-при Монако", "Formula 1. Monaco Grand Prix", "Monaco"),
}

# How likely each outcome is, roughly, before the margin (the rest is shared evenly).
LIKELY = {
    ("hat_trick", "yes"): 0.07,
    ("sending_off", "yes"): 0.2,
    ("goalscorer", "yes"): 0.35,
    ("first_goal_interval", "none"): 0.08,
}

ARSENAL = ["Raya", "White", "Saliba", "Gabriel", "Timber", "Rice", "Odegaard", "Merino",
           "Saka", "Havertz", "Martinelli"]  # fmt: skip
CHELSEA = ["Sanchez", "James", "Fofana", "Colwill", "Cucurella", "Caicedo", "Enzo",
           "Palmer", "Madueke", "Jackson", "Neto"]  # fmt: skip
REAL = ["Courtois", "Carvajal", "Militao", "Rudiger", "Mendy", "Valverde", "Tchouameni",
        "Bellingham", "Rodrygo", "Vinicius", "Mbappe"]  # fmt: skip
BARCA = ["Szczesny", "Kounde", "Araujo", "Cubarsi", "Balde", "Pedri", "De Jong", "Gavi",
         "Yamal", "Lewandowski", "Raphinha"]  # fmt: skip


def _m(kind: str, params: dict | None = None, live: bool = False, max_stake: int | None = None):
    return {"kind": kind, "params": params or {}, "live": live, "max_stake": max_stake}


FOOTBALL_FULL = [
    _m("1x2"),
    _m("double_chance"),
    _m("draw_no_bet"),
    _m("total", {"line": "2.5"}),
    _m("total", {"line": "2.25"}),
    _m("total", {"line": "1.5", "team": "1"}),
    _m("asian_handicap", {"line": "-0.75"}),
    _m("asian_handicap", {"line": "0.25"}),
    _m("handicap_3way", {"line": "-1"}),
    _m("1x2", {"period": "1st_half"}),
    _m("half_time"),
    _m("half_time_full_time"),
    _m("correct_score", {"max_goals": 3}),
    _m("half_time_correct_score"),
    _m("first_goal_interval"),
    _m("odd_even"),
    _m("1x2_and_total", {"line": "2.5"}),
    _m("winning_margin"),
    _m("win_both_halves", {"team": "1"}),
    _m("highest_scoring_period"),
    _m("clean_sheet", {"team": "2"}),
    _m("hat_trick"),
    _m("goalscorer", {"player": "Saka"}),
    _m("goalscorer", {"player": "Palmer"}),
    _m("first_goalscorer", {"players": ["Saka", "Havertz", "Palmer", "Jackson"]}),
    _m("corners_total", {"line": "9.5"}),
    _m("corners_winner", {"with_draw": True}),
    _m("cards_total", {"line": "4.5"}),
    _m("booking_points", {"line": "35.5"}),
    _m("sending_off"),
    _m("substitutions_total", {"line": "7.5"}),
]

REAL_BARCA_RESULT = {
    "sport": "football",
    "periods": [{"home": 1, "away": 0}, {"home": 1, "away": 1}],
    "goals": [
        {"minute": 23, "team": "1", "scorer": "Vinicius"},
        {"minute": 58, "team": "2", "scorer": "Lewandowski"},
        {"minute": 77, "team": "1", "scorer": "Bellingham"},
    ],
    "corners": {"home": 5, "away": 4},
    "cards": [
        {"minute": 31, "team": "2", "colour": "yellow", "player": "Gavi"},
        {"minute": 64, "team": "1", "colour": "yellow", "player": "Valverde"},
        {"minute": 88, "team": "2", "colour": "yellow", "player": "Araujo"},
    ],
    "substitutions": [
        {"minute": 61, "team": "2", "player_in": "Ferran Torres", "player_out": "Gavi"},
        {"minute": 70, "team": "1", "player_in": "Modric", "player_out": "Rodrygo"},
        {"minute": 75, "team": "2", "player_in": "Olmo", "player_out": "Pedri"},
        {"minute": 84, "team": "1", "player_in": "Brahim", "player_out": "Mbappe"},
    ],
    "lineups": [REAL, BARCA],
}
# E33 in the demo: the official report later gave Real two more corners.
REAL_BARCA_CORRECTED = {**REAL_BARCA_RESULT, "corners": {"home": 7, "away": 4}}

EVENTS = [
    # -- football --------------------------------------------------------------------------
    {
        "competition": "epl",
        "home": "Arsenal",
        "away": "Chelsea",
        "starts": dt.timedelta(days=1, hours=3),
        "venue": "Emirates Stadium",
        "markets": FOOTBALL_FULL,
    },
    {
        "competition": "rpl",
        "home": "Зенит",
        "away": "Спартак",
        "starts": dt.timedelta(days=2, hours=1),
        "venue": "Газпром Арена",
        "markets": [_m("1x2"), _m("total", {"line": "2.5"}), _m("asian_handicap", {"line": "-1"})],
    },
    {
        "competition": "cup",
        "home": "Ростов",
        "away": "Краснодар",
        "starts": dt.timedelta(days=3, hours=2),
        "markets": [_m("1x2"), _m("to_qualify"), _m("total", {"line": "2"})],
    },
    {
        "competition": "rpl",
        "home": "ЦСКА",
        "away": "Локомотив",
        "starts": -dt.timedelta(minutes=40),
        "venue": "ВЭБ Арена",
        "state": "live",
        "score": ([1, 0], 38, "1st half"),
        "markets": [
            _m("1x2"),
            _m("total", {"line": "2.5"}),
            _m("1x2", live=True),
            _m("rest_of_match", live=True),
            _m("total", {"line": "2.5"}, live=True),
            _m("nth_point", {"n": 2}, live=True),
            _m("double_chance", live=True),
        ],
        "live_bets": [("anna", [(3, "2")], 500)],
    },
    {
        "competition": "laliga",
        "home": "Real Madrid",
        "away": "Barcelona",
        "starts": -dt.timedelta(days=1, hours=4),
        "venue": "Santiago Bernabéu",
        "state": "finished",
        "result": REAL_BARCA_RESULT,
        "correction": REAL_BARCA_CORRECTED,
        "markets": [
            _m("1x2"),
            _m("total", {"line": "2.5"}),
            _m("asian_handicap", {"line": "-0.75"}),
            _m("correct_score", {"max_goals": 3}),
            _m("goalscorer", {"player": "Vinicius"}),
            _m("first_goalscorer", {"players": ["Vinicius", "Mbappe", "Lewandowski", "Yamal"]}),
            _m("corners_total", {"line": "10.5"}),
            _m("cards_total", {"line": "4.5"}),
            _m("first_goal_interval"),
        ],
    },
    {
        "competition": "epl",
        "home": "Лучший бомбардир АПЛ 2025/26",
        "away": "",
        "starts": dt.timedelta(days=5),
        "participants": {
            "haaland": "Erling Haaland",
            "salah": "Mohamed Salah",
            "isak": "Alexander Isak",
            "palmer": "Cole Palmer",
            "watkins": "Ollie Watkins",
        },
        "markets": [
            _m("winner", {"participants": ["haaland", "salah", "isak", "palmer", "watkins"]}),
        ],
    },
    # -- hockey ---------------------------------------------------------------------------
    {
        "competition": "khl",
        "home": "СКА",
        "away": "ЦСКА",
        "starts": dt.timedelta(days=1, hours=6),
        "markets": [
            _m("1x2"),
            _m("1x2", {"includes_overtime": True}),
            _m("total", {"line": "5.5"}),
            _m("asian_handicap", {"line": "-1.5"}),
            _m("highest_scoring_period", {"periods": 3}),
            _m("race_to", {"x": 2}),
            _m("nth_point", {"n": 1}),
        ],
    },
    {
        "competition": "nhl",
        "home": "New York Rangers",
        "away": "Boston Bruins",
        "starts": -dt.timedelta(days=1, hours=8),
        "venue": "Madison Square Garden",
        "state": "finished",
        "result": {
            "sport": "hockey",
            "periods": [{"home": 1, "away": 0}, {"home": 2, "away": 1}, {"home": 1, "away": 1}],
            "goals": [
                {"minute": 12, "team": "1", "scorer": "Panarin"},
                {"minute": 25, "team": "1", "scorer": "Zibanejad"},
                {"minute": 33, "team": "2", "scorer": "Pastrnak"},
                {"minute": 38, "team": "1", "scorer": "Kreider"},
                {"minute": 44, "team": "2", "scorer": "Marchand"},
                {"minute": 59, "team": "1", "scorer": "Panarin"},
            ],
        },
        "markets": [
            _m("1x2"),
            _m("total", {"line": "5.5"}),
            _m("nth_point", {"n": 1}),
            _m("race_to", {"x": 3}),
            _m("highest_scoring_period", {"periods": 3}),
        ],
    },
    # -- basketball -----------------------------------------------------------------------
    {
        "competition": "nba",
        "home": "Los Angeles Lakers",
        "away": "Boston Celtics",
        "starts": dt.timedelta(days=2, hours=8),
        "markets": [
            _m("draw_no_bet"),
            _m("total", {"line": "221.5"}),
            _m("asian_handicap", {"line": "-4.5"}),
            _m("highest_scoring_period", {"periods": 4}),
            _m("odd_even"),
        ],
    },
    {
        "competition": "euroleague",
        "home": "Real Madrid Baloncesto",
        "away": "Fenerbahçe",
        "starts": -dt.timedelta(minutes=30),
        "state": "live",
        "score": ([45, 41], 22, "2nd quarter"),
        "markets": [
            _m("draw_no_bet"),
            _m("draw_no_bet", live=True),
            _m("total", {"line": "161.5"}, live=True),
        ],
    },
    {
        "competition": "vtb",
        "home": "БК Зенит",
        "away": "УНИКС",
        "starts": -dt.timedelta(days=2, hours=2),
        "state": "finished",
        "result": {
            "sport": "basketball",
            "periods": [
                {"home": 22, "away": 18},
                {"home": 19, "away": 24},
                {"home": 25, "away": 20},
                {"home": 21, "away": 19},
            ],
        },
        "markets": [
            _m("draw_no_bet"),
            _m("total", {"line": "165.5"}),
            _m("asian_handicap", {"line": "-3.5"}),
            _m("half_time"),
            _m("highest_scoring_period", {"periods": 4}),
        ],
    },
    # -- tennis ---------------------------------------------------------------------------
    {
        "competition": "atp",
        "home": "Даниил Медведев",
        "away": "Андрей Рублёв",
        "starts": dt.timedelta(days=1, hours=2),
        "markets": [
            _m("draw_no_bet"),
            _m("set_betting"),
            _m("total", {"line": "22.5"}),
            _m("asian_handicap", {"line": "-2.5"}),
            _m("game_of_set", {"set": 1, "game": 3}),
            _m("game_of_set", {"set": 2, "game": 13, "tiebreak": True}),
        ],
    },
    {
        "competition": "wta",
        "home": "Арина Соболенко",
        "away": "Iga Świątek",
        "starts": -dt.timedelta(minutes=50),
        "state": "live",
        "score": ([1, 0], None, "2nd set 2:2"),
        "markets": [_m("draw_no_bet"), _m("draw_no_bet", live=True), _m("set_betting", live=True)],
    },
    {
        "competition": "atp",
        "home": "Карен Хачанов",
        "away": "Taylor Fritz",
        "starts": -dt.timedelta(days=1, hours=6),
        "state": "finished",
        "result": {
            "sport": "tennis",
            "ending": "retired",
            "retired": "2",
            "advances": "1",
            "periods": [{"home": 6, "away": 4}, {"home": 3, "away": 1, "finished": False}],
        },
        "markets": [
            _m("draw_no_bet"),
            _m("set_betting"),
            _m("total", {"line": "17.5"}),
            _m("asian_handicap", {"line": "-1.5"}),
        ],
    },
    # -- boxing ---------------------------------------------------------------------------
    {
        "competition": "boxing",
        "home": "Александр Усик",
        "away": "Tyson Fury",
        "starts": dt.timedelta(days=4, hours=5),
        "venue": "Kingdom Arena, Riyadh",
        "markets": [
            _m("1x2"),
            _m("round_betting", {"scheduled_rounds": 12}),
            _m("total_rounds", {"n": 7}),
        ],
    },
    {
        "competition": "boxing",
        "home": "Дмитрий Бивол",
        "away": "Artur Beterbiev",
        "starts": -dt.timedelta(days=2, hours=5),
        "state": "finished",
        "result": {
            "sport": "boxing",
            "fight": {"scheduled_rounds": 12, "round": 12, "method": "points", "winner": "1"},
        },
        "markets": [
            _m("1x2"),
            _m("round_betting", {"scheduled_rounds": 12}),
            _m("total_rounds", {"n": 7}),
        ],
    },
    # -- formula 1 --------------------------------------------------------------------------
    {
        "competition": "f1",
        "home": "Гран-при Монако: гонка",
        "away": "",
        "starts": dt.timedelta(days=3, hours=9),
        "venue": "Circuit de Monaco",
        "participants": {
            "verstappen": "Max Verstappen",
            "norris": "Lando Norris",
            "leclerc": "Charles Leclerc",
            "piastri": "Oscar Piastri",
            "hamilton": "Lewis Hamilton",
            "russell": "George Russell",
        },
        "markets": [
            _m("f1_matchup", {"drivers": ["verstappen", "norris"]}),
            _m("f1_matchup", {"drivers": ["leclerc", "hamilton"]}),
            _m(
                "winner",
                {
                    "participants": [
                        "verstappen",
                        "norris",
                        "leclerc",
                        "piastri",
                        "hamilton",
                        "russell",
                    ],
                    "places": 3,
                },
            ),
        ],
    },
]

# Settled demo bets: (player, currency, kind, [(event home, market index, outcome)], stake, N).
SETTLED_BETS = [
    ("anna", "BYN", "single", [("Real Madrid", 0, "1")], 2_000, None),
    ("boris", "BYN", "single", [("Real Madrid", 1, "over")], 1_500, None),
    ("vera", "BYN", "single", [("Real Madrid", 2, "1")], 3_000, None),
    ("gleb", "USD", "single", [("Real Madrid", 4, "yes")], 500, None),
    ("dina", "USD", "single", [("Real Madrid", 6, "over")], 800, None),
    ("egor", "USD", "single", [("New York Rangers", 1, "over")], 1_000, None),
    ("anna", "BYN", "express", [("Real Madrid", 0, "1"), ("Дмитрий Бивол", 0, "1")], 1_000, None),
    (
        "boris",
        "BYN",
        "system",
        [("Real Madrid", 0, "1"), ("New York Rangers", 0, "2"), ("БК Зенит", 0, "1")],
        3_000,
        2,
    ),
    ("vera", "BYN", "single", [("Карен Хачанов", 2, "under")], 1_000, None),
    ("gleb", "USD", "single", [("Карен Хачанов", 0, "1")], 700, None),
]
# Open bets on the coming line.
OPEN_BETS = [
    ("boris", "BYN", "express", [("Arsenal", 0, "1"), ("СКА", 2, "over")], 1_000, None),
    ("dina", "USD", "single", [("Александр Усик", 0, "1")], 1_000, None),
    ("egor", "USD", "single", [("Гран-при Монако: гонка", 0, "verstappen")], 600, None),
]


# --- odds --------------------------------------------------------------------------------


def _weight(kind: str, code: str) -> float:
    if kind == "round_betting":  # winner:round; most fights go the distance
        if code == "draw":
            return 0.6
        a, b = code.split(":")
        return 6.0 if b == "points" else 0.4
    if ":" in code and kind in ("correct_score", "half_time_correct_score"):
        a, b = code.split(":")
        return math.exp(-0.75 * (int(a) + int(b))) * (1.4 if a == b else 1.0)
    if "/" in code and kind == "half_time_full_time":
        half, full = code.split("/")
        return 2.5 if half == full else 0.6
    if code == "X":
        return 0.8
    return 1.0


def outcome_odds(kind: str, params: dict, codes: list[str], seed: str) -> dict[str, Decimal]:
    """Odds with the margin: p * (1 + MARGIN) summed over the outcomes is 1 + MARGIN."""
    rng = random.Random(seed)
    fixed = {c: LIKELY[(kind, c)] for c in codes if (kind, c) in LIKELY}
    free = [c for c in codes if c not in fixed]
    weights = {c: _weight(kind, c) * rng.uniform(0.7, 1.3) for c in free}
    rest = 1 - sum(fixed.values())
    total = sum(weights.values()) or 1
    probabilities = {**fixed, **{c: rest * w / total for c, w in weights.items()}}
    odds = {}
    for code in codes:
        price = Decimal(1) / (Decimal(str(probabilities[code])) * (1 + MARGIN))
        price = min(max(price, Decimal("1.01")), Decimal("501"))
        odds[code] = price.quantize(Decimal("0.01"), rounding=ROUND_DOWN)
    return odds


# --- building ----------------------------------------------------------------------------------


def _sports() -> dict[str, Sport]:
    sports = {}
    for position, (code, ru, en) in enumerate(SPORTS):
        sports[code], _ = Sport.objects.get_or_create(
            code=code, defaults={"name_ru": ru, "name_en": en, "position": position}
        )
    return sports


def _competitions(sports) -> dict[str, Competition]:
    competitions = {}
    for key, (sport, ru, en, country) in COMPETITIONS.items():
        competitions[key], _ = Competition.objects.get_or_create(
            sport=sports[sport], name_en=en, defaults={"name_ru": ru, "country": country}
        )
    return competitions


def add_market(
    event: Event, kind: str, params: dict, *, position: int, in_play=False, max_stake=None
):
    """A market of `kind` with every outcome of `params` priced (validated by the registry)."""
    market_kind = KINDS[kind]
    market_kind.clean_params(params)
    market = Market.objects.create(
        event=event, kind=kind, params=params, in_play=in_play, position=position
    )
    codes = market_kind.outcomes(params)
    odds = outcome_odds(kind, params, codes, f"{event.home}|{event.away}|{kind}|{params}|{in_play}")
    Outcome.objects.bulk_create(
        [
            Outcome(
                market=market,
                code=code,
                odds=odds[code],
                position=index,
                # SB §5.2: main markets take more than the exotic ones (LINE_CURRENCY minor units)
                max_stake=max_stake or (100_000 if odds[code] < 5 else 25_000),
            )
            for index, code in enumerate(codes)
        ]
    )
    return market


def _place(player_name, currency, kind, legs, stake, size, key, now):
    player = Player.objects.get(username=player_name)
    selections = []
    for market, code in legs:
        outcome = market.outcomes.get(code=code)
        selections.append(Selection(outcome.pk, outcome.odds))
    bet_place(
        player=player,
        kind=kind,
        selections=selections,
        stake=stake,
        currency=currency,
        system_size=size,
        idempotency_key=key,
        now=now,
    )


def _rates() -> None:
    for currency, rate in RATES.items():
        ExchangeRate.objects.get_or_create(currency=currency, defaults={"per_usd": Decimal(rate)})


@transaction.atomic
def load_sportsbook_demo(now: dt.datetime | None = None) -> int:
    """Build the demo line; returns how many events were created (0 on a second run)."""
    now = (now or timezone.now()).replace(second=0, microsecond=0)
    _rates()
    competitions = _competitions(_sports())
    players_ready = Player.objects.filter(username="anna").exists()
    created: dict[str, tuple[Event, list[Market], dict]] = {}
    for spec in EVENTS:
        starts = now + spec["starts"]
        if spec.get("state") is None:  # keep the coming line in round quarter-hours
            starts = starts.replace(minute=starts.minute // 15 * 15)
        event, new = Event.objects.get_or_create(
            competition=competitions[spec["competition"]],
            home=spec["home"],
            away=spec["away"],
            defaults={
                "starts_at": starts,
                "venue": spec.get("venue", ""),
                "participants": spec.get("participants", {}),
            },
        )
        if not new:
            continue
        markets = [
            add_market(
                event,
                m["kind"],
                m["params"],
                position=index,
                in_play=m["live"],
                max_stake=m["max_stake"],
            )
            for index, m in enumerate(spec["markets"])
        ]
        created[spec["home"]] = (event, markets, spec)
    if players_ready:
        _bets(created, SETTLED_BETS, now, "settled")
        _bets(created, OPEN_BETS, now, "open")
    for event, _markets, spec in created.values():
        _play(event, spec, now, created if players_ready else {})
    return len(created)


def _bets(created, bets, now, label) -> None:
    for index, (player, currency, kind, legs, stake, size) in enumerate(bets):
        if any(home not in created for home, _i, _c in legs):
            continue
        resolved = [(created[home][1][i], code) for home, i, code in legs]
        # Bets on finished events were placed before their start (SB §1.8, E13).
        placed = min(created[home][0].starts_at for home, _i, _c in legs) - dt.timedelta(hours=3)
        _place(
            player, currency, kind, resolved, stake, size, f"demo:{label}:{index}", min(placed, now)
        )


def _play(event: Event, spec: dict, now: dt.datetime, created) -> None:
    state = spec.get("state")
    if state == "live":
        event_set_status(event_id=event.pk, status=EventStatus.LIVE, now=event.starts_at)
        score, minute, period = spec["score"]
        event_score_set(event_id=event.pk, score=score, minute=minute, period=period)
        if created:
            for index, (player, legs, stake) in enumerate(spec.get("live_bets", [])):
                markets = created[spec["home"]][1]
                _place(
                    player, "BYN", "single", [(markets[i], code) for i, code in legs], stake,
                    None, f"demo:live:{event.pk}:{index}", now,
                )  # fmt: skip
    elif state == "finished":
        finished = event.starts_at + dt.timedelta(hours=2)
        event_set_status(event_id=event.pk, status=EventStatus.FINISHED, now=finished)
        EventResult.from_dict(spec["result"])
        event_result_set(event_id=event.pk, result=spec["result"], now=finished)
        settled = finished + SETTLE_DELAY
        settlement_runner.event_settle(
            event_id=event.pk, reason=SettlementReason.SCHEDULED, now=settled
        )
        if spec.get("correction"):
            corrected = settled + dt.timedelta(hours=1)
            event_result_set(event_id=event.pk, result=spec["correction"], now=corrected)
            settlement_runner.event_settle(
                event_id=event.pk, reason=SettlementReason.CORRECTION, now=corrected
            )
