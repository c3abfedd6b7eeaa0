"""The longest-flush ranking (longest_flush), checked against the rule cards'
own examples, against an independent key written from the rule over many
random hands, and against counts worked out by hand.

The rule (high-card-flush.com, rules; Wizard of Odds, High Card Flush, rule
4): "The first ranking criteria is the greatest number of cards in any one
suit ... any hand with a maximum four-card flush beats any hand with a
maximum three-card flush"; "The second ranking criteria is the standard
poker-rankings for flushes; that is, a hand with a maximum four-card flush
of K-Q-J-T would beat a hand with a maximum four-card flush of K-Q-J-9, but
lose to a hand with a maximum four-card flush of A-4-3-2"; "Same size
flush, all flush cards same rank as dealer - push".
"""

import itertools
import random
from math import comb

import numpy as np
import pytest

from studrules.cards.batch import codes_of, evaluate_batch_in
from studrules.cards.card import full_deck
from studrules.cards.rankings import RANKING_NAMES, get_ranking
from studrules.errors import CardError
from studrules.spec.vocabulary import hand_constants

FLUSH = get_ranking("longest_flush")
DECK = full_deck()


def _key(cards):
    """The rule alone: the longest suit's length, then its ranks high to low; of two suits
    of that length, the better."""
    by_suit = {}
    for c in cards:
        by_suit.setdefault(c.suit, []).append(c.rank)
    return max((len(r), sorted(r, reverse=True)) for r in by_suit.values())


def test_the_ranking_is_chosen_by_name():
    assert "longest_flush" in RANKING_NAMES
    assert FLUSH.name == "longest_flush" and FLUSH.ace_high and not FLUSH.aims_low


def test_the_rule_cards_examples():
    # a four-card flush beats any three-card flush, the ranks aside
    assert FLUSH.evaluate("5c 4c 3c 2c 9d 8h 7s") > FLUSH.evaluate("Ac Kc Qc Ad Kd Qh Js")
    # K-Q-J-T beats K-Q-J-9 and loses to A-4-3-2 (four-card flushes)
    kqjt = FLUSH.evaluate("Kh Qh Jh Th 2c 3d 4s")
    assert kqjt > FLUSH.evaluate("Kh Qh Jh 9h 2c 3d 4s")
    assert kqjt < FLUSH.evaluate("Ah 4h 3h 2h Kc Qd Js")
    # straights do not count: A-T-5 beats K-Q-J (fortunerenton.com: "Ace-Ten-Five is better than King-Queen-Jack")
    assert FLUSH.evaluate("As Ts 5s 2d 3d 7c 8h") > FLUSH.evaluate("Ks Qs Js 2d 3d 7c 8h")


def test_the_same_ranks_in_other_suits_tie():
    assert FLUSH.evaluate("Ts 8s 6s Ad 2d 3h 4h") == FLUSH.evaluate("Th 8h 6h Ks 2s 3c 4c")


def test_of_two_suits_as_long_the_better_counts():
    both = FLUSH.evaluate("Kc 7c 2c Qd Jd Td 3h")
    assert both == FLUSH.evaluate("Kc 7c 2c") and both > FLUSH.evaluate("Qd Jd Td")


def test_cards_off_the_longest_suit_do_not_count():
    assert FLUSH.evaluate("9s 5s 2s Ac Kd Qh Jc") == FLUSH.evaluate("9s 5s 2s 3c 4d 6h 7c")


def test_the_order_is_the_rules_key_over_random_hands():
    rng = random.Random(11)
    hands = [rng.sample(DECK, 7) for _ in range(3000)] + [rng.sample(DECK, rng.randint(1, 9)) for _ in range(1000)]
    values = [FLUSH.evaluate(h) for h in hands]
    keys = [_key(h) for h in hands]
    order = sorted(range(len(hands)), key=lambda i: keys[i])
    for a, b in itertools.pairwise(order):
        assert (values[a] < values[b]) == (keys[a] < keys[b]) and (values[a] == values[b]) == (keys[a] == keys[b])


def test_the_batch_values_are_the_hand_by_hand_values():
    rng = random.Random(5)
    for n in (2, 5, 7, 9):
        hands = [rng.sample(DECK, n) for _ in range(2000)]
        assert evaluate_batch_in(codes_of(hands), "longest_flush").tolist() == [FLUSH.evaluate(h) for h in hands]


def test_every_set_of_ranks_of_a_suit_is_one_strength():
    # 2**13 - 1 sets of ranks, each its own value, 1 to 8191
    values = {
        FLUSH.evaluate(cards)
        for n in range(1, 6)
        for cards in itertools.combinations([c for c in DECK if c.suit == "c"], n)
    }
    assert len(values) == sum(comb(13, n) for n in range(1, 6))
    assert FLUSH.evaluate("2c") == 1
    assert FLUSH.evaluate(" ".join(f"{r}s" for r in "23456789TJQKA")) == 2**13 - 1


