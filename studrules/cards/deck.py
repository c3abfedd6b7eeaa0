"""Decks: the cards of a hand in the order they are dealt.

A :class:`Deck` shuffles with its own ``random.Random(seed)``: the same seed
always deals the same cards, and nothing touches the global random state::

    >>> deck = Deck(seed=7)
    >>> deck.shuffle()
    >>> [str(deck.deal()) for _ in range(3)] == [str(c) for c in Deck(seed=7, shuffled=True).peek_remaining()[:3]]
    True

A run of decks may share one generator instead (``seed=random.Random(7)``): each
shuffles with it where it stands, so the run is the same every time it starts
from the same generator, and no deck pays for seeding one of its own::

    >>> import random
    >>> run = random.Random(7)
    >>> first, second = Deck(run, shuffled=True), Deck(run, shuffled=True)
    >>> first.peek_remaining() == Deck(seed=7, shuffled=True).peek_remaining(), first.peek_remaining() == second.peek_remaining()
    (True, False)
"""

from __future__ import annotations

import _random
import functools
import itertools
import random
from collections.abc import Iterable
from typing import TypeVar

from ..errors import CardError
from .card import _BY_CODE, _JOKERS, MAX_JOKERS, Card, parse_cards

__all__ = ["Deck"]

_T = TypeVar("_T")


def _fisher_yates(rng: random.Random, x: list[_T]) -> None:
    """``rng.shuffle(x)`` inlined: the same draws in the same order (for
    ``i`` from the last place down to 1, ``j`` below ``i + 1`` from
    ``getrandbits``, drawn again while too large), so the same cards, without
    a Python call per card."""
    getrandbits = rng.getrandbits
    for k, places in _draw_steps(len(x)):
        for i in places:
            j = getrandbits(k)
            while j > i:  # (not below i + 1: drawn again)
                j = getrandbits(k)
            x[i], x[j] = x[j], x[i]


@functools.lru_cache(maxsize=64)
def _draw_steps(size: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The places ``i`` the shuffle fills, last first, in runs of the same bits ``k`` of
    a draw below ``i + 1`` (``random``'s ``_randbelow``: ``(i + 1).bit_length()``)."""
    runs = itertools.groupby(range(size - 1, 0, -1), lambda i: (i + 1).bit_length())
    return tuple((k, tuple(places)) for k, places in runs)


def _same_as_random_shuffle() -> bool:
    for seed in (0, 1, 7, "x", 2**70):
        for size in (0, 1, 2, 3, 40, 52):
            ra, rb = random.Random(seed), random.Random(seed)
            a, b = list(range(size)), list(range(size))
            ra.shuffle(a)
            _fisher_yates(rb, b)
            if a != b or ra.getstate() != rb.getstate():  # the same order, the generator left the same
                return False
    return True


def _seeded(seed: int | str | bytes | random.Random | None) -> random.Random:
    """``random.Random(seed)``; for a whole-number seed, seeded by the C
    generator directly (what ``Random.seed`` does with one, without its
    Python steps); a generator given as the seed is the one used."""
    if type(seed) is int and _SEED_DIRECT:
        rng = _new_random(random.Random)
        _seed_random(rng, seed)
        rng.gauss_next = None  # type: ignore[attr-defined]  # set by Random.seed; typeshed's Random omits it
        return rng
    if isinstance(seed, random.Random):
        return seed
    return random.Random(seed)


_new_random = random.Random.__new__
_seed_random = _random.Random.seed  # the C generator's own seed (random.Random's base class)
_SEED_DIRECT = False
_SEED_DIRECT = all(_seeded(s).getstate() == random.Random(s).getstate() for s in (0, 1, 12345, -7, 2**70))

# the inlined shuffle only where it gives exactly random.shuffle's order
_shuffle = _fisher_yates if _same_as_random_shuffle() else (lambda rng, x: rng.shuffle(x))


class Deck:
    """A deck of cards dealt from the top, shuffled by its own ``random.Random(seed)``
    (or by ``seed`` itself where it is a ``random.Random``, shared with other decks).

    ``cards`` (default: the 52 cards in code order) is the order before any
    shuffle; ``jokers=N`` puts jokers ``X1`` to ``XN`` after them;
    ``shuffled=True`` shuffles once at creation. The global random state is
    never used, so the same seed gives the same deal every time.

    >>> deck = Deck(seed=1)
    >>> deck.remaining, deck.deal()
    (52, Card('2c'))
    >>> deck.burn(), deck.remaining
    (Card('2d'), 50)
    >>> a, b = Deck(seed=42, shuffled=True), Deck(seed=42, shuffled=True)
    >>> [a.deal() for _ in range(5)] == [b.deal() for _ in range(5)]
    True
    >>> with_jokers = Deck(seed=1, jokers=2)
    >>> with_jokers.remaining, with_jokers.peek_remaining()[-2:]
    (54, (Card('X1'), Card('X2')))
    """

    def __init__(
        self,
        seed: int | str | bytes | random.Random | None = None,
        cards: str | Iterable[str | Card] | None = None,
        *,
        shuffled: bool = False,
        jokers: int = 0,
    ):
        self.seed = seed
        self._random = _seeded(seed)
        self._cards: list[Card] = list(_BY_CODE if cards is None else parse_cards(cards))
        if jokers:  # X1 to XN after the cards
            if type(jokers) is not int or not 0 < jokers <= MAX_JOKERS:
                raise CardError(f"{jokers!r} jokers: a deck holds 0 to {MAX_JOKERS}")
            self._cards += parse_cards(self._cards + list(_JOKERS[:jokers]))[-jokers:]  # a joker given twice raises
        self._burned: list[Card] = []
        self._dealt = 0
        if shuffled:
            if cards is None:
                _shuffle(self._random, self._cards)
            else:
                self.shuffle()

    def shuffle(self) -> None:
        """Shuffle the cards not yet dealt, with this deck's own random generator."""
        if not self._dealt:
            _shuffle(self._random, self._cards)
            return
        rest = self._cards[self._dealt :]
        _shuffle(self._random, rest)
        self._cards[self._dealt :] = rest

    def deal(self) -> Card:
        """Take the top card. CardError when the deck is empty."""
        if self._dealt >= len(self._cards):
            raise CardError("the deck is empty")
        card = self._cards[self._dealt]
        self._dealt += 1
        return card

    def deal_many(self, count: int) -> tuple[Card, ...]:
        """Take ``count`` cards from the top."""
        if count > self.remaining:
            raise CardError(f"cannot deal {count} cards: only {self.remaining} left in the deck")
        return tuple(self.deal() for _ in range(count))

    def burn(self) -> Card:
        """Discard the top card face down (returned, and kept in ``burned``)."""
        card = self.deal()
        self._burned.append(card)
        return card

    @property
    def burned(self) -> tuple[Card, ...]:
        """The burned cards, in order."""
        return tuple(self._burned)

    @property
    def remaining(self) -> int:
        """How many cards are left to deal."""
        return len(self._cards) - self._dealt

    def peek_remaining(self) -> tuple[Card, ...]:
        """The cards left, top first, without dealing them."""
        return tuple(self._cards[self._dealt :])

    def __len__(self) -> int:
        return self.remaining

    def __repr__(self) -> str:
        return f"Deck(seed={self.seed!r}, remaining={self.remaining})"
