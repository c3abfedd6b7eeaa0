"""The hand evaluator: exact values, best five of n, words, partial showings."""

import collections
import itertools
import random

import numpy as np
import pytest

from studrules.cards.batch import evaluate_batch
from studrules.cards.card import Card, full_deck, parse_cards
from studrules.cards.evaluator import (
    ACE_KING,
    Category,
    HandValue,
    best_five,
    category_floor,
    describe_visible,
    evaluate,
    visible_value,
)
from studrules.cards.tablegen import TABLE_PATH, build_tables, encode_tables
from studrules.errors import CardError

DECK = full_deck()


def all_five_card_hands() -> np.ndarray:
    flat = np.fromiter(itertools.chain.from_iterable(itertools.combinations(range(52), 5)), dtype=np.int8)
    return flat.reshape(-1, 5)


def categories(values: np.ndarray) -> np.ndarray:
    floors = np.array([category_floor(c) for c in Category])
    return np.searchsorted(floors, values, side="right") - 1


def test_all_2598960_five_card_hands_have_the_textbook_counts():
    values = evaluate_batch(all_five_card_hands())
    assert len(values) == 2_598_960
    counts = collections.Counter(categories(values).tolist())
    assert {Category(c).label: n for c, n in counts.items()} == {
        "straight flush": 40,
        "four of a kind": 624,
        "full house": 3744,
        "flush": 5108,
        "straight": 10200,
        "three of a kind": 54912,
        "two pair": 123552,
        "pair": 1098240,
        "high card": 1302540,
    }
    distinct = np.unique(values)
    assert len(distinct) == 7462
    assert distinct[0] == 1 and distinct[-1] == 7462


def naive_key(cards):
    """Independent reference: (category, ranks that decide) of exactly five cards."""
    ranks = sorted((c.rank for c in cards), reverse=True)
    counts = collections.Counter(ranks)
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = [n for _, n in groups]
    order = [r for r, _ in groups]
    flush = len({c.suit for c in cards}) == 1
    straight_high = None
    if len(counts) == 5:
        if ranks[0] - ranks[4] == 4:
            straight_high = ranks[0]
        elif ranks == [14, 5, 4, 3, 2]:
            straight_high = 5
    if straight_high and flush:
        return (8, [straight_high])
    if shape == [4, 1]:
        return (7, order)
    if shape == [3, 2]:
        return (6, order)
    if flush:
        return (5, ranks)
    if straight_high:
        return (4, [straight_high])
    if shape == [3, 1, 1]:
        return (3, order)
    if shape == [2, 2, 1]:
        return (2, order)
    if shape == [2, 1, 1, 1]:
        return (1, order)
    return (0, ranks)


def test_values_order_hands_like_an_independent_reference():
    rng = random.Random(11)
    hands = [tuple(rng.sample(DECK, 5)) for _ in range(20000)]
    hands += [parse_cards(h) for h in ("As Ks Qs Js Ts", "5d 4d 3d 2d Ad", "Ac 2d 3h 4s 5c", "7c 5d 4h 3s 2c")]
    pairs = sorted((naive_key(h), evaluate(h)) for h in hands)
    for (k1, v1), (k2, v2) in zip(pairs, pairs[1:]):
        assert (k1 < k2) == (v1 < v2) and (k1 == k2) == (v1 == v2), (k1, v1, k2, v2)
        assert v1.category == k1[0]


def test_best_of_seven_is_the_best_of_its_21_fives_on_100000_hands():
    rng = np.random.default_rng(2024)
    codes = np.argsort(rng.random((100_000, 52)), axis=1)[:, :7]
    best = evaluate_batch(codes)
    brute = np.max([evaluate_batch(codes[:, list(five)]) for five in itertools.combinations(range(7), 5)], axis=0)
    assert np.array_equal(best, brute)
    # and the single-hand path agrees with the batch path
    for row, value in zip(codes[:20000], best[:20000]):
        assert evaluate([DECK[i] for i in row]) == value


@pytest.mark.parametrize("size", [6, 8, 9])
def test_best_of_n_is_the_best_of_all_fives(size):
    rng = random.Random(size)
    for _ in range(1500 if size < 9 else 400):
        hand = tuple(rng.sample(DECK, size))
        assert evaluate(hand) == max(evaluate(five) for five in itertools.combinations(hand, 5))


def test_eight_cards_can_hold_both_a_flush_and_quads():
    hand = parse_cards("Ah Kh Qh 9h 2h As Ad Ac")
    assert evaluate(hand).describe() == "four aces, king kicker"
    assert evaluate("Ah Kh Qh Jh Th As Ad Ac").describe() == "royal flush"


