"""Wild cards and jokers: the value of the best high hand when some cards may
stand for any card.

The caller says which cards are wild in this hand (a ``frozenset`` of cards:
:func:`of_ranks` gives every card of some ranks); jokers (:class:`~.card.Joker`)
are wild by nature, or *the bug*. :func:`evaluate_wild` gives the best hand's
value, on the natural evaluator's scale::

    >>> deuces = of_ranks("2")
    >>> v = evaluate_wild(parse_cards("Ah Ad Ac As 2c"), deuces)
    >>> describe_wild(v), v > evaluate_wild(parse_cards("Ks Qs Js Ts As"))
    ('five aces', True)
    >>> evaluate_wild(parse_cards("Qh Qd Ah Kc 7s")) == evaluate(parse_cards("Qh Qd Ah Kc 7s"))
    True

The rules, as most home games play them:

- A wild card may stand for any card, a card already held included: four
  aces and a wild card are **five aces**, and a wild card may double the ace
  of the flush suit (a "double-ace flush": A-A-K-7-5 of spades beats
  A-K-Q-J-9 of spades; flushes compare card by card, highest first). With
  ``in_flush="missing"`` a wild card in a flush stands only for a card of
  the suit the hand lacks, the best one (A-K-Q-7-5 of spades, not A-A-K-7-5).
- **Five of a kind** is a category above the straight flush
  (``five_of_a_kind="top"``, the default), between four of a kind and the
  straight flush (``"below_straight_flush"``: every straight flush, the royal
  included, beats it), or between the king-high straight flush and the royal
  flush (``"below_royal_flush"``). Higher ranks beat lower: five aces are the best.
- **Five wild cards** stand for the best hand they make (``five_wilds="as_cards"``,
  the default), or are a hand of their own above every other (``"best"``).
- ``natural_beats_wild=True``: of two equal hands, the one made without a wild
  card wins. A hand is natural when its best five can be chosen among cards
  that are not wild (a wild card standing for itself still counts as wild).
- The **bug** (``joker="bug"``): a joker counts as an ace (any ace, doubling
  one held included, so four aces and the bug are five aces), or as any card
  that completes a straight, a flush or a straight flush. A joker listed in
  ``wild`` is fully wild even then.

**Values.** A natural hand's value is its :class:`~.evaluator.HandValue` (the
same object), so values compare with natural values and with
``category_floor`` thresholds directly. The hands only wild cards make sit
between them: five of a kind of rank ``r`` is ``7462 + (r - 1)`` (above the
royal flush, 7462) or ``7452 + (r - 1) / 16`` (between four aces, 7452, and
the lowest straight flush, 7453) or ``7461 + (r - 1) / 16`` (between the
king-high straight flush, 7461, and the royal flush); five wild cards, where
they are the best hand, are :data:`FIVE_WILDS` (above every five of a kind);
a double-ace flush is a fraction between the
best natural flush and the lowest full house. With ``natural_beats_wild`` a
natural hand gets :data:`NATURAL_BONUS` (1/2048) added, above the same hand
made with a wild card and below the next better hand; ``hand >=
category_floor(...)`` still reads "that category or better".

How it is fast: the natural cards' summed evaluator keys (:attr:`Card.keyn`)
give the rank counts, the suit counts and each suit's ranks. The best hand of
each rank multiset with ``w`` wild cards (five or four of a kind, full house,
straight, trips, two pair, pair: worked out from the counts, not by trying
cards) and the best flush of each suit's ranks are remembered, so a hand is
one pass over its cards and two or three dictionary lookups.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence

from ..errors import CardError
from .card import RANK_NAMES, RANK_PLURALS, Card, Joker, is_joker, parse_cards
from .evaluator import MAX_VALUE, Category, HandValue, category_floor, evaluate

__all__ = [
    "FIVE_OF_A_KIND",
    "FIVE_OF_A_KIND_PLACES",
    "FIVE_WILDS",
    "FIVE_WILDS_CATEGORY",
    "FIVE_WILDS_RULES",
    "made_by_wilds",
    "wild_only_values",
    "JOKER_ROLES",
    "NATURAL_BONUS",
    "of_ranks",
    "evaluate_wild",
    "signature_of",
    "is_natural",
    "describe_wild",
    "five_of_a_kind_floor",
    "wild_cards_in",
    "wild_set",
]

FIVE_OF_A_KIND = 9
"""The category number of five of a kind (after ``Category.STRAIGHT_FLUSH``, 8)."""
FIVE_OF_A_KIND_PLACES: tuple[str, ...] = ("top", "below_straight_flush", "below_royal_flush")
"""Where five of a kind ranks: above the straight flush, just below it, or just below the royal flush."""
FIVE_WILDS_RULES: tuple[str, ...] = ("as_cards", "best")
"""What five wild cards are: the best hand they stand for, or a hand above every other."""
IN_FLUSH_RULES: tuple[str, ...] = ("ace", "missing")
"""What a wild card is in a flush: an ace (doubling the ace held), or the best card of the suit the hand lacks."""
FIVE_WILDS_CATEGORY = 10
"""The category number of five wild cards where they are a hand of their own."""
JOKER_ROLES: tuple[str, ...] = ("wild", "bug")
"""What a joker does in a high hand: any card, or the bug."""
NATURAL_BONUS = 1 / 2048
"""Added to a natural hand's value under ``natural_beats_wild``."""

