"""The per-hand fast paths (five and seven card objects) against the checked path.

The checked path (cards given as text) sums the general keys card by card and
never reads ``quick5``/``quick7``, so it is an independent reference for the
fast paths; the best of seven is also checked against the best of its 21 fives.
"""

import collections
import itertools
import os
import random

import pytest

from studrules.cards.card import Card, full_deck, joker
from studrules.cards.evaluator import evaluate
from studrules.cards.keys import QUICK7_CHECK, QUICK7_RANKS, RANK_WEIGHTS_7, card_keys, quick7_flush_suit
from studrules.errors import CardError

DECK = full_deck()


def checked(hand: tuple[Card, ...]):
    return evaluate(" ".join(map(str, hand)))


def test_seven_card_objects_agree_with_the_checked_path_on_random_hands():
    rng = random.Random(77)
    for _ in range(30_000):
        hand = tuple(rng.sample(DECK, 7))
        assert evaluate(hand) is checked(hand), hand
        assert evaluate(list(hand)) is checked(hand)


def test_seven_card_flushes_are_the_best_of_their_fives():
    """Hands with five to seven cards of one suit (flushes, straight flushes,
    and pairs or trips beside them), drawn on purpose: few random hands hold them."""
    rng = random.Random(7)
    for _ in range(3_000):
        suit = rng.randrange(4)
        suited = rng.sample([c for c in DECK if c.suit_index == suit], rng.randint(5, 7))
        rest = rng.sample([c for c in DECK if c.suit_index != suit], 7 - len(suited))
        hand = tuple(rng.sample(suited + rest, 7))
        value = evaluate(hand)
        assert value is checked(hand)
        assert value == max(checked(five) for five in itertools.combinations(hand, 5))
    straight_flush = tuple(Card(t) for t in ["9h", "Th", "Jh", "Qh", "Kh", "9c", "9d"])
    assert evaluate(straight_flush).describe() == "straight flush, king high"


def test_every_five_card_flush_takes_the_fast_path_right():
    for suit in range(4):
        cards = [c for c in DECK if c.suit_index == suit]
        for five in itertools.combinations(cards, 5):
            assert evaluate(five) is checked(five)


@pytest.mark.parametrize("copies", [2, 3, 4, 5, 6, 7])
def test_a_card_given_several_times_is_caught_on_the_seven_card_path(copies):
    # 9h, then cards of other suits that are not the card coded next to it
    others = [Card(t) for t in ["2c", "3d", "5s", "7c", "Jd", "Ks"]][: 7 - copies]
    for hand in ([Card("9h")] * copies + others, others + [Card("9h")] * copies):
        with pytest.raises(CardError, match="given twice"):
            evaluate(tuple(hand))


def test_random_repeated_cards_are_caught_on_the_seven_card_path():
    rng = random.Random(3)
    for _ in range(3_000):
        distinct = rng.sample(DECK, rng.randint(2, 6))
        hand = distinct + [rng.choice(distinct) for _ in range(7 - len(distinct))]
        rng.shuffle(hand)
        with pytest.raises(CardError, match="given twice"):
            evaluate(tuple(hand))


def test_the_quick7_sum_flags_exactly_flushes_and_repeats():
    """The bit layout of keys.py, against counting: any seven codes, repeats allowed."""
    rng = random.Random(52)
    samples = [rng.choices(range(52), k=7) for _ in range(20_000)]
    samples += [rng.sample(range(52), 7) for _ in range(20_000)]
    for codes in samples:
        k = sum(card_keys(code)[3] for code in codes)
        suits = collections.Counter(code % 4 for code in codes)
        repeated = len(set(codes)) < 7
        flush_suit = max(suits, key=suits.__getitem__) if max(suits.values()) >= 5 else None
        assert bool(k & QUICK7_CHECK) == (repeated or flush_suit is not None), codes
        if not repeated:
            assert k & QUICK7_RANKS == sum(RANK_WEIGHTS_7[code // 4] for code in codes)
            if flush_suit is not None:
                assert quick7_flush_suit(k) == flush_suit


def test_the_rank_mask_is_the_constant_evaluate_uses():
    assert QUICK7_RANKS == 0xFFFFFF


def test_text_and_jokers_leave_the_seven_card_path_cleanly():
    text = ["Ah", "Kh", "Qh", "Jh", "9c", "2d", "3s"]
    assert evaluate(tuple(text)) is evaluate(" ".join(text))
    assert evaluate([Card(text[0]), *text[1:]]) is evaluate(" ".join(text))
    with pytest.raises(CardError, match="joker"):
        evaluate((joker(1), *(Card(t) for t in text[1:])))


_TABLE_PAGES = """
import ctypes, mmap
from studrules.cards import evaluator
evaluator.evaluate(evaluator.parse_cards("As Kd Qc Jh 9s 8d 2c"))  # the first seven-card hand builds the table
table = memoryview(evaluator._SEVEN)
start = ctypes.addressof(ctypes.c_char.from_buffer(table))
first, last = start // mmap.PAGESIZE, (start + table.nbytes - 1) // mmap.PAGESIZE
with open("/proc/self/pagemap", "rb") as pagemap:  # eight bytes a page; bit 63: the page is in memory
    pagemap.seek(8 * first)
    entries = pagemap.read(8 * (last - first + 1))
present = [p - first for p in range(first, last + 1) if entries[8 * (p - first) + 7] & 0x80]
print(start % mmap.PAGESIZE, mmap.PAGESIZE, *present)
"""


@pytest.mark.skipif(not os.path.exists("/proc/self/pagemap"), reason="reads Linux's /proc/self/pagemap")
def test_the_seven_card_table_takes_memory_only_where_a_rank_multiset_falls():
    """The seven-card table spans every weight sum up to the largest (7.8 M
    two-byte entries), but only the pages that hold one of the 49,205 rank
    multisets' values are ever written, so only they are in memory. The pages
    are worked out here from the weights alone, over every multiset of seven
    of the thirteen ranks with at most four of each."""
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", _TABLE_PAGES], capture_output=True, text=True, check=True).stdout
    start, page, *present = map(int, out.split())
    sums = {
        sum(RANK_WEIGHTS_7[r] for r in ranks)
        for ranks in itertools.combinations_with_replacement(range(13), 7)
        if max(collections.Counter(ranks).values()) <= 4
    }
    assert len(sums) == 49_205
    assert present == sorted({(start + 2 * s) // page for s in sums})
    assert len(present) < 0.6 * (start + 2 * max(sums)) / page
