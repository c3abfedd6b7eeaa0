"""Hand histories: JSON lines, one played hand per line, that replay exactly.

Each line is one JSON object holding everything needed to play the hand
again -- the variant (a shipped name or a path), its option choices and stake
overrides, the players (clockwise, the first at the dealer's left), their
starting stacks, every card each one received (and the house's, the
community cards and the burns), the antes and side bets of a banked game and the actions
in order -- plus, for reading and checking, the result and a digest of the
events::

    {"format": "studrules-history", "version": 1, "hand": 1, "variant": "tuesday.yaml",
     "options": {}, "stakes": {}, "players": ["Ann", "Bob"], "stacks": [100, 100],
     "cards": {"Ann": ["9c", ...], "burns": [...]}, "actions": ["Bob bring-in", ...],
     "seed": 7, "result": {...}, "digest": "..."}

Every line is also a hand script (:mod:`studrules.records.script`) once the keys a
script does not know are left out (:func:`record_script`), so ``studrules
replay FILE.jsonl`` plays each hand through the same path as a script and
checks that the events are the very same (the digest)::

    >>> import tempfile, os
    >>> from studrules.spec.loader import load_variant
    >>> from studrules.game.hand import Hand
    >>> from studrules.game.policies import CheckCall, play_hand
    >>> from studrules.spec.resources import default_variant
    >>> v = load_variant(default_variant())
    >>> h = Hand(v, ["Ann", "Bob", "Cat"], 200, seed=11)
    >>> r = play_hand(h, {p: CheckCall() for p in h.players})
    >>> path = os.path.join(tempfile.mkdtemp(), "h.jsonl")
    >>> write_history(path, [h])
    1
    >>> [x.net for x in replay_history(path)] == [r.net]
    True
"""

from __future__ import annotations

import contextlib
import errno
import functools
import io
import json
import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from ..errors import ArgumentError, Location, ScriptError, SpecError, SpecErrors, StudrulesError, in_order
from ..spec.cache import sha256_hex
from .history_file import (
    HISTORY_FORMAT,
    HISTORY_SUFFIXES,
    Problems,
    ends_with_newline,
    holds_hand_records,
    is_history_file,
    iter_history_located,
    last_record,
    read_history,
    read_history_located,
)
from .script import SCRIPT_FIELDS

__all__ = [
    "HISTORY_FORMAT",
    "HistoryWriter",
    "hand_record",
    "write_history",
    "read_history",
    "record_script",
    "replay_record",
    "replay_hands",
    "replay_history",
    "is_history_file",
    "HISTORY_SUFFIXES",
    "holds_hand_records",
    "events_digest",
    "line_digest",
    "record_problem",
    "read_history_located",
    "iter_history_located",
    "raise_problems",
]

_VERSION = 1
#: A record's keys that make it a hand script: a script's fields up to its actions.
_SCRIPT_KEYS = SCRIPT_FIELDS[: SCRIPT_FIELDS.index("actions") + 1]


# --------------------------------------------------------------------------
# writing


def variant_reference(variant) -> str:
    """How a history names a variant: its shipped name, else the path of its file."""
    file = getattr(variant, "file", None)
    if file is None:
        return variant.name
    # worked out once a file (every hand of a session names its variant); a relative path
    # is made absolute first, against the folder of the moment, as resolving it would
    return _file_reference(os.path.abspath(file), variant.name)


@functools.lru_cache(maxsize=256)
def _file_reference(file: str, name: str) -> str:
    """A shipped file (of the variants folder or a group's: ``house/``, ``catalogue/``) by
    the name that loads it, so a history replays on another machine; any other file by its path."""
    from ..spec.loader import _shipped_path

    path = Path(file)
    try:
        shipped = _shipped_path(name) if path.stem == name else None
        if shipped is not None and shipped.resolve() == path.resolve():
            return name
    except OSError:  # pragma: no cover
        pass
    return str(path.resolve())


_BASE_STAKES: dict = {}


