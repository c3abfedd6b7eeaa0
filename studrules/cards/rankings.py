"""Named hand rankings a variant can choose: high, the low rankings, and the
stud family's others (in :mod:`.rankings_high` and :mod:`.rankings_low`).

Every ranking answers the same questions, so the interpreter never asks which
one it holds::

    >>> low = get_ranking("ace_to_five_low")
    >>> low.evaluate("5c 4d 3h 2s Ac") > low.evaluate("6c 4d 3h 2s Ac")
    True
    >>> low.describe(low.evaluate("5c 4d 3h 2s Ac Kd Kh"))
    'five-four-three-two-ace low'
    >>> get_ranking("eight_or_better_low").evaluate("9c 7d 5h 3s 2c") is None
    True

- ``evaluate(cards)``: the best hand of the cards as a number, higher is
  better (the best five of 5 to 9 cards for most rankings, of four for
  badugi, of two for two-card hands); ``None`` when the hand does not qualify.
- ``visible(cards)``: strength of the up cards showing, higher = stronger, for
  acting order (straights and flushes never count in fewer than five cards;
  a four-flush does, where it is a hand).
- ``describe(value)`` / ``describe_visible(cards)``: words.
- ``ace_high``: how a single card's rank compares (for the bring-in).
- ``aims_low``: the ranking rewards small cards.

The base class and shared helpers are in :mod:`.rankings_base`; qualifiers
("nine or better", "a pair of fours or better") in :mod:`.rankings_qualified`,
which :func:`ranking_for` applies; the best card of a suit (half the pot to
the best spade in the hole) in :mod:`.rankings_single`.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from ..errors import CardError, close_matches, some_names
from .card import RANKS, Card, parse_cards
from .evaluator import (
    Category,
    HandValue,
    category_floor,
    describe_signature,
    describe_visible,
    evaluate as evaluate_high,
    group_signature,
    lowest_group_signature,
    pack_signature,
    visible_value,
)
from .rankings_base import LOW_TOP, Ranking, cards_in, describe_low, ranks_in, strength_counting_all
from .rankings_deck_order import DeckOrderHigh
from .rankings_flush import LongestFlush
from .rankings_four import FourCardHigh
from .rankings_high import AceToFiveHigh, FourFlushHigh, ShortDeckHigh, TwoCardHigh
from .rankings_low import AceToSixLow, Badugi, TwoCardAceToFiveLow
from .rankings_qualified import at_least, holding_first, or_better
from .rankings_single import HoleCardOfSuit
from .rankings_suit_run import LongestSuitRun
from .rankings_three import ThreeCardHigh

__all__ = [
    "Ranking",
    "HighRanking",
    "AceToFiveLow",
    "DeuceToSevenLow",
    "UnknownRankingError",
    "RANKING_NAMES",
    "ALL_RANKING_NAMES",
    "get_ranking",
    "ranking_for",
    "DeckRules",
]


class DeckRules(Protocol):
    """What a ranking needs to know of a deck: the ranks it holds (lowest
    first, e.g. ``"23456789TJQKA"``) and whether A-2-3-4-5 is a straight. A
    variant's deck (``DeckSpec`` in the variant model) is one."""

    @property
    def ranks(self) -> str: ...

    @property
    def ace_low_straight(self) -> bool: ...


class UnknownRankingError(CardError, KeyError):
    """A ranking name that does not exist (a :class:`~studrules.errors.CardError`;
    catch it as ValueError or KeyError too)."""

    def __str__(self) -> str:
        return str(self.args[0])


