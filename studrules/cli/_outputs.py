"""The files a command writes: checked before any work, never one the command also uses.

An output (``--history``, ``--phh``, ``--html``, ``-o``, ``--write``) is refused
where it is a folder, a device or a pipe, in a folder that does not exist, or
one of the files the command reads (a variant and the files it extends, a
history), even with ``--force`` and even through a link; a file that exists is replaced only with
``--force`` (a history is continued with ``--append``).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TextIO, TypeVar

from ..errors import StudrulesError, UsageError

__all__ = [
    "check_history_target",
    "check_output_file",
    "refuse_a_file_in_use",
    "same_file",
    "writable",
    "write_output",
    "write_output_with",
    "show_when_done",
]

T = TypeVar("T")


def check_output_file(flag: str, path: str | Path, *, force: bool, keep: Iterable[str | Path | None] = ()) -> Path:
    """The file a command will write for ``flag``, checked before any work:
    not a folder, in a folder that exists, not a device or pipe, not one of
    ``keep`` (the files the command reads: a variant, a history) even with
    ``force``, and not a file that exists unless ``force``.

    >>> check_output_file("--html", "/", force=True)
    Traceback (most recent call last):
    ...
    studrules.errors.StudrulesError: --html /: that is a folder; give a file name
    """
    target = Path(path)
    if target.is_dir():
        raise StudrulesError(f"{flag} {path}: that is a folder; give a file name")
    if not target.parent.is_dir():
        raise StudrulesError(f"{flag} {path}: there is no folder {target.parent}")
    refuse_a_file_in_use(flag, path, keep)
    if target.is_symlink() and not force:  # (one to nowhere too: written through, a file appeared elsewhere)
        raise StudrulesError(f"{flag} {path}: a link is there; --force replaces it")
    if target.exists() and not target.is_file():
        raise StudrulesError(f"{flag} {path}: that is not a regular file; give a file name")
    if flag == "--html" and target.suffix.lower() not in (".html", ".htm"):  # (not a .yaml or .jsonl, say)
        raise UsageError(f"--html {path}: an HTML page's name ends in .html")
    if not target.exists():
        return writable(flag, target)
    if not force:
        raise StudrulesError(f"{flag} {path}: the file exists; --force replaces it")
    return writable(flag, target)


def writable(flag: str, target: Path) -> Path:
    """``target``, where it can be written (a file that exists), or made (in its folder);
    else the refusal, said before any work rather than after it."""
    if target.exists():
        if not os.access(target, os.W_OK):
            raise StudrulesError(f"{flag} {target}: the file cannot be written (no permission)")
    elif not os.access(target.parent, os.W_OK | os.X_OK):
        raise StudrulesError(f"{flag} {target}: no file can be made in {target.parent} (no permission)")
    return target


def write_output(flag: str, path: str | Path, text: str) -> None:
    """Write ``text`` to the file a command was given with ``flag``, whole or not at all;
    a failure (a full disk, a file that takes no writing) is said with the flag and file.

    >>> write_output("--html", "/", "x")
    Traceback (most recent call last):
    ...
    studrules.errors.StudrulesError: --html /: cannot write it (Is a directory)
    """
    write_output_with(flag, path, lambda out: out.write(text))


def write_output_with(flag: str, path: str | Path, write: Callable[[TextIO], T]) -> T:
    """Have ``write`` write the file a command was given with ``flag`` (a piece at a time:
    it is never held whole), and put it in place only when ``write`` returns (what it
    returns is given back); where ``write`` raises, or writing fails, the file is as it
    was. A failure to write is said with the flag and file.

    >>> write_output_with("--html", "/", lambda out: out.write("x"))
    Traceback (most recent call last):
    ...
    studrules.errors.StudrulesError: --html /: cannot write it (Is a directory)
    """
    target = Path(path)
    if target.is_dir():
        raise StudrulesError(f"{flag} {path}: cannot write it (Is a directory)")
    # written beside it, then put in its place: a failure (a full disk) leaves the file as it was
    part = target.with_name(f".{target.name}.{os.getpid()}.part")
    try:
        with part.open("w", encoding="utf-8") as out:
            done = write(out)
        os.replace(part, target)
    except BaseException as err:  # (a failed write, or what ``write`` raised: the file as it was)
        part.unlink(missing_ok=True)
        if isinstance(err, OSError):
            raise StudrulesError(f"{flag} {path}: cannot write it ({err.strerror or err})") from None
        if isinstance(err, KeyboardInterrupt):  # (Ctrl-C, or SIGTERM made one: the stop is said by the caller)
            kept = "; the file there is as it was" if target.exists() else ""
            print(f"studrules: {flag} {path}: not written, stopped while writing it{kept}", file=sys.stderr)
        raise
    return done


def refuse_a_file_in_use(flag: str, path: str | Path, keep: Iterable[str | Path | None]) -> None:
    """Refuse to write ``path`` for ``flag`` where it is one of ``keep`` (the files the command
    reads or writes otherwise), even under another name: a symbolic or hard link to one, or the
    same new file named twice.

    >>> refuse_a_file_in_use("--phh", "./hands.jsonl", ["hands.jsonl"])
    Traceback (most recent call last):
    ...
    studrules.errors.StudrulesError: --phh ./hands.jsonl: that is a file this command also uses; name another
    """
    target = Path(path)
    for other in keep:
        if other is not None and any(same_file(target, used) for used in _read_with(other)):
            raise StudrulesError(f"{flag} {path}: that is a file this command also uses; name another")


def _read_with(used: str | Path) -> tuple[Path, ...]:
    """``used``, and where it is a variant (a shipped name, or a YAML file), every
    file its ``extends`` chain reads: the base it is built on is in use too."""
    from ..spec.loader import variant_files
    from ..spec.source import VARIANT_SUFFIXES

    path = Path(used)
    if path.suffix.lower() not in VARIANT_SUFFIXES and (path.suffix or os.sep in str(used)):
        return (path,)  # (a history, a PHH file: read alone)
    return (path, *variant_files(used))


def check_history_target(path: str, *, append: bool, force: bool, keep: Sequence[str | None] = ()) -> None:
    """Refuse to write hands over a file that exists, unless told to continue
    it (``append``: it must be a hand history whose last line is whole) or replace
    it (``force``); a history's name ends in .jsonl, and it is never one of ``keep``
    (the variant files played), even through a link.

    >>> check_history_target("/", append=False, force=True)
    Traceback (most recent call last):
    ...
    studrules.errors.StudrulesError: --history /: it is a folder
    """
    from pathlib import Path

    from ..records.history import HISTORY_SUFFIXES, holds_hand_records

    target = Path(path)
    if target.is_dir():
        raise StudrulesError(f"--history {path}: it is a folder")
    if target.suffix.lower() not in HISTORY_SUFFIXES:  # (replay and export-phh know a history by its name)
        raise UsageError(f"--history {path}: a hand history's name ends in .jsonl (JSON lines)")
    refuse_a_file_in_use("--history", path, keep)
    if target.is_symlink() and not target.exists():  # (written through, the hands would go elsewhere)
        raise StudrulesError(f"--history {path}: a link to no file is there; name another file")
    if not target.exists():
        if append:
            raise StudrulesError(f"--history {path}: --append continues a history, and there is none")
        if not target.parent.is_dir():
            raise StudrulesError(f"--history {path}: there is no folder {target.parent}")
        writable("--history", target)
        return
    if not target.is_file():  # a pipe or a device would block or swallow the hands
        raise StudrulesError(f"--history {path}: that is not a regular file; give a file name")
    if append:
        if target.stat().st_size and not holds_hand_records(target):
            raise StudrulesError(f"--history {path}: --append continues a hand history, and this is not one")
        if not _ends_a_line(target):  # (a hand glued to a cut-off one: neither would read back)
            raise StudrulesError(
                f"--history {path}: its last line is cut off (a hand written when the program stopped?); "
                "--append would join the next hand to it: mend or remove that line first"
            )
    elif not force:
        raise StudrulesError(f"--history {path}: the file exists; --append continues it, --force replaces it")
    writable("--history", target)


def _ends_a_line(path) -> bool:
    """An empty file, or one whose last line is whole: its last byte ends a line, or
    the line is a whole record without its newline (the writer adds it before the next)."""
    from ..records.history_file import ends_with_newline, last_record

    return ends_with_newline(path) or isinstance(last_record(path), dict)


def same_file(a: Path, b: Path) -> bool:
    """The same file: one path once links are followed (files yet to be made too), or one file on disk."""
    try:
        if a.resolve() == b.resolve():
            return True
        return a.samefile(b)
    except (OSError, RuntimeError):
        return False


def show_when_done(write: Callable[[TextIO], T]) -> T:
    """Have ``write`` write what a command prints, kept meanwhile in a file (not in memory),
    and print it once ``write`` returns: where it raises (a history with a problem), only
    the problem is said, and none of what came before it."""
    import shutil
    import sys
    import tempfile

    with tempfile.TemporaryFile("w+", encoding="utf-8") as spool:
        done = write(spool)
        spool.seek(0)
        shutil.copyfileobj(spool, sys.stdout)
    return done