def _stake_overrides(ref: str, options: Mapping[str, str], values: Mapping[str, int]) -> dict:
    """The stakes that differ from the file's own (with these options)."""
    key = (ref, tuple(sorted(options.items())))
    base = _BASE_STAKES.get(key)
    if base is None:
        from ..spec.loader import load_variant

        try:
            base = load_variant(ref, options=dict(options)).stake_values()
        except StudrulesError:
            base = {}
        _BASE_STAKES[key] = base
    return {k: int(v) for k, v in values.items() if base.get(k) != v}


def events_digest(events: Iterable) -> str:
    """A short fingerprint of a hand's events (same events, same digest)."""
    data = json.dumps([e.to_dict() for e in events], sort_keys=True, separators=(",", ":"))
    return sha256_hex(data.encode())[:20]


def hand_record(hand, *, number: int | None = None, seed: int | None = None, **extra: Any) -> dict:
    """One line of a history for a played (or interrupted) hand.

    ``extra`` keys (``dealer``, ``session``...) are kept as they are."""
    variant = hand.variant
    ref = variant_reference(variant)
    options = dict(variant.chosen)
    cards = _received_cards(hand)
    if hand.house_cards:
        cards["house"] = [str(c) for c in hand.house_cards]
    if hand.community:
        cards["community"] = [str(c) for c in hand.community]
    if hand.burns:
        cards["burns"] = [str(c) for c in hand.burns]
    record: dict[str, Any] = {"format": HISTORY_FORMAT, "version": _VERSION}
    if number is not None:
        record["hand"] = number
    record.update(
        {
            "variant": ref,
            "options": options,
            "stakes": _stake_overrides(ref, options, hand.usual_stakes if hand.killer else hand.plan.stakes),
            "players": list(hand.players),
            "stacks": list(hand.start),
            "cards": cards,
        }
    )
    if hand.killer is not None:
        record["killer"] = hand.killer
    if hand.antes is not None and (variant.is_banked or _antes_chosen(hand)):
        record["antes"] = dict(zip(hand.players, hand.antes))
    if variant.is_banked and hand.side_stakes is not None:  # (each position's own: the bets made, {} for none)
        record["side_bets"] = {
            p: {b: c for b, c in bets.items() if c} for p, bets in zip(hand.players, hand.side_stakes)
        }
    record["actions"] = [str(a) for a in hand.actions]
    if seed is not None:
        record["seed"] = seed
    record.update(extra)
    if hand.is_over:
        record["result"] = hand.result().to_dict()
    else:
        record["unfinished"] = True
    record["events"] = len(hand.events)
    record["digest"] = events_digest(hand.events)
    record["line_digest"] = line_digest(record)
    return record


def _received_cards(hand) -> dict[str, list[str]]:
    """Each player's cards in the order the deal gave them (a replacement at a
    draw after the cards before it), as a script's ``cards`` reads them: not
    the cards he holds at the end, which a draw or a pass has changed (a card
    passed to him was dealt to his neighbour)."""
    cards: dict[str, list[str]] = {p: [] for p in hand.players}
    for e in hand.events:
        if e.type in ("deal", "draw") and e.card is not None and e.player in cards:
            cards[e.player].append(str(e.card))
    return cards


def line_digest(record: Mapping[str, Any]) -> str:
    """A short fingerprint of everything a line states (its starting stacks,
    cards, actions, result...), ``line_digest`` itself left out.

    >>> line_digest({"stacks": [100, 100]}) == line_digest({"stacks": [100, 100], "line_digest": "x"})
    True
    >>> line_digest({"stacks": [100, 100]}) == line_digest({"stacks": [100, 101]})
    False
    """
    data = json.dumps(
        {k: v for k, v in record.items() if k != "line_digest"},
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
    )
    return sha256_hex(data.encode())[:20]


