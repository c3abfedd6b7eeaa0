"""The smallest value an amount can take while a hand is played.

An amount that reads the table (``pot``, ``players_in``, ``round``...) has
no one value at load time; it is worked out here over the values the table
can show -- every player count the seats allow, every betting round, pots
from empty to very large, and around every number the rule names and every
small multiple of a stake (where a condition turns), both truths of each
condition -- so a rule that can make a bet zero or negative is found when
the file is loaded::

    >>> from studrules.spec.expressions import NUMBER, compile_expression
    >>> from studrules.spec.vocabulary import TABLE_NAMES
    >>> low = lowest(compile_expression("5 - pot", names=TABLE_NAMES), {}, seats=6, rounds=4)
    >>> low[0] <= -999, sorted(low[1])
    (True, ['pot'])
    >>> lowest(compile_expression("max(1, 5 - pot)", names=TABLE_NAMES), {}, seats=6, rounds=4)[0]
    1
    >>> lowest(compile_expression("if(pot == 14, 0, 5)", names=TABLE_NAMES), {}, seats=6, rounds=4)
    (0, {'pot': 14})
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping

from ..errors import StudrulesError
from .expressions import BOOL, Expression
from .vocabulary import TABLE_NAMES

__all__ = ["lowest", "describe_table"]

#: Pots tried: empty, small, and far larger than any stake.
_POTS = (0, 1, 2, 3, 5, 10, 25, 100, 1_000, 100_000, 10_000_000)
#: The most combinations of table values tried for one amount.
_MOST = 20_000
#: A whole number written in an expression's text.
_NUMBER = re.compile(r"(?<![\w.])\d+(?![\w.])")


def lowest(
    expr: Expression, stakes: Mapping[str, int], *, seats: int, rounds: int
) -> tuple[int, dict[str, object]] | None:
    """The smallest value of ``expr`` over the table's values, and the table
    values that give it (None: it reads no table name, or cannot be worked out)."""
    table = sorted(n for n in expr.names if n in TABLE_NAMES)
    if not table or not expr.names <= set(stakes) | set(table):
        return None
    top = max(2, min(seats, 10))
    pots = _pots(expr.source, stakes)
    choices: list[tuple[object, ...]] = []
    for name in table:
        if TABLE_NAMES[name] is BOOL:
            choices.append((False, True))
        elif name in ("players", "players_in"):
            choices.append(tuple(range(2, top + 1)))
        elif name == "round":
            choices.append(tuple(range(1, max(1, rounds) + 1)))
        else:
            choices.append(pots)
    best: tuple[int, dict[str, object]] | None = None
    for count, values in enumerate(itertools.product(*choices)):
        if count >= _MOST:
            break
        env = dict(zip(table, values))
        if not _possible(env):
            continue
        try:
            value = expr({**stakes, **env})  # type: ignore[dict-item]  # the table's values are ints and bools
        except (StudrulesError, ArithmeticError):
            continue
        if isinstance(value, int) and not isinstance(value, bool) and (best is None or value < best[0]):
            best = (value, env)
    return best


def _pots(source: str, stakes: Mapping[str, int]) -> tuple[int, ...]:
    """The pots tried: :data:`_POTS`, and one either side of each number the
    rule writes and of each stake times 1 to 4, where a comparison can turn."""
    turns = {int(n) for n in _NUMBER.findall(source) if len(n) < 10}
    turns |= {k * v for v in stakes.values() if isinstance(v, int) for k in range(1, 5)}
    near = {t + d for t in turns for d in (-1, 0, 1) if t + d >= 0}
    return tuple(sorted(set(_POTS) | near))


def _possible(env: Mapping[str, object]) -> bool:
    """Whether table values can stand together (players still in are among those dealt in)."""
    players, players_in = env.get("players"), env.get("players_in")
    if isinstance(players, int) and isinstance(players_in, int) and players_in > players:
        return False
    heads_up = env.get("heads_up")
    return not (heads_up is not None and isinstance(players_in, int) and heads_up != (players_in == 2))


def describe_table(env: Mapping[str, object]) -> str:
    """``pot is 100, heads_up is true``.

    >>> describe_table({"pot": 100, "heads_up": True})
    'pot is 100, heads_up is true'
    """
    return ", ".join(f"{k} is {str(v).lower() if isinstance(v, bool) else v}" for k, v in env.items())
