"""The shape of a player's cards, however many he holds: the view names of a
strategy that read sets of a rank, suits and ranks in a row (see
:data:`~studrules.spec.strategy_rules.VIEW_NAMES`), worked out the same way
for one hand (:func:`shape_view`) and for a batch of hands
(:func:`shape_columns`). ``hand`` values a whole five-card hand; these say
what three or four cards hold, at a decision before the last card.

- ``of_a_kind``: the most of the cards that share a rank (2: a pair);
- ``pairs``: how many ranks the player holds two or more of (2: two pair);
- ``pair_rank``: the highest rank he holds two or more of (0: none);
- ``flush_cards``: the most of the cards that share a suit;
- ``straight_span``: how many ranks in a row the cards need, from their
  lowest to their highest, an ace counted high or low, whichever needs
  fewer; :data:`NO_STRAIGHT` when two of them share a rank;
- ``flush_highest_card`` .. ``flush_fifth_card``: the ranks (ace high) of the
  cards of the longest suit, high to low, 0 past its length; of two suits
  as long, the one whose cards rank higher, compared high to low (the
  longest_flush ranking's suit).

So "a pair of tens or better" reads ``pair_rank >= ten``, "three to a
straight flush, spread 4" ``flush_cards == 3 and straight_span == 4``, and
"four to an outside straight" ``straight_span == 4 and highest_card < ace``
(an ace makes it one-ended); "a three-card flush of T-8-6 or better" reads
``flush_cards == 3 and flush_highest_card`` ... ``flush_third_card`` compared
with ``ten``, ``eight``, ``six``::

    >>> shape_view([22, 26, 36], {"flush_cards", "straight_span", "pair_rank"})  # 7h 8h Jc
    {'pair_rank': 0, 'flush_cards': 2, 'straight_span': 5}
    >>> shape_view([48, 0, 8], {"straight_span"})  # Ac 2c 4c: the ace low, ace to four
    {'straight_span': 4}
    >>> shape_view([48, 49, 8, 9], {"straight_span", "pairs", "pair_rank", "of_a_kind"})  # Ac Ad 4c 4d
    {'of_a_kind': 2, 'pairs': 2, 'pair_rank': 14, 'straight_span': 14}
    >>> shape_view([48, 0, 8, 49, 45, 41], FLUSH_RANK_NAMES[:4])  # Ac 2c 4c Ad Kd Qd: the diamonds rank higher
    {'flush_highest_card': 14, 'flush_second_card': 13, 'flush_third_card': 12, 'flush_fourth_card': 0}

Cards are codes, ``(rank - 2) * 4 + suit``, as :class:`~studrules.cards.card.Card`'s ``code``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np

__all__ = ["SHAPE_NAMES", "FLUSH_RANK_NAMES", "NO_STRAIGHT", "shape_view", "shape_columns"]

#: The ranks of the longest suit's cards, high to low.
FLUSH_RANK_NAMES: tuple[str, ...] = ("flush_highest_card", "flush_second_card", "flush_third_card", "flush_fourth_card")
FLUSH_RANK_NAMES += ("flush_fifth_card",)
#: The view names of this module.
SHAPE_NAMES = frozenset({"of_a_kind", "pairs", "pair_rank", "flush_cards", "straight_span", *FLUSH_RANK_NAMES})
#: ``straight_span`` of cards two of which share a rank.
NO_STRAIGHT = 14
_ACE = 12  # an ace's rank index (rank - 2); counted low, it is -1
_RANK_NAMES = ("of_a_kind", "pairs", "pair_rank")


def shape_view(codes: Sequence[int], wanted: Iterable[str]) -> dict[str, int]:
    """The names of this module in ``wanted``, of one hand's card codes."""
    wanted = set(wanted)
    view: dict[str, int] = {}
    ranks = [code >> 2 for code in codes]
    if wanted.intersection(_RANK_NAMES):
        counts = {r: ranks.count(r) for r in ranks}
        held = [r for r, n in counts.items() if n >= 2]
        shape = {
            "of_a_kind": max(counts.values(), default=0),
            "pairs": len(held),
            "pair_rank": max(held) + 2 if held else 0,
        }
        view.update((name, shape[name]) for name in _RANK_NAMES if name in wanted)
    if "flush_cards" in wanted:
        suits = [code & 3 for code in codes]
        view["flush_cards"] = max((suits.count(s) for s in range(4)), default=0)
    if wanted.intersection(FLUSH_RANK_NAMES):
        # the suit whose (length, mask of ranks) is highest: of equal lengths, the higher mask
        # is the one whose ranks compare higher, high to low
        masks = [0, 0, 0, 0]
        for code in codes:
            masks[code & 3] |= 1 << (code >> 2)
        best = max(masks, key=lambda m: (m.bit_count(), m))
        held = [r + 2 for r in range(12, -1, -1) if best >> r & 1] + [0] * len(FLUSH_RANK_NAMES)
        view.update((name, held[i]) for i, name in enumerate(FLUSH_RANK_NAMES) if name in wanted)
    if "straight_span" in wanted:
        if len(set(ranks)) < len(ranks):
            view["straight_span"] = NO_STRAIGHT
        elif not ranks:
            view["straight_span"] = 0
        else:
            low = [-1 if r == _ACE else r for r in ranks]
            view["straight_span"] = min(max(ranks) - min(ranks), max(low) - min(low)) + 1
    return view