class HistoryWriter:
    """Appends hands to a JSON-lines file as they finish (each line flushed,
    so an interrupted session keeps every hand written so far).

    Use as a context manager or call :meth:`close`."""

    def __init__(self, path: str | Path, *, append: bool = False):
        self.path = Path(path)
        self.count = 0
        # unbuffered: each record goes to the file whole, or (a failed write) is taken back
        self._file: io.FileIO | None = open(self.path, "ab" if append else "wb", buffering=0)  # noqa: SIM115 -- open until close()
        if append and not ends_with_newline(self.path):  # (a last record written without its newline)
            self._put(b"\n")
        # a history continued numbers its hands on from its last: hand 3 after hands 1 and 2
        last = last_record(self.path) if append else None
        number = last.get("hand") if isinstance(last, dict) else None
        self.numbered_from = number if type(number) is int and number > 0 else 0

    def write(self, hand, **meta: Any) -> dict:
        """Write one hand (a :class:`~studrules.game.hand.Hand` or a record already made)."""
        if not isinstance(hand, Mapping) and meta.get("number") is not None:
            meta["number"] += self.numbered_from
        record = hand if isinstance(hand, Mapping) else hand_record(hand, **meta)
        if self._file is None:
            raise StudrulesError(f"the history {self.path} is closed")
        self._put(_line(record))
        self.count += 1
        return dict(record)

    def _put(self, data: bytes) -> None:
        """Write ``data`` at the end of the file; where that fails (a full disk, a file size
        limit), the part written is taken back, so the lines before it stay whole and readable."""
        assert self._file is not None
        start = self._file.tell()
        try:
            view = memoryview(data)
            while view:
                written = self._file.write(view)
                if not written:
                    raise OSError(errno.ENOSPC, "nothing more could be written")
                view = view[written:]
        except OSError as err:
            with contextlib.suppress(OSError):  # (the file cannot be cut back either: what was written stays)
                self._file.truncate(start)
            raise StudrulesError(f"--history {self.path}: cannot write it ({err.strerror or err})") from None

    def close(self) -> None:
        if self._file is not None:
            file, self._file = self._file, None
            try:
                file.close()
            except OSError as err:  # (what a failed write left in the buffer: said once, with the file)
                raise StudrulesError(f"--history {self.path}: cannot write it ({err.strerror or err})") from None

    def __enter__(self) -> HistoryWriter:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def _antes_chosen(hand) -> bool:
    """Whether a pot game's hand was dealt with antes of its own (``Hand(antes=...)``, a
    player who chooses his ante): any that differs from the variant's."""
    step = hand.plan.ante_step
    return step is not None and any(a != hand._ante_limits(step)[0] for a in hand.antes)


def write_history(path: str | Path, hands: Iterable, *, append: bool = False) -> int:
    """Write hands (played :class:`~studrules.game.hand.Hand` objects or records) to ``path``,
    one JSON line each; returns how many were written.

    Something that is not a list (or other iterable) of them, one hand alone, anything else
    among them, or a record that is no JSON is an :class:`~studrules.errors.ArgumentError`,
    said before the file is opened (every line is made first), so the file stays as it was.

        >>> write_history("never-written.jsonl", {"variant": "razz"})
        Traceback (most recent call last):
        ...
        studrules.errors.ArgumentError: hands is a list of played hands or hand records, not a dict: give [hand]
    """
    if isinstance(hands, (Mapping, str, bytes)) or not isinstance(hands, Iterable):
        raise ArgumentError(f"hands is a list of played hands or hand records, not {_what(hands)}: give [hand]")
    hands = hands if isinstance(hands, Sequence) else list(hands)
    for index, hand in enumerate(hands):
        if isinstance(hand, Mapping):
            if "variant" not in hand:
                raise ArgumentError(f"hands[{index}] is no hand record: a record names its 'variant'")
        elif not (hasattr(hand, "events") and hasattr(hand, "variant") and hasattr(hand, "result")):
            raise ArgumentError(f"hands[{index}] is neither a played hand nor a hand record: {_what(hand)}")
    first = 0
    if append:  # (hands numbered on from the file's last; opening to append changes nothing)
        with HistoryWriter(path, append=True) as out:
            first = out.numbered_from
    lines = []  # every line made before the file is opened: one that cannot be is said, the file as it was
    for index, hand in enumerate(hands):
        record = hand if isinstance(hand, Mapping) else hand_record(hand, number=first + index + 1)
        try:
            lines.append(_line(record))
        except (TypeError, ValueError) as err:
            raise ArgumentError(f"hands[{index}] cannot be written as JSON: {err}") from None
    with HistoryWriter(path, append=append) as out:
        for line in lines:
            out._put(line)
            out.count += 1
        return out.count


