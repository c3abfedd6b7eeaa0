"""Four Card Poker's basic strategy (strategies/four-card-poker-basic.yaml), the game's default.

The strategy Shuffle Master prints on its table pamphlet (as Wikipedia quotes
it): "Pair of 2's or less, fold. Pair of 3's through 9's, bet 1x ante. Pair
of 10's or better, bet 3x ante." A hand is the best four of the player's five
cards, where two pair, straights, flushes and better rank above every pair.

Published for it: "Basic strategy will achieve a payback of about 98.41%"
(Elliot Frome, "Four Card Poker – Part Two", casinocitytimes.com, 2004), a
return per unit of the total wagered; Shuffle Master's 1.58% and Stanley
Ko's "about 3.40% using a simple strategy", as Eliot Jacobson quotes them
(888casino.com blog, "Four Card Poker Bad Beat Bonus"). The optimal play's
2.79% of the ante (the Wizard of Odds) is below it.
"""

from __future__ import annotations

import itertools
from math import comb

import numpy as np
import pytest

from studrules.analysis.exact import analyze
from studrules.spec.loader import load_variant
from studrules.spec.strategies import load_strategy, shipped_strategies

GAME, BASIC = "four-card-poker", "four-card-poker-basic"


def test_the_game_plays_the_published_basic_strategy_unless_told_otherwise():
    assert load_variant(GAME).strategy == BASIC
    # the old default stays shipped and still plays the game
    assert "pair-or-better" in shipped_strategies()
    assert load_strategy("pair-or-better", load_variant(GAME)).decide("2c 2d Ah Ks Qc") == "raise"


@pytest.mark.parametrize(
    "cards, action",
    [
        # worked out by hand from the pamphlet's three lines; the best four of the five in brackets
        ("2c 2d Ah Ks Qc", "fold"),  # [2 2 A K] a pair of twos: "Pair of 2's or less, fold"
        ("2c 2d 3h 4s 9c", "fold"),  # [2 2 9 4] a pair of twos; 2-3-4-9 is no straight
        ("Ac Kd Qh 9s 7c", "fold"),  # [A K Q 9] ace high: less than a pair of twos
        ("3c 3d 8h 6s 2c", "raise 1x"),  # [3 3 8 6] "Pair of 3's through 9's, bet 1x ante"
        ("9c 9d Ah Ks Qc", "raise 1x"),  # [9 9 A K]
        ("Tc Td 7h 4s 2c", "raise 3x"),  # [T T 7 4] "Pair of 10's or better, bet 3x ante"
        ("Kc Kd 9h 4s 2c", "raise 3x"),  # [K K 9 4]
        ("3c 3d 2h 2s 7c", "raise 3x"),  # [3 3 2 2] two pair ranks above every pair
        ("Ac Kd Qh Js 9c", "raise 3x"),  # [A K Q J] a straight of four, no pair at all
        ("4c 5d 6h 7s 7c", "raise 3x"),  # [7 6 5 4] the straight, not the pair of sevens
        ("Ac 2d 3h 4s 4c", "raise 3x"),  # [4 3 2 A] the ace low: the lowest straight
        ("Ah 9h 6h 2h Kc", "raise 3x"),  # [A 9 6 2 of hearts] a flush of four
        ("7c 7d 7h 2s 4c", "raise 3x"),  # [7 7 7 4] three of a kind
    ],
)
def test_each_hand_is_played_as_the_pamphlet_says_whatever_the_house_shows(cards, action):
    strategy = load_strategy(BASIC, load_variant(GAME))
    assert {strategy.decide(cards, house_up=up) for up in ("2d", "9s", "As")} == {action}


def _decisions_counted_apart() -> tuple[int, int, int]:
    """How many of the 2,598,960 five-card hands fold, bet 1x and bet 3x under the pamphlet's
    rules, counted here without studrules: a best four of three of a kind or better, a flush or
    a straight of four cards, two pair or a pair of tens or better bets 3x; a pair of threes to
    nines 1x; the rest (a pair of twos, no pair) folds."""
    hands = np.fromiter(
        itertools.chain.from_iterable(itertools.combinations(range(52), 5)), dtype=np.int64, count=5 * comb(52, 5)
    ).reshape(-1, 5)
    ranks, suits = hands // 4, hands % 4  # ranks 0 (two) .. 12 (ace)
    by_rank = np.stack([(ranks == r).sum(axis=1) for r in range(13)], axis=1)
    by_suit = np.stack([(suits == s).sum(axis=1) for s in range(4)], axis=1)
    held = by_rank > 0
    runs = [held[:, s : s + 4].all(axis=1) for s in range(10)]  # 2-3-4-5 .. J-Q-K-A
    runs.append(held[:, [12, 0, 1, 2]].all(axis=1))  # A-2-3-4
    straight = np.any(runs, axis=0)
    flush = by_suit.max(axis=1) >= 4
    paired = by_rank >= 2
    pairs = paired.sum(axis=1)
    top_pair = np.where(pairs > 0, 12 - paired[:, ::-1].argmax(axis=1), -1)
    three_x = (by_rank.max(axis=1) >= 3) | flush | straight | (pairs >= 2) | (top_pair >= 8)  # 8: ten
    one_x = ~three_x & (top_pair >= 1)  # 1: three
    return int((~three_x & ~one_x).sum()), int(one_x.sum()), int(three_x.sum())


@pytest.mark.soak  # the exact count of every deal takes some 20 s
def test_the_exact_count_matches_the_published_figures_and_a_count_of_the_decisions():
    variant = load_variant(GAME)
    result = analyze(variant, load_strategy(BASIC, variant))
    assert result.deals == comb(52, 5) * 47 * comb(46, 5)
    # the published figures, to their precision
    assert round(100 * result.house_edge, 2) == 3.40  # Stanley Ko: "about 3.40%" (of the ante)
    assert round(100 * result.element_of_risk, 2) == 1.58  # Shuffle Master: 1.58% (of the total wagered)
    assert abs(100 - 100 * result.element_of_risk - 98.41) < 0.01  # Frome: a payback "of about 98.41%"
    # above the optimal play's published 2.79% (Wizard of Odds), whatever its third decimal
    assert result.house_edge > 0.02795
    # the decisions, counted apart over every five-card hand: the fold line's probability and
    # the average wager (an ante, plus 1 or 3 more) are theirs exactly
    fold, one_x, three_x = _decisions_counted_apart()
    hands = comb(52, 5)
    assert fold + one_x + three_x == hands
    assert result.lines["fold"][0] == pytest.approx(fold / hands, abs=1e-12)
    assert result.average_wager == pytest.approx(1 + (one_x + 3 * three_x) / hands, abs=1e-12)
