"""The ante a position chooses in a game against the house, within the table's limits
(Caribbean Stud's 5 to 100): what each game allows, what a table of several allows, and
what a chosen ante comes to at the next hand's game and the player's stack. The browser
table and the terminal both offer the choice.

    >>> from studrules.spec.loader import load_variant
    >>> ante_limits(load_variant("caribbean-stud-it")), ante_limits(load_variant("razz"))
    ((5, 100), None)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..spec.model import AnteStep

__all__ = ["ante_limits", "ante_range", "position_antes"]


def ante_limits(variant: Any) -> tuple[int, int | None] | None:
    """The least and the largest ante a position may choose at ``variant`` (None:
    no largest), or None where it antes the game's own (a pot game, an ante without table limits)."""
    steps = variant.steps_of(AnteStep) if variant.is_banked else ()
    if not steps:
        return None
    step = steps[0]
    if step.min is None and step.max is None and not step.chosen_by_player:
        return None
    values = variant.stake_values()
    low = max(1, int(step.min(values))) if step.min is not None else 1
    high = int(step.max(values)) if step.max is not None else None
    return low, high


def ante_range(games: Iterable[Any]) -> tuple[int, int | None] | None:
    """The antes a position may choose at a table of ``games``: from the least of their
    minimums to the largest of their maximums (each game keeps the ante within its own);
    None where no game lets him choose."""
    limits = [lim for lim in map(ante_limits, games) if lim is not None]
    if not limits:
        return None
    highs = [high for _, high in limits]
    return min(low for low, _ in limits), None if None in highs else max(h for h in highs if h is not None)


def position_antes(session: Any, variant: Any, chosen: Mapping[str, int]) -> dict[str, int] | None:
    """The ante of each player who chose one (``chosen``, by name) at the next hand, of ``variant``:
    kept within the game's own limits, where his stack covers it with the side bets and the raises
    (else he antes the game's own); None where nobody did."""
    limits = ante_limits(variant)
    if limits is None or not chosen:
        return None
    low, high = limits
    out = {}
    for name, amount in chosen.items():
        ante = max(low, amount if high is None else min(amount, high))
        if name in session.active and session.needs(variant, ante) <= session.stacks.get(name, 0):
            out[name] = ante
    return out or None
