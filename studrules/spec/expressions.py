"""Amounts and conditions written inside variant files.

A variant says ``bring_in: low_limit / 2`` or ``when: hand >= ace_king``. Such
a string is an *expression*: parsed once at load time with a Lark LALR grammar
(``expressions.lark``), checked for unknown names and mixed types, and compiled
into plain Python closures. There is no ``eval``, no attribute access, no calls
and no indexing, and evaluation is bounded (see the limits below)::

    >>> expr = compile_expression("low_limit / 2", names={"low_limit": NUMBER})
    >>> expr({"low_limit": 10})
    5
    >>> expr.type, sorted(expr.names)
    (NUMBER, ['low_limit'])

The language:

* whole numbers (amounts are chips: there are no decimals), ``true``, ``false``
  and names;
* ``+ - * /`` on amounts, and unary minus; ``/`` divides and rounds *down*
  (``7 / 2`` is 3, ``-7 / 2`` is -4), and dividing by zero is an error;
* comparisons ``< <= > >= == !=`` between two amounts or between two hand
  ranks (a hand rank is a number where higher is better); they do not chain;
* ``and``, ``or``, ``not`` on conditions, with short-circuit evaluation;
* parentheses.

Precedence, loosest first: ``or``, ``and``, ``not``, comparisons, ``+ -``,
``* /``, unary minus.

Limits: at most :data:`MAX_LENGTH` characters, parentheses nested at most
:data:`MAX_DEPTH` deep, and numbers (written or worked out at compile time)
below :data:`MAX_NUMBER` in size.

Every problem raises :class:`~studrules.errors.ExpressionError` whose location
points at the offending character inside the file.
"""

from __future__ import annotations

import difflib
import enum
import functools
import operator
from collections.abc import Callable, Mapping
from importlib import resources
from typing import TYPE_CHECKING, Any

from ..errors import ExpressionError, Location

if TYPE_CHECKING:  # pragma: no cover
    from lark import Lark, Tree

__all__ = [
    "ExprType",
    "NUMBER",
    "BOOL",
    "HAND",
    "Expression",
    "compile_expression",
    "parse_amount_or_expression",
    "canonical",
    "MAX_LENGTH",
    "MAX_DEPTH",
    "MAX_NUMBER",
    "KEYWORDS",
]

#: Longest expression accepted, in characters.
MAX_LENGTH = 200
#: Deepest nesting of parentheses accepted.
MAX_DEPTH = 32
#: Numbers written in an expression, and constants folded at compile time,
#: must be smaller than this in absolute value.
MAX_NUMBER = 10**9
#: The words of the language itself: no name (a stake's, say) can be one of them.
KEYWORDS = ("and", "or", "not", "true", "false")


class ExprType(enum.Enum):
    """The type of an expression or of a name: an amount, a condition or a hand rank."""

    NUMBER = "number"
    BOOL = "bool"
    HAND = "hand"

    def __repr__(self) -> str:
        return self.name

    @property
    def words(self) -> str:
        """How a variant author reads the type.

        >>> BOOL.words
        'a condition (true/false)'
        """
        return _TYPE_WORDS[self]


NUMBER = ExprType.NUMBER
BOOL = ExprType.BOOL
HAND = ExprType.HAND

_TYPE_WORDS = {
    NUMBER: "an amount",
    BOOL: "a condition (true/false)",
    HAND: "a hand rank",
}

Value = int | bool


