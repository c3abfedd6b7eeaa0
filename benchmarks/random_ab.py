"""Random play, before and after: microseconds a hand of two source trees, in turn.

Each tree runs in its own subprocess (``sys.path`` at the tree) and plays
six-player random hands of each game of ``simulate.py --random`` (five-card
stud fr, stud-ru-casino) as that benchmark does, acting through
``Hand.act`` (``Hand.apply`` of an ``Action`` where the tree has no
``act``). The two trees take turns, the first swapped each round, on the
same seeds each round (new seeds every round), so a busy spell slows both;
time is the process's CPU time. Prints each tree's best µs a hand and the
median of the per-round ratios (B/A below 1: B is faster)::

    git worktree add /tmp/before HEAD~1
    python benchmarks/random_ab.py /tmp/before . [--rounds R] [--hands N]

A change of a percent or two is within the noise of one run: run it twice.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
from pathlib import Path

GAMES = ["five-card-stud-fr", "stud-ru-casino"]

WORKER = r"""
import random, sys, time
sys.path.insert(0, sys.argv[1])
from studrules.game.actions import Action
from studrules.game.hand import Hand
from studrules.spec.loader import load_variant
PLAYERS = ["P1", "P2", "P3", "P4", "P5", "P6"]
ACTS = hasattr(Hand, "act")
variants = {}
def run(name, hands, first):
    variant = variants.get(name) or variants.setdefault(name, load_variant(name))
    draw = random.Random(first).random
    start = time.process_time()
    for seed in range(first, first + hands):
        hand = Hand(variant, PLAYERS, 10000, seed=seed)
        while not hand.over:
            legal = hand.legal_actions()
            la = legal[int(draw() * len(legal))]
            if la.action == "fold":
                for other in legal:
                    if other.action == "check":
                        legal = [o for o in legal if o.action != "fold"]
                        la = legal[int(draw() * len(legal))]
                        break
            amount = None
            if la.action in ("complete", "bet", "raise") and la.to:
                amount = la.to[int(draw() * len(la.to))]
            if ACTS:
                hand.act(la, amount)
            else:
                hand.apply(Action(hand.to_act, la.action, amount))
        hand.result()
    return (time.process_time() - start) / hands * 1e6
for line in sys.stdin:
    name, hands, first = line.split()
    print(run(name, int(hands), int(first)), flush=True)
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a", type=Path, help="tree A (e.g. a worktree of the commit before)")
    parser.add_argument("b", type=Path, help="tree B")
    parser.add_argument("--rounds", type=int, default=8, help="measurements of each tree, in turn (default 8)")
    parser.add_argument("--hands", type=int, default=2000, help="hands per measurement (default 2000)")
    args = parser.parse_args(argv)
    for tree in (args.a, args.b):
        if not (tree / "studrules" / "game" / "hand.py").is_file():
            parser.error(f"{tree} is not a studrules source tree (no studrules/game/hand.py)")
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", WORKER, str(tree.resolve())],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        for tree in (args.a, args.b)
    ]

    def ask(proc: subprocess.Popen[str], name: str, hands: int, first: int) -> float:
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write(f"{name} {hands} {first}\n")
        proc.stdin.flush()
        return float(proc.stdout.readline())

    try:
        for name in GAMES:
            for proc in procs:
                ask(proc, name, 300, 0)  # warm up
            ratios = []
            best = [float("inf"), float("inf")]
            for r in range(args.rounds):
                got = {}
                for i in [0, 1] if r % 2 == 0 else [1, 0]:
                    got[i] = ask(procs[i], name, args.hands, 1000 + r * args.hands)
                    best[i] = min(best[i], got[i])
                ratios.append(got[1] / got[0])
            print(
                f"{name}: A {best[0]:.1f} µs a hand, B {best[1]:.1f} µs, B/A median {statistics.median(ratios):.3f}",
                flush=True,
            )
    finally:
        for proc in procs:
            proc.kill()
    return 0


if __name__ == "__main__":
    sys.exit(main())
