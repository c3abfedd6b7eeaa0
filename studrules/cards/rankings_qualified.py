"""Qualifiers as data: a ranking whose hands count only from a weakest
qualifying hand up. ``or_better(ranking, n)`` is the "N or better" of the low
games (eight or better, nine or better); ``at_least(ranking, cards)`` takes
the weakest qualifying hand itself ("a pair of fours or better").
``holding_first(ranking, ranks)`` puts every hand holding a card of those
ranks above every hand holding none ("a hand with a jack, queen or king
beats any hand without one").

>>> from .rankings_low import AceToSixLow
>>> nine = or_better(AceToSixLow("ace_to_six_low", False, ""), 9)
>>> nine.evaluate("9c 8d 7h 6s 4c") is None, nine.evaluate("9c 8d 7h 6s 5c") is None
(False, True)
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass

from .card import RANK_NAMES, Card, parse_cards
from .rankings_base import Ranking

__all__ = ["Qualified", "HoldingFirst", "or_better", "at_least", "holding_first", "HOLDING_STEP"]


@dataclass(frozen=True)
class Qualified(Ranking):
    """``base``, where a hand below ``minimum`` (a value of ``base``) does
    not qualify: ``evaluate`` gives None for it. Showings and words are the
    base ranking's. ``words`` says the qualifier ("nine or better").

    >>> from .rankings_high import TwoCardHigh
    >>> pairs = at_least(TwoCardHigh("two_card_high", True, ""), "2c 2d")
    >>> pairs.evaluate("Ac Kd") is None, pairs.describe(pairs.evaluate("Ac Ad Kh"))
    (True, 'pair of aces')
    """

    base: Ranking
    minimum: float
    words: str

    @property
    def aims_low(self) -> bool:
        return self.base.aims_low

    def evaluate(self, cards: str | Iterable[str | Card]) -> float | None:
        value = self.base.evaluate(cards)
        if value is None or value < self.minimum:
            return None
        return value

    def visible(self, cards: str | Iterable[str | Card]) -> int:
        return self.base.visible(cards)

    def describe(self, value: float) -> str:
        return self.base.describe(value)

    def describe_visible(self, cards: str | Iterable[str | Card]) -> str:
        return self.base.describe_visible(cards)


HOLDING_STEP = 1 << 28
"""Added to a hand's value when it holds one of the ranks: above every value
of every ranking (the low rankings' are below ``LOW_TOP``, 2**24)."""


@dataclass(frozen=True)
class HoldingFirst(Ranking):
    """``base``, where a hand whose cards hold any of ``ranks`` (all the
    cards given, not only the five played) beats every hand holding none;
    within each class ``base`` decides. Showings (acting order, the
    bring-in) are the base ranking's. ``words`` names the ranks ("a jack,
    queen or king").

    >>> from .rankings_low import TwoCardAceToFiveLow
    >>> faces = holding_first(TwoCardAceToFiveLow("two_card_ace_to_five_low", False, ""), "JQK")
    >>> faces.evaluate("Kc Kd") > faces.evaluate("2c Ad"), faces.evaluate("2c Ad Jh") > faces.evaluate("3c Ad Qh")
    (True, True)
    >>> faces.describe(faces.evaluate("2c Ad Jh")), faces.describe(faces.evaluate("2c Ad"))
    ('two-ace low, holding a jack, queen or king', 'two-ace low, holding no jack, queen or king')
    """

    base: Ranking
    ranks: frozenset[int]
    words: str

    @property
    def aims_low(self) -> bool:
        return self.base.aims_low

    def evaluate(self, cards: str | Iterable[str | Card]) -> float | None:
        hand = parse_cards(cards)
        value = self.base.evaluate(hand)
        if value is None or not any(c.rank in self.ranks for c in hand):
            return value
        return value + HOLDING_STEP

    def visible(self, cards: str | Iterable[str | Card]) -> int:
        return self.base.visible(cards)

    def describe(self, value: float) -> str:
        if value >= HOLDING_STEP:
            return f"{self.base.describe(value - HOLDING_STEP)}, holding {self.words}"
        return f"{self.base.describe(value)}, holding no {self.words.partition(' ')[2]}"

    def describe_visible(self, cards: str | Iterable[str | Card]) -> str:
        return self.base.describe_visible(cards)


def holding_first(ranking: Ranking, ranks: str) -> HoldingFirst:
    """``ranking`` where a hand holding a card of ``ranks`` (rank symbols,
    e.g. ``"JQK"``) beats every hand holding none.

    >>> from .rankings_high import TwoCardHigh
    >>> holding_first(TwoCardHigh("two_card_high", True, ""), "KQJ").words
    'a jack, queen or king'
    >>> holding_first(TwoCardHigh("two_card_high", True, ""), "X")
    Traceback (most recent call last):
    ...
    ValueError: 'X' is not a rank: give rank symbols such as JQK
    """
    values = sorted({_RANK_VALUES.get(r, 0) for r in ranks})
    if not ranks or 0 in values:
        raise ValueError(f"{ranks!r} is not a rank: give rank symbols such as JQK")
    names = [RANK_NAMES[r] for r in values]
    listed = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"
    words = f"an {listed}" if listed[0] in "ae" else f"a {listed}"
    return HoldingFirst(
        ranking.name, ranking.ace_high, f"{ranking.summary}; {words} first", ranking, frozenset(values), words
    )


_RANK_VALUES = {symbol: value for value, symbol in enumerate("23456789TJQKA", start=2)}


def at_least(ranking: Ranking, weakest: str | Iterable[str | Card], words: str | None = None) -> Qualified:
    """``ranking`` where only hands as good as ``weakest`` qualify.

    >>> from .rankings_high import TwoCardHigh
    >>> fours = at_least(TwoCardHigh("two_card_high", True, ""), "4c 4d")
    >>> fours.evaluate("3c 3d") is None, fours.evaluate("4h 4s") is None, fours.words
    (True, False, 'pair of fours or better')
    """
    minimum = ranking.evaluate(parse_cards(weakest))
    if minimum is None:
        raise ValueError(f"the weakest qualifying hand {weakest!r} does not qualify itself under {ranking.name}")
    if words is None:
        words = f"{ranking.describe(minimum)} or better"
    return Qualified(ranking.name, ranking.ace_high, f"{ranking.summary}; {words}", ranking, minimum, words)


def or_better(ranking: Ranking, n: int) -> Qualified:
    """A five-card low ranking where a hand qualifies only as an ``n`` low or
    better: no pair (no straight or flush where they count) and no card
    above ``n`` (a rank, 2 to 13; the ace counts as the ranking plays it).

    The weakest such hand is found among the offsuit hands of five ranks up
    to ``n``: the lowest value above every pair's (straights, where they
    count, rank below the pairs).

    >>> from .rankings_low import AceToSixLow
    >>> or_better(AceToSixLow("ace_to_six_low", False, ""), 8).words
    'eight or better'
    >>> or_better(AceToSixLow("ace_to_six_low", False, ""), 5)
    Traceback (most recent call last):
    ...
    ValueError: no hand is a five or better under ace_to_six_low
    """
    if not ranking.aims_low:
        raise ValueError(f"'{n} or better' qualifies a low ranking; {ranking.name} is not one")
    if not 2 <= n <= 13:
        raise ValueError(f"{n!r} is not a rank for 'N or better': give 2 (two) to 13 (king)")
    low = [14] if not ranking.ace_high else []
    ranks = low + list(range(2, n + 1))
    lowest = 14 if low else 2
    second = 2 if low else 3
    best_pair = ranking.evaluate(_offsuit([lowest, lowest, second, second + 1, second + 2]))
    values = [ranking.evaluate(_offsuit(five)) for five in itertools.combinations(ranks, 5)]
    qualifying = [v for v in values if v is not None and (best_pair is None or v > best_pair)]
    words = f"{RANK_NAMES[n]} or better"
    if not qualifying:
        raise ValueError(f"no hand is a {words} under {ranking.name}")
    minimum = min(qualifying)
    return Qualified(ranking.name, ranking.ace_high, f"{ranking.summary}; {words}", ranking, minimum, words)


def _offsuit(ranks: Iterable[int]) -> tuple[Card, ...]:
    """Cards of these ranks in the suits c d h s c (never five of a suit)."""
    return tuple(Card(f"{'  23456789TJQKA'[r]}{'cdhsc'[i]}") for i, r in enumerate(ranks))
