"""A --stake that turns the betting structure round is warned, naming both stakes.

The French file (variants/five-card-stud-fr.yaml) bets the low limit (10) on
the first two rounds and the high limit (20) on the last two; its text gives
no amounts and no rule linking them, so both stay literals in the file and a
stake that puts the high limit under the low one is the command line's to
point out."""

from __future__ import annotations

import pytest

from studrules.cli.main import main
from studrules.spec.loader import load_variant
from studrules.spec.stake_order import stake_order_warnings

FR = "five-card-stud-fr"


def _warnings(stakes):
    return stake_order_warnings(load_variant(FR), load_variant(FR, stakes=stakes), stakes)


def test_a_low_limit_above_the_high_limit_is_warned_with_both_stakes():
    # low_limit 30 > high_limit 20: rounds 3-4 (20) now bet less than rounds 1-2 (30)
    (warning,) = _warnings({"low_limit": 30})
    assert "high_limit (20, the bet of round-3) below low_limit (30, the bet of round-1)" in warning
    # the file's proportion (20 / 10) kept: the high limit to give with a low limit of 30 is 60
    assert "--stake low_limit=30 --stake high_limit=60" in warning


def test_a_high_limit_below_the_low_limit_is_warned_too():
    (warning,) = _warnings({"high_limit": 8})
    assert "high_limit (8, the bet of round-3) below low_limit (10, the bet of round-1)" in warning


@pytest.mark.parametrize(
    "stakes", [{"low_limit": 15}, {"low_limit": 20}, {"low_limit": 40, "high_limit": 80}, {"ante": 9}]
)
def test_stakes_that_keep_the_order_are_not_warned(stakes):
    # 15 < 20 keeps the order; 20 = 20 is a tie, not a reversal; both given in order; the ante bets no round
    assert _warnings(stakes) == []


def test_explain_prints_the_warning_on_stderr_and_still_explains(capsys):
    assert main(["explain", FR, "--stake", "low_limit=30"]) == 0
    captured = capsys.readouterr()
    assert captured.err.startswith("studrules: warning: --stake low_limit=30 puts high_limit")
    assert captured.err.count("\n") == 1  # one line, though three rounds pair up the same two stakes
    assert "high limit: 20" in captured.out


def test_a_two_sided_command_names_the_side_the_stake_was_given_for(capsys):
    assert main(["diff", FR, FR, "--stake-b", "low_limit=30"]) == 0
    assert "studrules: warning: --stake-b low_limit=30 puts high_limit" in capsys.readouterr().err
