"""simulate's deal: every hand of five cards as likely as every other.

Until 3 December 2026 a chunk's cards were drawn by card (every hand's first
card, then every hand's second...), so one hand's five draws were generator
outputs 2**15 apart (a chunk of 131,072 hands), and PCG64's outputs that far
apart are correlated: over 200 million hands the deal gave 262 royal flushes
where 307.8 are due, 2,623 other straight flushes (2,770.3) and 47,415 four
of a kind (48,019.2), each about 2.7 standard deviations short, and every
simulated house edge of a game paying on them came out high (Let It Ride's
pulled-back bets: 37.33% to 37.45% over five seeds, the exact 37.27%).
"""

from __future__ import annotations

from math import comb, sqrt

import numpy as np
import pytest

from studrules.analysis.simulate import CHUNK, chunk_generator, deal_batch
from studrules.cards.card import full_deck


def test_a_hands_cards_do_not_depend_on_how_many_hands_are_dealt_with_it():
    # each hand draws from consecutive outputs: the first ten hands of a chunk are the same
    # whether ten or ten thousand are dealt (drawn by card, hand 0's second card was the
    # chunk's (hands + 1)th draw)
    few = deal_batch(chunk_generator(1, 0), 10, 5)
    many = deal_batch(chunk_generator(1, 0), 10_000, 5)
    assert few.tolist() == many[:10].tolist()


def _counts(seeds: range, hands: int) -> dict[str, int]:
    """Royal flushes, other straight flushes and four of a kind in ``hands`` five-card
    hands of each seed, dealt in chunks as simulate deals them, told apart by rank and
    suit counts (not by the evaluator)."""
    deck = full_deck()
    rank_of = np.array([c.rank for c in deck])
    suit_of = np.array(["cdhs".index(c.suit) for c in deck])
    counts = {"royal": 0, "straight flush": 0, "four of a kind": 0}
    for seed in seeds:
        index, left = 0, hands
        while left:
            n = min(CHUNK, left)
            cards = deal_batch(chunk_generator(seed, index), n, 5).astype(np.int64)
            ranks, suits = np.sort(rank_of[cards], axis=1), suit_of[cards]
            flush = (suits == suits[:, [0]]).all(axis=1)
            same = ranks[:, 1:] == ranks[:, :-1]
            distinct = ~same.any(axis=1)
            straight = distinct & ((ranks[:, 4] - ranks[:, 0] == 4) | ((ranks[:, 4] == 14) & (ranks[:, 3] == 5)))
            royal = straight & flush & (ranks[:, 0] == 10)
            counts["royal"] += int(royal.sum())
            counts["straight flush"] += int((straight & flush & ~royal).sum())
            counts["four of a kind"] += int(((same[:, :-1] & same[:, 1:]).sum(axis=1) == 2).sum())
            index, left = index + 1, left - n
    return counts


@pytest.mark.soak
def test_the_rarest_hands_are_dealt_as_often_as_they_are_due():
    # 200 million hands: the three counts are independent, so their standard scores summed
    # and divided by sqrt(3) are one standard score (the old deal: about -4.7)
    seeds, hands = range(1, 21), 10_000_000
    counts = _counts(seeds, hands)
    ways = {"royal": 4, "straight flush": 36, "four of a kind": 624}
    total = len(seeds) * hands
    scores = {}
    for name, n in ways.items():
        due = total * n / comb(52, 5)
        scores[name] = (counts[name] - due) / sqrt(due)
        assert abs(scores[name]) < 3.5, (name, counts[name], due)
    assert abs(sum(scores.values()) / sqrt(3)) < 3.5, scores
