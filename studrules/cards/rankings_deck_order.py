"""High poker played in a stripped deck's own rank order, wild cards and
jokers included.

A deck stripped in the middle (the 40-card deck without eights, nines and
tens, ``234567JQKA``) makes straights of five ranks in a row *of the ranks
it holds*: J-7-6-5-4 and A-K-Q-J-7 are straights, and the ace is also low
next to the deck's lowest rank (A-2-3-4-5 here, A-6-7-8-9 in a 36-card
deck). As in every short-deck game a flush beats a full house. Five of a
kind, which only wild cards make, is the best hand.

Wild cards (``wild``) stand for any card of the deck, a card already held
included (four aces and a wild card are five aces; a wild card may double
the ace of a flush: flushes compare card by card). A joker is wild too, or,
with ``joker="bug"``, *the bug*: an ace (doubling one held, so four aces and
the bug are five aces), or any card that completes a straight, a flush or a
straight flush. A joker listed in ``wild`` is fully wild even then.

The best hand is found by trying, for each five cards, every card the wild
cards and bugs can stand for: a hand of five with one joker is forty tries,
which the games dealing these decks (five-card stud) never exceed by much.

    >>> stripped = DeckOrderHigh("short_deck_high", True, "", ranks="234567JQKA")
    >>> stripped.describe(stripped.evaluate("Jc 7d 6h 5s 4c"))
    'straight, jack high'
    >>> stripped.evaluate("2h 7h 5h Jh Kh") > stripped.evaluate("Kc Kd Ks 7c 7d")
    True
    >>> bug = DeckOrderHigh("short_deck_high", True, "", ranks="234567JQKA", joker="bug")
    >>> bug.describe(bug.evaluate("Ks Qd Jh 7c X1")), bug.describe(bug.evaluate("Kc Kd 4s 3h X1"))
    ('straight, ace high', 'pair of kings, ace-four-three kickers')
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ..errors import CardError
from .card import RANK_PLURALS, RANKS, Card, is_joker
from .evaluator import Category, describe_signature, group_signature, pack_signature
from .rankings_base import Ranking, cards_in

__all__ = ["DeckOrderHigh"]

# this ranking's categories, in its order: the standard ones with the flush
# above the full house, and five of a kind on top
_STRAIGHT, _FULL_HOUSE, _FLUSH, _QUADS, _STRAIGHT_FLUSH, _FIVE = 4, 5, 6, 7, 8, 9
_WORDS_CATEGORY = {_FULL_HOUSE: Category.FULL_HOUSE, _FLUSH: Category.FLUSH}
_BUG_MAKES = (_STRAIGHT, _FLUSH, _STRAIGHT_FLUSH)  # the bug stands for a non-ace only in these


@dataclass(frozen=True)
class DeckOrderHigh(Ranking):
    """High poker in the order of the deck's ``ranks`` (lowest first, as the
    variant language writes them), with the cards of ``wild`` and the
    jokers wild, or the jokers the bug (``joker="bug"``). See the module's text.

    >>> short = DeckOrderHigh("short_deck_high", True, "", ranks="6789TJQKA")
    >>> short.describe(short.evaluate("Ac 6d 7h 8s 9c"))
    'straight, nine high'
    >>> short.evaluate("2c 6d 7h 8s 9c")
    Traceback (most recent call last):
    ...
    studrules.errors.CardError: 2c is not in a deck of the ranks 6789TJQKA
    """

    ranks: str = "23456789TJQKA"
    wild: frozenset[Card] = field(default_factory=frozenset)
    joker: str = "wild"

    def evaluate(self, cards: str | Iterable[str | Card]) -> int:
        hand = self._hand(cards, range(5, 10))
        best = 0
        for five in itertools.combinations(hand, 5):
            value = self._best_five(five)
            if value > best:
                best = value
        return best

    def visible(self, cards: str | Iterable[str | Card]) -> int:
        hand = self._hand(cards, range(1, 10))
        if len(hand) >= 5:
            return self.evaluate(hand)  # (its values are packed signatures in this ranking's order)
        return pack_signature(*self._showing(hand))

    def describe(self, value: float) -> str:
        v = int(value)
        category = v >> 20
        ranks = tuple(r for r in ((v >> 4 * k) & 15 for k in range(4, -1, -1)) if r)
        if category == _FIVE:
            return f"five {RANK_PLURALS[ranks[0]]}"
        return describe_signature(_WORDS_CATEGORY.get(category, category), ranks)

    def describe_visible(self, cards: str | Iterable[str | Card]) -> str:
        hand = self._hand(cards, range(1, 10))
        if len(hand) >= 5:
            return self.describe(self.evaluate(hand))
        return describe_signature(*self._showing(hand))

    def showing_now(self, cards: str | Iterable[str | Card]) -> tuple[int, str, int] | None:
        """What 1 to 4 cards make now, each wild card (a joker that is wild
        included) the best rank of the deck (see :meth:`Ranking.showing_now`).

        >>> short = DeckOrderHigh("short_deck_high", True, "", ranks="6789TJQKA")  # its jokers wild
        >>> short.showing_now("Kh X1")[1:], short.showing_now("Kh 7c")[1:]
        (('pair of kings', 1), ('king-seven high', 0))
        """
        hand = self._hand(cards, range(1, 5))
        wild = [c for c in hand if self._role(c) == "wild"]
        ranks = [14 if is_joker(c) else c.rank for c in hand if self._role(c) != "wild"]
        choices = [RANKS.index(r) + 2 for r in self.ranks]
        signature = max(
            (
                group_signature(ranks + list(chosen))
                for chosen in itertools.combinations_with_replacement(choices, len(wild))
            ),
            key=lambda signature: pack_signature(*signature),
        )
        return pack_signature(*signature), describe_signature(*signature), len(wild)

    # -- the work ----------------------------------------------------------------
    def _hand(self, cards: str | Iterable[str | Card], sizes: range) -> tuple[Card, ...]:
        hand = cards_in(cards, sizes)
        for card in hand:
            if not is_joker(card) and RANKS[card.rank - 2] not in self.ranks:
                raise CardError(f"{card} is not in a deck of the ranks {self.ranks}")
        return hand

    def _role(self, card: Card) -> str:
        """``natural``, ``wild`` or ``bug``."""
        if card in self.wild:
            return "wild"
        if is_joker(card):
            return self.joker
        return "natural"

    def _best_five(self, five: Sequence[Card]) -> int:
        natural = [(c.rank, c.suit) for c in five if self._role(c) == "natural"]
        wilds = sum(1 for c in five if self._role(c) == "wild")
        bugs = 5 - len(natural) - wilds
        if not wilds and not bugs:
            return _score(tuple(natural), self.ranks)
        deck = _deck_cards(self.ranks)
        best = 0
        for stand_ins in itertools.combinations_with_replacement(deck, wilds):
            for bug_cards in itertools.combinations_with_replacement(deck, bugs):
                value = _score(tuple(natural) + stand_ins + bug_cards, self.ranks)
                if any(r != 14 for r, _ in bug_cards) and value >> 20 not in _BUG_MAKES:
                    continue  # a bug is an ace unless it completes a straight or a flush
                if value > best:
                    best = value
        return best

    def _showing(self, hand: Sequence[Card]) -> tuple[int, tuple[int, ...]]:
        """Rank groups of 1 to 4 up cards: a bug shows as an ace, a joker that
        is wild as the rank that makes the best showing; the wild ranks show
        as they are (as in every ranking's showings)."""
        ranks = [14 if is_joker(c) else c.rank for c in hand if not (is_joker(c) and self._role(c) == "wild")]
        count = len(hand) - len(ranks)
        choices = [RANKS.index(r) + 2 for r in self.ranks]
        return max(
            (
                group_signature(ranks + list(chosen))
                for chosen in itertools.combinations_with_replacement(choices, count)
            ),
            key=lambda signature: pack_signature(*signature),
        )


@functools.cache
def _deck_cards(ranks: str) -> tuple[tuple[int, str], ...]:
    """(rank, suit) of every card of the deck."""
    return tuple((RANKS.index(r) + 2, s) for r in ranks for s in "cdhs")


@functools.cache
def _straights(ranks: str) -> dict[frozenset[int], int]:
    """Each set of five ranks in a row of the deck's order, to its top rank;
    the ace also below the deck's lowest rank."""
    order = [RANKS.index(r) + 2 for r in ranks]
    runs = {frozenset(order[i : i + 5]): order[i + 4] for i in range(len(order) - 4)}
    if order[-1] == 14 and len(order) >= 5:
        runs[frozenset([14, *order[:4]])] = order[3]
    return runs


def _score(five: tuple[tuple[int, str], ...], ranks: str) -> int:
    """The packed value of five (rank, suit) cards, repeats allowed."""
    values = sorted((r for r, _ in five), reverse=True)
    flush = len({s for _, s in five}) == 1
    top = _straights(ranks).get(frozenset(values)) if len(set(values)) == 5 else None
    category, order = group_signature(values)
    if category == Category.FOUR_OF_A_KIND and values.count(values[0]) == 5:
        return pack_signature(_FIVE, (values[0],))
    if top is not None:
        return pack_signature(_STRAIGHT_FLUSH if flush else _STRAIGHT, (top,))
    if category == Category.FOUR_OF_A_KIND:
        return pack_signature(_QUADS, order)
    if flush:
        return pack_signature(_FLUSH, values)
    if category == Category.FULL_HOUSE:
        return pack_signature(_FULL_HOUSE, order)
    return pack_signature(category, order)