_NO_WILD: frozenset[Card] = frozenset()
_BELOW = {"top": 0, "below_straight_flush": 1, "below_royal_flush": 2}
_CARD_MASK = ((1 << 52) - 1) << 16
_SPREAD = sum(1 << 4 * i for i in range(13))  # one bit per rank in a card-bit row of one suit
# per number of wild cards: added to the four suit counts, bit 3 of a count
# turns on when the suit has enough natural cards for a flush (5 - w or more)
_SUIT_ADD = [0x8888 * 0] + [(3 + w) * 0x1111 for w in range(1, 5)] + [0x8888] * 6
_QUADS_TOP = int(category_floor(Category.STRAIGHT_FLUSH)) - 1  # four aces, king kicker
_TOP_FLUSH = int(category_floor(Category.FULL_HOUSE)) - 1  # A-K-Q-J-9 of a suit


def of_ranks(ranks: str) -> frozenset[Card]:
    """Every card of the ranks named (``"39"``: the threes and nines).

    >>> sorted(of_ranks("3"))
    [Card('3c'), Card('3d'), Card('3h'), Card('3s')]
    >>> len(of_ranks("39")), of_ranks("") == frozenset()
    (8, True)
    """
    return frozenset(parse_cards([r + s for r in ranks.replace(" ", "") for s in "cdhs"]))


def wild_set(wild: frozenset[Card] | Iterable[str | Card] = _NO_WILD) -> frozenset[Card]:
    """The wild cards as a ``frozenset`` of cards, read from text or any
    collection of cards (a frozenset of cards is checked once, then kept).

    >>> wild_set("2c 2d") == frozenset(parse_cards("2c 2d")), wild_set(of_ranks("9")) is wild_set(of_ranks("9"))
    (True, True)
    """
    if type(wild) is frozenset:
        known = _WILD_SETS.get(wild)
        if known is not None:
            return known
    cards = frozenset(parse_cards(wild))
    if type(wild) is frozenset:
        if len(_WILD_SETS) > 4096:
            _WILD_SETS.clear()
        _WILD_SETS[wild] = _WILD_SETS[cards] = cards
    return cards


def wild_cards_in(cards: Iterable[Card], wild: frozenset[Card] | Iterable[str | Card] = _NO_WILD) -> tuple[Card, ...]:
    """The cards among ``cards`` that are wild: those in ``wild``, and jokers.

    >>> wild_cards_in(parse_cards("Ah 2c X1 Kd"), of_ranks("2"))
    (Card('2c'), Card('X1'))
    """
    wilds = wild_set(wild)
    return tuple(c for c in cards if c in wilds or is_joker(c))


