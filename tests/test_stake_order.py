"""A --stake that turns the betting structure round is warned, naming both stakes.

The casino file (variants/five-card-stud.yaml) bets the low limit (10) on the
first two rounds and the high limit (20) on the last two, both literals: a
stake that puts the high limit under the low one is the command line's to
point out (and a ``StakeOrderWarning`` for Python callers). The French file
writes the high limit as twice the low limit, so a low limit alone keeps the
order; only a high limit given below the low one turns it round."""

from __future__ import annotations

import warnings

import pytest

from studrules.cli.main import main
from studrules.errors import StakeOrderWarning
from studrules.spec.loader import load_variant
from studrules.spec.stake_order import stake_order_warnings

CASINO = "five-card-stud"  # low_limit: 10, high_limit: 20, both literals
FR = "five-card-stud-fr"  # low_limit: 10, high_limit: 2 * low_limit


def _warnings(stakes, name=CASINO):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", StakeOrderWarning)
        return stake_order_warnings(load_variant(name), load_variant(name, stakes=stakes), stakes)


def test_a_low_limit_above_the_high_limit_is_warned_with_both_stakes():
    # low_limit 30 > high_limit 20: rounds 3-4 (20) now bet less than rounds 1-2 (30)
    (warning,) = _warnings({"low_limit": 30})
    assert "high_limit (20, the bet of round-3) below low_limit (30, the bet of round-1)" in warning
    # the file's proportion (20 / 10) kept: the high limit to give with a low limit of 30 is 60
    assert "--stake low_limit=30 --stake high_limit=60" in warning


def test_a_high_limit_below_the_low_limit_is_warned_too():
    (warning,) = _warnings({"high_limit": 8})
    assert "high_limit (8, the bet of round-3) below low_limit (10, the bet of round-1)" in warning


def test_a_high_limit_written_as_twice_the_low_limit_follows_it_without_a_warning():
    # the French file: high_limit = 2 * low_limit, so low_limit 30 gives 60 and keeps the order
    assert load_variant(FR, stakes={"low_limit": 30}).stake_values()["high_limit"] == 60
    assert _warnings({"low_limit": 30}, FR) == []
    # a high limit given below the low one still turns it round: 8 < 10
    (warning,) = _warnings({"high_limit": 8}, FR)
    assert "high_limit (8, the bet of round-3) below low_limit (10, the bet of round-1)" in warning


def test_python_callers_get_a_stake_order_warning_naming_both_stakes():
    with pytest.warns(StakeOrderWarning, match=r"stakes=\{'low_limit': 30\} put high_limit \(20"):
        variant = load_variant(CASINO, stakes={"low_limit": 30})
    assert variant.stake_values()["low_limit"] == 30  # loaded all the same
    # stakes in the file's order load silently; so does a tie (20 = 20)
    with warnings.catch_warnings():
        warnings.simplefilter("error", StakeOrderWarning)
        load_variant(CASINO, stakes={"low_limit": 20})
        load_variant(FR, stakes={"low_limit": 30})


@pytest.mark.parametrize(
    "stakes", [{"low_limit": 15}, {"low_limit": 20}, {"low_limit": 40, "high_limit": 80}, {"ante": 9}]
)
def test_stakes_that_keep_the_order_are_not_warned(stakes):
    # 15 < 20 keeps the order; 20 = 20 is a tie, not a reversal; both given in order; the ante bets no round
    assert _warnings(stakes) == []


def test_explain_prints_the_warning_on_stderr_and_still_explains(capsys):
    assert main(["explain", CASINO, "--stake", "low_limit=30"]) == 0
    captured = capsys.readouterr()
    assert captured.err.startswith("studrules: warning: --stake low_limit=30 puts high_limit")
    assert captured.err.count("\n") == 1  # one line, though three rounds pair up the same two stakes
    assert "high limit (high_limit): 20" in captured.out


def test_a_two_sided_command_names_the_side_the_stake_was_given_for(capsys):
    assert main(["diff", CASINO, CASINO, "--stake-b", "low_limit=30"]) == 0
    assert "studrules: warning: --stake-b low_limit=30 puts high_limit" in capsys.readouterr().err


def test_a_scripts_stakes_that_turn_the_order_round_are_one_warning_line_in_the_command_line(tmp_path, capsys):
    # the script's stakes reach load_variant, whose StakeOrderWarning the command line prints as its own line
    script = tmp_path / "reversed.yaml"
    script.write_text(
        "variant: five-card-stud\nstakes: {low_limit: 30}\nplayers: [Ann, Bob]\nstacks: 500\nseed: 3\nactions: []\n",
        encoding="utf-8",
    )
    assert main(["replay", str(script)]) == 0
    err = capsys.readouterr().err
    assert err.startswith("studrules: warning: stakes={'low_limit': 30} put high_limit (20")
    assert err.count("\n") == 1


# --- a stake worked out to a fraction of a chip --------------------------------

HE = "five-card-stud-he"  # ante: max(1, low_limit / 5) ("about 1/5"), bring_in: low_limit / 2
FR = "five-card-stud-fr"  # ante: low_limit / 2, bring_in: ante


def test_the_hebrew_texts_own_example_stakes_make_the_bring_in_a_fraction_of_a_chip():
    # The text's $3/$6: a bring-in of 3 / 2 = 1.5 chips; chips are whole, so it is played
    # as 1, and said. Its ante, "about" a fifth of the low bet, is at least one chip: 1
    # (a fifth, 0.6, would be played as no ante at all), whole, so unsaid.
    (bring_in,) = _warnings({"low_limit": 3}, HE)
    assert bring_in.startswith("--stake low_limit=3 makes bring_in (low_limit / 2) 1.5 of a chip: it is played as 1")
    assert "--stake bring_in=N" in bring_in
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", StakeOrderWarning)
        played = load_variant(HE, stakes={"low_limit": 3}).stake_values()
    assert (played["ante"], played["bring_in"]) == (1, 1)


def test_a_stake_read_from_a_rounded_one_takes_its_played_value():
    # The French file at a low limit of 5: an ante of 5 / 2 = 2.5, played as 2 and said;
    # its bring-in is the ante: the 2 played, whole, so unsaid
    (ante,) = _warnings({"low_limit": 5}, FR)
    assert ante.startswith("--stake low_limit=5 makes ante (low_limit / 2) 2.5 of a chip: it is played as 2")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", StakeOrderWarning)
        played = load_variant(FR, stakes={"low_limit": 5}).stake_values()
    assert (played["ante"], played["bring_in"]) == (2, 2)


@pytest.mark.parametrize("stakes", [{"low_limit": 10}, {"low_limit": 30}, {"low_limit": 3, "ante": 1, "bring_in": 2}])
def test_stakes_that_divide_evenly_or_are_given_are_not_warned(stakes):
    # 10 / 5 = 2 and 10 / 2 = 5; 30 / 5 = 6 and 30 / 2 = 15; the ante and bring-in given outright
    assert _warnings(stakes, HE) == []


def test_a_stake_that_rounds_is_one_warning_line_and_the_command_still_runs(capsys):
    assert main(["explain", HE, "--stake", "low_limit=3"]) == 0
    err = capsys.readouterr().err.splitlines()
    assert [line.split(" makes ")[1].split(" ")[0] for line in err] == ["bring_in"]
