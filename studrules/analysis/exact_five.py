"""Exact counts of five-card hands against the house's five, with the house's up card known.

A player holding five cards ``P`` decides after seeing the house's up card
``U`` (or, in a game where the house shows nothing, on ``P`` alone); the
house's other cards come from the cards left. :func:`house_counts` gives,
for every such situation up to a renaming of suits, how many house hands do
not qualify, qualify and lose to ``P``, tie it, or beat it.

The count is by inclusion and exclusion over the subsets ``S`` of ``P``:
the house hands that hold ``U`` and none of ``P`` number
``sum over S of (-1)^|S| N(U + S)``, where ``N(T)`` counts the five-card
hands that hold every card of ``T``. Each ``N(T)`` of a kind (not
qualifying, qualifying below a value) is a counter per card set ``T`` (the
2,893,164 sets of 0 to 5 cards, by colex rank), and one sweep over the hand
values in order fills the counters with the qualifying hands below each
value just when the players holding that value read them. A player's five
cards are taken one per class of suit renaming (134,459 classes, each
weighted by its size), with each of the 47 up cards.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from math import comb
from typing import Any

__all__ = ["FiveCardCounts", "house_counts"]

# where the colex ranks of the card sets of each size begin in the one counter array
_OFFSET = [sum(comb(52, j) for j in range(k)) for k in range(7)]
_SETS = _OFFSET[6]


class FiveCardCounts:
    """The counted situations: ``cards`` (n, 5) the player's cards (codes, ascending), ``up``
    (n,) the house's up card (-1: none shown), ``weight`` how many situations each row stands
    for, ``value`` the player's hand value, ``counts`` (n, 4) int64 house hands that do not
    qualify, that qualify and lose to the player, that tie, that beat him. ``per_row`` is how
    many house hands each row counts; rows times weights cover every deal."""

    def __init__(self, cards: Any, up: Any, weight: Any, value: Any, counts: Any, per_row: int):
        self.cards, self.up, self.weight, self.value, self.counts, self.per_row = (
            cards,
            up,
            weight,
            value,
            counts,
            per_row,
        )


_CACHE: dict[tuple[bytes, int], FiveCardCounts] = {}


def house_counts(qualifies: Callable[[int], bool], up_cards: int, players: Any = None) -> FiveCardCounts:
    """The counts for a house that qualifies when ``qualifies(value)`` and shows ``up_cards`` (0 or 1).

    ``players``: only these player hands (an (n, 5) array of codes), each of weight 1,
    instead of one hand of every class. Remembered per qualifier when every class is counted:
    the counts do not depend on the strategy or the pay table.
    """
    import numpy as np

    from ..cards.evaluator import MAX_VALUE

    table = np.array([False] + [bool(qualifies(v)) for v in range(1, MAX_VALUE + 1)])
    if players is not None:
        return _count(table, up_cards, np.sort(np.asarray(players, dtype=np.int64), axis=1))
    key = (table.tobytes(), up_cards)
    if key not in _CACHE:
        _CACHE[key] = _count(table, up_cards)
    return _CACHE[key]


def _binomials() -> Any:
    import numpy as np

    return np.array([[comb(n, k) for k in range(8)] for n in range(53)], dtype=np.int64)


def _all_hands() -> tuple[Any, Any]:
    """Every five-card hand (ascending codes) in colex order, and its value."""
    import numpy as np

    from ..cards.batch import evaluate_batch

    n = comb(52, 5)
    flat = np.fromiter(itertools.chain.from_iterable(itertools.combinations(range(52), 5)), np.int8, count=5 * n)
    lex = flat.reshape(n, 5).astype(np.int64)
    binom = _binomials()
    colex = sum(binom[lex[:, r], r + 1] for r in range(5))
    hands = np.empty_like(lex)
    hands[colex] = lex
    return hands, evaluate_batch(hands, check=False)


def _subset_index(hands: Any, binom: Any) -> Any:
    """(n, 32): for each hand and each subset of its five places (bit j: place j), the card set's counter."""
    import numpy as np

    out = np.empty((len(hands), 32), dtype=np.int32)
    for mask in range(32):
        places = [j for j in range(5) if mask >> j & 1]
        index = np.full(len(hands), _OFFSET[len(places)], dtype=np.int64)
        for i, j in enumerate(places):
            index += binom[hands[:, j], i + 1]
        out[:, mask] = index
    return out