class Expression:
    """A compiled expression: call it with the names' values to evaluate it.

    Made by :func:`compile_expression`. ``source`` is the text, ``type`` its
    :class:`ExprType`, ``names`` the names it reads from the environment
    (not constants), ``is_constant`` whether it reads none (then
    :meth:`value` gives its value without an environment).

    Two expressions are equal when they have the same type and either both are
    constant with the same value, or both have the same source text.

        >>> e = compile_expression("2 * ante", names={"ante": NUMBER})
        >>> e({"ante": 5})
        10
        >>> e.is_constant
        False
        >>> compile_expression("(1 + 2) * 3").value()
        9
    """

    __slots__ = (
        "source",
        "type",
        "names",
        "is_constant",
        "location",
        "_fn",
        "_value",
        "_name_columns",
        "_recipe",
    )

    source: str
    type: ExprType
    names: frozenset[str]
    is_constant: bool
    location: Location | None

    def __init__(
        self,
        source: str,
        type: ExprType,
        names: frozenset[str],
        fn: Callable[[Mapping[str, Any]], Value] | None,
        value: Value | None,
        location: Location | None,
        name_columns: Mapping[str, int],
        recipe: tuple,
    ):
        setter = object.__setattr__
        setter(self, "source", source)
        setter(self, "type", type)
        setter(self, "names", names)
        setter(self, "is_constant", fn is None)
        setter(self, "location", location)
        setter(self, "_fn", fn if fn is not None else (lambda env: value))
        setter(self, "_value", value)
        setter(self, "_name_columns", dict(name_columns))
        setter(self, "_recipe", recipe)

    def __call__(self, env: Mapping[str, Any]) -> Value:
        """Evaluate with ``env`` giving a value for every name in :attr:`names`."""
        try:
            return self._fn(env)
        except KeyError as missing:
            raise self._missing_name(missing) from None
        except _DivisionByZero as zero:
            raise _error(f"division by zero while evaluating '{self.source}'", self.location, zero.column) from None
        except TypeError:
            given = ", ".join(f"{n}={env.get(n)!r}" for n in sorted(self.names) if n in env)
            raise _error(
                f"a value of the wrong type while evaluating '{self.source}' ({given})",
                self.location,
                1,
            ) from None

    def value(self) -> Value:
        """The value of a constant expression.

        >>> compile_expression("7 / 2").value()
        3
        """
        if not self.is_constant:
            needed = ", ".join(sorted(self.names))
            raise _error(f"'{self.source}' is not a constant: it depends on {needed}", self.location, 1)
        return self._value  # type: ignore[return-value]

    def _missing_name(self, missing: KeyError) -> ExpressionError:
        name = missing.args[0] if missing.args else None
        if isinstance(name, str) and name in self.names:
            return _error(
                f"no value for '{name}' while evaluating '{self.source}'",
                self.location,
                self._name_columns.get(name, 1),
            )
        return _error(f"a missing value while evaluating '{self.source}'", self.location, 1)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("an Expression cannot be changed")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("an Expression cannot be changed")

    def _key(self) -> tuple:
        if self.is_constant:
            return (self.type, True, self._value)
        return (self.type, False, self.source.strip())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Expression):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"Expression({self.source!r}, type={self.type!r})"

    def __reduce__(self):
        # Closures do not pickle: rebuild from the text (for copies and for
        # simulations that send a variant to other processes).
        return (_rebuild, self._recipe)


def compile_expression(
    source: str,
    names: Mapping[str, ExprType] | None = None,
    constants: Mapping[str, tuple[ExprType, Value]] | None = None,
    expect: ExprType | None = None,
    location: Location | None = None,
) -> Expression:
    """Parse, check and compile ``source`` into an :class:`Expression`.

    ``names`` are the names whose values the caller supplies at evaluation,
    with their types; ``constants`` are names with a value fixed now
    (``{"pair": (HAND, 2000)}``). ``expect`` is the type the caller needs
    (``None`` accepts any). ``location`` is where the text starts in its file;
    errors point at the offending character inside it.

    >>> hands = {"pair": (HAND, 2000), "ace_king": (HAND, 1234)}
    >>> e = compile_expression("hand >= ace_king", names={"hand": HAND}, constants=hands, expect=BOOL)
    >>> e({"hand": 1500}), e({"hand": 900})
    (True, False)
    >>> compile_expression("low_limt / 2", names={"low_limit": NUMBER})
    Traceback (most recent call last):
    ...
    studrules.errors.ExpressionError: <input>:1:1: unknown name 'low_limt': did you mean 'low_limit'?
    >>> compile_expression("2 * ", location=Location("v.yaml", 7, 12))
    Traceback (most recent call last):
    ...
    studrules.errors.ExpressionError: v.yaml:7:15: expected a number, a name or '(' after '*', but the expression ends there
    """
    names = dict(names or {})
    constants = dict(constants or {})
    _check_declarations(names, constants, expect)
    recipe = (source, names, constants, expect, location)
    if not isinstance(source, str):
        raise _error(f"expected an expression (text), found {type(source).__name__}", location, 1)
    if len(source) > MAX_LENGTH:
        raise _error(
            f"the expression is {len(source)} characters long; the limit is {MAX_LENGTH}",
            location,
            MAX_LENGTH + 1,
        )
    try:
        tree = _parse(source)
        node = _Compiler(source, names, constants).compile(tree)
        if expect is not None and node.type is not expect:
            raise _Problem(
                f"this is {node.type.words}, but {expect.words} is needed here",
                _first_column(source),
            )
    except _Problem as problem:
        raise _error(problem.message, location, problem.column) from None
    return Expression(source, node.type, node.names, node.fn, node.value, location, node.name_columns, recipe)


