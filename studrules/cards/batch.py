"""Evaluate many hands at once with numpy, for simulations.

``evaluate_batch`` takes card codes (0..51, ``Card.code``) shaped
``(hands, cards)`` with 5 to 9 cards a hand, and returns the same values as
:func:`studrules.evaluate`, as ``int64``::

    >>> import numpy as np
    >>> from studrules import parse_cards, evaluate
    >>> hands = [parse_cards("Ah Kh Qh Jh Th"), parse_cards("2c 2d 7h 9s Ks")]
    >>> codes = np.array([[c.code for c in h] for h in hands])
    >>> evaluate_batch(codes).tolist() == [evaluate(h) for h in hands]
    True

No Python loop runs per hand: five cards are one gather of per-card rank
weights, a sum, and one table lookup (plus the rare flushes); six and seven
cards do the same with rank weights whose sums are distinct for every rank
multiset of six or seven cards (a perfect hash, ``RANK_WEIGHTS_7``), so the
best-of-n value is one direct index into a table built once from the sorted
keys of the best-of-n tables. Rows are processed in cache-sized chunks.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, TypedDict

import numpy as np

from ..errors import CardError
from .card import RANK_WEIGHTS_7
from .tablegen import RANK_WEIGHTS_5, TABLE_PATH, decode_tables

if TYPE_CHECKING:  # numpy.typing is not loaded by numpy itself
    from numpy.typing import ArrayLike, NDArray

    from .card import Card

__all__ = ["evaluate_batch", "evaluate_batch_in", "evaluate_columns", "evaluate_rows_wild", "codes_of"]

_CHUNK = 1 << 14  # rows per step: keeps every temporary in the CPU cache

# RANK_WEIGHTS_7 (from card.py, where every card also carries its weight in
# Card.quick7 for the per-hand evaluator): per-rank weights (twos to aces) whose sums differ for any two multisets of
# six ranks, and for any two of seven, each rank at most four times: the
# same property as the five-card weights, checked when the tables are built
# (the values are the seven-card rank keys published with Kenneth
# Shackleton's SKPokerEval). The largest sum, four aces and three kings, is
# 7,825,759: a table of that many int16 values (15 MB) per hand size.
_SUIT_SHIFT = 32  # suit counts, a nibble a suit, above the rank-weight sum


def evaluate_batch(codes: ArrayLike, *, check: bool = True) -> NDArray[np.int64]:
    """Values of many hands: ``codes`` is an integer array of shape (N, n),
    5 <= n <= 9, of card codes 0..51; returns N ``int64`` hand values.

    ``check`` (default on) rejects codes out of range and a card repeated
    within a hand with a :class:`CardError`; turn it off only for codes you
    built yourself.

    >>> evaluate_batch([[0, 4, 8, 12, 48]]).tolist()   # 2c 3c 4c 5c Ac
    [7453]
    >>> evaluate_batch([[0, 0, 4, 8, 12]])
    Traceback (most recent call last):
    ...
    studrules.errors.CardError: hand 0 holds the same card twice
    """
    arr = np.asarray(codes)
    if arr.ndim != 2 or not 5 <= arr.shape[1] <= 9:
        raise CardError(f"expected card codes shaped (hands, 5..9 cards), got shape {arr.shape}")
    if arr.dtype.kind not in "iu":
        raise CardError(f"card codes must be integers 0-51, got dtype {arr.dtype}")
    n = arr.shape[1]
    out = np.empty(arr.shape[0], dtype=np.int64)
    if arr.shape[0] == 0:
        return out
    if check and (int(arr.min()) < 0 or int(arr.max()) > 51):
        raise CardError("card codes must be 0-51")
    if n > 7:
        # the best five of n cards is the best five of one of its 7-card subsets
        out[:] = 0
        for cols in itertools.combinations(range(n), 7):
            np.maximum(out, evaluate_batch(arr[:, cols], check=check), out=out)
        return out
    step = _five if n == 5 else _six_or_seven
    for start in range(0, arr.shape[0], _CHUNK):
        chunk = np.ascontiguousarray(arr[start : start + _CHUNK].T, dtype=np.intp)
        out[start : start + _CHUNK] = step(chunk, check, start)
    return out


def evaluate_batch_in(codes: ArrayLike, ranking: str) -> NDArray[np.int64] | NDArray[np.float64]:
    """Values of many hands in the ranking called ``ranking`` (the same as its ``evaluate``).

    ``high`` is :func:`evaluate_batch` (5 to 9 cards). A ranking that gives
    its values by the ranks and whether they are suited (``rank_table()``,
    hands of ``hand_cards`` cards: the three- and four-card rankings) is a
    table look-up per subset of that many cards, the best one kept. A ranking
    valued by each suit's set of ranks (``suit_table()``: the longest flush)
    is a look-up per suit, the best one kept; one valued by measures of each
    suit (``suit_measures()``: the longest suit run), each measure's best
    suit, weighted and summed. Any other
    ranking is evaluated hand by hand (right, and slow). Codes are trusted
    (distinct, 0..51).

    >>> from studrules import parse_cards
    >>> from studrules.cards.rankings import get_ranking
    >>> hands = ["Ac Ad 7h 2s 5c", "9c 9d 9h Ks 2d"]
    >>> four = get_ranking("four_card_high")
    >>> evaluate_batch_in(codes_of(hands), "four_card_high").tolist() == [four.evaluate(h) for h in hands]
    True
    """
    arr = np.asarray(codes, dtype=np.int64)
    if ranking == "high":
        return evaluate_batch(arr, check=False)
    from .rankings import get_ranking

    found = get_ranking(ranking)
    if hasattr(found, "suit_table"):
        return _by_suit(arr, ranking)
    if hasattr(found, "suit_measures"):
        return _by_suit_measures(arr, ranking)
    size = getattr(found, "hand_cards", None)
    if size is None or arr.shape[1] < size:
        from .card import Card

        slow = [found.evaluate([Card(int(c)) for c in row]) or 0 for row in arr.tolist()]
        # a ranking with half steps (a four-flush between two whole values) keeps them
        if all(float(v).is_integer() for v in slow):
            return np.array(slow, dtype=np.int64)
        return np.array(slow, dtype=np.float64)
    table = _rank_table(ranking, size)
    # sorted codes sort the ranks, and every subset of a sorted row is sorted
    ordered = np.sort(arr, axis=1)
    ranks = ordered >> 2
    suits = ordered & 3
    out = np.zeros(arr.shape[0], dtype=np.int64)
    for cols in itertools.combinations(range(arr.shape[1]), size):
        key = ranks[:, cols[0]].copy()
        suited = np.ones(arr.shape[0], dtype=bool)
        for c in cols[1:]:
            key *= 13
            key += ranks[:, c]
            suited &= suits[:, c] == suits[:, cols[0]]
        key *= 2
        key += suited
        np.maximum(out, table[key], out=out)
    return out


def evaluate_columns(columns: ArrayLike, ranking: str = "high") -> NDArray[np.integer] | NDArray[np.float64]:
    """:func:`evaluate_batch_in` for codes laid out by card: ``columns[j]`` holds every hand's
    ``j``-th card (shape (cards, hands), any integer type, ``uint8`` fastest). Codes are
    trusted (distinct within a hand, 0..51). Five cards of the high ranking give ``int16``
    values (one gather of rank weights per card, a sum, a table look-up, the rare flushes
    apart); anything else the values and type of :func:`evaluate_batch_in`.

    >>> hands = codes_of(["Ah Kh Qh Jh Th", "2c 2d 7h 9s Ks"])
    >>> evaluate_columns(hands.T.astype(np.uint8)).tolist() == evaluate_batch(hands).tolist()
    True
    """
    cols = np.asarray(columns)
    if ranking != "high" or cols.shape[0] != 5 or cols.dtype.kind not in "iu":
        return evaluate_batch_in(cols.T, ranking)
    t = _tables()
    weight = t["weight5"]
    index = np.take(weight, cols[0], mode="clip")  # codes 0..51 (trusted): no bounds checks
    for row in cols[1:]:
        index += np.take(weight, row, mode="clip")
    values: NDArray[np.int16] = np.take(t["five"], index, mode="clip")
    suit = cols & 3
    same = suit[0] == suit[1]
    for j in range(2, 5):
        same &= suit[j] == suit[0]
    flushes = np.flatnonzero(same)
    if flushes.size:
        values[flushes] = t["flush"][t["rank_bit"][cols[:, flushes]].sum(axis=0)]
    return values


def evaluate_rows_wild(rows: ArrayLike, ranking: Any, natural: str = "high") -> NDArray[np.float64]:
    """The values of rows of card codes (0..51, the jokers 52 and up) in ``ranking``, a ranking
    counting wild cards (:func:`~.ranking_wilds.with_wilds`, its ``wild`` the cards wild besides
    the jokers): a row holding a wild card is valued one by one, the others in batch in the
    ranking ``natural`` (the same values: no card of theirs is wild).

    >>> from .rankings import get_ranking
    >>> from .ranking_wilds import with_wilds
    >>> from .wild import of_ranks
    >>> deuces = with_wilds(get_ranking("high"), of_ranks("2"), joker="wild")
    >>> rows = np.array([[48, 49, 50, 0, 52], [48, 44, 40, 36, 35]])  # Ac Ad Ah 2c X1; Ac Kc Qc Jc Ts
    >>> [deuces.describe(v) for v in evaluate_rows_wild(rows, deuces)]
    ['five aces', 'straight, ace high']
    """
    from .card import Card, joker

    rows = np.asarray(rows)
    wild_codes = sorted(c.code for c in ranking.wild if c.code < 52)
    wild = ((rows >= 52) | np.isin(rows, wild_codes)).any(axis=1)
    out = np.zeros(len(rows), dtype=np.float64)
    plain = np.flatnonzero(~wild)
    if plain.size:
        out[plain] = evaluate_columns(rows[plain].T, natural)
    held = np.flatnonzero(wild)
    if held.size:
        cards = [Card.from_code(c) for c in range(52)] + [joker(n) for n in range(1, int(rows.max()) - 50)]
        evaluate = ranking.evaluate
        out[held] = [evaluate([cards[c] for c in hand]) for hand in rows[held].tolist()]
    return out


def _by_suit(arr: NDArray[np.int64], ranking: str) -> NDArray[np.int64]:
    """A ranking valued by each suit's set of ranks (``suit_table()``), the best suit kept."""
    table = _suit_table(ranking)
    bits = np.left_shift(1, arr >> 2)
    suits = arr & 3
    out = np.zeros(arr.shape[0], dtype=np.int64)
    for s in range(4):
        np.maximum(out, table[np.where(suits == s, bits, 0).sum(axis=1)], out=out)
    return out