def test_words():
    assert FLUSH.describe(FLUSH.evaluate("Ts 8s 6s Ad 2d 3h 4h")) == "three-card flush, ten-eight-six"
    assert FLUSH.describe(FLUSH.evaluate("Ah Kh Qh Jh Th 9h 8h")) == (
        "seven-card flush, ace-king-queen-jack-ten-nine-eight"
    )
    assert FLUSH.describe_visible("") == "no cards" and FLUSH.visible("") == 0
    assert FLUSH.describe_visible("Kd 7d 2c") == "two-card flush, king-seven"
    with pytest.raises(CardError):
        FLUSH.describe(0)
    with pytest.raises(CardError):
        FLUSH.describe(8192)


def test_categories_are_the_lengths():
    assert FLUSH.category(FLUSH.evaluate("Ah Kh Qh Jh 2c 3d 4s")) == "four_card_flush"
    assert FLUSH.category(FLUSH.evaluate("2h 3h 4h 5h 6h 7h 8h")) == "seven_card_flush"


def test_thresholds_read_as_the_rule_cards_say_them():
    t = {name: value for name, (_, value) in hand_constants("longest_flush").items()}
    # "at least a 3-card flush with at least one card being a 9 or higher"
    assert t["nine_high_three_card_flush"] == FLUSH.evaluate("9c 3c 2c")
    assert FLUSH.evaluate("9c 3c 2c Kd 7h 4s 5d") >= t["nine_high_three_card_flush"]
    assert FLUSH.evaluate("8c 7c 6c Kd Ah 4s 5d") < t["nine_high_three_card_flush"]
    # each length's lowest hand
    assert t["four_card_flush"] == FLUSH.evaluate("5d 4d 3d 2d")
    assert t["five_card_flush"] == FLUSH.evaluate("6d 5d 4d 3d 2d") > FLUSH.evaluate("Ad Kd Qd Jd 9c 8c 7c")
    assert t["seven_card_flush"] > t["ace_high_six_card_flush"] > t["six_card_flush"]
    # a name no hand has is not a threshold (a three-card flush three high)
    assert "three_high_three_card_flush" not in t and "ten_high_three_card_flush" in t


def test_the_qualifier_over_every_set_of_ranks():
    # at least a nine-high three-card flush: a longer flush, or three cards with a nine or more on top
    line = hand_constants("longest_flush")["nine_high_three_card_flush"][1]
    for n in range(1, 8):
        for ranks in itertools.combinations(range(2, 15), n):
            cards = [f"{'23456789TJQKA'[r - 2]}s" for r in ranks]
            assert (FLUSH.evaluate(cards) >= line) == (n >= 4 or (n == 3 and max(ranks) >= 9)), cards


def test_lengths_of_seven_cards_counted_by_hand():
    """The longest suit of seven cards, counted over the suit counts (a, b, c, d) summing to 7:
    prod C(13, each); compared with the ranking's categories over 200,000 random hands (the
    counts' own sum is C(52, 7))."""
    counts = dict.fromkeys(range(2, 8), 0)
    for split in itertools.product(range(8), repeat=4):
        if sum(split) == 7:
            counts[max(split)] += int(np.prod([comb(13, k) for k in split]))
    assert sum(counts.values()) == comb(52, 7)
    assert counts[7] == 4 * comb(13, 7)
    rng = np.random.default_rng(3)
    hands = np.argsort(rng.random((200_000, 52)), axis=1)[:, :7]
    values = evaluate_batch_in(hands, "longest_flush")
    floors = [hand_constants("longest_flush")[f"{w}_card_flush"][1] for w in ("two", "three", "four", "five", "six")]
    seen = np.searchsorted(np.array(floors), values, side="right") + 1
    for length in (2, 3, 4, 5):
        share = counts[length] / comb(52, 7)
        assert abs((seen == length).mean() - share) < 4 * (share * (1 - share) / 200_000) ** 0.5


def test_the_rule_book_of_a_pot_game_of_the_ranking_says_every_card_counts(tmp_path):
    from studrules.analysis.rulebook import explain
    from studrules.spec.loader import load_variant

    path = tmp_path / "flush-stud.yaml"
    path.write_text(
        "extends: seven-card-stud\nname: flush-stud\ndeck: {ranking: longest_flush}\n"
        "steps:\n  - showdown: {id: showdown, rankings: [longest_flush]}\n"
    )
    text = " ".join(explain(load_variant(path)).split())
    assert "The best longest-flush hand wins the pot." in text
    assert "Every card a player holds makes his hand, as the ranking values them." in text
    assert "All one cards count" not in text
