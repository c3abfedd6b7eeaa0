"""The three-card ranking (three_card_high), checked over all 22,100 hands
of three cards against the published counts and an independent ordering.

Published counts (Wizard of Odds, "Three Card Poker", probabilities of the
player's hand; Wikipedia, "Three card poker", hand ranks): straight flush
48, three of a kind 52, straight 720, flush 1,096, pair 3,744, high card
16,440; the order straight flush > three of a kind > straight > flush >
pair > high card ("a straight beats a flush" because it is rarer with three
cards); A-2-3 is a straight, the lowest; A-K-Q the highest.
"""

from __future__ import annotations

import itertools
from collections import Counter

from studrules.cards.card import full_deck
from studrules.cards.rankings import get_ranking

THREE = get_ranking("three_card_high")
ORDER = ("high_card", "pair", "flush", "straight", "three_of_a_kind", "straight_flush")


def brute_key(cards) -> tuple:
    """An independent key: (category index, tie-breaking ranks), written from the rules alone."""
    ranks = sorted((c.rank for c in cards), reverse=True)
    suited = len({c.suit for c in cards}) == 1
    distinct = len(set(ranks)) == 3
    if distinct and ranks[0] - ranks[2] == 2:
        straight_top = ranks[0]
    elif ranks == [14, 3, 2]:
        straight_top = 3
    else:
        straight_top = None
    if straight_top and suited:
        return (5, straight_top)
    if len(set(ranks)) == 1:
        return (4, ranks[0])
    if straight_top:
        return (3, straight_top)
    if suited:
        return (2, *ranks)
    if not distinct:
        pair = ranks[1]
        kicker = ranks[0] if ranks[0] != pair else ranks[2]
        return (1, pair, kicker)
    return (0, *ranks)


def test_every_three_card_hand_counts_and_orders_as_published():
    hands = list(itertools.combinations(full_deck(), 3))
    assert len(hands) == 22100
    values = [THREE.evaluate(h) for h in hands]
    counts = Counter(ORDER[brute_key(h)[0]] for h in hands)
    assert counts == {
        "straight_flush": 48,
        "three_of_a_kind": 52,
        "straight": 720,
        "flush": 1096,
        "pair": 3744,
        "high_card": 16440,
    }
    assert Counter(THREE.category(v) for v in values) == counts
    # the values order the hands exactly as the independent keys do, ties included
    by_value = sorted(zip(values, (brute_key(h) for h in hands)))
    for (v1, k1), (v2, k2) in itertools.pairwise(by_value):
        assert (v1 < v2) == (k1 < k2) and (v1 == v2) == (k1 == k2)


def test_a_straight_beats_a_flush_and_ace_two_three_is_the_lowest_straight():
    assert THREE.evaluate("9c 8d 7h") > THREE.evaluate("Ah Kh 9h")
    assert THREE.evaluate("Ac 2d 3h") < THREE.evaluate("2c 3d 4h") < THREE.evaluate("Ac Kd Qh")
    assert THREE.evaluate("Ac 2c 3c") > THREE.evaluate("Ac Ad Ah")  # a straight flush beats trips
    assert THREE.evaluate("Kc Ad 2h") < THREE.evaluate("2c 2d 3h")  # K-A-2 is no straight


def test_the_dealer_qualifier_queen_high_is_queen_three_two():
    # "The dealer must have Queen High or Better to qualify": Q-3-2 is the
    # least queen-high hand (Q-3-2 of different suits is not a flush)
    queen_high = THREE.thresholds()["queen_high"]
    assert THREE.evaluate("Qc 3d 2h") == queen_high
    assert THREE.evaluate("Jc 9d 8h") < queen_high <= THREE.evaluate("Qc 4d 2h")


def test_hands_in_words():
    assert THREE.describe(THREE.evaluate("Qc 6d 4h")) == "queen-six-four high"
    assert THREE.describe(THREE.evaluate("7c 7d Kh")) == "pair of sevens"
    assert THREE.describe(THREE.evaluate("Ah Kh Qh")) == "straight flush, ace high"
    assert THREE.describe(THREE.evaluate("9s 9d 9h")) == "three nines"


def test_a_showing_ranks_by_its_groups_first_in_both_few_card_rankings():
    """Who speaks first by the up cards (a pot game of these rankings): the
    groups of a rank, the largest first, then the ranks, as stud reads a board
    (a pair of deuces shows more than ace-king). The key is written here
    alone: the groups (count, rank), the largest first, compared as tuples,
    where a showing with one group more beats the same groups without it."""
    ranks = range(2, 15)
    suits = "cdhs"
    for ranking in (THREE, get_ranking("four_card_high")):
        showings = []
        for size in range(1, 5):
            for chosen in itertools.combinations_with_replacement(ranks, size):
                if max(chosen.count(r) for r in chosen) > 4:
                    continue
                seen: Counter = Counter()
                cards = []
                for r in chosen:  # each copy of a rank in a suit of its own
                    cards.append("??23456789TJQKA"[r] + suits[seen[r]])
                    seen[r] += 1
                groups = tuple(sorted(((chosen.count(r), r) for r in set(chosen)), reverse=True))
                showings.append((groups, ranking.visible(" ".join(cards))))
        by_key = sorted(showings, key=lambda s: s[0])
        for (key_a, value_a), (key_b, value_b) in itertools.pairwise(by_key):
            assert (value_a < value_b) == (key_a < key_b), (ranking.name, key_a, key_b)
            assert (value_a == value_b) == (key_a == key_b), (ranking.name, key_a, key_b)
        assert ranking.visible("2c 2d") > ranking.visible("Ah Kd")
