"""Deals per second of ``studrules compare``: two variants on the same decks.

Each deal is two whole hands (one under each rule set) played by policies
through their seat views, plus the bookkeeping of the comparison.

    python benchmarks/compare.py [--deals N] [--players N] [--policy NAME ...]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from studrules.analysis.compare import compare
from studrules.spec.loader import load_variant

PAIRS = [
    ("five-card-stud-fr", "five-card-stud-he"),
    ("seven-card-stud", "razz"),
    ("caribbean-stud-it", "caribbean-stud-it"),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--policy", nargs="+", default=None)
    args = parser.parse_args()
    for a, b in PAIRS:
        va, vb = load_variant(a), load_variant(b)
        policies = args.policy or (["strategy:basic"] if va.is_banked else ["check-call"])
        start = time.perf_counter()
        c = compare(va, vb, deals=args.deals, seed=1, players=args.players, policies=policies)
        seconds = time.perf_counter() - start
        print(f"{a} vs {b} ({', '.join(policies)}, {args.players} players): {c.deals / seconds:,.0f} deals/s")


if __name__ == "__main__":
    main()
