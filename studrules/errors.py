"""One exception hierarchy for everything studrules reports.

Every error that points into a file carries a :class:`Location` (file, line,
column, and the field path inside the document) so a message can say exactly
where the problem is::

    >>> err = SpecError("unknown step 'betting_round'", Location("x.yaml", 12, 5, ("steps", 3)))
    >>> str(err)
    "x.yaml:12:5: steps[3]: unknown step 'betting_round'"
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

__all__ = [
    "Location",
    "StudrulesError",
    "CardError",
    "SpecError",
    "SpecErrors",
    "OtherKindOfFileError",
    "ExpressionError",
    "ScriptError",
    "IllegalActionError",
    "ArgumentError",
    "UsageError",
    "format_path",
    "in_order",
    "close_matches",
    "some_names",
    "unknown_name_hint",
    "field_words",
    "YES_NO_WORDS",
    "StakeOrderWarning",
]


def format_path(path: Sequence[str | int]) -> str:
    """Render a field path the way an author reads it.

    >>> format_path(("steps", 2, "betting", "bet"))
    'steps[2].betting.bet'
    >>> format_path(())
    ''
    >>> format_path(("steps", "[round-3]", "betting", "bet"))  # a step named by its id
    'steps[round-3].betting.bet'
    >>> format_path(("root:*:20228:0:99999:7::",))  # no name: a line of a file of another kind
    '(a key of 24 characters)'
    """
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        elif isinstance(part, str) and part.startswith("["):
            out += part
        else:
            text = str(part)
            shown = text if _PATH_PART.fullmatch(text) else f"(a key of {len(text):,} characters)"
            out += ("." if out else "") + shown
    return out


#: A key a message names as it is (a field's, a player's or a stake's name); any other
#: (a line of a file of another kind read as YAML) is said by its length, not quoted.
_PATH_PART = re.compile(r"[\w.' -]{1,40}")


@dataclass(frozen=True)
class Location:
    """Where something stands in a source file (1-based line and column)."""

    file: str | None = None
    line: int | None = None
    column: int | None = None
    path: tuple[str | int, ...] = field(default=())

    def __str__(self) -> str:
        parts = [self.file or "<input>"]
        if self.line is not None:
            parts.append(str(self.line))
            if self.column is not None:
                parts.append(str(self.column))
        return ":".join(parts)

    def at_path(self, *more: str | int) -> Location:
        """The same place with a longer field path."""
        return Location(self.file, self.line, self.column, self.path + tuple(more))

    def shifted(self, columns: int) -> Location:
        """The same line, ``columns`` further right (for a position inside a string)."""
        if self.column is None:
            return self
        return Location(self.file, self.line, self.column + columns, self.path)


def _made_location(file: str | None, line: int | None, column: int | None, path: tuple[str | int, ...]) -> Location:
    """``Location(file, line, column, path)`` without the frozen class's ``__init__`` (a file
    read records one for every value, and a load reads several files)::

        >>> _made_location("v.yaml", 3, 5, ("steps", 0)) == Location("v.yaml", 3, 5, ("steps", 0))
        True
    """
    where = _new_location(Location)
    fields = where.__dict__
    fields["file"] = file
    fields["line"] = line
    fields["column"] = column
    fields["path"] = path
    return where


_new_location = object.__new__


class StudrulesError(Exception):
    """Base class of every error studrules raises on purpose."""

    def __init__(self, message: str, location: Location | None = None):
        super().__init__(message)
        self.message = message
        self.location = location

    def __str__(self) -> str:
        if self.location is None:
            return self.message
        where = str(self.location)
        path = format_path(self.location.path)
        return f"{where}: {path}: {self.message}" if path else f"{where}: {self.message}"

    def to_dict(self) -> dict[str, str | int | None]:
        loc = self.location or Location()
        return {
            "file": loc.file,
            "line": loc.line,
            "column": loc.column,
            "path": format_path(loc.path),
            "message": self.message,
        }


class CardError(StudrulesError, ValueError):
    """A card or a list of cards that cannot be read."""


class SpecError(StudrulesError, ValueError):
    """One problem in a variant, strategy or script file."""


class ExpressionError(SpecError):
    """An expression that does not parse, names an unknown thing, or mixes types."""


class SpecErrors(StudrulesError, ValueError):
    """All problems found in one file, reported together."""

    def __init__(self, errors: Iterable[SpecError]):
        self.errors: list[SpecError] = list(errors)
        first = self.errors[0].location if self.errors else None
        count = len(self.errors)
        super().__init__(f"{count} problem{'s' if count != 1 else ''}", first)

    def __str__(self) -> str:
        return "\n".join(str(e) for e in self.errors)


class OtherKindOfFileError(SpecErrors):
    """A file of the other kind than the one read: a strategy read as a variant, or the
    reverse, or a hand script read as a strategy (``kind``: what the file is, ``"strategy"``,
    ``"variant"`` or ``"script"``)."""

    def __init__(self, errors: Iterable[SpecError], kind: str):
        super().__init__(errors)
        self.kind = kind


class ScriptError(SpecError):
    """A hand script (or history line) that is malformed."""


class IllegalActionError(StudrulesError, ValueError):
    """An action the rules do not allow now; says why and what is legal."""

    def __init__(self, message: str, legal: Sequence[object] = (), location: Location | None = None):
        super().__init__(message, location)
        self.legal = list(legal)


class ArgumentError(StudrulesError, ValueError):
    """A value a Python function cannot take (``Hand(variant, players, stacks=-5)``, a stake
    the variant has no name for): the message names the argument and says what it takes."""


class UsageError(StudrulesError, ValueError):
    """A command-line argument written wrong (``--option ante`` without ``=``,
    ``--stake ante=abc``): the command line answers it as argparse does, with
    the command's usage and exit code 2."""


