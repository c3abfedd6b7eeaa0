"""Start-up: the wall time of short ``studrules`` commands, in subprocesses.

Each command runs as ``python -m studrules ...`` in a fresh process, ``N``
times (``--runs``), taking turns with its peers in the same run so that a
busy spell on the machine slows them alike:

- ``python -c pass``: the interpreter's own start, the floor of any command;
- with ``--base-tree DIR``, the same command in another source tree (an older
  commit's checkout, e.g. ``git worktree add /tmp/base 0435632``).

Prints the median wall time of each (ms), the target of issue 18 and the
ratio to the interpreter's start (and to the base tree's time)::

    python benchmarks/startup.py [--runs N] [--base-tree DIR] [--cold]

The first run of each command is not counted (it fills the operating
system's file cache, and studrules' own load cache, see ``--cold``).
``--cold`` points ``STUDRULES_CACHE`` at an empty folder for every run, so
every run loads its variant from the YAML text.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: (label, arguments, target in ms)
COMMANDS: list[tuple[str, list[str], float]] = [
    ("--version", ["--version"], 60),
    ("--help", ["--help"], 60),
    ("list", ["list"], 150),
    ("explain seven-card-stud", ["explain", "seven-card-stud"], 150),
    ("validate variants/razz.yaml", ["validate", str(ROOT / "variants" / "razz.yaml")], 150),
]


def wall_ms(args: list[str], tree: Path | None, cache: str | None, cwd: str) -> float:
    """One run's wall time (ms); ``tree=None``: the interpreter alone."""
    env = dict(os.environ)
    if cache is not None:
        env["STUDRULES_CACHE"] = cache
    if tree is None:
        command = [sys.executable, "-c", "pass"]
    else:
        env["PYTHONPATH"] = str(tree)
        command = [sys.executable, "-m", "studrules", *args]
    start = time.perf_counter()
    # cwd: a folder of no package (``python -m`` puts the current folder first on the path)
    subprocess.run(command, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return (time.perf_counter() - start) * 1000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="runs of each command (default 15)")
    parser.add_argument("--base-tree", type=Path, help="another source tree to run the same commands in")
    parser.add_argument("--cold", action="store_true", help="an empty load cache for every run")
    args = parser.parse_args(argv)

    trees: dict[str, Path | None] = {"python -c pass": None, "this tree": ROOT}
    if args.base_tree:
        trees["base tree"] = args.base_tree.resolve()
    with tempfile.TemporaryDirectory() as scratch:
        print(f"{'command':30} {'tree':15} {'median ms':>10} {'target':>7} {'/ python':>9} {'/ base':>7}")
        for label, command, target in COMMANDS:
            times: dict[str, list[float]] = {name: [] for name in trees}
            for run in range(args.runs + 1):
                order = list(trees) if run % 2 else list(reversed(trees))
                for name in order:
                    cache = tempfile.mkdtemp(dir=scratch) if args.cold else None
                    ms = wall_ms(command, trees[name], cache, scratch)
                    if run:  # the first round fills the caches
                        times[name].append(ms)
            medians = {name: statistics.median(ts) for name, ts in times.items()}
            for name in trees:
                if trees[name] is None and label != COMMANDS[0][0]:
                    continue
                ratio = medians[name] / medians["python -c pass"]
                base = f"{medians[name] / medians['base tree']:7.2f}" if "base tree" in medians else ""
                shown_target = f"{target:7.0f}" if trees[name] is not None else ""
                print(f"{label:30} {name:15} {medians[name]:10.1f} {shown_target:>7} {ratio:9.2f} {base:>7}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
