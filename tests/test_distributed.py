"""simulate and compare on Dask: the same seed gives the same numbers in one
process, in local worker processes and on a cluster (issue 18).

A chunk's outcome depends only on the seed and the chunk's place, and the
chunks are added up in their order, so where a chunk is played cannot
change the result: these tests play the same work in the three places and
ask for equal results (every number but the time taken and the workers).
"""

from __future__ import annotations

import pytest

from studrules.analysis import (
    compare as compare_module,
    simulate as simulate_module,
)
from studrules.analysis.compare import compare
from studrules.analysis.simulate import simulate
from studrules.cli.main import main
from studrules.errors import StudrulesError
from studrules.spec.loader import load_variant

distributed = pytest.importorskip("dask.distributed")

TIMING = {"seconds", "hands_per_second", "workers"}


@pytest.fixture(scope="module")
def scheduler():
    """A small cluster on this machine: two single-threaded worker processes."""
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, silence_logs=40
    )
    try:
        yield cluster.scheduler_address
    finally:
        cluster.close()


def numbers(result) -> dict:
    return {k: v for k, v in result.to_dict().items() if k not in TIMING}


def test_simulate_gives_the_same_numbers_in_one_process_in_workers_and_on_a_cluster(scheduler, monkeypatch):
    # chunks of 2,000 hands (the parent cuts the work; a chunk's deals follow from the seed and its place)
    monkeypatch.setattr(simulate_module, "CHUNK", 2_000)
    hands = 5_000  # three chunks, the last one short
    one = simulate("caribbean-stud-it", "basic", hands, seed=7, workers=1)
    two = simulate("caribbean-stud-it", "basic", hands, seed=7, workers=2)
    cluster = simulate("caribbean-stud-it", "basic", hands, seed=7, dask=scheduler)
    assert one.hands == cluster.hands == hands
    assert numbers(one) == numbers(two) == numbers(cluster)
    assert cluster.workers == 2


def test_compare_gives_the_same_comparison_in_one_process_and_on_a_cluster(scheduler, monkeypatch):
    # chunks of 20 deals: 50 deals are three chunks, merged in order on both paths
    monkeypatch.setattr(compare_module, "CHUNK", 20)
    a, b = load_variant("seven-card-stud"), load_variant("razz")
    kwargs = {"deals": 50, "seed": 11, "players": 4, "policies": ["random", "check-call"]}
    one = compare(a, b, **kwargs)
    cluster = compare(a, b, dask=scheduler, **kwargs)
    assert one.deals == cluster.deals == 50
    assert numbers(one) == numbers(cluster)
    assert one.examples == cluster.examples


def test_many_chunks_go_out_a_window_at_a_time_and_every_one_is_counted(scheduler, monkeypatch):
    # 41 chunks (the last of 250 hands) against a window of 8 for the two local workers and for
    # the cluster (WINDOW 3, four a worker): the next chunk goes out as one finishes, and every
    # chunk is counted once in each place; compare's 13 chunks are added up in order on the cluster
    from studrules.analysis import distributed as distributed_module

    monkeypatch.setattr(simulate_module, "CHUNK", 500)
    monkeypatch.setattr(distributed_module, "WINDOW", 3)
    hands = 20_250
    one = simulate("caribbean-stud-it", "basic", hands, seed=5, workers=1)
    two = simulate("caribbean-stud-it", "basic", hands, seed=5, workers=2)
    cluster = simulate("caribbean-stud-it", "basic", hands, seed=5, dask=scheduler)
    assert one.hands == two.hands == cluster.hands == hands
    assert numbers(one) == numbers(two) == numbers(cluster)
    monkeypatch.setattr(compare_module, "CHUNK", 5)
    a, b = load_variant("five-card-stud"), load_variant("five-card-stud-fr")
    kwargs = {"deals": 63, "seed": 4, "players": 3, "policies": ["random"]}
    assert numbers(compare(a, b, **kwargs)) == numbers(compare(a, b, dask=scheduler, **kwargs))


def test_compare_in_chunks_counts_what_one_pass_counts(monkeypatch):
    # the whole-number counts do not depend on the chunks' size at all
    a, b = load_variant("five-card-stud"), load_variant("five-card-stud-fr")
    whole = compare(a, b, deals=30, seed=2, players=3)
    monkeypatch.setattr(compare_module, "CHUNK", 7)
    cut = compare(a, b, deals=30, seed=2, players=3)
    for key in ("winner_changes", "result_changes", "history_changes", "pot_counts_a", "pot_counts_b", "pot_histogram"):
        assert getattr(cut, key) == getattr(whole, key)
    assert cut.examples == whole.examples and cut.first_to_act == whole.first_to_act


@pytest.mark.soak  # starts a cluster of its own (seconds)
def test_the_command_line_plays_on_a_local_cluster(capsys):
    code = main(["simulate", "caribbean-stud-it", "--strategy", "basic", "-n", "20000", "--seed", "1", "--json"])
    alone = capsys.readouterr().out
    code_dask = main(
        ["simulate", "caribbean-stud-it", "--strategy", "basic", "-n", "20000", "--seed", "1", "--json"]
        + ["--workers", "1", "--dask", "local"]
    )
    on_cluster = capsys.readouterr().out
    import json

    strip = lambda text: {k: v for k, v in json.loads(text).items() if k not in TIMING}  # noqa: E731
    assert code == code_dask == 0
    assert strip(alone) == strip(on_cluster)


@pytest.mark.soak  # waits for the connection's time-out
def test_no_scheduler_at_the_address_is_a_message_not_a_traceback():
    with pytest.raises(StudrulesError, match="no Dask scheduler answers"):
        simulate("caribbean-stud-it", "basic", 100, seed=1, dask="tcp://127.0.0.1:9")
