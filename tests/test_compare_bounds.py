"""`compare -n N` has a bound, plays a long run without making its chunks
first, and Ctrl-C in a long run still reports the deals played.

Ctrl-C is played by a `play_hand` that raises KeyboardInterrupt at its
seventh hand (each deal plays two hands: one under A, one under B), so a
run of any length stops after three whole deals."""

from __future__ import annotations

import tracemalloc

import pytest

from studrules.analysis import compare as compare_module
from studrules.cli.main import main
from studrules.errors import StudrulesError
from studrules.spec.examples import example_text, example_variant

BOUND = 1_000_000_000  # the bound of --stack, and of every amount a file writes


@pytest.fixture
def ctrl_c_at_the_fourth_deal(monkeypatch):
    played = []
    real = compare_module.play_hand

    def play_hand(hand, policies):
        if len(played) == 6:
            raise KeyboardInterrupt
        played.append(hand)
        return real(hand, policies)

    monkeypatch.setattr(compare_module, "play_hand", play_hand)
    return played


@pytest.fixture
def game(tmp_path):
    path = tmp_path / "bring-in.yaml"
    path.write_text(example_text("bring-in"), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("flag", ["-n", "--deals"])
def test_more_deals_than_the_bound_are_a_usage_error_not_a_run(capsys, game, ctrl_c_at_the_fourth_deal, flag):
    with pytest.raises(SystemExit) as stop:
        main(["compare", game, game, flag, f"{BOUND + 1:,}"])
    assert stop.value.code == 2 and not ctrl_c_at_the_fourth_deal
    err = capsys.readouterr().err
    assert "must be at most 1,000,000,000, not 1,000,000,001" in err and "Traceback" not in err
    with pytest.raises(SystemExit):  # the number that printed nothing at all
        main(["compare", game, game, "-n", "99999999999999999999999999999"])
    assert "must be at most 1,000,000,000" in capsys.readouterr().err


def test_compare_itself_refuses_more_deals_than_the_bound(ctrl_c_at_the_fourth_deal):
    v = example_variant("bring-in")
    with pytest.raises(StudrulesError, match="from 1 to 1,000,000,000, not 1,000,000,001"):
        compare_module.compare(v, v, deals=BOUND + 1, seed=1)
    assert not ctrl_c_at_the_fourth_deal


def test_a_run_of_the_most_deals_makes_its_chunks_as_it_plays_them(ctrl_c_at_the_fourth_deal):
    # a billion deals are a million chunks of 1,000: their list alone took some 120 MB before the
    # first deal was played. Stopped after three deals, the run now holds no more than a few.
    v = example_variant("bring-in")
    compare_module.compare(v, v, deals=3, seed=1, policies=["check-call"])  # the game's tables, made once
    ctrl_c_at_the_fourth_deal.clear()
    tracemalloc.start()
    try:
        c = compare_module.compare(v, v, deals=BOUND, seed=1, policies=["check-call"])
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert c.interrupted and (c.deals, c.requested) == (3, BOUND)
    assert peak < 10_000_000


def test_ctrl_c_in_a_run_of_the_most_deals_prints_the_report_of_those_played(capsys, game, ctrl_c_at_the_fourth_deal):
    tracemalloc.start()
    try:
        assert main(["compare", game, game, "-n", f"{BOUND:,}", "--bots", "check-call"]) == 130
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 60_000_000  # (reading the game and writing the report take some 16 MB; the chunks took 120 more)
    out = capsys.readouterr().out
    assert "3 deals, seed 0 (interrupted: 3 of 1,000,000,000)" in out
    assert "average pot" in out and "No deal diverges" in out


@pytest.mark.parametrize(
    ("given", "said"),
    [
        # an audit's findings: compare took these, or failed with a Python error
        ({"examples": None}, "examples must be a whole number from 0 to 1,000, not None"),
        ({"examples": -1}, "examples must be a whole number from 0 to 1,000, not -1"),
        ({"examples": "3"}, "examples must be a whole number from 0 to 1,000, not '3'"),
        ({"dask": 5}, "dask is a scheduler's address ('tcp://HOST:8786') or 'local', not 5"),
        ({"seed": -1}, "the seed must be a whole number 0 or more, not -1"),
        ({"stacks": BOUND * 1000}, "stacks must be a whole number from 1 to 1,000,000,000"),
    ],
)
def test_compare_s_arguments_are_checked_before_a_deal_is_played(given, said, ctrl_c_at_the_fourth_deal):
    from studrules.errors import ArgumentError

    v = example_variant("bring-in")
    with pytest.raises(ArgumentError) as refused:
        compare_module.compare(v, v, deals=3, **{"seed": 1, **given})
    assert str(refused.value) == said or str(refused.value).startswith(said)
    assert not ctrl_c_at_the_fourth_deal  # (nothing played)


def test_a_stack_too_small_for_a_hand_against_the_house_is_refused_as_play_refuses_it(capsys):
    # an audit's finding: `compare let-it-ride ... --stack 20` played hands whose third bet of 10
    # could not be made (a house edge of 14.6%, against 3.2% at a stack that covers them)
    from studrules.analysis.compare import compare
    from studrules.errors import ArgumentError
    from studrules.spec.loader import load_variant

    v = load_variant("let-it-ride")  # three bets of 10: 30 chips
    with pytest.raises(ArgumentError, match="stacks of 20 chips: a hand of let-it-ride needs 30"):
        compare(v, v, deals=3, seed=1, stacks=20)
    assert compare(v, v, deals=3, seed=1, stacks=30).deals == 3
    assert main(["compare", "let-it-ride", "let-it-ride", "-n", "3", "--stack", "20"]) == 1
    assert "--stack 20: a hand of let-it-ride needs 30 chips" in capsys.readouterr().err
