"""A stake written as a flag of its own (``studrules play --ante 5``): argparse
refuses the flag, and the message says the ``--stake`` that was meant
(``--stake ante=5``) where the word names a stake of the variant the command
line chose, or of the default variant where it chose none that loads.

Only an error reaches this module: it loads the variant to read its stakes'
names, which a command line that parses never needs.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

__all__ = ["stake_flag_hint"]


def stake_flag_hint(
    parser: argparse.ArgumentParser, parsed: argparse.Namespace | None, extras: Sequence[str], at: int
) -> str:
    """`` (a stake of V: did you mean '--stake NAME=VALUE'?)`` for the unknown
    flag ``extras[at]`` where it names a stake (``--low-limit`` names
    ``low_limit``) and the command takes ``--stake``; else nothing. The value is
    the word after the flag (or after its ``=``); a value argparse took as the
    variant (``play --ante 5``: VARIANT 5) is given back to the flag.

    >>> p = argparse.ArgumentParser()
    >>> _ = p.add_argument("variant", nargs="?")
    >>> _ = p.add_argument("--stake", action="append")
    >>> stake_flag_hint(p, p.parse_args(["7"]), ["--bring-in"], 0)  # doctest: +ELLIPSIS
    " (a stake of ...: did you mean '--stake bring_in=7'?)"
    >>> stake_flag_hint(p, p.parse_args([]), ["--colour", "red"], 0)
    ''
    """
    word = extras[at]
    flag, equals, value = word.partition("=")
    if "--stake" not in parser._option_string_actions or not flag.startswith("--"):
        return ""
    if not equals:
        following = extras[at + 1] if at + 1 < len(extras) else ""
        value = following if following and not following.startswith("-") else ""
    named = _named(parsed)
    if not value:  # (the flag's value, argparse took it for a game: session --ante 5)
        taken = next((n for n in named if n.isdigit() and _stakes(n) is None), None)
        if taken is not None:
            value = taken
            named.remove(taken)
    key = flag[2:].replace("-", "_").lower()
    choices: list[str | None] = [*named] or [None]
    for each in choices:
        found = _stakes(each) if each is not None else _default_stakes()
        if found is None:
            continue
        variant, names = found
        name = next((n for n in names if n.lower() == key), None)
        if name is not None:
            return f" (a stake of {variant}: did you mean '--stake {name}={value or 'N'}'?)"
    return ""


def _named(parsed: argparse.Namespace | None) -> list[str]:
    """The games a command line named: ``play``'s variant, ``session``'s games and ``--variants``."""
    named = []
    variant = getattr(parsed, "variant", None)
    if isinstance(variant, str):
        named.append(variant)
    for listed in (getattr(parsed, "games", None), getattr(parsed, "variants", None)):
        if isinstance(listed, list):  # (--variants A,B or --variants A B)
            named += [n for g in listed if isinstance(g, str) for n in g.split(",")]
    return [n.strip() for n in named if n.strip()]


def _default_stakes() -> tuple[str, list[str]] | None:
    from ..errors import StudrulesError
    from ..spec.resources import default_variant

    try:
        return _stakes(default_variant())
    except StudrulesError:
        return None


def _stakes(name: str) -> tuple[str, list[str]] | None:
    """The variant ``name`` loads as, and its stakes' names; None where it does not load."""
    from ..errors import StudrulesError
    from ..spec.loader import load_variant

    try:
        variant = load_variant(name)
    except (StudrulesError, OSError, RecursionError):
        return None
    return variant.name, [stake for stake, _ in variant.stakes]
