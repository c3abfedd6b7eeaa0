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

This module holds the entry points and the compiled :class:`Expression`; the
work is done beside it: :mod:`.expression_language` (the types, keywords and
limits), :mod:`.expression_parser` (the text read, and syntax errors in plain
words), :mod:`.expression_compiler` (names and types checked, closures built)
and :mod:`.expression_meaning` (what :func:`canonical` compares).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..errors import ExpressionError, Location
from .expression_compiler import Compiler, DivisionByZero
from .expression_language import (
    BOOL,
    HAND,
    KEYWORDS,
    LIMIT_WORDS,
    MAX_DEPTH,
    MAX_LENGTH,
    MAX_NUMBER,
    NUMBER,
    Compiled,
    Env,
    ExprType,
    Problem,
    Value,
)
from .expression_meaning import Meaning, meaning
from .expression_parser import flat_tree, parse, plain_tree

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
    _fn: Compiled
    _value: Value | None
    _name_columns: dict[str, int]
    _recipe: _Recipe

    def __init__(
        self,
        source: str,
        type: ExprType,
        names: frozenset[str],
        fn: Compiled | None,
        value: Value | None,
        location: Location | None,
        name_columns: Mapping[str, int],
        recipe: _Recipe,
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

    def __call__(self, env: Env) -> Value:
        """Evaluate with ``env`` giving a value for every name in :attr:`names`."""
        try:
            return self._fn(env)
        except KeyError as missing:
            raise self._missing_name(missing) from None
        except DivisionByZero as zero:
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
        value = self._value
        if value is None:  # a constant has its value; nothing else has one
            needed = ", ".join(sorted(self.names))
            raise _error(f"'{self.source}' is not a constant: it depends on {needed}", self.location, 1)
        return value

    def constant_values(self) -> tuple[tuple[str, Value], ...]:
        """The named constants the text was compiled with, and their values, sorted: what tells
        apart two expressions of the same text in two rankings (``hand >= pair_of_aces``), equal
        as expressions (a memo of their values keys on both).

        >>> compile_expression("hand >= pair", names={"hand": HAND}, constants={"pair": (HAND, 9)}).constant_values()
        (('pair', 9),)
        """
        return tuple(sorted((name, entry[1]) for name, entry in self._recipe[2].items()))

    def name_location(self, name: str) -> Location | None:
        """Where the text first reads ``name`` in its file (where the text starts when it
        does not read it; None: the expression has no location).

        >>> e = compile_expression("max(ante, 2 * low)", names={"ante": NUMBER, "low": NUMBER},
        ...                        location=Location("v.yaml", 4, 10))
        >>> e.name_location("low")
        Location(file='v.yaml', line=4, column=24, path=())
        """
        if self.location is None:
            return None
        return self.location.shifted(self._name_columns.get(name, 1) - 1)

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

    def _key(self) -> tuple[ExprType, bool, Value | str | None]:
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

    def __reduce__(self) -> tuple[Callable[..., Expression], tuple[object, ...]]:
        # Closures do not pickle: the copy is compiled again from the text
        # (the recipe) when it is first evaluated, so that a variant read back
        # from the load cache, or sent to other processes, costs no parsing
        # until it plays.
        state = (self.type, self.names, self._value, self.location, self._name_columns)
        return (_restored, (self._recipe, self.source, self.is_constant, *state))


def compile_expression(
    source: str,
    names: Mapping[str, ExprType] | None = None,
    constants: Mapping[str, tuple[ExprType, Value]] | None = None,
    expect: ExprType | None = None,
    location: Location | None = None,
    *,
    refused: Mapping[str, str] | None = None,
) -> Expression:
    """Parse, check and compile ``source`` into an :class:`Expression`.

    ``names`` are the names whose values the caller supplies at evaluation,
    with their types; ``constants`` are names with a value fixed now
    (``{"pair": (HAND, 2000)}``). ``expect`` is the type the caller needs
    (``None`` accepts any). ``location`` is where the text starts in its file;
    errors point at the offending character inside it. ``refused``: why a
    name known elsewhere is not known here, said when the text reads it.

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
    if not isinstance(source, str):
        raise _error(f"expected an expression (text), found {type(source).__name__}", location, 1)
    if len(source) > MAX_LENGTH:
        raise _error(
            f"the expression is {len(source)} characters long; the limit is {MAX_LENGTH}",
            location,
            MAX_LENGTH + 1,
        )
    try:
        tree = parse(source)
    except Problem as problem:
        raise _error(problem.message, location, problem.column) from None
    return _from_tree(source, tree, names, constants, expect, location, refused=refused)


def _from_tree(
    source: str,
    tree: Any,
    names: Mapping[str, ExprType],
    constants: Mapping[str, tuple[ExprType, Value]],
    expect: ExprType | None,
    location: Location | None,
    flat: tuple[Any, ...] | None = None,
    *,
    refused: Mapping[str, str] | None = None,
) -> Expression:
    """The expression of a parse tree (Lark's, or :func:`plain_tree`'s of ``flat``)."""
    try:
        node = Compiler(source, names, constants, refused, expect).compile(tree)
        if expect is not None and node.type is not expect:
            raise Problem(
                f"this is {node.type.words}, but {expect.words} is needed here",
                _first_column(source),
            )
    except Problem as problem:
        raise _error(problem.message, location, problem.column) from None
    # the recipe keeps only the names the expression reads (memory stays linear in the
    # file) and the tree, flat, to compile it again without parsing
    kept = {n: names[n] for n in node.names if n in names}
    recipe = (source, kept, constants, expect, location, flat if flat is not None else flat_tree(tree))
    return Expression(source, node.type, node.names, node.fn, node.value, location, node.name_columns, recipe)


def parse_amount_or_expression(
    value: object,
    names: Mapping[str, ExprType] | None = None,
    constants: Mapping[str, tuple[ExprType, Value]] | None = None,
    expect: ExprType | None = None,
    location: Location | None = None,
    *,
    refused: Mapping[str, str] | None = None,
) -> Expression:
    """An :class:`Expression` from a YAML field holding a number, true/false or a string
    (``refused``: as :func:`compile_expression` takes it).

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
        return compile_expression(value, names, constants, expect, location, refused=refused)
    names = dict(names or {})
    constants = dict(constants or {})
    _check_declarations(names, constants, expect)
    if isinstance(value, bool):
        kind: ExprType = BOOL
    elif isinstance(value, int):
        kind = NUMBER
        if abs(value) >= MAX_NUMBER:
            raise _error(f"the number {value} is too large: {LIMIT_WORDS}", location, 1)
    else:
        shown = repr(value) if isinstance(value, float) else f"{type(value).__name__}"
        raise _error(f"expected a whole number of chips or an expression, found {shown}", location, 1)
    if expect is not None and kind is not expect:
        raise _error(f"this is {kind.words}, but {expect.words} is needed here", location, 1)
    source = "true" if value is True else "false" if value is False else str(value)
    recipe: _Recipe = (source, {}, constants, expect, location)
    return Expression(source, kind, frozenset(), None, value, location, {}, recipe)


def canonical(expr: Expression | str) -> Meaning:
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
        recipe = expr._recipe
        if len(recipe) > 5 and isinstance(recipe[0], str):  # its parse tree, kept: no parsing
            return meaning(expr.source, plain_tree(recipe[5]))
        source = expr.source
    else:
        source = expr
    return meaning(source)


# --- helpers ---------------------------------------------------------------

# What an expression is made from again after pickling: its text, names,
# constants, expected type and location (the arguments of compile_expression).
_Recipe = tuple[Any, ...]  # (text, names, constants, expected type, location[, flat parse tree])


def _error(message: str, location: Location | None, column: int) -> ExpressionError:
    if location is None:
        where = Location(None, 1, column)
    else:
        where = location.shifted(column - 1)
    return ExpressionError(message, where)


def _rebuild(
    source: object,
    names: Mapping[str, ExprType],
    constants: Mapping[str, tuple[ExprType, Value]],
    expect: ExprType | None,
    location: Location | None,
    flat: tuple[Any, ...] | None = None,
) -> Expression:
    if isinstance(source, str) and flat is not None:
        return _from_tree(source, plain_tree(flat), names, constants, expect, location, flat)
    if isinstance(source, str):
        return compile_expression(source, names, constants, expect, location)
    return parse_amount_or_expression(source, names, constants, expect, location)


def _restored(
    recipe: _Recipe,
    source: str,
    is_constant: bool,
    type: ExprType,
    names: frozenset[str],
    value: Value | None,
    location: Location | None,
    name_columns: Mapping[str, int],
) -> Expression:
    """An unpickled expression: compiled from its recipe at its first evaluation."""
    if is_constant:
        return Expression(source, type, names, None, value, location, name_columns, recipe)

    def first_call(env: Env) -> Value:
        compiled = _rebuild(*recipe)._fn
        object.__setattr__(expr, "_fn", compiled)
        return compiled(env)

    expr = Expression(source, type, names, first_call, value, location, name_columns, recipe)
    return expr


def _check_declarations(names: Mapping[str, object], constants: Mapping[str, object], expect: object) -> None:
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
