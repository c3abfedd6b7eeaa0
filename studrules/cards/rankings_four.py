"""Hands of four cards, as the casino's four-card games rank them: four of
a kind, a straight flush, three of a kind, a flush, a straight, two pair, a
pair, high card. From five or six cards a hand is the best four of them.

With four cards three of a kind is rarer than a flush or a straight (2,496
hands against 2,816 and 2,772 of the 270,725), so it ranks above them, and
four of a kind (13 hands) above the straight flush (44). The ace is high,
or low in A-2-3-4, the lowest straight.

Values are whole numbers from 1 (the worst hand, 6-4-3-2 of mixed suits) up,
one for each distinct strength, so a higher value is a better hand and
values stay small (under 2,000). The ranking names its own thresholds
(:meth:`FourCardHigh.thresholds`): each category's lowest hand, each pair's
(``pair_of_aces``), each four of a kind's (``four_aces``) and each high card's.

>>> four = FourCardHigh("four_card_high", True, "")
>>> four.evaluate("2c 2d 2h 2s") > four.evaluate("5h 4h 3h 2h") > four.evaluate("3c 3d 3h 2s")
True
>>> four.evaluate("3c 3d 3h 2s") > four.evaluate("Ah Kh 9h 2h") > four.evaluate("Ac Kd Qh Js")
True
>>> four.describe(four.evaluate("Ac Ad 7h 2s 5c")), four.describe(four.evaluate("4c 3d 2h As"))
('pair of aces', 'straight, four high')
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

from .card import RANK_NAMES, RANK_PLURALS, Card
from .rankings_base import Ranking, cards_in, showing_by_counts, showing_in_ranks

__all__ = ["FourCardHigh", "FOUR_CARD_CATEGORIES"]

#: The categories, worst first.
FOUR_CARD_CATEGORIES = (
    "high_card",
    "pair",
    "two_pair",
    "straight",
    "flush",
    "three_of_a_kind",
    "straight_flush",
    "four_of_a_kind",
)


@dataclass(frozen=True)
class FourCardHigh(Ranking):
    """Four-card hands (see the module's documentation). From more than
    four cards, the best four of them."""

    fewest_cards: ClassVar[int] = 4
    #: The cards a hand is made of (the batch evaluator takes the best of every four).
    hand_cards: ClassVar[int] = 4

    def evaluate(self, cards: str | Iterable[str | Card]) -> int:
        held = cards_in(cards, range(4, 10))
        table = rank_table()
        return max(table[_key(four)] for four in itertools.combinations(held, 4))

    def visible(self, cards: str | Iterable[str | Card]) -> int:
        return showing_by_counts(cards)

    def describe(self, value: float) -> str:
        category, ranks = _strengths()[int(value) - 1]
        name = FOUR_CARD_CATEGORIES[category]
        words = "-".join(RANK_NAMES[r] for r in ranks)
        if name == "high_card":
            return f"{words} high"
        if name == "pair":
            return f"pair of {RANK_PLURALS[ranks[0]]}"
        if name == "two_pair":
            return f"two pair, {RANK_PLURALS[ranks[0]]} and {RANK_PLURALS[ranks[1]]}"
        if name == "three_of_a_kind":
            return f"three {RANK_PLURALS[ranks[0]]}"
        if name == "four_of_a_kind":
            return f"four {RANK_PLURALS[ranks[0]]}"
        if name == "flush":
            return f"flush, {words}"
        return f"{'straight flush' if name == 'straight_flush' else 'straight'}, {RANK_NAMES[ranks[0]]} high"

    def describe_visible(self, cards: str | Iterable[str | Card]) -> str:
        return showing_in_ranks(cards)

    def category(self, value: float) -> str:
        """The pay-table name of a value's category: ``three_of_a_kind``, ``pair``...

        >>> four = FourCardHigh("four_card_high", True, "")
        >>> four.category(four.evaluate("9c 9d 9h Ks")), four.category(four.evaluate("Ac Kd Qh 9s"))
        ('three_of_a_kind', 'high_card')
        """
        return FOUR_CARD_CATEGORIES[_strengths()[int(value) - 1][0]]

    def thresholds(self) -> dict[str, int]:
        """The named thresholds: each category's lowest hand (``pair``,
        ``flush``...), each pair's (``pair_of_aces``), each four of a kind's
        (``four_aces``: a pay table's "four aces") and each high card's
        (``ace_high``: the lowest hand with an ace on top).

        >>> t = FourCardHigh("four_card_high", True, "").thresholds()
        >>> t["four_of_a_kind"] > t["straight_flush"] > t["three_of_a_kind"] > t["flush"] > t["straight"]
        True
        >>> t["two_pair"] > t["pair_of_aces"] > t["pair"] > t["ace_high"]
        True
        >>> t["four_aces"] > t["four_kings"] > t["four_twos"] == t["four_of_a_kind"]
        True
        """
        return dict(_thresholds())

    def rank_table(self) -> dict[tuple[tuple[int, ...], bool], int]:
        """Every four ranks (high to low), suited or not, to its value: the batch evaluator's table."""
        return rank_table()


def _key(cards: Iterable[Card]) -> tuple[tuple[int, ...], bool]:
    held = list(cards)
    return tuple(sorted((c.rank for c in held), reverse=True)), len({c.suit for c in held}) == 1


def _strength(ranks: tuple[int, ...], suited: bool) -> tuple[int, tuple[int, ...]]:
    """(category index, the ranks that break ties, most important first)."""
    counts = sorted(((ranks.count(r), r) for r in set(ranks)), reverse=True)
    shape = tuple(c for c, _ in counts)
    order = tuple(r for _, r in counts)
    if shape == (4,):
        return 7, order
    if shape == (3, 1):
        return 5, order
    if shape == (2, 2):
        return 2, order
    if shape == (2, 1, 1):
        return 1, order
    top = None
    if ranks[0] - ranks[3] == 3:
        top = ranks[0]
    elif ranks == (14, 4, 3, 2):  # A-2-3-4: the ace low, four high
        top = 4
    if top is not None:
        return (6 if suited else 3), (top,)
    return (4 if suited else 0), ranks


@functools.cache
def _strengths() -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Every distinct strength, worst first: value ``v`` is ``_strengths()[v - 1]``."""
    found = set()
    for ranks in itertools.combinations_with_replacement(range(14, 1, -1), 4):
        for suited in (False, True):
            if suited and len(set(ranks)) < 4:
                continue
            found.add(_strength(ranks, suited))
    return tuple(sorted(found))


@functools.cache
def rank_table() -> dict[tuple[tuple[int, ...], bool], int]:
    """Every four ranks (high to low), suited or not, to its value."""
    value = {s: i + 1 for i, s in enumerate(_strengths())}
    out: dict[tuple[tuple[int, ...], bool], int] = {}
    for ranks in itertools.combinations_with_replacement(range(14, 1, -1), 4):
        for suited in (False, True):
            if suited and len(set(ranks)) < 4:
                continue
            out[(ranks, suited)] = value[_strength(ranks, suited)]
    return out


@functools.cache
def _thresholds() -> tuple[tuple[str, int], ...]:
    out: dict[str, int] = {}
    for v, (category, ranks) in enumerate(_strengths(), start=1):
        name = FOUR_CARD_CATEGORIES[category]
        out.setdefault(name, v)  # worst first: the first seen is the lowest
        if name == "pair":
            out.setdefault(f"pair_of_{RANK_PLURALS[ranks[0]]}", v)
        elif name == "four_of_a_kind":
            out.setdefault(f"four_{RANK_PLURALS[ranks[0]]}", v)
        elif name == "high_card":
            out.setdefault(f"{RANK_NAMES[ranks[0]]}_high", v)
    return tuple(sorted(out.items()))
