"""The check of a blinds step's amounts that the schema cannot say: the blinds
are posted clockwise from the dealer's left, each at least the one before it
(the small blind, then the big blind), so ``[5, 2]`` is a big blind smaller
than the small one, or the two written the wrong way round.
:mod:`studrules.spec.checks` runs it with the other checks of the amounts::

    >>> from studrules.spec.loader import load_variant_text
    >>> load_variant_text('''
    ... name: backwards
    ... kind: pot
    ... steps:
    ...   - blinds: {amounts: [5, 2]}
    ...   - deal: {players: [down, up, up, up, up]}
    ...   - betting: {bet: 5, first_to_act: after_blinds}
    ...   - showdown: {rankings: [high]}
    ... ''', file="backwards.yaml")
    Traceback (most recent call last):
    ...
    studrules.errors.SpecErrors: backwards.yaml:5:27: steps[0].blinds.amounts[1]: the big blind (2) is less than the small blind (5): the blinds are posted from the dealer's left, smallest first, e.g. [small_blind, big_blind]
"""

from __future__ import annotations

from .card_checks import _CheckerBase
from .model import BlindsStep

__all__: list[str] = []


class _BlindChecks(_CheckerBase):
    """The order of each blinds step's amounts (see the module's documentation)."""

    def blind_order(self) -> None:
        if self.stakes is None or any(v < 0 for v in self.stakes.values()):
            return  # a negative stake is reported once, at the stake
        for i, step in enumerate(self.v.steps):
            if not isinstance(step, BlindsStep):
                continue
            values = [self.value(amount) for amount in step.amounts]
            for j in range(1, len(values)):
                before, this = values[j - 1], values[j]
                if before is None or this is None or this >= before:
                    continue
                if len(values) == 2:
                    said = f"the big blind ({this}) is less than the small blind ({before})"
                else:
                    said = f"blind {j + 1} ({this}) is less than blind {j} ({before})"
                self.fail_at_stakes(
                    f"{said}: the blinds are posted from the dealer's left, smallest first, "
                    "e.g. [small_blind, big_blind]",
                    self.step_path(i, "amounts", j),
                    step.amounts[j],
                    step.amounts[j - 1],
                )
                break  # (one problem a step: the rest of its order follows from the fix)