_Error = TypeVar("_Error", bound=StudrulesError)


def in_order(errors: Iterable[_Error]) -> list[_Error]:
    """Errors by line and column, each said once (same place, same message).

    >>> a = SpecError("late", Location("v.yaml", 9, 1))
    >>> b = SpecError("early", Location("v.yaml", 2, 5))
    >>> [e.message for e in in_order([a, b, a])]
    ['early', 'late']
    """
    seen: set[tuple[str, str]] = set()
    unique = []
    for e in errors:
        key = (str(e.location), e.message)
        if key not in seen:
            seen.add(key)
            unique.append(e)
    return sorted(
        unique,
        key=lambda e: ((e.location.line or 0) if e.location else 0, (e.location.column or 0) if e.location else 0),
    )


#: How alike a word and a name must be (difflib's ratio) for a "did you mean": one
#: letter wrong, missing, extra or swapped in a word of four letters or more is
#: (``flod``: fold, 0.75); two wrong in seven letters is not (``version``: session,
#: 0.71), unless the word begins as the name does (``policies``: policy, 0.71).
CLOSENESS = 0.75
CLOSENESS_SAME_START = 0.7


def close_matches(word: object, choices: Iterable[object]) -> list[str]:
    """The one of ``choices`` a mistyped ``word`` most likely meant, as a list of
    at most one (as :func:`difflib.get_close_matches` with ``n=1``), for a
    message's "did you mean". The same name in other capitals is it; the
    leading dashes of a flag are left out of the likeness (``--debug`` is not
    ``--rebuys``); a word that is the start of one name alone (``caribbean``),
    or that starts with a name (``betting_round``: betting), points to it; the
    start of several names (``stud``) points to none of them unless one is
    very like it. A word like no name gets nothing rather than an unrelated guess.

    >>> close_matches("flod", ["fold", "call"]), close_matches("Razz", ["razz"])
    (['fold'], ['razz'])
    >>> close_matches("version", ["session", "serve"]), close_matches("--debug", ["--rebuys", "--seed"])
    ([], [])
    >>> close_matches("caribbean", ["caribbean-stud", "razz"]), close_matches("stud", ["studaha", "stud-ru-casino"])
    (['caribbean-stud'], [])
    >>> close_matches("betting_round", ["betting", "deal"]), close_matches("--policies", ["--policy", "--seed"])
    (['betting'], ['--policy'])
    >>> close_matches("cpa", ["cap", "bet", "check"])  # two letters swapped
    ['cap']
    """
    import difflib

    names = [str(c) for c in choices]
    bare = {n.lstrip("-").lower(): n for n in reversed(names)}  # (the first of two alike names wins)
    key = str(word).lstrip("-").lower()
    if not key:
        return []
    if key in bare:
        return [bare[key]]
    longer = [b for b in bare if len(key) >= 3 and b.startswith(key)]
    if len(longer) == 1:
        return [bare[longer[0]]]
    swapped = [b for b in bare if len(b) == len(key) >= 3 and _one_swap(key, b)]  # (cpa: cap)
    if len(swapped) == 1:
        return [bare[swapped[0]]]
    matcher = difflib.SequenceMatcher(b=key)
    likeness = []
    for b in bare:
        matcher.set_seq1(b)
        likeness.append((matcher.ratio(), b))
    ratio, best = max(likeness, default=(0.0, ""))
    least = 0.85 if longer else CLOSENESS if best[:1] != key[:1] else CLOSENESS_SAME_START
    if ratio >= least:
        return [bare[best]]
    shorter = [b for b in bare if len(b) >= 4 and key.startswith(b) and not key[len(b)].isalnum()]
    return [bare[shorter[0]]] if len(shorter) == 1 else []


