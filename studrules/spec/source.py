"""Reading YAML safely, remembering where every value stands.

:func:`read_document` turns a file (or text) into plain Python data (dicts,
lists, strings, ints, floats, bools, None) and a table of marks, so every later
error can name the line and column of the value it is about::

    >>> doc = read_document("a: 1\\nb:\\n  - x\\n", file="t.yaml")
    >>> doc.data
    {'a': 1, 'b': ['x']}
    >>> str(doc.location(("b", 0)))
    't.yaml:3:5'

Only plain YAML data is accepted (the safe loader, no tags that build objects); size, nesting
depth and alias expansion are limited: a hostile file is refused with a message, not read whole.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

import yaml

from ..errors import Location, SpecError, _made_location
from .cache import note_read

__all__ = [
    "OUTSIDE_WORDS",
    "FieldPath",
    "Document",
    "LDict",
    "LList",
    "read_document",
    "locate",
    "plain",
    "is_file",
    "check_data_file",
    "open_regular",
    "slash_hint",
    "read_bounded",
    "read_strategy_document",
    "file_version",
    "VARIANT_SUFFIXES",
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_NODES",
    "MAX_STRATEGY_BYTES",
    "MAX_STRATEGY_NODES",
]

#: Limits on one file: bytes read, nesting depth, values (after aliases).
#: The largest shipped variant is about 11 KB and 450 values.
MAX_BYTES = 250_000
MAX_DEPTH = 40
MAX_NODES = 50_000
#: A bound on the values a YAML text holds per character: each value takes at least one
#: character of its own (an indicator such as ``?`` or ``-``, its text, or a separator), so
#: the densest texts hold one a character (``{?,?,?}``, lines of ``?``); four leaves room.
#: A text shorter than the value limit over this cannot reach the limit, and is composed
#: without the pass that counts first (_Builder counts what it builds in any case).
VALUES_A_CHARACTER = 4
MAX_INT = 10**12

#: The limits on a strategy file, larger: a table of hands written by
#: ``analyze --optimal --write`` (the largest, some 80,000 hands, about 2.2 MB
#: and 160,000 values) is read back whole.
MAX_STRATEGY_BYTES = 4_000_000
MAX_STRATEGY_NODES = 400_000

#: The suffixes of a variant file: nothing else is read as one.
VARIANT_SUFFIXES = (".yaml", ".yml")

#: Where a value stands inside a document: keys and list indexes from the top.
FieldPath = tuple[str | int, ...]

_Loader: type[yaml.CSafeLoader | yaml.SafeLoader]
try:  # the C loader is faster; the pure-Python one behaves the same
    _Loader = yaml.CSafeLoader
except AttributeError:  # pragma: no cover
    _Loader = yaml.SafeLoader


class LDict(dict[str, Any]):
    """A mapping read from YAML that remembers where it, its keys and values stand.

    Merging (``extends``, options) copies these containers, so a value keeps
    the position of the file it came from. ``problems``: on a document merged
    from a file and the one it extends, what could not be merged (a step laid
    over one that is not there), reported with the rest of the file's errors;
    ``ancestors``: on such a document, the names of the variants it extends,
    nearest first (:func:`~studrules.spec.lineage.ancestors`)."""

    __slots__ = ("loc", "key_locs", "value_locs", "problems", "ancestors")

    def __init__(self, *args: Any, loc: Location | None = None, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.loc = loc
        self.key_locs: dict[str, Location] = {}
        self.value_locs: dict[str, Location] = {}
        self.problems: tuple[SpecError, ...] = ()
        self.ancestors: tuple[str, ...] = ()


class LList(list[Any]):
    """A sequence read from YAML that remembers where it and its items stand."""

    __slots__ = ("loc", "item_locs")

    def __init__(self, *args: Any, loc: Location | None = None):
        super().__init__(*args)
        self.loc = loc
        self.item_locs: list[Location | None] = []


def locate(data: Any, path: FieldPath, *, key: bool = False, default: Location | None = None) -> Location:
    """The position of the value at ``path`` inside located data.

    Walks as deep as the path exists; a missing field reports the nearest
    enclosing value. ``key=True`` prefers the position of the last key.

    >>> doc = read_document("a:\\n  b: 2\\n", file="f.yaml")
    >>> str(locate(doc.data, ("a", "b")))
    'f.yaml:2:6'
    >>> str(locate(doc.data, ("a", "b"), key=True))
    'f.yaml:2:3'
    """
    found = getattr(data, "loc", None) or default
    node = data
    for i, part in enumerate(path):
        last = i == len(path) - 1
        if isinstance(node, LDict) and isinstance(part, str) and part in node:
            here = (node.key_locs.get(part) if key and last else None) or node.value_locs.get(part)
            found = here or found
            node = node[part]
        elif isinstance(node, LList) and isinstance(part, int) and 0 <= part < len(node):
            here = node.item_locs[part] if part < len(node.item_locs) else None
            found = here or found
            node = node[part]
        else:
            break
    found = found or Location()
    return Location(found.file, found.line, found.column, tuple(path))


def plain(data: Any) -> Any:
    """A copy with ordinary dicts and lists (for JSON output or comparison)."""
    if isinstance(data, dict):
        return {k: plain(v) for k, v in data.items()}
    if isinstance(data, list):
        return [plain(v) for v in data]
    return data


@dataclass
class Document:
    """Plain data read from one YAML file, with the position of every value."""

    data: Any
    file: str | None
    text: str = ""

    def location(self, path: FieldPath = (), *, key: bool = False) -> Location:
        """Where the value at ``path`` stands (or its key, with ``key=True``).

        A path that does not exist (a missing field) falls back to the nearest
        enclosing value that does."""
        return locate(self.data, tuple(path), key=key, default=Location(self.file, 1, 1))

    def line_text(self, line: int) -> str:  # (split once: a strategy of 50,000 rules asks for a line of each)
        lines = self.__dict__.get("_lines") or self.__dict__.setdefault("_lines", self.text.splitlines())
        return lines[line - 1] if 0 < line <= len(lines) else ""


def is_file(path: str | Path) -> bool:
    """Whether ``path`` names an existing file; a text that cannot be a file name
    (too long for the system, say) names none.

    >>> is_file("x" * 5000)
    False
    """
    try:
        return Path(path).is_file()
    except (OSError, ValueError):
        return False


def slash_hint(text: str, relative_to: Path | None = None) -> str:
    r"""For a path that names no file: where it is written with backslashes, as
    Windows writes paths, a hint that paths are written with ``/`` here, with
    the path so written (asked as "did you mean" where that file is there:
    from the folder ``relative_to`` where given, as ``extends`` reads a path
    from the extending file's folder, else from the current one).

    >>> print(slash_hint(r"games\mine.yaml"))
    ; a path is written with / here, not \: 'games/mine.yaml'
    >>> slash_hint("games/mine.yaml")
    ''
    """
    if "\\" not in text:
        return ""
    forward = text.replace("\\", "/")
    where = relative_to / forward if relative_to is not None and not Path(forward).is_absolute() else Path(forward)
    if is_file(where):
        return f"; did you mean '{forward}'? (a path is written with / here, not \\)"
    return f"; a path is written with / here, not \\: '{forward}'"


#: the words of a file refused for where it lies (a command may say how to allow its folder)
OUTSIDE_WORDS = "outside the folders"


def check_data_file(
    path: Path,
    *,
    what: str = "variant",
    suffixes: tuple[str, ...] = VARIANT_SUFFIXES,
    within: tuple[Path, ...] | None = None,
    shown: str | None = None,
    location: Location | None = None,
) -> Path:
    """``path`` if it is a regular file with one of ``suffixes`` (and, given
    ``within``, inside one of those folders once links are followed); else a
    :class:`~studrules.errors.SpecError` that says why without reading it, so a
    foreign file's content never reaches a message.

    >>> check_data_file(Path("/etc/passwd"))
    Traceback (most recent call last):
    ...
    studrules.errors.SpecError: '/etc/passwd' is not a variant file: its name must end in .yaml or .yml
    >>> check_data_file(Path("/"), shown="/")
    Traceback (most recent call last):
    ...
    studrules.errors.SpecError: '/' is a folder, not a variant file
    """
    import stat

    name = shown if shown is not None else str(path)
    try:
        mode = path.stat().st_mode
    except (OSError, ValueError):
        raise SpecError(f"no {what} file '{name}'{slash_hint(name)}", location) from None
    if stat.S_ISDIR(mode):
        raise SpecError(f"'{name}' is a folder, not a {what} file", location)
    if path.suffix.lower() not in suffixes:
        ends = f"{', '.join(suffixes[:-1])} or {suffixes[-1]}" if len(suffixes) > 1 else suffixes[0]
        raise SpecError(f"'{name}' is not a {what} file: its name must end in {ends}", location)
    if not stat.S_ISREG(mode):
        raise SpecError(f"'{name}' is not a regular file (a pipe or a device?): a {what} is read from a file", location)
    if within is not None:
        real = path.resolve()
        if not any(real.is_relative_to(root.resolve()) for root in within):
            from .resources import variants_dir

            shipped = variants_dir().resolve()
            folders = ", ".join(dict.fromkeys(str(r) for r in (root.resolve() for root in within) if r != shipped))
            raise SpecError(
                f"'{name}' is {OUTSIDE_WORDS} a {what} may be read from: {folders} (and the folders below), "
                "or the shipped variants",
                location,
            )
    return path


def open_regular(path: Path, location: Location | None = None) -> BinaryIO:
    """The regular file at ``path``, open to read in bytes; a pipe or a device is refused
    before it is opened (opening a pipe waits for a writer), and again once open (as
    :func:`read_bounded`'s example shows)."""
    import stat

    file = str(path)
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            raise SpecError(f"'{file}' is not a regular file (a pipe or a device?)", location)
        stream = open(path, "rb")  # noqa: SIM115 (the caller's with closes it)
        if not stat.S_ISREG(os.fstat(stream.fileno()).st_mode):
            stream.close()
            raise SpecError(f"'{file}' is not a regular file (a pipe or a device?)", location)
    except OSError as err:
        raise SpecError(f"cannot read the file: {err.strerror}", location or Location(file)) from None
    return stream


def read_bounded(path: Path, limit: int = MAX_BYTES, *, location: Location | None = None) -> str:
    """The UTF-8 text of a regular file of at most ``limit`` bytes (read no further:
    files of ``/proc`` say they are empty).

    >>> read_bounded(Path("/dev/null"))
    Traceback (most recent call last):
    ...
    studrules.errors.SpecError: '/dev/null' is not a regular file (a pipe or a device?)
    """
    file = str(path)
    where = location or Location(file)
    with open_regular(path, location) as f:
        try:
            raw = f.read(limit + 1)
        except OSError as err:
            raise SpecError(f"cannot read the file: {err.strerror}", where) from None
    if len(raw) > limit:
        raise SpecError(f"the file is larger than {limit:,} bytes: at most {limit:,} are read", where)
    note_read(path, raw)  # (a result kept from it is kept against these bytes)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as err:  # (said at its line and column: the byte's, counted in bytes)
        line, column = raw.count(b"\n", 0, err.start) + 1, err.start - raw.rfind(b"\n", 0, err.start)
        at = Location(file, line, column) if location is None or location.file == file else where
        raise SpecError(f"the file is not UTF-8 text ({err.reason} at byte {err.start})", at) from None


def read_document(
    source: str | Path, *, file: str | None = None, max_bytes: int = MAX_BYTES, max_nodes: int = MAX_NODES
) -> Document:
    """Read YAML from a path or from text (``file`` names it in messages).

    A :class:`~pathlib.Path`, or a string without a newline that names an
    existing file, is read from disk; any other string is the YAML text. At
    most ``max_bytes`` bytes and ``max_nodes`` values are read (a variant's
    limits unless given: a strategy file has its own).

    >>> read_document("[1, 2, 3]\\n", file="t.yaml", max_nodes=3)
    Traceback (most recent call last):
    ...
    studrules.errors.SpecError: t.yaml:1:8: the document holds more than 3 values: at most 3 are read
    """
    if isinstance(source, Path) or ("\n" not in source and is_file(source)):
        path = Path(source)
        file = file or str(path)
        text = read_bounded(path, max_bytes, location=Location(file))
    else:
        text = str(source)
        if len(text.encode("utf-8")) > max_bytes:
            raise SpecError(f"the text is longer than {max_bytes:,} bytes", Location(file))
    text = _joined_surrogates(text)
    try:
        if len(text) * VALUES_A_CHARACTER > max_nodes:  # (a shorter text cannot hold too many: no pass needed)
            _count_events(text, file, max_nodes)
        node = yaml.compose(text, Loader=_Loader)
    except yaml.reader.ReaderError as err:  # a character YAML does not allow: say where it stands
        at = err.position
        code = err.character if isinstance(err.character, int) else ord(str(err.character)[:1] or "\0")
        raise SpecError(
            f"not valid YAML: the character U+{code:04X} (a control character) is not allowed",
            Location(file, text.count("\n", 0, at) + 1, at - (text.rfind("\n", 0, at) + 1) + 1),
        ) from None
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (None, None)
        problem = err.problem or err.context or "not valid YAML"
        at = text[mark.index : mark.index + 1] if mark and mark.index is not None else ""
        hint = _yaml_hint(f"{problem} {err.context or ''}", at)
        opened = err.context_mark
        at_open = (opened.line, opened.column, opened.index) if opened is not None else None
        if mark is not None and err.context == "while parsing a flow node":
            # an item missing in a [ ] or { } (the text ended, or a '- ' item came): the one left open
            bracket = _open_bracket(text, mark.index)
            if bracket is not None:
                at_open = (text.count("\n", 0, bracket), bracket - (text.rfind("\n", 0, bracket) + 1), bracket)
                kind = "a list in [ ]" if text[bracket] == "[" else "a mapping in { }"
                item = " (a '- ' item cannot stand inside it)" if text.startswith("-", mark.index) else ""
                hint = f"; {kind} is not closed{item}"
        if mark is not None and at_open is not None and "flow" in (err.context or "") and at_open[2] < mark.index:
            # a [ ] or { } left open: said where it opens, the line to mend, and where the reading stopped
            hint += f" (the reading stopped at line {mark.line + 1}, column {mark.column + 1})"
            line, col = at_open[0] + 1, at_open[1] + 1
        raise SpecError(f"not valid YAML: {problem}{hint}", Location(file, line, col)) from None
    except yaml.YAMLError as err:
        raise SpecError(f"not valid YAML: {err}", Location(file)) from None
    doc = Document(data=None, file=file, text=text)
    if node is not None:
        doc.data = _Builder(doc, max_nodes).build(node, (), 0)
    return doc


#: The parser's words for the common slips, and what to do about each
#: (the C parser's words and the pure-Python one's).
_YAML_HINTS = (
    (("tab character", "'\\t'"), "YAML indents with spaces, not tabs"),
    (
        ("mapping values are not allowed",),
        "a ':' inside a value, or a line indented under a value: check the indentation, or quote the text",
    ),
    (("expected ',' or ']'",), "a list in [ ] is not closed, or two of its items have no ',' between them"),
    (("expected ',' or '}'",), "a mapping in { } is not closed, or two of its entries have no ',' between them"),
    (("quoted scalar",), "a quotation mark is not closed"),
    (("undefined alias",), "'*' starts an alias (of a value named with '&'): quote the text"),
    (("expected '-' indicator", "block collection"), "a line indented unlike the items of the list above it"),
    (
        ("expected key", "expected <block end>"),
        "a line indented unlike the keys above it, or text after a closing quote or bracket: "
        "check the indentation, or quote the whole text",
    ),
)


def _open_bracket(text: str, end: int) -> int | None:
    """Where the ``[`` or ``{`` that holds the place ``end`` and is never closed stands
    (quoted text and comments skipped), or None.

    >>> text = "name: x\\nsteps: [\\n  - ante: {amount: 1}\\n"
    >>> _open_bracket(text, text.index("-")), text.index("[")
    (15, 15)
    >>> _open_bracket("a: [1, , 'x]', {b: 2}]", 7) is None  # closed at the end: an item is missing
    True
    """
    stack: list[int] = []
    holding = None  # the innermost bracket open at end
    i = 0
    while i < len(text):
        if i >= end and holding is None:
            holding = stack[-1] if stack else -1
        c = text[i]
        if c in "'\"" and (i == 0 or text[i - 1] in " \t\n[{,:"):
            close = text.find(c, i + 1)
            i = len(text) if close < 0 else close + 1
            continue
        if c == "#" and (i == 0 or text[i - 1] in " \t\n"):
            newline = text.find("\n", i)
            i = len(text) if newline < 0 else newline
            continue
        if c in "[{":
            stack.append(i)
        elif c in "]}" and stack:
            stack.pop()
        i += 1
    if holding is None:
        holding = stack[-1] if stack else -1
    return holding if holding in stack else None


def _yaml_hint(problem: str, at: str) -> str:
    """``; `` and what to do about a YAML parser's ``problem`` (found at the character ``at``), or nothing.

    >>> _yaml_hint("found character that cannot start any token", "\\t")
    '; YAML indents with spaces, not tabs'
    >>> _yaml_hint("found character that cannot start any token", "@")
    "; a value cannot begin with '@': quote the text"
    >>> _yaml_hint("found unexpected end of stream while scanning a quoted scalar", "")
    '; a quotation mark is not closed'
    >>> _yaml_hint("something new", "x")
    ''
    """
    if at == "\t":
        return f"; {_YAML_HINTS[0][1]}"
    for words, hint in _YAML_HINTS:
        if any(w in problem for w in words):
            return f"; {hint}"
    if "cannot start any token" in problem and at.strip():
        return f"; a value cannot begin with '{at}': quote the text"
    return ""


def read_strategy_document(source: str | Path, *, file: str | None = None) -> Document:
    """:func:`read_document` to a strategy file's bounds (:data:`MAX_STRATEGY_BYTES`, ``_NODES``)."""
    return read_document(source, file=file, max_bytes=MAX_STRATEGY_BYTES, max_nodes=MAX_STRATEGY_NODES)


def file_version(path: Path) -> tuple[str, int, int]:
    """What tells a version of a file from another: its real path, time of change and size.

    >>> file_version(Path("/no/such/file.yaml"))
    Traceback (most recent call last):
    ...
    studrules.errors.SpecError: /no/such/file.yaml: cannot read the file: No such file or directory
    """
    try:
        stat = path.stat()
    except OSError as err:
        raise SpecError(f"cannot read the file: {err.strerror}", Location(str(path))) from None
    return (str(path.resolve()), stat.st_mtime_ns, stat.st_size)


_SURROGATE_PAIR = re.compile(r"(?<!\\)\\u([dD][89abAB][0-9a-fA-F]{2})\\u([dD][c-fC-F][0-9a-fA-F]{2})")


def _joined_surrogates(text: str) -> str:
    """JSON writes a character beyond U+FFFF as two escapes (``\\ud83d\\ude00``);
    YAML reads it as one (``\\U0001f600``): the pair is rewritten so a JSON file reads.

    >>> _joined_surrogates('"\\\\ud83d\\\\ude00"')
    '"\\\\U0001f600"'
    """

    def one(match: re.Match[str]) -> str:
        high, low = int(match.group(1), 16), int(match.group(2), 16)
        return f"\\U{0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00):08x}"

    return _SURROGATE_PAIR.sub(one, text) if "\\u" in text else text


def _count_events(text: str, file: str | None, limit: int = MAX_NODES) -> None:
    """Refuse a text of more than ``limit`` values before building any of them
    (a pass over the parser's events, stopped at the limit)."""
    count = 0
    for event in yaml.parse(text, Loader=_Loader):
        if isinstance(event, (yaml.ScalarEvent, yaml.SequenceStartEvent, yaml.MappingStartEvent)):
            count += 1
            if count > limit:
                mark = event.start_mark
                raise SpecError(
                    f"the document holds more than {limit:,} values: at most {limit:,} are read",
                    Location(file, mark.line + 1, mark.column + 1) if mark is not None else Location(file),
                )


class _Builder:
    """Turns composed YAML nodes into plain data, recording marks and limits."""

    def __init__(self, doc: Document, limit: int = MAX_NODES):
        self.doc = doc
        self.limit = limit
        self.count = 0
        self.active: set[int] = set()  # nodes being built: an alias cycle

    def _where(self, node: yaml.Node, path: FieldPath) -> Location:
        column = node.start_mark.column + 1
        if isinstance(node, yaml.ScalarNode) and node.style in ("'", '"'):
            column += 1  # the text of a quoted string starts after its quote
        return _made_location(self.doc.file, node.start_mark.line + 1, column, path)

    def build(self, node: yaml.Node, path: FieldPath, depth: int) -> Any:
        self.count += 1
        if self.count > self.limit:
            raise SpecError(
                f"the document expands to more than {self.limit} values (aliases repeated too often?)",
                self._where(node, path),
            )
        if depth > MAX_DEPTH:
            raise SpecError(f"the document is nested more than {MAX_DEPTH} levels deep", self._where(node, path))
        if id(node) in self.active:
            raise SpecError("an alias refers to itself", self._where(node, path))
        if node.tag.startswith("tag:yaml.org,2002:python/") or not node.tag.startswith("tag:yaml.org,2002:"):
            tag = node.tag.replace("tag:yaml.org,2002:", "!!")
            raise SpecError(f"the tag {tag} is not allowed: only plain YAML data", self._where(node, path))
        if isinstance(node, yaml.ScalarNode):
            return self._scalar(node, path)
        self.active.add(id(node))
        try:
            if isinstance(node, yaml.SequenceNode):
                out = LList(loc=self._where(node, path))
                for i, item in enumerate(node.value):
                    out.append(self.build(item, path + (i,), depth + 1))
                    out.item_locs.append(self._where(item, path + (i,)))
                return out
            if isinstance(node, yaml.MappingNode):
                return self._mapping(node, path, depth)
        finally:
            self.active.discard(id(node))
        raise SpecError("unsupported YAML node", self._where(node, path))  # pragma: no cover

    def _mapping(self, node: yaml.MappingNode, path: FieldPath, depth: int) -> LDict:
        out = LDict(loc=self._where(node, path))
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise SpecError(
                    "YAML merge keys ('<<') are not supported; write the fields out", self._where(key_node, path)
                )
            key = self.build(key_node, path, depth + 1)
            if isinstance(key, bool) or not isinstance(key, (str, int)):
                raise SpecError("a mapping key must be a plain word", self._where(key_node, path))
            key = str(key)
            if key in out:
                raise SpecError(f"the key '{key}' appears twice in this mapping", self._where(key_node, path + (key,)))
            out.key_locs[key] = self._where(key_node, path + (key,))
            out.value_locs[key] = self._where(value_node, path + (key,))
            out[key] = self.build(value_node, path + (key,), depth + 1)
        return out

    def _scalar(self, node: yaml.ScalarNode, path: FieldPath) -> Any:
        tag = node.tag
        value = node.value
        if tag == "tag:yaml.org,2002:str":
            return value
        if tag == "tag:yaml.org,2002:null":
            return None
        if tag == "tag:yaml.org,2002:bool":
            return value.lower() in ("yes", "true", "on", "y")
        if tag == "tag:yaml.org,2002:int":
            try:
                number = int(value.replace("_", ""), 0)
            except ValueError:
                return value
            if abs(number) > MAX_INT:
                raise SpecError(f"the number {value} is out of range (at most {MAX_INT:,})", self._where(node, path))
            return number
        if tag == "tag:yaml.org,2002:float":
            try:
                real = float(value.replace("_", ""))
            except ValueError:
                return value
            if real != real or abs(real) == float("inf") or abs(real) > MAX_INT:
                raise SpecError(f"the number {value} is out of range", self._where(node, path))
            return real
        if tag.startswith("tag:yaml.org,2002:"):
            # timestamps, binary...: keep the text; the schema says what was expected
            return value
        raise SpecError(f"the tag {tag} is not allowed: only plain YAML data", self._where(node, path))
