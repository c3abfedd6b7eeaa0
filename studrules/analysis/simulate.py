"""House-edge simulation of a game against the house, in batches.

:func:`simulate` plays many independent hands of a banked variant, one
position against the house, with a :class:`~studrules.spec.strategies.Strategy`
deciding every hand, and reports what a game analyst asks for: the house
edge as a percentage of the ante with its 95% confidence interval, the
element of risk (the house edge per chip wagered), how often the player
raises and the house qualifies, and the results by the player's hand::

    >>> from studrules.spec.loader import load_variant, shipped_variants
    >>> banked = next(v for v in map(load_variant, shipped_variants()) if v.is_banked)
    >>> r = simulate(banked, "fold", 1000, seed=1, workers=1)
    >>> r.hands, r.house_edge, r.ci95, r.raise_rate
    (1000, 100.0, (100.0, 100.0), 0.0)

Everything comes from the variant's own steps: the ante (the ante step's
amount), the cards dealt to the player, to the house and to the community
and which house cards are up (the deal steps), each decision in order with
the cards the player holds then (the decision steps: fold, stand, the least
raise), and the settlement (the settle step's qualification, odds, pay
table against the house or on the hand alone, push line, tie rule, cap,
ante bonus and side bets), so changing the variant file changes the result.
The settlement is the same as :func:`studrules.game.settlement.settle_position`,
computed for whole arrays of hands (:mod:`studrules.analysis.batch_play`,
:mod:`studrules.analysis.batch_settlement`); conditions, amounts and pay
lines written in the variant are evaluated once for every distinct hand
value in a batch and looked up, which is exact. Hands are valued in the
variant's ranking: five to nine cards of the high ranking, or the three- and
four-card rankings by table look-up (any other ranking hand by hand: slow,
but the same values). A strategy's ``raise`` is the least raise a decision
allows, its ``raise Nx`` the largest the hand may make up to N antes. The
deal is the standard 52-card deck with the ace low in A-2-3-4-5, its jokers
after it (a hand holding a wild card is valued one by one, with the wild cards
counted): a variant whose ``deck:`` says otherwise is refused with a message,
as is a step played only under a condition (``when:``).

The house edge and the element of risk are of the ante and the raises; each
side bet placed (its stake above 0, e.g. ``--stake pair_plus=5``) is
reported apart, per unit staked, with its own 95% interval.

Reproducible: hands are dealt in chunks of :data:`CHUNK` hands; chunk ``i``
draws from its own generator (NumPy's ``PCG64DXSM``) seeded by
``SeedSequence(seed, spawn_key=(i,))``, each hand's cards from consecutive
outputs (:func:`deal_batch`),
and the tallies are whole numbers summed exactly, so the same seed gives the
same numbers whatever the number of worker processes and in whatever order
the chunks finish.
"""

from __future__ import annotations

import functools
import itertools
import signal
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import PurePath
from typing import TYPE_CHECKING, Any

from ..errors import SpecError
from ..spec.arguments import loaded_strategy, loaded_variant, whole_number
from ..spec.model import Variant
from ..spec.strategies import Strategy, load_strategy
from .batch_play import _play, _play_deals, _Table, _table, _view_batch
from .distributed import dask_address
from .heap import keep_heap, kept_heap
from .simulate_result import HandGroup, SideBetResult, SimulationResult, _result

#: The most worker processes a simulation starts (each holds a game's tables: a few
#: hundred, where a typo of a zero or two would start thousands, are refused).
MAX_WORKERS = 64

# (the names tests and callers reach through this module)
_ = (_play_deals, _view_batch)

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np

__all__ = ["CHUNK", "MAX_HANDS", "SimulationResult", "SideBetResult", "HandGroup", "simulate", "deal_batch"]

#: Hands per chunk. Part of the seeding scheme: the same seed and number of
#: hands give the same deals for any number of workers.
CHUNK = 1 << 17


#: The most hands one run plays: a trillion, more than a day of the fastest
#: game (some ten million hands a second); far more than any figure needs
#: (the 95% interval of a million hands is already within about a percent of
#: the ante, ±0.3% for Three Card Poker, ±1.0% for Let It Ride), so a count above
#: it is a mistyped one.
MAX_HANDS = 10**12

Progress = Callable[[int, int], None]


