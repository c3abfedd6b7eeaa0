"""Low rankings besides ace-to-five and deuce-to-seven: ace-to-six low, where
straights and flushes count against a hand and the ace is low, and badugi.

>>> a6 = AceToSixLow("ace_to_six_low", False, "")
>>> a6.describe(a6.evaluate("6c 4d 3h 2s Ac 5d"))
'six-four-three-two-ace low'
>>> badugi = Badugi("badugi", False, "")
>>> badugi.describe(badugi.evaluate("4c 3d 2h As Kc"))
'four-card badugi, 4-3-2-A'
>>> two = TwoCardAceToFiveLow("two_card_ace_to_five_low", False, "")
>>> two.describe(two.evaluate("Kc 2d As"))
'two-ace low'
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

from .card import Card
from .evaluator import Category, group_signature, pack_signature
from .rankings_base import LOW_TOP, Ranking, cards_in, describe_low, ranks_in, strength_counting_all

__all__ = ["AceToSixLow", "Badugi", "TwoCardAceToFiveLow"]


@dataclass(frozen=True)
class AceToSixLow(Ranking):
    """Ace-to-six lowball: the ace is only low (A-K-Q-J-10 is king high, not a
    straight), straights and flushes count against the hand, pairs as in
    every low game. The best hand is 6-4-3-2-A offsuit: 5-4-3-2-A is a
    straight. Cited: Wikipedia, "Lowball (poker)", Ace-to-six low: "straights
    and flushes are accounted for ... and count as high (and are therefore
    bad), and aces play as the lowest card"; the stud game played with it is
    in the generic_poker catalogue (its ``a6_low`` ranking, whose table
    counts straights from 5-4-3-2-A to K-Q-J-10-9 and never ace high).

    >>> a6 = AceToSixLow("ace_to_six_low", False, "")
    >>> a6.evaluate("6c 4d 3h 2s Ac") > a6.evaluate("6c 5d 3h 2s Ac") > a6.evaluate("Kc Qd Jh Ts Ac")
    True
    >>> a6.evaluate("Kc Qd Jh Ts Ac") > a6.evaluate("Ac Ad 2h 3s 4c") > a6.evaluate("5c 4d 3h 2s Ac")
    True
    """

    @property
    def aims_low(self) -> bool:
        return True

    def evaluate(self, cards: str | Iterable[str | Card]) -> int:
        hand = cards_in(cards, range(5, 10))
        return LOW_TOP - min(strength_counting_all(five, ace_low=True) for five in itertools.combinations(hand, 5))

    def visible(self, cards: str | Iterable[str | Card]) -> int:
        hand = cards_in(cards, range(1, 10))
        if len(hand) >= 5:
            return self.evaluate(hand)
        return LOW_TOP - pack_signature(*group_signature(ranks_in(hand, ace_high=False, sizes=range(1, 5))))

    def describe(self, value: float) -> str:
        return describe_low(value)

    def describe_visible(self, cards: str | Iterable[str | Card]) -> str:
        return self.describe(self.visible(cards))


@dataclass(frozen=True)
class Badugi(Ranking):
    """Badugi: the best hand of up to four cards all of different suits and
    different ranks; more such cards beat fewer (any four-card badugi beats
    any three-card hand), then the lower highest card, then the next. The
    ace is low unless ``ace_high``: 4-3-2-A of four suits is the best hand;
    with the ace high (the catalogue's ``badugi_ah``, "lowest 4 unique ranks
    and suits (Ace is high)") it is the highest card and 5-4-3-2 is best.
    From more than four cards, the best such subset of them. Cited: Pagat,
    Badugi ("a hand with four cards of different suits and ranks ... beats
    any hand with three valid cards"), and PokerKit's ``BadugiHand``, which
    the tests compare against.

    >>> badugi = Badugi("badugi", False, "")
    >>> badugi.evaluate("Kc Qd Jh Ts") > badugi.evaluate("Ac 2c 3d 4h") > badugi.evaluate("Ac Ad 2c 2d")
    True
    >>> badugi.describe(badugi.evaluate("Ac 2c 3d 4h")), badugi.describe_visible("7h 7s")
    ('three-card hand, 4-3-A', 'one-card hand, 7')
    >>> ace_high = Badugi("badugi_ace_high", True, "")
    >>> ace_high.describe(ace_high.evaluate("Ac 2d 3h 4s 5c")), ace_high.evaluate("Kc Qd Jh Ts") > ace_high.evaluate("Ac 2d 3h 4s")
    ('four-card badugi, 5-4-3-2', True)
    """

    fewest_cards: ClassVar[int] = 4

    @property
    def aims_low(self) -> bool:
        return True

    def evaluate(self, cards: str | Iterable[str | Card]) -> int:
        return _badugi(cards_in(cards, range(4, 10)), self.ace_high)

    def visible(self, cards: str | Iterable[str | Card]) -> int:
        return _badugi(cards_in(cards, range(1, 10)), self.ace_high)

    def describe(self, value: float) -> str:
        count, ranks = _badugi_signature(int(value))
        symbols = "-".join(_SYMBOLS[r] for r in ranks)
        if count == 4:
            return f"four-card badugi, {symbols}"
        return f"{_COUNT_WORDS[count]}-card hand, {symbols}"

    def describe_visible(self, cards: str | Iterable[str | Card]) -> str:
        return self.describe(self.visible(cards))


@dataclass(frozen=True)
class TwoCardAceToFiveLow(Ranking):
    """The lowest two cards, ace to five: the ace is low, any two unpaired
    cards beat any pair; unpaired hands by the higher card, then the lower
    (2-A best, K-Q worst); pairs by rank (A-A best, K-K worst); suits do not
    count. From more than two cards, the best two of them. This is the
    generic_poker catalogue's ``two_card_a5_low`` ("lowest 2-card hand (Ace
    is low)"), whose table lists 2-A first and K-Q last among the 78
    unpaired hands, then A-A to K-K: the low counterpart of ``two_card_high``.

    >>> two = TwoCardAceToFiveLow("two_card_ace_to_five_low", False, "")
    >>> two.evaluate("2c Ad") > two.evaluate("3c Ad") > two.evaluate("Kc Qd") > two.evaluate("Ac Ad") > two.evaluate("Kc Kd")
    True
    >>> two.describe(two.evaluate("7c 7d Kh")), two.describe_visible("Qh")
    ('king-seven low', 'queen low')
    """

    fewest_cards: ClassVar[int] = 2

    @property
    def aims_low(self) -> bool:
        return True

    def evaluate(self, cards: str | Iterable[str | Card]) -> int:
        return LOW_TOP - _lowest_two(ranks_in(cards, False, range(2, 10)))

    def visible(self, cards: str | Iterable[str | Card]) -> int:
        return LOW_TOP - _lowest_two(ranks_in(cards, False, range(1, 10)))

    def describe(self, value: float) -> str:
        return describe_low(value)

    def describe_visible(self, cards: str | Iterable[str | Card]) -> str:
        return self.describe(self.visible(cards))


def _lowest_two(ranks: list[int]) -> int:
    """The packed signature of the lowest two of ``ranks`` (ace = 1): the two
    lowest different ranks, or the lowest pair when every card pairs."""
    distinct = sorted(set(ranks))
    if len(distinct) >= 2 or len(ranks) == 1:
        return pack_signature(Category.HIGH_CARD, tuple(reversed(distinct[:2])))
    return pack_signature(Category.PAIR, (distinct[0],))


_SYMBOLS = {1: "A", 10: "10", 11: "J", 12: "Q", 13: "K", 14: "A", **{r: str(r) for r in range(2, 10)}}
_COUNT_WORDS = {1: "one", 2: "two", 3: "three", 4: "four"}


def _badugi(hand: tuple[Card, ...], ace_high: bool) -> int:
    """The value of the best badugi subset: the count of valid cards times
    2**16, plus 0xFFFF less the ranks packed highest first (lower is better)."""
    return _best_badugi(tuple(sorted(c.code for c in hand)), ace_high)


@functools.lru_cache(maxsize=1 << 16)
def _best_badugi(codes: tuple[int, ...], ace_high: bool) -> int:
    cards = [(1 if (code >> 2 == 12 and not ace_high) else (code >> 2) + 2, code & 3) for code in codes]
    for size in range(min(4, len(cards)), 0, -1):
        best = None
        for subset in itertools.combinations(cards, size):
            if len({r for r, _ in subset}) == size and len({s for _, s in subset}) == size:
                ranks = sorted((r for r, _ in subset), reverse=True)
                packed = 0
                for i, r in enumerate(ranks):
                    packed |= r << 4 * (3 - i)
                if best is None or packed < best:
                    best = packed
        if best is not None:
            return size << 16 | (0xFFFF - best)
    raise AssertionError("unreachable: one card is always a badugi of one")  # pragma: no cover


def _badugi_signature(value: int) -> tuple[int, tuple[int, ...]]:
    count = value >> 16
    packed = 0xFFFF - (value & 0xFFFF)
    return count, tuple((packed >> 4 * (3 - i)) & 0xF for i in range(count))