def evaluate_wild(
    cards: str | Iterable[str | Card],
    wild: frozenset[Card] | Iterable[str | Card] = _NO_WILD,
    *,
    five_of_a_kind: str = "top",
    natural_beats_wild: bool = False,
    joker: str = "wild",
    five_wilds: str = "as_cards",
    in_flush: str = "ace",
) -> float:
    """The value of the best five of 5 to 9 cards when the cards in ``wild``
    and the jokers may stand for any card (the rules and the value scale are
    in the module's text).

    ``five_of_a_kind``: one of :data:`FIVE_OF_A_KIND_PLACES`;
    ``joker``: ``"wild"`` or ``"bug"``; ``five_wilds``: ``"as_cards"`` or
    ``"best"``; ``in_flush``: ``"ace"`` or ``"missing"``. Pass ``wild`` as a ``frozenset``
    (made once per deal): other collections are read and converted each call.

    >>> nines = of_ranks("9")
    >>> describe_wild(evaluate_wild(parse_cards("9h Kc Kd 7s 2c"), nines))
    'three kings, seven-two kickers'
    >>> describe_wild(evaluate_wild("Kh Qh Jh Th X1", joker="bug"))
    'royal flush'
    >>> describe_wild(evaluate_wild("7c 7d Kh 9s 2c X1", joker="bug"))
    'pair of sevens, ace-king-nine kickers'
    >>> describe_wild(evaluate_wild("As Ks 7s 5s X1 2d"))
    'flush, ace-ace-king-seven-five'
    >>> describe_wild(evaluate_wild("As Ks 7s 5s X1 2d", in_flush="missing"))
    'flush, ace-king-queen-seven-five'
    >>> five_queens = evaluate_wild("Qh Qd Qc X1 X2")
    >>> five_queens > evaluate("As Ks Qs Js Ts")
    True
    >>> evaluate_wild("Qh Qd Qc X1 X2", five_of_a_kind="below_straight_flush") < evaluate("5s 4s 3s 2s As")
    True
    >>> natural = evaluate_wild("Kh Kd Kc 7s 7d", natural_beats_wild=True)
    >>> natural > evaluate_wild("Kh Kd X1 7s 7d", natural_beats_wild=True), is_natural(natural)
    (True, True)
    >>> dj, deuces = {"five_of_a_kind": "below_royal_flush", "five_wilds": "best"}, of_ranks("2")
    >>> evaluate("Ks Qs Js Ts 9s") < evaluate_wild("Qh Qd X1 2c 2d", deuces, **dj) < evaluate("As Ks Qs Js Ts")
    True
    >>> describe_wild(evaluate_wild("2c 2d 2h 2s X1", deuces, **dj)), describe_wild(evaluate_wild("2c 2d 2h 2s X1", deuces))
    ('five wild cards', 'five aces')
    """
    below = _BELOW.get(five_of_a_kind)
    if below is None:
        raise CardError(f"five_of_a_kind is {five_of_a_kind!r}: choose one of {', '.join(FIVE_OF_A_KIND_PLACES)}")
    if five_wilds != "as_cards":
        if five_wilds != "best":
            raise CardError(f"five_wilds is {five_wilds!r}: choose one of {', '.join(FIVE_WILDS_RULES)}")
        below |= _FIVE_WILDS_BEST
    if in_flush != "ace":
        if in_flush != "missing":
            raise CardError(f"in_flush is {in_flush!r}: choose one of {', '.join(IN_FLUSH_RULES)}")
        below |= _MISSING_IN_FLUSH
    wilds = _WITH_JOKERS.get(wild) if type(wild) is frozenset else None
    if wilds is None or joker != "wild" or (type(cards) is not tuple and type(cards) is not list):
        return _evaluate_other(cards, wild, below, natural_beats_wild, joker)
    k = 0
    w = 0
    try:
        for c in cards:
            if c in wilds:
                w += 1
            else:
                k += c.keyn
    except (AttributeError, TypeError):  # text among the cards
        return _evaluate_other(cards, wild, below, natural_beats_wild, joker)
    if not w:
        natural = evaluate(cards)
        return natural + NATURAL_BONUS if natural_beats_wild else natural
    n = len(cards)
    if not 5 <= n <= 9 or (k & _CARD_MASK).bit_count() != n - w or (w > 1 and len(set(cards)) != n):
        _check(cards)
    if w >= 5 and below & _FIVE_WILDS_BEST:
        return FIVE_WILDS
    key = k >> 68 << 6 | w << 2 | below & 3
    value = _RANK_HANDS.get(key)
    if value is None:
        value = _RANK_HANDS[key] = _rank_hand(k >> 68, w, below & 3)
    suits = ((k & 0xFFFF) + _SUIT_ADD[w]) & 0x8888
    while suits:  # the suits that can make a flush
        bit = suits & -suits
        suits ^= bit
        # the suit's natural ranks, the wild cards, and what they are in a flush
        key = (k >> 15 + (bit.bit_length() >> 2) & _SPREAD) << 5 | w << 1 | (below & _MISSING_IN_FLUSH) >> 3
        flush = _SUIT_HANDS.get(key)
        if flush is None:
            flush = _SUIT_HANDS[key] = _suit_hand(key >> 5, w, below & _MISSING_IN_FLUSH)
        if flush > value:
            value = flush
    if natural_beats_wild and n - w >= 5 and evaluate([c for c in cards if c not in wilds]) == value:
        return value + NATURAL_BONUS
    return value


