"""The meaning of an expression, for comparison: the rule book and diff say two
formulas are the same when their meanings are (``2 * ante`` and ``ante * 2``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import ExpressionError, Location
from .expression_language import Problem
from .expression_parser import leaf, parse, subtree

if TYPE_CHECKING:  # pragma: no cover
    from lark import Token
    from lark.tree import Branch

__all__ = ["Meaning", "meaning"]

#: A meaning is a tagged tuple, read by position: its first item says what the
#: rest holds. ``("num", 2)`` (a number, or true/false), ``("name", "ante")``,
#: ``("neg", m)``, ``("not", m)``, ``("cmp", "<=", m1, m2)`` and
#: ``("op", (m1, m2, ...), "+")`` with the operands of ``+ * and or`` sorted,
#: ``("call", "min", (m1, m2, ...))`` with the arguments of min and max sorted.
Meaning = tuple[Any, ...]


def meaning(source: str, tree: Any = None) -> Meaning:
    """The meaning of ``source`` as a nested tuple (see :func:`.expressions.canonical`);
    ``tree``: its parse tree where it is known already (not parsed again).

    >>> meaning("ante * 2") == meaning("2 * ante")
    True
    """
    if tree is not None:
        return _canon(tree)
    try:
        tree = parse(source)
    except Problem as problem:
        raise ExpressionError(f"{problem.message} (in '{source}')", Location(None, 1, problem.column)) from None
    return _canon(tree)


_COMMUTATIVE = {"+", "*", "and", "or"}


def _canon(branch: Branch[Token]) -> Meaning:
    tree = subtree(branch)
    kind = tree.data
    kids = tree.children
    if kind == "number":
        return ("num", int(leaf(kids[0])))
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
    if kind == "call":
        arguments = [_canon(c) for c in subtree(kids[2]).children if not isinstance(c, str)]
        if str(kids[0]) != "if":  # min and max: the order of their arguments means nothing
            arguments.sort(key=_operand_order)
        return ("call", str(kids[0]), tuple(arguments))
    if kind == "comparison":
        return ("cmp", str(kids[1]), _canon(kids[0]), _canon(kids[2]))
    op = str(kids[1])
    left, right = _canon(kids[0]), _canon(kids[2])
    if op in _COMMUTATIVE:
        operands: list[Meaning] = []
        for side in (left, right):
            operands.extend(side[1] if side[0] == "op" and side[2] == op else [side])
        return ("op", tuple(sorted(operands, key=_operand_order)), op)
    return ("op", (left, right), op)


def _operand_order(node: Meaning) -> tuple[int, str]:
    # numbers first, then names, then compound terms: "2 * ante", "1 + ante"
    return ({"num": 0, "name": 1}.get(node[0], 2), repr(node))