@dataclass(frozen=True)
class HighRanking(Ranking):
    """Ordinary high poker (the evaluator's :class:`HandValue`).

    ``ace_low_straight`` (true for the shared ``high`` ranking): A-2-3-4-5 is a
    straight. Make the other one with :func:`ranking_for` (a deck whose
    ``ace_low_straight`` is false) or ``HighRanking(..., ace_low_straight=False)``.

    >>> high = get_ranking("high")
    >>> high.describe(high.evaluate("Qh Qd Ah Kc 7s"))
    'pair of queens, ace-king-seven kickers'
    """

    ace_low_straight: bool = True

    def evaluate(self, cards: str | Iterable[str | Card]) -> float:
        value = evaluate_high(cards)
        if self.ace_low_straight or value not in _DEMOTED:
            return value
        return _without_wheel(cards, value)

    def visible(self, cards: str | Iterable[str | Card]) -> int:
        if self.ace_low_straight:
            return visible_value(cards)
        hand = parse_cards(cards)
        if len(hand) < 5:
            return visible_value(hand)
        return pack_signature(*self.signature(self.evaluate(hand)))

    def describe(self, value: float) -> str:
        if value in _DEMOTED_SIGNATURES:
            return describe_signature(*_DEMOTED_SIGNATURES[value])
        return HandValue(value).describe()

    def describe_visible(self, cards: str | Iterable[str | Card]) -> str:
        if self.ace_low_straight:
            return describe_visible(cards)
        hand = parse_cards(cards)
        if len(hand) < 5:
            return describe_visible(hand)
        return self.describe(self.evaluate(hand))

    def signature(self, value: float) -> tuple[Category, tuple[int, ...]]:
        """``(category, deciding ranks)`` of a value from :meth:`evaluate`.

        >>> no_wheel = HighRanking("high", True, "", ace_low_straight=False)
        >>> no_wheel.signature(no_wheel.evaluate("Ac 2d 3h 4s 5c"))
        (<Category.HIGH_CARD: 0>, (14, 5, 4, 3, 2))
        """
        if value in _DEMOTED_SIGNATURES:
            return _DEMOTED_SIGNATURES[value]
        hand_value = HandValue(value)
        return hand_value.category, hand_value.ranks


# Without ace-low straights the wheel is an ace-high hand and the steel wheel an
# ace-high flush. Neither exists on the evaluator's scale (1..7462, one step a
# hand), so each takes the half step just below the weakest ace-high hand of
# its kind (A-6-4-3-2), above K-Q-J-T-8: every other hand keeps its value, and
# thresholds such as ``hand >= ace_king`` or ``hand >= pair`` read the same.
#
# The values are counted, not evaluated, so that importing this module does
# not read the evaluator's tables: the wheel is the lowest straight and the
# steel wheel the lowest straight flush (their categories' floors). Below
# A-6-4-3-2 lie the 784 no-pair hands topped by a king or less (5 of the 12
# ranks 2..K, C(12, 5) = 792, less the 8 straights 6-high to K-high), so it is
# the 785th no-pair hand; flushes are ordered as no-pair hands are, so the
# ace-high flush A-6-4-3-2 is the 785th flush (tests/test_rankings.py checks
# the four against the evaluator).
_WHEEL = category_floor(Category.STRAIGHT)
_STEEL_WHEEL = category_floor(Category.STRAIGHT_FLUSH)
_ACE_SIX_HIGH = HandValue(category_floor(Category.HIGH_CARD) + 784)
_ACE_SIX_FLUSH = HandValue(category_floor(Category.FLUSH) + 784)
_DEMOTED: dict[int, float] = {
    _WHEEL: _ACE_SIX_HIGH - 0.5,
    _STEEL_WHEEL: _ACE_SIX_FLUSH - 0.5,
}
_DEMOTED_SIGNATURES: dict[float, tuple[Category, tuple[int, ...]]] = {
    _DEMOTED[_WHEEL]: (Category.HIGH_CARD, (14, 5, 4, 3, 2)),
    _DEMOTED[_STEEL_WHEEL]: (Category.FLUSH, (14, 5, 4, 3, 2)),
}


def _without_wheel(cards: str | Iterable[str | Card], value: int) -> float:
    """The best five when the best hand with ace-low straights is a wheel:
    five cards are simply demoted; with more, every five is looked at (rare)."""
    hand = parse_cards(cards)
    if len(hand) == 5:
        return _DEMOTED[value]
    best: float = 0
    v: float
    for five in itertools.combinations(hand, 5):
        v = evaluate_high(five)
        v = _DEMOTED.get(v, v)
        if v > best:
            best = v
    return best


