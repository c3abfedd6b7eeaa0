"""Compiling a parse tree into a closure: the names and types checked, constant
parts folded, and every operator turned into one small Python function.

The closures are what a hand evaluates at every decision: each operator is a
single Python frame, with no checks left in it but division by zero.
"""

from __future__ import annotations

import difflib
import operator
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .expression_language import BOOL, HAND, KEYWORDS, LIMIT_WORDS, MAX_NUMBER, NUMBER, Problem

if TYPE_CHECKING:  # pragma: no cover
    from lark import Tree

__all__ = ["Compiler", "DivisionByZero"]


class Compiler:
    """Walks a parse tree bottom-up: checks names and types, folds constants, builds closures."""

    def __init__(self, source: str, names: dict, constants: dict):
        self.source = source
        self.names = names
        self.constants = constants

    def compile(self, tree: Tree) -> _Node:
        return getattr(self, "_" + tree.data)(tree)

    # --- leaves

    def _number(self, tree) -> _Node:
        (token,) = tree.children
        value = int(token.value)
        if value >= MAX_NUMBER:
            shown = token.value if len(token.value) <= 20 else token.value[:17] + "..."
            raise Problem(f"the number {shown} is too large: {LIMIT_WORDS}", token.start_pos + 1)
        return self._constant(NUMBER, value, tree)

    def _true(self, tree) -> _Node:
        return self._constant(BOOL, True, tree)

    def _false(self, tree) -> _Node:
        return self._constant(BOOL, False, tree)

    def _name(self, tree) -> _Node:
        (token,) = tree.children
        name = token.value
        column = token.start_pos + 1
        if name in self.constants:
            kind, value = self.constants[name]
            return self._constant(kind, value, tree)
        if name in self.names:
            return _Node(
                self.names[name],
                operator.itemgetter(name),
                None,
                frozenset((name,)),
                tree.meta.start_pos,
                tree.meta.end_pos,
                {name: column},
            )
        raise Problem(self._unknown(name), column)

    def _unknown(self, name: str) -> str:
        known = sorted(set(self.names) | set(self.constants))
        if name.lower() in KEYWORDS:
            return f"unknown name '{name}': did you mean '{name.lower()}'?"
        close = difflib.get_close_matches(name, known, n=1)
        if close:
            return f"unknown name '{name}': did you mean '{close[0]}'?"
        if not known:
            return f"unknown name '{name}': no names can be used here"
        shown = ", ".join(known[:8]) + (f" and {len(known) - 8} more" if len(known) > 8 else "")
        return f"unknown name '{name}'; the names that can be used here are {shown}"

    # --- composites

    def _parenthesized(self, tree) -> _Node:
        node = self.compile(tree.children[1])
        node.start, node.end = tree.meta.start_pos, tree.meta.end_pos
        return node

    def _negative(self, tree) -> _Node:
        sign, operand_tree = tree.children
        operand = self.compile(operand_tree)
        self._need_amount(operand, "-")
        if operand.fn is None:
            return self._folded(NUMBER, -operand.value, tree)
        fn = operand.fn
        return self._varying(NUMBER, lambda env: -fn(env), tree, operand)

    def _negation(self, tree) -> _Node:
        word, operand_tree = tree.children
        operand = self.compile(operand_tree)
        self._need_condition(operand, "not")
        if operand.fn is None:
            return self._constant(BOOL, not operand.value, tree)
        fn = operand.fn
        return self._varying(BOOL, lambda env: not fn(env), tree, operand)

    def _logical(self, tree) -> _Node:
        left_tree, word, right_tree = tree.children
        left, right = self.compile(left_tree), self.compile(right_tree)
        self._need_condition(left, word.value)
        self._need_condition(right, word.value)
        is_and = word.value == "and"
        # The value that decides the result on its own: false for 'and', true for 'or'.
        deciding = not is_and
        if left.fn is None:
            if bool(left.value) is deciding:
                return self._constant(BOOL, deciding, tree)
            return self._spanning(right, tree)
        if right.fn is None:
            if bool(right.value) is deciding:
                return self._constant(BOOL, deciding, tree)
            return self._spanning(left, tree)
        a, b = left.fn, right.fn
        fn = (lambda env: a(env) and b(env)) if is_and else (lambda env: a(env) or b(env))
        return self._varying(BOOL, fn, tree, left, right)

    def _comparison(self, tree) -> _Node:
        left_tree, op_token, right_tree = tree.children
        left, right = self.compile(left_tree), self.compile(right_tree)
        op = op_token.value
        for side in (left, right):
            if side.type is BOOL:
                hint = ""
                if op in ("==", "!=") and (left.fn is None or right.fn is None):
                    hint = "; to test a condition write it alone, or with 'not'"
                raise Problem(
                    f"{self._show(side)} is {BOOL.words}: conditions cannot be compared with '{op}'{hint}",
                    side.start + 1,
                )
        if left.type is not right.type:
            raise Problem(
                f"cannot compare {self._show(left)} ({left.type.words}) with {self._show(right)} ({right.type.words})",
                right.start + 1,
            )
        return self._binary(op, left, right, tree, op_token, BOOL)

    def _arithmetic(self, tree) -> _Node:
        left_tree, op_token, right_tree = tree.children
        left, right = self.compile(left_tree), self.compile(right_tree)
        op = op_token.value
        self._need_amount(left, op)
        self._need_amount(right, op)
        return self._binary(op, left, right, tree, op_token, NUMBER)

    def _binary(self, op, left, right, tree, op_token, kind) -> _Node:
        column = op_token.start_pos + 1
        if op == "/" and right.fn is None and right.value == 0:
            shown = self._show(right)
            raise Problem("division by zero" if shown == "'0'" else f"division by zero: {shown} is 0", column)
        if left.fn is None and right.fn is None:
            return self._folded(kind, _FOLD[op](left.value, right.value), tree)
        if op == "/":
            if right.fn is None:
                a, c = left.fn, right.value
                fn = lambda env: a(env) // c  # noqa: E731 - c is not 0, checked above
            elif left.fn is None:
                fn = _divide_into(left.value, right.fn, column)
            else:
                fn = _divide(left.fn, right.fn, column)
        else:
            both, right_constant, left_constant = _CLOSURES[op]
            if right.fn is None:
                fn = right_constant(left.fn, right.value)
            elif left.fn is None:
                fn = left_constant(left.value, right.fn)
            else:
                fn = both(left.fn, right.fn)
        return self._varying(kind, fn, tree, left, right)

    # --- checks and node making

    def _need_amount(self, node: _Node, op: str) -> None:
        if node.type is not NUMBER:
            raise Problem(
                f"{self._show(node)} is {node.type.words}, not an amount: cannot use it with '{op}'",
                node.start + 1,
            )

    def _need_condition(self, node: _Node, op: str) -> None:
        if node.type is not BOOL:
            extra = ""
            if node.type is HAND:
                extra = " (compare it, e.g. 'hand >= pair')"
            raise Problem(
                f"{self._show(node)} is {node.type.words}, not a condition (true/false): "
                f"cannot use it with '{op}'{extra}",
                node.start + 1,
            )

    def _show(self, node: _Node) -> str:
        text = self.source[node.start : node.end]
        if len(text) > 40:
            text = text[:37] + "..."
        return f"'{text}'"

    def _constant(self, kind, value, tree) -> _Node:
        return _Node(kind, None, value, frozenset(), tree.meta.start_pos, tree.meta.end_pos, {})

    def _folded(self, kind, value, tree) -> _Node:
        if kind is NUMBER and abs(value) >= MAX_NUMBER:
            raise Problem(
                f"{self._show(self._constant(kind, value, tree))} works out to a number too large: {LIMIT_WORDS}",
                tree.meta.start_pos + 1,
            )
        return self._constant(kind, value, tree)

    def _varying(self, kind, fn, tree, *parts: _Node) -> _Node:
        names: frozenset[str] = frozenset().union(*(p.names for p in parts))
        columns: dict[str, int] = {}
        for part in parts:
            for name, column in part.name_columns.items():
                columns.setdefault(name, column)
        return _Node(kind, fn, None, names, tree.meta.start_pos, tree.meta.end_pos, columns)

    def _spanning(self, node: _Node, tree) -> _Node:
        return _Node(
            node.type,
            node.fn,
            node.value,
            node.names,
            tree.meta.start_pos,
            tree.meta.end_pos,
            node.name_columns,
        )


