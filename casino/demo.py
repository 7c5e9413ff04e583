"""Demo data for `make run`: one staff member per role (casino.roles) and six players with play
money. Idempotent."""

from django.contrib.auth.models import Group
from django.db import transaction

from casino import ledger, roles
from casino.models import Player

# username, password, display name, role: one staff member per role, each in his role's group only
STAFF = [
    ("admin", "casino-admin", "Администратор", roles.ADMIN),
    ("trader", "casino-trader", "Трейдер", roles.TRADER),
    ("pitboss", "casino-pit", "Пит-босс", roles.PIT_BOSS),
    ("cashier", "casino-cash", "Кассир", roles.CASHIER),
    ("supervisor", "casino-super", "Супервайзер", roles.SUPERVISOR),
]
PLAYER_PASSWORD = "casino-demo"
PLAYERS = [
    ("anna", "Анна", "ru", "BYN"),
    ("boris", "Борис", "ru", "BYN"),
    ("vera", "Вера", "ru", "RUB"),
    ("gleb", "Глеб", "ru", "USD"),
    ("dina", "Dina", "en", "EUR"),
    ("egor", "Egor", "en", "USD"),
]
# Every player gets play money in two currencies (minor units).
PLAY_MONEY = {"BYN": 500_000, "USD": 200_000}


def _player(username: str, password: str, **fields) -> Player:
    player, created = Player.objects.get_or_create(username=username, defaults=fields)
    if created:
        player.set_password(password)
        player.save()
    return player


@transaction.atomic
def load_demo() -> list[tuple[str, str, str]]:
    logins = []
    roles.ensure_role_groups()  # the groups as casino.roles has them, whatever migrated before
    for username, password, name, role in STAFF:
        member = _player(username, password, display_name=name, is_staff=True)
        member.groups.add(Group.objects.get(name=role.group))
        logins.append((username, password, f"{role.key}: {role.summary}"))
    for username, name, language, currency in PLAYERS:
        player = _player(
            username,
            PLAYER_PASSWORD,
            display_name=name,
            language=language,
            preferred_currency=currency,
        )
        for code, amount in PLAY_MONEY.items():
            ledger.cashier_deposit(
                player=player,
                amount=amount,
                currency=code,
                idempotency_key=f"demo:{username}:{code}",
                memo="",
                play_money=True,
            )
        logins.append((username, PLAYER_PASSWORD, "player with play money in BYN and USD"))
    _demo_tables()
    _demo_tournament()
    return logins


