"""Where the shipped data lives: variants (and which one is the default),
schemas and strategies.

An installed wheel carries them inside the package (``studrules/_data``); a
source checkout keeps them at the top of the repository. Both are found here,
and nowhere else.
"""

from __future__ import annotations

from pathlib import Path

from ..errors import StudrulesError

__all__ = ["data_dir", "variants_dir", "schemas_dir", "strategies_dir", "default_variant"]

_PACKAGE = Path(__file__).resolve().parents[1]  # the studrules package


def data_dir(name: str) -> Path:
    """The folder of shipped ``name`` files (``variants``, ``schemas``, ``strategies``)."""
    inside = _PACKAGE / "_data" / name
    if inside.is_dir():
        return inside
    return _PACKAGE.parent / name


def variants_dir() -> Path:
    return data_dir("variants")


def default_variant() -> str:
    """The name of the variant played when none is given (``studrules play``).

    It is data, not code: the one line of ``variants/DEFAULT``.

    >>> (variants_dir() / f"{default_variant()}.yaml").is_file()
    True
    """
    path = variants_dir() / "DEFAULT"
    try:
        name = path.read_text(encoding="utf-8").strip()
    except OSError as err:
        raise StudrulesError(f"cannot read the default variant's name from {path}: {err.strerror}") from None
    if not name:
        raise StudrulesError(f"{path} is empty: it names the default variant")
    return name


def schemas_dir() -> Path:
    return data_dir("schemas")


def strategies_dir() -> Path:
    return data_dir("strategies")
