"""One card chosen from several: the highest (or lowest) card of a suit, as
in the games where the best spade in the hole takes half the pot. Not a hand
ranking: the game layer picks whose cards count (the down cards, say), asks
each player's best card of the suit, then the best of those.

>>> best_of_suit("Ks 9d 2s Ah")
Card('Ks')
>>> best_of_suit("Ks 9d 2s Ah", lowest=True), best_of_suit("9d Ah") is None
(Card('2s'), True)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

from ..errors import CardError
from .card import RANK_NAMES, SUIT_NAMES, SUITS, Card, parse_cards
from .rankings_base import Ranking

__all__ = ["best_of_suit", "HoleCardOfSuit"]


def best_of_suit(
    cards: str | Iterable[str | Card], suit: str = "s", *, lowest: bool = False, ace_high: bool = True
) -> Card | None:
    """The highest card of ``suit`` among ``cards`` (with ``lowest``, the
    lowest one); None when there is no card of that suit. The ace is the
    highest rank when ``ace_high``, else the lowest.

    To award the pot's part between players, take each player's card and
    then ``best_of_suit`` of those cards: cards are all different, so there
    is never a tie.

    >>> best_of_suit("As 2s", lowest=True), best_of_suit("As 2s", lowest=True, ace_high=False)
    (Card('2s'), Card('As'))
    >>> best_of_suit("Kh 3h 9c", "h")
    Card('Kh')
    >>> best_of_suit("Kh", "x")
    Traceback (most recent call last):
    ...
    studrules.errors.CardError: 'x' is not a suit: one of c d h s
    """
    if suit not in SUITS or len(suit) != 1:
        raise CardError(f"{suit!r} is not a suit: one of {' '.join(SUITS)}")
    of_suit = [c for c in parse_cards(cards) if c.suit == suit]
    if not of_suit:
        return None

    def rank(card: Card) -> int:
        return 1 if (card.rank == 14 and not ace_high) else card.rank

    return min(of_suit, key=rank) if lowest else max(of_suit, key=rank)


@dataclass(frozen=True)
class HoleCardOfSuit(Ranking):
    """A part of the pot for the best card of a suit among a player's
    face-down cards (``hole_cards_only``: the showdown gives it only those):
    the highest, or with ``lowest`` the lowest; ``ace_high`` as the ranking
    says. A player without such a card has no value for it.

    >>> high = HoleCardOfSuit("high_spade_in_the_hole", True, "", suit="s")
    >>> high.evaluate("Ks 9d") > high.evaluate("Qs Jh"), high.evaluate("9d Ah") is None
    (True, True)
    >>> high.describe(high.evaluate("Ks 9d 2s"))
    'the king of spades in the hole'
    >>> low = HoleCardOfSuit("low_spade_in_the_hole", True, "", suit="s", lowest=True)
    >>> low.evaluate("2s") > low.evaluate("3s")
    True
    """

    suit: str = "s"
    lowest: bool = False
    hole_cards_only: ClassVar[bool] = True

    def evaluate(self, cards: str | Iterable[str | Card]) -> float | None:
        card = best_of_suit(cards, self.suit, lowest=self.lowest, ace_high=self.ace_high)
        if card is None:
            return None
        rank = 1 if (card.rank == 14 and not self.ace_high) else card.rank
        return 15 - rank if self.lowest else rank

    def visible(self, cards: str | Iterable[str | Card]) -> int:
        return 0  # a hole card never shows

    def describe(self, value: float) -> str:
        rank = int(15 - value) if self.lowest else int(value)
        return f"the {RANK_NAMES[rank]} of {SUIT_NAMES[self.suit]} in the hole"

    def describe_visible(self, cards: str | Iterable[str | Card]) -> str:
        return "nothing showing counts"
