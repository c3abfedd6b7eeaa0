"""What loading keeps between runs: a folder of the user's cache.

A short command (``explain``, ``list``, ``validate``) spends most of its
time reading YAML, checking it against the schema (``jsonschema`` alone takes
tens of milliseconds to import) and building the expression parser. Their
results depend only on the files read and on this package's code, so they
are kept, keyed by both:

- the expression parser (Lark's own cache file, checked by Lark against the
  grammar);
- a loaded variant (:func:`cached`): the pickled result, with the SHA-256 of
  every file it read; a file changed since gives a new load.

The folder is ``$STUDRULES_CACHE``, else ``$XDG_CACHE_HOME/studrules``, else
``~/.cache/studrules``; ``STUDRULES_CACHE=off`` (or empty) keeps nothing.
A folder that cannot be written is no error: the work is done again.
Entries are pickles, read back only from that folder (the user's own, as
Python's ``__pycache__``).
"""

from __future__ import annotations

import functools
import os
import pickle
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

__all__ = ["cache_dir", "cached", "code_stamp", "note_read", "sha256_hex"]

T = TypeVar("T")


def sha256_hex(data: bytes) -> str:
    """The SHA-256 of ``data`` in hexadecimal, from CPython's own module where it has
    one: ``hashlib`` loads OpenSSL, 3.5 MB of a session's memory, for this one digest.

    >>> sha256_hex(b"abc")[:16]
    'ba7816bf8f01cfea'
    """
    return str(_SHA256(data).hexdigest())


def _sha256_function() -> Callable[[bytes], Any]:
    """CPython's own SHA-256 (``_sha2`` from 3.12, ``_sha256`` before), else hashlib's."""
    import importlib

    for name in ("_sha2", "_sha256"):
        try:
            return importlib.import_module(name).sha256  # type: ignore[no-any-return]
        except (ImportError, AttributeError):
            continue
    import hashlib

    return hashlib.sha256


_SHA256 = _sha256_function()

_PACKAGE = Path(__file__).resolve().parents[1]  # the studrules package
#: the code a loaded variant depends on: a change there is a new stamp
_CODE = ("__init__.py", "spec", "cards", "errors.py", "analysis")  # analysis: a rule book's text

# the files read by the computations running now, innermost last: a result
# made from another kept result depends on that one's files too
_RECORDING: list[list[Path]] = []
# the digests of the bytes each of them read, by real path (None: read twice, not the same)
_DIGESTS: list[dict[str, str | None]] = []


def note_read(path: str | os.PathLike[str], data: bytes) -> None:
    """Say that ``data`` was read from ``path``: the results being computed are kept against
    the digest of these bytes, not of the file as it is once they are done (a file edited in
    between gives a new computation next time rather than a result of its old content)."""
    if _DIGESTS:
        _noted(os.path.realpath(path), sha256_hex(data))


def _noted(where: str, sha: str | None) -> None:
    for seen in _DIGESTS:
        seen[where] = sha if seen.get(where, sha) == sha else None


def cache_dir() -> Path | None:
    """The folder of the cache, ``None`` when caching is off.

    >>> cache_dir() is None or cache_dir().is_absolute() or cache_dir()
    True
    """
    chosen = os.environ.get("STUDRULES_CACHE")
    if chosen is not None:
        return None if chosen.strip() in ("", "off", "0", "no") else Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "studrules"


@functools.cache
def code_stamp() -> str:
    """A digest of the size and time of every module a loaded variant depends
    on (the package's ``__init__`` and its version among them), and of the
    schema: a new checkout or an edit is a new stamp."""
    from .resources import schemas_dir

    parts = [str(_PACKAGE)]
    files = [schemas_dir() / "variant.schema.json"]
    for name in _CODE:
        where = _PACKAGE / name
        files += sorted(where.glob("*.py")) if where.is_dir() else [where]
    for f in files:
        try:
            st = f.stat()
        except OSError:
            continue
        parts.append(f"{f}:{st.st_size}:{st.st_mtime_ns}")
    return sha256_hex("\n".join(parts).encode())[:32]


def cached(kind: str, key: Sequence[object], compute: Callable[[list[Path]], T]) -> T:
    """``compute(read)``, or its result kept from an earlier run with the same
    ``key`` (its parts' ``repr``), the same code and the same content of
    every file ``compute`` put in ``read`` (and every file of the kept
    results it used). An exception is never kept.

    >>> import uuid; key = [uuid.uuid4().hex]
    >>> first = cached("demo", key, lambda read: 42)
    >>> again = cached("demo", key, lambda read: 0)  # 42 again, unless caching is off
    >>> first, again in (0, 42)
    (42, True)
    """
    folder = cache_dir()
    if folder is None:
        return compute([])
    digest = sha256_hex(repr((code_stamp(), kind, *key)).encode())[:40]
    entry = folder / f"{kind}-{digest}.pickle"
    try:
        with open(entry, "rb") as f:
            read_then, value = pickle.load(f)
        if all(_content(Path(path)) == sha for path, sha in read_then):
            for outer in _RECORDING:
                outer.extend(Path(path) for path, _ in read_then)
            for path, sha in read_then if _DIGESTS else ():
                _noted(os.path.realpath(path), sha)
            return value  # type: ignore[no-any-return]
    except Exception:  # no entry, a stale or broken one: compute again
        pass
    read: list[Path] = []
    digests: dict[str, str | None] = {}
    _RECORDING.append(read)
    _DIGESTS.append(digests)
    try:
        value = compute(read)
    finally:
        _RECORDING.pop()
        _DIGESTS.pop()
    for outer in _RECORDING:
        outer.extend(read)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        # (each file as it was read where it was: as it is now where it was not)
        where = {p: os.path.realpath(p) for p in dict.fromkeys(read)}
        stamp = [(str(p), digests[w] if w in digests else _content(p)) for p, w in where.items()]
        if any(sha is None for _, sha in stamp):  # (a file that changed kind, size or content: not kept)
            return value
        scratch = entry.with_suffix(f".{os.getpid()}.tmp")
        with open(scratch, "wb") as f:
            pickle.dump((stamp, value), f, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(scratch, entry)
    except Exception:  # a folder that cannot be written, a value that cannot be pickled: not kept
        pass
    return value


def parser_cache_file(name: str) -> str | None:
    """Where Lark keeps the parser of grammar ``name`` (it checks the grammar itself), ``None`` when off."""
    folder = cache_dir()
    if folder is None:
        return None
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return str(folder / f"{name}.lark-cache")


#: The largest file whose content a kept result is checked against (the largest the
#: loaders read is a strategy's 4,000,000 bytes): a larger one is read no further.
_LARGEST = 8_000_000


def _content(path: Path) -> str | None:
    """The digest of a regular file of at most :data:`_LARGEST` bytes, else None (the result
    is computed again, and the loader says what is wrong with the file): a pipe put in a file's
    place is not opened (it would wait for a writer), a device or a huge file not read whole.

    >>> _content(Path("/dev/zero")) is None
    True
    """
    import stat

    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return None
        with open(path, "rb") as f:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
                return None
            data = f.read(_LARGEST + 1)
    except OSError:
        return None
    return None if len(data) > _LARGEST else sha256_hex(data)
