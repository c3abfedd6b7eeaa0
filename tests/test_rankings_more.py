"""The stud family's other rankings: badugi, four-flushes and four-straights,
short decks, ace-to-five high, ace-to-six low, two-card hands, qualifiers as
data and the best card of a suit.

Expected outcomes come from the rules worked out by hand (the counts below
are combinatorics done in the comments), from brute force written here
independently of the package, from PokerKit (badugi, short-deck hold'em),
and from the generic_poker catalogue's ranking tables (two_card_high,
two_card_a5_low_high, one_card_high_spade, one_card_low_spade), read as facts.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from types import SimpleNamespace

import pytest

from studrules.cards.card import Card, full_deck, parse_cards
from studrules.cards.evaluator import Category, category_floor, evaluate as evaluate_high
from studrules.cards.rankings import (
    ALL_RANKING_NAMES,
    RANKING_NAMES,
    Ranking,
    get_ranking,
    ranking_for,
)
from studrules.cards.rankings_qualified import Qualified, at_least, or_better
from studrules.cards.rankings_single import best_of_suit
from studrules.errors import CardError

DECK = full_deck()
NEW = ALL_RANKING_NAMES[4:10]  # after high and the three classic lows; before the hole-card parts
FULL = SimpleNamespace(ranks="23456789TJQKA", ace_low_straight=True)


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def offsuit(ranks) -> tuple[Card, ...]:
    """Cards of these ranks (2..14) in the suits c d h s c: never five of a suit."""
    return tuple(Card(f"{'  23456789TJQKA'[r]}{'cdhsc'[i]}") for i, r in enumerate(ranks))


def suited(ranks, suit="h") -> tuple[Card, ...]:
    return tuple(Card(f"{'  23456789TJQKA'[r]}{suit}") for r in ranks)


def rank_multisets(size: int = 5):
    """Every multiset of ``size`` ranks (2..14) with at most four of a rank."""
    for ranks in itertools.combinations_with_replacement(range(2, 15), size):
        if max(Counter(ranks).values()) <= 4:
            yield ranks


def same_order(values, keys) -> None:
    """``values`` order the hands exactly as ``keys`` do (ties included)."""
    pairs = sorted(zip(values, keys))
    for (v1, k1), (v2, k2) in itertools.pairwise(pairs):
        assert (v1 < v2) == (k1 < k2) and (v1 == v2) == (k1 == k2), (v1, k1, v2, k2)


# --- the registry ---------------------------------------------------------------


def test_every_new_ranking_is_registered_under_its_name():
    assert NEW == (
        "ace_to_six_low",
        "badugi",
        "four_flush_high",
        "short_deck_high",
        "ace_to_five_high",
        "two_card_high",
    )
    assert ALL_RANKING_NAMES[: len(RANKING_NAMES)] == RANKING_NAMES
    for name in NEW:
        ranking = get_ranking(name)
        assert isinstance(ranking, Ranking) and ranking.name == name and ranking.summary
    assert get_ranking("ace-to-six low") is get_ranking("ace_to_six_low")


@pytest.mark.parametrize(
    "name, ace_high, aims_low",
    [
        ("ace_to_six_low", False, True),  # the ace is low
        ("badugi", False, True),  # A-2-3-4 is the best badugi
        ("four_flush_high", True, False),
        ("short_deck_high", True, False),
        ("ace_to_five_high", False, False),  # ace low, but the highest hand wins
        ("two_card_high", True, False),
        ("ace_to_five_low", False, True),
        ("deuce_to_seven_low", True, True),
        ("high", True, False),
    ],
)
def test_the_ace_and_the_goal_of_each_ranking(name, ace_high, aims_low):
    ranking = get_ranking(name)
    assert (ranking.ace_high, ranking.aims_low) == (ace_high, aims_low)


@pytest.mark.parametrize("name", NEW)
def test_new_rankings_reject_bad_hands(name):
    ranking = get_ranking(name)
    too_few = {"two_card_high": "Ah", "badugi": "Ah Kd 7c"}.get(name, "Ah Kd 7c 5s")
    with pytest.raises(CardError):
        ranking.evaluate(too_few)
    with pytest.raises(CardError):
        ranking.evaluate("Ah Ah Kd Qc Js")
    with pytest.raises(CardError):
        ranking.visible(parse_cards("Ah") + parse_cards("Ah"))
    with pytest.raises(CardError):
        ranking.evaluate("Ah Kd Qc Js Ts 9h 8h 7h 6h 6s")  # ten cards


@pytest.mark.parametrize("name", NEW)
def test_new_rankings_describe_every_hand_and_showing(name):
    ranking = get_ranking(name)
    deck = [c for c in DECK if c.rank >= 6] if name == "short_deck_high" else list(DECK)
    rng = random.Random(name)
    for size in (1, 2, 3, 4, 5, 7):
        for _ in range(40):
            hand = rng.sample(deck, size)
            assert ranking.describe_visible(hand)
            if size >= {"two_card_high": 2, "badugi": 4}.get(name, 5):
                value = ranking.evaluate(hand)
                assert value is not None and ranking.describe(value)


# --- badugi ------------------------------------------------------------------------

BADUGI = get_ranking("badugi")


def test_badugi_best_hand_is_four_three_two_ace_rainbow():
    best = BADUGI.evaluate("4c 3d 2h As")
    assert BADUGI.describe(best) == "four-card badugi, 4-3-2-A"
    rng = random.Random(4)
    for _ in range(300):
        assert BADUGI.evaluate(rng.sample(DECK, rng.choice((4, 5, 7)))) <= best


@pytest.mark.parametrize(
    "better, worse",
    [
        ("Kc Qd Jh 10s", "Ac 2d 3h 3s"),  # any four-card badugi beats any three-card hand
        ("5c 3d 2h As", "5c 4d 2h As"),  # highest card equal: the next decides
        ("6c 5d 4h 3s", "7c 3d 2h As"),  # the highest card decides first
        ("Ac 2d 3h 3s", "Ac 2d 4h 4s"),  # three valid cards each: 3-2-A beats 4-2-A
        ("Kc Qd Jc Js", "Ac Ad Ah As"),  # two valid cards beat one
        ("Ac 2d 3h Kh", "2c 3d 4h 4s"),  # the ace is low: 3-2-A beats 4-3-2
    ],
)
def test_badugi_order(better, worse):
    assert BADUGI.evaluate(better) > BADUGI.evaluate(worse)


def test_badugi_from_more_cards_takes_the_best_subset():
    # Kc plays with 4d 3h 2s: a four-card badugi, K-4-3-2; the Ac would pair the suit of the Kc.
    assert BADUGI.describe(BADUGI.evaluate("Kc 4d 3h 2s Ac")) == "four-card badugi, 4-3-2-A"
    assert BADUGI.describe(BADUGI.evaluate("Kc 4d 3h 2s 2c")) == "four-card badugi, K-4-3-2"
    assert BADUGI.describe(BADUGI.evaluate("Kc Kd 3c 3d 2c 2d Ah")) == "three-card hand, 3-2-A"
    assert BADUGI.describe_visible("7h 7s") == "one-card hand, 7"
    assert BADUGI.describe_visible("7h 5s") == "two-card hand, 7-5"


def _badugi_key(hand):
    """Brute force: the largest set of cards of different suits and ranks,
    then the lowest ranks from the top (ace = 1)."""
    best = None
    for size in range(1, 5):
        for subset in itertools.combinations(hand, size):
            if len({c.suit for c in subset}) == size and len({c.rank for c in subset}) == size:
                ranks = sorted((1 if c.rank == 14 else c.rank for c in subset), reverse=True)
                key = (size, tuple(-r for r in ranks))
                best = key if best is None or key > best else best
    return best


def _four_card_classes():
    """Four cards, one hand at least for every relabelling of the suits: each
    multiset of ranks with each pattern of suits in order of first appearance."""
    patterns = [
        p for p in itertools.product(range(4), repeat=4) if all(p[i] <= max(p[:i], default=-1) + 1 for i in range(4))
    ]
    for ranks in rank_multisets(4):
        for pattern in patterns:
            hand = [(r, "cdhs"[s]) for r, s in zip(ranks, pattern)]
            if len(set(hand)) == 4:
                yield tuple(Card(f"{'  23456789TJQKA'[r]}{s}") for r, s in hand)


def test_badugi_has_1092_values_ordered_as_brute_force_finds():
    # 4-card badugis C(13,4) = 715, three-card 286, two-card 78, one-card 13: 1,092
    # values. Suits only matter up to relabelling, so the classes are every value.
    hands = list(_four_card_classes())
    values = [BADUGI.evaluate(h) for h in hands]
    assert len(set(values)) == 715 + 286 + 78 + 13
    same_order(values, [_badugi_key(h) for h in hands])


def test_badugi_agrees_with_pokerkit():
    BadugiHand = pytest.importorskip("pokerkit").BadugiHand  # PokerKit: installed for the benchmarks
    rng = random.Random(5)
    for _ in range(250):
        size = rng.choice((4, 5, 6, 7))
        a, b = rng.sample(DECK, size), rng.sample(DECK, size)
        va, vb = BADUGI.evaluate(a), BADUGI.evaluate(b)
        ka = BadugiHand.from_game("".join(map(str, a)))
        kb = BadugiHand.from_game("".join(map(str, b)))
        assert (va > vb, va == vb) == (ka > kb, ka == kb), (a, b)


# --- four-flushes and four-straights -------------------------------------------------

FOUR = get_ranking("four_flush_high")


def test_four_straight_and_four_flush_rank_between_one_pair_and_two_pair():
    # "a four-card straight ... ranks above one pair; a four-card flush ...
    # ranks above a four-card straight" (Sökö; the catalogue's canadian_stud.json)
    aces = FOUR.evaluate("Ac Ad Kh Qs 9c")  # (A-A-K-Q-J would be the four-straight A-K-Q-J)
    worst_four_straight = FOUR.evaluate("4c 3d 2h Ac 6s")
    best_four_straight = FOUR.evaluate("Ac Kd Qh Js 9c")
    worst_four_flush = FOUR.evaluate("5h 4h 3h 2h 2c")  # a four-straight too: the four-flush counts
    best_four_flush = FOUR.evaluate("Ah Kh Qh Jh Ac")
    worst_two_pair = FOUR.evaluate("3c 3d 2h 2s 4c")
    assert aces < worst_four_straight < best_four_straight < worst_four_flush < best_four_flush < worst_two_pair


def test_four_flush_keeps_the_usual_values_and_thresholds():
    for hand in ("Ac Ad Kh Qs 9c", "3c 3d 2h 2s 4c", "Kh Qh Jh Th 8h", "9c 9d 9h 4s 4c"):
        assert FOUR.evaluate(hand) == evaluate_high(hand)
    value = FOUR.evaluate("Jh 9h 5h 2h Kc")
    assert category_floor(Category.PAIR) <= value < category_floor(Category.TWO_PAIR)


@pytest.mark.parametrize(
    "hand, words",
    [
        ("Ah Kh 9h 7h Qc", "four-flush, ace-king-nine-seven, queen kicker"),
        ("9c 8d 7h 6s 6c", "four-straight, nine high, six kicker"),  # the pair is the kicker
        ("Ah 2c 3d 4s Kd", "four-straight, four high, king kicker"),  # the ace low
        ("Ah Kh Qh Jh Ad", "four-flush, ace-king-queen-jack, ace kicker"),  # above the pair of aces
        ("9h 8h 7h 6h 2c", "four-flush, nine-eight-seven-six, two kicker"),  # a four-flush beats a four-straight
        ("9h 8h 7h 6h 5c", "straight, nine high"),  # five in a row is the straight
        ("Kc Kd 7h 4s 2c", "pair of kings, seven-four-two kickers"),
    ],
)
def test_four_flush_words(hand, words):
    assert FOUR.describe(FOUR.evaluate(hand)) == words


@pytest.mark.parametrize(
    "better, worse",
    [
        ("Ah Kh 9h 7h 2c", "Ah Kh 9h 6h Qc"),  # the four suited cards decide first
        ("Ah Kh 9h 7h 3c", "Ad Kd 9d 7d 2s"),  # then the fifth card
        ("Ac Kd Qh Js 2c", "Kc Qd Jh Ts 2c"),  # the higher four-straight
        ("9c 8d 7h 6s Kc", "9c 8d 7h 6s Qc"),  # then the fifth card
        ("5c 4d 3h 2s Kc", "4c 3d 2h As Kc"),  # 4-3-2-A is the lowest four-straight
    ],
)
def test_four_flush_order(better, worse):
    assert FOUR.evaluate(better) > FOUR.evaluate(worse)


def test_four_flush_showing_counts_with_four_up_cards():
    assert FOUR.visible("Jh 9h 5h 2h") > FOUR.visible("Tc 9d 8h 7s") > FOUR.visible("Ac Ad Kh Qs")
    assert FOUR.visible("3c 3d 2h 2s") > FOUR.visible("Jh 9h 5h 2h")
    assert FOUR.describe_visible("Jc 8d 9h Ts") == "four-straight, jack high"
    assert FOUR.describe_visible("Ac Ad Kh") == "pair of aces, king kicker"
    assert FOUR.visible("Jh 9h 5h") == FOUR.visible("Jc 9d 5h")  # three suited cards are nothing


def _four_key(five):
    """Brute force: standard hands from two pair up; then four-flushes by the
    suited ranks and the other card; four-straights by the top (4-3-2-A
    lowest) and the other card; then the standard pair or high card."""
    std = int(evaluate_high(five))
    if std >= category_floor(Category.TWO_PAIR):
        return (2, std)
    by_suit = Counter(c.suit for c in five)
    suit, count = by_suit.most_common(1)[0]
    if count == 4:
        inside = sorted((c.rank for c in five if c.suit == suit), reverse=True)
        other = next(c.rank for c in five if c.suit != suit)
        return (1, 1, tuple(inside), other)
    ranks = [c.rank for c in five]
    for top in range(14, 3, -1):
        run = [14 if r == 1 else r for r in range(top, top - 4, -1)]
        if all(r in ranks for r in run):
            rest = list(ranks)
            for r in run:
                rest.remove(r)
            return (1, 0, top, rest[0])
    return (0, std)


def _four_flush_hands():
    """One hand for every class of five cards: offsuit, four of a suit (each
    choice of the four), five of a suit."""
    for ranks in rank_multisets():
        yield offsuit(ranks)
        for four in set(itertools.combinations(ranks, 4)):
            if len(set(four)) == 4:
                rest = list(ranks)
                for r in four:
                    rest.remove(r)
                yield (*suited(four, "h"), Card(f"{'  23456789TJQKA'[rest[0]]}c"))
        if len(set(ranks)) == 5:
            yield suited(ranks, "s")


def test_four_flush_has_the_values_worked_out_and_the_brute_force_order():
    # Four-straights: 11 tops x 13 fifth cards, less the fifth card that makes
    # five in a row (two for each top from 5 to king, one for A-K-Q-J and one
    # for 4-3-2-A): 143 - 20 = 123. Each is the hand of five ranks that held a
    # no-pair or one-pair value in high poker, and those ranks are a
    # four-straight whatever the suits: 123 standard values are never dealt.
    # Four-flushes: 715 suited sets x 13 fifth cards, less the 10 x 5 where the
    # fifth card fills a straight: 9,295 - 50 = 9,245.
    # Together 7,462 - 123 + 123 + 9,245 = 16,707.
    hands = list(_four_flush_hands())
    values = [FOUR.evaluate(h) for h in hands]
    assert len(set(values)) == 7462 - 123 + 123 + 9245
    same_order(values, [_four_key(h) for h in hands])


def test_four_flush_best_five_of_seven_is_the_best_subset():
    rng = random.Random(6)
    for _ in range(300):
        hand = rng.sample(DECK, 7)
        assert FOUR.evaluate(hand) == max(FOUR.evaluate(five) for five in itertools.combinations(hand, 5))


# --- short decks ------------------------------------------------------------------------

SHORT = get_ranking("short_deck_high")
PIQUET = ranking_for(SimpleNamespace(ranks="789TJQKA", ace_low_straight=True), "short_deck_high")
DECK36 = [c for c in DECK if c.rank >= 6]
DECK32 = [c for c in DECK if c.rank >= 7]


def test_short_deck_flush_beats_full_house_and_the_ace_plays_low_next_to_six():
    assert SHORT.evaluate("Ah Kh 9h 7h 6h") > SHORT.evaluate("Ac Ad As Kc Kd")
    assert SHORT.evaluate("6h 7h 9h Th Qh") > SHORT.evaluate("Ac Ad As Kc Kd")
    lowest_straight = SHORT.evaluate("Ac 6d 7h 8s 9c")
    assert SHORT.describe(lowest_straight) == "straight, nine high"
    assert SHORT.evaluate("Ac Ad As 9c 8d") < lowest_straight < SHORT.evaluate("6c 7d 8h 9s Tc")
    assert SHORT.describe(SHORT.evaluate("Ah 6h 7h 8h 9h")) == "straight flush, nine high"
    assert SHORT.describe(SHORT.evaluate("Ah 6c 7h 8h 9h Kh Qh")) == "flush, ace-king-queen-nine-eight"
    assert SHORT.describe(SHORT.evaluate("Kh Qh Jh Th 9h Ah")) == "royal flush"


def test_short_deck_of_32_cards_plays_the_ace_low_next_to_seven():
    assert PIQUET.describe(PIQUET.evaluate("Ac 7d 8h 9s Tc")) == "straight, ten high"
    assert PIQUET.evaluate("Ac 7d 8h 9s Tc") < PIQUET.evaluate("7c 8d 9h Ts Jc")
    assert PIQUET is ranking_for(SimpleNamespace(ranks="789TJQKA", ace_low_straight=True), "short_deck_high")
    assert ranking_for(SimpleNamespace(ranks="6789TJQKA", ace_low_straight=True), "short_deck_high") is SHORT
    with pytest.raises(CardError, match="6d is not in a deck of seven to ace"):
        PIQUET.evaluate("Ac 6d 8h 9s Tc")


# Category counts of five cards from a deck of r ranks (four suits each) with s
# straights (s = r - 3: A-low-...-low+3 and every run up to 10-A), by hand:
#   straight flush 4s; four of a kind r(4(r-1)); full house r*4*(r-1)*6;
#   flush 4*C(r,5) - 4s; straight s(4^5 - 4); three of a kind r*4*C(r-1,2)*16;
#   two pair C(r,2)*36*(r-2)*4; one pair r*6*C(r-1,3)*64; no pair (C(r,5) - s)(4^5 - 4).
SHORT_COUNTS = {
    36: {
        Category.STRAIGHT_FLUSH: 24,
        Category.FOUR_OF_A_KIND: 288,
        Category.FULL_HOUSE: 1728,
        Category.FLUSH: 480,
        Category.STRAIGHT: 6120,
        Category.THREE_OF_A_KIND: 16128,
        Category.TWO_PAIR: 36288,
        Category.PAIR: 193536,
        Category.HIGH_CARD: 122400,
    },
    32: {
        Category.STRAIGHT_FLUSH: 20,
        Category.FOUR_OF_A_KIND: 224,
        Category.FULL_HOUSE: 1344,
        Category.FLUSH: 204,
        Category.STRAIGHT: 5100,
        Category.THREE_OF_A_KIND: 10752,
        Category.TWO_PAIR: 24192,
        Category.PAIR: 107520,
        Category.HIGH_CARD: 52020,
    },
}
# the order of this ranking, weakest first: the flush above the full house
SHORT_ORDER = [
    Category.HIGH_CARD,
    Category.PAIR,
    Category.TWO_PAIR,
    Category.THREE_OF_A_KIND,
    Category.STRAIGHT,
    Category.FULL_HOUSE,
    Category.FLUSH,
    Category.FOUR_OF_A_KIND,
    Category.STRAIGHT_FLUSH,
]


@pytest.mark.parametrize("size", [36, 32])
def test_short_deck_category_counts_over_every_five_cards(size):
    ranking, deck = (SHORT, DECK36) if size == 36 else (PIQUET, DECK32)
    assert sum(SHORT_COUNTS[size].values()) == math.comb(size, 5)
    dealt = Counter(ranking.evaluate(five) for five in itertools.combinations(deck, 5))
    counts: Counter[Category] = Counter()
    for value, n in dealt.items():
        counts[ranking.signature(value)[0]] += n
    assert counts == SHORT_COUNTS[size]
    # every value of a stronger category is above every value of a weaker one
    places = [SHORT_ORDER.index(ranking.signature(v)[0]) for v in sorted(dealt)]
    assert places == sorted(places)


def test_short_deck_agrees_with_pokerkit():
    ShortDeckHoldemHand = pytest.importorskip("pokerkit").ShortDeckHoldemHand  # as above
    rng = random.Random(7)
    for _ in range(300):
        a, b = rng.sample(DECK36, 7), rng.sample(DECK36, 7)
        va, vb = SHORT.evaluate(a), SHORT.evaluate(b)
        ka = ShortDeckHoldemHand.from_game("".join(map(str, a)))
        kb = ShortDeckHoldemHand.from_game("".join(map(str, b)))
        assert (va > vb, va == vb) == (ka > kb, ka == kb), (a, b)


def test_short_deck_showing_ranks_the_flush_above_the_full_house():
    assert SHORT.visible("Ah Kh 9h 7h 6h") > SHORT.visible("Ac Ad As Kc Kd")
    assert SHORT.visible("Kc Kd") > SHORT.visible("Ac Qd")
    assert SHORT.describe_visible("Ac 6d 7h 8s 9c") == "straight, nine high"


# --- ace-to-five high -----------------------------------------------------------------

A5_HIGH = get_ranking("ace_to_five_high")


@pytest.mark.parametrize(
    "better, worse",
    [
        ("Kc Qd Jh Ts 9c", "Kc Qd Jh Ts 8c"),  # the best hand, K-Q-J-10-9
        ("Kc Qd Jh Ts 8c", "Kc Kd Qh Js Tc"),  # any unpaired hand beats any pair
        ("6c 4d 3h 2s Ac", "Kc Kd Qh Js Tc"),  # even the weakest unpaired hands
        ("6c 4d 3h 2s Ac", "5c 4d 3h 2s Ac"),  # the ace is low: 5-4-3-2-A the weakest unpaired
        ("Kc Kd 2h 3s 4c", "Qc Qd Kh Js Tc"),  # kings are the best pair
        ("2c 2d 3h 4s 5c", "Ac Ad Kh Qs Jc"),  # aces the weakest
        ("Ac Ad Kh Qs Jc", "Kc Kd Qh Qs Jc"),  # a pair beats two pair
        ("9h 8h 7h 6h 5h", "9c 8d 7h 6s 4c"),  # straights and flushes do not count: nine high
    ],
)
def test_ace_to_five_high_order(better, worse):
    assert A5_HIGH.evaluate(better) > A5_HIGH.evaluate(worse)


def test_ace_to_five_high_matches_the_catalogues_two_card_table():
    # two_card_a5_low_high: unpaired K-Q, K-J, ... K-A, Q-J ... down to 2-A, then pairs K-K ... A-A.
    # The same order on two cards: unpaired by the higher then the lower card, then the pairs.
    order = [(13, 12), (13, 11), (13, 1), (12, 11), (2, 1), (13, 13), (12, 12), (2, 2), (1, 1)]
    shown = [A5_HIGH.visible(offsuit([14 if r == 1 else r for r in pair])) for pair in order]
    assert shown == sorted(shown, reverse=True) and len(set(shown)) == len(shown)


def test_ace_to_five_high_words_and_best_five_of_seven():
    assert A5_HIGH.describe(A5_HIGH.evaluate("Kc Qd Jh Ts 9c")) == "king-queen-jack-ten-nine high"
    assert A5_HIGH.describe(A5_HIGH.evaluate("Ac Ad Kh Ks 2c 3d 4h")) == "king-four-three-two-ace high"
    assert A5_HIGH.describe(A5_HIGH.evaluate("Ac Ad Ah As Kc Kd Kh")) == "full house, kings over aces"
    assert A5_HIGH.describe_visible("Ac Ad 7h") == "pair of aces, seven kicker"
    rng = random.Random(8)
    for _ in range(200):
        hand = rng.sample(DECK, 7)
        assert A5_HIGH.evaluate(hand) == max(A5_HIGH.evaluate(five) for five in itertools.combinations(hand, 5))


def _a5_high_key(ranks):
    """Brute force: fewer repeats first (no pair, pair, two pair, trips, full
    house, quads), then the groups' ranks from the biggest group, ace = 1."""
    counts = Counter(1 if r == 14 else r for r in ranks)
    shape = tuple(sorted(counts.values(), reverse=True))
    place = [(4, 1), (3, 2), (3, 1, 1), (2, 2, 1), (2, 1, 1, 1), (1, 1, 1, 1, 1)].index(shape)
    return (place, sorted(counts, key=lambda r: (counts[r], r), reverse=True))