def _by_suit_measures(arr: NDArray[np.int64], ranking: str) -> NDArray[np.int64]:
    """A ranking valued by measures of each suit's set of ranks (``suit_measures()``): each
    measure's best suit, weighted, summed."""
    bits = np.left_shift(1, arr >> 2)
    suits = arr & 3
    masks = [np.where(suits == s, bits, 0).sum(axis=1) for s in range(4)]
    out = np.zeros(arr.shape[0], dtype=np.int64)
    for table, weight in _suit_measures(ranking):
        best = table[masks[0]]
        for mask in masks[1:]:
            np.maximum(best, table[mask], out=best)
        out += weight * best
    return out


@functools.cache
def _suit_measures(ranking: str) -> tuple[tuple[NDArray[np.int64], int], ...]:
    from .rankings import get_ranking

    measures = get_ranking(ranking).suit_measures()  # type: ignore[attr-defined]
    return tuple((np.array(table, dtype=np.int64), int(weight)) for table, weight in measures)


@functools.cache
def _suit_table(ranking: str) -> NDArray[np.int64]:
    from .rankings import get_ranking

    return np.array(get_ranking(ranking).suit_table(), dtype=np.int64)  # type: ignore[attr-defined]


@functools.cache
def _rank_table(ranking: str, size: int) -> NDArray[np.int64]:
    """A table ranking's values, indexed by the ranks low to high (base 13) times two plus the suited flag."""
    from .rankings import get_ranking

    table = np.zeros(2 * 13**size, dtype=np.int64)
    for (ranks, suited), value in get_ranking(ranking).rank_table().items():  # type: ignore[attr-defined]
        key = 0
        for r in sorted(ranks):
            key = key * 13 + (r - 2)
        table[key * 2 + int(suited)] = value
    return table


