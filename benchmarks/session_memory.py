"""A session's memory: the peak resident size of ``studrules session`` as it runs longer.

Runs ``studrules session --variants seven-card-stud,razz --stack 1000000
--bots check-call,random,sensible --seed 1 --history FILE`` (bots only, the history to a file, the table's
text to nowhere) for a short and a long session, in a fresh process each, in
this tree and, with ``--base-tree DIR``, in another (an older checkout: its
reports kept every hand). Prints each run's peak resident set size (the
process's own ``ru_maxrss``), its time, and the growth per hand between the
short and the long session::

    python benchmarks/session_memory.py [--hands 1000,20000] [--base-tree DIR]

Issue 18's target: 20,000 hands under 60 MB peak.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

RUNNER = r"""
import json, resource, sys, time
from studrules.cli.main import main
start = time.perf_counter()
code = main(sys.argv[1:])
print(json.dumps({"code": code, "seconds": time.perf_counter() - start,
                  "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}), file=sys.stderr)
"""


def peak(tree: Path, argv: list[str], scratch: str) -> dict:
    """``studrules ARGV`` run in ``tree`` in a fresh process: its exit code, seconds and peak MB."""
    done = subprocess.run(
        [sys.executable, "-c", RUNNER, *argv],
        cwd=scratch,
        env={**os.environ, "PYTHONPATH": str(tree)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        check=True,
    )
    return json.loads(done.stderr.strip().splitlines()[-1])


def run(tree: Path, hands: int, scratch: str) -> dict:
    history = os.path.join(scratch, f"h-{time.monotonic_ns()}.jsonl")
    argv = ["session", "--variants", "seven-card-stud,razz", "--hands", str(hands), "--stack", "1000000"]
    argv += ["--bots", "check-call,random,sensible", "--seed", "1", "--history", history]
    out = peak(tree, argv, scratch)
    os.unlink(history)
    return out


def growth_table(run, lengths: list[int], base_tree: Path | None, unit: str = "hand", per: int = 1024) -> None:
    """Each length ``run(tree, length, scratch)`` in this tree (and ``base_tree``):
    the peak, the time and the growth per ``unit`` (``per`` bytes a MB / 1024)
    from the first length."""
    trees = {"this tree": ROOT}
    if base_tree:
        trees["base tree"] = base_tree.resolve()
    size = "KB" if per == 1024 else "bytes"
    print(f"{'tree':10} {unit + 's':>8} {'peak MB':>8} {'seconds':>8} {size + '/' + unit:>11}")
    with tempfile.TemporaryDirectory() as scratch:
        for name, tree in trees.items():
            first = None
            for n in lengths:
                r = run(tree, n, scratch)
                growth = ""
                if first is not None:
                    growth = f"{(r['peak_mb'] - first[1]) * per / (n - first[0]):11.2f}"
                else:
                    first = (n, r["peak_mb"])
                print(f"{name:10} {n:8d} {r['peak_mb']:8.1f} {r['seconds']:8.1f} {growth:>11}", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", default="1000,20000", help="the session lengths (default 1000,20000)")
    parser.add_argument("--base-tree", type=Path, help="another source tree to run the same sessions in")
    args = parser.parse_args(argv)
    growth_table(run, [int(n) for n in args.hands.split(",")], args.base_tree)
    return 0


if __name__ == "__main__":
    sys.exit(main())
