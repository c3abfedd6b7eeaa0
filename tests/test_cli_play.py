"""`studrules play` through a pseudo-terminal (standard library pty), and without a terminal."""

from __future__ import annotations

import fcntl
import io
import json
import os
import pty
import re
import select
import signal
import subprocess
import sys
import termios
import time
import warnings
from pathlib import Path

import pytest
from cli_support import studrules_process

ROOT = Path(__file__).resolve().parents[1]
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07")

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")


def _controlling_tty() -> None:  # in the child: the pty becomes its terminal, so Ctrl-C is SIGINT
    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class Terminal:
    """``studrules ARGS`` on a pseudo-terminal: expect text, type keys."""

    def __init__(self, *args: str, **extra_env: str):
        self.master, slave = pty.openpty()
        env = dict(
            os.environ,
            COLUMNS="110",
            LINES="60",
            TERM="xterm",
            PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""),
        )
        env.pop("NO_COLOR", None)
        env.update(extra_env)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "studrules", *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            cwd=ROOT,
            env=env,
            close_fds=True,
            preexec_fn=_controlling_tty,
        )
        os.close(slave)
        self.buf = ""

    def expect(self, pattern: str, timeout: float = 30) -> str:
        rx = re.compile(pattern)
        end = time.time() + timeout
        while True:
            m = rx.search(self.buf)
            if m:
                seen, self.buf = self.buf[: m.end()], self.buf[m.end() :]
                return seen
            left = end - time.time()
            if left <= 0:
                raise AssertionError(f"{pattern!r} never appeared; the screen ends with:\n{self.buf[-1500:]}")
            ready, _, _ = select.select([self.master], [], [], left)
            if ready:
                try:
                    data = os.read(self.master, 65536)
                except OSError:
                    data = b""
                if not data:
                    raise AssertionError(f"the program ended before {pattern!r}:\n{self.buf[-1500:]}")
                self.buf += ANSI.sub("", data.decode("utf-8", "replace")).replace("\r\n", "\n")

    def type(self, text: str) -> None:
        os.write(self.master, text.encode())

    def interrupt(self, pattern: str) -> str:
        """Ctrl-C once the program waits at its prompt, then expect ``pattern`` (a SIGINT that
        lands between the prompt's printing and input()'s read() is only seen at the next key:
        CPython's input() checks for signals when a read is interrupted, not before it starts).

        In some full runs of the suite the terminal echoed ``^C`` and the program went on
        waiting, its Ctrl-C never delivered (the cause is not found; alone the tests pass): the
        SIGINT the terminal should have sent is then sent to the program itself, with a
        warning that shows the program's signal state, so the program's handling of Ctrl-C
        is still what is tested."""
        time.sleep(0.3)
        self.type("\x03")
        try:
            return self.expect(pattern, timeout=10)
        except AssertionError as silent:
            if "ended before" in str(silent):
                raise
            try:
                with open(f"/proc/{self.proc.pid}/status", encoding="utf-8") as f:
                    state = [line for line in f.read().splitlines() if line.startswith(("Sig", "ShdPnd"))]
            except OSError:
                state = []
            warnings.warn(
                f"Ctrl-C on the terminal did not reach the program ({state}): SIGINT sent to it", stacklevel=2
            )
            os.kill(self.proc.pid, signal.SIGINT)
            return self.expect(pattern)

    def close(self) -> int:
        try:
            return self.proc.wait(30)
        finally:
            os.close(self.master)


PROMPT = r"\n> "


def test_play_on_a_terminal_start_act_see_the_board_finish_a_hand_and_quit(tmp_path):
    history = tmp_path / "h.jsonl"
    t = Terminal("play", "--seed", "1", "--players", "3", "--bots", "check-call", "--history", str(history))
    screen = t.expect(PROMPT)
    # the table as the seat sees it: our own down card in brackets, others' down cards hidden, the pot, whose turn;
    # on a terminal the suits are symbols
    assert "Five Card Stud (French rules)" in screen
    assert "Hero *" in screen and re.search(r"\[[2-9TJQKA][♣♦♥♠]\]", screen)
    assert "▒▒" in screen and "pot " in screen and "your turn" in screen
    assert "[c]" in screen and "[f] fold" in screen
    t.type("nonsense\n")
    assert "not one of your choices" in t.expect(PROMPT)
    # check or call until the hand is over
    while True:
        t.type("c\n")
        seen = t.expect(r"\n> |next hand,[^\n]* q to leave: ")
        if "next hand" in seen:
            break
    assert "Hand over:" in seen and "Hero:" in seen
    t.type("q\n")
    end = t.expect(r"history saved to .*\n")
    assert "Session over after 1 hand" in end
    assert t.close() == 0
    (line,) = history.read_text().splitlines()
    assert json.loads(line)["players"][0] == "Hero"


