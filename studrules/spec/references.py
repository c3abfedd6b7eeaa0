"""Variants named by other files: a hand script's or history's ``variant``, a
strategy's ``game``. Such a file may be anything the other file names (a
downloaded history may name any YAML file beside it), so one that is no valid
variant is named and sent to ``studrules validate``, never quoted.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..errors import Location, SpecError, SpecErrors
from .loader import load_variant
from .model import Variant

__all__ = ["load_named_variant"]


def load_named_variant(
    name_or_path: str | Path,
    options: Mapping[str, Any] | None = None,
    stakes: Mapping[str, Any] | None = None,
    *,
    within: tuple[Path, ...] | None = None,
    named_by: Location | None = None,
) -> Variant:
    """:func:`load_variant` for a variant another file names (a hand script's or
    history's ``variant``, a strategy's ``game``): a file there that is no valid
    variant is named, at ``named_by``, and not quoted (the user may never have meant
    to read it, a downloaded history may name any YAML file beside it); ``studrules
    validate`` says what is wrong with it. A valid file that the options or stakes
    given make invalid is said in full, as :func:`load_variant` says it.

    >>> load_named_variant("not-a-variant.yaml", within=(Path("."),))
    Traceback (most recent call last):
    ...
    studrules.errors.SpecError: no variant 'not-a-variant.yaml': no such file
    """
    try:
        return load_variant(name_or_path, options, stakes, within=within)
    except (SpecErrors, SpecError) as err:
        found = err.errors if isinstance(err, SpecErrors) else [err]
        if not any(e.location is not None and e.location.file for e in found):
            raise  # (the engine's own words: no such variant, not a variant file)
        if options or stakes:
            try:
                load_variant(name_or_path, within=within)
            except (SpecErrors, SpecError):
                pass
            else:
                raise  # (the file is valid: the choices made of it are not, and are said)
        file = next(e.location.file for e in found if e.location is not None and e.location.file)
        count = f"{len(found)} problem{'s' if len(found) != 1 else ''}"
        raise SpecError(
            f"{name_or_path} is not a variant studrules can load ({count}): 'studrules validate {file}' says what",
            named_by,
        ) from None
