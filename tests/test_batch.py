"""The numpy batch path gives exactly what the single-hand path gives."""

import itertools
import random

import numpy as np
import pytest

from studrules.cards.batch import codes_of, evaluate_batch, evaluate_columns
from studrules.cards.card import full_deck
from studrules.cards.evaluator import evaluate
from studrules.errors import CardError

DECK = full_deck()


@pytest.mark.parametrize("size, count", [(5, 30000), (6, 10000), (7, 30000), (8, 1500), (9, 300)])
def test_batch_agrees_with_the_single_hand_path(size, count):
    rng = np.random.default_rng(size)
    codes = np.argsort(rng.random((count, 52)), axis=1)[:, :size]
    values = evaluate_batch(codes)
    assert values.dtype == np.int64 and values.shape == (count,)
    assert values.tolist() == [evaluate([DECK[i] for i in row]) for row in codes]


@pytest.mark.parametrize("size", [6, 7])
def test_every_rank_multiset_of_six_or_seven_cards_has_its_own_slot_in_the_direct_table(size):
    # One hand per multiset of ranks (each rank at most four times). Card i
    # gets suit i % 4: copies of a rank sit next to each other, so they get
    # different suits, and no suit holds five cards, so every value comes
    # from the rank-weight table; the single-hand path is the reference.
    hands = []
    for ranks in itertools.combinations_with_replacement(range(13), size):
        if max(ranks.count(r) for r in set(ranks)) <= 4:
            hands.append([4 * r + i % 4 for i, r in enumerate(ranks)])
    assert len(hands) == {6: 18395, 7: 49205}[size]  # the counts the tables hold
    codes = np.array(hands)
    assert evaluate_batch(codes).tolist() == [evaluate([DECK[i] for i in row]) for row in hands]


def test_batch_covers_every_flush_and_straight_flush_shape():
    hands = [
        "As Ks Qs Js Ts",
        "5d 4d 3d 2d Ad",
        "Ah 9h 7h 4h 2h",
        "Ac 2d 3h 4s 5c",
        "Ah Kh Qh Jh Th 9h 8h",
        "2c 3c 4c 5c 7c 9d 9h",
        "Ah Kh Qh 9h 2h As Ad Ac",
    ]
    for hand in hands:
        assert evaluate_batch(codes_of([hand]))[0] == evaluate(hand)


def test_columns_of_uint8_codes_agree_with_the_single_hand_path():
    # simulate's layout: a row per card position, one byte a code
    rng = np.random.default_rng(9)
    codes = np.argsort(rng.random((20000, 52)), axis=1)[:, :5]
    flushes = codes_of(["As Ks Qs Js Ts", "5d 4d 3d 2d Ad", "Ah 9h 7h 4h 2h", "7c 5c 4c 3c 2c", "Ac 2d 3h 4s 5c"])
    codes = np.concatenate([codes, flushes])
    values = evaluate_columns(np.ascontiguousarray(codes.T, dtype=np.uint8))
    assert values.tolist() == [evaluate([DECK[i] for i in row]) for row in codes]
    # another number of cards, another ranking: the rows' own path
    seven = codes_of(["Ah Kh Qh Jh Th 9h 8h", "2c 3c 4c 5c 7c 9d 9h"])
    assert evaluate_columns(seven.T).tolist() == [evaluate(h) for h in ("Ah Kh Qh Jh Th 9h 8h", "2c 3c 4c 5c 7c 9d 9h")]


def test_small_integer_dtypes_and_unchecked_mode():
    rng = random.Random(5)
    rows = [rng.sample(range(52), 7) for _ in range(2000)]
    expected = evaluate_batch(np.array(rows))
    assert np.array_equal(evaluate_batch(np.array(rows, dtype=np.uint8)), expected)
    assert np.array_equal(evaluate_batch(np.array(rows, dtype=np.int8), check=False), expected)
    five = np.array([r[:5] for r in rows], dtype=np.int16)
    assert np.array_equal(evaluate_batch(five, check=False), evaluate_batch(five))


def test_empty_batch():
    assert evaluate_batch(np.empty((0, 5), dtype=np.int64)).shape == (0,)


@pytest.mark.parametrize(
    "codes, message",
    [
        (np.zeros((3, 4), dtype=int), "shaped"),
        (np.zeros(5, dtype=int), "shaped"),
        (np.array([[0, 1, 2, 3, 52]]), "0-51"),
        (np.array([[0, 1, 2, 3, -1]]), "0-51"),
        (np.array([[0.0, 1, 2, 3, 4]]), "integers"),
        (np.array([[0, 1, 2, 3, 4], [0, 1, 2, 3, 3]]), "hand 1 holds the same card twice"),
        (np.array([[0, 1, 2, 3, 4, 5, 0]]), "hand 0 holds the same card twice"),
    ],
)
def test_bad_codes_are_rejected(codes, message):
    with pytest.raises(CardError, match=message):
        evaluate_batch(codes)
