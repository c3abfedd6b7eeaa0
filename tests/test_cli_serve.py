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
