"""``play`` and ``session`` on the command line: what ``--phh`` needs is
checked before the first deal, as a usage error; without a terminal, a
session's switch of game is announced with the rule differences, as on one."""

from __future__ import annotations

import contextlib
import re

import pytest
from cli_support import run, studrules_process

from studrules.cli.main import main


def test_phh_without_a_history_is_a_usage_error_before_any_hand(tmp_path, capsys):
    phh = tmp_path / "hands.phh"
    code, out, err = run(capsys, "play", "razz", "--bots-only", "-n", "1", "--phh", str(phh))
    assert code == 2  # the README's exit code for a usage error
    assert "studrules play: error: --phh exports the saved hands: give --history FILE too" in err
    assert err.startswith("usage: studrules play")
    assert out == "" and not phh.exists()  # no hand dealt


def test_append_without_a_history_is_a_usage_error_before_any_hand(capsys):
    # --append continues the history --history names: without one it did nothing, silently
    for command in (["play", "razz"], ["session", "--variants", "razz"]):
        code, out, err = run(capsys, *command, "--bots-only", "-n", "1", "--append")
        assert code == 2 and out == ""
        assert f"studrules {command[0]}: error: --append continues a history: give --history FILE too" in err


def test_write_without_optimal_is_a_usage_error(tmp_path, capsys):
    target = tmp_path / "play.yaml"
    code, out, err = run(capsys, "analyze", "caribbean-stud-it", "--write", str(target))
    assert code == 2 and out == "" and not target.exists()
    assert "studrules analyze: error: --write writes the optimal play: give --optimal with it" in err


def test_phh_of_a_game_phh_has_no_code_for_is_refused_before_the_first_deal(tmp_path, capsys):
    history, phh = tmp_path / "h.jsonl", tmp_path / "hands.phh"
    argv = ["play", "five-card-stud-fr", "--bots-only", "-n", "1", "--history", str(history), "--phh", str(phh)]
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    # five cards in four streets: PHH's stud codes deal seven
    assert "studrules play: error: --phh: PHH has no code for this game (five-card-stud-fr): it deals 5 cards" in err
    assert not history.exists() and not phh.exists()


def test_a_session_exports_the_games_phh_can_write_and_says_which_it_leaves_out(tmp_path, capsys):
    history, phh = tmp_path / "h.jsonl", tmp_path / "hands.phh"
    argv = ["session", "--variants", "razz,five-card-stud-fr", "--bots-only", "-n", "2", "--seed", "1"]
    code, _, err = run(capsys, *argv, "--history", str(history), "--phh", str(phh))
    assert code == 0
    assert (
        "--phh leaves out the hands of a game it cannot write: PHH has no code for this game (five-card-stud-fr)" in err
    )
    assert err.index("leaves out") < err.index("history saved")  # said before the hands were played
    assert phh.read_text().count('variant = "FR"') == 1  # the one razz hand of the two


