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
