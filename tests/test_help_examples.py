"""Every example a command's ``--help`` shows runs, not only parses.

The examples are read from the help text itself (what a user copies), run in
an empty folder holding the files they name (a house variant, a hand script,
a history, a PHH record), with their hand counts cut to quick sizes; each
must exit 0 and write the files it names (``--html``, ``--history``, ``-o``)."""

from __future__ import annotations

import argparse
import os
import shlex
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from studrules.cli.main import build_parser, main

ROOT = Path(__file__).resolve().parents[1]


def _examples() -> list[tuple[str, str]]:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    out = []
    for name, command in sorted(sub.choices.items()):
        text = command.format_help().split("\nexamples:\n", 1)[1]
        out.extend((name, line.strip()) for line in text.strip().splitlines())
    return out


EXAMPLES = _examples()

#: hand counts small enough for the default run (the examples show realistic ones)
QUICK = {"compare": "40", "simulate": "2000", "session": "3", "play": "2"}

#: the files an example writes, by the flag that names them
WRITES = ("--html", "--history", "-o")


def quick(name: str, words: list[str]) -> list[str]:
    """The example's words with ``-n`` cut to QUICK's size (added where a table would play on).

    >>> quick("simulate", ["simulate", "x", "-n", "200000"])
    ['simulate', 'x', '-n', '2000']
    >>> quick("play", ["play", "razz"])
    ['play', 'razz', '-n', '2']
    """
    words = list(words)
    if name not in QUICK:
        return words
    if "-n" in words:
        words[words.index("-n") + 1] = QUICK[name]
    else:
        words += ["-n", QUICK[name]]
    return words


@pytest.fixture(scope="module")
def inputs(tmp_path_factory):
    """The files the examples read, made once the way a user makes them: a
    house variant, a hand script, a history of two hands and its PHH record
    (hands.jsonl, hands.phh), and a PHH record of one hand (hand.phh)."""
    made = tmp_path_factory.mktemp("inputs")
    here = Path.cwd()
    os.chdir(made)
    try:
        (made / "my-house-game.yaml").write_text(
            "extends: five-card-stud\nname: my-house-game\nstakes: {ante: 2}\n", encoding="utf-8"
        )
        shutil.copy(ROOT / "tests" / "scenarios" / "fr-odd-chip-nearest-dealer.yaml", made / "my-hand.yaml")
        two = ["play", "seven-card-stud", "--bots-only", "-n", "2", "--seed", "1", "--history", "hands.jsonl"]
        assert main(two) == 0
        assert main(["export-phh", "hands.jsonl", "-o", "hands.phh"]) == 0
        one = ["play", "seven-card-stud", "--bots-only", "-n", "1", "--seed", "1", "--history", "one.jsonl"]
        assert main(one) == 0
        assert main(["export-phh", "one.jsonl", "-o", "hand.phh"]) == 0
    finally:
        os.chdir(here)
    return made


@pytest.fixture
def folder(inputs, tmp_path, monkeypatch):
    """A folder of its own for each example, holding copies of the inputs."""
    for path in inputs.iterdir():
        shutil.copy(path, tmp_path / path.name)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_every_command_shows_an_example():
    assert {name for name, _ in EXAMPLES} >= {"play", "compare", "simulate", "diff", "validate", "serve"}


#: examples of a few seconds each (an exact count, every shipped variant): soak
SLOW = ("studrules analyze three-card-poker --strategy", "studrules diff --all")


@pytest.mark.parametrize(
    "name, line",
    [
        pytest.param(name, line, marks=[pytest.mark.soak] if line.startswith(SLOW) else [])
        for name, line in EXAMPLES
        if name != "serve"
    ],
    ids=lambda x: x,
)
def test_a_help_example_runs_and_writes_what_it_names(name, line, folder, capsys):
    words = shlex.split(line)
    assert words[0] == "studrules"
    written = [folder / words[i + 1] for i, w in enumerate(words[:-1]) if w in WRITES]
    for path in written:
        path.unlink(missing_ok=True)
    assert main(quick(name, words[1:])) == 0, capsys.readouterr().err[-2000:]
    for path in written:
        assert path.is_file() and path.stat().st_size > 0, path


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.parametrize("line", [line for name, line in EXAMPLES if name == "serve"])
def test_a_serve_example_starts_a_server(line, tmp_path):
    pytest.importorskip("uvicorn")
    words = shlex.split(line)[1:]
    port = str(_free_port())  # the example's port may be taken on this machine
    if "--port" in words:
        words[words.index("--port") + 1] = port
    else:
        words += ["--port", port]
    server = subprocess.Popen(
        [sys.executable, "-m", "studrules", *words],
        cwd=tmp_path,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", int(port)), timeout=1).close()
                break
            except OSError:
                assert server.poll() is None, server.stdout.read() if server.stdout else ""
                time.sleep(0.2)
        else:
            pytest.fail("the server did not listen within 60 s")
    finally:
        server.terminate()
        code = server.wait(timeout=30)
    # SIGTERM stops it as Ctrl-C does: the store closed (no write-ahead files left), exit 143
    assert code == 143, server.stdout.read() if server.stdout else ""
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(("-wal", "-shm"))] == []
    assert [p.suffix for p in tmp_path.iterdir()] == [".db"]