def test_play_help_says_what_phh_needs(capsys):
    with contextlib.suppress(SystemExit):  # (--help ends with exit code 0)
        main(["play", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "needs --history, and a game PHH has a code for (F7S, F7S/8, FR)" in text


def test_a_switch_of_game_without_a_terminal_prints_the_rule_differences():
    out = studrules_process("session", "--variants", "five-card-stud-fr,razz", "-n", "2", "--seed", "1")
    assert out.returncode == 0, out.stderr
    switch = out.stdout[out.stdout.index("== Hand 2:") :]
    assert switch.startswith("== Hand 2: the game changes to Razz")
    lines = switch.splitlines()
    assert lines[1] == "  What changes from five-card-stud-fr:"
    # French five-card stud is ranked high, razz ace-to-five low
    assert any(re.fullmatch(r" +ranking +high -> ace-to-five low", line) for line in lines[2:40])


def test_your_name_may_not_be_a_word_of_the_game(capsys, monkeypatch):
    # 'house' names the house in a hand's events and scripts: the table refuses it with a
    # message (it was a ValueError traceback from the first deal); 'dealer' likewise
    from studrules.cli import play

    monkeypatch.setattr(play, "interactive", lambda args: True)
    for name in ("house", "dealer"):
        code, out, err = run(capsys, "play", "razz", "--name", name, "-n", "1")
        assert code == 2 and out == "" and "Traceback" not in err  # (a malformed argument: a usage error)
        assert f"error: --name: '{name}' is a word of the game" in err


def test_no_bot_takes_your_name_in_other_capitals():
    # the bots are Ann, Bob, Cat...: you as 'ann' sit with Bob and Cat, not beside an 'Ann'
    from studrules.cli.play import seat_names

    assert seat_names(3, "ann") == ["ann", "Bob", "Cat"]
    assert seat_names(3, "Hero") == ["Hero", "Ann", "Bob"]


def test_a_stack_below_what_a_hand_against_the_house_needs_is_refused(capsys):
    # Three Card Poker: an ante of 10 and a play of 10, 20 chips a hand; with 15 bots alone
    # printed nothing at all, and at a terminal you were asked to buy in again for 15
    for command in (["play", "three-card-poker"], ["session", "--variants", "razz,three-card-poker"]):
        code, out, err = run(capsys, *command, "--bots-only", "--stack", "15")
        assert code == 1 and out == ""
        assert (
            "studrules: --stack 15: a hand of three-card-poker needs 20 chips (its ante, its side bets and its raises)"
            in err
        )
    code, out, err = run(capsys, "play", "three-card-poker", "--bots-only", "--stack", "20", "-n", "1")
    assert code == 0 and "== Hand 1" in out


def test_bots_alone_stopping_short_of_the_hands_asked_say_why(capsys):
    # 20 chips, a hand needs 20: with seed 1 Ann folds the first hand (her ante of 10 lost), and
    # 10 chips deal her no second hand of the three asked: the session says so (it said nothing)
    code, out, _ = run(
        capsys, "play", "three-card-poker", "--players", "1", "--stack", "20", "--bots-only", "-n", "3", "--seed", "1"
    )
    assert code == 0 and "Ann: 10 (-10)" in out
    assert "Session over after 1 hand: nobody has chips enough to play." in out
    # one hand asked and played: no summary, as before
    code, out, _ = run(capsys, "play", "razz", "--bots-only", "-n", "1", "--seed", "1")
    assert "Session over" not in out


def test_bots_alone_fill_a_table_of_ten_as_the_message_says(capsys):
    # 'at most 10 players at one table', but bots alone had nine names and --players 10 was refused
    code, out, err = run(
        capsys, "play", "five-card-stud-fr", "--players", "10", "--bots-only", "-n", "1", "--seed", "3"
    )
    assert code == 0 and err == ""
    assert out.splitlines()[0].endswith("to Ann, Bob, Cat, Dan, Eve, Fay, Gus, Hal, Ivy, Jay")
    code, out, err = run(capsys, "play", "five-card-stud-fr", "--players", "11", "--bots-only")
    assert code == 2 and "argument --players: five-card-stud-fr is played by 2 to 10 players, not 11" in err


@pytest.mark.parametrize(
    "game, enough",
    [
        # "the player must make three equal bets": 10 + 10 + 10 (a bet of 10)
        ("let-it-ride", 30),
        # an ante of 5 and a raise of at least 1x at each of the three decisions: 5 + 3 x 5
        ("mississippi-stud", 20),
        # Caribbean Stud: the ante of 10 and one call of twice the ante (one decision)
        ("caribbean-stud-it", 30),
    ],
)
def test_a_hand_against_the_house_needs_every_wager_it_may_ask_at_its_least(capsys, game, enough):
    code, out, err = run(capsys, "play", game, "--bots-only", "--stack", str(enough - 1))
    assert code == 1 and f"a hand of {game} needs {enough} chips" in err
    code, out, err = run(capsys, "play", game, "--bots-only", "--stack", str(enough), "-n", "1")
    assert code == 0 and "== Hand 1" in out
