"""Wild cards in the low rankings: ace-to-five (with or without a qualifier
such as eight-or-better) and deuce-to-seven.

The values are exactly those of the low rankings of :mod:`.rankings`: a wild
hand is worth what the natural hand it stands for is worth there, so wild and
natural low hands compare directly (higher is better)::

    >>> from .rankings import get_ranking
    >>> low = get_ranking("ace_to_five_low")
    >>> evaluate_wild_ace_to_five("Ah 2c 3d X1 7s") == low.evaluate("Ah 2c 3d 4h 7s")
    True
    >>> describe_wild_low(evaluate_wild_ace_to_five("Ah 2c 3d X1 7s"))
    'seven-four-three-two-ace low'

The rules: cards in ``wild`` and jokers are wild (in a low hand a joker is
fully wild, even where it is the bug in high hands: the lowball custom); a
wild card becomes the best card missing. In ace-to-five that is the lowest
rank not held; in deuce-to-seven the lowest rank that makes no straight
(A-2-3-4-5 is not a straight there: the ace is only high), of a suit that
makes no flush. A hand that cannot avoid a pair pairs as low as it can.
With ``qualifier`` (8 for eight-or-better) a hand qualifies only with five
different ranks at or below it, wild cards helping (None otherwise).
``natural_beats_wild`` adds :data:`~.wild.NATURAL_BONUS` to a hand made
without a wild card, as for high hands.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable

from ..errors import CardError
from .card import Card, is_joker, parse_cards
from .evaluator import Category, describe_signature, group_signature, pack_signature
from .rankings_base import LOW_TOP
from .wild import NATURAL_BONUS, wild_set

__all__ = [
    "LOW_TOP",
    "evaluate_wild_ace_to_five",
    "evaluate_wild_eight_or_better",
    "evaluate_wild_deuce_to_seven",
    "describe_wild_low",
]


_NO_WILD: frozenset[Card] = frozenset()


def evaluate_wild_ace_to_five(
    cards: str | Iterable[str | Card],
    wild: frozenset[Card] | Iterable[str | Card] = _NO_WILD,
    *,
    qualifier: int | None = None,
    natural_beats_wild: bool = False,
) -> float | None:
    """The ace-to-five low of the best five of 5 to 9 cards, the cards in
    ``wild`` and the jokers standing for the lowest ranks missing; with
    ``qualifier``, None unless five different ranks at or below it can be had.

    >>> from .wild import of_ranks
    >>> describe_wild_low(evaluate_wild_ace_to_five("Kc Kd 9h 9s X1 X2"))
    'pair of nines, king-two-ace kickers'
    >>> evaluate_wild_ace_to_five("Kc Qd 8h 6s 2c 2d", of_ranks("2"), qualifier=8) is None
    True
    >>> describe_wild_low(evaluate_wild_ace_to_five("Ac 3d 5h X1 Ks 4c"))
    'five-four-three-two-ace low'
    """
    if qualifier is not None and (type(qualifier) is not int or not 5 <= qualifier <= 13):
        raise CardError(f"a low qualifier is a rank from 5 to 13 (the ace is 1), not {qualifier!r}")
    ranks, w, natural = _read(cards, wild)
    key = ranks << 9 | w << 4 | (qualifier or 0)
    value = _ACE_TO_FIVE.get(key, -1)
    if value == -1:
        value = _ACE_TO_FIVE[key] = _ace_to_five(ranks, w, qualifier)
    if value is not None and natural_beats_wild and natural >= 5:
        key = ranks << 9 | (qualifier or 0)
        if key not in _ACE_TO_FIVE:
            _ACE_TO_FIVE[key] = _ace_to_five(ranks, 0, qualifier)
        if _ACE_TO_FIVE[key] == value:
            return value + NATURAL_BONUS
    return value


def evaluate_wild_eight_or_better(
    cards: str | Iterable[str | Card],
    wild: frozenset[Card] | Iterable[str | Card] = _NO_WILD,
    *,
    natural_beats_wild: bool = False,
) -> float | None:
    """:func:`evaluate_wild_ace_to_five` with the eight-or-better qualifier.

    >>> evaluate_wild_eight_or_better("Ac 3d 9h X1 Ks Qd 8c") is None, evaluate_wild_eight_or_better("Ac 3d 9h X1 Ks 2d 7c") is None
    (True, False)
    """
    return evaluate_wild_ace_to_five(cards, wild, qualifier=8, natural_beats_wild=natural_beats_wild)


def evaluate_wild_deuce_to_seven(
    cards: str | Iterable[str | Card],
    wild: frozenset[Card] | Iterable[str | Card] = _NO_WILD,
    *,
    natural_beats_wild: bool = False,
) -> float:
    """The deuce-to-seven low of the best five of 5 to 9 cards, the cards in
    ``wild`` and the jokers standing for the lowest cards that make no
    straight and no flush.

    >>> describe_wild_low(evaluate_wild_deuce_to_seven("3c 4d 5h 6s X1"))
    'eight-six-five-four-three low'
    >>> describe_wild_low(evaluate_wild_deuce_to_seven("2c 3c 4c 5c 9c"))
    'flush, nine-five-four-three-two'
    """
    hand = _cards(cards)
    ranks, w, natural = _read(hand, wild)
    value = 0
    if w:
        key = ranks << 4 | w
        value = _DEUCE_TO_SEVEN.get(key, 0)
        if not value:
            value = _DEUCE_TO_SEVEN[key] = _deuce_to_seven(ranks, w)
    if natural_beats_wild or not w:
        wilds = wild_set(wild)
        plain = [c for c in hand if c not in wilds and not is_joker(c)]
        best = _natural_deuce_to_seven(plain) if len(plain) >= 5 else 0
        if not w:
            return best + NATURAL_BONUS if natural_beats_wild else best
        if best == value:
            return value + NATURAL_BONUS
    return value


def describe_wild_low(value: float) -> str:
    """A low value (from this module or a low ranking) in words, with
    ", natural" when it carries the natural bonus.

    >>> describe_wild_low(evaluate_wild_ace_to_five("5c 4d 3h 2s Ac", natural_beats_wild=True))
    'five-four-three-two-ace low, natural'
    """
    steps = value * 2048
    if steps != int(steps) or int(steps) % 2048 not in (0, 1) or not 0 < value < LOW_TOP:
        raise CardError(f"{value!r} is not a low hand value")
    natural = int(steps) % 2048 == 1
    packed = LOW_TOP - int(value)
    ranks = tuple(r for r in ((packed >> 4 * i) & 0xF for i in range(4, -1, -1)) if r)
    words = describe_signature(Category(packed >> 20), ranks, low=True)
    return words + ", natural" if natural else words


# --- reading a hand ------------------------------------------------------------------


def _cards(cards: str | Iterable[str | Card]) -> tuple[Card, ...] | list[Card]:
    if isinstance(cards, (tuple, list)) and all(isinstance(c, Card) for c in cards):
        return cards
    return parse_cards(cards)


def _read(cards: str | Iterable[str | Card], wild: frozenset[Card] | Iterable[str | Card]) -> tuple[int, int, int]:
    """Rank counts of the natural cards (four bits a rank, deuce lowest), the
    number of wild cards (jokers included), the number of natural cards."""
    hand = _cards(cards)
    wilds = wild_set(wild)
    n = len(hand)
    k = 0
    w = 0
    for c in hand:
        if c in wilds or is_joker(c):
            w += 1
        else:
            k += c.keyn
    if not 5 <= n <= 9:
        raise CardError(f"a hand to evaluate has 5 to 9 cards, not {n}")
    if (k & _CARD_MASK).bit_count() != n - w or (w > 1 and len(set(hand)) != n):
        parse_cards(list(hand))  # raises, naming the repeated card
    return k >> 68, w, n - w


_CARD_MASK = ((1 << 52) - 1) << 16


# --- ace-to-five ---------------------------------------------------------------------


def _ace_to_five(ranks: int, w: int, qualifier: int | None) -> int | None:
    """Best ace-to-five low of natural rank counts and ``w`` wild cards."""
    counts = [ranks >> 48 & 15] + [ranks >> 4 * i & 15 for i in range(12)]  # index 0 = ace, 1 = deuce...
    held = [r + 1 for r in range(13) if counts[r]]
    fills = [r for r in range(1, 14) if r not in held][:w]  # the wild cards: the lowest ranks missing
    distinct = sorted(held + fills)
    if len(distinct) >= 5:
        signature: tuple[int, tuple[int, ...]] = (Category.HIGH_CARD, tuple(reversed(distinct[:5])))
    else:  # a pair or worse cannot be avoided
        multiset = [r + 1 for r in range(13) for _ in range(counts[r])] + fills
        signature = min((group_signature(five) for five in set(itertools.combinations(multiset, 5))), key=_packed)
    if qualifier is not None and (signature[0] != Category.HIGH_CARD or signature[1][0] > qualifier):
        return None
    return LOW_TOP - _packed(signature)


def _packed(signature: tuple[int, tuple[int, ...]]) -> int:
    return pack_signature(*signature)


# --- deuce-to-seven ------------------------------------------------------------------


def _deuce_to_seven(ranks: int, w: int) -> int:
    """Best deuce-to-seven low of natural rank counts and ``w`` (one or more)
    wild cards: with five different ranks possible, the best five different
    ranks that are no straight (a wild card's suit avoids a flush); else the
    lowest pairing, where no straight or flush can form."""
    counts = [ranks >> 4 * i & 15 for i in range(13)]  # index 0 = deuce
    held = sum(1 << i for i in range(13) if counts[i])
    if held.bit_count() + w >= 5:
        for five in _no_straights():
            if (five & ~held).bit_count() <= w:
                return LOW_TOP - pack_signature(Category.HIGH_CARD, [i + 2 for i in range(12, -1, -1) if five >> i & 1])
    fills = [i for i in range(13) if not counts[i]][:w]
    multiset = [i + 2 for i in range(13) for _ in range(counts[i])] + [i + 2 for i in fills]
    return LOW_TOP - min(_packed(group_signature(five)) for five in set(itertools.combinations(multiset, 5)))


def _no_straights() -> list[int]:
    """Every five different ranks (13-bit masks) that are no straight with the
    ace only high, best deuce-to-seven low first."""
    if not _NO_STRAIGHTS:
        fives = [sum(1 << i for i in five) for five in itertools.combinations(range(13), 5)]
        plain = [m for m in fives if m not in {0b11111 << i for i in range(9)}]
        plain.sort(key=lambda m: [i for i in range(12, -1, -1) if m >> i & 1])
        _NO_STRAIGHTS.extend(plain)
    return _NO_STRAIGHTS


def _natural_deuce_to_seven(cards: list[Card]) -> int:
    """Deuce-to-seven low of 5 to 8 natural cards: straights and flushes count."""
    best = 0
    for five in itertools.combinations(cards, 5):
        ranks = sorted((c.rank for c in five), reverse=True)
        suited = len({c.suit for c in five}) == 1
        if len(set(ranks)) == 5 and ranks[0] - ranks[4] == 4:
            strength = pack_signature(Category.STRAIGHT_FLUSH if suited else Category.STRAIGHT, (ranks[0],))
        elif suited:
            strength = pack_signature(Category.FLUSH, ranks)
        else:
            strength = pack_signature(*group_signature(ranks))
        best = max(best, LOW_TOP - strength)
    return best


_NO_STRAIGHTS: list[int] = []
# remembered hands: natural rank counts, number of wild cards (and the qualifier)
_ACE_TO_FIVE: dict[int, int | None] = {}
_DEUCE_TO_SEVEN: dict[int, int] = {}
