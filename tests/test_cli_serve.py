"""``studrules serve``: the store it is given is never written over."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from studrules.cli.serve import check_store
from studrules.errors import StudrulesError

ROOT = Path(__file__).resolve().parents[1]


def test_a_missing_or_empty_store_or_an_sqlite_file_is_used(tmp_path):
    check_store(tmp_path / "new.db")
    (tmp_path / "empty.db").touch()
    check_store(tmp_path / "empty.db")
    sqlite3.connect(tmp_path / "old.db").execute("CREATE TABLE t (x)").connection.commit()
    check_store(tmp_path / "old.db")


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
