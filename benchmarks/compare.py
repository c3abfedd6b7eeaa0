"""Deals per second of ``studrules compare``: two variants on the same decks.

Each deal is two whole hands (one under each rule set) played by policies
through their seat views, plus the bookkeeping of the comparison. A pair
names each variant as ``NAME`` or ``NAME:OPTION=CHOICE`` (the last pair: one
banked game under two raise pay tables).

    python benchmarks/compare.py [--deals N] [--players N] [--policy NAME ...] [--base-tree DIR] [--repeat R]

With ``--base-tree DIR`` (a checkout of another version of studrules) each
pair is measured R times in each tree, the trees taking turns, each
measurement in its own process and timed by the process's CPU time (a wait
for a shared core is not counted); the best of each tree and their ratio
are printed (above 1: this tree is faster).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

PAIRS = [
    ("five-card-stud-fr", "five-card-stud-he"),
    ("seven-card-stud", "razz"),
    ("caribbean-stud-it", "caribbean-stud-it"),
    # two rule sets against the house that differ (the raise pay table): nothing of one hand's
    # settlement serves the other's
    ("caribbean-stud-it", "caribbean-stud-it:pay_table=short"),
]


def _variant(text: str):
    """A variant named ``NAME`` or ``NAME:OPTION=CHOICE``."""
    from studrules.spec.loader import load_variant

    name, _, option = text.partition(":")
    key, _, choice = option.partition("=")
    return load_variant(name, options={key: choice} if option else None)


def deals_per_second(a: str, b: str, deals: int, players: int, policy: list[str] | None, clock=time.perf_counter):
    """Deals per second of one comparison of ``a`` and ``b`` (warmed up first)."""
    from studrules.analysis.compare import compare

    va, vb = _variant(a), _variant(b)
    policies = policy or (["strategy:basic"] if va.is_banked else ["check-call"])
    compare(va, vb, deals=min(deals, 50), seed=1, players=players, policies=policies)  # tables, caches
    start = clock()
    c = compare(va, vb, deals=deals, seed=1, players=players, policies=policies)
    return c.deals / (clock() - start), policies


def _measure_in(tree: Path, a: str, b: str, args: argparse.Namespace) -> float:
    command = [sys.executable, str(Path(__file__).resolve()), "--one", a, b, "--deals", str(args.deals)]
    command += ["--players", str(args.players)] + (["--policy", *args.policy] if args.policy else [])
    env = dict(os.environ, PYTHONPATH=str(tree))
    out = subprocess.run(command, env=env, cwd=tree, capture_output=True, text=True, check=True).stdout
    return float(out.split()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--policy", nargs="+", default=None)
    parser.add_argument("--base-tree", type=Path, help="another checkout of studrules, measured in the same run")
    parser.add_argument("--repeat", type=int, default=3, help="measurements per tree and pair with --base-tree")
    parser.add_argument("--one", nargs=2, help=argparse.SUPPRESS)  # one measurement, CPU time: a child's job
    args = parser.parse_args()
    if args.one:
        sys.path.remove(str(ROOT))  # the tree measured is the one on PYTHONPATH
        rate, _ = deals_per_second(*args.one, args.deals, args.players, args.policy, clock=time.process_time)
        print(f"{rate:.1f}")
        return
    for a, b in PAIRS:
        if args.base_tree is None:
            rate, policies = deals_per_second(a, b, args.deals, args.players, args.policy)
            print(f"{a} vs {b} ({', '.join(policies)}, {args.players} players): {rate:,.0f} deals/s")
            continue
        here: list[float] = []
        base: list[float] = []
        for r in range(args.repeat):  # the trees take turns, the first swapped each round
            for tree, rates in ((ROOT, here), (args.base_tree, base))[:: 1 if r % 2 == 0 else -1]:
                rates.append(_measure_in(tree, a, b, args))
        print(
            f"{a} vs {b} ({args.players} players): {max(here):,.0f} deals/s, base tree {max(base):,.0f} deals/s, "
            f"ratio {max(here) / max(base):.2f} (CPU time, best of {args.repeat})"
        )


if __name__ == "__main__":
    main()