class DivisionByZero(Exception):
    """A compiled division by zero, at the 1-based column of its '/' (the expression reports it)."""

    def __init__(self, column: int):
        self.column = column


class _Node:
    """A compiled subexpression: a constant ``value`` or a function ``fn`` of the environment."""

    __slots__ = ("type", "fn", "value", "names", "start", "end", "name_columns")

    def __init__(self, type, fn, value, names, start, end, name_columns):
        self.type = type
        self.fn = fn
        self.value = value
        self.names = names
        self.start = start
        self.end = end
        self.name_columns = name_columns


# (both vary, right constant, left constant) -> closure, per operator. Spelled
# out rather than built around operator.* so that evaluation is one Python
# frame per operator.
_CLOSURES: dict[str, tuple[Callable, Callable, Callable]] = {
    "+": (
        lambda a, b: lambda env: a(env) + b(env),
        lambda a, c: lambda env: a(env) + c,
        lambda c, b: lambda env: c + b(env),
    ),
    "-": (
        lambda a, b: lambda env: a(env) - b(env),
        lambda a, c: lambda env: a(env) - c,
        lambda c, b: lambda env: c - b(env),
    ),
    "*": (
        lambda a, b: lambda env: a(env) * b(env),
        lambda a, c: lambda env: a(env) * c,
        lambda c, b: lambda env: c * b(env),
    ),
    "<": (
        lambda a, b: lambda env: a(env) < b(env),
        lambda a, c: lambda env: a(env) < c,
        lambda c, b: lambda env: c < b(env),
    ),
    "<=": (
        lambda a, b: lambda env: a(env) <= b(env),
        lambda a, c: lambda env: a(env) <= c,
        lambda c, b: lambda env: c <= b(env),
    ),
    ">": (
        lambda a, b: lambda env: a(env) > b(env),
        lambda a, c: lambda env: a(env) > c,
        lambda c, b: lambda env: c > b(env),
    ),
    ">=": (
        lambda a, b: lambda env: a(env) >= b(env),
        lambda a, c: lambda env: a(env) >= c,
        lambda c, b: lambda env: c >= b(env),
    ),
    "==": (
        lambda a, b: lambda env: a(env) == b(env),
        lambda a, c: lambda env: a(env) == c,
        lambda c, b: lambda env: c == b(env),
    ),
    "!=": (
        lambda a, b: lambda env: a(env) != b(env),
        lambda a, c: lambda env: a(env) != c,
        lambda c, b: lambda env: c != b(env),
    ),
}

_FOLD: dict[str, Callable[[Any, Any], Any]] = {
    "+": operator.add,
    "-": operator.sub,
    "*": operator.mul,
    "/": operator.floordiv,
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
    "==": operator.eq,
    "!=": operator.ne,
}


def _divide(a: Callable, b: Callable, column: int) -> Callable:
    def divide(env):
        try:
            return a(env) // b(env)
        except ZeroDivisionError:
            raise DivisionByZero(column) from None

    return divide


def _divide_into(c: int, b: Callable, column: int) -> Callable:
    def divide(env):
        try:
            return c // b(env)
        except ZeroDivisionError:
            raise DivisionByZero(column) from None

    return divide