def _one_swap(a: str, b: str) -> bool:
    """Whether ``a`` is ``b`` with two letters side by side swapped."""
    diff = [i for i in range(len(a)) if a[i] != b[i]]
    return len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]]


#: How many names an error lists of a longer list (the rest counted, and where to read them said).
MOST_NAMES = 8


def some_names(names: Iterable[object], *, like: object = "", all_at: str = "", most: int = MOST_NAMES) -> str:
    """The known names an error lists: every one of a short list; of a long one
    (more than a few past ``most``), ``most`` of them -- those holding the word
    given (``like``) first -- and how many more, with what shows them all
    (``all_at``), so a message stays a line a reader reads.

    >>> some_names(["ante", "bring_in"])
    'ante, bring_in'
    >>> some_names([], all_at="x")
    'none'
    >>> names = [f"game-{n}" for n in range(20)]
    >>> some_names(names, like="1", all_at="'studrules list' shows them all", most=4)
    "game-1, game-10, game-11, game-12 and 16 more ('studrules list' shows them all)"
    >>> some_names(["razz", "seven-card-stud", "7-card-stud", "a", "b", "c", "d"], like="7stud", most=2)
    '7-card-stud, razz and 5 more'
    >>> some_names(names[:6], most=4)  # (two more are named rather than counted)
    'game-0, game-1, game-2, game-3, game-4, game-5'
    """
    shown = [str(n) for n in names]
    if not shown:
        return "none"
    if len(shown) <= most + 2:
        return ", ".join(shown)
    key = str(like).lower()
    if key:  # the names holding the word, then those holding each of its runs of letters or digits
        runs = re.findall(r"[a-z]+|[0-9]+", key)

        def likeness(name: str) -> int:
            low = name.lower()
            return 0 if key in low else 1 if runs and all(r in low for r in runs) else 2

        shown.sort(key=likeness)
    where = f" ({all_at})" if all_at else ""
    return f"{', '.join(shown[:most])} and {len(shown) - most} more{where}"


def unknown_name_hint(word: object, names: Iterable[object], *, listing: str, all_at: str = "") -> str:
    """What follows "no X 'word'" in a message: the name a mistyped ``word`` most
    likely meant (:func:`close_matches`), else a few of the known names
    (:func:`some_names`) after ``listing``, their heading.

    >>> unknown_name_hint("bsic", ["basic", "fold"], listing="shipped strategies")
    ": did you mean 'basic'?"
    >>> unknown_name_hint("xyz", ["basic", "fold"], listing="shipped strategies")
    '; shipped strategies: basic, fold'
    """
    known = [str(n) for n in names]
    close = close_matches(word, known)
    if close:
        return f": did you mean '{close[0]}'?"
    return f"; {listing}: {some_names(known, like=word, all_at=all_at)}"


class StakeOrderWarning(UserWarning):
    """Stakes given at load time put two bet sizes in the other order than the
    file's own stakes do (a low limit above the high limit), or make a stake
    worked out from them a fraction of a chip (an ante of a fifth of 3):
    legal, rarely meant. Loading warns it with :func:`warnings.warn`; the
    command line prints its own one-line form with the flag's name instead."""


def field_words(key: object) -> str:
    """An unknown field's name as a message says it: quoted where it looks like a field's
    name; else not quoted (a key of a file of another kind, which the
    user may not mean to show: a password file's first line, read as YAML).

    >>> field_words("bet_size"), field_words("root:*:20228:0:99999:7::")
    ("field 'bet_size'", 'field that is no field name (is this the file you meant?)')
    """
    text = str(key)
    if _PATH_PART.fullmatch(text):
        return f"field '{text}'"
    return "field that is no field name (is this the file you meant?)"


#: What a message adds where a text was expected and YAML read a word as true or false.
YES_NO_WORDS = " (YAML reads yes/no/on/off as true/false: put the word in quotes)"
