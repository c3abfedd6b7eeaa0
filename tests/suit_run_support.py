"""The longest run of ranks in one suit, worked out with none of studrules' code: the
reference of the tests of games valued by suits (tests/test_rules_flush_rush.py,
tests/test_exact_own.py)."""

from __future__ import annotations

from functools import cache

__all__ = ["run_of"]


@cache
def run_of(mask: int) -> int:
    """The most ranks in a row of a suit (bit r: rank r + 2), the ace also below the two.

    >>> run_of(0b1_0000_0000_0111), run_of(0b1_1100_0000_0000), run_of(0b1_1000_0000_0001)  # A-2-3-4, Q-K-A, K-A-2
    (4, 3, 2)
    """
    in_a_row = [bool(mask >> 12 & 1)] + [bool(mask >> r & 1) for r in range(13)]
    best = now = 0
    for present in in_a_row:
        now = now + 1 if present else 0
        best = max(best, now)
    return best
