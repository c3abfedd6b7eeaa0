"""A PHH file of many hands read a hand at a time.

``export-phh`` writes a file of several hands as TOML sections (``[1]``,
``[2]``, ...), as long as the history it reads. :func:`iter_phh_hands` reads
such a file a line at a time and parses each section alone, so a file of any
length replays in the memory of one hand (at most :data:`MAX_PHH_BYTES`
bytes a hand); a file of one hand is read whole, up to the same bound. A
message names the line and column in the whole file.

A line is a section's heading only outside a string that spans lines and
outside an open list or table, as TOML reads it; a section's tables
(``[1]``, and a ``[1.meta]`` another tool may add) stay together.

>>> import pathlib, tempfile
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "two.phh").write_text("[1]\\nvariant = 'FR'\\n\\n[2]\\nvariant = 'F7S'\\n")
>>> [(label, fields["variant"]) for label, fields in iter_phh_hands(folder / "two.phh")]
[('1', 'FR'), ('2', 'F7S')]
>>> [label for label, _ in iter_phh_hands(folder / "two.phh", hand="2")]
['2']
"""

from __future__ import annotations

import bisect
import math
import re
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

from ..errors import Location, SpecError, StudrulesError, some_names
from ..spec.source import check_data_file, open_regular
from .phh_replay import MAX_PHH_BYTES, PHH_SUFFIXES, PHHFields, PHHReadError, read_phh, read_phh_file

__all__ = ["iter_phh_hands"]

#: A key of a heading: bare, or quoted (a quoted key may hold dots and brackets).
_KEY = r"(?:\"(?:[^\"\\\n]|\\.)*\"|'[^'\n]*'|[A-Za-z0-9_-]+)"
#: A table's heading: ``[1]``, ``["1"]``, ``[1.meta]``, ``[1."a]b"]`` or ``[[1]]``; the first key is the hand's.
_HEADING = re.compile(rf"[ \t]*\[\[?[ \t]*({_KEY})(?:[ \t]*\.[ \t]*{_KEY})*[ \t]*\]\]?[ \t]*(?:#.*)?$")
#: What changes how the rest of a line is read: strings, a comment, lists and inline tables.
_TOKENS = re.compile(r"\"\"\"|'''|[\"'#\[\]{}]")
_BASIC_END = re.compile(r'(?:[^"\\\n]|\\.)*"?')
_LITERAL_END = re.compile(r"[^'\n]*'?")


def iter_phh_hands(path: str | Path, hand: str | None = None) -> Iterator[tuple[str | None, PHHFields]]:
    """The hands of the PHH file at ``path``, each with its section's name (None for a
    file of one hand), read a section at a time; with ``hand``, that section only.

    The file is checked as :func:`~studrules.records.phh_replay.read_phh_file` checks
    it (a regular file named ``.phh``, UTF-8) before it is opened; a section (or a file
    of one hand) of more than :data:`MAX_PHH_BYTES` bytes is refused.
    """
    file = str(path)
    check_data_file(Path(path), what="PHH", suffixes=PHH_SUFFIXES)
    with open_regular(Path(path), Location(file)) as stream:
        yield from _hands(_Sections(stream, file), Path(path), file, hand)