def signature_of(value: float) -> tuple[int, tuple[int, ...]]:
    """``(category, ranks)`` of a value from :func:`evaluate_wild`: the
    category 0 to 8 as :class:`~.evaluator.Category`, :data:`FIVE_OF_A_KIND`,
    or :data:`FIVE_WILDS_CATEGORY` (no ranks); the ranks that decide within
    it, most significant first.

    >>> signature_of(evaluate_wild("Qh Qd Qc X1 X2"))
    (9, (12,))
    >>> signature_of(evaluate_wild("As Ks 7s 5s X1 2d"))
    (5, (14, 14, 13, 7, 5))
    >>> signature_of(evaluate("Kh Kd 7s 7c 7h"))
    (6, (7, 13))
    """
    slot = _slot(value)[0]
    special = _SPECIAL.get(slot)
    if special is not None:
        return special
    hand = HandValue(slot)
    return int(hand.category), hand.ranks


def wild_only_values() -> tuple[float, ...]:
    """Every value only wild cards make, ascending: double-ace flushes, five of a kind in each
    place, five wild cards (beside the natural values 1 to 7,462).

    >>> values = wild_only_values()
    >>> values[-1] == FIVE_WILDS, all(int(v) != v or v > MAX_VALUE for v in values)
    (True, True)
    """
    return tuple(sorted(_SPECIAL))


def made_by_wilds(value: float) -> int | None:
    """The category of a hand only wild cards make, :data:`FIVE_OF_A_KIND` or
    :data:`FIVE_WILDS_CATEGORY`, from its value (any value: None for every other hand).

    >>> made_by_wilds(evaluate_wild("Qh Qd Qc X1 X2")), made_by_wilds(FIVE_WILDS), made_by_wilds(4137.0003)
    (9, 10, None)
    """
    slot = value - NATURAL_BONUS if (value * 2048) % 4 == 1 else value
    found = _SPECIAL.get(slot)
    return found[0] if found is not None and found[0] >= FIVE_OF_A_KIND else None


def is_natural(value: float) -> bool:
    """Whether a value from :func:`evaluate_wild` (or a low one from
    :mod:`.wild_low`) carries :data:`NATURAL_BONUS`: the hand was made without
    a wild card, under ``natural_beats_wild``.

    >>> is_natural(evaluate_wild("2h 3d 4c 5s 7h", natural_beats_wild=True)), is_natural(evaluate("2h 3d 4c 5s 7h"))
    (True, False)
    """
    steps = value * 2048
    if steps != int(steps):
        raise CardError(f"{value!r} is not a hand value")
    return int(steps) % 4 == 1


def describe_wild(value: float) -> str:
    """A value from :func:`evaluate_wild` in words (", natural" when it
    carries the natural bonus).

    >>> describe_wild(evaluate_wild("Qh Qd Qc X1 X2")), describe_wild(evaluate_wild("6h 6d X1 X2 6c"))
    ('five queens', 'five sixes')
    >>> describe_wild(evaluate_wild("Kh Kd 7s 7c 7h", natural_beats_wild=True))
    'full house, sevens over kings, natural'
    """
    slot, natural = _slot(value)
    category, ranks = signature_of(slot)
    if category == FIVE_WILDS_CATEGORY:
        return "five wild cards"
    if category == FIVE_OF_A_KIND:
        words = f"five {RANK_PLURALS[ranks[0]]}"
    elif slot in _SPECIAL:
        words = "flush, " + "-".join(RANK_NAMES[r] for r in ranks)
    else:
        words = HandValue(slot).describe()
    return words + ", natural" if natural else words


