"""Amounts a variant's stakes work out to, held under the bound of every number a file writes.

A stake is at most ``MAX_NUMBER - 1`` chips, and so is a number written in an
expression; but an expression may multiply stakes (``ante * 999999999``), and a
stake computed from another (``high_limit: 2 * low_limit``) may pass the bound
when the other is raised. Play would carry such an amount (Python's whole numbers
have no bound), but the batch play and the exact counts hold chips in 64 bits,
and no table deals in amounts of that size: every amount the stakes alone work out
must stay under the same bound as a stake. Amounts that read the table (the pot,
the players in) are bounded by the chips on the table, not here.

>>> from studrules.spec.loader import load_variant_text
>>> text = '''
... name: big-raise
... extends: three-card-poker
... steps:
...   - decision: {id: play, raise: ante * 999999999}
... '''
>>> load_variant_text(text)
Traceback (most recent call last):
  ...
studrules.errors.SpecErrors: <text>:5:33: steps[play].decision.raise: the raise 'ante * 999999999' works out to 9,999,999,990 chips with the stakes (ante 10): an amount is at most 999,999,999
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping

from ..errors import StudrulesError
from .expression_language import MAX_NUMBER
from .expressions import NUMBER, Expression

__all__ = ["oversized_amounts", "oversized_words"]

#: the field of a step as the file writes it, where the loaded step names it otherwise
_WRITTEN = {"raise_amount": "raise", "raise_max": "raise_max", "raise_unit": "raise_unit"}


def oversized_amounts(steps: tuple[object, ...], stakes: Mapping[str, int]) -> Iterator[tuple[str, Expression, int]]:
    """Each amount of ``steps`` that ``stakes`` alone work out to ``MAX_NUMBER`` chips or more (or
    as far below 0): its field's name, its expression and its value, in the order of the steps."""
    for step in steps:
        yield from _walk(step, "", stakes, 0)


def oversized_words(field: str, expr: Expression, value: int, stakes: Mapping[str, int]) -> str:
    """What is wrong with one of :func:`oversized_amounts`, for a message."""
    read = ", ".join(f"{name} {stakes[name]:,}" for name in sorted(expr.names))
    return (
        f"the {_WRITTEN.get(field, field).replace('_', ' ')} '{expr.source}' works out to {value:,} chips"
        f"{f' with the stakes ({read})' if read else ''}: an amount is at most {MAX_NUMBER - 1:,}"
    )


def _walk(value: object, field: str, stakes: Mapping[str, int], depth: int) -> Iterator[tuple[str, Expression, int]]:
    if depth > 8:  # (a loaded step nests a few levels; nothing deeper holds amounts)
        return
    if isinstance(value, Expression):
        if value.type is NUMBER and value.names <= stakes.keys():
            try:
                worked = value(stakes)
            except StudrulesError:  # (a division by zero: said by the checks of that amount)
                return
            if isinstance(worked, int) and abs(worked) >= MAX_NUMBER:
                yield field, value, worked
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from _walk(getattr(value, f.name), f.name, stakes, depth + 1)
    elif isinstance(value, (tuple, list)):
        for item in value:
            yield from _walk(item, field, stakes, depth + 1)
    elif isinstance(value, Mapping):
        for item in value.values():
            yield from _walk(item, field, stakes, depth + 1)
