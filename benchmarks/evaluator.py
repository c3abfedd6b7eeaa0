"""Benchmark the hand evaluator against treys, on the same pre-generated hands.

    pip install '.[bench]'    # treys and eval7 (with PokerKit): the benchmarks' peers, not dependencies
    python benchmarks/evaluator.py [--hands 200000] [--seed 1] [--rounds 5] [--per-hand]

Prints evaluations per second for five and seven cards (studrules'
``evaluate`` with card objects against treys' ``Evaluator.evaluate`` and
eval7's ``evaluate``, all public APIs, on the same hands), the numpy batch rate, the ratios against the issue's targets,
and the time and memory the evaluator's tables cost at import and first evaluation (measured in
fresh subprocesses; ``--per-hand`` stops after the per-hand rows).

The same work on each side: every library gets the same hands as a tuple of
its own card objects, built before any timing (eval7 and studrules take the
same container type); studrules also checks that no card is given twice,
which eval7 does not. The machine may be shared, so each round times
studrules, eval7 and treys one after the other on the same hands, and the
ratios are taken within a round: the best rates of all rounds, and the
lowest and highest ratio of a single round. Each rate is the better of two
passes over the hands in a row, so no library is timed with its tables
cold after another's run.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

try:
    from treys import Card as TreysCard, Evaluator as TreysEvaluator
except ImportError:  # pragma: no cover
    sys.exit("treys is needed for the comparison: pip install '.[bench]'")

try:
    import eval7
except ImportError:  # pragma: no cover
    sys.exit("eval7 is needed for the comparison: pip install '.[bench]'")

import numpy as np

from studrules.cards.batch import evaluate_batch
from studrules.cards.card import full_deck
from studrules.cards.evaluator import evaluate

IMPORT_PROBE = r"""
import sys, time, tracemalloc
sys.path.insert(0, {root!r})
import studrules.cards.card, studrules.cards.tablegen, studrules.errors  # not the tables' cost
if {trace}:
    tracemalloc.start()  # slows allocation down: time is measured in a separate run
t = time.perf_counter()
import studrules.cards.evaluator
studrules.cards.evaluator.evaluate("As Ks Qs Js Ts")  # the tables are read at the first evaluation
elapsed = time.perf_counter() - t
size, peak = tracemalloc.get_traced_memory()
print(elapsed, size, peak)
"""


def rate(func, hands, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        func(hands)
        best = min(best, time.perf_counter() - t)
    return len(hands) / best


def rounds(runs, repeat: int) -> list[list[float]]:
    """Rates of each ``(func, hands)`` of ``runs`` in turn, ``repeat`` rounds; each
    rate is the better of two passes in a row (the second with warm caches, as
    in a long run of evaluations, whatever ran before)."""
    return [[rate(func, hands, 2) for func, hands in runs] for _ in range(repeat)]


def ours(hands):
    ev = evaluate
    for h in hands:
        ev(h)


def theirs(pairs, _ev=TreysEvaluator()):  # noqa: B008 -- built once, outside the timing
    ev = _ev.evaluate
    for hand, board in pairs:
        ev(hand, board)


def eval7s(hands):
    ev = eval7.evaluate
    for h in hands:
        ev(h)


def import_cost(runs: int = 5) -> tuple[float, float, float]:
    root = str(Path(__file__).resolve().parents[1])

    def probe(trace: bool) -> tuple[float, ...]:
        out = subprocess.run(
            [sys.executable, "-c", IMPORT_PROBE.format(root=root, trace=trace)],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.split()
        return tuple(float(x) for x in out)

    seconds = min(probe(False)[0] for _ in range(runs))
    _, size, peak = probe(True)
    return seconds, size, peak


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=5, help="rounds of the per-hand timings")
    parser.add_argument("--per-hand", action="store_true", help="stop after the per-hand rows")
    args = parser.parse_args()

    deck = full_deck()
    treys_deck = [TreysCard.new(str(c)) for c in deck]
    rng = random.Random(args.seed)
    print(f"python {sys.version.split()[0]}, numpy {np.__version__}, {args.hands:,} hands per run, seed {args.seed}")
    print(f"{'':22}{'studrules':>14}{'treys':>14}{'ratio':>9}{'eval7':>14}{'ratio':>9}{'rounds':>13}{'target':>9}")
    for size, target in ((5, 1.2), (7, 1.0)):
        count = args.hands if size == 5 else args.hands // 4
        indexes = [rng.sample(range(52), size) for _ in range(count)]
        hands = [tuple(deck[i] for i in row) for row in indexes]
        pairs = [([treys_deck[i] for i in row[:2]], [treys_deck[i] for i in row[2:]]) for row in indexes]
        e7 = [tuple(eval7.Card(str(deck[i])) for i in row) for row in indexes]
        # the same hands give the same order (treys: 1 = best, 7462 = worst)
        assert all(
            evaluate(h) == 7463 - TreysEvaluator().evaluate(a, b) for h, (a, b) in zip(hands[:2000], pairs[:2000])
        )
        assert all(evaluate(h) == evaluate(tuple(map(str, h))) for h in hands[:200])  # the fast path, checked
        timed = rounds([(ours, hands), (eval7s, e7), (theirs, pairs)], args.rounds)
        a, e, b = (max(column) for column in zip(*timed))
        low, high = min(r[0] / r[1] for r in timed), max(r[0] / r[1] for r in timed)
        print(
            f"{size}-card evaluations/s  {a:>14,.0f}{b:>14,.0f}{a / b:>8.1f}x{e:>14,.0f}{a / e:>8.2f}x"
            f"{f'{low:.2f}-{high:.2f}x':>13}{target:>8}x eval7"
        )
    if args.per_hand:
        return

    batch_rng = np.random.default_rng(args.seed)
    for size, count in ((5, 4_000_000), (7, 1_000_000)):
        codes = np.ascontiguousarray(np.argsort(batch_rng.random((count, 52)), axis=1)[:, :size]).astype(np.int8)
        evaluate_batch(codes[:1000])  # build the numpy tables first
        per_second = rate(evaluate_batch, codes)
        line = f"batch {size}-card hands/s  {per_second:>14,.0f}"
        print(line + ("   target 20,000,000" if size == 7 else ""))

    seconds, size, peak = import_cost()
    print(
        f"tables at import: {seconds * 1000:.1f} ms, {size / 2**20:.1f} MB held "
        f"({peak / 2**20:.1f} MB peak)   target < 100 ms, < 30 MB"
    )


if __name__ == "__main__":
    main()