@dataclass(frozen=True)
class AceToFiveLow(Ranking):
    """Ace-to-five lowball: the ace is low, straights and flushes do not
    count, the best hand is 5-4-3-2-A. With ``qualifier`` (e.g. 8), a hand
    qualifies only with five different ranks all at or below it.

    >>> low = get_ranking("ace_to_five_low")
    >>> low.evaluate("Ac 2c 3c 4c 5c") > low.evaluate("6d 4c 3s 2h Ad") > low.evaluate("Ac Ad 2c 3d 4h")
    True
    >>> low.describe_visible("Kc Kd 2s"), low.visible("Kc Kd 2s") < low.visible("Qc Jd 9s")
    ('pair of kings, two kicker', True)
    """

    qualifier: int | None = None

    @property
    def aims_low(self) -> bool:
        return True

    def evaluate(self, cards: str | Iterable[str | Card]) -> int | None:
        ranks = ranks_in(cards, ace_high=False, sizes=range(5, 10))
        if self.qualifier is not None:
            low = sorted({r for r in ranks if r <= self.qualifier})
            if len(low) < 5:
                return None
            return LOW_TOP - pack_signature(Category.HIGH_CARD, tuple(reversed(low[:5])))
        return LOW_TOP - _best_ace_to_five(bytes(sorted(ranks)))

    def visible(self, cards: str | Iterable[str | Card]) -> int:
        ranks = ranks_in(cards, ace_high=False, sizes=range(1, 10))
        if len(ranks) >= 5:
            return LOW_TOP - _best_ace_to_five(bytes(sorted(ranks)))
        return LOW_TOP - pack_signature(*group_signature(ranks))

    def describe(self, value: float) -> str:
        return describe_low(value)

    def describe_visible(self, cards: str | Iterable[str | Card]) -> str:
        return self.describe(self.visible(cards))


@dataclass(frozen=True)
class DeuceToSevenLow(Ranking):
    """Deuce-to-seven lowball: the ace is only high (A-2-3-4-5 is ace high, not
    a straight), straights and flushes count against you; 7-5-4-3-2 offsuit
    is the best hand.

    >>> low = get_ranking("deuce_to_seven_low")
    >>> low.evaluate("7c 5d 4h 3s 2c") > low.evaluate("8c 5d 4h 3s 2c") > low.evaluate("6c 5d 4h 3s 2c")
    True
    >>> low.describe(low.evaluate("Ac 2d 3h 4s 5c"))
    'ace-five-four-three-two low'
    """

    @property
    def aims_low(self) -> bool:
        return True

    def evaluate(self, cards: str | Iterable[str | Card]) -> int:
        hand = cards_in(cards, range(5, 10))
        return LOW_TOP - min(strength_counting_all(five, ace_low=False) for five in itertools.combinations(hand, 5))

    def visible(self, cards: str | Iterable[str | Card]) -> int:
        hand = cards_in(cards, range(1, 10))
        if len(hand) >= 5:
            return self.evaluate(hand)
        return LOW_TOP - pack_signature(*group_signature(c.rank for c in hand))

    def describe(self, value: float) -> str:
        return describe_low(value)

    def describe_visible(self, cards: str | Iterable[str | Card]) -> str:
        return self.describe(self.visible(cards))


_RANKINGS: dict[str, Ranking] = {
    r.name: r
    for r in (
        HighRanking("high", True, "high poker: royal flush best, the ace high or low in a straight"),
        AceToFiveLow(
            "ace_to_five_low", False, "ace-to-five low: ace low, straights and flushes ignored, 5-4-3-2-A best"
        ),
        DeuceToSevenLow(
            "deuce_to_seven_low", True, "deuce-to-seven low: ace high, straights and flushes count, 7-5-4-3-2 best"
        ),
        AceToFiveLow(
            "eight_or_better_low",
            False,
            "ace-to-five low that qualifies only with five different ranks of 8 or lower",
            qualifier=8,
        ),
        AceToSixLow(
            "ace_to_six_low",
            False,
            "ace-to-six low: ace low, straights and flushes count against the hand, 6-4-3-2-A best",
        ),
        Badugi(
            "badugi",
            False,
            "badugi: up to four cards of different suits and ranks, more valid cards first, ace low, 4-3-2-A best",
        ),
        FourFlushHigh(
            "four_flush_high",
            True,
            "high poker with a four-straight and, above it, a four-flush between one pair and two pair",
        ),
        ShortDeckHigh(
            "short_deck_high",
            True,
            "high poker for a deck without the low cards: a flush beats a full house, "
            "the ace low next to the deck's lowest rank (A-6-7-8-9 with 36 cards)",
        ),
        AceToFiveHigh(
            "ace_to_five_high",
            False,
            "ace-to-five order played high: ace low, straights and flushes ignored, "
            "unpaired hands first, K-Q-J-10-9 best",
        ),
        TwoCardHigh("two_card_high", True, "the best two cards: any pair above any unpaired two, ace high"),
        HoleCardOfSuit("high_spade_in_the_hole", True, "the highest spade among a player's face-down cards", suit="s"),
        HoleCardOfSuit(
            "low_spade_in_the_hole",
            True,
            "the lowest spade among a player's face-down cards (the two lowest, the ace highest)",
            suit="s",
            lowest=True,
        ),
        Badugi(
            "badugi_ace_high",
            True,
            "badugi with the ace high: up to four cards of different suits and ranks, more valid cards first, "
            "the ace the highest card, 5-4-3-2 best",
        ),
        TwoCardAceToFiveLow(
            "two_card_ace_to_five_low",
            False,
            "the lowest two cards: ace low, any unpaired two above any pair, 2-A best",
        ),
        ThreeCardHigh(
            "three_card_high",
            True,
            "three-card hands: straight flush, three of a kind, straight, flush, pair, high card; "
            "the ace high or low in a straight",
        ),
        FourCardHigh(
            "four_card_high",
            True,
            "the best four cards: four of a kind, straight flush, three of a kind, flush, straight, two pair, "
            "pair, high card; the ace high or low in a straight",
        ),
        LongestFlush(
            "longest_flush",
            True,
            "the longest flush: the most cards of one suit, then those cards high to low as flushes rank; "
            "straights and pairs ignored",
        ),
        LongestSuitRun(
            "longest_suit_run",
            True,
            "the longest flush, then the longest straight flush (the ace high or low), perhaps of another "
            "suit; a pay table names lines of both, five_card_flush and four_card_straight_flush, each held or not",
        ),
    )
}
ALL_RANKING_NAMES: tuple[str, ...] = tuple(_RANKINGS)
"""Every ranking :func:`get_ranking` knows."""
RANKING_NAMES: tuple[str, ...] = ALL_RANKING_NAMES
"""The rankings a variant file may choose: the schema's ``$defs/ranking``."""
_HIGH_NO_WHEEL = HighRanking(
    "high",
    True,
    "high poker: royal flush best, the ace never low (A-2-3-4-5 is not a straight)",
    ace_low_straight=False,
)


