"""The longest suit run: a hand is valued by two lengths, its longest
straight flush (the most cards of one suit in a row of ranks, the ace high
or low: A-2-3-4 and J-Q-K-A are runs of four, K-A-2 is not a run of three)
and its longest flush (the most cards of one suit). The games that pay "the
longer the flush, or straight flush" read them as two families of lines, a
hand holding each line it reaches: ``four_card_flush`` .. ``seven_card_flush``
(up to ``thirteen_card_flush``) and ``two_card_straight_flush`` ..
``seven_card_straight_flush``. The two may come from different suits.

The value is ``16 * length + run``: hands are ordered by their flush, then
by their straight flush; the ranks of the cards count for nothing else, so
two hands of the same two lengths are equal. The flush lines are floors of
that order, as in the longest flush ranking (``hand >= five_card_flush``: a
five-card flush or longer); the straight flush lines are not (a five-card
flush of shorter runs outranks a four-card straight flush), so a pay table
reads every line as whether the hand holds it (:meth:`LongestSuitRun.holds`).

>>> run = LongestSuitRun("longest_suit_run", True, "")
>>> value = run.evaluate("9h Th Jh Qh 2h 5s 5c")
>>> run.describe(value), run.holds(value, "five_card_flush"), run.holds(value, "five_card_straight_flush")
('five-card flush, with a four-card straight flush', True, False)
>>> run.describe(run.evaluate("Ac 2c 3c 4c 5c 6c 7c"))
'seven-card straight flush'
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass

from .card import Card
from .rankings_base import Ranking, cards_in
from .rankings_flush import LENGTH_WORDS, suit_masks

__all__ = ["LongestSuitRun"]

_SCALE = 16  # a value is 16 * length + run
_FLUSH = "_card_flush"
_STRAIGHT_FLUSH = "_card_straight_flush"


@dataclass(frozen=True)
class LongestSuitRun(Ranking):
    """Hands valued by their longest straight flush and their longest flush
    (see the module's documentation). Any number of cards makes a hand."""

    fewest_cards = 1
    every_card_counts = True

    def evaluate(self, cards: str | Iterable[str | Card]) -> int:
        return _value(cards_in(cards, range(1, 53)))

    def visible(self, cards: str | Iterable[str | Card]) -> int:
        return _value(cards_in(cards, range(0, 53)))

    def describe(self, value: float) -> str:
        length, run = divmod(int(value), _SCALE)
        if not length:
            return "no cards"
        if run == length:
            return f"{LENGTH_WORDS[run]}-card straight flush"
        words = f"{LENGTH_WORDS[length]}-card flush"
        return f"{words}, with a {LENGTH_WORDS[run]}-card straight flush" if run > 1 else words

    def describe_visible(self, cards: str | Iterable[str | Card]) -> str:
        return self.describe(self.visible(cards))

    def category(self, value: float) -> str:
        """A value's name, its flush's length (``four_card_flush``): each is a floor of the order.

        >>> run = LongestSuitRun("longest_suit_run", True, "")
        >>> run.category(run.evaluate("5d 6d 7d 8d Ks")), run.category(run.evaluate("5d 6d 7d 9d Ks"))
        ('four_card_flush', 'four_card_flush')
        """
        return f"{LENGTH_WORDS[int(value) // _SCALE]}{_FLUSH}"

    def thresholds(self) -> dict[str, int]:
        """The flush lines, each the lowest value of a flush that long: the floors of this
        ranking's order (``hand >= five_card_flush``), as the longest flush ranking names them.

        >>> t = LongestSuitRun("longest_suit_run", True, "").thresholds()
        >>> t["four_card_flush"] == 16 * 4 + 1, "four_card_straight_flush" in t
        (True, False)
        """
        return {f"{LENGTH_WORDS[n]}{_FLUSH}": _SCALE * n + 1 for n in range(1, 14)}

    def lines(self) -> tuple[str, ...]:
        """Every line a pay table may name: the straight flush lines and the flush lines.

        >>> LongestSuitRun("longest_suit_run", True, "").lines()[:3]
        ('two_card_straight_flush', 'three_card_straight_flush', 'four_card_straight_flush')
        """
        return _lines()

    def holds(self, value: float, line: str) -> bool:
        """Whether a hand of this value holds ``line``: a straight flush or a flush at least
        that long (a KeyError for a name that is no line).

        >>> run = LongestSuitRun("longest_suit_run", True, "")
        >>> v = run.evaluate("2s 5s 8s Js Ks Ah 2h 3h")  # five spades; ace-two-three of hearts
        >>> run.holds(v, "five_card_flush"), run.holds(v, "three_card_straight_flush"), run.holds(v, "six_card_flush")
        (True, True, False)
        """
        kind, need = _line_table()[line]
        length, run = divmod(int(value), _SCALE)
        return (run if kind else length) >= need

    def suit_measures(self) -> tuple[tuple[tuple[int, ...], int], ...]:
        """For batches: each measure of one suit's set of ranks (a mask, bit ``rank - 2`` for
        each rank) and its weight; a hand's value is each measure's best suit, weighted, summed.

        >>> (lengths, sixteen), (runs, one) = LongestSuitRun("longest_suit_run", True, "").suit_measures()
        >>> lengths[0b1_0000_0000_0111], runs[0b1_0000_0000_0111], sixteen, one  # A-2-3-4
        (4, 4, 16, 1)
        """
        return ((_lengths(), _SCALE), (_runs(), 1))


def _value(cards: Iterable[Card]) -> int:
    masks = suit_masks(cards)
    runs = _runs()
    return _SCALE * max(m.bit_count() for m in masks) + max(runs[m] for m in masks)


def _run_of(mask: int) -> int:
    """The most ranks in a row of a suit's ``mask``, the ace (bit 12) also below the two."""
    bits = (mask << 1) | (mask >> 12 & 1)  # bit 0: the ace low
    best = 0
    while bits:
        bits &= bits << 1
        best += 1
    return best


@functools.cache
def _runs() -> tuple[int, ...]:
    return tuple(_run_of(m) for m in range(1 << 13))


@functools.cache
def _lengths() -> tuple[int, ...]:
    return tuple(m.bit_count() for m in range(1 << 13))


@functools.cache
def _line_table() -> dict[str, tuple[bool, int]]:
    """Each line's name: (whether it is a straight flush's, the length it needs)."""
    table = {f"{LENGTH_WORDS[n]}{_STRAIGHT_FLUSH}": (True, n) for n in range(2, 14)}
    table.update({f"{LENGTH_WORDS[n]}{_FLUSH}": (False, n) for n in range(2, 14)})
    return table


@functools.cache
def _lines() -> tuple[str, ...]:
    return tuple(_line_table())
