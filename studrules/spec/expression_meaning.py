"""The meaning of an expression, for comparison: the rule book and diff say two
formulas are the same when their meanings are (``2 * ante`` and ``ante * 2``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import ExpressionError, Location
from .expression_language import Problem
from .expression_parser import parse

if TYPE_CHECKING:  # pragma: no cover
    from lark import Tree

__all__ = ["meaning"]


def meaning(source: str) -> tuple:
    """The meaning of ``source`` as a nested tuple (see :func:`.expressions.canonical`).

    >>> meaning("ante * 2") == meaning("2 * ante")
    True
    """
    try:
        tree = parse(source)
    except Problem as problem:
        raise ExpressionError(f"{problem.message} (in '{source}')", Location(None, 1, problem.column)) from None
    return _canon(tree)


_COMMUTATIVE = {"+", "*", "and", "or"}


def _canon(tree: Tree) -> tuple:
    kind = tree.data
    kids = tree.children
    if kind == "number":
        return ("num", int(kids[0]))
    if kind == "name":
        return ("name", str(kids[0]))
    if kind == "true":
        return ("num", True)
    if kind == "false":
        return ("num", False)
    if kind == "parenthesized":
        return _canon(kids[1])
    if kind == "negative":
        inner = _canon(kids[1])
        if inner[0] == "num" and not isinstance(inner[1], bool):
            return ("num", -inner[1])
        return ("neg", inner)
    if kind == "negation":
        return ("not", _canon(kids[1]))
    if kind == "comparison":
        return ("cmp", str(kids[1]), _canon(kids[0]), _canon(kids[2]))
    op = str(kids[1])
    left, right = _canon(kids[0]), _canon(kids[2])
    if op in _COMMUTATIVE:
        operands = []
        for side in (left, right):
            operands.extend(side[1] if side[0] == "op" and side[2] == op else [side])
        return ("op", tuple(sorted(operands, key=_operand_order)), op)
    return ("op", (left, right), op)


def _operand_order(node: tuple) -> tuple:
    # numbers first, then names, then compound terms: "2 * ante", "1 + ante"
    return ({"num": 0, "name": 1}.get(node[0], 2), repr(node))
