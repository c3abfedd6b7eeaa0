"""A variant's lineage: its own name, then the name of each variant it extends, in turn.

A strategy written for a game (``game: let-it-ride``) plays that game and every variant
whose lineage names it: a house's Let It Ride that ``extends: let-it-ride`` and changes
the pay table is still Let It Ride to the strategy (:mod:`studrules.spec.strategy_game`).

    >>> from studrules.spec.loader import load_variant
    >>> lineage(load_variant("razz"))
    ('razz', 'seven-card-stud')
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import StudrulesError

if TYPE_CHECKING:  # pragma: no cover
    from .model import Variant

__all__ = ["lineage", "variant_name_of"]


def lineage(variant: Variant) -> tuple[str, ...]:
    """``variant``'s name, then the names of the variants it extends, nearest first.

    Each file extended is read only for its ``name`` and ``extends`` (the
    variant itself loaded already, so each loads), by the loader's rules for
    finding it: beside the file that names it or below, or shipped. The chain
    stops at a file that cannot be read (the loader would have said why)."""
    from .loader import MAX_EXTENDS, resolve_variant_path
    from .source import read_document

    names = [variant.name]
    parent, file = variant.extends, variant.file
    while parent is not None and len(names) <= MAX_EXTENDS:
        folder = Path(file).parent if file else None
        try:
            path = resolve_variant_path(parent, relative_to=folder, within=(folder,) if folder else None)
            data = read_document(path).data
        except (StudrulesError, OSError):
            break
        if not isinstance(data, dict) or not isinstance(data.get("name"), str):
            break
        names.append(data["name"])
        extends = data.get("extends")
        parent, file = (extends if isinstance(extends, str) else None), str(path)
    return tuple(names)


def variant_name_of(reference: str, relative_to: Path | None = None) -> str:
    """The name of the variant that ``reference`` (a shipped name, or a path to a variant
    file, relative to ``relative_to``) names: a shipped name is its own; a file's is the
    ``name`` it gives. A :class:`~studrules.errors.SpecError` where no variant is found.

    >>> variant_name_of("let-it-ride")
    'let-it-ride'
    >>> variant_name_of("let-it-rid")
    Traceback (most recent call last):
    ...
    studrules.errors.SpecError: no variant 'let-it-rid': did you mean 'let-it-ride'?
    """
    from .loader import resolve_variant_path
    from .source import read_document

    path = resolve_variant_path(reference, relative_to=relative_to, within=(relative_to,) if relative_to else None)
    data = read_document(path).data
    if isinstance(data, dict) and isinstance(data.get("name"), str):
        return str(data["name"])
    return Path(path).stem