def parse_amount_or_expression(
    value: object,
    names: Mapping[str, ExprType] | None = None,
    constants: Mapping[str, tuple[ExprType, Value]] | None = None,
    expect: ExprType | None = None,
    location: Location | None = None,
) -> Expression:
    """An :class:`Expression` from a YAML field holding a number, true/false or a string.

    >>> parse_amount_or_expression(10).value()
    10
    >>> parse_amount_or_expression("low_limit / 2", names={"low_limit": NUMBER})({"low_limit": 20})
    10
    >>> parse_amount_or_expression(2.5)
    Traceback (most recent call last):
    ...
    studrules.errors.ExpressionError: <input>:1:1: expected a whole number of chips or an expression, found 2.5
    """
    if isinstance(value, str):
        return compile_expression(value, names, constants, expect, location)
    names = dict(names or {})
    constants = dict(constants or {})
    _check_declarations(names, constants, expect)
    if isinstance(value, bool):
        kind: ExprType = BOOL
    elif isinstance(value, int):
        kind = NUMBER
        if abs(value) >= MAX_NUMBER:
            raise _error(f"the number {value} is too large: {_LIMIT_WORDS}", location, 1)
    else:
        shown = repr(value) if isinstance(value, float) else f"{type(value).__name__}"
        raise _error(f"expected a whole number of chips or an expression, found {shown}", location, 1)
    if expect is not None and kind is not expect:
        raise _error(f"this is {kind.words}, but {expect.words} is needed here", location, 1)
    source = "true" if value is True else "false" if value is False else str(value)
    recipe = (source, names, constants, expect, location)
    return Expression(source, kind, frozenset(), None, value, location, {}, recipe)


# --- helpers ---------------------------------------------------------------

_LIMIT_WORDS = f"numbers must be smaller than {MAX_NUMBER:,}"


# --------------------------------------------------------------------------
# meaning, for comparison (rule books, diffs)

_COMMUTATIVE = {"+", "*", "and", "or"}


def canonical(expr: Expression | str) -> tuple:
    """The expression's meaning as a nested tuple, operands of ``+ * and or``
    sorted, parentheses dropped: ``2 * ante`` and ``ante * 2`` give the same.

    Rule books and diffs compare meanings with it; a text that does not
    parse raises :class:`~studrules.errors.ExpressionError`.

    >>> canonical("ante * 2") == canonical("(2 * ante)")
    True
    >>> canonical("1 + low_limit / 2")
    ('op', (('num', 1), ('op', (('name', 'low_limit'), ('num', 2)), '/')), '+')
    """
    if isinstance(expr, Expression):
        if expr.is_constant:
            return ("num", expr.value())
        source = expr.source
    else:
        source = expr
    try:
        tree = _parse(source)
    except _Problem as problem:
        raise ExpressionError(f"{problem.message} (in '{source}')", Location(None, 1, problem.column)) from None
    return _canon(tree)


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


