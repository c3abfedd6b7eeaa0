"""A SIGTERM stops a command as Ctrl-C does: what was done so far is reported (and
saved), and the exit code is 143 rather than 130."""

from __future__ import annotations

import signal
from collections.abc import Callable

__all__ = ["Terminated", "sigterm_as_interrupt"]


class Terminated(KeyboardInterrupt):
    """A SIGTERM, raised where the command is, as Ctrl-C's interrupt is."""


def sigterm_as_interrupt() -> tuple[Callable[[], None], list[int]]:
    """Have a SIGTERM raise :class:`Terminated` (where this is the main thread): what puts
    the previous handler back, and a list that holds the signal once one came.

    >>> restore, terminated = sigterm_as_interrupt()
    >>> restore(); terminated
    []
    """

    terminated: list[int] = []

    def on_term(signum: int, frame: object) -> None:
        terminated.append(signum)
        raise Terminated

    try:
        previous = signal.signal(signal.SIGTERM, on_term)
    except ValueError:  # (not the main thread: SIGTERM keeps its handler)
        return (lambda: None), terminated

    def restore() -> None:
        signal.signal(signal.SIGTERM, previous)

    return restore, terminated
