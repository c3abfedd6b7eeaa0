"""Reading a hand history file: its records one at a time, each with where it stands (a
file's line, or its place in a ``hands`` list), a line that is no hand record said where
it is; and what makes a file a history. The replaying is :mod:`studrules.records.history`'s.
"""

from __future__ import annotations

import itertools
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TextIO

from ..errors import Location, ScriptError

__all__ = [
    "HISTORY_FORMAT",
    "HISTORY_SUFFIXES",
    "MAX_LINE",
    "MAX_PROBLEMS",
    "Problems",
    "ends_with_newline",
    "last_record",
    "holds_hand_records",
    "is_history_file",
    "iter_history_located",
    "read_history",
    "read_history_located",
]

#: The value of every line's ``format`` key.
HISTORY_FORMAT = "studrules-history"


#: The largest history of one JSON object over many lines (read whole, as it must be: a
#: history of JSON lines, read a line at a time, has no bound).
MAX_WHOLE = 50_000_000

#: The longest line of a history read (a hand is a few kilobytes).
MAX_LINE = 1_000_000

#: The most problems of one file kept to be said; the rest are counted.
MAX_PROBLEMS = 200


class Problems(list):
    """The problems of a long file as they are found: the first :data:`MAX_PROBLEMS`
    kept, the others counted in ``more`` (a file of a million bad lines holds no million
    messages in memory); two lists of one file's problems made partners share the bound, so
    what they keep is the first found in the order of the file's lines.

    >>> found = Problems()
    >>> for n in range(MAX_PROBLEMS + 5):
    ...     found.append(ScriptError(f"line {n}"))
    >>> len(found), found.more
    (200, 5)
    """

    def __init__(self, partner: Problems | None = None) -> None:
        super().__init__()
        self.more = 0
        self.partner = partner  # (another list of the same file's problems: the two share the bound)
        if partner is not None:
            partner.partner = self

    def append(self, problem: Any) -> None:
        if len(self) + (len(self.partner) if self.partner is not None else 0) < MAX_PROBLEMS:
            super().append(problem)
        else:
            self.more += 1


#: The names a hand history (JSON lines) ends in: replay and export-phh know one by it.
HISTORY_SUFFIXES = (".jsonl", ".ndjson")


def _open_regular(path: Path) -> TextIO:
    """``path`` opened for reading if it is a regular file (a pipe or a device is never read)."""
    import stat

    if not stat.S_ISREG(os.stat(path).st_mode):  # (before opening: opening a pipe waits for a writer)
        raise ScriptError(f"'{path}' is not a regular file (a pipe or a device?): a history is read from a file")
    f = open(path, encoding="utf-8")  # noqa: SIM115 -- the caller closes it
    if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
        f.close()
        raise ScriptError(f"'{path}' is not a regular file (a pipe or a device?): a history is read from a file")
    return f


def is_history_file(path: str | Path) -> bool:
    """Whether ``path`` is a JSON-lines hand history: its suffix is ``.jsonl``/``.ndjson``,
    or its first line is a whole JSON object of this format (or with a ``hands`` list).

    Only a regular file's first line (up to :data:`MAX_LINE` characters) is looked at.

    >>> is_history_file("/dev/zero")
    False
    """
    p = Path(path)
    return p.suffix.lower() in HISTORY_SUFFIXES or holds_hand_records(p)


def holds_hand_records(path: str | Path) -> bool:
    """Whether the first line of the regular file ``path`` is a hand record of
    this format (or an object with a ``hands`` list), whatever its suffix: a
    file hands may be added to (``--append``).

    >>> holds_hand_records("/dev/zero")
    False
    """
    p = Path(path)
    try:
        with _open_regular(p) as f:
            first = ""
            while True:
                line = f.readline(MAX_LINE)
                if not line:
                    break
                if line.strip():
                    first = line.strip()
                    break
    except (OSError, UnicodeDecodeError, ScriptError):
        return False
    if not first.startswith("{"):
        return False
    try:
        data = json.loads(first)
    except (ValueError, RecursionError):
        return False
    return isinstance(data, dict) and (data.get("format") == HISTORY_FORMAT or isinstance(data.get("hands"), list))


