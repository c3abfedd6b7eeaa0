"""The checks the public functions make of what they are given."""

from __future__ import annotations

from numbers import Integral
from typing import Any

from ..errors import ArgumentError
from .model import Variant

__all__ = ["loaded_variant", "loaded_strategy", "whole_number"]


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


def whole_number(value: Any, what: str, low: int, high: int | None = None) -> int:
    """``value`` if it is a whole number from ``low`` (to ``high``), else an
    :class:`~studrules.errors.ArgumentError` that says so (``what``: the
    argument as the message names it). A text or a float is not one: nothing is
    rounded or read quietly.

    >>> whole_number(10, "the number of hands", 1)
    10
    >>> whole_number("10", "the number of hands", 1, 1000)
    Traceback (most recent call last):
    ...
    studrules.errors.ArgumentError: the number of hands must be a whole number from 1 to 1,000, not '10'
    """
    if type(value) is not int:  # (numpy's whole numbers are ones; True is not)
        value = value if isinstance(value, bool) or not isinstance(value, Integral) else int(value)
    if type(value) is not int or value < low or (high is not None and value > high):
        span = f"from {low:,} to {high:,}" if high is not None else f"{low:,} or more"
        shown = f"{value:,}" if type(value) is int else repr(value)
        raise ArgumentError(f"{what} must be a whole number {span}, not {shown}")
    return value


def loaded_strategy(value: Any, function: str) -> Any:
    """``value`` if it is a name, a path or a loaded :class:`~studrules.spec.strategies.Strategy`,
    else an :class:`~studrules.errors.ArgumentError` saying what the function takes.

    >>> loaded_strategy(5, "simulate")
    Traceback (most recent call last):
    ...
    studrules.errors.ArgumentError: simulate takes a strategy's name, a path or studrules.load_strategy(NAME or FILE), not 5
    """
    from pathlib import PurePath

    from .strategies import Strategy

    if isinstance(value, (str, PurePath, Strategy)):
        return value
    raise ArgumentError(
        f"{function} takes a strategy's name, a path or studrules.load_strategy(NAME or FILE), not {value!r}"
    )
