"""``studrules serve``: the store it is given is never written over."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from studrules.cli.serve import check_store
from studrules.errors import StudrulesError
from studrules.web.store import Store

ROOT = Path(__file__).resolve().parents[1]


def test_a_missing_or_empty_store_an_sqlite_file_with_no_tables_or_a_store_written_before_is_used(tmp_path):
    check_store(tmp_path / "new.db")
    (tmp_path / "empty.db").touch()
    check_store(tmp_path / "empty.db")
    sqlite3.connect(tmp_path / "blank.db").execute(
        "PRAGMA user_version = 1"
    ).connection.commit()  # (a header, no table)
    check_store(tmp_path / "blank.db")
    Store(tmp_path / "ours.db").close()
    check_store(tmp_path / "ours.db")
    old = sqlite3.connect(tmp_path / "old.db")  # a store of the first layout: no sessions.extra, no tables.host
    old.executescript(
        "CREATE TABLE tables (id TEXT PRIMARY KEY, config TEXT, created REAL, state TEXT);"
        "CREATE TABLE sessions (table_id TEXT, dealer TEXT, hands INTEGER, active TEXT, last_variant TEXT, reason TEXT);"
    )
    old.commit()
    old.close()
    check_store(tmp_path / "old.db")


def _sqlite_of_another_program(path: Path) -> None:
    db = sqlite3.connect(path)
    db.executescript("CREATE TABLE users (name TEXT); INSERT INTO users VALUES ('ann');")
    db.commit()
    db.close()


def _sqlite_with_our_table_names_and_other_columns(path: Path) -> None:
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE tables (x INTEGER)")
    db.commit()
    db.close()


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (_sqlite_of_another_program, "tables of another program (users)"),
        (_sqlite_with_our_table_names_and_other_columns, "its table 'tables' has no column config"),
        (lambda path: path.write_bytes(b"SQLite format 3\x00" + b"garbage" * 20), "cannot be read"),
    ],
    ids=["another-program", "our-names-other-columns", "a-broken-file"],
)
def test_an_sqlite_file_that_is_not_a_store_is_refused_and_left_byte_for_byte(tmp_path, make, words):
    path = tmp_path / "their.db"
    make(path)
    before = path.read_bytes()
    with pytest.raises(StudrulesError, match="is not a studrules store") as caught:
        check_store(path)
    assert words in str(caught.value)
    assert path.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == ["their.db"]


@pytest.mark.skipif(
    os.geteuid() != 0 or shutil.which("setpriv") is None, reason="runs the command as nobody: needs root and setpriv"
)
def test_a_folder_the_store_cannot_be_written_in_is_refused_before_serving():
    # root writes anywhere: the command runs as nobody, in a folder nobody may read but not write
    # (made under /tmp: pytest's own folders are root's alone)
    base = Path(tempfile.mkdtemp(prefix="studrules-ro-", dir="/tmp"))
    base.chmod(0o755)
    folder = base / "ro"
    folder.mkdir(mode=0o555)
    tmp_path = base
    done = subprocess.run(
        [
            "setpriv",
            "--reuid=65534",
            "--regid=65534",
            "--clear-groups",
            sys.executable,
            "-m",
            "studrules",
            "serve",
            "--db",
            str(folder / "x.db"),
            "--port",
            "1",
        ],
        cwd=tmp_path,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert f"the folder {folder} cannot be written" in done.stderr
    assert list(folder.iterdir()) == []
    shutil.rmtree(base)


@pytest.mark.parametrize("what", ["text", "folder", "nowhere"])
def test_a_store_that_is_some_other_thing_is_refused_and_left_as_it_is(tmp_path, what):
    path = tmp_path / "notes.txt"
    if what == "text":
        path.write_text("my notes\n", encoding="utf-8")
    elif what == "folder":
        path.mkdir()
    else:
        path = tmp_path / "no" / "such" / "folder" / "x.db"
    with pytest.raises(StudrulesError, match="--db"):
        check_store(path)
    if what == "text":
        assert path.read_text(encoding="utf-8") == "my notes\n"


def test_the_command_refuses_such_a_store_with_a_message(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("my notes\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "studrules", "serve", "--db", str(path), "--port", "1"],
        cwd=tmp_path,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode != 0 and "not an SQLite file" in done.stderr and "Traceback" not in done.stderr
    assert path.read_text(encoding="utf-8") == "my notes\n"


def test_a_port_in_use_is_refused_before_the_server_says_it_serves(tmp_path, capsys):
    # another program holds the port: uvicorn's own "ERROR: [Errno 98]" came after
    # "tables at http://..."
    import socket

    from cli_support import run

    pytest.importorskip("uvicorn", reason="the server needs the 'web' extra: pip install '.[web]'")
    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        held.listen()
        port = held.getsockname()[1]
        code, out, err = run(capsys, "serve", "--port", str(port), "--db", str(tmp_path / "t.db"))
    assert code == 1 and "tables at" not in out
    assert (
        f"studrules: --host 127.0.0.1 --port {port}: the server cannot listen there (another program listens on that port)"
        in err
    )
    assert not (tmp_path / "t.db").exists()  # nothing made


def test_a_port_out_of_range_is_refused_with_or_without_the_web_extra(tmp_path, capsys):
    # a port of 99999 was an OverflowError traceback
    from cli_support import run

    code, out, err = run(capsys, "serve", "--port", "99999", "--db", str(tmp_path / "t.db"))
    assert code == 2 and "argument --port: must be at most 65,535, not 99,999" in err
    assert not (tmp_path / "t.db").exists()  # nothing made