def shape_columns(codes: np.ndarray, wanted: Iterable[str]) -> dict[str, Any]:
    """:func:`shape_view` of every row of ``codes`` (an (n, k) array of card codes), as arrays.

    >>> import numpy as np
    >>> rows = np.array([[22, 26, 36], [48, 0, 8], [48, 49, 8]])
    >>> names = SHAPE_NAMES - set(FLUSH_RANK_NAMES)
    >>> {k: v.tolist() for k, v in sorted(shape_columns(rows, names).items())}  # 7h 8h Jc; Ac 2c 4c; Ac Ad 4c
    {'flush_cards': [2, 3, 2], 'of_a_kind': [1, 1, 2], 'pair_rank': [0, 0, 14], 'pairs': [0, 0, 1], 'straight_span': [5, 4, 14]}
    >>> shape_columns(rows, {"flush_highest_card"})["flush_highest_card"].tolist()  # 8h 7h; Ac 4c 2c; Ac 4c
    [8, 14, 14]
    """
    import numpy as np

    codes = np.asarray(codes, dtype=np.int64)
    wanted = set(wanted)
    columns: dict[str, Any] = {}
    ranks = np.sort(codes >> 2, axis=1)
    if wanted.intersection(_RANK_NAMES):
        # per rank (0..12), how many of the cards have it
        counts = np.stack([(ranks == r).sum(axis=1) for r in range(13)], axis=1)
        held = counts >= 2
        shape = {
            "of_a_kind": counts.max(axis=1),
            "pairs": held.sum(axis=1),
            # the highest rank held twice: 12 - the first from the top held twice, + 2; 0 where none
            "pair_rank": np.where(held.any(axis=1), 14 - held[:, ::-1].argmax(axis=1), 0),
        }
        columns.update((name, shape[name]) for name in _RANK_NAMES if name in wanted)
    if "flush_cards" in wanted:
        suits = codes & 3
        columns["flush_cards"] = np.stack([(suits == s).sum(axis=1) for s in range(4)]).max(axis=0)
    if "straight_span" in wanted:
        low = np.where(ranks == _ACE, -1, ranks)
        span = np.minimum(ranks.max(axis=1) - ranks.min(axis=1), low.max(axis=1) - low.min(axis=1)) + 1
        paired = (np.diff(ranks, axis=1) == 0).any(axis=1)
        columns["straight_span"] = np.where(paired, NO_STRAIGHT, span)
    if wanted.intersection(FLUSH_RANK_NAMES):
        columns.update(_flush_ranks(codes, wanted))
    return columns


def _flush_ranks(codes: np.ndarray, wanted: set[str]) -> dict[str, Any]:
    """The ``FLUSH_RANK_NAMES`` in ``wanted`` of every row of ``codes``."""
    import numpy as np

    bits = np.left_shift(1, codes >> 2)
    suits = codes & 3
    best = np.zeros(len(codes), dtype=np.int64)
    for s in range(4):
        mask = np.where(suits == s, bits, 0).sum(axis=1)
        count = (suits == s).sum(axis=1)
        best = np.maximum(best, (count << 13) | mask)  # a longer suit first, then the higher ranks
    best &= (1 << 13) - 1
    found = np.zeros((len(codes), len(FLUSH_RANK_NAMES)), dtype=np.int64)
    seen = np.zeros(len(codes), dtype=np.int64)  # how many of the suit's cards are placed, from the top
    for r in range(12, -1, -1):
        here = (best >> r & 1).astype(bool) & (seen < len(FLUSH_RANK_NAMES))
        rows = np.flatnonzero(here)
        found[rows, seen[rows]] = r + 2
        seen += here
    return {name: found[:, i] for i, name in enumerate(FLUSH_RANK_NAMES) if name in wanted}