def _json(text: str, where: Location) -> Any:
    """One JSON value; a line that is not JSON, or nests too deeply, is a located error."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise ScriptError(
            f"line {where.line or 1} is not JSON: {err.msg}", Location(where.file, where.line, err.colno)
        ) from None
    except RecursionError:
        raise ScriptError(f"line {where.line or 1} nests too deeply to be a hand record", where) from None
    except ValueError:  # (a number of thousands of digits: Python's limit on reading one)
        raise ScriptError(f"line {where.line or 1} holds a number too long to be a hand record", where) from None


def read_history(path: str | Path) -> list[dict]:
    """The records of a history file, in order. A line that is not a hand
    record is a :class:`~studrules.errors.ScriptError` naming its line.

    A file holding one JSON object with a ``hands`` list is read too. Only a
    regular file is read, and no line longer than :data:`MAX_LINE` characters."""
    return [record for _, record in read_history_located(path)]


def read_history_located(path: str | Path) -> list[tuple[Location, dict]]:
    """The records of a history file with where each stands (its line)."""
    return list(iter_history_located(path))


def iter_history_located(
    path: str | Path, problems: list[ScriptError] | None = None
) -> Iterator[tuple[Location, dict]]:
    """:func:`read_history_located` one record at a time: each line is read, checked
    and given before the next is read, so a long history is never held whole (but for
    a file that is one JSON object with a ``hands`` list, read whole as it must be).
    A line that is not a hand record is raised when it is reached; or, given
    ``problems``, added to them, and the lines after it are read (a file that cannot be
    read, or a line too long to be one, is raised all the same)."""
    p = Path(path)
    try:
        with _open_regular(p) as f:
            lines = ((number, line) for number, line in _lines(f, p) if line.strip())
            first = next(lines, None)
            if first is None:
                return
            if first[1].lstrip().startswith("{") and _json_or_none(first[1]) is None:
                # a first line that is no whole JSON value: one object over many lines?
                size = os.fstat(f.fileno()).st_size
                if size > MAX_WHOLE:
                    raise ScriptError(
                        f"line 1 is no whole record, and a history of one object over many lines is read "
                        f"whole: at most {MAX_WHOLE:,} bytes, not {size:,} (write one record a line)",
                        Location(str(p), 1, 1),
                    )
                whole = _json_or_none("\n".join([first[1], *(line for _, line in lines)]))
                if isinstance(whole, dict) and isinstance(whole.get("hands"), list):
                    for i, record in enumerate(whole["hands"]):
                        where = Location(str(p), None, None, ("hands", i))
                        _check_record(record, where)
                        yield where, record
                    return
            for number, line in itertools.chain([first], lines):
                if problems is None:
                    yield from _line_records(line, Location(str(p), number, 1))
                    continue
                try:
                    records = list(_line_records(line, Location(str(p), number, 1)))
                except ScriptError as err:
                    problems.append(err)
                    continue
                yield from records
    except UnicodeDecodeError as err:
        raise ScriptError(f"the history is not UTF-8 text ({err.reason})", Location(str(p))) from None
    except OSError as err:
        raise ScriptError(f"cannot read the history: {err.strerror}", Location(str(p))) from None


def _lines(f: TextIO, p: Path) -> Iterator[tuple[int, str]]:
    """The numbered lines of ``f``, none longer than :data:`MAX_LINE`."""
    number = 0
    while True:
        line = f.readline(MAX_LINE + 1)
        if not line:
            return
        number += 1
        if len(line.rstrip("\n")) > MAX_LINE:
            raise ScriptError(
                f"line {number} is longer than {MAX_LINE:,} characters: not a hand record",
                Location(str(p), number, 1),
            )
        yield number, line.rstrip("\n")


def _json_or_none(text: str) -> Any:
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return None


def _line_records(line: str, where: Location) -> Iterator[tuple[Location, dict]]:
    """The record of one line (or each of its ``hands``), checked."""
    record = _json(line, where)
    if isinstance(record, dict) and isinstance(record.get("hands"), list):
        for i, r in enumerate(record["hands"]):
            _check_record(r, where.at_path("hands", i))
            yield where.at_path("hands", i), r
        return
    _check_record(record, where)
    yield where, record


def _check_record(record: Any, where: Location) -> None:
    if not isinstance(record, dict):
        raise ScriptError("a hand history line is a JSON object (variant, players, cards, actions...)", where)
    for key in ("variant", "players"):
        if key not in record:
            raise ScriptError(f"a hand record needs '{key}'", where)


def ends_with_newline(path: Path) -> bool:
    """An empty file, or one whose last byte ends a line."""
    with path.open("rb") as f:
        f.seek(0, 2)
        if not f.tell():
            return True
        f.seek(-1, 2)
        return f.read(1) == b"\n"


def last_record(path: Path) -> Any:
    """The JSON value of the last line of ``path`` (the last :data:`MAX_LINE` characters
    read, not the file); None where it is no JSON, or the file is empty."""
    with path.open("rb") as f:
        size = f.seek(0, 2)
        f.seek(max(0, size - MAX_LINE - 2))
        last = f.read().rstrip(b"\n").rsplit(b"\n", 1)[-1]
    try:
        return json.loads(last) if last.strip() else None
    except (ValueError, RecursionError):
        return None
