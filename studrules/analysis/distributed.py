"""Chunks of a simulation or a comparison played on a Dask cluster.

``simulate`` and ``compare`` cut their work into chunks whose outcome
depends only on the seed and the chunk's place (:data:`~studrules.analysis.
simulate.CHUNK` hands, :data:`~studrules.analysis.compare.CHUNK` deals), and
add the chunks' tallies up in the chunks' order. Where a chunk is played --
this process, local worker processes, or the workers of a Dask cluster --
does not change the result: the same seed gives the same numbers.

``address``: ``"local"`` starts a :class:`dask.distributed.LocalCluster` on
this machine (one single-threaded worker process per core, or ``workers``),
anything else is a scheduler's address (``tcp://10.0.0.5:8786``) whose
workers have studrules installed. Dask is the optional extra
``distributed`` (``pip install '.[distributed]'`` in the studrules folder); without it, a clear error says so.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

from ..errors import ArgumentError, StudrulesError

__all__ = ["LOCAL", "dask_address", "dask_client", "map_chunks", "play_chunks"]

T = TypeVar("T")

#: the address that asks for a cluster on this machine
LOCAL = "local"


def dask_address(address: Any) -> str | None:
    """``address`` if it is None (no cluster) or a text, the address of a scheduler or
    ``"local"``; else an :class:`~studrules.errors.ArgumentError` saying what it takes.

    >>> dask_address(8786)
    Traceback (most recent call last):
    ...
    studrules.errors.ArgumentError: dask is a scheduler's address ('tcp://HOST:8786') or 'local', not 8786
    """
    if address is None or isinstance(address, str):
        return address
    raise ArgumentError(f"dask is a scheduler's address ('tcp://HOST:8786') or 'local', not {address!r}")


@contextlib.contextmanager
def dask_client(address: str, workers: int | None = None) -> Iterator[Any]:
    """A connected :class:`dask.distributed.Client` for ``address`` (see the
    module's documentation), closed (and a local cluster stopped) at the end."""
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:
        raise StudrulesError(
            "--dask needs Dask's distributed scheduler: in the studrules folder, pip install '.[distributed]'"
        ) from None
    address = str(address).strip()
    if not address:
        raise StudrulesError("--dask needs a scheduler's address (tcp://HOST:8786) or 'local'")
    if address == LOCAL:
        cluster = LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None, silence_logs=40
        )
        try:
            with Client(cluster) as client:
                # Ctrl-C at a terminal reaches every process of the group: the workers leave it
                # to this process, which stops them quietly (each would print its traceback)
                client.run(_ignore_ctrl_c)
                yield client
        finally:
            cluster.close()
        return
    try:
        client = Client(address, timeout="20s")
    except (OSError, TimeoutError) as err:
        raise StudrulesError(f"no Dask scheduler answers at {address}: {err}") from None
    except (ValueError, TypeError) as err:  # an address Dask cannot read ('garbage', 'http://x')
        raise StudrulesError(
            f"--dask {address}: not a scheduler's address ({err}); give tcp://HOST:PORT or 'local'"
        ) from None
    with client:
        yield client


def _ignore_ctrl_c() -> None:
    """In a worker process of a local cluster (its main thread runs what
    ``client.run`` sends): Ctrl-C is this process's parent's to handle."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


#: The fewest tasks sent to a cluster at a time (more: four for each of its workers).
WINDOW = 64


def map_chunks(
    client: Any,
    play: Callable[..., T],
    shared: object,
    jobs: Iterable[tuple[Any, ...]],
    on_done: Callable[[int, T], None],
) -> None:
    """``play(shared, *job)`` for every job, each a task on the cluster;
    ``shared`` (the rules, the players) is sent once to every worker.
    ``on_done(index, result)`` is called as each job finishes, in any order
    (the results are not kept here: a long run's tallies are added up as
    they come)."""
    from dask.distributed import as_completed

    [sent] = client.scatter([shared], broadcast=True)
    # a window of tasks at a time, the next sent as one finishes: a run of millions of chunks
    # neither makes them all first nor keeps a future for each
    window = max(WINDOW, 4 * len(client.scheduler_info().get("workers", {})))
    numbered = enumerate(jobs)
    where: dict[Any, int] = {}

    def send() -> Any:
        for index, job in numbered:
            future = client.submit(play, sent, *job, pure=False)
            where[future.key] = index
            return future
        return None

    futures = [f for f in (send() for _ in range(window)) if f is not None]
    running = as_completed(futures, with_results=True)
    try:
        for future, result in running:
            on_done(where.pop(future.key), result)
            future.release()
            following = send()
            if following is not None:
                running.add(following)
    except BaseException:
        client.cancel(list(running.futures))
        raise


def play_chunks(
    address: str,
    play: Callable[..., T],
    shared: object,
    jobs: Iterable[tuple[Any, ...]],
    take: Callable[[int, T], None],
    *,
    workers: int | None = None,
    in_order: bool = False,
) -> int:
    """Every job played on the cluster at ``address`` (:func:`map_chunks`),
    each result given to ``take(index, result)`` as it comes, or, with
    ``in_order``, in the jobs' order (a result waits for those before it);
    returns how many workers the cluster had. ``workers``: the size of a
    ``local`` cluster."""
    waiting: dict[int, T] = {}
    next_index = 0

    def on_done(index: int, result: T) -> None:
        nonlocal next_index
        if not in_order:
            take(index, result)
            return
        waiting[index] = result
        while next_index in waiting:
            take(next_index, waiting.pop(next_index))
            next_index += 1

    with dask_client(address, workers if address.strip() == LOCAL else None) as client:
        size = len(client.scheduler_info().get("workers", {}))
        map_chunks(client, play, shared, jobs, on_done)
    return size
