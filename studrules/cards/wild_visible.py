"""Showings with wild cards: the strength of a player's up cards for the
acting order, when some of them are wild.

As without wild cards (:func:`~.evaluator.visible_value` and the low
rankings' ``visible``), 1 to 4 up cards count by rank groups only (pairs,
trips, four of a kind; straights and flushes never count in fewer than five
cards), and a wild card stands for the rank that makes the best showing: two
kings and a wild card show three kings. A natural showing's value is the
existing one, so wild and natural showings compare directly::

    >>> from .evaluator import visible_value
    >>> from .wild import of_ranks
    >>> visible_wild("Kc Kd 2h", of_ranks("2")) == visible_value("Kc Kd Kh")
    True
    >>> describe_visible_wild("9c X1")
    'pair of nines'
    >>> describe_visible_wild("Ac X1", joker="bug"), describe_visible_wild("9c X1", joker="bug")
    ('pair of aces', 'ace-nine high')

A joker that is the bug shows as an ace. With five or more up cards the
showing is the whole hand (:func:`~.wild.evaluate_wild`, and the low
evaluations), packed the way ``visible_value`` packs a five-card hand; five
of a kind packs above the straight flush, or just below it with
``five_of_a_kind="below_straight_flush"``.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable

from ..errors import CardError
from .card import Card, is_joker, parse_cards
from .evaluator import Category, describe_signature, group_signature, pack_signature
from .wild import (
    FIVE_OF_A_KIND,
    JOKER_ROLES,
    describe_wild,
    evaluate_wild,
    five_of_a_kind_floor,
    signature_of,
    wild_set,
)
from .wild_low import LOW_TOP, describe_wild_low, evaluate_wild_ace_to_five, evaluate_wild_deuce_to_seven

__all__ = [
    "visible_wild",
    "describe_visible_wild",
    "visible_wild_ace_to_five",
    "visible_wild_deuce_to_seven",
    "describe_visible_wild_low",
]

_NO_WILD: frozenset[Card] = frozenset()


def visible_wild(
    cards: str | Iterable[str | Card],
    wild: frozenset[Card] | Iterable[str | Card] = _NO_WILD,
    *,
    five_of_a_kind: str = "top",
    joker: str = "wild",
    in_flush: str = "ace",
) -> int:
    """Strength of a high showing, higher = stronger (see the module's text).

    >>> visible_wild("Ac X1") > visible_wild("Kc Kd") > visible_wild("Qc X1")
    True
    >>> visible_wild("Ac Ad Ah As X1") > visible_wild("Ks Qs Js Ts 9s")
    True
    """
    hand = parse_cards(cards)
    five_of_a_kind_floor(five_of_a_kind)  # a CardError for a place that does not exist
    if len(hand) >= 5:
        value = evaluate_wild(hand, wild, five_of_a_kind=five_of_a_kind, joker=joker, in_flush=in_flush)
        category, ranks = signature_of(value)
        if category == FIVE_OF_A_KIND and five_of_a_kind == "below_straight_flush":
            return pack_signature(Category.FOUR_OF_A_KIND, (15, *ranks))  # above four aces, below a straight flush
        if category == FIVE_OF_A_KIND and five_of_a_kind == "below_royal_flush":
            return pack_signature(Category.STRAIGHT_FLUSH, (13, *ranks))  # above king high, below the royal
        return pack_signature(category, ranks)
    return pack_signature(*_best_showing(hand, wild, joker, ace_low=False, lowest=False))


def describe_visible_wild(
    cards: str | Iterable[str | Card],
    wild: frozenset[Card] | Iterable[str | Card] = _NO_WILD,
    *,
    five_of_a_kind: str = "top",
    joker: str = "wild",
    in_flush: str = "ace",
) -> str:
    """A high showing in words.

    >>> describe_visible_wild("Kc Kd X1"), describe_visible_wild("Qh Qd Qc X1 X2")
    ('three kings', 'five queens')
    """
    hand = parse_cards(cards)
    if len(hand) >= 5:
        return describe_wild(evaluate_wild(hand, wild, five_of_a_kind=five_of_a_kind, joker=joker, in_flush=in_flush))
    return describe_signature(*_best_showing(hand, wild, joker, ace_low=False, lowest=False))


def visible_wild_ace_to_five(
    cards: str | Iterable[str | Card], wild: frozenset[Card] | Iterable[str | Card] = _NO_WILD
) -> int:
    """Strength of an ace-to-five low showing, higher = stronger (lower cards):
    a wild card is the lowest rank not showing. Jokers are wild.

    >>> from .rankings import get_ranking
    >>> visible_wild_ace_to_five("Kc X1") == get_ranking("ace_to_five_low").visible("Kc Ad")
    True
    """
    hand = parse_cards(cards)
    if len(hand) >= 5:
        value = evaluate_wild_ace_to_five(hand, wild)
        assert value is not None, "no qualifier"
        return int(value)
    return LOW_TOP - pack_signature(*_best_showing(hand, wild, "wild", ace_low=True, lowest=True))


def visible_wild_deuce_to_seven(
    cards: str | Iterable[str | Card], wild: frozenset[Card] | Iterable[str | Card] = _NO_WILD
) -> int:
    """Strength of a deuce-to-seven low showing, higher = stronger: a wild card
    is the lowest rank not showing (the ace is high). Jokers are wild.

    >>> from .rankings import get_ranking
    >>> visible_wild_deuce_to_seven("Kc X1") == get_ranking("deuce_to_seven_low").visible("Kc 2d")
    True
    """
    hand = parse_cards(cards)
    if len(hand) >= 5:
        return int(evaluate_wild_deuce_to_seven(hand, wild))
    return LOW_TOP - pack_signature(*_best_showing(hand, wild, "wild", ace_low=False, lowest=True))


def describe_visible_wild_low(value: int) -> str:
    """A low showing's value in words.

    >>> describe_visible_wild_low(visible_wild_ace_to_five("9c 9d X1"))
    'pair of nines, ace kicker'
    """
    return describe_wild_low(value)


def _best_showing(
    hand: tuple[Card, ...], wild: frozenset[Card] | Iterable[str | Card], joker: str, *, ace_low: bool, lowest: bool
) -> tuple[Category, tuple[int, ...]]:
    """Best rank-group signature of 1 to 4 up cards: every rank tried for
    each wild card (13 ranks, at most four cards: at most 1,820 tries)."""
    if joker not in JOKER_ROLES:
        raise CardError(f"joker is {joker!r}: choose one of {', '.join(JOKER_ROLES)}")
    if not hand:
        raise CardError("no cards to rank")
    wilds = wild_set(wild)
    ranks = []
    count = 0
    for card in hand:
        if card in wilds or (is_joker(card) and joker == "wild"):
            count += 1
        else:
            rank = 14 if is_joker(card) else card.rank  # the bug shows as an ace
            ranks.append(1 if ace_low and rank == 14 else rank)
    choices = range(1, 14) if ace_low else range(2, 15)
    shown = (
        group_signature(ranks + list(chosen)) for chosen in itertools.combinations_with_replacement(choices, count)
    )
    return (min if lowest else max)(shown, key=lambda signature: pack_signature(*signature))
