"""Reading an expression's text: the Lark LALR parser of ``expressions.lark``,
and the plain words for a text that does not parse.

Lark is imported, and the parser built, only when the first expression is
read. Parse trees are kept (``parse`` is cached): variants repeat their
expressions, and the rule book and diff read them again.
"""

from __future__ import annotations

import functools
from importlib import resources
from typing import TYPE_CHECKING, Any, NamedTuple

from .expression_language import MAX_DEPTH, Problem

if TYPE_CHECKING:  # pragma: no cover
    from lark import Lark, Token, Tree
    from lark.exceptions import UnexpectedToken
    from lark.tree import Branch

__all__ = ["parse", "parser", "leaf", "subtree", "offset_of", "flat_tree", "plain_tree"]


@functools.cache
def parser() -> Lark:
    """The LALR parser of ``expressions.lark``, built once (and kept between
    runs in Lark's cache file, which Lark checks against the grammar)."""
    from lark import Lark

    from .cache import parser_cache_file

    grammar = resources.files(__package__).joinpath("expressions.lark").read_text("utf-8")
    cache = parser_cache_file("expressions")
    if cache is not None:
        try:
            return Lark(grammar, parser="lalr", lexer="basic", propagate_positions=True, cache=cache)
        except OSError:  # pragma: no cover - a cache file that cannot be read or written
            pass
    return Lark(grammar, parser="lalr", lexer="basic", propagate_positions=True)


@functools.lru_cache(maxsize=2048)
def parse(source: str) -> Tree[Token]:
    """The parse tree of ``source``; a :class:`Problem` in plain words if it has none."""
    _check_depth(source)
    if not source.strip():
        raise Problem("the expression is empty", 1)
    from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

    try:
        return parser().parse(source)
    except UnexpectedCharacters as e:
        offset: int = e.pos_in_stream  # type: ignore[assignment]  # lark types it None; the lexer sets the offset
        raise Problem(_bad_character(source, offset), offset + 1) from None
    except UnexpectedToken as e:
        raise _unexpected_token(source, e) from None
    except UnexpectedInput as e:  # pragma: no cover - LALR raises the two above
        raise Problem("this expression cannot be read", (getattr(e, "pos_in_stream", 0) or 0) + 1) from None


def leaf(branch: Branch[Token]) -> Token:
    """A token of a parse tree, where the grammar puts one (a token is a ``str``, a tree is not)."""
    if isinstance(branch, str):
        return branch
    raise TypeError(f"expected a token in the expression's parse tree, found {branch!r}")


def subtree(branch: Branch[Token]) -> Tree[Token]:
    """A tree inside a parse tree, where the grammar puts one."""
    if isinstance(branch, str):
        raise TypeError(f"expected a tree in the expression's parse tree, found the token {branch!r}")
    return branch


def offset_of(token: Token) -> int:
    """Where ``token`` starts in the text, 0-based (the lexer sets it on every token it reads)."""
    if token.start_pos is None:  # pragma: no cover - only a token made by hand has none
        raise TypeError(f"the token {token!r} has no position")
    return token.start_pos


# --- helpers ---------------------------------------------------------------


def _check_depth(source: str) -> None:
    depth = 0
    for offset, char in enumerate(source):
        if char == "(":
            depth += 1
            if depth > MAX_DEPTH:
                raise Problem(f"parentheses are nested more than {MAX_DEPTH} deep", offset + 1)
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


def _tokens_before(source: str, offset: int) -> list[Token]:
    try:
        return list(parser().lex(source[:offset]))
    except Exception:  # the prefix always lexes; be safe anyway
        return []


def _unexpected_token(source: str, e: UnexpectedToken) -> Problem:
    token: Token = e.token
    at_end = token.type == "$END"
    offset = len(source.rstrip()) if at_end else offset_of(token)
    before = _tokens_before(source, offset)
    previous = before[-1] if before else None
    expected = set(e.expected)

    wanted: list[str] = []
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
            call = any(t.type == "NAME" and n.type == "LPAR" for t, n in zip(before, before[1:]))
            if call and "," not in source:  # (a call cut at its first comma: YAML ends a value in { } there)
                hint += "; inside { } or [ ], a comma ends the value: put the expression in quotes"
    return Problem(f"{message}: {hint}" if hint else message, offset + 1)


def _unclosed_parenthesis(tokens: list[Token]) -> int | None:
    stack: list[int] = []
    for t in tokens:
        if t.type == "LPAR":
            stack.append(offset_of(t) + 1)
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


# --- a parse tree without Lark ------------------------------------------------------------
# A pickled expression (a variant read back from the load cache, or sent to a worker) is
# compiled again from its parse tree kept as plain tuples, so a process that only plays
# never imports Lark (7 MB of a session's memory, OpenSSL's among them).


class _Meta(NamedTuple):
    start_pos: int | None
    end_pos: int | None


class _PlainTree:
    """A tree as the compiler reads it: ``data``, ``children``, ``meta`` (start and end)."""

    __slots__ = ("data", "children", "meta")

    def __init__(self, data: str, children: list[Any], meta: _Meta) -> None:
        self.data, self.children, self.meta = data, children, meta


class _PlainToken(str):
    """A token as the compiler reads it: the text, its ``type`` and ``start_pos``."""

    type: str
    start_pos: int | None

    @property
    def value(self) -> str:
        return str(self)


def flat_tree(tree: Any) -> tuple[Any, ...]:
    """A parse tree (Lark's) as nested tuples, which pickle small and read back without Lark.

    >>> flat_tree(parse("2 * ante"))[:2]
    ('T', 'arithmetic')
    """
    if isinstance(tree, str):  # a token
        token: Any = tree
        return ("t", str(token.type), str(token), token.start_pos)
    meta = tree.meta
    start, end = getattr(meta, "start_pos", None), getattr(meta, "end_pos", None)
    return ("T", str(tree.data), start, end, tuple(flat_tree(c) for c in tree.children))


def plain_tree(flat: tuple[Any, ...]) -> Any:
    """The tree :func:`flat_tree` gave, for the compiler (Lark's trees' fields, without Lark).

    >>> tree = plain_tree(flat_tree(parse("2 * ante")))
    >>> tree.data, [str(c) for c in tree.children[1:2]], tree.meta.end_pos
    ('arithmetic', ['*'], 8)
    """
    if flat[0] == "t":
        token: _PlainToken = _PlainToken(flat[2])
        token.type = flat[1]
        token.start_pos = flat[3]
        return token
    return _PlainTree(flat[1], [plain_tree(c) for c in flat[4]], _Meta(flat[2], flat[3]))
