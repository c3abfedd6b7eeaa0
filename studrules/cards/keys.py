"""The integer keys every card carries for the hand evaluator.

A hand's key is the sum of its cards' keys, so a hand of card objects is
valued by a handful of additions and one table lookup (see
:mod:`studrules.cards.evaluator`). Each card has four::

    >>> key5, keyn, quick5, quick7 = card_keys(50)  # the ace of hearts
    >>> quick7 & QUICK7_RANKS == RANK_WEIGHTS_7[12]
    True

``key5`` and ``keyn`` (any number of cards, the checked path): bits 0-15
count each suit (four bits a suit), bits 16-67 hold one bit per card (a card
given twice shows as a carry), bits 68 and up the rank part: the
``RANK_WEIGHTS_5`` weight (``key5``) or a four-bit count per rank (``keyn``).

``quick5`` (five cards, under 2**30 so the sum stays one-digit integer
arithmetic): the ``RANK_WEIGHTS_5`` weight above three-bit counts of clubs,
diamonds and hearts (five spades leave the three at zero).

``quick7`` (seven cards): one addition gives the rank hash and both checks,
so a hand that is no flush and has no card twice needs one ``&`` to know it:

- bits 0-23: the ``RANK_WEIGHTS_7`` weight. Seven ranks, each at most four
  times, have sums that all differ (a perfect hash, under 7,825,760), and
  even seven aces stay under 2**24, so nothing carries out.
- bits 24-47: a six-bit field per suit, to which each card of the suit adds
  7: five cards of a suit make 35 or more, four make 28, seven 49, so bit 5
  of a field is set exactly when the suit holds five cards or more.
- bits 48 and up: a three-bit field per card, to which the card adds 1:
  bits 1-2 of a field are set exactly when the card is given twice or more
  (seven times still fits).

``sum & QUICK7_CHECK`` is zero for exactly the hands with neither a flush
nor a repeated card::

    >>> k = sum(card_keys(code)[3] for code in (0, 5, 10, 15, 20, 25, 30))
    >>> k & QUICK7_CHECK
    0
    >>> k = sum(card_keys(code)[3] for code in (0, 4, 8, 12, 16, 20, 30))  # five clubs
    >>> k & QUICK7_CHECK != 0
    True
    >>> k = sum(card_keys(code)[3] for code in (0, 0, 8, 13, 18, 23, 30))  # the deuce of clubs twice
    >>> k & QUICK7_CHECK != 0
    True
"""

from __future__ import annotations

__all__ = [
    "RANK_WEIGHTS_5",
    "RANK_WEIGHTS_7",
    "QUICK7_RANKS",
    "QUICK7_CHECK",
    "QUICK7_TWICE",
    "card_keys",
    "quick7_flush_suit",
]

# One weight per rank (index 0 = deuce) such that any two different rank
# multisets of five cards (each rank at most four times) have different sums;
# the largest sum is 360,918, so a plain list indexed by the sum is the
# five-card table. Found greedily (each weight the smallest that keeps all
# sums distinct); ``tablegen.build_tables`` checks the property again.
RANK_WEIGHTS_5 = (0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415)
# The same for seven cards (largest sum 7,825,759); the numpy batch evaluator uses them too.
RANK_WEIGHTS_7 = (0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181)

_SUIT_SHIFT = 0
_CARD_SHIFT = 16
_RANK_SHIFT = 68

_QUICK7_SUITS = 24
_QUICK7_CARDS = 48
QUICK7_RANKS = (1 << _QUICK7_SUITS) - 1
"""The rank hash in a sum of ``quick7`` keys."""
QUICK7_TWICE = sum(6 << (_QUICK7_CARDS + 3 * code) for code in range(52))
"""The bits of a sum of ``quick7`` keys that show a card given twice."""
QUICK7_CHECK = sum(32 << (_QUICK7_SUITS + 6 * s) for s in range(4)) | QUICK7_TWICE
"""The bits of a sum of ``quick7`` keys that show a flush or a card given twice."""


def card_keys(code: int) -> tuple[int, int, int, int]:
    """``(key5, keyn, quick5, quick7)`` of the card with this code (0-51)."""
    rank_index, suit_index = divmod(code, 4)
    common = (1 << (_CARD_SHIFT + code)) | (1 << (_SUIT_SHIFT + 4 * suit_index))
    key5 = (RANK_WEIGHTS_5[rank_index] << _RANK_SHIFT) | common
    keyn = (1 << (_RANK_SHIFT + 4 * rank_index)) | common
    quick5 = (RANK_WEIGHTS_5[rank_index] << 9) | (1 << (3 * suit_index) if suit_index < 3 else 0)
    quick7 = RANK_WEIGHTS_7[rank_index] | 7 << (_QUICK7_SUITS + 6 * suit_index) | 1 << (_QUICK7_CARDS + 3 * code)
    return key5, keyn, quick5, quick7


def quick7_flush_suit(key: int) -> int:
    """The suit index (0-3) holding five cards or more, in a sum of seven
    ``quick7`` keys with no card twice that shows a flush (only one suit can).

    >>> quick7_flush_suit(sum(card_keys(code)[3] for code in (2, 6, 10, 14, 22, 1, 3)))  # five hearts
    2
    """
    flags = key >> (_QUICK7_SUITS + 5) & 0x41041  # bit 5 of each six-bit field
    return (flags.bit_length() - 1) // 6