def _hands(reader: _Sections, path: Path, file: str, hand: str | None) -> Iterator[tuple[str | None, PHHFields]]:
    root = reader.next_chunk()
    assert root is not None  # (the lines before the first heading: perhaps none)
    fields = read_phh(root.text, file, root.first_line)
    first = reader.next_chunk()
    if "variant" in fields or first is None:  # a file of one hand: its tables are the hand's
        if hand is not None:
            raise StudrulesError(f"{file} holds one hand, not sections: leave out --hand")
        yield None, fields if first is None else read_phh_file(path)
        return
    names = _Names()  # (the hands read: a count and a few, not every name of a long file)
    chunk: _Chunk | None = first
    while chunk is not None:
        if hand is None or chunk.name == hand:
            parsed = read_phh(chunk.text, file, chunk.first_line)
            section = next(iter(parsed.values()), None)
            if not isinstance(section, PHHFields):  # ([[1]]: a list of tables)
                raise PHHReadError(
                    f"[[{chunk.name}]] is a list of tables, not a hand: a hand is a section [{chunk.name}]",
                    Location(file, chunk.first_line, 1),
                )
            names.add(chunk.name)
            yield next(iter(parsed)), section
            if hand is not None:
                return
        else:
            names.add(chunk.name)
        chunk = reader.next_chunk()
    if hand is not None:
        raise StudrulesError(f"{file} has no hand [{hand}]: its hands are {names.words()}")


class _Names:
    """The names of the hands met, in little memory however many: the runs of whole
    numbers (as export-phh numbers them, 1, 2, 3...) as ranges, other names as they are.

    >>> names = _Names()
    >>> for n in ("1", "2", "3", "x", "7"):
    ...     names.add(n)
    >>> ("2" in names, "4" in names, "x" in names, names.count), names.words()
    ((True, False, True, 5), '[1], [2], [3], [x], [7]')
    """

    __slots__ = ("runs", "others", "count", "first")

    def __init__(self) -> None:
        self.runs: list[list[int]] = []  # [first, last] of each run of numbers, in the order met
        self.others: set[str] = set()
        self.count = 0
        self.first: list[str] = []  # the first few, for a message

    def add(self, name: str) -> None:
        self.count += 1
        if len(self.first) < 12:
            self.first.append(name)
        number = _number(name)
        if number is not None and (not self.runs or number > self.runs[-1][1]):  # (ascending: kept as runs)
            if self.runs and self.runs[-1][1] == number - 1:
                self.runs[-1][1] = number
            else:
                self.runs.append([number, number])
        else:
            self.others.add(name)

    def __contains__(self, name: str) -> bool:
        number = _number(name)
        if number is not None:
            at = bisect.bisect_right(self.runs, [number, math.inf]) - 1
            if at >= 0 and self.runs[at][0] <= number <= self.runs[at][1]:
                return True
        return name in self.others

    def words(self) -> str:
        """A few of the names, and how many more (for a message)."""
        shown = some_names([f"[{n}]" for n in self.first])
        more = self.count - len(self.first)
        return shown + (f" and {more:,} more" if more > 0 else "")


def _number(name: str) -> int | None:
    """The whole number a hand's name is, written plainly (``7``, not ``07``), else None."""
    return int(name) if name.isdigit() and name.isascii() and name == str(int(name)) else None


class _Chunk:
    """The lines of one section (or of the top of the file), from the file's line ``first_line``."""

    __slots__ = ("name", "text", "first_line")

    def __init__(self, name: str, text: str, first_line: int):
        self.name, self.text, self.first_line = name, text, first_line


