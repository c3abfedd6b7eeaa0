"""A user's mistake on the command line gets one clear message, never a traceback."""

from __future__ import annotations

import pytest

from studrules.cli.main import main


@pytest.mark.parametrize(
    "argv, code, words",
    [
        (
            ["play", "five-card-stud-fr", "--option", "x=y"],
            1,
            # the variant is named as the user named it, not by its file inside the checkout
            "studrules: five-card-stud-fr: unknown option 'x': options of five-card-stud-fr: open_fold, bring_in_player, open_pair_high, completion",
        ),
        (
            ["explain", "five-card-stud-fr", "--stake", "antee=3"],
            1,
            "studrules: five-card-stud-fr: unknown stake 'antee': did you mean 'ante'? stakes of five-card-stud-fr: ",
        ),
        (["play", "nosuch"], 1, "studrules: no variant 'nosuch'; shipped variants:"),
        (
            ["explain", "five-card-stud-he", "--option", "ante=maybe"],
            1,
            "option 'ante' has no choice 'maybe': choose one of yes, no",
        ),
        (["simulate", "five-card-stud-fr"], 1, "simulate plays games against the house; five-card-stud-fr is a pot"),
        (["replay", "/nonexistent/script.yaml"], 1, "no hand script or history file '/nonexistent/script.yaml'"),
    ],
)
def test_a_bad_argument_is_one_message_without_a_traceback(argv, code, words, capsys):
    assert main(argv) == code
    err = capsys.readouterr().err
    assert words in err
    assert "Traceback" not in err


def test_a_file_the_user_gave_keeps_its_path_in_an_error_about_an_option(tmp_path, capsys):
    from studrules.spec.resources import variants_dir

    path = tmp_path / "mine.yaml"
    path.write_text((variants_dir() / "five-card-stud-fr.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    assert main(["explain", str(path), "--option", "x=y"]) == 1
    assert capsys.readouterr().err.startswith(f"studrules: {path}: unknown option 'x': ")


def test_a_problem_the_stakes_given_cause_says_the_stakes(capsys):
    # seven-card stud brings in for 3 and bets 10 on third street: --stake bring_in=30 makes
    # a bring-in that could not be completed. The message is placed at the file's bring-in
    # (seven-card-stud.yaml, line 30, column 64) and says which --stake made it so
    assert main(["play", "seven-card-stud", "--stake", "bring_in=30", "-n", "1"]) == 1
    err = capsys.readouterr().err
    assert err == (
        "studrules: variants/seven-card-stud.yaml:30:64: steps[2].betting.bring_in.amount: with --stake bring_in=30: "
        "the bring-in (30) is more than the bet (10) of its round: it could not be completed\n"
    )


@pytest.mark.parametrize(
    "argv, words",
    [
        # an audit's finding: the last of two choices was taken without a word
        (
            [
                "analyze",
                "caribbean-stud-it",
                "--option",
                "progressive=jackpot_500",
                "--option",
                "progressive=jackpot_100",
            ],
            "argument --option: 'progressive' is given twice, jackpot_500 and jackpot_100: give it once",
        ),
        (
            ["play", "razz", "--stake", "ante=2", "--stake", "ante=3"],
            "argument --stake: 'ante' is given twice, 2 and 3",
        ),
        (
            ["play", "three-card-poker", "--side-bet", "pair_plus=5", "--side-bet", "pair_plus=10"],
            "argument --side-bet: 'pair_plus' is given twice, 5 and 10: give it once",
        ),
    ],
)
def test_a_setting_given_twice_with_two_values_is_a_usage_error(argv, words, capsys):
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err


def test_a_stake_given_twice_as_the_same_number_of_chips_is_no_conflict(capsys):
    # a review's finding: '--stake ante=2 --stake ante=02' was refused as two values
    assert main(["explain", "razz", "--stake", "ante=2", "--stake", "ante=02"]) == 0
    assert "Traceback" not in capsys.readouterr().err


@pytest.mark.parametrize(
    "argv",
    [
        # an audit's finding: int() read other scripts' digits ('١٠' is 10), which nobody types
        ["play", "razz", "--stake", "low_limit=١٠"],
        ["play", "razz", "--seed", "١"],
        ["simulate", "three-card-poker", "-n", "١٠"],
        ["play", "razz", "--seed", "1" * 5000],  # (said shortly: the message is no 5 KB)
    ],
)
def test_a_number_in_other_digits_is_no_number(argv, capsys):
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "whole number" in err and len(err.splitlines()[-1]) < 200


def test_an_action_s_amount_is_written_in_ascii_digits():
    from studrules.errors import ScriptError
    from studrules.game.actions import Action

    with pytest.raises(ScriptError, match="the amount must be a whole number of chips, not '١٠'"):
        Action.parse("Ann complete ١٠")
    assert Action.parse("Ann complete 10").amount == 10
