"""The charts of the computed best play (first decisions by the hand's total and the dealer's up
card, Pontoon's later ones), and what ``python -m tables.families.twentyone.strategy.charts``
prints: the dealer's outcomes, the charts, the insurance and even-money values and each game's
expected return."""

from __future__ import annotations

from collections.abc import Iterable

from tables.families.twentyone.strategy import (
    dealer_outcomes,
    even_money_values,
    expected_return,
    insurance_value,
)
from tables.families.twentyone.strategy.dealer import ACE, GAMES, RULES, TEN, UP_ORDER, _counts
from tables.families.twentyone.strategy.shoes import Value, _shoe_for

LETTERS = {
    "hit": "H",
    "stand": "S",
    "double": "D",
    "split": "P",
    "surrender": "R",
    "twist": "T",
    "buy": "B",
}


def _letter(plays: dict[str, Value], without: Iterable[str] = ()) -> str:
    chosen = {k: v for k, v in plays.items() if k not in set(without)}
    return LETTERS[max(chosen, key=chosen.get)]


def chart(game: str, *, without: Iterable[str] = ()) -> dict[str, dict[int, str]]:
    """The first decision by two-card hand and up card (columns 2..10, A): rows "hard 5".."hard
    20", "soft 13".."soft 20" (A,2..A,9), "pair 2".."pair A". A total made of several two-card
    compositions shows the most frequent one's move, in lower case where another composition's
    move differs. ``without``: moves taken away (e.g. {"surrender"} for a chart without it).
    Pontoon letters: T twist, B buy, S stand, P split."""
    without = set(without)
    rows: dict[str, dict[int, str]] = {}
    counts = _counts(())
    for total in range(5, 21):
        hands = [(a, total - a) for a in range(2, 10) if a < total - a <= 10]
        if not hands:
            continue
        hands.sort(key=lambda h: -counts[h[0]] * counts[h[1]])
        row = {}
        for up in UP_ORDER:
            letters = [_letter(_shoe_for(game, a, b, up).initial, without) for a, b in hands]
            row[up] = letters[0] if len(set(letters)) == 1 else letters[0].lower()
        rows[f"hard {total}"] = row
    for other in range(2, 10):
        rows[f"soft {11 + other}"] = {
            up: _letter(_shoe_for(game, ACE, other, up).initial, without) for up in UP_ORDER
        }
    for v in (*range(2, 11), ACE):
        name = "A" if v == ACE else str(v)
        rows[f"pair {name}"] = {
            up: _letter(_shoe_for(game, v, v, up).initial, without) for up in UP_ORDER
        }
    return rows


def format_chart(rows: dict[str, dict[int, str]]) -> str:
    head = "           " + " ".join(f"{'A' if up == ACE else up:>2}" for up in UP_ORDER)
    lines = [head]
    for name, row in rows.items():
        lines.append(f"{name:<10} " + " ".join(f"{row[up]:>2}" for up in UP_ORDER))
    return "\n".join(lines)


def pontoon_chart() -> dict[str, dict[int, str]]:
    """Pontoon's later decisions by total, cards held and whether the hand may still buy (the
    shoe of a typical first two cards, hard ten-and-something / soft ace-and-something): rows
    "3 cards may buy hard 15", "4 cards soft 17", ..."""
    rows = {}
    for n, may_buy in ((3, True), (3, False), (4, False)):
        label = f"{n} cards" + (" may buy" if may_buy else "")
        for soft in (False, True):
            for total in range(12 if not soft else 13, 22):
                hard = total - 10 if soft else total
                if hard < n or (soft and hard > 11):
                    continue
                row = {}
                for up in UP_ORDER:
                    # the shoe of the usual first two cards of such a hand
                    first, second = (TEN, 2) if not soft else (ACE, 2)
                    shoe = _shoe_for("pontoon", first, second, up)
                    row[up] = _letter(shoe.moves[(n, may_buy)][soft][hard])
                rows[f"{label} {'soft' if soft else 'hard'} {total}"] = row
    return rows


def _main() -> None:
    for game in GAMES:
        print(f"== {game} ==")
        print(
            "dealer's outcomes by up card (six decks less the up card"
            + (", given no natural after the peek" if RULES[game].peek else "")
            + "):"
        )
        names = list(dealer_outcomes(game, ACE))
        print("      " + " ".join(f"{n:>8}" for n in names))
        for up in UP_ORDER:
            row = dealer_outcomes(game, up)
            print(f"{'A' if up == ACE else up:>4}  " + " ".join(f"{row[n]:>8.5f}" for n in names))
        print()
        print("first decision (H hit, S stand, D double, P split, R surrender, T twist, B buy;")
        print("lower case: another composition of the total plays otherwise):")
        print(format_chart(chart(game)))
        if game == "blackjack":
            print()
            print("the same without surrender (to set beside a published no-hole-card chart):")
            print(format_chart(chart(game, without={"surrender"})))
        if game == "pontoon":
            print()
            print("later decisions:")
            print(format_chart(pontoon_chart()))
        if game != "blackjack_switch":
            take, decline = even_money_values(game, ["AS", "KH"], "AD")
            print(f"even money on A-K vs A: take {take:+.4f}, decline {decline:+.4f}")
        print(
            "insurance per unit insured, 10-7 vs A: "
            f"{insurance_value(game, ['TS', '7H'], 'AD'):+.4f}; 8-7 vs A: "
            f"{insurance_value(game, ['8S', '7H'], 'AD'):+.4f}"
        )
        result = expected_return(game)
        print(
            f"expected result per box and unit of first stake {result['ev']:+.5f} "
            f"(house edge {100 * result['house_edge']:.3f} %), staked per box "
            f"{result['staked']:.5f}, return per unit staked {result['return']:.5f}"
        )
        print()


if __name__ == "__main__":
    _main()