class _Sections:
    """Cuts a file into sections a line at a time: a heading starts a section where no
    string spanning lines and no list or inline table is open."""

    def __init__(self, stream: BinaryIO, file: str):
        self.stream, self.file = stream, file
        self.line = 0  # lines read
        self.offset = 0  # bytes read
        self.depth = 0  # lists and inline tables open
        self.closing: str | None = None  # the quotes that end the string spanning lines, if one is open
        self.pending: tuple[str, str, int] | None = ("", "", 1)  # the next chunk's name, first line, line number
        self.seen = _Names()  # the hands' headings met

    def next_chunk(self) -> _Chunk | None:
        """The next section (the first call: the lines before the first heading), or None."""
        if self.pending is None:
            return None
        name, first, first_line = self.pending
        self.pending = None
        lines = [first]
        start = self.offset - len(first.encode("utf-8"))
        while True:
            text = self._read_line(name, first_line)
            if text is None:
                break
            heading = self._heading(text)
            if heading is not None and heading != name:
                if heading in self.seen:
                    raise PHHReadError(
                        f"a second heading of hand [{heading}]: a file of several hands keeps each hand's "
                        "tables together, as export-phh writes them",
                        Location(self.file, self.line, 1),
                    )
                self.seen.add(heading)
                self.pending = (heading, text, self.line)
                break
            if heading is None:
                self._scan(text)
            lines.append(text)
            if self.offset - start > MAX_PHH_BYTES:
                self._too_long(name, first_line)
        return _Chunk(name, "".join(lines), first_line)

    def _too_long(self, name: str, first_line: int) -> None:
        limit = f"{MAX_PHH_BYTES:,}"
        if not name:  # (a file of one hand, or what stands before the first hand)
            raise SpecError(f"the file is larger than {limit} bytes: at most {limit} are read", Location(self.file))
        raise PHHReadError(
            f"hand [{name}] is larger than {limit} bytes: at most {limit} are read a hand",
            Location(self.file, first_line),
        )

    def _read_line(self, name: str, first_line: int) -> str | None:
        try:
            raw = self.stream.readline(MAX_PHH_BYTES + 1)
        except OSError as err:  # (a disk that fails, a file taken away under it)
            raise SpecError(f"cannot read the file: {err.strerror}", Location(self.file, self.line + 1)) from None
        if not raw:
            return None
        self.line += 1
        self.offset += len(raw)
        if len(raw) > MAX_PHH_BYTES:  # (a line cut short: perhaps within a character)
            self._too_long(name, first_line)
        try:
            text = raw.decode("utf-8")
            return text.removeprefix("\ufeff") if self.line == 1 else text  # (a byte order mark, as YAML reads it)
        except UnicodeDecodeError as err:
            raise SpecError(
                f"the file is not UTF-8 text ({err.reason} at byte {self.offset - len(raw) + err.start})",
                Location(self.file, self.line),
            ) from None

    def _heading(self, text: str) -> str | None:
        """The hand a heading on this line names, if the line is one."""
        if self.closing is not None or self.depth or not text.lstrip(" \t").startswith("["):
            return None
        found = _HEADING.match(text.rstrip("\r\n"))
        return found.group(1).strip("\"'") if found else None

    def _scan(self, text: str) -> None:
        """Follow the strings spanning lines and the open lists and tables through ``text``."""
        i = 0
        if self.closing is not None:
            i = _closing_end(text, 0, self.closing)
            if i < 0:
                return
            self.closing = None
        elif not self.depth and text.lstrip(" \t").startswith("["):
            return  # (not a heading TOML reads: the section's parse says where)
        while True:
            found = _TOKENS.search(text, i)
            if found is None:
                return
            token, i = found.group(), found.end()
            if token == "#":
                return
            if len(token) == 3:
                i = _closing_end(text, i, token)
                if i < 0:
                    self.closing = token
                    return
            elif token == '"':
                i = _BASIC_END.match(text, i).end()  # type: ignore[union-attr]
            elif token == "'":
                i = _LITERAL_END.match(text, i).end()  # type: ignore[union-attr]
            elif token in "[{":
                self.depth += 1
            else:
                self.depth = max(0, self.depth - 1)


def _closing_end(text: str, i: int, quotes: str) -> int:
    """Just after the ``quotes`` that close a string spanning lines, in ``text`` from
    ``i``; -1 when the line does not close it. Up to two more quotes next to them are
    the string's own (three quotes, then one more: the text ends in a quote), so a
    run of quotes closes at its end."""
    if quotes == "'''":
        end = text.find(quotes, i)
    else:
        end = -1
        while i < len(text):
            if text[i] == "\\":
                i += 2
            elif text.startswith(quotes, i):
                end = i
                break
            else:
                i += 1
    if end < 0:
        return -1
    run = end + 3
    while run < len(text) and run - end < 5 and text[run] == quotes[0]:
        run += 1
    return run
