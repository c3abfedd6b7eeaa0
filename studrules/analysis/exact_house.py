"""Exact counts of a player's hand against the house's hand, the house's up card known.

A player holding ``n`` cards ``P`` decides after seeing the house's up card
``U`` (or, where the house shows nothing, on ``P`` alone); the house's other
``q`` cards come from the cards left, and its hand is the best of all its
cards. :func:`house_counts` gives, for every such situation up to a renaming
of suits, how many house hands do not qualify, qualify and lose to ``P``,
tie it, or beat it.

The count is by inclusion and exclusion over the subsets ``S`` of ``P``: the
hidden cards that miss ``P`` and rank below ``P``'s value number
``sum over S of (-1)^|S| G(S)``, where ``G(S)`` counts the sets of hidden
cards that hold all of ``S`` and rank below it. Once per up card the counts
``G`` are laid out for every card set ``S`` of a size:

- where many hidden sets hold ``S`` (small sets), as a cumulative
  histogram over the house's hand values (one ``bincount`` of every hidden
  set and each of its subsets of that size);
- where few do (large sets), as the list of their values, placed by where
  the rest of each set stands among the cards left, which a player's row
  compares with its value.

The player's hands are taken one per class of suit renaming: with an up
card, the up card's suit stays (one up card of each rank, standing for its
four suits) and the other three are renamed; without one, all four.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from math import comb
from typing import Any

__all__ = ["HouseCounts", "house_counts", "values_of", "counts_the_ranking"]

# a card set held by at most this many sets of hidden cards lists their values; more, a histogram
_LISTED = 64
_CHUNK = 100_000  # player rows compared at once with the listed values


class HouseCounts:
    """The counted situations: ``cards`` (r, n) the player's cards (codes, ascending), ``up``
    (r,) the house's up card (-1: none shown), ``weight`` how many situations each row stands
    for, ``value`` the player's hand value, ``counts`` (r, 4) int64 house hands that do not
    qualify, that qualify and lose to the player, that tie, that beat him. ``per_row`` is how
    many house hands each row counts; rows times weights cover every deal."""

    def __init__(self, cards: Any, up: Any, weight: Any, value: Any, counts: Any, per_row: int):
        self.cards, self.up, self.weight, self.value, self.counts = cards, up, weight, value, counts
        self.per_row = per_row


def counts_the_ranking(ranking: str) -> bool:
    """Whether :func:`values_of` evaluates the ranking in batch (the standard high ranking and the
    rankings given by a table of ranks and suits), which the counts need."""
    from ..cards.rankings import get_ranking

    return ranking == "high" or hasattr(get_ranking(ranking), "rank_table")


def values_of(codes: Any, ranking: str, *, ordered: bool = False) -> Any:
    """The values of rows of card codes in ``ranking`` (each the best of its cards), as int64."""
    import numpy as np

    from ..cards.batch import evaluate_batch, evaluate_batch_in
    from ..cards.batch_table import evaluate_table_batch

    codes = np.asarray(codes)
    if len(codes) > _VALUE_ROWS:  # a chunk at a time: a batch's work arrays are several times its rows
        parts = range(0, len(codes), _VALUE_ROWS)
        return np.concatenate([values_of(codes[i : i + _VALUE_ROWS], ranking, ordered=ordered) for i in parts])
    if ranking == "high" and codes.shape[1] >= 5:
        return evaluate_batch(codes, check=False)
    found = evaluate_table_batch(codes, ranking, ordered=ordered) if ranking != "high" else None
    return found if found is not None else np.asarray(evaluate_batch_in(codes, ranking), dtype=np.int64)


_VALUE_ROWS = 400_000
_CACHE: dict[tuple[Any, ...], HouseCounts] = {}


def house_counts(
    ranking: str,
    house_cards: int,
    player_cards: int,
    up_cards: int,
    qualifies: Callable[[float], bool],
    players: Any = None,
    ups: Any = None,
    *,
    deck: int = 52,
    valued_by: Any = None,
) -> HouseCounts:
    """The counts for a house of ``house_cards`` cards, ``up_cards`` (0 or 1) of them shown, that
    qualifies when ``qualifies(value)``, against a player of ``player_cards`` cards.

    ``players``: only these player hands (an (r, n) array of codes) with the up cards ``ups``
    ((r,) codes; ignored without an up card), each of weight 1, instead of one hand of every
    class. Remembered when every class is counted (with the qualifier's verdict on every house
    value): the counts do not depend on the strategy or the pay table. ``deck``: the cards dealt
    from (53: a joker, code 52, after the 52 cards); ``valued_by``: where cards are wild, the
    ranking that counts them (:func:`~studrules.spec.hand_ranking.banked_ranking`), whose
    values (``float``) the counts then read.
    """
    import numpy as np

    if players is not None:
        chosen = np.sort(np.asarray(players, dtype=np.int64), axis=1)
        shown = np.asarray(ups, dtype=np.int64) if up_cards else np.full(len(chosen), -1, dtype=np.int64)
        return _Count(ranking, house_cards, player_cards, up_cards, qualifies, deck, valued_by).run(chosen, shown)
    count = _Count(ranking, house_cards, player_cards, up_cards, qualifies, deck, valued_by)
    key = (ranking, house_cards, player_cards, up_cards, deck, valued_by, count.verdicts())
    if key not in _CACHE:
        _CACHE[key] = count.run()
    return _CACHE[key]


def _possible_values(ranking: str, wild: bool = False) -> list[float]:
    """Every value a hand of the ranking can have (a superset will do); ``wild``: its hands
    with wild cards counted too."""
    from ..cards.evaluator import MAX_VALUE
    from ..cards.rankings import get_ranking
    from ..cards.wild import wild_only_values

    if ranking == "high":
        return list(range(1, MAX_VALUE + 1)) + (list(wild_only_values()) if wild else [])
    return sorted(set(get_ranking(ranking).rank_table().values()))  # type: ignore[attr-defined]


def _binomials() -> Any:
    import numpy as np

    return np.array([[comb(n, k) for k in range(10)] for n in range(62)], dtype=np.int64)


def _all_sets(size: int, k: int) -> Any:
    """Every set of ``k`` of the cards ``0..size-1`` (ascending, as int8) in colex order: the
    sets whose highest card is ``t`` come after those below it, each a set of ``k - 1`` cards
    below ``t`` (in colex order, a prefix of that list) and ``t``."""
    import numpy as np

    sets = np.zeros((1, 0), dtype=np.int8)
    for j in range(1, k + 1):
        tops = np.arange(j - 1, size)
        counts = np.array([comb(int(t), j - 1) for t in tops], dtype=np.int64)
        starts = np.cumsum(counts) - counts
        rows = np.arange(int(counts.sum())) - np.repeat(starts, counts)
        sets = np.concatenate([sets[rows], np.repeat(tops, counts).astype(np.int8)[:, None]], axis=1)
    return sets


def _subset_index(cards: Any, k: int, binom: Any) -> Any:
    """(r, C(c, k)) int32: the colex rank of each ``k``-subset of each ascending row of ``cards``."""
    import numpy as np

    terms: dict[tuple[int, int], Any] = {}  # (place, rank in the subset): C(card, rank + 1)
    small = binom.astype(np.int32)
    places = list(itertools.combinations(range(cards.shape[1]), k))
    out = np.zeros((len(cards), len(places)), dtype=np.int32)
    for col, chosen in enumerate(places):
        for i, j in enumerate(chosen):
            if (j, i) not in terms:
                terms[(j, i)] = small[:, i + 1][cards[:, j]]
            out[:, col] += terms[(j, i)]
    return out


def _listed_place(hidden: Any, size: int, k: int, binom: Any) -> Any:
    """(N, C(q, k)) int32: for each set of hidden cards and each ``k``-subset ``S`` of it, its
    place in the list of the sets holding ``S``: ``S``'s colex rank times the list's length,
    plus the rank of the rest of the set among the cards not in ``S`` (a card loses one for each
    card of ``S`` below it, and in an ascending row those are the places before it)."""
    import numpy as np

    q = hidden.shape[1]
    length = comb(size - k, q - k)
    small = binom.astype(np.int32)
    out = _subset_index(hidden, k, binom) * np.int32(length)
    for col, chosen in enumerate(itertools.combinations(range(q), k)):
        rest = [j for j in range(q) if j not in chosen]
        for i, j in enumerate(rest):
            out[:, col] += small[:, i + 1][hidden[:, j] - sum(1 for s in chosen if s < j)]
    return out


def _classes(hands: Any, keep_first_suit: bool) -> tuple[Any, Any]:
    """One hand of each class of suit renaming and the class's size: the per-suit rank masks
    name the class, sorted (all four, or the last three when the first suit stays), with how
    many jokers (codes 52 and up, of no suit) the hand holds."""
    import numpy as np

    cols = np.ascontiguousarray(hands.T, dtype=np.int64)
    jokers = cols >= 52
    bits, suits = np.where(jokers, 0, np.left_shift(1, np.minimum(cols >> 2, 12))), cols & 3
    masks = np.stack([np.where(suits == s, bits, 0).sum(axis=0) for s in range(4)], axis=1)
    if keep_first_suit:
        masks[:, 1:] = np.sort(masks[:, 1:], axis=1)
    else:
        masks = np.sort(masks, axis=1)
    key = masks[:, 0] | masks[:, 1] << 13 | masks[:, 2] << 26 | masks[:, 3] << 39 | jokers.sum(axis=0) << 52
    _, first, size = np.unique(key, return_index=True, return_counts=True)
    return hands[first], size.astype(np.int64)


class _Count:
    """One count: the house's cards, the player's, the qualifier (see :func:`house_counts`)."""

    def __init__(
        self,
        ranking: str,
        house_cards: int,
        player_cards: int,
        up_cards: int,
        qualifies: Any,
        deck: int = 52,
        valued_by: Any = None,
    ):
        self.ranking, self.n, self.u = ranking, player_cards, up_cards
        self.deck, self.valued_by = deck, valued_by
        self.q = house_cards - up_cards  # the hidden cards
        self.size = deck - up_cards  # the cards they come from (renumbered without the up card)
        self.qualifies = qualifies
        self.binom = _binomials()
        self.hidden = _all_sets(self.size, self.q)
        self._verdict: dict[float, bool] = {}
        self.kinds: dict[int, int] = {}
        self.places: dict[int, Any] = {}
        self._buffers: dict[str, Any] = {}

    def verdicts(self) -> bytes:
        """The qualifier's verdict on every value a hand of the ranking can have (the cache's key)."""
        import numpy as np

        values = _possible_values(self.ranking, self.valued_by is not None)
        return np.array([self._qualifies(v) for v in values], dtype=bool).tobytes()

    def _qualifies(self, value: float) -> bool:
        if value not in self._verdict:
            self._verdict[value] = bool(self.qualifies(value))
        return self._verdict[value]

    def _values(self, rows: Any) -> Any:
        """The values of rows of card codes (ascending), with the wild cards counted where some are."""
        if self.valued_by is None:
            return values_of(rows, self.ranking, ordered=True)
        from ..cards.batch import evaluate_rows_wild

        return evaluate_rows_wild(rows, self.valued_by, self.ranking)

    def _up_cards(self) -> list[tuple[int, int]]:
        """Each up card counted and how many it stands for: one of each rank for its four suits
        (the player's hands renamed around its suit), each joker for itself; -1 where none shows."""
        if not self.u:
            return [(-1, 1)]
        return [(4 * r, 4) for r in range(13)] + [(joker, 1) for joker in range(52, self.deck)]

    def _house_values(self, up: int) -> Any:
        """The value of the house's hand for each set of hidden cards, the up card ``up`` (-1: none)."""
        import numpy as np

        cards = self.hidden
        if up < 0:
            return self._values(cards)
        cards = cards + (cards >= up).astype(np.int8)  # back to card codes
        held = np.concatenate([np.full((len(cards), 1), up, dtype=np.int8), cards], axis=1)
        return self._values(np.sort(held, axis=1))

    def run(self, chosen: Any = None, shown: Any = None) -> HouseCounts:
        import numpy as np

        n, q = self.n, self.q
        if chosen is None:
            player, weight = _classes(_all_sets(self.deck, n), keep_first_suit=bool(self.u))
            player = player.astype(np.int64)
            order = [(up, ~(player == up).any(axis=1), times) for up, times in self._up_cards()]
        else:
            player, weight = chosen, np.ones(len(chosen), dtype=np.int64)
            order = [(int(up), shown == up, 1) for up in np.unique(shown)]
        self.kinds = {k: comb(self.size - k, q - k) for k in range(min(n, q) + 1)}
        self.places = {
            k: (_subset_index(self.hidden, k, self.binom) if length > _LISTED else None)
            for k, length in self.kinds.items()
        }
        for k, length in self.kinds.items():
            if length <= _LISTED:
                self.places[k] = _listed_place(self.hidden, self.size, k, self.binom)
        out_cards, out_up, out_weight, out_value, out_counts = [], [], [], [], []
        for up, rows, times in order:
            cards = player[rows]
            value = self._values(cards)
            out_counts.append(self._against(up, cards, value))
            out_cards.append(cards)
            out_up.append(np.full(len(cards), up, dtype=np.int64))
            out_weight.append(weight[rows] * times)
            out_value.append(value)
        return HouseCounts(
            np.concatenate(out_cards),
            np.concatenate(out_up),
            np.concatenate(out_weight),
            np.concatenate(out_value),
            np.concatenate(out_counts),
            comb(self.size - n, q),
        )

    def _against(self, up: int, cards: Any, value: Any) -> Any:
        """(r, 4): the counts for the player rows ``cards`` (values ``value``) against this up card."""
        import numpy as np

        house = self._house_values(up)
        real: Any = None  # where values are not whole numbers (wild cards): each one's by its place
        if house.dtype.kind == "f":
            real = np.unique(np.concatenate([house, value]))
            house, value = np.searchsorted(real, house) + 1, np.searchsorted(real, value) + 1
        # level 0: does not qualify; a qualifying value, 1 + its rank among them (values are
        # small whole numbers: a table over them, no sort)
        seen = np.zeros(int(max(house.max(), value.max())) + 2, dtype=bool)
        seen[house] = True
        distinct = np.flatnonzero(seen)
        verdict = [self._qualifies(int(v) if real is None else float(real[v - 1])) for v in distinct]
        good = distinct[np.array(verdict, dtype=bool)]
        passes = np.zeros(len(seen), dtype=bool)
        passes[good] = True
        below_value = np.cumsum(passes) - passes  # qualifying values below each value
        kind = np.int16 if len(good) < 2**15 - 1 else np.int32
        level = np.where(passes, 1 + below_value, 0).astype(kind)[house]
        levels = len(good) + 1
        # each row reads the counts below levels 1 (the non-qualifying: only if some are), below its
        # value and up to it
        reads = [1 + below_value[value], 1 + below_value[value] + passes[value]]
        if len(good) < len(distinct):
            reads.insert(0, np.ones(len(cards), dtype=np.int64))
        below = np.zeros((len(cards), len(reads)), dtype=np.int64)
        mine = cards - (cards > up) if up >= 0 else cards  # renumbered without the up card
        for k, length in self.kinds.items():
            sets = _subset_index(mine, k, self.binom)
            sign = -1 if k % 2 else 1
            if length > _LISTED:
                table = self._histogram(k, level, levels)
                sets = sets.astype(np.int64) * levels - 1  # every read is of level 1 or more
                for j, read in enumerate(reads):
                    below[:, j] += sign * table[sets + read[:, None]].sum(axis=1)
                continue
            flat = np.empty(comb(self.size, k) * length, dtype=kind)
            flat[self.places[k]] = level[:, None]
            listed = flat.reshape(-1, length)
            for lo in range(0, len(cards), _CHUNK):
                got = listed[sets[lo : lo + _CHUNK]]  # (rows, subsets, length)
                for j, read in enumerate(reads):
                    hit = got < read[lo : lo + _CHUNK, None, None].astype(kind)
                    below[lo : lo + _CHUNK, j] += sign * np.count_nonzero(hit, axis=(1, 2))
        if len(reads) == 2:
            below = np.concatenate([np.zeros((len(cards), 1), dtype=np.int64), below], axis=1)
        per_row = comb(self.size - self.n, self.q)
        counts = np.empty((len(cards), 4), dtype=np.int64)
        counts[:, 0] = below[:, 0]
        counts[:, 1] = below[:, 1] - below[:, 0]
        counts[:, 2] = below[:, 2] - below[:, 1]
        counts[:, 3] = per_row - below[:, 2]
        return counts

    def _histogram(self, k: int, level: Any, levels: int) -> Any:
        """The sets of hidden cards holding each ``k``-card set, by level, cumulative: entry
        ``set * levels + x`` counts those up to level ``x``. (The keys are written into a buffer
        kept from one up card to the next: fewer pages to fault in.)"""
        import numpy as np

        places = self.places[k]
        keys = self._buffer("keys", places.size, np.intp).reshape(places.shape)
        np.multiply(places, levels, out=keys)
        keys += level[:, None]
        counts = np.bincount(keys.ravel(), minlength=comb(self.size, k) * levels)
        np.cumsum(counts.reshape(-1, levels), axis=1, out=counts.reshape(-1, levels))
        return counts

    def _buffer(self, name: str, size: int, dtype: Any) -> Any:
        """A kept array of at least ``size`` entries, its first ``size`` returned."""
        import numpy as np

        held = self._buffers.get(name)
        if held is None or held.size < size:
            held = self._buffers[name] = np.empty(size, dtype=dtype)
        return held[:size]
