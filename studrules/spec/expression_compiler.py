"""Compiling a parse tree into a closure: the names and types checked, constant
parts folded, and every operator turned into one small Python function.

The closures are what a hand evaluates at every decision: each operator is a
single Python frame, with no checks left in it but division by zero.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, NamedTuple

from ..errors import close_matches, some_names
from .expression_language import (
    BOOL,
    HAND,
    KEYWORDS,
    LIMIT_WORDS,
    MAX_NUMBER,
    NUMBER,
    Compiled,
    Env,
    ExprType,
    Problem,
    Value,
)
from .expression_parser import leaf, offset_of, subtree

if TYPE_CHECKING:  # pragma: no cover
    from lark import Token, Tree
    from lark.tree import Branch

__all__ = ["Compiler", "DivisionByZero"]


class Compiler:
    """Walks a parse tree bottom-up: checks names and types, folds constants, builds closures."""

    def __init__(
        self,
        source: str,
        names: Mapping[str, ExprType],
        constants: Mapping[str, tuple[ExprType, Value]],
        refused: Mapping[str, str] | None = None,
        expect: ExprType | None = None,
    ):
        self.source = source
        self.names = names
        self.constants = constants
        self.refused = refused or {}  # why a name is not known here, said instead of a guess
        self.expect = expect  # what the whole expression must be (a name alone is guessed among its kind)

    def compile(self, tree: Branch[Token]) -> _Node:
        """The compiled node of a parse tree (the whole expression's, or a part's)."""
        if isinstance(tree, str):  # a token: the grammar never puts one where a part is
            raise TypeError(f"expected a part of the expression, found the token {tree!r}")
        method: Callable[[Tree[Token]], _Node] = getattr(self, "_" + tree.data)
        return method(tree)

    # --- leaves (a leaf is one token: its text is its span of the source)

    def _number(self, tree: Tree[Token]) -> _Node:
        meta = tree.meta
        text = self.source[meta.start_pos : meta.end_pos]
        value = int(text)
        if value >= MAX_NUMBER:
            shown = text if len(text) <= 20 else text[:17] + "..."
            raise Problem(f"the number {shown} is too large: {LIMIT_WORDS}", meta.start_pos + 1)
        return _Constant(NUMBER, value, meta.start_pos, meta.end_pos)

    def _true(self, tree: Tree[Token]) -> _Node:
        return self._constant(BOOL, True, tree)

    def _false(self, tree: Tree[Token]) -> _Node:
        return self._constant(BOOL, False, tree)

    def _name(self, tree: Tree[Token]) -> _Node:
        meta = tree.meta
        name = self.source[meta.start_pos : meta.end_pos]
        column = meta.start_pos + 1
        if name in self.constants:
            kind, value = self.constants[name]
            return _Constant(kind, value, meta.start_pos, meta.end_pos)
        if name in self.names:
            return _Varying(
                self.names[name],
                operator.itemgetter(name),
                frozenset((name,)),
                meta.start_pos,
                meta.end_pos,
                {name: column},
            )
        raise Problem(self._unknown(name), column)

    def _kind_of(self, name: str) -> ExprType:
        return self.names[name] if name in self.names else self.constants[name][0]

    def _unknown(self, name: str) -> str:
        known = sorted(set(self.names) | set(self.constants))
        alone = self.expect is not None and self.source.strip() == name  # (the whole expression: a name of its kind)
        if alone:
            known = [n for n in known if self._kind_of(n) is self.expect]
        if name.lower() in KEYWORDS:
            return f"unknown name '{name}': did you mean '{name.lower()}'?"
        reason = self.refused.get(name)  # a name known elsewhere but not here: why, not a guess
        why = f": {reason}" if reason is not None else ""
        if reason is None:
            close = close_matches(name, known)
            if close:
                return f"unknown name '{name}': did you mean '{close[0]}'?"
            from .vocabulary import TABLE_NAMES

            # a name of the table ('players', 'pot') where only the stakes are read (an ante, a stake)
            stakes_only = name in TABLE_NAMES and not any(n in self.names for n in (*TABLE_NAMES, "house", "hand"))
            why = ": it is what the table shows, and this amount reads only the stakes" if stakes_only else ""
        if not known:
            return f"unknown name '{name}'{why}: no names can be used here"
        # the amounts first (the stakes, what the table shows), then the named hands
        known = sorted(self.names) + sorted(set(self.constants) - set(self.names))
        shown = some_names([n for n in known if not alone or self._kind_of(n) is self.expect])
        return f"unknown name '{name}'{why}; the names that can be used here are {shown}"

    # --- composites

    def _parenthesized(self, tree: Tree[Token]) -> _Node:
        node = self.compile(tree.children[1])
        node.start, node.end = tree.meta.start_pos, tree.meta.end_pos
        return node

    def _call(self, tree: Tree[Token]) -> _Node:
        """``min(a, b, ...)`` or ``max(a, b, ...)``: the smallest or largest of two or more
        amounts; ``if(condition, a, b)``: ``a`` when the condition holds, else ``b``."""
        name_token, _, arguments, _ = tree.children
        token = leaf(name_token)
        parts = [self.compile(c) for c in subtree(arguments).children if not isinstance(c, str)]
        if str(token) == "if":
            return self._if(parts, tree, offset_of(token) + 1)
        pick = _FUNCTIONS.get(str(token))
        if pick is None:
            raise Problem(f"unknown function '{token}': the functions are min(), max() and if()", offset_of(token) + 1)
        if len(parts) < 2:
            raise Problem(f"{token}() takes two or more amounts, separated by commas", offset_of(token) + 1)
        for part in parts:
            self._need_amount(part, f"{token}()")
        if all(p.fn is None for p in parts):
            return self._folded(NUMBER, pick(p.value for p in parts), tree)
        fns = tuple(p.fn if p.fn is not None else _constant_closure(p.value) for p in parts)
        fn: Compiled
        if len(fns) == 2:
            a, b = fns
            fn = lambda env: pick(a(env), b(env))  # noqa: E731 - one frame per call
        else:
            fn = lambda env: pick([f(env) for f in fns])  # noqa: E731
        return self._varying(NUMBER, fn, tree, *parts)

    def _if(self, parts: list[_Node], tree: Tree[Token], column: int) -> _Node:
        if len(parts) != 3:
            raise Problem("if() takes three parts: if(condition, value when true, value otherwise)", column)
        condition, yes, no = parts
        self._need_condition(condition, "if()")
        if yes.type is not no.type or yes.type is BOOL:
            self._need_amount(yes, "if()")
            self._need_amount(no, "if()")
        if condition.fn is None:
            return self._spanning(yes if condition.value else no, tree)
        test = condition.fn
        a = yes.fn if yes.fn is not None else _constant_closure(yes.value)
        b = no.fn if no.fn is not None else _constant_closure(no.value)
        fn: Compiled = lambda env: a(env) if test(env) else b(env)  # noqa: E731
        return self._varying(yes.type, fn, tree, condition, yes, no)

    def _negative(self, tree: Tree[Token]) -> _Node:
        sign, operand_tree = tree.children
        operand = self.compile(operand_tree)
        self._need_amount(operand, "-")
        if operand.fn is None:
            return self._folded(NUMBER, -operand.value, tree)
        fn = operand.fn
        return self._varying(NUMBER, lambda env: -fn(env), tree, operand)

    def _negation(self, tree: Tree[Token]) -> _Node:
        word, operand_tree = tree.children
        operand = self.compile(operand_tree)
        self._need_condition(operand, "not")
        if operand.fn is None:
            return self._constant(BOOL, not operand.value, tree)
        fn = operand.fn
        return self._varying(BOOL, lambda env: not fn(env), tree, operand)

    def _logical(self, tree: Tree[Token]) -> _Node:
        left_tree, word_token, right_tree = tree.children
        left, right = self.compile(left_tree), self.compile(right_tree)
        word: str = leaf(word_token).value
        self._need_condition(left, word)
        self._need_condition(right, word)
        is_and = word == "and"
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
        fn: Compiled = (lambda env: a(env) and b(env)) if is_and else (lambda env: a(env) or b(env))
        return self._varying(BOOL, fn, tree, left, right)

    def _comparison(self, tree: Tree[Token]) -> _Node:
        left_tree, op_token, right_tree = tree.children
        left, right = self.compile(left_tree), self.compile(right_tree)
        op: str = leaf(op_token).value
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
        return self._binary(op, left, right, tree, BOOL)

    def _arithmetic(self, tree: Tree[Token]) -> _Node:
        left_tree, op_token, right_tree = tree.children
        left, right = self.compile(left_tree), self.compile(right_tree)
        token = leaf(op_token)
        op: str = token.value
        self._need_amount(left, op)
        self._need_amount(right, op)
        if op == "/":
            return self._division(left, right, tree, offset_of(token) + 1)
        return self._binary(op, left, right, tree, NUMBER)

    def _binary(self, op: str, left: _Node, right: _Node, tree: Tree[Token], kind: ExprType) -> _Node:
        fn: Compiled
        if left.fn is None:
            if right.fn is None:
                return self._folded(kind, _FOLD[op](left.value, right.value), tree)
            fn = _CLOSURES[op].left_constant(left.value, right.fn)
        elif right.fn is None:
            fn = _CLOSURES[op].right_constant(left.fn, right.value)
        else:
            fn = _CLOSURES[op].both(left.fn, right.fn)
        return self._varying(kind, fn, tree, left, right)

    def _division(self, left: _Node, right: _Node, tree: Tree[Token], column: int) -> _Node:
        """``left / right``, rounded down; ``column`` is the '/', where a division by zero is reported."""
        if right.fn is None and right.value == 0:
            shown = self._show(right)
            raise Problem("division by zero" if shown == "'0'" else f"division by zero: {shown} is 0", column)
        fn: Compiled
        if left.fn is None:
            if right.fn is None:
                return self._folded(NUMBER, _FOLD["/"](left.value, right.value), tree)
            fn = _divide_into(left.value, right.fn, column)
        elif right.fn is None:
            a, c = left.fn, right.value
            fn = lambda env: a(env) // c  # noqa: E731 - c is not 0, checked above
        else:
            fn = _divide(left.fn, right.fn, column)
        return self._varying(NUMBER, fn, tree, left, right)

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

    def _constant(self, kind: ExprType, value: Value, tree: Tree[Token]) -> _Node:
        return _Constant(kind, value, tree.meta.start_pos, tree.meta.end_pos)

    def _folded(self, kind: ExprType, value: Value, tree: Tree[Token]) -> _Node:
        if kind is NUMBER and abs(value) >= MAX_NUMBER:
            raise Problem(
                f"{self._show(self._constant(kind, value, tree))} works out to a number too large: {LIMIT_WORDS}",
                tree.meta.start_pos + 1,
            )
        return self._constant(kind, value, tree)

    def _varying(self, kind: ExprType, fn: Compiled, tree: Tree[Token], *parts: _Node) -> _Node:
        names: frozenset[str] = frozenset().union(*(p.names for p in parts))
        columns: dict[str, int] = {}
        for part in parts:
            for name, column in part.name_columns.items():
                columns.setdefault(name, column)
        return _Varying(kind, fn, names, tree.meta.start_pos, tree.meta.end_pos, columns)

    def _spanning(self, node: _Node, tree: Tree[Token]) -> _Node:
        if node.fn is None:
            return _Constant(node.type, node.value, tree.meta.start_pos, tree.meta.end_pos)
        return _Varying(
            node.type,
            node.fn,
            node.names,
            tree.meta.start_pos,
            tree.meta.end_pos,
            node.name_columns,
        )


class DivisionByZero(Exception):
    """A compiled division by zero, at the 1-based column of its '/' (the expression reports it)."""

    def __init__(self, column: int):
        self.column = column


class _Constant:
    """A compiled part whose ``value`` is known now (``fn`` is None): it reads no names.

    ``start`` and ``end`` are its span in the text (0-based, end excluded).
    """

    __slots__ = ("type", "fn", "value", "names", "start", "end", "name_columns")

    fn: None
    names: frozenset[str]
    name_columns: dict[str, int]

    def __init__(self, type: ExprType, value: Value, start: int, end: int):
        self.type = type
        self.fn = None
        self.value = value
        self.names = frozenset()
        self.start = start
        self.end = end
        self.name_columns = {}


class _Varying:
    """A compiled part that reads ``names``: ``fn`` works its value out of them (``value`` is None).

    ``name_columns`` gives each name the 1-based column where the part first reads it.
    """

    __slots__ = ("type", "fn", "value", "names", "start", "end", "name_columns")

    value: None

    def __init__(
        self,
        type: ExprType,
        fn: Compiled,
        names: frozenset[str],
        start: int,
        end: int,
        name_columns: dict[str, int],
    ):
        self.type = type
        self.fn = fn
        self.value = None
        self.names = names
        self.start = start
        self.end = end
        self.name_columns = name_columns


_Node = _Constant | _Varying


class _Closures(NamedTuple):
    """How one operator is compiled: both operands vary, or one is a constant."""

    both: Callable[[Compiled, Compiled], Compiled]
    right_constant: Callable[[Compiled, Value], Compiled]
    left_constant: Callable[[Value, Compiled], Compiled]


# The closures of each operator but '/' (which reports a division by zero).
# Spelled out rather than built around operator.* so that evaluation is one
# Python frame per operator.
_CLOSURES: dict[str, _Closures] = {
    "+": _Closures(
        lambda a, b: lambda env: a(env) + b(env),
        lambda a, c: lambda env: a(env) + c,
        lambda c, b: lambda env: c + b(env),
    ),
    "-": _Closures(
        lambda a, b: lambda env: a(env) - b(env),
        lambda a, c: lambda env: a(env) - c,
        lambda c, b: lambda env: c - b(env),
    ),
    "*": _Closures(
        lambda a, b: lambda env: a(env) * b(env),
        lambda a, c: lambda env: a(env) * c,
        lambda c, b: lambda env: c * b(env),
    ),
    "<": _Closures(
        lambda a, b: lambda env: a(env) < b(env),
        lambda a, c: lambda env: a(env) < c,
        lambda c, b: lambda env: c < b(env),
    ),
    "<=": _Closures(
        lambda a, b: lambda env: a(env) <= b(env),
        lambda a, c: lambda env: a(env) <= c,
        lambda c, b: lambda env: c <= b(env),
    ),
    ">": _Closures(
        lambda a, b: lambda env: a(env) > b(env),
        lambda a, c: lambda env: a(env) > c,
        lambda c, b: lambda env: c > b(env),
    ),
    ">=": _Closures(
        lambda a, b: lambda env: a(env) >= b(env),
        lambda a, c: lambda env: a(env) >= c,
        lambda c, b: lambda env: c >= b(env),
    ),
    "==": _Closures(
        lambda a, b: lambda env: a(env) == b(env),
        lambda a, c: lambda env: a(env) == c,
        lambda c, b: lambda env: c == b(env),
    ),
    "!=": _Closures(
        lambda a, b: lambda env: a(env) != b(env),
        lambda a, c: lambda env: a(env) != c,
        lambda c, b: lambda env: c != b(env),
    ),
}

_FOLD: dict[str, Callable[[Value, Value], Value]] = {
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


#: The functions of the language, by name.
_FUNCTIONS: dict[str, Callable[..., Value]] = {"min": min, "max": max}


def _constant_closure(value: Value) -> Compiled:
    return lambda env: value


def _divide(a: Compiled, b: Compiled, column: int) -> Compiled:
    def divide(env: Env) -> Value:
        try:
            return a(env) // b(env)
        except ZeroDivisionError:
            raise DivisionByZero(column) from None

    return divide


def _divide_into(c: Value, b: Compiled, column: int) -> Compiled:
    def divide(env: Env) -> Value:
        try:
            return c // b(env)
        except ZeroDivisionError:
            raise DivisionByZero(column) from None

    return divide
