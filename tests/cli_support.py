"""What the command-line tests share: a command run in this process
(:func:`run`, its exit code and what it wrote) or in a fresh one, as a user
runs it (:func:`studrules_process`)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from studrules.cli.main import main

ROOT = Path(__file__).resolve().parents[1]


def run(capsys, *argv: str) -> tuple[int, str, str]:
    """``studrules ARGV`` in this process: its exit code (a usage error's too), standard output and error."""
    try:
        code = main(list(argv))
    except SystemExit as stop:  # a usage error: argparse's exit, after the command's usage
        code = int(stop.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def studrules_process(*argv: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """``python -m studrules ARGV`` in a process of its own, from the checkout, with no input."""
    return subprocess.run(
        [sys.executable, "-m", "studrules", *argv],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        cwd=ROOT,
        timeout=timeout,
    )