def _count(qualify_table: Any, up_cards: int, chosen: Any = None) -> FiveCardCounts:
    import numpy as np

    from ..cards.evaluator import MAX_VALUE

    binom = _binomials()
    hands, values = _all_hands()
    house_sets = _subset_index(hands, binom)
    qualified = qualify_table[values]
    not_qualified = np.bincount(house_sets[~qualified].ravel(), minlength=_SETS).astype(np.int32)

    if chosen is None:
        player, weight = _one_per_class(hands)
    else:
        player, weight = chosen, np.ones(len(chosen), dtype=np.int64)
    if up_cards:
        held = np.zeros((len(player), 52), dtype=bool)
        held[np.arange(len(player))[:, None], player] = True
        which, up = np.nonzero(~held)
        player, weight = player[which], weight[which]
        per_row = comb(46, 4)
    else:
        up = np.full(len(player), -1, dtype=np.int64)
        per_row = comb(47, 5)
    value = values[sum(binom[player[:, r], r + 1] for r in range(5))]
    # the rows in the order of their value, which the sweep reads them in
    order = np.argsort(value, kind="stable")
    player, up, weight, value = player[order], up[order], weight[order], value[order]

    def sets_of(lo: int, hi: int) -> tuple[Any, Any]:
        if up_cards:
            return _with_up_card(player[lo:hi], up[lo:hi], binom)
        sign = np.array([(-1) ** bin(m).count("1") for m in range(32)], dtype=np.int32)
        return _subset_index(player[lo:hi], binom), sign

    # the sweep: counters of the qualifying hands below the value being read; the rows' card
    # sets are made a chunk at a time (a chunk ends where a value does)
    counters = np.zeros(_SETS, dtype=np.int32)
    h_order = np.argsort(values, kind="stable")
    h_sets = house_sets[h_order]
    h_bounds = np.searchsorted(values[h_order], np.arange(MAX_VALUE + 2))
    p_bounds = np.searchsorted(value, np.arange(MAX_VALUE + 2))
    counts = np.zeros((len(player), 4), dtype=np.int64)
    lo = hi = 0
    for v in range(1, MAX_VALUE + 1):
        r0, r1 = p_bounds[v], p_bounds[v + 1]
        if r1 > hi:
            lo = r0
            hi = int(p_bounds[min(np.searchsorted(p_bounds, r0 + _CHUNK), MAX_VALUE + 1)])
            hi = max(hi, r1)
            sets, sign = sets_of(lo, hi)
            counts[lo:hi, 0] = not_qualified[sets] @ sign
        rows = slice(r0 - lo, r1 - lo)
        if r1 > r0:
            counts[r0:r1, 1] = counters[sets[rows]] @ sign
        if qualify_table[v]:
            h0, h1 = h_bounds[v], h_bounds[v + 1]
            np.add.at(counters, h_sets[h0:h1].ravel(), 1)
            if r1 > r0:
                counts[r0:r1, 2] = counters[sets[rows]] @ sign
        elif r1 > r0:
            counts[r0:r1, 2] = counts[r0:r1, 1]
    # columns: not qualifying, qualifying below, ties (at most less below), above
    counts[:, 2] -= counts[:, 1]
    counts[:, 3] = per_row - counts[:, :3].sum(axis=1)
    return FiveCardCounts(player, up, weight, value, counts, per_row)


_CHUNK = 400_000


def _one_per_class(hands: Any) -> tuple[Any, Any]:
    """One hand of each class of suit renaming and the class's size: the per-suit rank
    masks, sorted, name the class."""
    import numpy as np

    masks = np.zeros((len(hands), 4), dtype=np.int64)
    rows = np.arange(len(hands))
    for j in range(5):
        np.bitwise_or.at(masks, (rows, hands[:, j] % 4), np.left_shift(1, hands[:, j] // 4))
    masks.sort(axis=1)
    key = masks[:, 0] | masks[:, 1] << 13 | masks[:, 2] << 26 | masks[:, 3] << 39
    _, first, size = np.unique(key, return_index=True, return_counts=True)
    return hands[first], size.astype(np.int64)


def _with_up_card(player: Any, up: Any, binom: Any) -> tuple[Any, Any]:
    """(n, 31): the counter of each card set ``U + S``, ``S`` a subset of the player's cards
    (all but the whole hand: six cards are no hand), and the sign of each in the sum."""
    import numpy as np

    lower = up[:, None] < player  # (n, 5): the up card comes before this card
    # the colex term of the player's card at place j when it is the i-th of S: C(card, i + 1 + lower)
    term = [[binom[player[:, j], i + 1 + lower[:, j]].astype(np.int32) for i in range(4)] for j in range(5)]
    # the up card's term: C(up, 1 + how many cards of S come before it)
    up_term = (up * 8 + 1).astype(np.int32)
    flat = binom.ravel().astype(np.int32)
    below_bits = sum((~lower[:, j]).astype(np.int8) << j for j in range(5)).astype(np.int8)
    popcount = np.array([bin(m).count("1") for m in range(32)], dtype=np.int8)
    sets = np.empty((len(player), 31), dtype=np.int32)
    for mask in range(31):
        places = [j for j in range(5) if mask >> j & 1]
        below = popcount[below_bits & mask]
        index = flat[up_term + below]
        index += _OFFSET[len(places) + 1]
        for i, j in enumerate(places):
            index += term[j][i]
        sets[:, mask] = index
    sign = np.array([(-1) ** bin(m).count("1") for m in range(31)], dtype=np.int32)
    return sets, sign
