"""The definition of the 7,462 high-hand values, and the generator of the
lookup tables the evaluator loads at import (``studrules/hand_tables.bin``).

A five-card hand's value is its position (1 = worst, 7,462 = royal flush) in
the list of every distinct hand, ordered by category, then by the ranks that
matter in that category, most significant first::

    >>> sigs = five_card_signatures()
    >>> len(sigs), sigs[0], sigs[-1]
    (7462, (0, (7, 5, 4, 3, 2)), (8, (14,)))

Building the best-of-6 and best-of-7 tables takes about half a second in
Python, too slow for every import, so they are generated once and shipped.
Regenerate (and check) with::

    python -m studrules.cards.tablegen            # rewrite hand_tables.bin
    python -m studrules.cards.tablegen --check    # exit 1 if the shipped file differs

``tests/test_evaluator.py`` regenerates the tables and compares them byte for
byte with the shipped file.
"""

from __future__ import annotations

import itertools
import struct
import sys
import zlib
from array import array
from pathlib import Path

from .keys import RANK_WEIGHTS_5  # five-card rank multisets: different sums (checked below)

__all__ = [
    "TABLE_PATH",
    "RANK_WEIGHTS_5",
    "HIGH_CARD",
    "PAIR",
    "TWO_PAIR",
    "THREE_OF_A_KIND",
    "STRAIGHT",
    "FLUSH",
    "FULL_HOUSE",
    "FOUR_OF_A_KIND",
    "STRAIGHT_FLUSH",
    "five_card_signatures",
    "signature_of_ranks",
    "rank_multisets",
    "nibble_key",
    "build_tables",
    "encode_tables",
    "decode_tables",
]

TABLE_PATH = Path(__file__).with_name("hand_tables.bin")
_MAGIC = b"SRHT"
_VERSION = 1

# Category numbers (the evaluator's ``Category`` IntEnum has the same values).
HIGH_CARD, PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT, FLUSH, FULL_HOUSE, FOUR_OF_A_KIND, STRAIGHT_FLUSH = range(9)


_WHEEL = (14, 5, 4, 3, 2)


def _straight_high(desc: tuple[int, ...]) -> int | None:
    """High card of the straight formed by five distinct ranks (descending), else None."""
    if desc == _WHEEL:
        return 5
    if desc[0] - desc[4] == 4:
        return desc[0]
    return None


def five_card_signatures() -> list[tuple[int, tuple[int, ...]]]:
    """Every distinct five-card hand as ``(category, ranks)``, weakest first.

    ``ranks`` lists what decides between two hands of the category, most
    significant first: ``(pair, kicker, kicker, kicker)``, ``(trips, pair)``
    for a full house, ``(high card,)`` for a straight (5 for the wheel).

    >>> sigs = five_card_signatures()
    >>> sigs.index((4, (5,))) + 1 == 1277 + 2860 + 858 + 858 + 1
    True
    """
    distinct = [tuple(sorted(c, reverse=True)) for c in itertools.combinations(range(2, 15), 5)]
    plain = sorted(d for d in distinct if _straight_high(d) is None)
    highs = list(range(5, 15))
    out: list[tuple[int, tuple[int, ...]]] = []
    out += [(HIGH_CARD, d) for d in plain]
    out += sorted(
        (PAIR, (p, *sorted(k, reverse=True)))
        for p in range(2, 15)
        for k in itertools.combinations([r for r in range(2, 15) if r != p], 3)
    )
    out += sorted(
        (TWO_PAIR, (hi, lo, k))
        for hi, lo in itertools.permutations(range(2, 15), 2)
        if hi > lo
        for k in range(2, 15)
        if k not in (hi, lo)
    )
    out += sorted(
        (THREE_OF_A_KIND, (t, *sorted(k, reverse=True)))
        for t in range(2, 15)
        for k in itertools.combinations([r for r in range(2, 15) if r != t], 2)
    )
    out += [(STRAIGHT, (h,)) for h in highs]
    out += [(FLUSH, d) for d in plain]
    out += sorted((FULL_HOUSE, (t, p)) for t in range(2, 15) for p in range(2, 15) if p != t)
    out += sorted((FOUR_OF_A_KIND, (q, k)) for q in range(2, 15) for k in range(2, 15) if k != q)
    out += [(STRAIGHT_FLUSH, (h,)) for h in highs]
    return out


def signature_of_ranks(ranks: tuple[int, ...] | list[int], suited: bool = False) -> tuple[int, tuple[int, ...]]:
    """``(category, ranks)`` of exactly five ranks (2..14); ``suited`` = all one suit.

    >>> signature_of_ranks([12, 12, 14, 13, 7])
    (1, (12, 14, 13, 7))
    >>> signature_of_ranks([14, 2, 3, 4, 5], suited=True)
    (8, (5,))
    """
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = tuple(c for _, c in groups)
    order = tuple(r for r, _ in groups)
    if shape == (1, 1, 1, 1, 1):
        high = _straight_high(order)
        if high is not None:
            return (STRAIGHT_FLUSH if suited else STRAIGHT, (high,))
        return (FLUSH if suited else HIGH_CARD, order)
    if suited:
        raise ValueError("a flush cannot hold a pair")
    category = {
        (2, 1, 1, 1): PAIR,
        (2, 2, 1): TWO_PAIR,
        (3, 1, 1): THREE_OF_A_KIND,
        (3, 2): FULL_HOUSE,
        (4, 1): FOUR_OF_A_KIND,
    }[shape]
    return (category, order)


