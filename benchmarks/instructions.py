"""Instructions a random hand, counted by valgrind: studrules against PokerKit, and trees against each other.

Timings on a shared machine move by ±7% from run to run (the same tree
against itself), which is as much as most changes to a hand's play. The
instructions the processor runs for the same hands do not move: this script
plays the random hands of ``simulate.py --random`` (six players of each of
its games, its own driver: one seeded generator for the measurement, every
hand shuffling with it) under ``valgrind --tool=cachegrind`` and counts them.
Each figure is the difference between two runs of ``N`` and ``2N`` hands in
fresh processes, divided by ``N``: starting Python, importing and loading
the variant cancel out, and the second run's first ``N`` hands are the first
run's (the same seed), so the figure is the average over the ``N`` hands
that follow them. Before counting, each tree plays a hand outside valgrind,
so that the load cache holds its variants.

For this tree, and each ``--tree DIR`` (another checkout, a tree from 2
December on: ``Hand.act`` and a shared generator as a hand's ``seed``), the
instructions a studrules hand; with PokerKit installed (the ``bench``
extra), PokerKit's on its own hands of the same game, and the ratio of the
two: a figure no other job on the machine moves. A time ratio
(``simulate.py --random``) below this one means studrules runs fewer of its
instructions a second than PokerKit does of its own (memory and branches,
not the count). Needs valgrind (Debian's ``valgrind`` package); it runs
programs some 50 times slower, so the defaults take a few minutes.

    python benchmarks/instructions.py [--hands N] [--pokerkit-hands N] [--tree DIR ...]
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
GAMES = [("five-card stud", "five-card-stud-fr", "five"), ("seven-card stud", "stud-ru-casino", "seven")]

# one measurement: studrules (from the tree given) or PokerKit, simulate.py's random driver
WORKER = r"""
import sys
tree, bench, library, game, hands = sys.argv[1:6]
if library == "studrules":  # the tree's studrules, imported before simulate.py puts this tree first
    sys.path.insert(0, tree)
    import studrules.game.actions, studrules.game.hand, studrules.spec.loader
sys.path.insert(0, bench)
import simulate
if library == "studrules":
    simulate.studrules_random_hands(game, int(hands))
else:
    simulate.pokerkit_random_hands(game, int(hands))
"""


def _run(tree: Path, library: str, game: str, hands: int, counted: bool) -> int:
    """Play ``hands`` in a fresh process; with ``counted``, under cachegrind: the instructions."""
    command = [sys.executable, "-c", WORKER, str(tree), str(HERE), library, game, str(hands)]
    if counted:
        command = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null", *command]
    done = subprocess.run(command, capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"})
    if done.returncode:
        raise SystemExit(f"{library} in {tree}: the run failed:\n{done.stderr[-2000:]}")
    if not counted:
        return 0
    found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if found is None:
        raise SystemExit(f"valgrind printed no instruction count:\n{done.stderr[-2000:]}")
    return int(found.group(1).replace(",", ""))


def per_hand(tree: Path, library: str, game: str, hands: int) -> float:
    """Instructions a hand over the ``hands`` that follow the first ``hands`` (see the module)."""
    _run(tree, library, game, 1, counted=False)  # the load cache filled, outside the count
    return (_run(tree, library, game, 2 * hands, True) - _run(tree, library, game, hands, True)) / hands


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000, help="studrules hands counted per game (default 1000)")
    parser.add_argument("--pokerkit-hands", type=int, default=100, help="PokerKit hands counted (default 100)")
    parser.add_argument("--tree", type=Path, action="append", default=[], help="another tree to count (repeatable)")
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (Debian: apt-get install valgrind): nothing counted")
        return 0
    for tree in args.tree:
        if not (tree / "studrules" / "game" / "hand.py").is_file():
            parser.error(f"{tree} is not a studrules source tree (no studrules/game/hand.py)")
    try:
        import pokerkit  # noqa: F401 -- is PokerKit installed?

        have_pokerkit = True
    except ImportError:
        have_pokerkit = False
        print("PokerKit is not installed: counting studrules only (pip install '.[bench]' to compare)")
    trees = [("this tree", ROOT)] + [(str(tree), tree.resolve()) for tree in args.tree]
    for title, variant, kind in GAMES:
        ours = {name: per_hand(tree, "studrules", variant, args.hands) for name, tree in trees}
        line = f"{title}, 6 players, random legal actions: studrules {ours['this tree']:,.0f} instructions a hand"
        for name, _ in trees[1:]:
            line += f"; {name} {ours[name]:,.0f} ({ours['this tree'] / ours[name]:.4f} of it)"
        if have_pokerkit:
            theirs = per_hand(ROOT, "pokerkit", kind, args.pokerkit_hands)
            line += f"; PokerKit {theirs:,.0f}, ratio {theirs / ours['this tree']:.1f}x"
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
