"""The words of the expression language that its parser, its compiler and its
callers share: the three types, the keywords, the limits, and the problem a
text can have.

    >>> NUMBER.words
    'an amount'
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable, Mapping

__all__ = [
    "ExprType",
    "NUMBER",
    "BOOL",
    "HAND",
    "Value",
    "Env",
    "Compiled",
    "MAX_LENGTH",
    "MAX_DEPTH",
    "MAX_NUMBER",
    "whole_text",
    "digits_grouped",
    "KEYWORDS",
    "LIMIT_WORDS",
    "Problem",
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

_TYPE_WORDS: dict[ExprType, str] = {
    NUMBER: "an amount",
    BOOL: "a condition (true/false)",
    HAND: "a hand rank",
}

#: What an expression works out to: an amount or a hand rank (int), or a condition (bool).
Value = int | bool
#: The values of the names an expression reads, by name.
Env = Mapping[str, Value]
#: A compiled expression or part of one: the names' values in, its value out.
Compiled = Callable[[Env], Value]


#: How a message states the limit on numbers.
LIMIT_WORDS = f"numbers must be smaller than {MAX_NUMBER:,}"


class Problem(Exception):
    """A compile-time problem at a 1-based column of the expression text."""

    def __init__(self, message: str, column: int):
        super().__init__(message)
        self.message = message
        self.column = column


def digits_grouped(text: str) -> bool:
    """Whether the commas of a typed number, if any, part its thousands (``1,000``, ``12,345,678``):
    ``1,0`` is no way to write ten, and reads as nothing rather than as 10.

    >>> digits_grouped("1,000"), digits_grouped("1000"), digits_grouped("1,0"), digits_grouped("10,00")
    (True, True, False, False)
    """
    return "," not in text or re.fullmatch(r"\s*[+-]?\d{1,3}(?:,\d{3})+\s*", text) is not None


def whole_text(text: str) -> int | None:
    """The whole number ``text`` writes in ASCII digits (a sign first, at most 30 digits),
    else None: ``int`` reads other digits too (``١٠`` is 10), which nobody means to type.

    >>> whole_text("10"), whole_text("-3"), whole_text(" 1_000"), whole_text("١٠"), whole_text("2.5"), whole_text("1" * 31)
    (10, -3, 1000, None, None, None)
    """
    text = text.strip()
    digits = (text[1:] if text[:1] in ("-", "+") else text).replace("_", "")  # (1_000 as int reads it)
    if not digits.isascii() or not digits.isdigit() or len(digits) > 30:
        return None
    try:
        return int(text)
    except ValueError:  # (an underscore int refuses: 1__000, 1000_)
        return None
