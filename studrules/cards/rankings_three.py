"""Hands of three cards, as the casino's three-card games rank them: a
straight flush, three of a kind, a straight, a flush, a pair, high card.
With three cards a straight is rarer than a flush (720 hands against 1,096
of the 22,100), so it ranks above it; the ace is high, or low in A-2-3,
the lowest straight.

Values are ``category * 15**3`` plus the ranks that break ties, so a
higher value is a better hand. The ranking names its own thresholds
(:meth:`ThreeCardHigh.thresholds`): each category's lowest hand, each pair's
and each high card's (``queen_high``: the lowest queen-high hand, Q-3-2).

>>> three = ThreeCardHigh("three_card_high", True, "")
>>> three.evaluate("5h 4h 3h") > three.evaluate("2c 2d 2h") > three.evaluate("Ac 2d 3h") > three.evaluate("Ah Kh 9h")
True
>>> three.describe(three.evaluate("Qc 6d 4h")), three.describe(three.evaluate("3c 2d Ah"))
('queen-six-four high', 'straight, three high')
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

from .card import RANK_NAMES, RANK_PLURALS, Card
from .rankings_base import Ranking, cards_in, showing_by_counts, showing_in_ranks

__all__ = ["ThreeCardHigh", "THREE_CARD_CATEGORIES"]

#: The categories, worst first: a value's category is ``value // 15**3``.
THREE_CARD_CATEGORIES = ("high_card", "pair", "flush", "straight", "three_of_a_kind", "straight_flush")
_BASE = 15**3


@dataclass(frozen=True)
class ThreeCardHigh(Ranking):
    """Three-card hands (see the module's documentation). From more than
    three cards, the best three of them."""

    fewest_cards: ClassVar[int] = 3
    #: The cards a hand is made of (the batch evaluator takes the best of every three).
    hand_cards: ClassVar[int] = 3

    def evaluate(self, cards: str | Iterable[str | Card]) -> int:
        held = cards_in(cards, range(3, 10))
        return max(_value(tuple(c.code for c in trio)) for trio in itertools.combinations(held, 3))

    def visible(self, cards: str | Iterable[str | Card]) -> int:
        return showing_by_counts(cards)

    def describe(self, value: float) -> str:
        category, rest = divmod(int(value), _BASE)
        a, rest = divmod(rest, 15 * 15)
        b, c = divmod(rest, 15)
        name = THREE_CARD_CATEGORIES[category]
        if name == "high_card":
            return f"{RANK_NAMES[a]}-{RANK_NAMES[b]}-{RANK_NAMES[c]} high"
        if name == "pair":
            return f"pair of {RANK_PLURALS[a]}"
        if name == "three_of_a_kind":
            return f"three {RANK_PLURALS[a]}"
        if name == "flush":
            return f"flush, {RANK_NAMES[a]}-{RANK_NAMES[b]}-{RANK_NAMES[c]}"
        words = "straight flush" if name == "straight_flush" else "straight"
        return f"{words}, {RANK_NAMES[a]} high"

    def describe_visible(self, cards: str | Iterable[str | Card]) -> str:
        return showing_in_ranks(cards)

    def category(self, value: float) -> str:
        """The pay-table name of a value's category: ``straight``, ``pair``...

        >>> ThreeCardHigh("three_card_high", True, "").category(3 * 15**3 + 14 * 15 * 15)
        'straight'
        """
        return THREE_CARD_CATEGORIES[int(value) // _BASE]

    def thresholds(self) -> dict[str, int]:
        """The named thresholds: each category's lowest hand (``pair``,
        ``straight``...), each pair's (``pair_of_jacks``) and each high
        card's (``queen_high``: the lowest hand with a queen on top).

        >>> t = ThreeCardHigh("three_card_high", True, "").thresholds()
        >>> t["straight"] > t["flush"] > t["pair_of_aces"] > t["pair"] > t["queen_high"]
        True
        >>> t["mini_royal"] > t["straight_flush"]  # A-K-Q suited
        True
        """
        return dict(_thresholds())

    def rank_table(self) -> dict[tuple[tuple[int, ...], bool], int]:
        """Every three ranks (high to low), suited or not, to its value: the batch evaluator's table."""
        return _table()


def _value(codes: tuple[int, ...]) -> int:
    return _table()[_key(codes)]


def _key(codes: tuple[int, ...]) -> tuple[tuple[int, ...], bool]:
    cards = [Card(code) for code in codes]
    return tuple(sorted((c.rank for c in cards), reverse=True)), len({c.suit for c in cards}) == 1


@functools.cache
def _table() -> dict[tuple[tuple[int, ...], bool], int]:
    """Every three ranks, suited or not, to its value."""
    out: dict[tuple[tuple[int, ...], bool], int] = {}
    for ranks in itertools.combinations_with_replacement(range(14, 1, -1), 3):
        for suited in (False, True):
            if suited and len(set(ranks)) < 3:
                continue
            out[(ranks, suited)] = _rank_value(ranks, suited)
    return out


def _rank_value(ranks: tuple[int, ...], suited: bool) -> int:
    a, b, c = ranks  # high to low
    top = None
    if a - c == 2 and len({a, b, c}) == 3:
        top = a
    elif (a, b, c) == (14, 3, 2):  # A-2-3: the ace low, three high
        top = 3
    if top is not None:
        return (5 if suited else 3) * _BASE + top * 15 * 15
    if a == c:
        return 4 * _BASE + a * 15 * 15
    if a == b or b == c:
        pair, kicker = (a, c) if a == b else (c, a)
        return 1 * _BASE + pair * 15 * 15 + kicker * 15
    return (2 if suited else 0) * _BASE + a * 15 * 15 + b * 15 + c


@functools.cache
def _thresholds() -> tuple[tuple[str, int], ...]:
    table = _table()
    out: dict[str, int] = {}
    for (ranks, _), value in table.items():
        name = THREE_CARD_CATEGORIES[value // _BASE]
        out[name] = min(out.get(name, value), value)
        if name == "pair":
            key = f"pair_of_{RANK_PLURALS[value % _BASE // (15 * 15)]}"
            out[key] = min(out.get(key, value), value)
        elif name == "high_card":
            key = f"{RANK_NAMES[ranks[0]]}_high"
            out[key] = min(out.get(key, value), value)
    out["mini_royal"] = table[((14, 13, 12), True)]  # A-K-Q suited, the best straight flush
    return tuple(sorted(out.items()))
