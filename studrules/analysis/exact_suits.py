"""Exact counts of a player's hand against the house's hand where a hand is valued by each
suit's set of ranks (a ranking with a ``suit_table()``: the longest flush), every card of
both hands face down.

A player's ``n`` cards are four sets of ranks, one a suit; the house's ``h`` cards come from
the ranks each suit has left. A house hand is worth at most ``x`` when every one of its
suits is (its value is its best suit's), so the house hands worth at most ``x`` number the
coefficient of ``t**h`` in the product over the suits of

    sum over the sets S of the suit's ranks left, worth at most x, of t**|S|

and a set of fewer cards than ``x``'s suit is always worth less, one of more never: only the
sets of ``x``'s own length are counted, by a sorted list, for each set of ranks left, of what
its subsets of each length are worth. Three such counts a hand (below its value, up to it,
below the least qualifying hand) give the house hands that do not qualify, that qualify and
lose to it, that tie it and that beat it.

The player's hands are taken one per class of suit renaming (the four sets of ranks as a
multiset), each weighted by how many hands it stands for: 6,009,159 classes for seven
cards, C(52, 7) hands.

>>> found = suit_counts("longest_flush", 3, 3, lambda v: True)
>>> int(found.weight.sum()) == 22100, found.per_row
(True, 18424)
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from math import comb, factorial
from typing import Any

from ..errors import SpecError
from .exact_house import HouseCounts

__all__ = ["class_cards", "counts_by_suit", "suit_classes", "suit_counts"]

_FULL = (1 << 13) - 1
_CHUNK = 400_000  # player rows counted at once


def counts_by_suit(ranking: str) -> bool:
    """Whether the ranking is valued by each suit's set of ranks (:func:`suit_counts` counts it
    where a longer suit is always worth more, as the longest flush has it)."""
    from ..cards.rankings import get_ranking

    return ranking != "high" and hasattr(get_ranking(ranking), "suit_table")


def suit_counts(ranking: str, house_cards: int, player_cards: int, qualifies: Callable[[int], bool]) -> HouseCounts:
    """The counts (as :func:`~.exact_house.house_counts` gives them, no house card up) for a
    house of ``house_cards`` cards that qualifies when ``qualifies(value)`` (at least some hand:
    a qualifier that is not is a :class:`~studrules.errors.SpecError`), against a player of
    ``player_cards`` cards."""
    import numpy as np

    from ..cards.rankings import get_ranking

    table = np.array(get_ranking(ranking).suit_table(), dtype=np.int64)  # type: ignore[attr-defined]
    lengths = np.array([bin(m).count("1") for m in range(1 << 13)], dtype=np.int64)
    if any(table[lengths == k].max() >= table[lengths == k + 1].min() for k in range(13)):
        raise SpecError(f"analyze counts by suit a ranking where a longer suit is worth more; {ranking} is not one")
    least = _least_qualifying(table, qualifies)
    masks, weight = suit_classes(player_cards)
    value = table[masks].max(axis=1)
    length_of = np.zeros(len(table), dtype=np.int64)  # a value's suit length (0: no value)
    length_of[table] = lengths
    counter = _Counter(table, lengths, length_of, house_cards)
    total = comb(52 - player_cards, house_cards)
    counts = np.zeros((len(masks), 4), dtype=np.int64)
    for start in range(0, len(masks), _CHUNK):
        part = slice(start, start + _CHUNK)
        left = _FULL & ~masks[part]
        below = counter.at_most(left, value[part] - 1)
        upto = counter.at_most(left, value[part])
        not_qualified = counter.at_most(left, np.full(len(left), least - 1))
        wins = np.maximum(below - not_qualified, 0)
        ties = np.where(value[part] >= least, upto - below, 0)
        counts[part] = np.stack([not_qualified, wins, ties, total - not_qualified - wins - ties], axis=1)
    return HouseCounts(class_cards(masks, player_cards), np.full(len(masks), -1), weight, value, counts, total)


def _least_qualifying(table: Any, qualifies: Callable[[int], bool]) -> int:
    """The least value that qualifies, every value above it qualifying too (else refused)."""
    verdicts = [bool(qualifies(v)) for v in range(1, int(table.max()) + 1)]
    least = verdicts.index(True) + 1 if True in verdicts else len(verdicts) + 1
    if any(verdicts[least - 1 :]) and not all(verdicts[least - 1 :]):
        raise SpecError(
            "analyze counts a hand valued by its suits against a house that qualifies with at least some "
            "hand; this qualifier is not of that shape: use simulate"
        )
    return least


def suit_classes(n: int) -> tuple[Any, Any]:
    """One hand of ``n`` cards per class of suit renaming: its four sets of ranks ((r, 4) masks,
    the suits in any order) and how many hands it stands for.

    >>> masks, weights = suit_classes(2)  # two cards: 169 classes of the 1,326 hands
    >>> len(masks), int(weights.sum())
    (169, 1326)
    """
    import numpy as np

    by_length = [np.array([m for m in range(1 << 13) if bin(m).count("1") == k], dtype=np.int64) for k in range(14)]
    out_masks, out_weights = [], []
    for split in _splits(n):
        runs = [(k, len(list(group))) for k, group in itertools.groupby(split)]
        columns: list[Any] = []
        for k, size in runs:
            picks = np.array(list(itertools.combinations_with_replacement(range(len(by_length[k])), size)))
            columns.append(by_length[k][picks])
        rows = np.stack(np.meshgrid(*[np.arange(len(c)) for c in columns], indexing="ij"), -1).reshape(-1, len(runs))
        masks = np.concatenate([columns[i][rows[:, i]] for i in range(len(runs))], axis=1)
        out_masks.append(masks)
        out_weights.append(_arrangements(masks))
    return np.concatenate(out_masks), np.concatenate(out_weights)


def _splits(n: int) -> list[tuple[int, ...]]:
    """The ways ``n`` cards fall into four suits, most first: (4, 2, 1, 0)..."""
    return [
        s
        for s in itertools.product(range(min(n, 13), -1, -1), repeat=4)
        if sum(s) == n and list(s) == sorted(s, reverse=True)
    ]


def _arrangements(masks: Any) -> Any:
    """How many ways each row's four sets of ranks go to the four suits: 4! over the
    factorials of how many times each set repeats."""
    import numpy as np

    ordered = np.sort(masks, axis=1)
    out = np.full(len(masks), factorial(4), dtype=np.int64)
    run = np.ones(len(masks), dtype=np.int64)
    for j in range(1, 4):
        same = ordered[:, j] == ordered[:, j - 1]
        run = np.where(same, run + 1, 1)
        out //= np.where(same, run, 1)
    return out


def class_cards(masks: Any, n: int) -> Any:
    """Each row's cards as codes, ascending (the suits in the rows' order).

    >>> import numpy as np
    >>> class_cards(np.array([[1 << 12, 1, 0, 0]]), 2).tolist()  # an ace of the first suit, a deuce of the second
    [[1, 48]]
    """
    import numpy as np

    out = np.zeros((len(masks), n), dtype=np.int64)
    placed = np.zeros(len(masks), dtype=np.int64)
    rows = np.arange(len(masks))
    for code in range(52):  # ascending: each card held goes to the row's next place
        held = np.flatnonzero((masks[:, code & 3] >> (code >> 2)) & 1)
        out[rows[held], placed[held]] = code
        placed[held] += 1
    return out


class _Counter:
    """House hands of ``h`` cards worth at most a value, given each suit's ranks left."""

    def __init__(self, table: Any, lengths: Any, length_of: Any, h: int):
        import numpy as np

        self.h, self.length_of, self.lengths = h, length_of, lengths
        self.binomial = np.array([[comb(a, k) for k in range(h + 1)] for a in range(14)], dtype=np.int64)
        # every (set of ranks left A, length k, a k-subset's value) as one sorted key
        keys = []
        for subset in range(1 << 13):
            k = int(lengths[subset])
            if 0 < k <= h:
                others = np.arange(1 << 13)
                above = others[(others & subset) == subset]
                keys.append((above * 16 + k) * 8192 + int(table[subset]))
        self.keys = np.sort(np.concatenate(keys))

    def at_most(self, left: Any, x: Any) -> Any:
        """Per row, the house hands worth at most ``x`` (0 for a value below every hand) drawn from
        the ranks ``left`` ((r, 4) masks)."""
        import numpy as np

        h = self.h
        k = self.length_of[np.maximum(x, 0)]
        poly: list[Any] = []
        for s in range(4):
            a = self.lengths[left[:, s]]
            base = (left[:, s] * 16 + k) * 8192
            same = np.searchsorted(self.keys, base + x, side="right") - np.searchsorted(self.keys, base, side="left")
            # by the number of this suit's cards: every set shorter than x's, the sets of its length worth no more
            factor = [np.where(j < k, self.binomial[a, j], np.where(j == k, same, 0)) for j in range(h + 1)]
            if s == 0:
                poly = factor
            elif s < 3:
                poly = [sum(poly[i] * factor[d - i] for i in range(d + 1)) for d in range(h + 1)]
            else:  # the last suit: only the house's own number of cards
                top = sum(poly[i] * factor[h - i] for i in range(h + 1))
        return np.where(x >= 1, top, 0)
