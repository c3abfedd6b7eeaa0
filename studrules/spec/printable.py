"""Text in a file that a terminal would act on instead of showing.

A variant's title, description, quotes and names are printed as they are
written (``explain``, the table's header, the web page). An escape sequence
would recolour or move the terminal's cursor, and a direction override would
show the text in another order than it is read: both are refused where they
stand. A line break and a tab are text.

>>> list(unprintable({"title": "Stud \\x1b[31mred", "steps": [{"deal": {"quote": "ok\\n"}}]}))
[(('title',), '\\x1b', False)]
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from typing import Any

__all__ = ["unprintable", "character_name", "unprintable_words"]

#: the invisible marks that change the order text is shown in (Unicode's bidirectional controls)
_DIRECTION = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_TEXT = frozenset("\n\t\r")


def unprintable(data: Any, path: tuple[str | int, ...] = ()) -> Iterator[tuple[tuple[str | int, ...], str, bool]]:
    """Each string of ``data`` (keys too) holding a control character or a direction
    override: its path, the first such character, and whether it is a key."""
    if isinstance(data, str):
        bad = _first_bad(data)
        if bad is not None:
            yield path, bad, False
    elif isinstance(data, dict):
        for key, value in data.items():
            bad = _first_bad(key) if isinstance(key, str) else None
            if bad is not None:
                yield (*path, key), bad, True
            yield from unprintable(value, (*path, key))
    elif isinstance(data, list):
        for index, item in enumerate(data):
            yield from unprintable(item, (*path, index))


def character_name(char: str) -> str:
    """``U+001B (ESCAPE)``: a character as a message names it.

    >>> character_name("\\u202e")
    'U+202E (RIGHT-TO-LEFT OVERRIDE)'
    """
    name = unicodedata.name(char, "") or {"\x1b": "ESCAPE", "\x07": "BELL", "\x08": "BACKSPACE"}.get(char, "")
    return f"U+{ord(char):04X}" + (f" ({name})" if name else " (a control character)")


def _first_bad(text: str) -> str | None:
    if text.isprintable():  # (the common case, at C speed: no control character at all)
        return None
    for char in text:
        if char in _DIRECTION or (unicodedata.category(char) == "Cc" and char not in _TEXT):
            return char
    return None


def unprintable_words(char: str, key: bool) -> str:
    """What a message says of a text (or a key) holding ``char`` (:func:`unprintable`).

    >>> unprintable_words("\x1b", False)[:40]
    'the text holds U+001B (ESCAPE), which a '
    """
    return (
        f"{'a key' if key else 'the text'} holds {character_name(char)}, which a terminal would act on "
        "instead of showing: text is printable characters, line breaks and tabs"
    )
