"""A variant's lineage: its own name, then the name of each variant it extends, in turn.

The loader reads each file a variant ``extends`` (:func:`ancestors` gathers their
names as it does) and keeps the chain as :attr:`~studrules.spec.model.Variant.lineage`.
A strategy written for a game (``game: my-game``) plays that game and every variant
whose lineage names it: a house's version that ``extends: my-game`` and changes the pay
table is still that game to the strategy (:mod:`studrules.spec.strategy_game`).

    >>> from studrules.spec.examples import example_variant
    >>> example_variant("against-the-house").lineage
    ('against-the-house',)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["ancestors"]


def ancestors(base: Any) -> tuple[str, ...]:
    """The names of the variants that a variant extending ``base`` extends, nearest
    first: ``base``'s name, then the names ``base`` itself extends (``base``: the data
    of the variant extended, as the loader read it, its own ``extends`` resolved).

    >>> from studrules.spec.source import LDict
    >>> parent = LDict({"name": "house-stud"})
    >>> parent.ancestors = ("base-stud",)
    >>> ancestors(parent)
    ('house-stud', 'base-stud')
    """
    name = base.get("name") if isinstance(base, Mapping) else None
    return ((name,) if isinstance(name, str) else ()) + tuple(getattr(base, "ancestors", ()))