def test_the_wheel_is_the_lowest_straight_and_the_ace_is_low_only_there():
    wheel = evaluate("Ad 2c 3h 4s 5d")
    assert wheel == category_floor(Category.STRAIGHT)
    assert wheel < evaluate("2d 3c 4h 5s 6d")
    assert wheel.describe() == "straight, five high"
    assert evaluate("Qd Kc Ah 2s 3d").category == Category.HIGH_CARD
    assert evaluate("Jd Qc Kh As 2d").category == Category.HIGH_CARD
    assert evaluate("Td Jc Qh Ks Ad").describe() == "straight, ace high"
    steel = evaluate("Ah 2h 3h 4h 5h")
    assert steel == category_floor(Category.STRAIGHT_FLUSH) and steel.describe() == "straight flush, five high"
    assert evaluate("Ac 5d 4h 3s 2c 6c").describe() == "straight, six high"


@pytest.mark.parametrize(
    "hand, words",
    [
        ("Qh Qd Ah Kc 7s", "pair of queens, ace-king-seven kickers"),
        ("As Ks Qs Js Ts", "royal flush"),
        ("9s Ks Qs Js Ts", "straight flush, king high"),
        ("Qh Qd Qs Qc 7s", "four queens, seven kicker"),
        ("Qh Qd Qs 7c 7s", "full house, queens over sevens"),
        ("Ah 9h 7h 4h 2h", "flush, ace-nine-seven-four-two"),
        ("8h 9d Tc Js Qh", "straight, queen high"),
        ("5h 5d 5s Ac 2s", "three fives, ace-two kickers"),
        ("Qh Qd 7s 7c As", "two pair, queens and sevens, ace kicker"),
        ("Ah Jd 9s 6c 2s", "ace-jack-nine-six-two high"),
        ("7h 5d 4s 3c 2s", "seven-five-four-three-two high"),
    ],
)
def test_values_describe_themselves(hand, words):
    assert evaluate(hand).describe() == words


def test_value_is_an_int_with_a_category():
    value = evaluate("Qh Qd Ah Kc 7s")
    assert isinstance(value, int) and isinstance(value, HandValue)
    assert value.category is Category.PAIR and value.category.label == "pair"
    assert HandValue(int(value)) is value
    assert evaluate("7h 5d 4s 3c 2s") == 1 and evaluate("As Ks Qs Js Ts") == 7462
    with pytest.raises(ValueError):
        HandValue(0)
    with pytest.raises(ValueError):
        HandValue(7463)
    assert [c.label for c in Category][-1] == "straight flush"


def test_floors_for_conditions_like_pair_or_ace_king():
    assert evaluate("Ac Kd 4h 3s 2c") == ACE_KING
    assert evaluate("Ac Kd 5h 3s 2c") > ACE_KING > evaluate("Ac Qd Jh 9s 8c")
    assert evaluate("2c 2d 3h 4s 5c") >= category_floor("pair") > evaluate("Ac Kd Qh Js 9c")
    assert category_floor(Category.PAIR) == evaluate("2c 2d 5h 4s 3c")
    assert category_floor("two pair") == category_floor(Category.TWO_PAIR)
    for low, high in zip(Category, list(Category)[1:]):
        assert category_floor(low) < category_floor(high)
    with pytest.raises(ValueError, match="not a hand category"):
        category_floor("quads")


def test_text_and_card_objects_give_the_same_value():
    text = "Ah Kh Qh Jh 9c 2d 3s"
    assert evaluate(text) is evaluate(parse_cards(text)) is evaluate(list(parse_cards(text)))
    assert evaluate(text.split()) is evaluate(parse_cards(text))
    assert evaluate(iter(parse_cards(text))) is evaluate(text)


@pytest.mark.parametrize("hand", ["Ah Kd", "Ah Kd Qc Js", "2c 3c 4c 5c 6c 7c 8c 9c Tc Jc"])
def test_wrong_card_count_is_an_error(hand):
    with pytest.raises(CardError, match="5 to 9 cards"):
        evaluate(hand)


@pytest.mark.parametrize("size", [5, 6, 7, 8, 9])
def test_a_repeated_card_is_an_error(size):
    hand = list(DECK[: size - 1]) + [DECK[0]]
    with pytest.raises(CardError, match="given twice"):
        evaluate(hand)
    with pytest.raises(CardError, match="given twice"):
        evaluate(tuple(hand))
    suited = [Card(c) for c in ("Ah", "Kh", "Qh", "Jh", "9h", "2c", "3d", "4s")[: size - 1]] + [Card("Ah")]
    with pytest.raises(CardError, match="given twice"):
        evaluate(suited)


def test_best_five_returns_the_cards_that_make_the_value():
    value, five = best_five("Kh Kd 7s 7c 7h 2c Ad")
    assert value.describe() == "full house, sevens over kings"
    assert {str(c) for c in five} == {"7s", "7c", "7h", "Kh", "Kd"}
    assert evaluate(five) == value
    value, five = best_five("Ac 2d 3h 4s 5c 9d")
    assert value.describe() == "straight, five high"
    assert [c.rank for c in five] == [5, 4, 3, 2, 14]  # the wheel's ace shown last
    value, five = best_five("Qh Qd Ah Kc 7s 2d 3c")
    assert " ".join(map(str, five)) == "Qh Qd Ah Kc 7s"