def get_ranking(name: str) -> Ranking:
    """The ranking called ``name`` (one of :data:`ALL_RANKING_NAMES`).

    >>> get_ranking("high").ace_high, get_ranking("ace_to_five_low").ace_high
    (True, False)
    >>> get_ranking("lowball")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    studrules.cards.rankings.UnknownRankingError: unknown ranking 'lowball': choose one of high, ace_to_five_low, ...
    """
    ranking = _RANKINGS.get(name) if isinstance(name, str) else None
    if ranking is None and isinstance(name, str):
        ranking = _RANKINGS.get(name.strip().lower().replace("-", "_").replace(" ", "_"))
    if ranking is None:
        close = close_matches(name, ALL_RANKING_NAMES)
        hint = f"did you mean '{close[0]}'? " if close else ""
        listed = some_names(ALL_RANKING_NAMES, like=name, all_at="ALL_RANKING_NAMES has them all")
        raise UnknownRankingError(f"unknown ranking {name!r}: {hint}choose one of {listed}")
    return ranking


def ranking_for(
    deck: DeckRules, name: str, *, or_better: int | None = None, at_least: str | None = None, holding: str | None = None
) -> Ranking:
    """The ranking called ``name`` as the variant's deck plays it, with its
    qualifier.

    The deck: the high ranking without ace-low straights when the deck says
    ``ace_low_straight: false`` and A-2-3-4-5 can be dealt (a deck without
    the low cards never deals a wheel, so the usual ranking is exact there);
    the short-deck ranking with the ace low next to the deck's lowest rank
    (A-7-8-9-10 in a 32-card deck), and over the ranks the deck holds when it
    leaves some out in the middle (J-7-6-5-4 without eights to tens:
    :class:`~.rankings_deck_order.DeckOrderHigh`). Otherwise the shared
    :func:`get_ranking` object.

    The qualifier (see :mod:`.rankings_qualified`): ``or_better`` (a rank,
    e.g. 9) lets a low hand qualify only as a nine low or better;
    ``at_least`` (cards, e.g. ``"4c 4d 5h 3s 2c"``) only as good as that
    hand. ``holding`` (ranks, e.g. ``"JQK"``): a hand holding a card of
    those ranks beats every hand holding none. The same arguments give the
    same object.

    >>> from types import SimpleNamespace
    >>> full = SimpleNamespace(ranks="23456789TJQKA", ace_low_straight=True)
    >>> no_wheel_deck = SimpleNamespace(ranks="23456789TJQKA", ace_low_straight=False)
    >>> ranking_for(full, "high") is get_ranking("high")
    True
    >>> no_wheel = ranking_for(no_wheel_deck, "high")
    >>> no_wheel.describe(no_wheel.evaluate("Ac 2d 3h 4s 5c 9c Kd"))
    'ace-king-nine-five-four high'
    >>> no_wheel.evaluate("Ac 2d 3h 4s 5c") > no_wheel.evaluate("Kc Qd Jh Ts 8c")
    True
    >>> ranking_for(no_wheel_deck, "ace_to_five_low") is get_ranking("ace_to_five_low")
    True
    >>> piquet = ranking_for(SimpleNamespace(ranks="789TJQKA", ace_low_straight=True), "short_deck_high")
    >>> piquet.describe(piquet.evaluate("Ac 7d 8h 9s Tc"))
    'straight, ten high'
    >>> gapped = ranking_for(SimpleNamespace(ranks="234567JQKA", ace_low_straight=True), "short_deck_high")
    >>> gapped.describe(gapped.evaluate("Ac Kd Qh Js 7c"))
    'straight, ace high'
    >>> nine = ranking_for(full, "ace_to_five_low", or_better=9)
    >>> nine.evaluate("9c 8d 7h 6s 5c") is not None, nine.evaluate("Tc 4d 3h 2s Ac") is None, nine.words
    (True, True, 'nine or better')
    >>> ranking_for(full, "high", at_least="4c 4d 5h 3s 2c").evaluate("3c 3d Ah Ks Qc") is None
    True
    >>> faces = ranking_for(full, "ace_to_five_low", holding="JQK")
    >>> faces.evaluate("Kc Kd Ks Kh Qd Qs Qc") > faces.evaluate("Ah 2h 3s 4c 5d 6s 7c")
    True
    """
    ranking = get_ranking(name)
    if (
        isinstance(ranking, HighRanking)
        and ranking.ace_low_straight
        and not deck.ace_low_straight
        and all(r in deck.ranks for r in "A2345")
    ):
        ranking = _HIGH_NO_WHEEL
    elif isinstance(ranking, ShortDeckHigh) and deck.ranks:
        if deck.ranks == RANKS[RANKS.index(deck.ranks[0]) :]:
            ranking = _short_deck(RANKS.index(deck.ranks[0]) + 2)
        else:  # ranks left out in the middle: straights run over the ranks the deck holds
            ranking = _deck_order(deck.ranks)
    if or_better is not None:
        ranking = _or_better(ranking, or_better)
    if at_least is not None:
        ranking = _at_least(ranking, " ".join(map(str, parse_cards(at_least))))
    if holding is not None:
        ranking = _holding(ranking, holding)
    return ranking