def five_of_a_kind_floor(five_of_a_kind: str = "top") -> float:
    """The weakest five of a kind (five twos): ``hand >= five_of_a_kind_floor()``
    means "five of a kind or better".

    >>> five_of_a_kind_floor(), five_of_a_kind_floor("below_straight_flush"), five_of_a_kind_floor("below_royal_flush")
    (7463, 7452.0625, 7461.0625)
    """
    if five_of_a_kind not in _BELOW:
        raise CardError(f"five_of_a_kind is {five_of_a_kind!r}: choose one of {', '.join(FIVE_OF_A_KIND_PLACES)}")
    return _five_of_a_kind(2, _BELOW[five_of_a_kind])


# --- the slow path: text, other collections, the bug ------------------------------


def _evaluate_other(
    cards: str | Iterable[str | Card],
    wild: frozenset[Card] | Iterable[str | Card] | None,
    below: int,
    natural_beats_wild: bool,
    joker: str,
) -> float:
    if joker not in JOKER_ROLES:
        raise CardError(f"joker is {joker!r}: choose one of {', '.join(JOKER_ROLES)}")
    hand = parse_cards(cards) if type(cards) is not tuple or not all(isinstance(c, Card) for c in cards) else cards
    plain = wild_set(_NO_WILD if wild is None else wild)
    with_rules = functools.partial(  # (the rules as ``below`` packs them)
        evaluate_wild,
        five_of_a_kind=FIVE_OF_A_KIND_PLACES[below & 3],
        natural_beats_wild=natural_beats_wild,
        five_wilds=FIVE_WILDS_RULES[below >> 2 & 1],
        in_flush=IN_FLUSH_RULES[below >> 3 & 1],
    )
    if joker == "wild":
        if len(_WITH_JOKERS) > 4096:
            _WITH_JOKERS.clear()
        _WITH_JOKERS[plain] = plain | _ALL_JOKERS
        return with_rules(hand, plain)
    bugs = sum(1 for c in hand if is_joker(c) and c not in plain)
    if not bugs:
        return with_rules(hand, plain)
    if below & _FIVE_WILDS_BEST and sum(1 for c in hand if c in plain) >= 5:
        return FIVE_WILDS
    return _evaluate_bug(hand, plain, bugs, below & (3 | _MISSING_IN_FLUSH), natural_beats_wild)


def _evaluate_bug(
    hand: tuple[Card, ...], wild: frozenset[Card], bugs: int, below: int, natural_beats_wild: bool
) -> float:
    """The bug is an ace (the rank hands, with the bugs added to the aces), or
    fully wild in a straight, a flush or a straight flush."""
    _check(hand)
    natural = [c for c in hand if c not in wild and not is_joker(c)]
    w = len(hand) - len(natural) - bugs
    k = sum(c.keyn for c in natural)
    ranks = k >> 68
    missing, below = below & _MISSING_IN_FLUSH, below & 3  # (what a wild card is in a flush; five of a kind's place)
    key = (ranks + (bugs << 48)) << 6 | w << 2 | below
    value = _RANK_HANDS.get(key)
    if value is None:
        value = _RANK_HANDS[key] = _rank_hand(ranks + (bugs << 48), w, below)
    top = _straight_top(_mask_of(ranks), w + bugs)
    if top:
        value = max(value, _natural_value([top - i for i in range(5)] if top > 5 else [5, 4, 3, 2, 14], False))
    for suit in range(4):
        spread = k >> 16 + suit & _SPREAD
        if spread.bit_count() + w + bugs >= 5:
            value = max(value, _suit_hand(spread, w + bugs, missing))
    if natural_beats_wild and len(natural) >= 5 and evaluate(natural) == value:
        return value + NATURAL_BONUS
    return value


