"""What the command-line tests share: a command run in this process
(:func:`run`, its exit code and what it wrote) or in a fresh one, as a user
runs it (:func:`studrules_process`), and a person at the terminal who types
given answers (:class:`Scripted`)."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

from rich.console import Console

from studrules.cli.main import main
from studrules.table.terminal import TerminalPlayer

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


class Scripted(TerminalPlayer):
    """A person who types ``answers`` in turn (an EOFError instance: Ctrl-D); the prompts
    and the screen are kept."""

    def __init__(self, *answers):
        super().__init__(Console(file=io.StringIO(), width=160, force_terminal=False), read=self._next)
        self.answers = list(answers)
        self.prompts: list[str] = []

    def _next(self, prompt: str) -> str:
        self.prompts.append(prompt)
        answer = self.answers.pop(0)
        if isinstance(answer, BaseException):
            raise answer
        return answer

    @property
    def screen(self) -> str:
        return self.console.file.getvalue()
