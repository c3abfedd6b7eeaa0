"""The four-card ranking (four_card_high), checked over all 270,725 hands
of four cards against counts worked out by hand and the order the sources
give.

The order (Wikipedia, "Four Card Poker", rank of hands; the UK Gambling
Commission trial sheet of Shuffle Master's game, ukcasinotablegames.info):
"Four of a Kind, Straight Flush, Three of a Kind, Flush, Straight, Two Pair,
Pair, High Card"; "Ace is high, other than for a low straight of A,2,3,4".

The counts, by hand: four of a kind 13 (one per rank); straight flush 11
sequences (A-2-3-4 .. J-Q-K-A) x 4 suits = 44; three of a kind 13 ranks x
C(4,3) suits x 48 other cards = 2,496; flush 4 x C(13,4) - 44 = 2,816;
straight 11 x (4^4 - 4) = 2,772; two pair C(13,2) x 6 x 6 = 2,808; pair 13 x
6 x C(12,2) x 4 x 4 = 82,368; high card (C(13,4) - 11) x (4^4 - 4) = 177,408;
270,725 in all.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import numpy as np

from studrules.cards.batch import evaluate_batch_in
from studrules.cards.card import full_deck
from studrules.cards.rankings import get_ranking

FOUR = get_ranking("four_card_high")
ORDER = (
    "high_card",
    "pair",
    "two_pair",
    "straight",
    "flush",
    "three_of_a_kind",
    "straight_flush",
    "four_of_a_kind",
)
COUNTS = {
    "four_of_a_kind": 13,
    "straight_flush": 44,
    "three_of_a_kind": 2496,
    "flush": 2816,
    "straight": 2772,
    "two_pair": 2808,
    "pair": 82368,
    "high_card": 177408,
}


def brute_key(cards) -> tuple:
    """An independent key: (category index in ORDER, tie-breaking ranks), from the rules alone."""
    ranks = sorted((c.rank for c in cards), reverse=True)
    suited = len({c.suit for c in cards}) == 1
    by_count = sorted(((ranks.count(r), r) for r in set(ranks)), reverse=True)
    shape = [n for n, _ in by_count]
    order = tuple(r for _, r in by_count)
    top = None
    if len(set(ranks)) == 4 and ranks[0] - ranks[3] == 3:
        top = ranks[0]
    elif ranks == [14, 4, 3, 2]:
        top = 4
    if shape == [4]:
        return (7, order)
    if top and suited:
        return (6, (top,))
    if shape == [3, 1]:
        return (5, order)
    if suited:
        return (4, tuple(ranks))
    if top:
        return (3, (top,))
    if shape == [2, 2]:
        return (2, order)
    if shape == [2, 1, 1]:
        return (1, order)
    return (0, tuple(ranks))


def test_every_four_card_hand_counts_and_orders_as_the_sources_say():
    values = {}
    keys = {}
    for hand in itertools.combinations(full_deck(), 4):
        v = FOUR.evaluate(hand)
        values[hand] = v
        keys[hand] = brute_key(hand)
    counts = Counter(FOUR.category(v) for v in values.values())
    assert counts == COUNTS
    # the values order the hands as the independent keys do, ties included
    by_value = sorted(values, key=values.get)
    for a, b in zip(by_value, by_value[1:]):
        assert (values[a] < values[b]) == (keys[a] < keys[b]), (a, b)


def test_three_of_a_kind_beats_a_flush_and_a_straight_and_four_of_a_kind_beats_a_straight_flush():
    assert FOUR.evaluate("2c 2d 2h 3s") > FOUR.evaluate("Ah Kh Qh 9h") > FOUR.evaluate("Ac Kd Qh Js")
    assert FOUR.evaluate("2c 2d 2h 2s") > FOUR.evaluate("Ah Kh Qh Jh")
    # A-2-3-4 is the lowest straight, A-K-Q-J the highest
    assert FOUR.evaluate("Ac 2d 3h 4s") < FOUR.evaluate("2c 3d 4h 5s") < FOUR.evaluate("Ac Kd Qh Js")


def test_the_best_four_of_five_or_six_cards_is_the_hand_and_the_batch_form_agrees():
    # five cards: a pair of aces with K-Q kickers beats any four of them without the pair
    assert FOUR.describe(FOUR.evaluate("Ac Ad Kh Qs 2c")) == "pair of aces"
    # six cards: three nines and the best kicker, an ace
    assert FOUR.evaluate("9c 9d 9h As 2c 3d") == FOUR.evaluate("9c 9d 9h As")
    rng = random.Random(4)
    for n in (4, 5, 6):
        rows = [rng.sample(range(52), n) for _ in range(2000)]
        deck = full_deck()
        expected = [FOUR.evaluate([deck_card(deck, c) for c in row]) for row in rows]
        assert evaluate_batch_in(np.array(rows), "four_card_high").tolist() == expected


def deck_card(deck, code):
    return next(c for c in deck if c.code == code)