# A table's name is a proper name the staff give it, shown as it is in every language: the demo's
# are a number and the stakes (the lobby shows the game and its terms beside it, translated).
DEMO_TABLES = [
    # name, game, currency, settings (the game's terms, amounts in minor units, and the clocks)
    (
        "№ 1 · 10 BYN",
        "durak",
        "BYN",
        {"stake": 1_000, "wins_to_win": 5, "commission_percent": "5", "action_seconds": 30},
    ),
    (
        "№ 2 · 5 USD",
        "durak",
        "USD",
        {"stake": 500, "wins_to_win": 7, "commission_percent": "5", "action_seconds": 45},
    ),
    (
        "№ 3 · 1–10 BYN",
        "highcard",
        "BYN",
        {"min_bet": 100, "max_bet": 1_000, "ante": 10, "action_seconds": 45},
    ),
    (
        "№ 4 · 1–1000 BYN",
        "baccarat_bank",
        "BYN",
        {"min_bet": 100, "max_bank": 100_000, "commission_percent": "5", "action_seconds": 30},
    ),
    (
        "№ 5 · 1–50 BYN",
        "belarusian_poker",
        "BYN",
        {"min_bet": 100, "max_bet": 5_000, "unit": 100, "action_seconds": 45},
    ),
    ("№ 6 · 1 BYN", "khrap", "BYN", {"stake": 100, "action_seconds": 30}),
    (
        "№ 7 · 1–50 BYN",
        "blackjack",
        "BYN",
        {
            # seven boxes and nine seats: two players beyond the boxes bet behind (CG §96)
            "min_bet": 100,
            "max_bet": 5_000,
            "boxes": 7,
            "bets_behind": True,
            "surrender": True,
            "player_cut": True,
            "bet_seconds": 30,
            "insurance_seconds": 15,
            "action_seconds": 30,
        },
    ),
    (
        "№ 8 · 5–50 BYN",
        "blackjack_switch",
        "BYN",
        {
            # five places of two boxes (CG §69, §73), the Super Match from the minimum (§85)
            "min_bet": 500,
            "max_bet": 5_000,
            "side_bets": {"super_match": [500, 5_000]},
            "hole_card": True,
            "surrender": True,
            "player_cut": True,
            "bet_seconds": 30,
            "insurance_seconds": 15,
            "action_seconds": 30,
        },
    ),
    (
        "№ 9 · 1–50 BYN",
        "pontoon",
        "BYN",
        {
            # six decks (CG §128), seven boxes and nine seats: two players beyond the boxes bet
            # behind; no surrender in Pontoon
            "min_bet": 100,
            "max_bet": 5_000,
            "boxes": 7,
            "bets_behind": True,
            "player_cut": True,
            "bet_seconds": 30,
            "insurance_seconds": 15,
            "action_seconds": 30,
        },
    ),
    (
        "№ 10 · 1–20 BYN",
        "caribbean_stud",
        "BYN",
        {
            # a dark box a player (CG §40, C7), the bonus from a straight (§47, C8) and the
            # payout cap shown at the table (§48)
            "min_bet": 100,
            "max_bet": 2_000,
            "boxes": 7,
            "bonus": {
                "stake": 100,
                "pays": {
                    "straight": "5:1",
                    "flush": "10:1",
                    "full_house": "50:1",
                    "four_of_a_kind": "100:1",
                    "straight_flush": "500:1",
                    "royal_flush": "1000:1",
                },
            },
            "max_payout": 100_000,
            "bet_seconds": 30,
            "action_seconds": 30,
        },
    ),
    (
        "№ 11 · 1–20 BYN",
        "oasis_stud",
        "BYN",
        {
            # six boxes, one each (CG §50, §54); a player cuts the deck (§55)
            "min_bet": 100,
            "max_bet": 2_000,
            "player_cut": True,
            "bet_seconds": 30,
            "action_seconds": 30,
        },
    ),
    (
        "№ 12 · 1–20 BYN",
        "golden_oasis",
        "BYN",
        {
            # two open boxes a player and one dark (CG §65, G7), the bonus from a flush (§68)
            "min_bet": 100,
            "max_bet": 2_000,
            "bonus": {
                "stake": 100,
                "pays": {
                    "flush": "10:1",
                    "full_house": "30:1",
                    "four_of_a_kind": "100:1",
                    "straight_flush": "500:1",
                    "royal_flush": "1000:1",
                },
            },
            "max_payout": 100_000,
            "bet_seconds": 30,
            "action_seconds": 30,
        },
    ),
    (
        "№ 13 · 3 × 1–50 BYN",
        "let_it_ride",
        "BYN",
        {
            # three equal bets of 1 to 50 BYN each (CG §35); a box is paid at most 5,000 BYN a
            # round (L9): a royal flush on three bets of 50 would be 150,000
            "min_bet": 100,
            "max_bet": 5_000,
            "max_payout": 500_000,
            "bet_seconds": 30,
            "action_seconds": 30,
        },
    ),
    (
        "№ 14 · 1–40 BYN",
        "russian_poker",
        "BYN",
        {
            # an open box and a dark one a player (CG §32, R9); svaras double the ante from
            # 1 BYN while it stays within 40 BYN: five of them at most (section 5)
            "min_bet": 100,
            "max_bet": 4_000,
            "bet_seconds": 30,
            "action_seconds": 30,
        },
    ),
    (
        "№ 15 · 1/2 BYN",
        "big_stud",
        "BYN",
        {
            # fixed bets of 1 BYN on third and fourth street, 2 BYN on fifth to seventh (CG
            # §109, T6); the casino's share 5 % of each bank (§113)
            "small_bet": 100,
            "big_bet": 200,
            "share_percent": "5",
            "action_seconds": 30,
        },
    ),
    (
        "№ 16 · 1–100 BYN",
        "craps",
        "BYN",
        {
            # every bet kind from 1 to 100 BYN in whole roubles (DG §5; place bets in their
            # multiples, C10: 5 BYN on 4, 5, 9, 10, 6 BYN on 6 and 8); 15 seconds to bet on
            # each roll, 20 for the shooter to throw before the dice pass (section 5)
            "min_bet": 100,
            "max_bet": 10_000,
            "min_unit": 100,
            "bet_seconds": 15,
            "shooter_seconds": 20,
            "action_seconds": 30,
        },
    ),
    (
        "№ 17 · 1–50 BYN",
        "dice_blackjack",
        "BYN",
        {
            # one box a player of 1 to 50 BYN (DG §9, X8); a win pays 1:1 (§10). № 16 is
            # craps' (its board's branch)
            "min_bet": 100,
            "max_bet": 5_000,
            "bet_seconds": 30,
            "action_seconds": 30,
        },
    ),
]


def _demo_tables() -> None:
    from tables.models import Table

    for name, game, currency, settings in DEMO_TABLES:
        Table.objects.get_or_create(
            name=name,
            defaults={"game": game, "currency": currency, "settings": settings},
        )


DEMO_TOURNAMENT = "Кубок дурака · 10 BYN"
# three demo players wait for a fourth (the minimum): a newcomer who registers makes it start
DEMO_TOURNAMENT_ENTRANTS = ("anna", "boris", "vera")


DEMO_COUNTDOWN_SECONDS = 20


def _demo_tournament() -> None:
    """A knock-out tournament with registration open, unless one is registering already: it
    starts a short countdown (``DEMO_COUNTDOWN_SECONDS``, shown on its page to every registered
    player) after its minimum has registered, so the newcomer who makes the fourth plays at
    once; an hour after the demo is loaded at the latest. Its demo entrants are nobody's
    sockets: they lose their matches by absence after a short limit (D13)."""
    import datetime as dt
    from decimal import Decimal

    from django.utils import timezone

    from tables.tournament.models import Tournament, TournamentStatus
    from tables.tournament.services import tournament_register

    if Tournament.objects.filter(
        name=DEMO_TOURNAMENT, status=TournamentStatus.REGISTERING
    ).exists():
        return
    now = timezone.now()
    tournament = Tournament.objects.create(
        name=DEMO_TOURNAMENT,
        currency="BYN",
        entry_fee=1_000,
        casino_percent=Decimal("10"),
        min_entrants=4,
        max_entrants=8,
        registration_closes_at=now + dt.timedelta(minutes=55),
        starts_at=now + dt.timedelta(hours=1),
        start_after_minimum_seconds=DEMO_COUNTDOWN_SECONDS,
        grace_seconds=10,
        absence_seconds=30,
    )
    for username in DEMO_TOURNAMENT_ENTRANTS:
        player = Player.objects.get(username=username)
        tournament_register(tournament_id=tournament.pk, player=player)
