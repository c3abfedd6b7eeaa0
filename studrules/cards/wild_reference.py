"""Wild cards by brute force: the slow, plainly correct definitions that
:mod:`studrules.cards.wild` must agree with, for its tests and its benchmark.

Nothing here is shared with the fast evaluator. A hand is valued by looking at
every five of its cards and trying every card for each wild card among them,
duplicates included (a wild card may stand for a card already held), then
scoring those five cards from scratch. Results are signatures
``(category, ranks)`` (``category`` 0 to 8 as :class:`~.evaluator.Category`,
9 for five of a kind; ``ranks`` what decides within the category, most
significant first) with a flag saying whether the best five can be had
without a wild card::

    >>> from .card import parse_cards
    >>> twos = frozenset(parse_cards("2c 2d 2h 2s"))
    >>> reference_high(parse_cards("Ah Ad Ac As 2c"), twos)
    ((9, (14,)), False)
    >>> reference_high(parse_cards("Kh Qh Jh Th 2c 9h 3d"), twos)
    ((8, (14,)), False)
    >>> reference_low(parse_cards("Ah 2c 3d 4h 9s"), twos)  # the wild 2c plays as a deuce: not natural
    ((0, (9, 4, 3, 2, 1)), False)

Trying every card means 52 choices a wild card; five cards only hold a flush
when all five share a suit, so a wild card's suit only ever matters as "the
suit of the others" or "another suit": :func:`reference_high` tries every
rank in both, which is the same as every card. :func:`substitute_every_card`
takes the brief literally (52 cards for each wild, every time) and is the
benchmark's peer.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence

from .card import Card, full_deck, is_joker

__all__ = [
    "Signature",
    "FIVE_OF_A_KIND",
    "FIVE_WILDS",
    "score_five",
    "high_order",
    "reference_high",
    "reference_low",
    "reference_deuce_to_seven",
    "substitute_every_card",
]

Signature = tuple[int, tuple[int, ...]]
HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)
FIVE_OF_A_KIND = 9
FIVE_WILDS = 10  # five wild cards, where they are a hand of their own
_SHAPES = {(1, 1, 1, 1, 1): HIGH_CARD, (2, 1, 1, 1): PAIR, (2, 2, 1): TWO_PAIR, (3, 1, 1): TRIPS}
_SHAPES |= {(3, 2): FULL_HOUSE, (4, 1): QUADS, (5,): FIVE_OF_A_KIND}
_RANKS_HIGH = range(2, 15)
_RANKS_LOW = range(1, 14)  # ace-to-five: the ace is 1


def score_five(ranks: Sequence[int], suited: bool, *, wheel: bool = True) -> Signature:
    """``(category, ranks)`` of five ranks (repeats allowed, up to five of a
    rank), ``suited`` when all five share a suit. A suited hand with a
    repeated rank (a wild card doubling a card) is a flush unless its ranks
    make a full house or better. ``wheel``: whether A-2-3-4-5 is a straight.

    >>> score_five([14, 14, 13, 7, 5], suited=True)
    (5, (14, 14, 13, 7, 5))
    >>> score_five([5, 4, 3, 2, 14], suited=False), score_five([5, 4, 3, 2, 14], suited=False, wheel=False)
    ((4, (5,)), (0, (14, 5, 4, 3, 2)))
    """
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = tuple(c for _, c in groups)
    order = tuple(r for r, _ in groups)
    category = _SHAPES[shape]
    if category == HIGH_CARD:
        top = order[0] if order[0] - order[4] == 4 else 5 if wheel and order == (14, 5, 4, 3, 2) else 0
        if top:
            return (STRAIGHT_FLUSH if suited else STRAIGHT, (top,))
    if suited and category < FULL_HOUSE:
        return (FLUSH, tuple(sorted(ranks, reverse=True)))
    return (category, order)


def high_order(signature: Signature, five_of_a_kind: str = "top") -> tuple[float, tuple[int, ...]]:
    """Sort key of a high signature: five of a kind above the straight flush
    (``"top"``), between four of a kind and the straight flush
    (``"below_straight_flush"``) or between the king-high straight flush and
    the royal flush (``"below_royal_flush"``); five wild cards
    (:data:`FIVE_WILDS`, where they are a hand of their own) above all.

    >>> high_order((9, (2,))) > high_order((8, (14,))), high_order((9, (2,)), "below_straight_flush") > high_order((8, (5,)))
    (True, False)
    >>> high_order((8, (13,))) < high_order((9, (3,)), "below_royal_flush") < high_order((9, (14,)), "below_royal_flush") < high_order((8, (14,)), "below_royal_flush")
    True
    """
    category, ranks = signature
    if category == FIVE_OF_A_KIND and five_of_a_kind == "below_straight_flush":
        return (QUADS + 0.5, ranks)
    if category == FIVE_OF_A_KIND and five_of_a_kind == "below_royal_flush":
        return (STRAIGHT_FLUSH + 0.5, ranks)
    if category == STRAIGHT_FLUSH and five_of_a_kind == "below_royal_flush" and ranks == (14,):
        return (STRAIGHT_FLUSH + 0.75, ranks)  # the royal flush, above five of a kind
    return (category, ranks)


def reference_high(
    cards: Sequence[Card],
    wild: Iterable[Card] = frozenset(),
    *,
    five_of_a_kind: str = "top",
    joker: str = "wild",
    five_wilds: str = "as_cards",
    in_flush: str = "ace",
) -> tuple[Signature, bool]:
    """The best high hand of 5 to 9 cards and whether it needs no wild card.

    Cards in ``wild`` and jokers are wild; with ``joker="bug"`` a joker is an
    ace, or any card when the five make a straight, a flush or a straight flush.
    ``five_wilds="best"``: five wild cards among them are :data:`FIVE_WILDS`.
    ``in_flush="missing"``: five of one suit are five different cards (a wild
    card stands for no card of the suit already among them).

    >>> from .card import parse_cards
    >>> reference_high(parse_cards("7c 7d Kh 9s 2c X1"), joker="bug")
    ((1, (7, 14, 13, 9)), False)
    >>> reference_high(parse_cards("X1 2c 2d 2h 2s Ac"), parse_cards("2c 2d 2h 2s"), five_wilds="best")
    ((10, ()), False)
    """
    wild = frozenset(wild)
    fully_wild = sum(1 for c in cards if c in wild or (is_joker(c) and joker != "bug"))
    if five_wilds == "best" and fully_wild >= 5:
        return (FIVE_WILDS, ()), False
    best: tuple[tuple[float, tuple[int, ...]], bool] | None = None
    best_signature: Signature = (0, ())
    for five in itertools.combinations(cards, 5):
        for signature, natural in _high_fives(five, wild, joker == "bug", in_flush == "missing"):
            key = (high_order(signature, five_of_a_kind), natural)
            if best is None or key > best:
                best, best_signature = key, signature
    assert best is not None, "5 to 9 cards"
    return best_signature, best[1]


def _high_fives(
    five: Sequence[Card], wild: frozenset[Card], bug: bool, distinct: bool = False
) -> Iterable[tuple[Signature, bool]]:
    natural = [c for c in five if c not in wild and not is_joker(c)]
    bugs = sum(1 for c in five if bug and is_joker(c) and c not in wild)
    wilds = 5 - len(natural) - bugs
    for suited in _suit_modes(natural, wilds + bugs):
        for wild_ranks in itertools.combinations_with_replacement(_RANKS_HIGH, wilds):
            for bug_ranks in itertools.combinations_with_replacement(_RANKS_HIGH, bugs):
                ranks = [c.rank for c in natural] + list(wild_ranks) + list(bug_ranks)
                if suited and distinct and len(set(ranks)) < 5:  # (one suit: a rank twice is a card twice)
                    continue
                signature = score_five(ranks, suited)
                # the bug: an ace, or any card in a straight, a flush or a straight flush
                if all(r == 14 for r in bug_ranks) or signature[0] in (STRAIGHT, FLUSH, STRAIGHT_FLUSH):
                    yield signature, wilds + bugs == 0


def _suit_modes(natural: Sequence[Card], wild_count: int) -> tuple[bool, ...]:
    """Whether the five can be all of one suit: forced by the natural cards
    when there is no wild card; a choice when the natural cards share a suit."""
    one_suit = len({c.suit for c in natural}) <= 1
    if not wild_count:
        return (one_suit,)
    return (True, False) if one_suit else (False,)


def reference_low(
    cards: Sequence[Card], wild: Iterable[Card] = frozenset(), *, qualifier: int | None = None
) -> tuple[Signature, bool] | None:
    """The best ace-to-five low of 5 to 9 cards (lowest signature, the ace is
    1, straights and flushes ignored) and whether it needs no wild card;
    cards in ``wild`` and jokers are wild. With ``qualifier``, only five
    different ranks all at or below it count (None if no five do).

    >>> from .card import parse_cards
    >>> reference_low(parse_cards("9c 9d 6h 6s X1"), qualifier=8) is None
    True
    """
    wild = frozenset(wild)
    best: tuple[tuple[int, tuple[int, ...]], bool] | None = None
    for five in itertools.combinations(cards, 5):
        natural = [1 if c.rank == 14 else c.rank for c in five if c not in wild and not is_joker(c)]
        for wild_ranks in itertools.combinations_with_replacement(_RANKS_LOW, 5 - len(natural)):
            signature = _groups(natural + list(wild_ranks))
            if qualifier is not None and not (signature[0] == HIGH_CARD and signature[1][0] <= qualifier):
                continue
            key = (signature, len(natural) < 5)  # lower is better: a natural hand first
            if best is None or key < best:
                best = key
    return None if best is None else (best[0], not best[1])


def reference_deuce_to_seven(cards: Sequence[Card], wild: Iterable[Card] = frozenset()) -> tuple[Signature, bool]:
    """The best deuce-to-seven low of 5 to 9 cards (lowest high-hand
    signature, the ace only high, straights and flushes count against you)
    and whether it needs no wild card; cards in ``wild`` and jokers are wild.

    >>> from .card import parse_cards
    >>> reference_deuce_to_seven(parse_cards("3c 4d 5h 6s X1"))
    ((0, (8, 6, 5, 4, 3)), False)
    """
    wild = frozenset(wild)
    best: tuple[tuple[int, tuple[int, ...]], bool] | None = None
    for five in itertools.combinations(cards, 5):
        natural = [c for c in five if c not in wild and not is_joker(c)]
        wilds = 5 - len(natural)
        for suited in _suit_modes(natural, wilds):
            for wild_ranks in itertools.combinations_with_replacement(_RANKS_HIGH, wilds):
                signature = score_five([c.rank for c in natural] + list(wild_ranks), suited, wheel=False)
                key = (signature, wilds > 0)
                if best is None or key < best:
                    best = key
    assert best is not None, "5 to 9 cards"
    return best[0], not best[1]


def _groups(ranks: Sequence[int]) -> Signature:
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    return (_SHAPES[tuple(c for _, c in groups)], tuple(r for r, _ in groups))


def substitute_every_card(cards: Sequence[Card], wild: Iterable[Card] = frozenset()) -> Signature:
    """The best high hand, trying each of the 52 cards for every wild card
    (and for every joker), then scoring every five of the cards that result.

    >>> from .card import parse_cards
    >>> substitute_every_card(parse_cards("Ah Ad Ac As X1"))
    (9, (14,))
    """
    wild = frozenset(wild)
    natural = [c for c in cards if c not in wild and not is_joker(c)]
    best: tuple[float, tuple[int, ...]] | None = None
    best_signature: Signature = (0, ())
    deck = full_deck()
    for chosen in itertools.combinations_with_replacement(deck, len(cards) - len(natural)):
        hand = [(c.rank, c.suit) for c in natural] + [(c.rank, c.suit) for c in chosen]
        for five in itertools.combinations(hand, 5):
            signature = score_five([r for r, _ in five], len({s for _, s in five}) == 1)
            key = high_order(signature)
            if best is None or key > best:
                best, best_signature = key, signature
    return best_signature
