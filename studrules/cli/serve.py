"""``studrules serve``: tables in the browser, for friends playing together.

Starts the web server (:mod:`studrules.web`): a host opens the page, creates
a table and sends its link; the others join by name. Tables, seats, stacks
and every hand are kept in an SQLite file (``--db``), so stopping and
starting the server again loses nothing. It needs the optional extra:
``pip install '.[web]'`` in the studrules folder.
"""

from __future__ import annotations

import argparse
import errno
import os
import signal
import sqlite3
from pathlib import Path

from ..errors import StudrulesError
from ._common import whole_number

NAME = "serve"
HELP = "serve tables in the browser: friends join by a link and play (needs the 'web' extra)"
ORDER = 12

__all__ = ["NAME", "HELP", "add_arguments", "run", "check_store"]

_SQLITE = b"SQLite format 3\x00"
#: Why an address cannot be listened on, in words, by the error's number.
_BIND_WORDS = {
    errno.EADDRINUSE: "another program listens on that port",
    errno.EADDRNOTAVAIL: "that address is none of this machine's",
    errno.EACCES: "a port below 1024 needs the administrator's rights",
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--host", default="127.0.0.1", help="the address to listen on (default: 127.0.0.1, this machine only)"
    )
    parser.add_argument("--port", type=whole_number(1, 65535), default=8000, help="the port (default: 8000)")
    parser.add_argument(
        "--db",
        metavar="FILE",
        default="studrules-tables.db",
        help="the SQLite file of the tables (default: studrules-tables.db; made if missing, reused if it is one)",
    )
    parser.add_argument(
        "--allow-uploads",
        action="store_true",
        help="let players upload variant files (checked as 'studrules validate' checks them; off by default)",
    )
    parser.add_argument(
        "--seeded-tables",
        action="store_true",
        help="let a table be made with a seed (its deals fixed: for practice and tests; off by default, since "
        "whoever gives the seed knows every card)",
    )


def check_store(path: Path) -> None:
    """Refuse a ``--db`` that is some other file: it is never overwritten.

    A missing or empty file, an SQLite file with no tables, or a store this
    command wrote before is fine (the store's tables are made if missing); an
    SQLite file of another program, or one that cannot be read, is left as it
    is. The folder must let the store and its log be written there."""
    from ..web.store import store_problem  # (no library of the web extra: it reads SQLite only)

    folder = path.parent
    if not path.exists():
        if not folder.is_dir():
            raise StudrulesError(f"--db {path}: the folder {folder} does not exist")
    elif not path.is_file():
        raise StudrulesError(f"--db {path} is not a file")
    else:
        with path.open("rb") as f:
            head = f.read(len(_SQLITE))
        if head and head != _SQLITE:
            raise StudrulesError(f"--db {path} is not an SQLite file: it is left as it is (choose another --db)")
        problem = store_problem(path) if head else None
        if problem is not None:
            raise StudrulesError(
                f"--db {path} is not a studrules store: {problem}; it is left as it is (choose another --db)"
            )
    if not os.access(folder, os.W_OK | os.X_OK):
        raise StudrulesError(
            f"--db {path}: the folder {folder} cannot be written (the store and its log are kept there)"
        )


def check_address(host: str, port: int) -> None:
    """Refuse an address the server cannot listen on (a port another program holds, a host
    name that names no address of this machine), said before the server says it serves.

    >>> check_address("nosuchhost.invalid", 8000)
    Traceback (most recent call last):
    ...
    studrules.errors.StudrulesError: --host nosuchhost.invalid --port 8000: the server cannot listen there (the host name is not known)
    """
    import socket

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (OSError, UnicodeError):
        infos = []
    why = "the host name is not known"
    for family, kind, proto, _, address in infos:
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # (as the server binds it)
            try:
                probe.bind(address)
                return
            except OSError as err:
                why = _BIND_WORDS.get(err.errno or 0, str(err.strerror or err).lower())
    raise StudrulesError(f"--host {host} --port {port}: the server cannot listen there ({why})")


def run(args: argparse.Namespace) -> int:
    path = Path(args.db)
    check_store(path)
    try:
        import uvicorn

        from ..web.app import create_app
    except ImportError as err:
        raise StudrulesError(
            f"the web server needs the 'web' extra ({err.name} is missing): in the studrules folder, pip install '.[web]'"
        ) from None
    from ..web.serving import uvicorn_settings

    check_address(args.host, args.port)
    try:
        app = create_app(path, allow_uploads=args.allow_uploads, seeded_tables=args.seeded_tables)
    except sqlite3.Error as err:  # (one the checks above did not foresee: a disk full, a lock held)
        raise StudrulesError(f"--db {path}: the store cannot be opened ({err})") from None
    uploads = ", variant uploads on" if args.allow_uploads else ""
    print(f"studrules: tables at http://{args.host}:{args.port}/ (the store: {path}{uploads}); Ctrl-C stops")
    stopped: list[int] = []

    def on_stop(signum, frame) -> None:  # after uvicorn's own shutdown, which raises the signal again
        stopped.append(signum)

    previous = {sig: signal.signal(sig, on_stop) for sig in (signal.SIGTERM, signal.SIGINT)}
    try:
        uvicorn.run(app, host=args.host, port=args.port, **uvicorn_settings())
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        app.state.server.store.close()  # (the store's write-ahead files go with it)
    return 128 + stopped[-1] if stopped else 0