def test_ace_to_five_high_has_a_value_for_each_rank_multiset_in_the_brute_force_order():
    # suits never count: one value per multiset of five ranks, C(17,5) - 13 = 6,175
    multisets = list(rank_multisets())
    values = [A5_HIGH.evaluate(offsuit(r)) for r in multisets]
    assert len(set(values)) == 6175
    same_order(values, [_a5_high_key(r) for r in multisets])


# --- ace-to-six low -------------------------------------------------------------------------

A6 = get_ranking("ace_to_six_low")


@pytest.mark.parametrize(
    "better, worse",
    [
        ("6c 4d 3h 2s Ac", "6c 5d 3h 2s Ac"),  # 6-4-3-2-A is the best hand
        ("7c 4d 3h 2s Ac", "Ac Ad 2h 3s 4c"),  # any unpaired hand beats a pair
        ("Kc Qd Jh Ts Ac", "5c 4d 3h 2s Ac"),  # A-K-Q-J-10 is king high; 5-4-3-2-A a straight
        ("Kc Qd Jh Ts Ac", "9c Td Jh Qs Kc"),  # and K-Q-J-10-9 a straight
        ("7c 5d 4h 3s 2c", "7h 5h 4h 3h 2h"),  # a flush counts against the hand
        ("Kc Kd Kh 2s 3c", "6c 5d 4h 3s 2c"),  # trips beat a straight
    ],
)
def test_ace_to_six_order(better, worse):
    assert A6.evaluate(better) > A6.evaluate(worse)


