"""Batch 7-card evaluation (``evaluate_batch``), this tree against another checkout, interleaved.

    python benchmarks/batch_seven.py --base-tree DIR [--hands 1000000] [--rounds 3]

Each round times this tree and then the base tree in fresh subprocesses on
the same hands (best of three per process) and prints both rates and their
ratio; the machine may be shared, so the rounds interleave and the ratio of
each round is the figure. Target of issue 18: 20 M hands/s.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
from pathlib import Path

PROBE = r"""
import sys, time
sys.path.insert(0, {tree!r})
import numpy as np
from studrules.cards.batch import evaluate_batch
codes = np.argsort(np.random.default_rng(1).random(({hands}, 52)), axis=1)[:, :7].astype(np.int8)
evaluate_batch(codes[:1000])
best = float("inf")
for _ in range(3):
    t = time.perf_counter()
    evaluate_batch(codes)
    best = min(best, time.perf_counter() - t)
print({hands} / best)
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base-tree", type=Path, required=True)
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    here = str(Path(__file__).resolve().parents[1])

    def rate(tree: str) -> float:
        code = PROBE.format(tree=tree, hands=args.hands)
        return float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)

    ratios = []
    for _ in range(args.rounds):
        new, old = rate(here), rate(str(args.base_tree.resolve()))
        ratios.append(new / old)
        print(f"this tree {new:>13,.0f} hands/s   base {old:>13,.0f} hands/s   x{new / old:.1f}")
    print(f"median ratio x{statistics.median(ratios):.1f}   target 20,000,000 hands/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
