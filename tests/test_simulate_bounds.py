"""A simulation of any length keeps its memory flat: the chunks are made as they
are played and a few at a time go to the workers, so a run of the most hands
simulate plays (MAX_HANDS, 10^12) stopped after two chunks has used what a run
of two chunks uses (where the list of its chunks alone once took gigabytes
before the first hand)."""

from __future__ import annotations

import tracemalloc

import pytest

from studrules.analysis import simulate as simulate_module
from studrules.analysis.simulate import MAX_HANDS, simulate


def peak_stopped_after_two_chunks(hands: int, workers: int) -> tuple[int, int]:
    """(hands played, peak bytes traced) of a run stopped, as by Ctrl-C, after two chunks."""

    def stop(done: int, total: int) -> None:
        if done >= 2 * simulate_module.CHUNK:
            raise KeyboardInterrupt

    tracemalloc.start()
    try:
        result = simulate("caribbean-stud-it", "basic", hands, seed=1, workers=workers, progress=stop)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert result.interrupted
    return result.hands, peak


@pytest.mark.parametrize("workers", [1, 2])
def test_a_run_of_any_length_uses_the_memory_of_the_chunks_it_plays(monkeypatch, workers):
    monkeypatch.setattr(simulate_module, "CHUNK", 2_000)
    short_hands, short_peak = peak_stopped_after_two_chunks(3 * 2_000, workers)
    long_hands, long_peak = peak_stopped_after_two_chunks(MAX_HANDS, workers)
    assert short_hands >= 2 * 2_000 and long_hands >= 2 * 2_000
    assert long_peak < short_peak + 2_000_000  # (a list of 5 * 10^8 chunks: gigabytes)


def test_a_side_bets_interval_is_the_same_share_of_its_stake_however_large_the_stake():
    # every pay is the stake times its odds, so the edge and its interval, per chip staked,
    # do not change with the stake; at 10,000,000 chips the squares of the pays once
    # overflowed 64 bits and the interval shrank to nothing
    from studrules.analysis.simulate import simulate
    from studrules.spec.loader import load_variant

    small, large = (
        simulate(load_variant("three-card-poker", stakes={"pair_plus": s}), "queen-six-four", 20_000, seed=4, workers=1)
        for s in (10, 10_000_000)
    )
    (a,), (b,) = small.side_bets, large.side_bets
    assert a.ci95 is not None and b.ci95 is not None and a.ci95[1] - a.ci95[0] > 1.0
    assert b.house_edge == pytest.approx(a.house_edge) and b.ci95 == pytest.approx(a.ci95)


def test_workers_past_the_most_are_refused_before_any_process_starts(capsys):
    from studrules.analysis.simulate import MAX_WORKERS
    from studrules.cli.main import main

    with pytest.raises(SystemExit) as err:
        main(["simulate", "let-it-ride", "-n", "10", "--workers", str(MAX_WORKERS + 1)])
    assert err.value.code == 2
    assert f"--workers: must be at most {MAX_WORKERS}" in capsys.readouterr().err
