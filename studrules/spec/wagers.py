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
    ``amount``: what each position stakes on it unless he chooses his own
    (0: not placed). ``min``/``max``: the table's limits on a stake a
    position chooses (None: no minimum but a chip, no maximum but his
    stack); a stake outside them is refused before any card is dealt.
    ``on_fold``: ``lose`` (a position that folds loses it) or ``stand``.
    ``pays``: ``odds`` (a line is odds to 1, the stake returned with the win)
    or ``chips`` (a line is the chips won whatever the stake, "for one": the
    stake is collected either way, as a progressive jackpot's fixed lines).
    ``meter``: the amount on a progressive meter; ``meter_share``: lines paid
    a percentage of it (``royal_flush: 100``), beside the fixed lines."""

    name: str
    amount: Expression
    pay_table: tuple[tuple[str, int], ...]
    on_fold: str = "lose"
    pays: str = "odds"
    meter: Expression | None = None
    meter_share: tuple[tuple[str, int], ...] = ()
    min: Expression | None = None
    max: Expression | None = None

    @property
    def lines(self) -> tuple[tuple[str, int], ...]:
        """Every line the bet pays on: the fixed ones, then the shares of the meter."""
        return self.pay_table + self.meter_share
