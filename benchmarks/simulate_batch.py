"""``simulate`` against the raw batch evaluation it rests on, in the same run.

    python benchmarks/simulate_batch.py [--variant caribbean-stud-it] [--chunks 64] [--rounds 3] [--tree DIR]

Prints, for each round, the batch evaluator's rate on five-card hands
(``evaluate_batch``, codes dealt beforehand), ``simulate``'s hands/s with one
and with two workers on the same number of hands, and the ratio of each to
the raw rate (the issue's target: simulate at least 30% of it), then the
medians. A measure is ``--chunks`` of simulate's chunks (64: 8.4 million
hands, so that starting two worker processes, some 20-30 ms, is a few per
cent of it). ``--tree DIR`` measures another checkout of the project (the
code before a change) with this same script. The machine may be shared:
the rounds interleave the three measures so that load hits them alike, and
each line ends with the load average (``os.getloadavg``) when it was taken
and what the machine gives two processes then: the speed-up of the same
fixed numpy work (five-card batch evaluation) run in two processes at once
over one (``machine x``; 2.00 on an idle two-core machine), the most two
workers could gain at that moment. A second line gives the same rates per
CPU second (this process and its finished workers, ``getrusage``), which
load moves far less: the ratio on an idle machine, and how much CPU two
workers spend on the same hands besides the one worker's (starting them,
the first chunk played before them, their share of caches).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="caribbean-stud-it")
    parser.add_argument("--strategy", default="basic")
    parser.add_argument("--chunks", type=int, default=64, help="hands per measure, in simulate's chunks")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tree", type=Path, default=Path(__file__).resolve().parents[1])
    args = parser.parse_args()
    sys.path.insert(0, str(args.tree.resolve()))

    import numpy as np

    from studrules.analysis.simulate import CHUNK, deal_batch, simulate
    from studrules.cards.batch import evaluate_batch
    from studrules.spec.loader import load_variant
    from studrules.spec.strategies import load_strategy

    hands = args.chunks * CHUNK
    variant = load_variant(args.variant)
    strategy = load_strategy(args.strategy, variant)
    codes = np.asarray(deal_batch(np.random.default_rng(args.seed), hands, 5), dtype=np.int8)  # five distinct cards
    evaluate_batch(codes[:1000])
    simulate(variant, strategy, CHUNK, args.seed, workers=1)  # tables built, caches warm
    rows = []
    edge = None
    for _ in range(args.rounds):
        t, cpu = time.perf_counter(), _cpu()
        evaluate_batch(codes)
        raw, raw_cpu = hands / (time.perf_counter() - t), hands / (_cpu() - cpu)
        rates, cpu_rates = [], []
        for workers in (1, 2):
            cpu = _cpu()
            result = simulate(variant, strategy, hands, args.seed, workers=workers)
            assert edge is None or result.house_edge == edge, "the same seed gives the same result"
            edge = result.house_edge
            rates.append(result.hands_per_second)
            cpu_rates.append(hands / (_cpu() - cpu))
        machine = _machine_scaling(codes[: 1 << 21])
        rows.append((raw, *rates, machine, raw_cpu, *cpu_rates))
        print(
            f"raw batch {raw:>13,.0f} hands/s   simulate 1 worker {rates[0]:>12,.0f} ({rates[0] / raw:.1%})"
            f"   2 workers {rates[1]:>12,.0f} ({rates[1] / raw:.1%}, x{rates[1] / rates[0]:.2f})"
            f"   machine x{machine:.2f}, load {_load()}"
        )
        print(
            f"  per CPU second: raw {raw_cpu:,.0f}, 1 worker {cpu_rates[0]:,.0f} ({cpu_rates[0] / raw_cpu:.1%}),"
            f" 2 workers {cpu_rates[1]:,.0f} (x{cpu_rates[1] / cpu_rates[0]:.2f} of 1 worker's)"
        )
    raw, one, two, machine, raw_cpu, one_cpu, two_cpu = (statistics.median(col) for col in zip(*rows))
    print(f"{variant.name}, {hands:,} hands a measure, house edge {edge:.4f}% (seed {args.seed}), tree {args.tree}")
    print(
        f"median: raw {raw:,.0f}/s; 1 worker {one:,.0f}/s = {one / raw:.1%} of raw; "
        f"2 workers {two:,.0f}/s = {two / raw:.1%} (x{two / one:.2f} of 1 worker; the machine gave two "
        f"processes x{machine:.2f})   target >= 30%"
    )
    print(
        f"median per CPU second: 1 worker {one_cpu / raw_cpu:.1%} of raw; 2 workers spend "
        f"x{one_cpu / two_cpu:.2f} the CPU of one on the same hands (1.00: linear on free cores)"
    )
    return 0


_CODES = None  # the codes the processes of _machine_scaling evaluate (inherited when forked)


def _evaluate(_: int) -> float:
    from studrules.cards.batch import evaluate_batch

    started = time.perf_counter()
    evaluate_batch(_CODES)
    return time.perf_counter() - started


def _machine_scaling(codes) -> float:
    """How much more work two processes did than one in the same time, evaluating ``codes``."""
    import multiprocessing

    global _CODES
    _CODES = codes
    with multiprocessing.get_context("fork").Pool(2) as pool:
        pool.map(_evaluate, [0, 0], chunksize=1)  # both started
        one = pool.map(_evaluate, [0], chunksize=1)[0]
        started = time.perf_counter()
        pool.map(_evaluate, [0, 0], chunksize=1)
        return 2 * one / (time.perf_counter() - started)


def _cpu() -> float:
    """CPU seconds of this process and of its finished children (the workers)."""
    import resource

    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _load() -> str:
    """The load average over 1, 5 and 15 minutes, and the processors (the machine may be shared)."""
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg()) + f" on {os.cpu_count()} cpus"
    except OSError:  # pragma: no cover - not on every system
        return "unknown"


if __name__ == "__main__":
    sys.exit(main())