def test_shipped_tables_match_the_generator():
    assert TABLE_PATH.read_bytes() == encode_tables(build_tables())


# --- partial visible hands (acting order) --------------------------------


@pytest.mark.parametrize(
    "stronger, weaker",
    [
        ("2c 2d", "Ah Kd"),  # pair beats ace-king
        ("3c 3d 2h 2s", "Ac Ad Kh Qs"),  # two pair beats a pair of aces
        ("Ac Ad", "Kc Kd"),
        ("Ac Ad 9h", "Ac Ad 8h"),  # kickers compared card by card
        ("4c 4d 4h", "Ac Ad Kh Ks"),  # trips beat two pair
        ("2c 2d 2h 2s", "Ac Ad Ah Kc"),  # quads beat trips
        ("2c 2d 2h 3s", "Ac Ad Kh Qs"),
        ("Ah", "Kh"),
        ("Ah 7c", "Ah 6c"),
        ("Ah Kd 3c", "Ah Qd Jc"),
        ("9c 9d", "Ah Kh Qh Jh"),  # four suited cards count as nothing
        ("2c 2d", "5h 6d 7c 8s"),  # a four-card straight counts as nothing
        ("Ah 2c 3d 4s", "Kh Qc Jd Ts"),
    ],
)
def test_partial_showings_rank_by_groups_then_card_by_card(stronger, weaker):
    assert visible_value(stronger) > visible_value(weaker)


@pytest.mark.parametrize(
    "a, b",
    [
        ("Ah Kd", "As Kc"),
        ("7c 7d 2h", "7h 7s 2c"),
        ("Ah Kh Qh Jh", "As Kd Qc Jh"),
        ("9c", "9s"),
    ],
)
def test_equal_showings_tie(a, b):
    assert visible_value(a) == visible_value(b)


def test_visible_words():
    assert describe_visible("Kd Ks 9h") == "pair of kings, nine kicker"
    assert describe_visible("Ah Kh Qh Jh") == "ace-king-queen-jack high"
    assert describe_visible("7c 7d 7h") == "three sevens"
    assert describe_visible("7c 7d 7h 7s") == "four sevens"


def test_five_or_more_up_cards_count_as_a_poker_hand():
    assert visible_value("5h 6h 7h 8h 9h") > visible_value("Ac Ad Ah As Kc")
    assert visible_value("Ac Ad 7h 2s 3c") > visible_value("Kc Kd Ah Qs Jc")
    assert visible_value("Ac Ad 7h 2s 3c") > visible_value("Ac Kd Qh Js")


def test_visible_errors():
    with pytest.raises(CardError):
        visible_value("")
    with pytest.raises(CardError, match="given twice"):
        visible_value([Card("Ah"), Card("Ah")])


@pytest.mark.parametrize("text", ["Ah Ah Kd Qc Js", "Kd Qc Ah Js Ah", "7c 7d 7c 2s 2h", "9s 9s 9s 9s 9s"])
def test_a_card_given_twice_is_caught_on_the_five_card_fast_path(text):
    """Card objects in a tuple take the fast path; a repeated card must still be refused."""
    cards = tuple(Card(t) for t in text.split())
    with pytest.raises(CardError, match="given twice"):
        evaluate(cards)


def test_the_five_card_fast_path_agrees_with_the_checked_path_on_every_hand_kind():
    rng = random.Random(5)
    deck = list(full_deck())
    for _ in range(20_000):
        hand = tuple(rng.sample(deck, 5))
        assert evaluate(hand) == evaluate(" ".join(map(str, hand)))


def test_each_rank_floor_is_the_weakest_hand_of_its_pair_or_four():
    # the weakest hand of each pair and four of a kind, built from cards and evaluated: the pair
    # with the three lowest other ranks, the four with the lowest other card
    from studrules.cards.evaluator import Category, rank_floor

    ranks = "23456789TJQKA"
    for rank, char in enumerate(ranks, start=2):
        others = [r for r in ranks if r != char]
        pair = f"{char}s {char}h " + " ".join(f"{r}c" for r in others[:3])
        four = f"{char}s {char}h {char}d {char}c {others[0]}c"
        assert rank_floor(Category.PAIR, rank) == evaluate(pair)
        assert rank_floor(Category.FOUR_OF_A_KIND, rank) == evaluate(four)
    # and nothing of the category below it: one less is the strongest hand of the rank below
    assert rank_floor(Category.PAIR, 14) - 1 == evaluate("Ks Kh Ac Qc Jc")
    assert rank_floor(Category.FOUR_OF_A_KIND, 14) - 1 == evaluate("Ks Kh Kd Kc Ac")
