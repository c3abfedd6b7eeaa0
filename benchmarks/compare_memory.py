"""A comparison's memory: the peak resident size of ``studrules compare`` as it runs longer.

Runs ``studrules compare five-card-stud-fr five-card-stud-he -n N --seed 1
--json`` (the default bots, the JSON to nowhere) for a short and a long
comparison, in a fresh process each, in this tree and, with ``--base-tree
DIR``, in another (an older checkout: its tally kept every deal's pot).
Prints each run's peak resident set size (the process's own ``ru_maxrss``),
its time, and the growth per deal between the short and the long run::

    python benchmarks/compare_memory.py [--deals 1000,100000] [--base-tree DIR]

Issue 18: a billion-deal comparison must run in bounded memory.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from session_memory import growth_table, peak  # the command line in a fresh process, its peak and time

PAIR = ("five-card-stud-fr", "five-card-stud-he")


def run(tree: Path, deals: int, scratch: str) -> dict:
    return peak(tree, ["compare", *PAIR, "--hands", str(deals), "--seed", "1", "--json"], scratch)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", default="1000,100000", help="the comparisons' lengths (default 1000,100000)")
    parser.add_argument("--base-tree", type=Path, help="another source tree to run the same comparisons in")
    args = parser.parse_args(argv)
    growth_table(run, [int(n) for n in args.deals.split(",")], args.base_tree, unit="deal", per=2**20)
    return 0


if __name__ == "__main__":
    sys.exit(main())
