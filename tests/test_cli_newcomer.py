"""A newcomer's mistakes at the command line: each gets one clear line saying
where and what (exit code 2 for a usage error), changes nothing, and shows no
traceback."""

from __future__ import annotations

from cli_support import run


def test_diff_of_one_variant_is_a_usage_error_that_asks_for_the_second(capsys):
    code, out, err = run(capsys, "diff", "razz")
    assert code == 2
    assert out == ""
    assert err.startswith("usage: studrules diff")
    assert "studrules diff: error: diff needs a second variant to set beside razz: studrules diff razz B" in err
    assert "Traceback" not in err


def test_diff_of_no_variant_is_a_usage_error(capsys):
    code, _, err = run(capsys, "diff")
    assert code == 2
    assert "diff needs two variants: studrules diff A B" in err


def test_diff_all_with_a_variant_is_a_usage_error(capsys):
    code, _, err = run(capsys, "diff", "razz", "--all")
    assert code == 2
    assert "give no variant names with it" in err


def test_the_compare_report_calls_the_players_bots_as_its_flag_does(capsys):
    # --bots chooses them and README says 'chips won per seat and per bot': the report says bot, never policy
    code, out, _ = run(capsys, "compare", "razz", "seven-card-stud", "-n", "4", "--bots", "check-call,random")
    assert code == 0
    assert "bots: check-call, random" in out
    assert "Chips won per deal, by bot" in out
    assert "polic" not in out.lower()
