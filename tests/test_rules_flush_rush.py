"""Flush Rush (variants/flush-rush.yaml) against the Wizard of Odds' analysis.

The published figures (Wizard of Odds, "Flush Rush", 2014): the pay table
(longest suit run: 7 cards, flush 300, straight flush 1000; 6: 20, 500; 5: 9,
100; 4: 5, 15; 3 or less: loss; "If the player has both a paying flush and
straight flush hand, then he will receive the higher of the two pays"; the
Play bets even money with a four-card flush), the strategy (play four cards
unless they are a rainbow; play six cards with three or more of a suit), and
its return table: 3,360 ordered deals of a seven-card straight flush,
167,160 of six, 4,127,760 of five, and "a house edge of 3.75%".

``_reference`` counts every ordered deal (four cards, two, one:
14,047,378,800) by suits alone, with none of studrules' code: for each number
of cards in each suit, the ways the deal can be split into the decisions'
four, two and one, and the ways the ranks make each longest run. It must
give the published figures; then studrules must pay each hand as it does
and simulate within its confidence interval of its exact edge.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import product
from math import comb, prod

import pytest
import yaml
from suit_run_support import run_of as _run_of

from studrules import Hand, load_variant
from studrules.analysis.exact import analyze
from studrules.analysis.simulate import simulate
from studrules.analysis.strategy_writer import optimal_strategy_text
from studrules.cards.rankings import get_ranking
from studrules.errors import SpecError, SpecErrors
from studrules.game.settlement import pay_line
from studrules.spec.loader import load_variant_text
from studrules.spec.model import SettleStep
from studrules.spec.strategies import load_strategy

RUN = get_ranking("longest_suit_run")

# the published pay table: (kind, length) -> odds to 1 on the ante
PAYS = {("sf", 7): 1000, ("sf", 6): 500, ("f", 7): 300, ("sf", 5): 100}
PAYS |= {("f", 6): 20, ("sf", 4): 15, ("f", 5): 9, ("f", 4): 5}


def _net(run: int, length: int) -> int:
    """A hand played to the end, in antes: the best pay it holds plus the two Play bets won,
    or the three wagers lost (worked from the rules, not from studrules)."""
    held = [odds for (kind, need), odds in PAYS.items() if (run if kind == "sf" else length) >= need]
    return max(held) + 2 if held else -3


@cache
def _reference() -> tuple[Fraction, dict[tuple[int, int], int], int]:
    """(the strategy's exact edge per ante, deals played to the end by (run, length), every deal)."""
    runs = [[0] * 8 for _ in range(8)]  # cards of one suit -> longest run -> rank sets
    for mask in range(1 << 13):
        if mask.bit_count() <= 7:
            runs[mask.bit_count()][_run_of(mask)] += 1
    total, deals, played = Fraction(0), 0, {}
    for n in product(range(8), repeat=4):  # cards of each suit among the seven
        if sum(n) != 7:
            continue
        folded_first, folded_second, to_the_end = _splits(n)
        sets = 1
        for k in n:
            sets *= comb(13, k)
        deals += sets * (folded_first + folded_second + to_the_end)
        total -= sets * (folded_first + 2 * folded_second)

        def at_most(r: int, n: tuple[int, ...] = n) -> int:
            out = 1
            for k in n:
                out *= sum(runs[k][: r + 1])
            return out

        for r in range(1, 8):
            ways = (at_most(r) - at_most(r - 1)) * to_the_end
            if ways:
                total += ways * _net(r, max(n))
                played[r, max(n)] = played.get((r, max(n)), 0) + ways
    return -total / deals, played, deals


def _splits(n: tuple[int, ...]) -> tuple[int, int, int]:
    """Of the orders of a seven-card set with ``n`` cards of each suit into four, two and one: how
    many fold four cards (a rainbow), fold six (no three of a suit), and play to the end."""
    first = second = end = 0
    for four in product(*(range(k + 1) for k in n)):
        if sum(four) != 4:
            continue
        ways = 1
        for k, f in zip(n, four):
            ways *= comb(k, f)
        if max(four) == 1:
            first += ways * 3  # the other three cards: which one comes last
            continue
        for two in product(*(range(k - f + 1) for k, f in zip(n, four))):
            if sum(two) != 2:
                continue
            w = ways
            for k, f, t in zip(n, four, two):
                w *= comb(k - f, t)
            if max(f + t for f, t in zip(four, two)) <= 2:
                second += w
            else:
                end += w
    return first, second, end


def test_the_reference_count_gives_the_published_figures():
    edge, played, deals = _reference()
    assert deals == comb(52, 4) * comb(48, 2) * 46 == 14_047_378_800
    by_run = {r: sum(w for (run, _), w in played.items() if run == r) for r in range(1, 8)}
    assert by_run[7] == 3_360 and by_run[6] == 167_160
    # a run of five in a seven-card flush is paid 300 as the flush, not 100: the return table's line
    five = sum(w for (run, length), w in played.items() if run == 5 and length < 7)
    assert five == 4_127_760
    assert round(float(edge) * 100, 2) == 3.75


@cache
def _reference_folds() -> tuple[int, int]:
    """The ordered deals the strategy folds after four cards and after six (``_splits``)."""
    first = second = 0
    for n in product(range(8), repeat=4):
        if sum(n) == 7:
            sets = prod(comb(13, k) for k in n)
            folded_first, folded_second, _ = _splits(n)
            first, second = first + sets * folded_first, second + sets * folded_second
    return first, second


def _line(run: int, length: int) -> str:
    """The pay table's line a hand played to the end is paid by: the best it holds."""
    words = ["", "one", "two", "three", "four", "five", "six", "seven"]
    held = [(odds, kind, need) for (kind, need), odds in PAYS.items() if (run if kind == "sf" else length) >= need]
    if not held:
        return "loses"
    _, kind, need = max(held)
    return f"{words[need]}_card_{'straight_flush' if kind == 'sf' else 'flush'}"


@pytest.mark.soak  # (some 7 s)
def test_analyze_counts_the_published_strategy_as_the_reference_does():
    found = analyze(load_variant("flush-rush"), load_strategy("flush-rush-wizard"))
    edge, played, deals = _reference()
    first, second = _reference_folds()
    assert found.deals == deals
    assert found.house_edge == pytest.approx(float(edge), abs=1e-10)  # (float sums over 10^6 classes)
    assert found.lines["fold: first_play"][0] == pytest.approx(first / deals, abs=1e-12)
    assert found.lines["fold: second_play"][0] == pytest.approx(second / deals, abs=1e-12)
    assert found.average_wager == pytest.approx((first + 2 * second + 3 * (deals - first - second)) / deals)
    by_line: dict[str, int] = {}
    for (run, length), ways in played.items():
        by_line[_line(run, length)] = by_line.get(_line(run, length), 0) + ways
    for label, ways in by_line.items():
        assert found.lines[label][0] == pytest.approx(ways / deals, abs=1e-12), label
    # the best play is the published strategy's, written in the ranking's lines: play four cards
    # holding two of a suit (not a rainbow), six holding three of a suit
    text, best = optimal_strategy_text(load_variant("flush-rush"))
    assert best.house_edge == pytest.approx(found.house_edge, abs=1e-12)
    streets = yaml.safe_load(text)["streets"]
    assert streets == [
        {"rules": [{"when": "hand >= two_card_flush", "action": "raise"}, {"otherwise": "fold"}]},
        {"rules": [{"when": "hand >= three_card_flush", "action": "raise"}, {"otherwise": "fold"}]},
    ]


def test_the_ranking_reads_runs_with_the_ace_high_or_low_and_flushes_apart():
    wheel = RUN.evaluate("Ac 2c 3c 4c 5c 6c 7c")
    broadway = RUN.evaluate("8d 9d Td Jd Qd Kd Ad")
    around = RUN.evaluate("Qh Kh Ah 2h 3h 9s 4c")  # Q-K-A and A-2-3: no run goes around the corner
    two_suits = RUN.evaluate("5s 6s 7s 8s 2h 9h Jh Kh Ah")  # four spades in a row; five hearts, no run
    assert RUN.holds(wheel, "seven_card_straight_flush") and RUN.holds(broadway, "seven_card_straight_flush")
    assert RUN.holds(around, "five_card_flush") and not RUN.holds(around, "four_card_straight_flush")
    assert RUN.holds(around, "three_card_straight_flush")
    assert RUN.holds(two_suits, "four_card_straight_flush") and RUN.holds(two_suits, "five_card_flush")
    assert not RUN.holds(two_suits, "five_card_straight_flush") and not RUN.holds(two_suits, "six_card_flush")
    assert RUN.describe(two_suits) == "five-card flush, with a four-card straight flush"


def test_every_hand_is_paid_as_the_rules_pay_it():
    settle = load_variant("flush-rush").steps_of(SettleStep)[0]
    for length in range(2, 8):
        for run in range(1, length + 1):
            value = 16 * length + run
            assert RUN.holds(value, f"{['', 'one', 'two', 'three', 'four', 'five', 'six', 'seven'][length]}_card_flush")
            ante = pay_line(settle, value, "longest_suit_run")
            play = pay_line(settle, value, "longest_suit_run", settle.raise_pay_table)
            got = (ante[1] if ante else -1) + 2 * (play[1] if play else -1)
            assert got == _net(run, length), (run, length)


@pytest.mark.parametrize(
    ("cards", "plays", "net"),
    [
        # five hearts holding 9-T-J-Q: the straight flush's 15, not the flush's 9; each Play bet 1
        ("9h Th Jh Qh 2h 5s 5c", 2, 10 * 15 + 20),
        ("9h Th Jh Qh 2h 5s 5c", 0, -10),  # folded after four cards: the ante lost
        ("9h Th 5s 5c Jh 2d Kc", 2, -30),  # three hearts: every wager lost
        ("9h Th 5s 5c Jh 2d Kc", 1, -20),  # folded after six: the ante and the first Play bet
        ("Ac 2c 3c 4c 5c 6c 7c", 2, 10 * 1000 + 20),
    ],
)
def test_a_hand_at_the_table(cards: str, plays: int, net: int):
    hand = Hand(load_variant("flush-rush"), ["Ann"], 100_000, cards={"Ann": cards.split()})
    made = 0
    while not hand.over:
        verb = "raise" if made < plays else "fold"
        made += 1
        hand.act(next(a for a in hand.legal_actions() if a.action == verb))
    assert hand.result().net == {"Ann": net}


def _simulated(hands: int, seed: int) -> None:
    edge = float(_reference()[0]) * 100  # % of the ante, as simulate gives it
    found = simulate("flush-rush", "flush-rush-wizard", hands=hands, seed=seed)
    assert found.ci95 is not None and found.ci95[0] <= edge <= found.ci95[1], (found.house_edge, found.ci95, edge)


def test_simulate_brackets_the_exact_edge():
    _simulated(4_000_000, 3)


@pytest.mark.soak
def test_simulate_brackets_the_exact_edge_closely():
    _simulated(100_000_000, 4)


def test_a_raise_table_is_only_for_the_pay_table_and_names_the_rankings_lines():
    base = """
name: x
kind: banked
seats: {min: 1, max: 6}
stakes: {ante: 10}
deck: {ranking: longest_suit_run}
steps:
  - ante: {amount: ante}
  - deal: {players: [down, down, down, down, down]}
  - decision: {fold: true, raise: ante}
  - settle: SETTLE
"""
    with pytest.raises(SpecErrors, match="'raise_pay_table' is for a settlement against the pay table"):
        load_variant_text(base.replace("SETTLE", "{pay_table: {flush: 2}, raise_pay_table: {four_card_flush: 1}}"))
    with pytest.raises(
        (SpecError, SpecErrors), match="'four_card_straight' is not a hand of the longest_suit_run ranking"
    ):
        load_variant_text(
            base.replace(
                "SETTLE",
                "{against: pay_table, pay_table: {four_card_flush: 5}, raise_pay_table: {four_card_straight: 1}}",
            )
        )
