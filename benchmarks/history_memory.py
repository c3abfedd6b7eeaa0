"""A long history's memory: the peak resident size of ``studrules replay``,
``studrules export-phh`` and ``studrules replay-phh`` (of the export) as the history grows.

Writes one history of each length with ``studrules session --variants seven-card-stud,razz
--bots check-call,random,sensible --seed 1`` (bots only), then replays it and exports it to
PHH in a fresh process each, in this tree and, with ``--base-tree DIR``, in another (an
older checkout: it read the whole history before playing its first hand, and export-phh
held every hand's PHH, and replay-phh read at most 4,000,000 bytes: ``nan`` where a tree
refuses the file). Prints each run's peak resident set size, its time, and the growth
per hand between the short and the long history::

    python benchmarks/history_memory.py [--hands 1000,20000] [--base-tree DIR]
"""

from __future__ import annotations

import argparse
import functools
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from session_memory import ROOT, growth_table, peak


@functools.cache
def history(hands: int, scratch: str) -> str:
    """A history of ``hands`` hands in ``scratch``, written once by this tree."""
    path = os.path.join(scratch, f"h{hands}.jsonl")
    argv = ["session", "--variants", "seven-card-stud,razz", "--hands", str(hands), "--stack", "1000000"]
    peak(ROOT, [*argv, "--bots", "check-call,random,sensible", "--seed", "1", "--history", path], scratch)
    return path


def replay(tree: Path, hands: int, scratch: str) -> dict:
    return peak(tree, ["replay", history(hands, scratch)], scratch)


def export(tree: Path, hands: int, scratch: str) -> dict:
    out = os.path.join(scratch, "out.phh")
    done = peak(tree, ["export-phh", history(hands, scratch), "-o", out, "--force"], scratch)
    os.unlink(out)
    return done


@functools.cache
def exported(hands: int, scratch: str) -> str:
    """The history of ``hands`` hands exported to PHH once, by this tree."""
    out = os.path.join(scratch, f"h{hands}.phh")
    peak(ROOT, ["export-phh", history(hands, scratch), "-o", out], scratch)
    return out


def replay_phh(tree: Path, hands: int, scratch: str) -> dict:
    done = peak(tree, ["replay-phh", exported(hands, scratch)], scratch)
    if done["code"] != 0:  # (a tree that reads at most 4,000,000 bytes of PHH refuses the file)
        return {"peak_mb": float("nan"), "seconds": float("nan")}
    return done


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", default="1000,20000", help="the history lengths (default 1000,20000)")
    parser.add_argument("--base-tree", type=Path, help="another source tree to run the same commands in")
    args = parser.parse_args(argv)
    lengths = [int(n) for n in args.hands.split(",")]
    for name, run in (("replay", replay), ("export-phh", export), ("replay-phh", replay_phh)):
        print(f"studrules {name}")
        growth_table(run, lengths, args.base_tree)
    return 0


if __name__ == "__main__":
    sys.exit(main())
