"""A variant's house-rule options: each a name, its choices and the one played by default.

A choice carries the YAML it lays over the variant (``changes``); the loader
applies the chosen ones (:mod:`studrules.spec.chosen_options`). Re-exported by
:mod:`studrules.spec.model`, whose :class:`~studrules.spec.model.Variant` holds them.

    >>> late = Option("late_bet", "A bet after the last card", (Choice("yes"), Choice("no")), "yes")
    >>> late.choice("no")
    Choice(name='no', description=None)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Choice", "Option"]


@dataclass(frozen=True)
class Choice:
    """One choice of a house-rule option, with the overlay it applies."""

    name: str
    description: str | None = None
    changes: Mapping[str, Any] | None = field(default=None, compare=False, repr=False)  # YAML, merged over the variant


@dataclass(frozen=True)
class Option:
    """A house rule the players may switch without editing the file."""

    name: str
    description: str
    choices: tuple[Choice, ...]
    default: str
    quote: tuple[str, ...] | None = field(default=None, compare=False, repr=False)

    def choice(self, name: str) -> Choice:
        for c in self.choices:
            if c.name == name:
                return c
        raise KeyError(name)
