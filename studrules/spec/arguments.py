"""The checks the public functions make of what they are given."""

from __future__ import annotations

from typing import Any

from ..errors import ArgumentError
from .model import Variant

__all__ = ["loaded_variant"]


def loaded_variant(value: Any, function: str) -> Variant:
    """``value`` if it is a loaded variant, else an :class:`~studrules.errors.ArgumentError` saying how to load one
    (a name or a path given where the variant itself is taken is the usual slip).

    >>> loaded_variant("five-card", "diff")
    Traceback (most recent call last):
    ...
    studrules.errors.ArgumentError: diff takes loaded variants: studrules.load_variant('five-card'), not the name 'five-card'
    """
    if isinstance(value, Variant):
        return value
    if isinstance(value, str):
        raise ArgumentError(
            f"{function} takes loaded variants: studrules.load_variant({value!r}), not the name {value!r}"
        )
    raise ArgumentError(f"{function} takes loaded variants (studrules.load_variant(NAME or FILE)), not {value!r}")
