"""High rankings besides standard poker: four-flushes and four-straights
between one pair and two pair, short decks where a flush beats a full house,
ace-to-five high, and two-card hands.

Each answers the questions of :class:`~.rankings_base.Ranking`; the registry
in :mod:`.rankings` names them::

    >>> four = FourFlushHigh("four_flush_high", True, "")
    >>> four.describe(four.evaluate("Ah Kh 9h 7h Qc"))
    'four-flush, ace-king-nine-seven, queen kicker'
    >>> short = ShortDeckHigh("short_deck_high", True, "")
    >>> short.evaluate("Ah Kh 9h 7h 6h") > short.evaluate("Kc Kd Ks 7c 7d")
    True
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable
from dataclasses import dataclass
from math import comb
from typing import ClassVar

from ..errors import CardError
from .card import RANK_NAMES, Card
from .evaluator import (
    Category,
    HandValue,
    category_floor,
    describe_signature,
    evaluate as evaluate_high,
    group_signature,
    pack_signature,
    visible_signature,
)
from .rankings_base import Ranking, cards_in, ranks_in, unpack

__all__ = ["FourFlushHigh", "ShortDeckHigh", "AceToFiveHigh", "TwoCardHigh"]


# --- four-flushes and four-straights -----------------------------------------

# The two extra hands sit between the best pair and the weakest two pair of the
# evaluator's scale, as fractions of one step (binary fractions, so exact):
# every other hand keeps the evaluator's value and thresholds such as
# ``hand >= pair`` or ``hand >= two_pair`` read the same. Four-straights take
# the first 143 places (11 tops, 4 to ace, times 13 kickers), four-flushes the
# next 715 * 13 (four suited ranks times the kicker).
_TWO_PAIR = int(category_floor(Category.TWO_PAIR))
_BEST_PAIR = _TWO_PAIR - 1
_STEP = 1 / 16384
_FOUR_STRAIGHTS = 11 * 13
# The four-flush ranking's own categories for acting order (pack_signature):
# the standard ones, with the two new hands slotted in above one pair.
_FOUR_STRAIGHT_KIND = 2
_FOUR_FLUSH_KIND = 3


def _kind(category: Category) -> int:
    return int(category) if category <= Category.PAIR else int(category) + 2


@dataclass(frozen=True)
class FourFlushHigh(Ranking):
    """High poker with two extra hands between one pair and two pair: a
    four-straight (four cards in sequence and any fifth card) and above it a
    four-flush (four cards of one suit and a fifth of another). Among
    four-straights the top card decides (A-K-Q-J best, 4-3-2-A lowest), then
    the fifth card; among four-flushes the four suited cards from the top,
    then the fifth. A hand that is both a pair and a four-flush is a
    four-flush. Cited: "a four-card straight ... ranks above one pair; a
    four-card flush ... ranks above a four-card straight"
    (how-to-play-poker.co.uk, Sökö poker); the kicker order follows the
    generic_poker catalogue's four-flush ranking.

    >>> four = FourFlushHigh("four_flush_high", True, "")
    >>> pair, straight4, flush4, two_pair = (four.evaluate(h) for h in
    ...     ("Ac Ad Kh Qs 9c", "9c 8d 7h 6s 2c", "2h 4h 6h 8h Tc", "3c 3d 2h 2s 4c"))
    >>> pair < straight4 < flush4 < two_pair
    True
    >>> four.describe(straight4), four.describe_visible("Jh 9h 5h 2h")
    ('four-straight, nine high, two kicker', 'four-flush, jack-nine-five-two')
    """

    def evaluate(self, cards: str | Iterable[str | Card]) -> float:
        hand = cards_in(cards, range(5, 10))
        best: float = evaluate_high(hand)
        if best >= _TWO_PAIR:
            return best
        fives = (hand,) if len(hand) == 5 else itertools.combinations(hand, 5)
        for five in fives:
            place = _four_place(five)
            if place is not None:
                best = max(best, _BEST_PAIR + (place + 1) * _STEP)
        return best

    def visible(self, cards: str | Iterable[str | Card]) -> int:
        return pack_signature(*self._visible_signature(cards))

    def describe(self, value: float) -> str:
        if _BEST_PAIR < value < _TWO_PAIR:
            kind, ranks = _four_signature(round((value - _BEST_PAIR) / _STEP) - 1)
            return _describe_four(kind, ranks)
        return HandValue(value).describe()

    def four_place(self, value: float) -> int | None:
        """The place of a four-straight's or four-flush's value among them (higher is
        better: the four-straights first, 13 places a top card or four suited cards, one
        for each fifth card), None for the value of any other hand.

        >>> four = FourFlushHigh("four_flush_high", True, "")
        >>> four.four_place(four.evaluate("2h 4h 6h 8h Tc")) > four.four_place(four.evaluate("9c 8d 7h 6s 2c"))
        True
        >>> four.four_place(four.evaluate("Ac Ad Kh Qs 9c")) is None
        True
        """
        if _BEST_PAIR < value < _TWO_PAIR:
            return round((value - _BEST_PAIR) / _STEP) - 1
        return None

    def describe_visible(self, cards: str | Iterable[str | Card]) -> str:
        kind, ranks = self._visible_signature(cards)
        if kind in (_FOUR_STRAIGHT_KIND, _FOUR_FLUSH_KIND):
            return _describe_four(kind, ranks)
        category = Category(kind if kind <= Category.PAIR else kind - 2)
        return describe_signature(category, ranks)

    def _visible_signature(self, cards: str | Iterable[str | Card]) -> tuple[int, tuple[int, ...]]:
        hand = cards_in(cards, range(1, 10))
        if len(hand) >= 5:
            value = self.evaluate(hand)
            if _BEST_PAIR < value < _TWO_PAIR:
                return _four_signature(round((value - _BEST_PAIR) / _STEP) - 1)
            hand_value = HandValue(value)
            return _kind(hand_value.category), hand_value.ranks
        if len(hand) == 4:
            if len({c.suit for c in hand}) == 1:
                return _FOUR_FLUSH_KIND, tuple(sorted((c.rank for c in hand), reverse=True))
            top = _four_straight_top({c.rank for c in hand})
            if top is not None:
                return _FOUR_STRAIGHT_KIND, (top,)
        category, ranks = visible_signature(hand)
        return _kind(category), ranks


def _four_straight_top(ranks: set[int]) -> int | None:
    """The top of four ranks in sequence among ``ranks`` (4 for 4-3-2-A), or None."""
    for top in range(14, 4, -1):
        if {top, top - 1, top - 2, top - 3} <= ranks:
            return top
    if {14, 2, 3, 4} <= ranks:
        return 4
    return None


def _four_place(five: tuple[Card, ...]) -> int | None:
    """The place of five cards among the four-straights and four-flushes
    (higher is better), or None when they are neither."""
    suits: dict[str, list[int]] = {}
    for card in five:
        suits.setdefault(card.suit, []).append(card.rank)
    for suit, suited in suits.items():
        if len(suited) == 4:
            ranks = sorted(suited, reverse=True)
            kicker = next(c.rank for c in five if c.suit != suit)
            index = sum(comb(r - 2, 4 - i) for i, r in enumerate(ranks))
            return _FOUR_STRAIGHTS + index * 13 + kicker - 2
    ranks = [c.rank for c in five]
    top = _four_straight_top(set(ranks))
    if top is None:
        return None
    run = [14 if r == 1 else r for r in range(top, top - 4, -1)]
    rest = list(ranks)
    for r in run:
        rest.remove(r)
    return (top - 4) * 13 + rest[0] - 2


def _four_signature(place: int) -> tuple[int, tuple[int, ...]]:
    """``(kind, ranks)`` of a place from :func:`_four_place`: the top and the
    kicker of a four-straight, the four suited ranks and the kicker of a four-flush."""
    if place < _FOUR_STRAIGHTS:
        return _FOUR_STRAIGHT_KIND, (place // 13 + 4, place % 13 + 2)
    index, kicker = divmod(place - _FOUR_STRAIGHTS, 13)
    ranks = []
    for k in (4, 3, 2, 1):  # the combinatorial number system, read back
        c = k - 1
        while comb(c + 1, k) <= index:
            c += 1
        index -= comb(c, k)
        ranks.append(c + 2)
    return _FOUR_FLUSH_KIND, (*ranks, kicker + 2)


def _describe_four(kind: int, ranks: tuple[int, ...]) -> str:
    names = [RANK_NAMES[r] for r in ranks]
    if kind == _FOUR_STRAIGHT_KIND:
        words = f"four-straight, {names[0]} high"
        return words + (f", {names[1]} kicker" if len(names) > 1 else "")
    words = "four-flush, " + "-".join(names[:4])
    return words + (f", {names[4]} kicker" if len(names) > 4 else "")


# --- short decks -----------------------------------------------------------------

_FLUSH = int(category_floor(Category.FLUSH))
_FULL_HOUSE = int(category_floor(Category.FULL_HOUSE))
_QUADS = int(category_floor(Category.FOUR_OF_A_KIND))
_FLUSHES = _FULL_HOUSE - _FLUSH  # 1,277 flush values
_FULL_HOUSES = _QUADS - _FULL_HOUSE  # 156 full-house values
# the wheel (5-4-3-2-A) is the lowest straight, the steel wheel the lowest
# straight flush: their floors, read without loading the evaluator's tables
_WHEEL = int(category_floor(Category.STRAIGHT))
_STEEL_WHEEL = int(category_floor(Category.STRAIGHT_FLUSH))


@dataclass(frozen=True)
class ShortDeckHigh(Ranking):
    """High poker for a deck stripped of its low cards: a flush beats a full
    house, and the ace plays low next to the deck's lowest rank ``lowest``:
    with 36 cards (6 to ace, the default) A-6-7-8-9 is the lowest straight,
    nine high; with 32 (7 to ace) A-7-8-9-10, ten high. A card below
    ``lowest`` (other than an ace) is not in the deck.

    The values keep the evaluator's scale with the flush and full-house
    blocks swapped (full houses from the weakest flush's place, flushes above
    them), and the low straight in the wheel's place (the wheel cannot be
    dealt from a stripped deck): ``hand >= pair``, ``two_pair``,
    ``straight``, ``four_of_a_kind`` read as usual, ``flush`` and
    ``full_house`` do not. Cited: short-deck hold'em, "flushes beat full
    houses" (PokerKit's ``ShortDeckHoldemHand``, which the tests compare
    against).

    >>> short = ShortDeckHigh("short_deck_high", True, "")
    >>> short.describe(short.evaluate("Ac 6d 7h 8s 9c Kd"))
    'straight, nine high'
    >>> short.evaluate("Ac 6d 7h 8s 9c") < short.evaluate("6c 7d 8h 9s Tc")
    True
    >>> short.evaluate("Ac 2d 7h 8s 9c")
    Traceback (most recent call last):
    ...
    studrules.errors.CardError: 2d is not in a deck of six to ace
    """

    lowest: int = 6

    def evaluate(self, cards: str | Iterable[str | Card]) -> int:
        hand = self._hand(cards, range(5, 10))
        wheel = _short_deck_masks(self.lowest)[1]
        if len(hand) == 5:
            return self._five(hand, wheel)
        return max(self._five(five, wheel) for five in itertools.combinations(hand, 5))

    def visible(self, cards: str | Iterable[str | Card]) -> int:
        hand = self._hand(cards, range(1, 10))
        if len(hand) < 5:
            return pack_signature(*visible_signature(hand))
        category, ranks = self.signature(self.evaluate(hand))
        # the category's place in this ranking: flush above full house
        place = {Category.FLUSH: Category.FULL_HOUSE, Category.FULL_HOUSE: Category.FLUSH}.get(category, category)
        return pack_signature(place, ranks)

    def describe(self, value: float) -> str:
        return describe_signature(*self.signature(value))

    def describe_visible(self, cards: str | Iterable[str | Card]) -> str:
        hand = self._hand(cards, range(1, 10))
        if len(hand) < 5:
            return describe_signature(*visible_signature(hand))
        return self.describe(self.evaluate(hand))

    def signature(self, value: float) -> tuple[Category, tuple[int, ...]]:
        """``(category, deciding ranks)`` of a value from :meth:`evaluate`.

        >>> ShortDeckHigh("short_deck_high", True, "", lowest=7).signature(_WHEEL)
        (<Category.STRAIGHT: 4>, (10,))
        """
        v = int(value)
        if _FLUSH <= v < _FLUSH + _FULL_HOUSES:
            v += _FLUSHES
        elif _FLUSH + _FULL_HOUSES <= v < _QUADS:
            v -= _FULL_HOUSES
        hand_value = HandValue(v)
        if v in (_WHEEL, _STEEL_WHEEL) and self.lowest > 2:
            return hand_value.category, (self.lowest + 3,)
        return hand_value.category, hand_value.ranks

    def _hand(self, cards: str | Iterable[str | Card], sizes: range) -> tuple[Card, ...]:
        hand = cards_in(cards, sizes)
        bits = 0
        for card in hand:
            bits |= card.rank_bit
        if bits & _short_deck_masks(self.lowest)[0]:
            card = min(hand, key=lambda c: c.rank)
            raise CardError(f"{card} is not in a deck of {RANK_NAMES[self.lowest]} to ace")
        return hand

    @staticmethod
    def _five(five: tuple[Card, ...], wheel: int) -> int:
        v = int(evaluate_high(five))
        if v < _WHEEL or _FLUSH <= v < _FULL_HOUSE:
            # no pair, or a flush: the ace and the deck's four lowest ranks are the low straight
            a, b, c, d, e = five
            if a.rank_bit | b.rank_bit | c.rank_bit | d.rank_bit | e.rank_bit == wheel:
                return _WHEEL if v < _WHEEL else _STEEL_WHEEL
        if _FLUSH <= v < _FULL_HOUSE:
            return v + _FULL_HOUSES
        if _FULL_HOUSE <= v < _QUADS:
            return v - _FLUSHES
        return v


@functools.cache
def _short_deck_masks(lowest: int) -> tuple[int, int]:
    """The rank bits (:attr:`Card.rank_bit`) of the ranks below ``lowest``,
    which the deck does not hold, and of the low straight: the ace and the
    four lowest ranks (none when ``lowest`` is 2: the evaluator knows A-2-3-4-5)."""
    below = (1 << (lowest - 2)) - 1
    wheel = 0 if lowest <= 2 else 1 << 12 | sum(1 << (r - 2) for r in range(lowest, lowest + 4))
    return below, wheel


# --- ace-to-five high -------------------------------------------------------------

# Fewer pairs first, as in ace-to-five low: no pair, one pair, two pair, three
# of a kind, full house, four of a kind (straights and flushes do not count).
_UNPAIRED_FIRST = {
    Category.HIGH_CARD: 5,
    Category.PAIR: 4,
    Category.TWO_PAIR: 3,
    Category.THREE_OF_A_KIND: 2,
    Category.FULL_HOUSE: 1,
    Category.FOUR_OF_A_KIND: 0,
}
_BACK = {place: category for category, place in _UNPAIRED_FIRST.items()}


@dataclass(frozen=True)
class AceToFiveHigh(Ranking):
    """Ace-to-five order played for high: the ace is low (one), straights and
    flushes do not count, and the categories rank as in ace-to-five low (no
    pair best, then one pair, two pair, three of a kind, full house, four of
    a kind), but within a category the higher cards win: K-Q-J-10-9 is the
    best hand, 5-4-3-2-A the weakest unpaired one; kings are the best pair,
    aces the weakest. This is generic_poker's ``a5_low_high`` ranking ("A-5
    lowball, but highest unpaired hand"): its two-card table puts every
    unpaired hand, K-Q first and 2-A last, above every pair, K-K first and
    A-A last.

    >>> a5 = AceToFiveHigh("ace_to_five_high", False, "")
    >>> a5.evaluate("Kc Qd Jh Ts 9c") > a5.evaluate("6c 4d 3h 2s Ac") > a5.evaluate("Kc Kd Qh Js 9c")
    True
    >>> a5.describe(a5.evaluate("Ac Ad Kh Ks 2c 3d 4h"))
    'king-four-three-two-ace high'
    """

    def evaluate(self, cards: str | Iterable[str | Card]) -> int:
        return _best_unpaired_high(tuple(sorted(ranks_in(cards, ace_high=False, sizes=range(5, 10)))))

    def visible(self, cards: str | Iterable[str | Card]) -> int:
        ranks = tuple(sorted(ranks_in(cards, ace_high=False, sizes=range(1, 10))))
        if len(ranks) >= 5:
            return _best_unpaired_high(ranks)
        return _unpaired_first(ranks)

    def describe(self, value: float) -> str:
        place, ranks = unpack(int(value))
        return describe_signature(_BACK[place], ranks)

    def describe_visible(self, cards: str | Iterable[str | Card]) -> str:
        return self.describe(self.visible(cards))


def _unpaired_first(ranks: Iterable[int]) -> int:
    category, order = group_signature(ranks)
    return pack_signature(_UNPAIRED_FIRST[category], order)


@functools.lru_cache(maxsize=1 << 16)
def _best_unpaired_high(ranks: tuple[int, ...]) -> int:
    """Best ace-to-five-high value over the five-card subsets of ``ranks`` (ace = 1)."""
    return max(_unpaired_first(five) for five in set(itertools.combinations(ranks, 5)))


# --- two-card hands -----------------------------------------------------------------


@dataclass(frozen=True)
class TwoCardHigh(Ranking):
    """The best two cards: any pair beats any two unpaired cards; pairs by
    rank, unpaired hands by the higher card, then the lower; suits, straights
    and flushes do not count. The ace is high (``ace_high``) or low. From
    more than two cards, the best two of them. This is generic_poker's
    ``two_card_high`` table: A-A first, 2-2 the last pair, then A-K down to 3-2.

    >>> two = TwoCardHigh("two_card_high", True, "")
    >>> two.evaluate("2c 2d") > two.evaluate("Ac Kd") > two.evaluate("Ac Qd")
    True
    >>> two.describe(two.evaluate("Ac 7d Kh")), two.describe(two.evaluate("7c 7d Ah Kd"))
    ('ace-king high', 'pair of sevens')
    """

    fewest_cards: ClassVar[int] = 2

    def evaluate(self, cards: str | Iterable[str | Card]) -> int:
        return _best_two(ranks_in(cards, self.ace_high, range(2, 10)))

    def visible(self, cards: str | Iterable[str | Card]) -> int:
        return _best_two(ranks_in(cards, self.ace_high, range(1, 10)))

    def describe(self, value: float) -> str:
        return describe_signature(*unpack(int(value)))

    def describe_visible(self, cards: str | Iterable[str | Card]) -> str:
        return self.describe(self.visible(cards))


def _best_two(ranks: list[int]) -> int:
    paired = [r for r in set(ranks) if ranks.count(r) > 1]
    if paired:
        return pack_signature(Category.PAIR, (max(paired),))
    return pack_signature(Category.HIGH_CARD, sorted(ranks, reverse=True)[:2])
