"""Variant files, strategy files and hand scripts are all YAML: one given where another is read
is named for what it is, in one located message, rather than as every field the other kind lacks."""

from __future__ import annotations

from typing import Any

from ..errors import Location, OtherKindOfFileError, SpecError

__all__ = ["refuse_the_other_kind", "refuse_a_hand_script"]

# the fields that make each kind what it is
_VARIANT = ("steps", "extends")
_STRATEGY = ("rules", "streets")


def refuse_the_other_kind(data: Any, file: str, wanted: str) -> None:
    """Raise :class:`~studrules.errors.OtherKindOfFileError` if ``data`` (a file's top level) is plainly the other kind of
    file than ``wanted`` (``"variant"`` or ``"strategy"``): it has the other kind's fields and
    none of its own.

    >>> refuse_the_other_kind({"name": "x", "rules": []}, "x.yaml", "variant")
    Traceback (most recent call last):
    ...
    studrules.errors.OtherKindOfFileError: x.yaml:1:1: this is a strategy file (it has 'rules'), not a variant (which has 'steps'): a strategy is given with --strategy FILE
    >>> refuse_the_other_kind({"name": "x", "steps": []}, "x.yaml", "variant")
    >>> refuse_the_other_kind({"variant": "razz", "actions": []}, "h.yaml", "strategy")
    Traceback (most recent call last):
    ...
    studrules.errors.OtherKindOfFileError: h.yaml:1:1: this is a hand script, not a strategy: 'studrules replay h.yaml' plays it
    """
    if not isinstance(data, dict):
        return
    if wanted == "strategy" and "actions" in data and "variant" in data and not any(k in data for k in _STRATEGY):
        raise OtherKindOfFileError(
            [
                SpecError(
                    f"this is a hand script, not a strategy: 'studrules replay {file}' plays it", Location(file, 1, 1)
                )
            ],
            "script",
        )
    own, other = (_VARIANT, _STRATEGY) if wanted == "variant" else (_STRATEGY, _VARIANT)
    kept = [k for k in other if k in data]
    if not kept or any(k in data for k in own):
        return
    if wanted == "variant":
        message = (
            f"this is a strategy file (it has '{kept[0]}'), not a variant (which has 'steps'): "
            "a strategy is given with --strategy FILE"
        )
    else:
        message = f"this is a variant file (it has '{kept[0]}'), not a strategy (which has 'rules' or 'streets')"
    raise OtherKindOfFileError(
        [SpecError(message, Location(file, 1, 1))], "strategy" if wanted == "variant" else "variant"
    )


def refuse_a_hand_script(data: Any, file: str | None, where: Location) -> None:
    """Raise :class:`SpecError` at ``where`` if ``data``, read as a variant, is a hand script
    (its ``variant`` and ``actions``, no ``steps``), naming the command that plays it.

    >>> refuse_a_hand_script({"variant": "razz", "actions": []}, "h.yaml", Location("h.yaml", 1, 1))
    Traceback (most recent call last):
    ...
    studrules.errors.SpecError: h.yaml:1:1: this is a hand script, not a variant: 'studrules replay h.yaml' plays it
    """
    if isinstance(data, dict) and "variant" in data and "actions" in data and "steps" not in data:
        raise SpecError(f"this is a hand script, not a variant: 'studrules replay {file}' plays it", where)