def codes_of(hands: Iterable[str | Iterable[str | Card]]) -> NDArray[np.int16]:
    """Card codes of a list of hands (each cards or text), ready for :func:`evaluate_batch`.

    >>> codes_of(["2c 3c 4c 5c Ac"]).tolist()
    [[0, 4, 8, 12, 48]]
    """
    from .card import parse_cards

    return np.array([[c.code for c in parse_cards(h)] for h in hands], dtype=np.int16)


# --- per-chunk steps (codes transposed: one row per card position) ---------


class _Tables(TypedDict):
    """The evaluator's tables as arrays, and per-card columns indexed by card code."""

    five: NDArray[np.int16]
    weight5: NDArray[np.int32]
    bits: NDArray[np.uint64]
    nibble: NDArray[np.uint64]
    rank_bit: NDArray[np.int32]
    suit: NDArray[np.intp]
    flush: NDArray[np.int16]
    weight7: NDArray[np.int64]
    keys6: NDArray[np.uint64]
    values6: NDArray[np.int16]
    keys7: NDArray[np.uint64]
    values7: NDArray[np.int16]


@functools.cache
def _tables() -> _Tables:
    data = decode_tables(TABLE_PATH.read_bytes())
    five = np.zeros(max(data["five_index"]) + 1, dtype=np.int16)
    five[np.array(data["five_index"], dtype=np.intp)] = np.array(data["five_value"], dtype=np.int16)
    code = np.arange(52)
    rank, suit = code >> 2, code & 3
    return {
        "five": five,
        "weight5": np.array(RANK_WEIGHTS_5, dtype=np.int32)[rank],
        # card bit above bit 16, four bits of suit count below
        "bits": (np.uint64(1) << (code + 16).astype(np.uint64)) | (np.uint64(1) << (4 * suit).astype(np.uint64)),
        "nibble": np.uint64(1) << (4 * rank).astype(np.uint64),
        "rank_bit": (1 << rank).astype(np.int32),
        "suit": suit.astype(np.intp),
        "flush": np.array(data["flush"], dtype=np.int16),
        # rank weight below bit 32, one count in its suit's nibble above
        "weight7": np.array(RANK_WEIGHTS_7, dtype=np.int64)[rank] + (np.int64(1) << (_SUIT_SHIFT + 4 * suit)),
        "keys6": np.array(data["six_key"], dtype=np.uint64),
        "values6": np.array(data["six_value"], dtype=np.int16),
        "keys7": np.array(data["seven_key"], dtype=np.uint64),
        "values7": np.array(data["seven_value"], dtype=np.int16),
    }


