"""What every ranking shares: the :class:`Ranking` questions and the helpers
the ranking modules use to read cards and to put low values in words.

:mod:`.rankings` holds the registry (``get_ranking``, ``ranking_for``) and the
classic rankings; the other ``rankings_*`` modules hold the rest. They all
import this module and none imports :mod:`.rankings`, so the registry can
import them all.

>>> cards_in("Ah Kd 7c", range(1, 4))
(Card('Ah'), Card('Kd'), Card('7c'))
>>> ranks_in("Ah Kd", ace_high=False, sizes=range(1, 10))
[1, 13]
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from numbers import Real
from typing import ClassVar

from ..errors import CardError
from .card import RANK_NAMES, Card, parse_cards
from .evaluator import Category, describe_signature, group_signature, pack_signature

__all__ = [
    "Ranking",
    "LOW_TOP",
    "cards_in",
    "ranks_in",
    "strength_counting_all",
    "describe_low",
    "unpack",
    "showing_by_counts",
    "showing_in_ranks",
]

LOW_TOP = 1 << 24
"""Above every packed signature: a low ranking's value is ``LOW_TOP - strength``."""


@dataclass(frozen=True)
class Ranking:
    """How hands compare. Subclasses fill in the four methods.

    :meth:`describe` takes a value from :meth:`evaluate`; anything else (None, the
    value of a hand that does not qualify, or a number no hand has) is a
    :class:`~studrules.errors.CardError` that says so, in every ranking.
    """

    name: str
    ace_high: bool
    summary: str

    #: True for a ranking of the face-down cards alone (a part of the pot
    #: such as the best spade in the hole): the showdown gives it only those.
    hole_cards_only: ClassVar[bool] = False

    #: The fewest cards a hand of this ranking is made of (five for most;
    #: four for badugi, two for the two-card hands): a showdown needs the
    #: players to hold at least that many.
    fewest_cards: ClassVar[int] = 5

    #: True for a ranking that values all the cards held together (the
    #: longest flush: the longest suit of them all), not the best few of them.
    every_card_counts: ClassVar[bool] = False

    @property
    def aims_low(self) -> bool:
        """True when the ranking rewards small cards (the low rankings,
        badugi): a player aims for fewer pairs and smaller ranks."""
        return False

    def evaluate(self, cards: str | Iterable[str | Card]) -> float | None:
        """Value of the best hand the cards make, higher is better; None if it does not qualify.
        Most rankings take the best five of 5 to 9 cards; an int, but for the
        half steps of the high ranking without ace-low straights and the
        in-between hands of the four-flush ranking."""
        raise NotImplementedError

    def visible(self, cards: str | Iterable[str | Card]) -> int:
        """Strength of a showing of up cards, higher = stronger."""
        raise NotImplementedError

    def describe(self, value: float) -> str:
        """A value from :meth:`evaluate` in words (a CardError for anything else).

        >>> from studrules.cards.rankings import get_ranking
        >>> get_ranking("eight_or_better_low").describe(None)
        Traceback (most recent call last):
        ...
        studrules.errors.CardError: None is no hand value: it is what evaluate gives a hand that does not qualify under eight_or_better_low, and such a hand has no words
        """
        raise NotImplementedError

    def __init_subclass__(cls, **kwargs: object) -> None:
        # (every ranking's own describe refuses what is not one of its values, the same way)
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("describe")
        if own is not None:
            cls.describe = _checked_describe(own)  # type: ignore[method-assign,assignment]

    def describe_visible(self, cards: str | Iterable[str | Card]) -> str:
        """A showing in words."""
        raise NotImplementedError

    def showing_now(self, cards: str | Iterable[str | Card]) -> tuple[int, str, int] | None:
        """What 1 to 4 of a player's cards make now where the ranking counts
        wild cards: each wild card stands for the rank that makes the best
        showing (rank groups only: straights and flushes wait for five cards;
        a low's wild card is the lowest rank not showing). Returns the
        showing's strength, its words and how many wild cards it holds; None
        in a ranking that counts none (its wild ranks are natural cards).

        >>> from studrules.cards.rankings import get_ranking
        >>> get_ranking("high").showing_now("Ah 2c") is None
        True
        """
        return None