class _Problem(Exception):
    """A compile-time problem at a 1-based column of the expression text."""

    def __init__(self, message: str, column: int):
        super().__init__(message)
        self.message = message
        self.column = column


class _DivisionByZero(Exception):
    def __init__(self, column: int):
        self.column = column


def _error(message: str, location: Location | None, column: int) -> ExpressionError:
    if location is None:
        where = Location(None, 1, column)
    else:
        where = location.shifted(column - 1)
    return ExpressionError(message, where)


def _rebuild(source, names, constants, expect, location) -> Expression:
    if isinstance(source, str):
        return compile_expression(source, names, constants, expect, location)
    return parse_amount_or_expression(source, names, constants, expect, location)


def _check_declarations(names: dict, constants: dict, expect: object) -> None:
    # These are the caller's mistakes, not the variant author's.
    for name, kind in names.items():
        if not isinstance(kind, ExprType):
            raise TypeError(f"the type of name {name!r} must be NUMBER, BOOL or HAND, not {kind!r}")
    for name, entry in constants.items():
        if not (isinstance(entry, tuple) and len(entry) == 2 and isinstance(entry[0], ExprType)):
            raise TypeError(f"constant {name!r} must be a (type, value) pair, not {entry!r}")
        if name in names:
            raise ValueError(f"{name!r} is given both as a name and as a constant")
    if expect is not None and not isinstance(expect, ExprType):
        raise TypeError(f"expect must be NUMBER, BOOL, HAND or None, not {expect!r}")


def _first_column(source: str) -> int:
    return len(source) - len(source.lstrip()) + 1


@functools.cache
def _parser() -> Lark:
    from lark import Lark

    grammar = resources.files(__package__).joinpath("expressions.lark").read_text("utf-8")
    return Lark(grammar, parser="lalr", lexer="basic", propagate_positions=True)


@functools.lru_cache(maxsize=2048)
def _parse(source: str) -> Tree:
    """The parse tree of ``source``; a :class:`_Problem` in plain words if it has none."""
    _check_depth(source)
    if not source.strip():
        raise _Problem("the expression is empty", 1)
    from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

    try:
        return _parser().parse(source)
    except UnexpectedCharacters as e:
        raise _Problem(_bad_character(source, e.pos_in_stream), e.pos_in_stream + 1) from None
    except UnexpectedToken as e:
        raise _unexpected_token(source, e) from None
    except UnexpectedInput as e:  # pragma: no cover - LALR raises the two above
        raise _Problem("this expression cannot be read", (getattr(e, "pos_in_stream", 0) or 0) + 1) from None


def _check_depth(source: str) -> None:
    depth = 0
    for offset, char in enumerate(source):
        if char == "(":
            depth += 1
            if depth > MAX_DEPTH:
                raise _Problem(f"parentheses are nested more than {MAX_DEPTH} deep", offset + 1)
        elif char == ")":
            depth -= 1


_OPERAND_TERMINALS = {"INT", "NAME", "LPAR", "TRUE", "FALSE", "NOT"}
# MINUS starts an operand (unary minus) as well as being an operator.
_OPERATOR_TERMINALS = {"PLUS", "STAR", "SLASH", "COMPARE", "AND", "OR"}


def _describe_token(kind: str, text: str) -> str:
    if kind == "INT":
        return f"the number {text}"
    if kind == "NAME":
        return f"the name '{text}'"
    return f"'{text}'"


def _tokens_before(source: str, offset: int) -> list:
    try:
        return list(_parser().lex(source[:offset]))
    except Exception:  # the prefix always lexes; be safe anyway
        return []


