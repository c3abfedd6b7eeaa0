"""Stakes replaced at load time that turn the betting structure round, or
that make another stake a fraction of a chip.

A variant's betting rounds each have a bet size, and a round may allow
another (the open-pair rule's larger bet). The file's own stakes put those
sizes in an order (the small bet of the early rounds below the big bet of the
later ones); a ``--stake`` that reverses it -- a low limit of 30 under a high
limit of 20 -- is legal, but rarely meant. This module names such pairs so
the command line can warn, saying both stakes::

    >>> from studrules.spec.loader import load_variant_text
    >>> text = '''
    ... name: two-limits
    ... kind: pot
    ... stakes: {small: 10, big: 20}
    ... steps:
    ...   - deal: {players: [down, up, up]}
    ...   - betting: {id: early, bet: small}
    ...   - deal: {players: [up, up]}
    ...   - betting: {id: late, bet: big}
    ...   - showdown: {rankings: [high]}
    ... '''
    >>> import warnings
    >>> as_written = load_variant_text(text)
    >>> with warnings.catch_warnings():  # loading warns too (below)
    ...     warnings.simplefilter("ignore")
    ...     changed = load_variant_text(text, stakes={"small": 30})
    >>> print(stake_order_warnings(as_written, changed, {"small": 30})[0])
    --stake small=30 puts big (20, the bet of late) below small (30, the bet of early); the file has big the larger (20 against 10): give both, e.g. --stake small=30 --stake big=60
    >>> stake_order_warnings(as_written, load_variant_text(text, stakes={"small": 20}), {"small": 20})
    []

Loading from Python warns the same way, with a :class:`StakeOrderWarning`
(a ``UserWarning``, so Python's warning filters apply; turn it into an error
with ``warnings.simplefilter("error", StakeOrderWarning)``)::

    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     _ = load_variant_text(text, stakes={"small": 30})
    >>> [w.category.__name__ for w in caught]
    ['StakeOrderWarning']
    >>> print(caught[0].message)
    stakes={'small': 30} put big (20, the bet of late) below small (30, the bet of early); the file has big the larger (20 against 10): give both, e.g. stakes={'small': 30, 'big': 60}
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from ..errors import StakeOrderWarning
from .expressions import Expression
from .model import BettingStep, Variant

__all__ = ["stake_order_warnings", "StakeOrderWarning", "warn_stake_order"]


def _bets(variant: Variant) -> list[tuple[str, Expression]]:
    """Each bet size the rounds allow, with what it is: the rounds' bets in
    the order of the hand, then the other sizes some allow (the open pair's)."""
    out: list[tuple[str, Expression]] = []
    others: list[tuple[str, Expression]] = []
    for i, step in enumerate(variant.steps):
        if not isinstance(step, BettingStep):
            continue
        name = step.id or f"round {i + 1}"
        out.append((f"the bet of {name}", step.bet))
        others.extend((f"the other bet of {name}", alternative.bet) for alternative in step.alternatives)
    return out + others


def _value(expr: Expression, stakes: Mapping[str, int]) -> int | None:
    """The amount, or None when it reads the table (the players, the cards)."""
    try:
        value: Any = expr(stakes)
    except Exception:  # a name of the table, not of the stakes: no fixed size to compare
        return None
    return int(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def stake_order_warnings(
    as_written: Variant, changed: Variant, stakes: Mapping[str, Any], flag: str | None = "--stake"
) -> list[str]:
    """One message per pair of bet sizes that ``stakes`` put in the other
    order than the file's own stakes do (``as_written``: the variant loaded
    without them; ``changed``: with them; the same steps). ``flag``: the
    command-line flag the stakes were given with, or None for Python's
    ``stakes={...}``."""
    before, after = as_written.stake_values(), changed.stake_values()

    def _given(values: Mapping[str, Any]) -> str:
        if flag is None:
            return f"stakes={dict(values)!r}"
        return " ".join(f"{flag} {k}={v}" for k, v in values.items())

    given = _given(stakes)
    verb = "put" if flag is None else "puts"
    sizes = [(what, expr.source, _value(expr, before), _value(expr, after)) for what, expr in _bets(changed)]
    out: list[str] = []
    seen: set[tuple[str, str]] = set()
    for i, (what_i, src_i, old_i, new_i) in enumerate(sizes):
        for what_j, src_j, old_j, new_j in sizes[i + 1 :]:
            if None in (old_i, new_i, old_j, new_j) or src_i == src_j or (src_i, src_j) in seen:
                continue
            assert old_i is not None and old_j is not None and new_i is not None and new_j is not None
            if (old_i - old_j) * (new_i - new_j) >= 0:
                continue  # the same order (or a tie on one side)
            seen.add((src_i, src_j))
            # `low` is the one the stakes make the smaller; the file has it the larger
            low, high = ((src_i, what_i, new_i, old_i), (src_j, what_j, new_j, old_j))
            if new_i > new_j:
                low, high = high, low
            hint = ": give both stakes if that is not what you meant"
            mine, other = (high, low) if high[0] in stakes else (low, high)
            if mine[0] in stakes and other[0] in after and other[0] not in stakes and mine[3]:
                scaled, rest = divmod(mine[2] * other[3], mine[3])  # the file's proportion kept
                if not rest and scaled:
                    hint = f": give both, e.g. {_given({mine[0]: mine[2], other[0]: scaled})}"
            out.append(
                f"{given} {verb} {low[0]} ({low[2]}, {low[1]}) below {high[0]} ({high[2]}, {high[1]}); "
                f"the file has {low[0]} the larger ({low[3]} against {high[3]}){hint}"
            )
    return out + _rounded(changed, stakes, given, "make" if flag is None else "makes")


def _rounded(variant: Variant, stakes: Mapping[str, Any], given: str, verb: str) -> list[str]:
    r"""One message per stake worked out from the given ones to a fraction of a
    chip (chips are whole: the fraction is dropped), e.g. an ante of a fifth of
    a low limit of 3.

    >>> from studrules.spec.loader import load_variant_text
    >>> v = load_variant_text("name: n\nkind: pot\nstakes: {bet: 3, ante: bet / 5}\nsteps:\n"
    ...     "  - deal: {players: [down, up, up, up, up]}\n  - betting: {bet: bet}\n  - showdown: {rankings: [high]}\n")
    >>> _rounded(v, {"bet": 3}, "--stake bet=3", "makes")
    ['--stake bet=3 makes ante (bet / 5) 0.6 of a chip: it is played as 0; give it too (--stake ante=N) or stakes that make it whole']
    """
    values: dict[str, int] = {}
    out: list[str] = []
    for name, expr in variant.stakes:
        if name in stakes:
            values[name] = int(stakes[name])
            continue
        values[name] = int(expr(values))
        exact = expr({k: _Exact(v) for k, v in values.items()})  # type: ignore[misc]  # (numbers, exact)
        if isinstance(exact, Fraction) and exact.denominator != 1:
            how = (
                f"--stake {name}=N"
                if given.startswith("--")
                else f"stakes={{{name!r}: N}}"
                if given.startswith("stakes=")
                else f"{name}=N in the stakes"
            )
            out.append(
                f"{given} {verb} {name} ({expr.source}) {float(exact):g} of a chip: it is played as {values[name]}; "
                f"give it too ({how}) or stakes that make it whole"
            )
    return out


def warn_stake_order(as_written: Variant, changed: Variant, stakes: Mapping[str, Any], stacklevel: int = 3) -> None:
    """:func:`warnings.warn` a :class:`StakeOrderWarning` for each message of
    :func:`stake_order_warnings` (the Python API's form of them)."""
    import warnings

    for message in stake_order_warnings(as_written, changed, stakes, None):
        warnings.warn(message, StakeOrderWarning, stacklevel=stacklevel)


def _exact(op: Callable[[Fraction, Any], Any]) -> Callable[[Fraction, Any], Any]:
    def exact(self: Fraction, other: Any) -> Any:
        result = op(Fraction(self), other)
        return _Exact(result) if isinstance(result, Fraction) else result

    return exact


class _Exact(Fraction):
    """A stake whose divisions are exact, where the expressions' '/' rounds
    down: worked out with these, a stake shows the fraction of a chip that
    playing drops (every sum, product and quotient of them is one of them)."""

    __add__ = __radd__ = _exact(operator.add)
    __sub__ = _exact(operator.sub)
    __rsub__ = _exact(lambda a, b: b - a)
    __mul__ = __rmul__ = _exact(operator.mul)
    __floordiv__ = _exact(operator.truediv)
    __rfloordiv__ = _exact(lambda a, b: b / a)