def _checked_describe(describe: Callable[[Ranking, float], str]) -> Callable[[Ranking, float], str]:
    """``describe``, refusing with a CardError a value that no hand of the ranking has."""

    def checked(self: Ranking, value: float) -> str:
        if value is None:
            raise CardError(
                f"None is no hand value: it is what evaluate gives a hand that does not qualify under {self.name}, "
                "and such a hand has no words"
            )
        wrong = isinstance(value, bool) or not isinstance(value, Real) or not math.isfinite(value) or value <= 0
        if not wrong:
            try:
                return describe(self, value)
            except (ValueError, TypeError, KeyError, IndexError, OverflowError):
                pass  # (a number that is no value of this ranking)
        raise CardError(
            f"{value!r} is no hand value of the {self.name} ranking: describe takes a value from its evaluate"
        )

    checked.__doc__ = describe.__doc__ or Ranking.describe.__doc__
    checked.__name__ = checked.__qualname__ = "describe"
    return checked


def cards_in(cards: str | Iterable[str | Card], sizes: range) -> tuple[Card, ...]:
    """The cards, checked: no card twice, and a count in ``sizes``.

    >>> cards_in("Ah", range(5, 10))
    Traceback (most recent call last):
    ...
    studrules.errors.CardError: expected 5 to 9 cards, got 1
    """
    hand = parse_cards(cards)
    if len(hand) not in sizes:
        raise CardError(f"expected {sizes.start} to {sizes.stop - 1} cards, got {len(hand)}")
    return hand


def ranks_in(cards: str | Iterable[str | Card], ace_high: bool, sizes: range) -> list[int]:
    """The ranks of the checked cards, the ace 1 when it is low."""
    return [1 if (c.rank == 14 and not ace_high) else c.rank for c in cards_in(cards, sizes)]


def showing_by_counts(cards: str | Iterable[str | Card]) -> int:
    """The strength of up cards by rank alone, as the few-card rankings read a
    showing: the most of a rank first, then the ranks high to low.

    >>> showing_by_counts("2c 2d") > showing_by_counts("Ah Kd") > showing_by_counts("Ah Qd") > showing_by_counts("")
    True
    >>> showing_by_counts("3c 3d") > showing_by_counts("2c 2d Ah") > showing_by_counts("2h 2s Kh")
    True
    """
    ranks = [c.rank for c in cards_in(cards, range(0, 10))]
    groups = sorted(((ranks.count(r), r) for r in set(ranks)), reverse=True)
    out = 0
    for count, rank in groups + [(0, 0)] * (9 - len(groups)):  # as many places as a showing's most groups
        out = out * 15 * 15 + count * 15 + rank
    return out


def showing_in_ranks(cards: str | Iterable[str | Card]) -> str:
    """Up cards in words, their ranks high to low (the few-card rankings' showing).

    >>> showing_in_ranks("7c Ad 7h"), showing_in_ranks("")
    ('ace seven seven', 'no cards')
    """
    ranks = sorted((c.rank for c in cards_in(cards, range(0, 10))), reverse=True)
    return " ".join(RANK_NAMES[r] for r in ranks) or "no cards"


def strength_counting_all(five: Iterable[Card], ace_low: bool) -> int:
    """Packed high-hand signature of five cards where straights and flushes
    count and the ace is only high (``ace_low`` false: A-5-4-3-2 is ace high)
    or only low (``ace_low``: A-K-Q-J-T is king high, A-2-3-4-5 a straight).
    The low rankings that count straights take the smallest.

    >>> strength_counting_all(parse_cards("Ac 2d 3h 4s 5c"), ace_low=True) > strength_counting_all(
    ...     parse_cards("Kc Qd Jh Ts Ac"), ace_low=True)
    True
    """
    cards = tuple(five)
    ranks = sorted((1 if (ace_low and c.rank == 14) else c.rank for c in cards), reverse=True)
    suited = len({c.suit for c in cards}) == 1
    straight = len(set(ranks)) == 5 and ranks[0] - ranks[4] == 4
    if straight:
        return pack_signature(Category.STRAIGHT_FLUSH if suited else Category.STRAIGHT, (ranks[0],))
    if suited:
        return pack_signature(Category.FLUSH, ranks)
    return pack_signature(*group_signature(ranks))


def describe_low(value: float) -> str:
    """A low ranking's value in words (low values are whole numbers: only the
    high rankings have half steps).

    >>> describe_low(LOW_TOP - 0x054321)
    'five-four-three-two-ace low'
    """
    whole = int(value)
    if whole != value:
        raise TypeError(f"{value!r} is not a low hand value")
    return describe_signature(*unpack(LOW_TOP - whole), low=True)


def unpack(packed: int) -> tuple[Category, tuple[int, ...]]:
    """The ``(category, ranks)`` of a packed signature (:func:`~.evaluator.pack_signature`).

    >>> unpack(0x1C9000)
    (<Category.PAIR: 1>, (12, 9))
    """
    ranks = tuple(r for r in ((packed >> 4 * i) & 0xF for i in range(4, -1, -1)) if r)
    return Category(packed >> 20), ranks