def _check(cards: Sequence[Card]) -> None:
    """Raise the CardError a hand of the wrong size or with a repeated card gets."""
    if not 5 <= len(cards) <= 9:
        raise CardError(f"a hand to evaluate has 5 to 9 cards, not {len(cards)}")
    parse_cards(list(cards))


# --- the hands wild cards make, from counts --------------------------------------


def _rank_hand(ranks: int, w: int, below: int) -> float:
    """Best hand that is not a flush: ``ranks`` holds a count per rank (four
    bits each, deuce lowest; more than four aces when bugs are aces), ``w`` wild
    cards. Categories from the top; in each, the highest ranks first."""
    counts = [ranks >> 4 * i & 15 for i in range(13)]
    desc = range(12, -1, -1)
    for r in desc:
        if counts[r] + w >= 5:
            return _five_of_a_kind(r + 2, below)
    for q in desc:  # four of a kind (every count + w is 4 or less now)
        if counts[q] + w >= 4:
            kick = _kickers(counts, w + counts[q] - 4, (q,), 1)
            if kick:
                return _natural_value([q + 2] * 4 + kick, False)
    for t in desc:  # full house
        need = max(0, 3 - counts[t])
        for p in desc:
            if p != t and need + max(0, 2 - counts[p]) <= w:
                return _natural_value([t + 2] * 3 + [p + 2] * 2, False)
    top = _straight_top(_mask_of(ranks), w)
    if top:
        return _natural_value([top - i for i in range(5)] if top > 5 else [5, 4, 3, 2, 14], False)
    for t in desc:  # three of a kind
        need = max(0, 3 - counts[t])
        kick = _kickers(counts, w - need, (t,), 2) if need <= w else None
        if kick:
            return _natural_value([t + 2] * 3 + kick, False)
    for a in desc:  # two pair
        for b in range(a - 1, -1, -1):
            need = max(0, 2 - counts[a]) + max(0, 2 - counts[b])
            kick = _kickers(counts, w - need, (a, b), 1) if need <= w else None
            if kick:
                return _natural_value([a + 2] * 2 + [b + 2] * 2 + kick, False)
    for p in desc:  # one pair
        need = max(0, 2 - counts[p])
        kick = _kickers(counts, w - need, (p,), 3) if need <= w else None
        if kick:
            return _natural_value([p + 2] * 2 + kick, False)
    kick = _kickers(counts, w, (), 5)
    assert kick, "five cards make at least a high-card hand"
    return _natural_value(kick, False)


def _kickers(counts: list[int], spare: int, taken: tuple[int, ...], size: int) -> list[int] | None:
    """The ``size`` best ranks besides ``taken``, all different: natural cards,
    and spare wild cards as the best ranks nobody holds; None if too few."""
    out = []
    for r in range(12, -1, -1):
        if r in taken:
            continue
        if counts[r]:
            out.append(r + 2)
        elif spare:
            spare -= 1
            out.append(r + 2)
        if len(out) == size:
            return out
    return None


def _suit_hand(spread: int, w: int, missing: int = 0) -> float:
    """Best straight flush or flush of one suit: ``spread`` holds the suit's
    natural ranks (one bit every four), ``w`` wild cards; 0 if none is better
    than what the ranks alone make. Wild cards in a flush are aces, or with
    ``missing`` the best cards of the suit the hand lacks."""
    mask = sum(1 << i for i in range(13) if spread >> 4 * i & 1)
    if mask.bit_count() + w < 5:
        return 0
    top = _straight_top(mask, w)
    if top:
        return _natural_value([top - i for i in range(5)] if top > 5 else [5, 4, 3, 2, 14], True)
    if missing:  # from the ace down, each rank once: the hand's own card, else a wild card standing for it
        flush = _distinct_best(mask, w)
        return _natural_value(flush, True)
    ranks = [i + 2 for i in range(12, -1, -1) if mask >> i & 1][: 5 - w]
    flush = [14] * w + ranks
    aces = flush.count(14)
    if aces <= 1:
        return _natural_value(flush, True)
    if aces > 3:
        return 0  # four aces, from the ranks alone, beat this flush
    return _DOUBLE_ACE[tuple(flush)]


