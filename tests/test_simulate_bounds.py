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