def simulate(
    variant: Variant | str,
    strategy: Strategy | str,
    hands: int,
    seed: int,
    *,
    workers: int = 2,
    progress: Progress | None = None,
    dask: str | None = None,
) -> SimulationResult:
    """Play ``hands`` hands of a banked ``variant`` with ``strategy`` and report the house edge.

    ``variant`` and ``strategy`` are loaded objects or shipped names.
    ``workers``: processes sharing the chunks (1: this process only); the
    numbers do not depend on it. ``progress(done, total)`` is called after
    each chunk. ``dask``: a Dask scheduler's address, or ``"local"`` for a
    cluster of ``workers`` processes on this machine, to play the chunks on
    (:mod:`studrules.analysis.distributed`; the numbers are the same).
    Ctrl-C stops early and returns what was played so far
    (``interrupted`` is then true). A variant or strategy that cannot be
    simulated is a :class:`~studrules.errors.SpecError`.
    """
    if isinstance(variant, (str, PurePath)):
        from ..spec.loader import load_variant

        variant = load_variant(variant)
    variant = loaded_variant(variant, "simulate")
    strategy = loaded_strategy(strategy, "simulate")
    hands = whole_number(hands, "the number of hands", 1, MAX_HANDS)
    seed = whole_number(seed, "the seed", 0)
    workers = whole_number(workers, "workers", 1, MAX_WORKERS)
    dask = dask_address(dask)
    if not variant.is_banked:
        raise SpecError(
            f"simulate plays games against the house; {variant.name} is a {variant.kind} game "
            "(players against each other)"
        )
    if isinstance(strategy, (str, PurePath)):
        strategy = load_strategy(strategy, variant)
    elif strategy.ranking != variant.deck.ranking and strategy.file:
        # its hand names ('pair', 'queen_high') are thresholds of the variant's own ranking
        strategy = load_strategy(strategy.file, variant)
    table = _table(variant, strategy)
    chunks = -(-hands // CHUNK)
    # the chunks, made one at a time as they are played (a long run's list of them would fill the memory)
    jobs = ((seed, i, min(CHUNK, hands - i * CHUNK)) for i in range(chunks))
    workers = min(workers, chunks) if dask is None else workers
    tally: Counter = Counter()
    started = time.perf_counter()
    with kept_heap():  # each chunk reuses the memory the one before freed
        failure, interrupted, workers = _play_all(table, jobs, workers, tally, progress, hands, dask)
    seconds = time.perf_counter() - started
    result = _result(variant, strategy, table, tally, seed, hands, workers, seconds, interrupted)
    return replace(result, failure=failure) if failure is not None else result


def _play_all(
    table: _Table,
    jobs: Iterator[tuple[int, int, int]],
    workers: int,
    tally: Counter,
    progress: Progress | None,
    hands: int,
    dask: str | None,
) -> tuple[str | None, bool, int]:
    """Every chunk played here, in worker processes or on a Dask cluster, added to ``tally``:
    ``(failure, interrupted, workers)``."""
    done = 0
    interrupted = False
    failure: str | None = None
    if dask is not None:
        try:
            workers = _play_on_dask(dask, table, jobs, workers, tally, progress, hands)
        except KeyboardInterrupt:
            interrupted = True
    elif workers == 1:
        try:
            for job in jobs:
                part = _play_chunk(table, *job)
                tally.update(part)
                done += job[2]
                if progress:
                    progress(done, hands)
        except KeyboardInterrupt:
            interrupted = True
    else:
        try:
            # the first chunk is played here: the workers, forked after it, start with the tables and
            # the per-value results it built (else each builds them again: several chunks' time)
            first = next(jobs)
            tally.update(_play_chunk(table, *first))
            done = first[2]
            if progress:
                progress(done, hands)
            failure = _play_in_workers(table, jobs, workers, tally, progress, hands, done)
        except KeyboardInterrupt:  # raised once the workers are stopped; the tally holds the chunks played
            interrupted = True
        interrupted = interrupted or failure is not None
    return failure, interrupted, workers


def _play_on_dask(
    address: str,
    table: _Table,
    jobs: Iterator[tuple[int, int, int]],
    workers: int,
    tally: Counter,
    progress,
    hands: int,
) -> int:
    """The chunks played on a Dask cluster, added to ``tally`` as they come
    (counts: the order does not matter); returns how many workers it had."""
    from .distributed import play_chunks

    done = 0

    def take(index: int, part: Counter) -> None:
        nonlocal done
        tally.update(part)
        done += min(CHUNK, hands - index * CHUNK)
        if progress:
            progress(done, hands)

    return play_chunks(address, _play_chunk, table, jobs, take, workers=workers) or workers


def _play_in_workers(
    table: _Table,
    jobs: Iterator[tuple[int, int, int]],
    workers: int,
    tally: Counter,
    progress,
    hands: int,
    done: int = 0,
) -> str | None:
    """The chunks played by worker processes, added to ``tally`` (``done`` hands were played
    before); returns, when a worker died (killed, out of memory), what happened -- the
    chunks finished before it are kept, and nothing waits forever for the lost one."""
    import multiprocessing
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
    from concurrent.futures.process import BrokenProcessPool

    left = hands - done
    if left <= 0:
        return None
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    workers = min(workers, -(-left // CHUNK))
    pool = ProcessPoolExecutor(workers, mp_context=context, initializer=_init_worker, initargs=(table,))
    failure = None
    pending: set[Any] = set()

    def send(count: int) -> None:
        # a worker is started by a submit: Ctrl-C and SIGTERM wait (blocked) until each has set
        # its own handlers (_init_worker), so none dies with the parent's handler in place
        blocked = _mask(signal.SIG_BLOCK, _STOPS)
        try:
            for job in itertools.islice(jobs, count):
                pending.add(pool.submit(_worker_chunk, job))
        finally:
            _mask(signal.SIG_SETMASK, blocked)

    try:
        send(4 * workers)  # a few chunks a worker at a time, the next sent as one finishes
        while pending and failure is None:
            finished, still = wait(pending, return_when=FIRST_COMPLETED)
            pending.clear()
            pending.update(still)
            for future in finished:
                if future.exception() is not None:
                    error = future.exception()
                    failure = (
                        "a worker process died (killed, or out of memory)"
                        if type(error).__name__ == "BrokenProcessPool"
                        else f"a worker failed: {error}"
                    )
                    continue
                part, n = future.result()
                tally.update(part)
                done += n
                if progress:
                    progress(done, hands)
            try:
                if failure is None:
                    send(len(finished))
            except BrokenProcessPool:
                failure = "a worker process died (killed, or out of memory)"
    finally:
        for process in list(getattr(pool, "_processes", {}).values()):  # no public way to stop them at once
            process.terminate()
        pool.shutdown(wait=True, cancel_futures=True)
    return failure


# --- one chunk ----------------------------------------------------------------

_WORKER_TABLE: _Table | None = None
#: the signals that stop a run
_STOPS = {signal.SIGINT, signal.SIGTERM}


def _mask(how: int, signals: Any) -> Any:
    """``signal.pthread_sigmask`` where the system has it (not on Windows: nothing is blocked)."""
    return signal.pthread_sigmask(how, signals) if hasattr(signal, "pthread_sigmask") else set()


def _init_worker(table: _Table) -> None:
    global _WORKER_TABLE
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # and a terminate ends a worker quietly
    _mask(signal.SIG_UNBLOCK, _STOPS)  # blocked while the parent started it
    _WORKER_TABLE = table
    keep_heap()  # for good: the process ends with the run


def _worker_chunk(job: tuple[int, int, int]) -> tuple[Counter, int]:
    assert _WORKER_TABLE is not None
    return _play_chunk(_WORKER_TABLE, *job), job[2]


def chunk_generator(seed: int, index: int) -> np.random.Generator:
    """The generator chunk ``index`` of a run seeded ``seed`` deals from.

    >>> int(chunk_generator(1, 0).integers(100)) == int(chunk_generator(1, 0).integers(100))
    True
    """
    import numpy as np

    return np.random.Generator(np.random.PCG64DXSM(np.random.SeedSequence(seed, spawn_key=(index,))))


def deal_batch(rng: np.random.Generator, hands: int, cards: int, deck: int = 52) -> np.ndarray:
    """``hands`` rows of ``cards`` distinct card codes (0..51, ``uint8``), uniformly at random;
    ``deck``: the cards dealt from (53: the jokers' codes 52.. after the 52 cards).

    Card ``j`` of a row is drawn uniformly from the ``52 - j`` cards left (``deck - j``), as
    its place among them. A row's draws are consecutive 16-bit words of the
    generator's output (``cards`` words a row, row after row). Drawn by card
    (every row's first card, then every row's second...), as they were until
    3 December 2026, a row's words lay ``hands / 4`` outputs apart, and
    ``PCG64``'s outputs ``2**15`` apart (a chunk of 131,072 hands) were
    correlated enough to deal royal flushes 15%, straight flushes 5% and four
    of a kind 1.3% too seldom (200 million hands; the chunks now draw from
    ``PCG64DXSM`` too). A draw is a 16-bit word ``u`` times ``52 - j``, the top 16
    bits (Lemire's method; a ``u`` whose product's low bits fall under
    ``2**16 mod (52 - j)``, fewer than one draw in 1,000, is drawn again,
    which makes it exactly uniform). The places are turned into cards the
    way a Lehmer code is turned into a permutation: card ``j`` steps up by
    one past each earlier place ``i`` (``i`` from ``j - 1`` down to 0) it
    reaches. Whole columns at a time, in small integers: the rows are a view
    of an array laid out by card (``deal_batch(...).T`` is contiguous).

    >>> import numpy as np
    >>> d = deal_batch(np.random.default_rng(5), 4, 10)
    >>> d.shape, all(len(set(row)) == 10 for row in d.tolist())
    ((4, 10), True)
    """
    import numpy as np

    if not 0 <= cards <= deck <= 61:
        raise ValueError(f"a deck of {deck} cards deals 0 to {deck} cards, not {cards}")
    raw = rng.bit_generator.random_raw((cards * hands + 3) // 4).view(np.uint16)[: cards * hands]
    raw = np.ascontiguousarray(raw.reshape(hands, cards).T)  # card j of every row: raw[j]
    places = np.empty((cards, hands), dtype=np.uint8)
    product = np.empty(hands, dtype=np.uint32)
    low = np.empty(hands, dtype=np.uint16)
    for j in range(cards):
        left = deck - j
        np.multiply(raw[j], np.uint32(left), out=product)
        np.right_shift(product, np.uint32(16), out=places[j], casting="unsafe")
        np.copyto(low, product, casting="unsafe")  # the low 16 bits
        again = np.flatnonzero(low < (1 << 16) % left)
        if again.size:
            places[j, again] = rng.integers(0, left, again.size)
    out = places.copy()
    for i in range(cards - 2, -1, -1):  # every later card past place i, the latest places first
        later = out[i + 1 :]
        later += later >= places[i]
    return out.T


def _play_chunk(table: _Table, seed: int, index: int, hands: int) -> Counter:
    """The tally of one chunk: ``{(group, raised, qualified, net): count, "wagered": chips}``,
    and for each side bet placed ``("side", name, "net" | "square")`` sums and
    ``("side", name, "line", index)`` counts."""
    import numpy as np

    cards = deal_batch(chunk_generator(seed, index), hands, table.cards, table.deck)
    played = _play(table, cards)
    player_value, raised, qualified, net, raise_amount = (
        played[k] for k in ("player_value", "raised", "qualified", "net", "raise_total")
    )
    group = _group_of(table, player_value)
    cells = len(table.groups) * 4
    small = group * 4 + raised.view(np.int8) * 2 + qualified.view(np.int8)  # the cell: group, raised, qualified
    low, high = int(net.min()), int(net.max())
    if (high - low + 1) * cells <= 1 << 24:  # nets in a small span: counted at their offset
        nets = np.arange(low, high + 1)
        counts = np.bincount((net - low) * cells + small, minlength=len(nets) * cells)
    else:
        nets, inverse = np.unique(net, return_inverse=True)
        counts = np.bincount(inverse.reshape(-1) * cells + small, minlength=len(nets) * cells)
    tally: Counter = Counter()
    for key in np.flatnonzero(counts).tolist():
        net_index, cell = divmod(key, cells)
        g, rest = divmod(cell, 4)
        tally[(g, bool(rest & 2), bool(rest & 1), int(nets[net_index]))] = int(counts[key])
    required = sum(1 for bet in table.settle.side_bets if bet.required)  # each staked at the ante
    tally["wagered"] = hands * table.ante * (1 + required) + int(raise_amount.sum())
    for name, (_, side_net, line) in played["side_bets"].items():
        tally[("side", name, "net")] = int(side_net.sum())
        # (in Python's integers: a square of a large stake's pay overflows 64 bits in a sum)
        values, counts = np.unique(side_net, return_counts=True)
        tally[("side", name, "square")] = sum(v * v * c for v, c in zip(values.tolist(), counts.tolist()))
        for k, c in enumerate(np.bincount(line + 1).tolist()):
            if c:
                tally[("side", name, "line", k - 1)] = c
    return tally


def _group_of(table: _Table, value: np.ndarray) -> np.ndarray:
    """The index in ``table.groups`` of each hand value's group (the last whose lowest value it reaches;
    0 below them all): whole values from 0 look up a table of every value, others are searched."""
    import numpy as np

    lowest = np.array([v for _, v in table.groups])
    if value.dtype.kind in "iu" and value.size and int(value.min()) >= 0 and int(value.max()) < 1 << 20:
        groups = _groups_by_value(tuple(lowest.tolist()), int(value.max()) + 1)
        return np.take(groups, value)
    return np.maximum(np.searchsorted(lowest, value, side="right") - 1, 0)


@functools.lru_cache(maxsize=16)
def _groups_by_value(lowest: tuple[int, ...], size: int) -> np.ndarray:
    import numpy as np

    size = 1 << max(size - 1, 1).bit_length()  # a power of two: few sizes, few tables
    found = np.searchsorted(np.array(lowest), np.arange(size), side="right") - 1
    return np.maximum(found, 0).astype(np.int8 if len(lowest) < 32 else np.int64)
