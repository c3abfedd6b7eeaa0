"""Where a field or an action of a PHH record stands in its text: tomllib gives no
positions, so a message about a field or an action finds its line and column here
(used by :mod:`studrules.records.phh_replay`).

>>> text = "variant = 'F7S'\\nactions = ['d dh p1 AcKd7h', 'p1 f']\\n"
>>> str(_where(PHHFields({}, text, "h.phh"), "actions", 1, "p1 f"))  # the p of the second action
'h.phh:2:31'

"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ..errors import Location
from ..spec.source import MAX_DEPTH

__all__ = ["PHHFields"]


class PHHFields(dict[str, Any]):
    """The fields of a PHH hand (or of a file of several, each a section),
    with the text they were read from: a message names the line and column
    of the field or action it is about."""

    def __init__(
        self,
        data: Mapping[str, Any],
        text: str = "",
        file: str | None = None,
        section: str | None = None,
        first_line: int = 1,
    ):
        super().__init__(data)
        self.text = text
        self.file = file
        self.section = section
        self.first_line = first_line  # the line of the file ``text`` starts on (a section read alone)


def _toml_error(message: str, text: str, file: str | None, first_line: int = 1) -> tuple[str, Location]:
    """tomllib's message without its position, and the position as a location
    (``text`` starting on the file's line ``first_line``)."""
    found = re.search(r" \(at line (\d+), column (\d+)\)$", message)
    if found:
        return message[: found.start()], Location(file, int(found.group(1)) + first_line - 1, int(found.group(2)))
    return message.replace(" (at end of document)", ""), _offset_location(text, len(text), file, first_line)


def _offset_location(text: str, offset: int, file: str | None, first_line: int = 1) -> Location:
    line_start = text.rfind("\n", 0, offset) + 1
    return Location(file, text.count("\n", 0, offset) + first_line, offset - line_start + 1)


_TOKEN = re.compile(r"[\"'#\[\]{}]")


def _string_end(text: str, i: int) -> int:
    """The offset just after the TOML string that opens at ``i`` (a quote)."""
    quote = text[i]
    close = quote * 3 if text.startswith(quote * 3, i) else quote
    j = i + len(close)
    while j < len(text):
        if quote == '"' and text[j] == "\\":
            j += 2
        elif text.startswith(close, j):
            return j + len(close)
        elif len(close) == 1 and text[j] == "\n":
            return j
        else:
            j += 1
    return len(text)


def _deep(text: str, file: str | None, first_line: int = 1) -> Location:
    """Where the first list or table nested deeper than :data:`MAX_DEPTH` opens."""
    depth = 0
    found = _TOKEN.search(text)
    while found:
        i, c = found.start(), found.group()
        if c in "\"'":
            found = _TOKEN.search(text, _string_end(text, i))
            continue
        if c == "#":
            end = text.find("\n", i)
            found = _TOKEN.search(text, end) if end >= 0 else None
            continue
        depth = depth + 1 if c in "[{" else max(0, depth - 1)
        if depth > MAX_DEPTH:
            return _offset_location(text, i, file, first_line)
        found = _TOKEN.search(text, i + 1)
    return Location(file)


def _key_offset(text: str, section: str | None, key: str) -> int | None:
    """The offset of the value of ``key`` in the table ``section`` (None: the top)."""
    assign = re.compile(r"[ \t]*([\"']?)" + re.escape(key) + r"\1[ \t]*=[ \t]*")
    header = re.compile(r"[ \t]*\[\[?[ \t]*([^\]\n]*?)[ \t]*\]\]?[ \t]*(#.*)?\r?$")
    current = None
    offset = 0
    for line in text.split("\n"):
        heading = header.match(line)
        if heading:
            current = heading.group(1).strip("\"'")
        elif current == section:
            found = assign.match(line)
            if found:
                return offset + found.end()
        offset += len(line) + 1
    return None


def _item_offsets(text: str, start: int) -> list[int]:
    """Where each item of the array that opens at ``start`` begins."""
    items: list[int] = []
    i = start + 1
    while i < len(text):
        c = text[i]
        if c in " \t\r\n,":
            i += 1
        elif c == "#":
            end = text.find("\n", i)
            i = len(text) if end < 0 else end
        elif c == "]":
            break
        else:
            items.append(i)
            i = _value_end(text, i)
    return items


def _value_end(text: str, i: int) -> int:
    if text[i] in "\"'":
        return _string_end(text, i)
    depth = 0
    while i < len(text):
        c = text[i]
        if c in "\"'":
            i = _string_end(text, i)
            continue
        if c in "[{":
            depth += 1
        elif c in "]}":
            if depth == 0:
                return i
            depth -= 1
        elif c in ",\n#" and depth == 0:
            return i
        i += 1
    return i


def _where(fields: Mapping[str, Any], key: str | None = None, index: int | None = None, raw: Any = None):
    """Where ``key`` (its item ``index``, when it is the text ``raw`` or a number) stands
    in the text ``fields`` were read from; None for fields not read from a text."""
    if not isinstance(fields, PHHFields):
        return None
    text, file = fields.text, fields.file
    if not text:  # (an empty record: the file, without a line)
        return Location(file) if file else None
    at = _key_offset(text, fields.section, key) if key is not None else None
    if at is None:
        return Location(file)
    if index is not None and at < len(text) and text[at] == "[":
        items = _item_offsets(text, at)
        if index < len(items):
            item = items[index]
            shown = str(raw)
            if not isinstance(raw, str) or text[item + 1 : item + 1 + len(shown) + 1] in (shown + '"', shown + "'"):
                at = item + (1 if isinstance(raw, str) else 0)
    return _offset_location(text, at, file, fields.first_line)