def test_ace_to_six_best_hand_words_and_showings():
    best = A6.evaluate("6c 4d 3h 2s Ac")
    rng = random.Random(9)
    for _ in range(300):
        assert A6.evaluate(rng.sample(DECK, 7)) <= best
    assert A6.describe(best) == "six-four-three-two-ace low"
    assert A6.describe(A6.evaluate("5c 4d 3h 2s Ac")) == "straight, five high"
    assert A6.describe(A6.evaluate("Kh Qh Jh Th 9h")) == "straight flush, king high"
    assert A6.visible("Ac 2d") > A6.visible("2c 3d") > A6.visible("Kc Kd")
    assert A6.visible("5c 4d 3h 2s") > A6.visible("6c 5d 3h 2s")  # no straights in four cards


def _a6_key(five):
    """Brute force, low is good: straights and flushes count, the ace is one
    and never high; categories as in high poker."""
    ranks = sorted((1 if c.rank == 14 else c.rank for c in five), reverse=True)
    counts = Counter(ranks)
    flush = len({c.suit for c in five}) == 1
    straight = len(counts) == 5 and ranks[0] - ranks[4] == 4
    shape = tuple(sorted(counts.values(), reverse=True))
    if straight:
        category = 8 if flush else 4
    elif flush:
        category = 5
    else:
        category = {(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3, (3, 2): 6, (4, 1): 7}[shape]
    return (category, sorted(counts, key=lambda r: (counts[r], r), reverse=True))


def test_ace_to_six_has_7462_values_in_the_brute_force_order():
    # no pair: C(13,5) less the 9 straights 5-high to king-high = 1,278, and as many
    # flushes; 9 straights and 9 straight flushes; the paired hands as in high poker
    # (2,860 + 858 + 858 + 156 + 156): 7,462 in all.
    hands = [offsuit(r) for r in rank_multisets()] + [suited(r) for r in itertools.combinations(range(2, 15), 5)]
    values = [A6.evaluate(h) for h in hands]
    assert len(set(values)) == 7462
    same_order([-v for v in values], [_a6_key(h) for h in hands])


# --- two-card hands -----------------------------------------------------------------------

TWO = get_ranking("two_card_high")


def test_two_card_high_pairs_above_unpaired_as_the_catalogue_table():
    # two_card_high (the catalogue's cowpie.json scores a two-card hand with it):
    # A-A, K-K, ... 2-2, then A-K, A-Q, ... 3-2; suits do not count.
    values = {TWO.evaluate(h) for h in itertools.combinations(DECK, 2)}
    assert len(values) == 13 + 78
    order = ["Ac Ad", "Kc Kd", "2c 2d", "Ac Kd", "Ac Qd", "Ac 2d", "Kc Qd", "3c 2d"]
    assert [TWO.evaluate(h) for h in order] == sorted((TWO.evaluate(h) for h in order), reverse=True)
    assert TWO.evaluate("Ac Kc") == TWO.evaluate("Ad Ks")
    assert [TWO.describe(TWO.evaluate(h)) for h in ("Ac Ad", "Ac Kd")] == ["pair of aces", "ace-king high"]


def test_two_card_high_best_two_of_more_cards():
    rng = random.Random(10)
    for _ in range(300):
        hand = rng.sample(DECK, rng.choice((3, 5, 7)))
        assert TWO.evaluate(hand) == max(TWO.evaluate(two) for two in itertools.combinations(hand, 2))
    assert TWO.describe_visible("Kc") == "king high"


# --- qualifiers as data ------------------------------------------------------------------------

A5 = get_ranking("ace_to_five_low")
E8 = get_ranking("eight_or_better_low")
D7 = get_ranking("deuce_to_seven_low")


def test_eight_or_better_as_a_parameter_is_the_eight_or_better_ranking():
    eight = ranking_for(FULL, "ace_to_five_low", or_better=8)
    assert isinstance(eight, Qualified) and eight.words == "eight or better"
    for ranks in rank_multisets():
        assert eight.evaluate(offsuit(ranks)) == E8.evaluate(offsuit(ranks))
    rng = random.Random(11)
    for _ in range(500):
        hand = rng.sample(DECK, rng.choice((5, 6, 7, 8, 9)))
        assert eight.evaluate(hand) == E8.evaluate(hand)


@pytest.mark.parametrize(
    "name, hand, qualifies",
    [
        ("ace_to_five_low", "9c 8d 7h 6s 5c", True),  # nine or better: the weakest nine
        ("ace_to_five_low", "Tc 4d 3h 2s Ac", False),
        ("ace_to_five_low", "9c 9d 3h 2s Ac", False),  # a pair of nines with four low ranks
        ("ace_to_five_low", "Kc 9d 7h 5s 3c 2d Ah", True),  # seven cards: 7-5-3-2-A
        ("deuce_to_seven_low", "9c 8d 7h 6s 4c", True),  # 9-8-7-6-5 would be a straight
        ("deuce_to_seven_low", "9c 8d 7h 6s 5c", False),
        ("deuce_to_seven_low", "9h 7h 5h 3h 2h", False),  # a flush
        ("deuce_to_seven_low", "Ac 5d 4h 3s 2c", False),  # ace high in deuce-to-seven
        ("ace_to_six_low", "5c 4d 3h 2s Ac", False),  # a straight
        ("ace_to_six_low", "6c 4d 3h 2s Ac", True),
    ],
)
def test_nine_or_better(name, hand, qualifies):
    nine = ranking_for(FULL, name, or_better=9)
    assert (nine.evaluate(hand) is not None) == qualifies
    if qualifies:
        assert nine.evaluate(hand) == get_ranking(name).evaluate(hand)


def test_or_better_is_the_same_object_for_the_same_arguments_and_says_bad_ones():
    assert ranking_for(FULL, "deuce_to_seven_low", or_better=9) is ranking_for(FULL, "deuce_to_seven_low", or_better=9)
    with pytest.raises(ValueError, match="qualifies a low ranking; high is not one"):
        or_better(get_ranking("high"), 8)
    with pytest.raises(ValueError, match="not a rank"):
        or_better(A5, 14)
    with pytest.raises(ValueError, match="no hand is a six or better under deuce_to_seven_low"):
        or_better(D7, 6)


@pytest.mark.parametrize(
    "name, weakest, hand, qualifies",
    [
        ("high", "4c 4d 5h 3s 2c", "4h 4s 5d 3c 2d", True),  # a pair of fours or better
        ("high", "4c 4d 5h 3s 2c", "3c 3d Ah Ks Qc", False),
        ("high", "4c 4d 5h 3s 2c", "Ac Kd Qh Js 9c", False),
        ("high", "4c 4d 5h 3s 2c", "2c 2d 3h 3s 4c", True),  # two pair
        ("two_card_high", "4c 4d", "4h 4s", True),
        ("two_card_high", "4c 4d", "Ac Kd", False),
        ("badugi", "Kc Qd Jh Ts", "Kc Qd Jh Ts", True),  # only a four-card badugi qualifies
        ("badugi", "Kc Qd Jh Ts", "Ac 2d 3h 3s", False),
    ],
)
def test_a_qualifier_any_ranking_can_take(name, weakest, hand, qualifies):
    qualified = ranking_for(FULL, name, at_least=weakest)
    assert (qualified.evaluate(hand) is not None) == qualifies
    assert qualified.visible("Kc Qd") == get_ranking(name).visible("Kc Qd")
    assert qualified.ace_high == get_ranking(name).ace_high


def test_a_qualifier_keeps_the_ranking_words():
    fours = at_least(get_ranking("high"), "4c 4d 5h 3s 2c")
    assert fours.words == "pair of fours, five-three-two kickers or better"
    assert fours.describe(fours.evaluate("Ac Ad Kh Qs Jc")) == "pair of aces, king-queen-jack kickers"
    with pytest.raises(ValueError, match="does not qualify itself"):
        at_least(E8, "9c 8d 7h 6s 5c")


# --- the best card of a suit -----------------------------------------------------------------


def test_the_highest_spade_in_the_hole():
    # one_card_high_spade: As, Ks, ... 2s, and no other card qualifies
    assert best_of_suit("Ks 9d 2s Ah") == Card("Ks")
    assert best_of_suit("As Ks") == Card("As")
    assert best_of_suit("Ah Kd Qc") is None
    # between players: the best of their best spades
    picks = [best_of_suit(h) for h in ("9s 2c 3d", "Qs 4s 5h", "Ac Kd 7h")]
    assert best_of_suit([p for p in picks if p is not None]) == Card("Qs")


def test_the_lowest_spade_and_other_suits():
    # one_card_low_spade: 2s, 3s, ... As (the ace high); with the ace low it is the lowest
    assert best_of_suit("As 2s 7s", lowest=True) == Card("2s")
    assert best_of_suit("As 2s 7s", lowest=True, ace_high=False) == Card("As")
    assert best_of_suit("As 2s 7s", ace_high=False) == Card("7s")
    assert best_of_suit("Kh 3h 9c", "h", lowest=True) == Card("3h")
    with pytest.raises(CardError):
        best_of_suit("Kh Kh")