@functools.cache
def _deck_order(ranks: str) -> Ranking:
    default = _RANKINGS["short_deck_high"]
    return DeckOrderHigh(default.name, True, default.summary, ranks=ranks)


@functools.cache
def _short_deck(lowest: int) -> Ranking:
    default = _RANKINGS["short_deck_high"]
    if not isinstance(default, ShortDeckHigh) or lowest == default.lowest:
        return default
    return dataclasses.replace(default, lowest=lowest)


@functools.cache
def _or_better(ranking: Ranking, n: int) -> Ranking:
    return or_better(ranking, n)


@functools.cache
def _at_least(ranking: Ranking, weakest: str) -> Ranking:
    return at_least(ranking, weakest)


@functools.cache
def _holding(ranking: Ranking, ranks: str) -> Ranking:
    return holding_first(ranking, ranks)


# --- helpers ---------------------------------------------------------------


_ACE_TO_FIVE: dict[bytes, int] = {}  # sorted ranks -> their best low (emptied at 65,536 entries)


def _best_ace_to_five(ranks: bytes) -> int:
    """Smallest packed group signature over the five-card subsets of ``ranks`` (ace = 1), the
    ranks sorted, as bytes: kept by them (a bytes key and a dictionary's entry take some 110 bytes
    a hand of seven, a tuple in an ``lru_cache`` some 260: a long razz session met 20,000 of them).

    >>> _best_ace_to_five(bytes([1, 2, 3, 4, 5, 13, 13])) == _best_ace_to_five(bytes([1, 2, 3, 4, 5]))
    True
    """
    value = _ACE_TO_FIVE.get(ranks)
    if value is None:
        if len(_ACE_TO_FIVE) >= 1 << 16:
            _ACE_TO_FIVE.clear()
        value = _ACE_TO_FIVE[ranks] = lowest_group_signature(tuple(ranks))
    return value