def _unexpected_token(source: str, e: Any) -> _Problem:
    token = e.token
    at_end = token.type == "$END"
    offset = len(source.rstrip()) if at_end else token.start_pos
    before = _tokens_before(source, offset)
    previous = before[-1] if before else None
    expected = set(e.expected)

    wanted = []
    operand = bool(expected & _OPERAND_TERMINALS)
    if operand:
        wanted.append("a number, a name or '('")
    if expected & _OPERATOR_TERMINALS or ("MINUS" in expected and not operand):
        wanted.append("an operator")
    if "RPAR" in expected and any(t.type == "LPAR" for t in before):
        wanted.append("')'")
    if not wanted:
        wanted.append("the end of the expression")
    what = " or ".join(wanted)
    after = f"after {_describe_token(previous.type, previous.value)}" if previous is not None else "at the start"
    found = "but the expression ends there" if at_end else f"not {_describe_token(token.type, token.value)}"
    message = f"expected {what} {after}, {found}"

    hint = ""
    if not at_end and previous is not None:
        if token.type == "COMPARE" and "COMPARE" not in expected:
            hint = "comparisons cannot be chained; join two comparisons with 'and'"
        elif token.type == "LPAR" and previous.type == "NAME":
            hint = "there are no function calls"
        elif token.type == "NAME" and previous.type == "INT":
            hint = f"to multiply, write '{previous.value} * {token.value}'"
        elif token.type == "LPAR" and previous.type == "INT":
            hint = f"to multiply, write '{previous.value} * (...)'"
        elif token.type == previous.type == "STAR":
            hint = "there is no power operator"
        elif token.type == previous.type == "SLASH":
            hint = "write a single '/': it already rounds down"
    if at_end and "RPAR" in expected:
        opened = _unclosed_parenthesis(before)
        if opened is not None:
            hint = f"the '(' at character {opened} is not closed"
    return _Problem(f"{message}: {hint}" if hint else message, offset + 1)


def _unclosed_parenthesis(tokens: list) -> int | None:
    stack: list[int] = []
    for t in tokens:
        if t.type == "LPAR":
            stack.append(t.start_pos + 1)
        elif t.type == "RPAR" and stack:
            stack.pop()
    return stack[-1] if stack else None


_CHARACTER_HINTS = {
    "=": "'=' is not an operator: did you mean '=='?",
    "!": "'!' is not an operator: write 'not', or '!=' for 'is not equal to'",
    "&": "'&' is not an operator: write 'and'",
    "|": "'|' is not an operator: write 'or'",
    "[": "'[' is not allowed: there is no indexing",
    "]": "']' is not allowed: there is no indexing",
    "%": "'%' is not an operator: only + - * / are",
    '"': "quotes are not allowed inside an expression",
    "'": "quotes are not allowed inside an expression",
}


def _bad_character(source: str, offset: int) -> str:
    char = source[offset]
    if char == "." and offset > 0 and source[offset - 1].isdigit():
        return "decimals are not allowed: amounts are whole chips"
    if char == ".":
        return "'.' is not allowed: there is no attribute access"
    if char in _CHARACTER_HINTS:
        return _CHARACTER_HINTS[char]
    if not char.isprintable():
        return f"unexpected character {char!r}"
    return f"unexpected character '{char}'"


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
            raise _DivisionByZero(column) from None

    return divide


def _divide_into(c: int, b: Callable, column: int) -> Callable:
    def divide(env):
        try:
            return c // b(env)
        except ZeroDivisionError:
            raise _DivisionByZero(column) from None

    return divide


class _Compiler:
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
            raise _Problem(f"the number {shown} is too large: {_LIMIT_WORDS}", token.start_pos + 1)
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
        raise _Problem(self._unknown(name), column)

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
                raise _Problem(
                    f"{self._show(side)} is {BOOL.words}: conditions cannot be compared with '{op}'{hint}",
                    side.start + 1,
                )
        if left.type is not right.type:
            raise _Problem(
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
            raise _Problem("division by zero" if shown == "'0'" else f"division by zero: {shown} is 0", column)
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
            raise _Problem(
                f"{self._show(node)} is {node.type.words}, not an amount: cannot use it with '{op}'",
                node.start + 1,
            )

    def _need_condition(self, node: _Node, op: str) -> None:
        if node.type is not BOOL:
            extra = ""
            if node.type is HAND:
                extra = " (compare it, e.g. 'hand >= pair')"
            raise _Problem(
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
            raise _Problem(
                f"{self._show(self._constant(kind, value, tree))} works out to a number too large: {_LIMIT_WORDS}",
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
