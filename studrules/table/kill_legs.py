"""A kill's legs from hand to hand: who kills the next hand of a game with a ``kill``
(:class:`~studrules.table.session.Session` carries them)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

__all__ = ["legs_after"]


def legs_after(
    kill: Any,
    stakes: Mapping[str, int],
    pots: Sequence[Mapping[str, Any]],
    legs: tuple[str, int] | None,
    killer: str | None,
) -> tuple[tuple[str, int] | None, str | None]:
    """A kill's legs and the next hand's killer after a hand of a game with ``kill``, whose
    ``pots`` (the result's) are weighed against ``kill.min_pot`` at ``stakes`` (the game's
    usual ones: a set size, the same in a killed hand); ``legs`` (who has them, how many in a
    row) and ``killer`` (who killed this hand) before it.

    A player who won every pot alone takes a leg (one more where he had the last); with
    ``kill.legs`` in a row and the pots at least ``kill.min_pot``, he kills the next hand.
    A split pot leaves the legs with their holder where he has a share of it, and a killer
    who has a share kills again (Robert's Rules, "Kill pots"); a hand their holder won
    nothing of ends them, and the kill.

    >>> from types import SimpleNamespace as Kill
    >>> scoop = Kill(legs=1, min_pot=None)
    >>> legs_after(scoop, {}, [{"amount": 90, "winners": {"Ann": 90}}], None, None)
    (('Ann', 1), 'Ann')
    >>> split = [{"amount": 90, "winners": {"Bob": 45, "Cat": 45}}]
    >>> legs_after(scoop, {}, split, ("Ann", 1), "Ann"), legs_after(scoop, {}, split, ("Bob", 1), "Bob")
    ((None, None), (('Bob', 1), 'Bob'))
    """
    pots = [p for p in pots if not p.get("uncalled")]
    winners = {w for p in pots for w, chips in p["winners"].items() if chips}
    if len(winners) != 1:
        holder = legs[0] if legs is not None else None
        return (legs if holder in winners else None), (killer if killer in winners else None)
    (winner,) = winners
    holder, count = legs or (None, 0)
    count = count + 1 if holder == winner else 1
    pot = sum(p["amount"] for p in pots)
    need = int(kill.min_pot(stakes)) if kill.min_pot is not None else 0
    return (winner, count), (winner if count >= kill.legs and pot >= need else None)
