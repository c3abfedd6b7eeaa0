"""Where the shipped data lives: variants, schemas and strategies.

An installed wheel carries them inside the package (``studrules/_data``); a
source checkout keeps them at the top of the repository. Both are found here,
and nowhere else.
"""
from __future__ import annotations

from pathlib import Path

__all__ = ["data_dir", "variants_dir", "schemas_dir", "strategies_dir"]

_PACKAGE = Path(__file__).resolve().parent


def data_dir(name: str) -> Path:
    """The folder of shipped ``name`` files (``variants``, ``schemas``, ``strategies``)."""
    inside = _PACKAGE / "_data" / name
    if inside.is_dir():
        return inside
    return _PACKAGE.parent / name


def variants_dir() -> Path:
    return data_dir("variants")


def schemas_dir() -> Path:
    return data_dir("schemas")


def strategies_dir() -> Path:
    return data_dir("strategies")