@functools.cache
def _direct_table(n: int) -> NDArray[np.int16]:
    """The best-of-``n`` (6 or 7) values indexed by the sum of ``RANK_WEIGHTS_7`` over the ranks."""
    t = _tables()
    keys, values = (t["keys6"], t["values6"]) if n == 6 else (t["keys7"], t["values7"])
    index = np.zeros(keys.size, dtype=np.int64)
    for r, w in enumerate(RANK_WEIGHTS_7):
        index += ((keys >> np.uint64(4 * r)) & np.uint64(15)).astype(np.int64) * w
    if np.unique(index).size != index.size:  # pragma: no cover - a property of the weights
        raise AssertionError("RANK_WEIGHTS_7 do not give distinct sums")
    table = np.zeros(int(index.max()) + 1, dtype=np.int16)
    table[index] = values
    return table


def _checked_bits(c: NDArray[np.intp], check: bool, start: int) -> tuple[NDArray[np.uint64], NDArray[np.uint64]]:
    """Sum over each hand of card bit + suit count; raises on a repeated card."""
    b = _tables()["bits"][c]
    total: NDArray[np.uint64] = b[0].copy()
    either: NDArray[np.uint64] = b[0].copy()
    for row in b[1:]:
        total += row
        either |= row
    if check:
        # a repeated card carries into another card's bit, so sum != or
        bad = (total ^ either) >> np.uint64(16)
        if bad.any():
            raise CardError(f"hand {start + int(np.flatnonzero(bad)[0])} holds the same card twice")
    return total, either