def _line(record: Mapping[str, Any]) -> bytes:
    """A record as its line of the file: compact JSON, UTF-8, a line break after it."""
    return (json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")


def _what(value: Any) -> str:
    """A value in a message: a short one as written, else its type (``a dict``, ``a Hand``)."""
    if value is None or isinstance(value, (bool, int, float)):
        return repr(value)
    name = type(value).__name__
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"


# --------------------------------------------------------------------------
# reading and replaying


def record_script(record: Mapping[str, Any]) -> dict:
    """The hand script of a record: the keys :mod:`studrules.records.script` reads."""
    script = {k: record[k] for k in _SCRIPT_KEYS if k in record and record[k] is not None}
    script.setdefault("seed", 0)
    return script


def replay_record(
    record: Mapping[str, Any],
    *,
    check: bool = True,
    where: str = "the hand",
    base: Path | None = None,
    unchecked: bool = False,
    folders: Sequence[Path] = (),
):
    """Play a record again through the hand-script path; returns the :class:`~studrules.game.hand.Hand`.

    ``check``: everything the line states must hold -- the events its digest
    stands for, its result, the digest of the whole line -- else a
    :class:`~studrules.errors.StudrulesError` saying what differs; a line
    without a digest is refused unless ``unchecked``. ``base``: the folder of
    the history file (its ``variant`` is read beside it, under the current
    folder or one of ``folders``, or shipped)."""
    from .script import run_script

    kind, version = record.get("format", HISTORY_FORMAT), record.get("version", _VERSION)
    if kind != HISTORY_FORMAT:
        raise ScriptError(f"its format is {str(kind)[:40]!r}, not {HISTORY_FORMAT!r}: not a line studrules wrote")
    if type(version) is not int or not 1 <= version <= _VERSION:
        raise ScriptError(f"its version is {str(version)[:20]!r}: this studrules reads histories of version {_VERSION}")
    hand = run_script(record_script(record), auto_showdown=False, base=base, folders=folders)
    if check:
        problem = record_problem(record, hand, unchecked=unchecked)
        if problem is not None:
            raise StudrulesError(f"{where} {problem}")
    return hand


def record_problem(record: Mapping[str, Any], hand, *, unchecked: bool = False) -> str | None:
    """What a replayed hand contradicts in its line (None: everything holds)."""
    from ..game.showdown import shows_as_first_worded

    digest = record.get("digest")
    if not digest and not unchecked:
        return "has no digest: its events cannot be checked (replay --unchecked plays it anyway)"
    # (--unchecked: the events go unchecked; the result and line digest a line states still hold)
    if digest and events_digest(hand.events) != digest and events_digest(shows_as_first_worded(hand)) != digest:
        # (a line written before a show named every hand the showdown ranks holds the first one's alone)
        return "does not replay the same: its events differ from the recorded ones"
    stated = record.get("result")
    if hand.is_over:
        played = json.loads(json.dumps(hand.result().to_dict()))
        if stated is None and not record.get("unfinished"):
            return "states no result, but the hand is over when it is played again"
        if stated is not None and stated != played:
            return "states a result the replay does not give: " + _first_difference(stated, played)
    elif stated is not None:
        return "states a result, but the hand is not over when it is played again"
    if "line_digest" in record and line_digest(record) != record["line_digest"]:
        return "was changed after it was written: its line digest does not match (stacks, cards or result edited?)"
    return None


def _first_difference(stated: Any, played: Any, path: str = "") -> str:
    """Where two results first differ: ``stacks.Ann: 130 stated, 120 played``."""
    if isinstance(stated, dict) and isinstance(played, dict):
        for key in list(stated) + [k for k in played if k not in stated]:
            if stated.get(key) != played.get(key):
                return _first_difference(stated.get(key), played.get(key), f"{path}.{key}" if path else str(key))
    if isinstance(stated, list) and isinstance(played, list) and len(stated) == len(played):
        for i, (a, b) in enumerate(zip(stated, played)):
            if a != b:
                return _first_difference(a, b, f"{path}[{i}]")
    return f"{path or 'result'}: {json.dumps(stated)[:80]} stated, {json.dumps(played)[:80]} played"


def replay_hands(
    path: str | Path, *, check: bool = True, unchecked: bool = False, folders: Sequence[Path] = ()
) -> list:
    """Every hand of a history file, played again (a list of :class:`~studrules.game.hand.Hand`).

    Every line is played and checked; the problems of all of them are
    raised together (:class:`~studrules.errors.SpecErrors`), each at its line
    and naming its hand. ``folders``: more folders a line's variant file may be
    read from (beside the history, under the current folder, or shipped)."""
    return list(iter_replayed(path, check=check, unchecked=unchecked, folders=folders))


def raise_problems(read: list[ScriptError], problems: list[SpecError]) -> None:
    """Raise the problems of a history's lines, in the order of its lines: ``read``, the
    lines that are no hand record (one alone raised as the reader raises it), and
    ``problems``, those of the hands; nothing where there are none."""
    found = in_order([*read, *problems])
    more = getattr(read, "more", 0) + getattr(problems, "more", 0)  # (:class:`Problems`: past the first ones)
    if len(found) == 1 and read and not more:
        raise read[0]
    if more:
        file = found[0].location.file if found[0].location is not None else None
        found.append(ScriptError(f"and {more:,} more problems, not said: the first {len(found):,} are", Location(file)))
    if found:
        raise SpecErrors(found)


def iter_replayed(
    path: str | Path, *, check: bool = True, unchecked: bool = False, folders: Sequence[Path] = ()
) -> Iterator:
    """:func:`replay_hands` one hand at a time, each played as its line is read (a long
    history is never held whole); the problems of every line are raised together once
    the last is read, after the good hands were given."""
    read = Problems()  # (the lines that are no hand record: the lines after them are read too)
    problems: list[SpecError] = Problems(partner=read)  # (together: the first problems of the file)
    base = Path(path).parent
    for index, (where, record) in enumerate(iter_history_located(path, read)):
        name = f"hand {record.get('hand', index + 1)}"
        try:
            hand = replay_record(record, check=False, base=base, folders=folders)
        except StudrulesError as err:
            for each in getattr(err, "errors", None) or [err]:  # (a variant's problems: each said)
                inner = each.location
                at = where.at_path(*inner.path) if inner is not None and inner.file is None else where
                problems.append(
                    ScriptError(f"{name}: {each.message}", at if inner is None or inner.file is None else inner)
                )
            continue
        problem = record_problem(record, hand, unchecked=unchecked) if check else None
        if problem is not None:
            problems.append(ScriptError(f"{name} {problem}", where))
            continue
        yield hand
    raise_problems(read, problems)


def replay_history(path: str | Path) -> list:
    """Replay a history file; the :class:`~studrules.game.hand.HandResult` of each hand
    (None for an unfinished one)."""
    return [h.result() if h.is_over else None for h in replay_hands(path)]


def iter_records(path: str | Path) -> Iterator[dict]:
    """The records of a history, one by one as they are read (see :func:`read_history`)."""
    for _, record in iter_history_located(path):
        yield record
