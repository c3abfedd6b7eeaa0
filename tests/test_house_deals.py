"""Against the house the house deals: a hand of a banked game names no seat as its dealer
(the announcements, the terminal's line for each hand, the header of each hand without a
terminal), while a session mixing pot games and games against the house moves the button
every hand, so that its pot games are dealt in turn as ever."""

from __future__ import annotations

import io

from cli_support import run
from rich.console import Console

from studrules.cli import play
from studrules.game.policies import CheckCall
from studrules.table.session import Session
from studrules.table.terminal import TerminalPlayer

TCP = "three-card-poker"


def test_a_mixed_session_names_the_dealer_of_its_pot_games_only():
    s = Session(["five-card-stud-fr", TCP], ["Ann", "Bob"], {"Ann": CheckCall(), "Bob": CheckCall()}, hands=3, seed=1)
    reports = s.play()
    # the button: Bob (at the first player's right), Ann, Bob; the house deals hand 2
    assert [r.dealer for r in reports] == ["Bob", "Ann", "Bob"]
    assert [r.dealing for r in reports] == ["Bob", None, "Bob"]
    assert reports[0].announcement().endswith(", Bob deals.")
    assert reports[1].announcement().splitlines()[0] == (
        "Hand 2: the game changes to Three Card Poker (casino table game) (three-card-poker)."
    )
    assert reports[2].announcement().splitlines()[0].endswith("(five-card-stud-fr); Bob deals.")


def test_without_a_terminal_a_banked_hand_names_its_positions_not_a_dealer(capsys):
    code, out, _ = run(capsys, "play", TCP, "--players", "2", "-n", "1", "--seed", "1")
    assert code == 0
    assert "== Hand 1: Three Card Poker (casino table game) (three-card-poker); Ann, Bob against the house\n" in out


class _Folder(TerminalPlayer):
    def __init__(self, console=None):
        super().__init__(Console(file=io.StringIO(), width=160, force_terminal=False), read=self._answer)

    def _answer(self, prompt: str) -> str:
        return "f" if prompt == "> " else ""  # fold; Enter for the next hand


def test_at_the_terminal_a_banked_hand_names_no_dealer(capsys, monkeypatch):
    made: list[_Folder] = []
    monkeypatch.setattr(play, "interactive", lambda args: True)
    monkeypatch.setattr(play, "TerminalPlayer", lambda console=None: made.append(_Folder()) or made[-1])
    code, _, _ = run(capsys, "play", TCP, "--players", "1", "-n", "2", "--seed", "1")
    (me,) = made
    screen = me.console.file.getvalue()
    assert code == 0 and "\nHand 2.\n" in screen and "deals" not in screen