def _no_repeats(c: NDArray[np.int8], start: int) -> None:
    """Raise if a hand holds one card twice: every pair of positions compared (cheaper than card bits)."""
    bad = np.zeros(c.shape[1], dtype=bool)
    for i, j in itertools.combinations(range(c.shape[0]), 2):
        bad |= c[i] == c[j]
    if bad.any():
        raise CardError(f"hand {start + int(np.flatnonzero(bad)[0])} holds the same card twice")


def _flush_rows(c: NDArray[np.intp], total: NDArray[np.uint64]) -> tuple[NDArray[np.intp], NDArray[np.int16]]:
    """Rows holding five or more cards of one suit, and each one's best flush value."""
    counts = total & np.uint64(0xFFFF)
    hit = np.flatnonzero((counts + np.uint64(0x3333)) & np.uint64(0x8888))
    if hit.size == 0:
        return hit, np.empty(0, dtype=np.int16)
    t = _tables()
    sub = c[:, hit]
    flag = (counts[hit] + np.uint64(0x3333)) & np.uint64(0x8888)
    suit = np.zeros(hit.size, dtype=np.intp)
    for s in range(4):
        suit[(flag >> np.uint64(4 * s + 3)) & np.uint64(1) == 1] = s
    mask = np.where(t["suit"][sub] == suit, t["rank_bit"][sub], 0).sum(axis=0)
    return hit, t["flush"][mask]


def _five(c: NDArray[np.intp], check: bool, start: int) -> NDArray[np.int64]:
    t = _tables()
    w = t["weight5"][c]
    index: NDArray[np.int32] = w[0] + w[1]
    index += w[2]
    index += w[3]
    index += w[4]
    if check:
        total, _ = _checked_bits(c, check, start)
        flushes, flush_values = _flush_rows(c, total)
    else:
        s = t["suit"][c]
        same = (s[0] == s[1]) & (s[1] == s[2]) & (s[2] == s[3]) & (s[3] == s[4])
        flushes = np.flatnonzero(same)
        flush_values = t["flush"][t["rank_bit"][c[:, flushes]].sum(axis=0)]
    values = t["five"][index].astype(np.int64)
    values[flushes] = flush_values
    return values


def _six_or_seven(c: NDArray[np.intp], check: bool, start: int) -> NDArray[np.int64]:
    t = _tables()
    if check:
        _no_repeats(c.astype(np.int8), start)
    # codes are 0..51 here (checked, or trusted): "clip" skips numpy's bounds checks
    total: NDArray[np.int64] = np.take(t["weight7"], c, mode="clip").sum(axis=0)
    values = np.take(_direct_table(c.shape[0]), total & np.int64(0xFFFFFFFF), mode="clip").astype(np.int64)
    flag = ((total >> np.int64(_SUIT_SHIFT)) + np.int64(0x3333)) & np.int64(0x8888)
    hit = np.flatnonzero(flag)
    if hit.size:
        # six or seven cards with five of a suit cannot also hold a full house or quads
        suit = np.zeros(hit.size, dtype=np.intp)
        for s in range(1, 4):
            suit[(flag[hit] >> np.int64(4 * s + 3)) & np.int64(1) == 1] = s
        sub = c[:, hit]
        mask = np.where(t["suit"][sub] == suit, t["rank_bit"][sub], 0).sum(axis=0)
        values[hit] = t["flush"][mask]
    return values