def _distinct_best(mask: int, w: int) -> list[int]:
    """The five best ranks of a suit, each once: those in ``mask``, and ``w`` wild
    cards standing for the best ranks missing from it."""
    out: list[int] = []
    for i in range(12, -1, -1):
        if mask >> i & 1:
            out.append(i + 2)
        elif w:
            w -= 1
            out.append(i + 2)
        if len(out) == 5:
            break
    return out


def _straight_top(mask: int, w: int) -> int:
    """Highest straight with at most ``w`` ranks missing from ``mask`` (13 bits,
    deuce lowest); 0 if none."""
    for top in range(14, 4, -1):
        window = 0b1000000001111 if top == 5 else 0b11111 << top - 6
        if (window & ~mask).bit_count() <= w:
            return top
    return 0


def _mask_of(ranks: int) -> int:
    return sum(1 << i for i in range(13) if ranks >> 4 * i & 15)


def _natural_value(ranks: list[int], suited: bool) -> HandValue:
    """The value of five natural cards of these ranks, all of one suit or not."""
    if suited:
        return evaluate([Card.from_code((r - 2) * 4) for r in ranks])
    ranks = sorted(ranks)  # the same ranks side by side take different suits
    return evaluate([Card.from_code((r - 2) * 4 + i % 4) for i, r in enumerate(ranks)])


def _five_of_a_kind(rank: int, below: int) -> float:
    if below == 2:  # between the king-high straight flush and the royal flush
        return MAX_VALUE - 1 + (rank - 1) / 16
    return _QUADS_TOP + (rank - 1) / 16 if below else MAX_VALUE + rank - 1


def _slot(value: float) -> tuple[float, bool]:
    """The hand's place on the scale, and whether it carries the natural bonus."""
    steps = value * 2048
    if steps != int(steps) or int(steps) % 4 not in (0, 1) or value < 1:
        raise CardError(f"{value!r} is not a value from evaluate_wild")
    natural = int(steps) % 4 == 1
    slot = value - NATURAL_BONUS if natural else value
    if slot not in _SPECIAL and not (slot == int(slot) and 1 <= slot <= MAX_VALUE):
        raise CardError(f"{value!r} is not a value from evaluate_wild")
    return slot, natural


def _double_aces() -> dict[tuple[int, ...], float]:
    """The flushes only a doubled ace makes (two or three aces, the rest
    different), in order, at fractions between the best natural flush and the
    lowest full house."""
    from itertools import combinations

    hands = [(14,) * aces + rest for aces in (2, 3) for rest in combinations(range(13, 1, -1), 5 - aces)]
    return {hand: _TOP_FLUSH + (i + 1) / 512 for i, hand in enumerate(sorted(hands))}


_DOUBLE_ACE = _double_aces()
_SPECIAL: dict[float, tuple[int, tuple[int, ...]]] = {v: (int(Category.FLUSH), h) for h, v in _DOUBLE_ACE.items()}
_SPECIAL |= {_five_of_a_kind(r, b): (FIVE_OF_A_KIND, (r,)) for r in range(2, 15) for b in (0, 1, 2)}
FIVE_WILDS = MAX_VALUE + 14
"""The value of five wild cards where they are a hand of their own: above five aces (``"top"``)."""
_SPECIAL[FIVE_WILDS] = (FIVE_WILDS_CATEGORY, ())
_FIVE_WILDS_BEST = 4  # with a five of a kind place (0 to 2): five wild cards are the best hand
_MISSING_IN_FLUSH = 8  # a wild card in a flush stands for a card the hand lacks
_ALL_JOKERS: frozenset[Card] = frozenset(Joker(n) for n in range(1, 10))
# a wild set as given -> the same set of cards (checked), and with the jokers (wild by nature) added
_WILD_SETS: dict[frozenset[object], frozenset[Card]] = {}
_WITH_JOKERS: dict[frozenset[Card], frozenset[Card]] = {_NO_WILD: _ALL_JOKERS}
# remembered hands: rank counts or a suit's ranks, number of wild cards, five of a kind's place
_RANK_HANDS: dict[int, float] = {}
_SUIT_HANDS: dict[int, float] = {}