def rank_multisets(size: int) -> list[tuple[int, ...]]:
    """All multisets of ``size`` rank indexes 0..12 with no rank more than four times.

    >>> [len(rank_multisets(n)) for n in (5, 6, 7)]
    [6175, 18395, 49205]
    """
    return [m for m in itertools.combinations_with_replacement(range(13), size) if all(m.count(r) <= 4 for r in set(m))]


def nibble_key(rank_indexes: tuple[int, ...] | list[int]) -> int:
    """Sum of ``1 << 4*index``: four bits of count per rank, unique per multiset.

    >>> hex(nibble_key([12, 12, 0]))
    '0x2000000000001'
    """
    return sum(1 << (4 * r) for r in rank_indexes)


def build_tables() -> dict[str, list[int]]:
    """Compute every table from the definition above (about half a second).

    Returns lists: ``five_index``/``five_value`` (weighted rank sum -> value
    of a non-flush five-card hand), ``six_key``/``six_value`` and
    ``seven_key``/``seven_value`` (nibble key -> best non-flush five of six or
    seven cards), ``flush`` (8,192 entries: bit mask of one suit's ranks ->
    best flush or straight flush among them, 0 under five ranks).
    """
    value_of = {sig: i + 1 for i, sig in enumerate(five_card_signatures())}
    five_index: list[int] = []
    five_value: list[int] = []
    best: dict[int, int] = {}
    for m in rank_multisets(5):
        v = value_of[signature_of_ranks([r + 2 for r in m])]
        five_index.append(sum(RANK_WEIGHTS_5[r] for r in m))
        five_value.append(v)
        best[nibble_key(m)] = v
    if len(set(five_index)) != len(five_index):
        raise AssertionError("RANK_WEIGHTS_5 do not give distinct sums")

    tables: dict[str, list[int]] = {"five_index": five_index, "five_value": five_value}
    for size, name in ((6, "six"), (7, "seven")):
        # the best five of n cards is the best five of one of its (n-1)-card subsets
        bigger: dict[int, int] = {}
        for m in rank_multisets(size):
            key = nibble_key(m)
            bigger[key] = max(best[key - (1 << (4 * r))] for r in set(m))
        keys = sorted(bigger)
        tables[f"{name}_key"] = keys
        tables[f"{name}_value"] = [bigger[k] for k in keys]
        best = bigger

    flush = [0] * 8192
    for mask in range(8192):
        ranks = [r + 2 for r in range(13) if mask >> r & 1]
        if len(ranks) < 5:
            continue
        flush[mask] = max(value_of[signature_of_ranks(five, suited=True)] for five in itertools.combinations(ranks, 5))
    tables["flush"] = flush
    return tables


_LAYOUT = (
    ("five_index", "I"),
    ("five_value", "H"),
    ("six_key", "Q"),
    ("six_value", "H"),
    ("seven_key", "Q"),
    ("seven_value", "H"),
    ("flush", "H"),
)


def encode_tables(tables: dict[str, list[int]]) -> bytes:
    """The file format: magic, version, lengths, then little-endian arrays, zlib-compressed."""
    body = bytearray()
    lengths = []
    for name, code in _LAYOUT:
        arr = array(code, tables[name])
        if sys.byteorder != "little":
            arr.byteswap()
        lengths.append(len(arr))
        body += arr.tobytes()
    header = _MAGIC + struct.pack("<I", _VERSION) + struct.pack(f"<{len(lengths)}I", *lengths)
    return header + zlib.compress(bytes(body), 9)


def decode_tables(data: bytes) -> dict[str, array[int]]:
    """Inverse of :func:`encode_tables`; arrays of the stored integer types."""
    if data[:4] != _MAGIC or struct.unpack_from("<I", data, 4)[0] != _VERSION:
        raise ValueError(f"{TABLE_PATH.name} is not a studrules table file of version {_VERSION}")
    lengths = struct.unpack_from(f"<{len(_LAYOUT)}I", data, 8)
    body = zlib.decompress(data[8 + 4 * len(_LAYOUT) :])
    out: dict[str, array[int]] = {}
    offset = 0
    for (name, code), n in zip(_LAYOUT, lengths):
        arr = array(code)
        size = arr.itemsize * n
        arr.frombytes(body[offset : offset + size])
        if sys.byteorder != "little":
            arr.byteswap()
        out[name] = arr
        offset += size
    return out


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    data = encode_tables(build_tables())
    if "--check" in args:
        same = TABLE_PATH.exists() and TABLE_PATH.read_bytes() == data
        print(f"{TABLE_PATH}: {'up to date' if same else 'DIFFERS from the generator'}")
        return 0 if same else 1
    TABLE_PATH.write_bytes(data)
    print(f"wrote {TABLE_PATH} ({len(data)} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
