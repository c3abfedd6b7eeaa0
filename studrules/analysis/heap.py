"""Keeping freed memory for the next batch, for :mod:`studrules.analysis.simulate`.

A chunk of a simulation makes and drops a few dozen arrays of a megabyte or
so. glibc's ``malloc`` gives blocks that big their own ``mmap`` and hands
them back to the system when they are freed, so every chunk faults its
arrays' pages in again, zeroed by the kernel: about 3,000 page faults a
chunk, a fifth of a simulation's CPU time. :func:`kept_heap` raises the
two thresholds for the time of a run (blocks up to 32 MB come from the heap,
and up to 256 MB of freed heap is kept), so a chunk reuses the memory the
one before it freed. Afterwards it returns what was kept and leaves the
thresholds where glibc's own rule puts them once a block of 32 MB has been
freed (blocks up to 32 MB from the heap, up to 64 MB of freed heap kept):
settings cannot be read back, and setting one stops glibc from moving it.
Elsewhere than glibc (musl, macOS, Windows) it does nothing.

    >>> with kept_heap():
    ...     pass
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

__all__ = ["kept_heap", "keep_heap"]

# mallopt's parameters (malloc.h) and the values set
_M_TRIM_THRESHOLD = -1
_M_MMAP_THRESHOLD = -3
_MMAP_THRESHOLD = 32 << 20  # the most glibc takes on 64 bits
_TRIM_THRESHOLD = 256 << 20
_TRIM_AFTER = 2 * _MMAP_THRESHOLD  # glibc's rule: the trim threshold twice the mmap threshold


@contextlib.contextmanager
def kept_heap() -> Iterator[None]:
    """For the time of the ``with`` block, big arrays come from the heap and freed ones stay there."""
    libc = keep_heap()
    try:
        yield
    finally:
        if libc is not None:
            libc.mallopt(_M_TRIM_THRESHOLD, _TRIM_AFTER)
            libc.malloc_trim(0)


def keep_heap() -> Any:
    """Raise the thresholds for good (a worker process, which ends with its run); returns the C
    library when it did, else None."""
    libc = _glibc()
    if libc is not None:
        libc.mallopt(_M_MMAP_THRESHOLD, _MMAP_THRESHOLD)
        libc.mallopt(_M_TRIM_THRESHOLD, _TRIM_THRESHOLD)
    return libc


def _glibc() -> Any:
    import os

    try:
        if not os.confstr("CS_GNU_LIBC_VERSION").startswith("glibc"):  # type: ignore[union-attr]
            return None
    except (AttributeError, ValueError, OSError):  # not a GNU system
        return None
    import ctypes

    try:
        libc = ctypes.CDLL("libc.so.6")
        libc.mallopt, libc.malloc_trim  # noqa: B018 - both present
    except (OSError, AttributeError):  # pragma: no cover - a glibc without them
        return None
    return libc
