"""Rankings that count wild cards: a ranking of :mod:`.rankings` with the
cards that are wild in one player's hand.

:func:`with_wilds` gives, for the rankings that have a wild form (high and
the classic lows), a ranking whose ``evaluate`` lets each wild card stand for
any card (:mod:`.wild`, :mod:`.wild_low`); showings (``visible``), and so
acting order and the bring-in, read the cards as they are::

    >>> from studrules.cards.rankings import get_ranking
    >>> from studrules.cards.wild import of_ranks
    >>> deuces = with_wilds(get_ranking("high"), of_ranks("2"))
    >>> deuces.describe(deuces.evaluate("Ah Ad Ac 2s Kd"))
    'four aces, king kicker'
    >>> low = with_wilds(get_ranking("ace_to_five_low"), of_ranks("K"))
    >>> low.describe(low.evaluate("Kc 2d 3h 4s 5c"))
    'five-four-three-two-ace low'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from .card import RANKS, Card, is_joker, parse_cards
from .rankings_base import Ranking
from .rankings_deck_order import DeckOrderHigh
from .rankings_high import ShortDeckHigh
from .rankings_qualified import HoldingFirst, Qualified
from .wild import describe_wild, evaluate_wild
from .wild_low import (
    describe_wild_low,
    evaluate_wild_ace_to_five,
    evaluate_wild_deuce_to_seven,
    evaluate_wild_eight_or_better,
)
from .wild_visible import (
    describe_visible_wild,
    describe_visible_wild_low,
    visible_wild,
    visible_wild_ace_to_five,
    visible_wild_deuce_to_seven,
)

__all__ = ["WILD_FORMS", "WildRanking", "with_wilds"]

#: The rankings wild cards (and jokers) can count in, by name.
WILD_FORMS: tuple[str, ...] = (
    "high",
    "ace_to_five_low",
    "eight_or_better_low",
    "deuce_to_seven_low",
    "short_deck_high",
)

_LOW: dict[str, Callable[..., float | None]] = {
    "ace_to_five_low": evaluate_wild_ace_to_five,
    "eight_or_better_low": evaluate_wild_eight_or_better,
    "deuce_to_seven_low": evaluate_wild_deuce_to_seven,
}


@dataclass(frozen=True)
class WildRanking(Ranking):
    """``base`` with the cards of ``wild`` standing for any card at the showdown."""

    base: Ranking | None = None
    wild: frozenset[Card] = field(default_factory=frozenset)
    five_of_a_kind: str = "top"
    natural_beats_wild: bool = False
    joker: str | None = None  # the deck's jokers: wild or bug (None: the deck has none)
    five_wilds: str = "as_cards"
    in_flush: str = "ace"

    @property
    def aims_low(self) -> bool:
        return self._base.aims_low

    @property
    def _base(self) -> Ranking:
        assert self.base is not None  # (made by with_wilds, always with its base)
        return self.base

    def evaluate(self, cards: str | Iterable[str | Card]) -> float | None:
        if self.name == "high":
            return evaluate_wild(
                cards,
                self.wild,
                five_of_a_kind=self.five_of_a_kind,
                natural_beats_wild=self.natural_beats_wild,
                joker=self.joker or "wild",
                five_wilds=self.five_wilds,
                in_flush=self.in_flush,
            )
        return _LOW[self.name](cards, self.wild, natural_beats_wild=self.natural_beats_wild)

    def visible(self, cards: str | Iterable[str | Card]) -> int:
        cards = parse_cards(cards)
        if self.joker is None or not any(map(is_joker, cards)):
            return self._base.visible(cards)
        # a joker showing: as it plays (wild, or the bug, an ace; one of ``wild``: wild); the wild
        # ranks show as they are
        if self.name == "high":
            jokers = frozenset(c for c in self.wild if is_joker(c))
            return visible_wild(
                cards, jokers, five_of_a_kind=self.five_of_a_kind, joker=self.joker, in_flush=self.in_flush
            )
        if self.name == "deuce_to_seven_low":
            return visible_wild_deuce_to_seven(cards)
        return visible_wild_ace_to_five(cards)

    def describe(self, value: float) -> str:
        return describe_wild(value) if self.name == "high" else describe_wild_low(value)

    def describe_visible(self, cards: str | Iterable[str | Card]) -> str:
        cards = parse_cards(cards)
        if self.joker is None or not any(map(is_joker, cards)):
            return self._base.describe_visible(cards)
        if self.name == "high":
            return describe_visible_wild(
                cards, five_of_a_kind=self.five_of_a_kind, joker=self.joker, in_flush=self.in_flush
            )
        return describe_visible_wild_low(self.visible(cards))

    def showing_now(self, cards: str | Iterable[str | Card]) -> tuple[int, str, int] | None:
        """What 1 to 4 cards make now, each wild card the best rank (see :meth:`Ranking.showing_now`).

        >>> from .rankings import get_ranking
        >>> from .wild import of_ranks
        >>> with_wilds(get_ranking("high"), of_ranks("2")).showing_now("Ah 3d 2c")[1:]
        ('pair of aces, three kicker', 1)
        >>> with_wilds(get_ranking("ace_to_five_low"), of_ranks("K")).showing_now("7c Kd Ah")[1:]
        ('seven-two-ace low', 1)
        >>> with_wilds(get_ranking("deuce_to_seven_low"), frozenset(), joker="wild").showing_now("7c X1")[1:]
        ('seven-two low', 1)
        >>> with_wilds(get_ranking("high"), frozenset(), joker="bug").showing_now("Kh X1")[1:]
        ('ace-king high', 0)
        """
        hand = parse_cards(cards)
        if self.name == "high":
            joker = self.joker or "wild"
            wilds = sum(1 for c in hand if c in self.wild or (is_joker(c) and joker == "wild"))
            rules = {"five_of_a_kind": self.five_of_a_kind, "joker": joker, "in_flush": self.in_flush}
            value = visible_wild(hand, self.wild, **rules)
            return value, describe_visible_wild(hand, self.wild, **rules), wilds
        wilds = sum(1 for c in hand if c in self.wild or is_joker(c))  # (a joker is wild in a low)
        if self.name == "deuce_to_seven_low":
            value = visible_wild_deuce_to_seven(hand, self.wild)
        else:
            value = visible_wild_ace_to_five(hand, self.wild)
        return value, describe_visible_wild_low(value), wilds


@dataclass(frozen=True)
class BetterOf(Ranking):
    """The better of two readings of one player's hand in rankings of one order (the same
    ranking with other cards wild): ``evaluate`` is the higher of theirs; showings and words
    are the first's.

    >>> from .rankings import get_ranking
    >>> from .wild import of_ranks
    >>> high = get_ranking("high")
    >>> either = BetterOf("high", True, "", readings=(with_wilds(high, of_ranks("3")), with_wilds(high, of_ranks("A"))))
    >>> either.describe(either.evaluate("Ad As 3c 8h 8d 8c Js"))  # the aces wild: five eights, not four
    'five eights'
    """

    readings: tuple[Ranking, ...] = ()

    @property
    def aims_low(self) -> bool:
        return self.readings[0].aims_low

    def evaluate(self, cards: str | Iterable[str | Card]) -> float | None:
        cards = parse_cards(cards)
        found = [v for v in (r.evaluate(cards) for r in self.readings) if v is not None]
        return max(found) if found else None

    def visible(self, cards: str | Iterable[str | Card]) -> int:
        return self.readings[0].visible(cards)

    def describe(self, value: float) -> str:
        return self.readings[0].describe(value)

    def describe_visible(self, cards: str | Iterable[str | Card]) -> str:
        return self.readings[0].describe_visible(cards)

    def showing_now(self, cards: str | Iterable[str | Card]) -> tuple[int, str, int] | None:
        """The better of the readings' showings now (:meth:`Ranking.showing_now`).

        >>> from .rankings import get_ranking
        >>> from .wild import of_ranks
        >>> high = get_ranking("high")
        >>> either = BetterOf("high", True, "", readings=(with_wilds(high, of_ranks("3")), with_wilds(high, of_ranks("A"))))
        >>> either.showing_now("Ad 8h 8d")[1:]  # the ace wild: three eights
        ('three eights', 1)
        """
        found = [s for s in (r.showing_now(cards) for r in self.readings) if s is not None]
        return max(found, key=lambda s: s[0]) if found else None


def with_wilds(
    ranking: Ranking,
    wild: frozenset[Card],
    *,
    five_of_a_kind: str = "top",
    natural_beats_wild: bool = False,
    joker: str | None = None,
    five_wilds: str = "as_cards",
    in_flush: str = "ace",
) -> Ranking:
    """``ranking`` counting the cards of ``wild`` as wild, and the jokers as
    ``joker`` says (``wild`` or ``bug``; None: the deck has no jokers), a wild
    card in a flush as ``in_flush`` says (the high ranking of a full deck);
    ``ranking`` itself when nothing is wild or it has no wild form (see
    :data:`WILD_FORMS`). In the short-deck ranking five of a kind is always
    the best hand and a natural hand ties the same hand made with wild cards.

    >>> from .rankings import get_ranking
    >>> bug = with_wilds(get_ranking("high"), frozenset(), joker="bug")
    >>> bug.describe(bug.evaluate("Kh Kd 7c 5s X1")), bug.describe_visible("Kh X1")
    ('pair of kings, ace-seven-five kickers', 'ace-king high')

    A qualified ranking keeps its qualifier: the wild cards count inside it.

    >>> from types import SimpleNamespace
    >>> from .rankings import ranking_for
    >>> from .wild import of_ranks
    >>> nine = ranking_for(SimpleNamespace(ranks="23456789TJQKA", ace_low_straight=True), "ace_to_five_low", or_better=9)
    >>> sevens = with_wilds(nine, of_ranks("7"))
    >>> sevens.evaluate("Kc Qd Jh Ts 6c 4d 3h") is None, sevens.describe(sevens.evaluate("8c 7d 6h 4s 3c"))
    (True, 'eight-six-four-three-ace low')
    """
    if (not wild and joker is None) or ranking.name not in WILD_FORMS:
        return ranking
    if isinstance(ranking, (Qualified, HoldingFirst)):  # the wild cards count inside the qualifier
        inner = with_wilds(
            ranking.base,
            wild,
            five_of_a_kind=five_of_a_kind,
            natural_beats_wild=natural_beats_wild,
            joker=joker,
            five_wilds=five_wilds,
            in_flush=in_flush,
        )
        return dataclasses.replace(ranking, base=inner)
    if isinstance(ranking, ShortDeckHigh):  # (its wild form is the deck-order ranking)
        ranking = DeckOrderHigh(ranking.name, True, ranking.summary, ranks=RANKS[ranking.lowest - 2 :])
    if isinstance(ranking, DeckOrderHigh):
        return dataclasses.replace(ranking, wild=wild, joker=joker or "wild")
    return WildRanking(
        ranking.name,
        ranking.ace_high,
        ranking.summary + ", with wild cards",
        base=ranking,
        wild=wild,
        five_of_a_kind=five_of_a_kind,
        natural_beats_wild=natural_beats_wild,
        joker=joker,
        five_wilds=five_wilds,
        in_flush=in_flush,
    )
