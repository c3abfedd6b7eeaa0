"""Crazy 4 Poker's Queens Up side bet (variants/crazy-4-poker.yaml: Grosvenor Casinos' table,
four of a kind 50, straight flush 40, three of a kind 8, flush 4, straight 3, two pair 2, a
pair of queens or better 1), paid on the best four of the player's five cards.

No published house edge was found for this table, so the reference is a count of our own that
uses none of studrules' code: every one of the C(52, 5) = 2,598,960 hands, each of its five
four-card subsets classed with plain comparisons of sorted ranks and suits (the ace high or low
in a straight: A-2-3-4 and J-Q-K-A), the best subset kept. It gives 4.5203% of the stake.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from studrules.analysis.exact import analyze
from studrules.cards.batch import evaluate_batch_in
from studrules.game.settlement import pay_line
from studrules.spec.loader import load_variant
from studrules.spec.model import SettleStep
from studrules.spec.strategies import load_strategy

PAYS = {7: 50, 6: 40, 5: 8, 4: 4, 3: 3, 2: 2}  # by the class below: quads .. two pair
LINES = {7: "four_of_a_kind", 6: "straight_flush", 5: "three_of_a_kind", 4: "flush", 3: "straight", 2: "two_pair"}
QUEEN = 10  # a rank's index, two = 0


def _every_hand() -> np.ndarray:
    tail = np.array(list(itertools.combinations(range(52), 4)), dtype=np.int16)
    return np.concatenate(
        [
            np.concatenate([np.full((int((tail[:, 0] > c).sum()), 1), c, dtype=np.int16), tail[tail[:, 0] > c]], axis=1)
            for c in range(52)
        ]
    )


def _best_four(hands: np.ndarray) -> np.ndarray:
    """Each hand's best four-card class, 16 * class + the pair's rank for a pair: 7 four of a kind,
    6 straight flush, 5 three of a kind, 4 flush, 3 straight, 2 two pair, 1 pair, 0 high card."""
    ranks, suits = hands >> 2, hands & 3
    best = np.zeros(len(hands), dtype=np.int32)
    for drop in range(5):
        keep = [k for k in range(5) if k != drop]
        a, b, c, d = np.sort(ranks[:, keep], axis=1).T
        quads = a == d
        trips = ~quads & ((a == c) | (b == d))
        two = ~quads & ~trips & (a == b) & (c == d)
        pairs = (a == b).astype(int) + (b == c) + (c == d)
        one = ~quads & ~trips & ~two & (pairs == 1)
        pair_rank = np.where(a == b, a, np.where(b == c, b, c))
        straight = (pairs == 0) & ((d - a == 3) | ((a == 0) & (b == 1) & (c == 2) & (d == 12)))
        flush = (suits[:, keep] == suits[:, keep[:1]]).all(axis=1)
        cls = np.select([quads, straight & flush, trips, flush, straight, two, one], [7, 6, 5, 4, 3, 2, 1], 0)
        np.maximum(best, cls * 16 + np.where(cls == 1, pair_rank, 0), out=best)
    return best


def _pays(best: np.ndarray) -> np.ndarray:
    table = np.full(8 * 16, -1)
    for cls, pay in PAYS.items():
        table[cls * 16 : cls * 16 + 16] = pay
    table[16 + QUEEN : 16 + 13] = 1  # a pair of queens, kings or aces
    return table[best]


def test_studrules_pays_each_hand_as_the_count_classes_it():
    hands = _every_hand()[::52]  # 49,980 hands spread over the whole list
    settle = load_variant("crazy-4-poker").steps_of(SettleStep)[0]
    (bet,) = [b for b in settle.side_bets if b.name == "queens_up"]
    values = evaluate_batch_in(hands.astype(np.int64), "four_card_high")
    lines = [pay_line(settle, v, "four_card_high", bet.lines) for v in values.tolist()]
    ours = np.array([line[1] if line else -1 for line in lines])
    assert (ours == _pays(_best_four(hands))).all()


@pytest.mark.soak  # the count, then analyze's own (every hand against every dealer hand): some 10 s
def test_analyze_gives_the_count_s_edge_and_lines():
    best = _best_four(_every_hand())
    edge = -_pays(best).mean()
    assert round(100 * edge, 4) == 4.5203
    variant = load_variant("crazy-4-poker", stakes={"queens_up": 5})
    found = analyze(variant, load_strategy("crazy-4-poker-basic", variant)).side_bets["queens_up"]
    assert found["house_edge"] == pytest.approx(edge, abs=1e-12)
    for cls, line in LINES.items():
        assert found["lines"][line]["probability"] == pytest.approx(((best >> 4) == cls).mean(), abs=1e-12), line
