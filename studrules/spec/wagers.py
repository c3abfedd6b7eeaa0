"""The wagers of a game against the house beside the steps: what a bet is
paid (:class:`Payout`) and a side bet (:class:`SideBet`). Re-exported by
:mod:`studrules.spec.model`.

>>> Payout("win", 2)
Payout(result='win', odds=2)
"""

from __future__ import annotations

from dataclasses import dataclass

from .expressions import Expression

__all__ = ["Payout", "SideBet"]


@dataclass(frozen=True)
class Payout:
    """What a bet is paid: ``win`` (at ``odds`` to 1), ``push`` (returned) or ``lose``."""

    result: str
    odds: int = 1


@dataclass(frozen=True)
class SideBet:
    """A wager beside the game, paid by its own pay table on the player's hand
    alone (the highest line the hand reaches; below every line it loses).
    ``amount``: what each position stakes on it (0: not placed).
    ``on_fold``: ``lose`` (a position that folds loses it) or ``stand``."""

    name: str
    amount: Expression
    pay_table: tuple[tuple[str, int], ...]
    on_fold: str = "lose"
