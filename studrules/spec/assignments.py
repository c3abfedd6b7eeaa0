"""House-rule choices and stakes as given on a command line: ``NAME=VALUE`` items.

``--option late_bet=none`` and ``--stake ante=5`` are read here into mappings
for :func:`~studrules.spec.loader.load_variant` (which re-exports
:func:`parse_assignments`); :func:`stake_problem` also checks a stake a file or a
caller gives.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..errors import UsageError, close_matches, some_names
from .expression_language import whole_text
from .expressions import MAX_NUMBER

__all__ = ["parse_assignments", "stake_problem", "stake_override_problems"]


def parse_assignments(items: list[str] | None, what: str) -> dict[str, str]:
    """``['ante=no', 'ties=split']`` -> ``{'ante': 'no', 'ties': 'split'}`` (for --option, --stake).

    ``what`` is the flag (``--option``, ``--stake-a``...); an item that is not
    NAME=VALUE, or a stake that is not a number of chips, is a
    :class:`~studrules.errors.UsageError`:

    >>> parse_assignments(["bring_in_player"], "--option")
    Traceback (most recent call last):
    ...
    studrules.errors.UsageError: argument --option: 'bring_in_player' must be written NAME=CHOICE
    >>> parse_assignments(["ante=abc"], "--stake")
    Traceback (most recent call last):
    ...
    studrules.errors.UsageError: argument --stake: stake 'ante' must be a whole number of chips, not 'abc'
    >>> parse_assignments(["progressive=jackpot_500", "progressive=jackpot_100"], "--option")
    Traceback (most recent call last):
    ...
    studrules.errors.UsageError: argument --option: 'progressive' is given twice, jackpot_500 and jackpot_100: give it once
    """
    out: dict[str, str] = {}
    for item in items or []:
        name, sep, value = item.partition("=")
        if not sep or not name.strip() or not value.strip():
            form = "NAME=VALUE" if "stake" in what else "NAME=CHOICE"
            raise UsageError(f"argument {what}: '{item}' must be written {form}")
        problem = stake_problem(name.strip(), value.strip()) if "stake" in what else None
        if problem:
            raise UsageError(f"argument {what}: {problem}")
        name, value = name.strip(), value.strip()
        same = (lambda x, y: int(x) == int(y)) if "stake" in what else str.__eq__  # (a stake read whole above)
        if name in out and not same(out[name], value):  # (the same twice is no conflict: 2 and 02 too)
            raise UsageError(f"argument {what}: '{name}' is given twice, {out[name]} and {value}: give it once")
        out[name] = value
    return out


def stake_problem(name: str, value: Any) -> str | None:
    """What is wrong with ``value`` as the stake ``name`` (a whole number of chips,
    below the bound every stake of a file has), or None.

    >>> stake_problem("ante", "2.5"), stake_problem("ante", "10")
    ("stake 'ante' must be a whole number of chips, not '2.5'", None)
    """
    try:
        if isinstance(value, (bool, float)):  # 2.5 chips is no stake: never rounded quietly
            raise ValueError(value)
        number = int(value) if not isinstance(value, str) else whole_text(value.strip())
        if number is None:
            raise ValueError(value)
    except (TypeError, ValueError):
        shown = str(value) if len(str(value)) <= 40 else str(value)[:40] + "..."
        return f"stake '{name}' must be a whole number of chips, not '{shown}'"
    if not 0 <= number < MAX_NUMBER:
        return f"stake '{name}' must be between 0 and {MAX_NUMBER - 1:,}, not {number}"
    return None


def stake_override_problems(stakes: Mapping[Any, Any], known: Iterable[str], variant_name: object) -> list[str]:
    """What is wrong with ``stakes`` as overrides of a variant's stakes (``known``: their
    names): each name it does not have, with the closest, and each value
    :func:`stake_problem` refuses.

    >>> stake_override_problems({"antee": 5, "bring_in": -1}, ["ante", "bring_in"], "razz")
    ["unknown stake 'antee': did you mean 'ante'? stakes of razz: ante, bring_in", "stake 'bring_in' must be between 0 and 999,999,999, not -1"]
    """
    known = list(known)
    problems = []
    for name, value in stakes.items():
        if name not in known:
            close = close_matches(name, known)
            hint = f"did you mean '{close[0]}'? " if close else ""
            problems.append(f"unknown stake '{name}': {hint}stakes of {variant_name}: {some_names(known, like=name)}")
            continue
        problem = stake_problem(name, value)
        if problem:
            problems.append(problem)
    return problems