def test_an_amount_is_asked_when_there_is_a_range_and_ctrl_c_saves_the_history(tmp_path):
    history = tmp_path / "h.jsonl"
    # seven-card stud's fourth street may allow two bet sizes; razz/no-limit ranges are also asked;
    # here we only need a bet prompt: play a pot game and bet when we can
    t = Terminal("play", "--seed", "2", "--players", "2", "--bots", "check-call", "--history", str(history))
    seen = t.expect(PROMPT)
    for _ in range(20):
        if "[b]" in seen:
            break
        t.type("c\n")
        seen = t.expect(r"\n> |next hand,[^\n]* q to leave: ")
        if "next hand" in seen:
            t.type("\n")
            seen = t.expect(PROMPT)
    t.type("b\n")
    after = t.expect(r"how much.*\? |\n> ")
    if "how much" in after:
        t.type("9999\n")
        assert "not allowed" in t.expect(r"how much.*\? ")
        t.type(re.search(r"\((\d+)", after).group(1) + "\n")
        t.expect(r"\n> |next hand,[^\n]* q to leave: ")
    end = t.interrupt(r"history saved to .*\n")  # Ctrl-C once the program waits at its prompt
    assert t.close() == 130
    # the summary and the saved count agree: the hands played, and the one under way saved unfinished
    over = re.search(r"Session over (after (\d+) hand|before any hand was finished)", end)
    played = int(over.group(2) or 0)
    saved = re.search(r"\((\d+) hands?(: (\d+) played and hand (\d+) unfinished)?\)", end)
    assert saved.group(3) is None or int(saved.group(3)) == played
    assert int(saved.group(1)) == played + (1 if saved.group(2) else 0)
    lines = history.read_text().splitlines()
    assert lines, "the hand in progress is saved"
    assert json.loads(lines[-1])["actions"]


def test_no_color_on_a_terminal_gives_plain_letters():
    t = Terminal("play", "--seed", "1", "--players", "3", "--bots", "check-call", NO_COLOR="1")
    screen = t.expect(PROMPT)
    assert re.search(r"\[[2-9TJQKA][cdhs]\]", screen) and "##" in screen
    assert not re.search("[♣♦♥♠▒]", screen)
    t.type("q\n")
    t.expect(r"\[y/N\] ")  # leaving in the middle of a hand is asked
    t.type("y\n")
    assert "you left the table during hand 1" in t.expect(r"Session over.*\n")
    assert t.close() == 0


def test_bots_only_output_has_one_header_line_a_hand():
    out = studrules_process("play", "--seed", "5", "--hands", "2")
    assert out.returncode == 0, out.stderr
    headers = [line for line in out.stdout.splitlines() if "Five Card Stud" in line]
    assert len(headers) == 2 and all(line.startswith("== Hand ") for line in headers)


def test_play_without_a_terminal_lets_bots_play_and_prints_the_history():
    out = studrules_process("play", "--seed", "5")
    assert out.returncode == 0, out.stderr
    assert "Five Card Stud (French rules)" in out.stdout
    assert "-- betting round 1" in out.stdout and "-- result" in out.stdout
    assert "Traceback" not in out.stderr


def test_banked_play_without_a_terminal_shows_each_positions_settlement():
    out = studrules_process("play", "caribbean-stud-it", "--seed", "3")
    assert out.returncode == 0, out.stderr
    assert "house:" in out.stdout
    assert not re.search(r"[a-z]_[a-z]+ pays", out.stdout)  # pay lines in words: 'two pair pays', never 'two_pair'


def test_bad_bot_name_is_a_message_not_a_traceback():
    out = studrules_process("play", "--bots", "shark")
    assert out.returncode == 2 and "unknown bot 'shark'" in out.stderr and "Traceback" not in out.stderr
    assert out.stderr.startswith("usage: studrules play")  # a usage error


def test_an_amount_range_is_asked_for_and_a_wrong_amount_answered_with_the_choices():
    from rich.console import Console

    from studrules.game.actions import LegalAction
    from studrules.table.terminal import TerminalPlayer, _keys

    class FakeView:
        player = "Hero"
        legal = (LegalAction("fold"), LegalAction("call", amount=10), LegalAction("raise", min=20, max=95))

    answers = iter(["500", "abc", "40"])
    console = Console(file=io.StringIO(), force_terminal=False)
    me = TerminalPlayer(console, read=lambda prompt: next(answers))
    keys = _keys(FakeView.legal)
    assert set(keys) == {"f", "c", "r"}
    action = me.parse("r", FakeView, keys)
    assert (action.verb, action.amount) == ("raise", 40)
    assert me.parse("r 97", FakeView, keys) is None  # above the range: refused, nothing done
    assert me.parse("c", FakeView, keys).verb == "call"
