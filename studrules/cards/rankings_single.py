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

from ..errors import CardError
from .card import SUITS, Card, parse_cards

__all__ = ["best_of_suit"]


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
