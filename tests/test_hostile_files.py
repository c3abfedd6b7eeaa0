"""Hostile files: each is refused quickly with a located message, and no
other file's content ever reaches a message (issue 15).

The files of ``tests/hostile/`` are small; the big ones are written here, in
the test, so nothing large is committed.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from studrules.cli.main import main
from studrules.errors import StudrulesError
from studrules.spec.loader import load_variant, load_variant_text

HOSTILE = Path(__file__).parent / "hostile"

#: A line a variant file never holds: text of the files an attack points at.
FOREIGN = ("root:", "Name:\t", "VmRSS", "Pid:", "hunter2")


def refused(call, *args, **kwargs) -> str:
    """The message of the error ``call`` raises, checked to come within a second."""
    start = time.perf_counter()
    with pytest.raises(StudrulesError) as err:
        call(*args, **kwargs)
    assert time.perf_counter() - start < 1.0
    return str(err.value)


def assert_no_foreign_text(message: str) -> None:
    for marker in FOREIGN:
        assert marker not in message


# --------------------------------------------------------------------------
# 1. extends, a script's or history's variant, --strategy: variant files only


@pytest.mark.parametrize(
    "name, said",
    [
        ("extends-etc-passwd.yaml", "'/etc/passwd' is not a variant file"),
        ("extends-proc-status.yaml", "'/proc/self/status' is not a variant file"),
        ("extends-a-folder.yaml", "'/' is a folder"),
        ("extends-up-two.yaml", "no variant '../../x.yaml'"),
    ],
)
def test_extends_reads_only_a_variant_file_and_says_so_at_the_extends_line(name, said):
    message = refused(load_variant, HOSTILE / name)
    assert f"{name}:2:10: extends:" in message  # line 2, the value after 'extends: '
    assert said in message
    assert_no_foreign_text(message)


def test_extends_does_not_leave_the_folder_of_the_file(tmp_path):
    # a real variant file outside the extending file's folder is not read either
    (tmp_path / "secret.yaml").write_text("name: s\nhunter2: 1\n", encoding="utf-8")
    (tmp_path / "sub").mkdir()
    for text in ("extends: ../secret.yaml\n", f"extends: {tmp_path / 'secret.yaml'}\n"):
        (tmp_path / "sub" / "v.yaml").write_text("name: v\n" + text, encoding="utf-8")
        message = refused(load_variant, tmp_path / "sub" / "v.yaml")
        assert "v.yaml:2:10: extends:" in message and "outside the folders" in message
        assert_no_foreign_text(message)
    # nor through a link beside it
    (tmp_path / "sub" / "link.yaml").symlink_to(tmp_path / "secret.yaml")
    (tmp_path / "sub" / "v.yaml").write_text("name: v\nextends: link.yaml\n", encoding="utf-8")
    assert "outside the folders" in refused(load_variant, tmp_path / "sub" / "v.yaml")


def test_a_variant_beside_or_below_the_file_and_a_shipped_name_still_extend(tmp_path):
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "base.yaml").write_text("extends: five-card-stud\nname: base\n", encoding="utf-8")
    (tmp_path / "v.yaml").write_text("extends: lib/base.yaml\nname: v\n", encoding="utf-8")
    assert load_variant(tmp_path / "v.yaml").name == "v"


def test_a_folder_a_pipe_or_another_file_given_as_the_variant_is_named_for_what_it_is(tmp_path):
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    assert "is a folder" in refused(load_variant, str(tmp_path))
    assert "not a regular file" in refused(load_variant, str(fifo))  # never opened: it would block
    assert "not a variant file" in refused(load_variant, "/etc/passwd")


def test_a_histories_variant_is_read_only_from_a_variant_file(tmp_path, capsys, monkeypatch):
    line = {"format": "studrules-history", "hand": 1, "variant": "/etc/passwd", "players": ["A", "B"]}
    path = tmp_path / "h.jsonl"
    path.write_text(json.dumps(line) + "\n", encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    message = capsys.readouterr().err
    assert "not a variant file" in message
    assert_no_foreign_text(message)
    # and a variant file elsewhere (not beside the history, the current folder or shipped) is not read
    (tmp_path / "sub").mkdir()
    line["variant"] = str(Path(__file__).parent / "hostile" / "extends-up-two.yaml")
    (tmp_path / "sub" / "h.jsonl").write_text(json.dumps(line) + "\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["replay", str(tmp_path / "sub" / "h.jsonl")]) == 1
    assert "outside the folders" in capsys.readouterr().err


def test_a_strategy_path_must_be_a_strategy_file(capsys):
    from studrules.spec.strategies import load_strategy

    message = refused(load_strategy, "/etc/passwd")
    assert "not a strategy file" in message
    assert_no_foreign_text(message)


def test_a_text_variant_extends_only_from_the_current_folder():
    message = refused(load_variant_text, "name: x\nextends: /etc/passwd\n", file="t.yaml")
    assert "t.yaml:2:10" in message and "not a variant file" in message
