"""Best-of-n values of the table rankings, many hands at once.

A table ranking values a hand of ``hand_cards`` cards by its ranks and
whether they are all of one suit (``rank_table()``: the three- and
four-card rankings); from more cards a hand is worth its best subset.
:func:`evaluate_table_batch` finds that best without trying every subset:

- the best subset read as unsuited depends on the ranks alone, so a table
  indexed by the hand's sorted ranks (base 13) holds it, built once from
  every multiset of ranks;
- a subset of one suit is worth its suited value, at least its unsuited one
  (checked when the tables are built), so a suit holding ``hand_cards``
  cards or more adds the best suited subset of its ranks: a table indexed
  by the suit's 13-bit mask of ranks.

The value is the larger of the two. Hands of up to six cards; more, or a
ranking whose suited subset can be worth less than the same ranks unsuited,
return None (use :func:`studrules.cards.batch.evaluate_batch_in`).

>>> import numpy as np
>>> from studrules.cards.batch import codes_of, evaluate_batch_in
>>> hands = codes_of(["Ac Ad 7h 2s 5c Kd", "9c 9d 9h Ks 2d 3c", "5h 4h 3h 2h Ah Ac"])
>>> (evaluate_table_batch(hands, "four_card_high") == evaluate_batch_in(hands, "four_card_high")).all()
np.True_
"""

from __future__ import annotations

import functools
import itertools
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # numpy.typing is not loaded by numpy itself
    import numpy as np
    from numpy.typing import ArrayLike, NDArray

__all__ = ["evaluate_table_batch"]

_MOST_CARDS = 6  # 13**6 entries in the table of ranks


def evaluate_table_batch(codes: ArrayLike, ranking: str, *, ordered: bool = False) -> NDArray[np.int64] | None:
    """Values of many hands (an (N, n) array of distinct card codes 0..51) in the table ranking
    ``ranking``, each the best of its subsets; None where the tables do not serve (see the
    module). ``ordered``: every row is sorted already (skips a sort)."""
    import numpy as np

    arr = np.asarray(codes)
    tables = _tables(ranking, arr.shape[1])
    if tables is None:
        return None
    by_ranks, by_suit, size = tables
    if not ordered:
        arr = np.sort(arr, axis=1)
    # one row per place, small integers: column operations run fast
    cols = np.ascontiguousarray(arr.T, dtype=np.int32)
    ranks = cols >> 2
    key = ranks[0].copy()
    for row in ranks[1:]:
        key *= 13
        key += row
    out: NDArray[np.int64] = by_ranks[key].astype(np.int64)
    # a nibble a suit: the cards of each; a suit holds a hand's worth where its nibble reaches size
    cols &= 3
    cols <<= 2
    counts = np.left_shift(1, cols[0])
    for row in cols[1:]:
        counts += np.left_shift(1, row)
    flag = (counts + (8 - size) * 0x1111) & 0x8888
    for s in range(4):  # (two suits may each hold a hand's worth when it is short)
        hit = np.flatnonzero(flag & (8 << 4 * s))
        if hit.size:
            sub = arr[hit].astype(np.int32)
            mask = np.where((sub & 3) == s, np.left_shift(1, sub >> 2), 0).sum(axis=1)
            out[hit] = np.maximum(out[hit], by_suit[mask])
    return out


@functools.cache
def _tables(ranking: str, cards: int) -> tuple[Any, Any, int] | None:
    """The table by sorted ranks (base 13, lowest first), the table by a suit's mask of ranks,
    and the ranking's hand size; None where they do not serve."""
    import numpy as np

    from .rankings import get_ranking

    found = get_ranking(ranking)
    size = getattr(found, "hand_cards", None)
    if size is None or not hasattr(found, "rank_table") or not size <= cards <= _MOST_CARDS:
        return None
    values: dict[tuple[tuple[int, ...], bool], int] = found.rank_table()
    if any(suited and v < values[(ranks, False)] for (ranks, suited), v in values.items()):
        return None
    by_ranks = np.zeros(13**cards, dtype=np.int32)
    for low_first in itertools.combinations_with_replacement(range(13), cards):
        if any(low_first.count(r) > 4 for r in set(low_first)):
            continue
        key = 0
        for r in low_first:
            key = key * 13 + r
        by_ranks[key] = max(
            values[(tuple(sorted((r + 2 for r in sub), reverse=True)), False)]
            for sub in itertools.combinations(low_first, size)
        )
    by_suit = np.zeros(1 << 13, dtype=np.int32)
    for count in range(size, cards + 1):
        for held in itertools.combinations(range(13), count):
            by_suit[sum(1 << r for r in held)] = max(
                values[(tuple(sorted((r + 2 for r in sub), reverse=True)), True)]
                for sub in itertools.combinations(held, size)
            )
    return by_ranks, by_suit, size
