"""The longest flush: a hand is the most cards it holds of one suit, ranked
first by how many (any four-card flush beats any three-card flush), then by
those cards high to low as poker ranks flushes (K-Q-J-T beats K-Q-J-9 and
loses to A-4-3-2). Straights and pairs count for nothing; of two suits
equally long the better counts; two hands of the same length whose flush
cards have the same ranks tie, whatever the suits.

Values are whole numbers from 1 (a one-card "flush" of a two) up, one for
each distinct strength (a suit's set of ranks), so a higher value is a
better hand. The ranking names its own thresholds (:meth:`LongestFlush.thresholds`),
in the words of the rule cards ("a three-card flush, nine high"):

- each length's lowest hand: ``two_card_flush`` .. ``seven_card_flush``
  (up to ``thirteen_card_flush``): ``hand >= five_card_flush`` reads "a
  five-card flush or longer";
- each length's lowest hand with a given top card:
  ``nine_high_three_card_flush`` (9-3-2 of a suit): ``house >=
  nine_high_three_card_flush`` reads "at least a three-card flush, nine
  high".

A pay table names the lengths (``seven_card_flush: 300``); the category of
a value (:meth:`LongestFlush.category`) is its length's name.

>>> flush = LongestFlush("longest_flush", True, "")
>>> flush.evaluate("2c 3c 4c 5c Ad Kd Qh") > flush.evaluate("Ad Kd Qd Jh Th 9s 8s")
True
>>> flush.evaluate("Ah 4h 3h 2h") > flush.evaluate("Kc Qc Jc Tc 9d 8d 7h")
True
>>> flush.describe(flush.evaluate("Kc Qc Jc Tc 9d 8d 7h"))
'four-card flush, king-queen-jack-ten'
>>> flush.evaluate("Ts 8s 6s Ad 2d 3h 4h") == flush.evaluate("Th 8h 6h Ks 2s 3c 4c")
True
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass

from .card import RANK_NAMES, Card
from .rankings_base import Ranking, cards_in

__all__ = ["LongestFlush", "LENGTH_WORDS", "suit_masks"]

#: A flush's length in words, as its threshold names say it (``three_card_flush``).
LENGTH_WORDS: tuple[str, ...] = ("", "one", "two", "three", "four", "five", "six", "seven")
LENGTH_WORDS += ("eight", "nine", "ten", "eleven", "twelve", "thirteen")


@dataclass(frozen=True)
class LongestFlush(Ranking):
    """Hands valued by their longest suit (see the module's documentation).
    Any number of cards makes a hand: one card is a one-card flush."""

    fewest_cards = 1
    every_card_counts = True

    def evaluate(self, cards: str | Iterable[str | Card]) -> int:
        return _best(cards_in(cards, range(1, 53)))

    def visible(self, cards: str | Iterable[str | Card]) -> int:
        return _best(cards_in(cards, range(0, 53)))

    def describe(self, value: float) -> str:
        ranks = _ranks_of(value)
        words = "-".join(RANK_NAMES[r] for r in ranks)
        return f"{LENGTH_WORDS[len(ranks)]}-card flush, {words}"

    def describe_visible(self, cards: str | Iterable[str | Card]) -> str:
        value = self.visible(cards)
        return self.describe(value) if value else "no cards"

    def category(self, value: float) -> str:
        """The pay-table name of a value's length: ``four_card_flush``...

        >>> flush = LongestFlush("longest_flush", True, "")
        >>> flush.category(flush.evaluate("9c 8c 7c 6c 5c 4c 3d")), flush.category(flush.evaluate("Ac Kd"))
        ('six_card_flush', 'one_card_flush')
        """
        return f"{LENGTH_WORDS[len(_ranks_of(value))]}_card_flush"

    def thresholds(self) -> dict[str, int]:
        """The named thresholds: each length's lowest hand (``three_card_flush``) and
        each length's lowest hand under a given top card (``nine_high_three_card_flush``).

        >>> t = LongestFlush("longest_flush", True, "").thresholds()
        >>> t["four_card_flush"] > t["ace_high_three_card_flush"] > t["nine_high_three_card_flush"]
        True
        >>> t["nine_high_three_card_flush"] > t["eight_high_three_card_flush"] > t["three_card_flush"]
        True
        >>> t["three_card_flush"] == t["four_high_three_card_flush"], "three_high_three_card_flush" in t
        (True, False)
        """
        return dict(_thresholds())

    def suit_table(self) -> tuple[int, ...]:
        """Each set of ranks of one suit (a mask, bit ``rank - 2`` for each rank) to its
        value; a hand is its best suit's (the batch evaluator's table). Index 0, no card: 0.

        >>> table = LongestFlush("longest_flush", True, "").suit_table()
        >>> len(table), table[0], table[1], table[0b1_1111_1111_1111]
        (8192, 0, 1, 8191)
        """
        return _table()


def suit_masks(cards: Iterable[Card]) -> list[int]:
    """Each suit's set of ranks in ``cards``: a mask per suit, bit ``rank - 2`` for each rank.

    >>> from .card import parse_cards
    >>> [bin(m) for m in suit_masks(parse_cards("2c 3c Ac Kd"))]
    ['0b1000000000011', '0b100000000000', '0b0', '0b0']
    """
    masks = [0, 0, 0, 0]
    for card in cards:
        masks[card.code & 3] |= 1 << (card.rank - 2)
    return masks


def _best(cards: Iterable[Card]) -> int:
    table = _table()
    return max(table[m] for m in suit_masks(cards))


def _ranks_of(value: float) -> tuple[int, ...]:
    """The ranks (high to low) of the suit a value stands for (an IndexError for no value)."""
    whole = int(value)
    if whole != value or whole < 1:
        raise ValueError(value)
    return _strengths()[whole - 1]


@functools.cache
def _strengths() -> tuple[tuple[int, ...], ...]:
    """Every suit's set of ranks, high to low, worst first: value ``v`` is ``_strengths()[v - 1]``."""
    sets = [tuple(r + 2 for r in range(12, -1, -1) if mask >> r & 1) for mask in range(1, 1 << 13)]
    return tuple(sorted(sets, key=lambda ranks: (len(ranks), ranks)))


@functools.cache
def _table() -> tuple[int, ...]:
    value = {ranks: v for v, ranks in enumerate(_strengths(), start=1)}
    out = [0] * (1 << 13)
    for ranks, v in value.items():
        out[sum(1 << (r - 2) for r in ranks)] = v
    return tuple(out)


@functools.cache
def _thresholds() -> tuple[tuple[str, int], ...]:
    out: dict[str, int] = {}
    for v, ranks in enumerate(_strengths(), start=1):  # worst first: the first seen is the lowest
        length = LENGTH_WORDS[len(ranks)]
        out.setdefault(f"{length}_card_flush", v)
        out.setdefault(f"{RANK_NAMES[ranks[0]]}_high_{length}_card_flush", v)
    return tuple(sorted(out.items()))
