"""Classic games, before and after: hands per second of two source trees in the same run.

The classic games (the files at the top of ``variants/``: seven-card stud,
five-card stud, razz, hi-lo, the French and Russian files) played through
:class:`~studrules.game.hand.Hand` by six players, in three ways:

- ``check-call``: ``Hand.check_or_call`` until the hand is over (the
  showdown through the hand's default action);
- ``random``: a random player reading ``Hand.legal_actions`` and calling
  ``Hand.apply`` with an :class:`~studrules.game.actions.Action` (any legal
  verb, any allowed amount, no fold when a check is allowed), seeded per hand;
- ``bots``: ``play_hand`` with a seeded ``random`` bot at every seat, each
  deciding from its seat's ``View`` (the path of ``simulate`` and ``compare``).

Each tree runs in its own subprocess (``PYTHONPATH`` at the tree), warmed
up, then asked for one measurement at a time. The two trees take turns:
each game and way is measured by one tree and at once by the other, the
first swapped each round, so that a busy spell on the machine slows both
alike. Time is the process's CPU time (a wait for a shared core is not
counted). Each round deals new hands (seeds from 1000 on, the same for both
trees: a cache warmed by hands already played favours neither). Each
measurement also digests the hands' results (chips won per seat, hand by
hand): equal digests say both trees played the same hands to the same ends.
Each tree plays its own variant files.

The base tree is a ``git worktree`` of ``--base`` (by default the commit
before issue 12's work) made under /tmp if it is not there yet (``git
worktree remove`` it when done)::

    python benchmarks/classic_ab.py [--base REV] [--base-tree DIR] [--hands N] [--rounds R]

Prints, per game and way, the best rate of each tree (hands/s), the ratio
of the best rates (current / base, above 1: the current tree is faster) and
the median of the per-round ratios. ``--bytecodes`` counts instead the
bytecodes each hand executes in each tree (``sys.settrace``; slow, but the
same count on a busy machine as on an idle one; below 1: the current tree
does less).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: the last commit before issue 12's work (the issue-11 layout and typing pass ends there)
BASE = "0435632"

GAMES = ["seven-card-stud", "five-card-stud", "razz", "seven-card-stud-hi-lo", "stud-ru-casino", "five-card-stud-fr"]
WAYS = ["check-call", "random", "bots"]
PLAYERS = ["P1", "P2", "P3", "P4", "P5", "P6"]

# Runs in each tree's own process: reads "[game, way, first seed, hands]" lines, answers "[rate, digest]" lines.
WORKER = r"""
import hashlib, json, random, sys, time
from studrules.game.actions import Action
from studrules.game.hand import Hand
from studrules.game.policies import make_policy, play_hand
from studrules.spec.loader import load_variant

games, ways, players, stack = json.loads(sys.argv[1])

def check_call(variant, seed):
    hand = Hand(variant, players, stack, seed=seed)
    while not hand.over:
        hand.check_or_call()
    return hand.result()

def random_apply(variant, seed):
    hand = Hand(variant, players, stack, seed=seed)
    rng = random.Random(seed)
    while not hand.over:
        legal = hand.legal_actions()
        verbs = [la.action for la in legal]
        if "check" in verbs and "fold" in verbs:
            legal = [la for la in legal if la.action != "fold"]
        la = rng.choice(legal)
        amount = None
        if la.action in ("complete", "bet", "raise"):
            if la.to:
                amount = rng.choice(la.to)
            elif la.min is not None and la.max is not None:
                amount = rng.randint(la.min, la.max)
        hand.apply(Action(hand.to_act, la.action, amount))
    return hand.result()

def bots(variant, seed):
    hand = Hand(variant, players, stack, seed=seed)
    return play_hand(hand, {p: make_policy("random", seed * 10 + i) for i, p in enumerate(players)})

play = {"check-call": check_call, "random": random_apply, "bots": bots}
variants = {g: load_variant(g) for g in games}
for g in games:  # warm up: the plans, the evaluator's tables, the caches
    for w in ways:
        for seed in range(20):
            play[w](variants[g], seed)
print("ready", flush=True)
clock = time.process_time  # CPU time: a wait for a shared core is not counted
executed = [0]

def count(frame, event, arg):  # every bytecode executed, in every frame
    frame.f_trace_opcodes = True
    return count_opcode

def count_opcode(frame, event, arg):
    if event == "opcode":
        executed[0] += 1
    return count_opcode

for line in sys.stdin:
    g, w, first, hands, bytecodes = json.loads(line)
    f, v = play[w], variants[g]
    digest = hashlib.sha256()
    executed[0] = 0
    t = clock()
    if bytecodes:
        sys.settrace(count)
    for seed in range(first, first + hands):
        r = f(v, seed)
        digest.update(repr(sorted(r.net.items())).encode())
    sys.settrace(None)
    measure = executed[0] / hands if bytecodes else hands / (clock() - t)
    print(json.dumps([measure, digest.hexdigest()[:12]]), flush=True)
"""


def base_tree(rev: str) -> Path:
    """A worktree of ``rev`` under /tmp (made once, then reused)."""
    full = subprocess.run(["git", "rev-parse", rev], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    path = Path("/tmp") / f"studrules-ab-{full.strip()[:12]}"
    if not (path / "studrules").is_dir():
        subprocess.run(["git", "worktree", "add", "--detach", str(path), rev], cwd=ROOT, check=True)
    return path


class Worker:
    """A process of one tree that measures what it is asked, one game and way at a time."""

    def __init__(self, tree: Path, games: list[str], ways: list[str]):
        env = dict(os.environ, PYTHONPATH=str(tree))
        args = json.dumps([games, ways, PLAYERS, 10_000])
        self.tree = tree
        self.proc = subprocess.Popen(
            [sys.executable, "-c", WORKER, args],
            cwd=tree,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self._read()

    def _read(self) -> str:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            sys.exit(f"{self.tree}: the worker stopped")
        return line

    def measure(self, game: str, way: str, first: int, hands: int, bytecodes: bool = False) -> tuple[float, str]:
        """Hands per second (CPU time) of the hands seeded ``first`` on, or with ``bytecodes``
        the bytecodes executed per hand; and a digest of the results."""
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps([game, way, first, hands, bytecodes]) + "\n")
        self.proc.stdin.flush()
        rate, digest = json.loads(self._read())
        return rate, digest

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()


def count_bytecodes(trees: dict[str, Path], games: list[str], ways: list[str], hands: int) -> int:
    """Bytecodes executed per hand by each tree on the same hands: a measure no busy machine
    disturbs (a call costs more than a bytecode, so it ranks the work, it does not time it)."""
    print(f"base {trees['base']}, current {trees['current']}; bytecodes per hand over {hands} hands")
    workers = {name: Worker(tree, games, ways) for name, tree in trees.items()}
    print(f"{'game, way':40}{'base':>10}{'current':>12}{'ratio':>8}  same hands")
    ratios = []
    for g in games:
        for w in ways:
            (b, db), (c, dc) = (workers[name].measure(g, w, 1000, hands, True) for name in ("base", "current"))
            ratios.append(c / b)
            print(f"{g + ' ' + w:40}{b:>10,.0f}{c:>12,.0f}{c / b:>8.3f}  {'yes' if db == dc else 'NO'}")
    for worker in workers.values():
        worker.close()
    print(f"{'geometric mean':40}{'':>22}{statistics.geometric_mean(ratios):>8.3f}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default=BASE, help=f"the commit to compare with (default {BASE})")
    parser.add_argument("--base-tree", type=Path, help="a checkout of the base (default: a worktree under /tmp)")
    parser.add_argument("--current-tree", type=Path, default=ROOT, help="the tree measured (default: this one)")
    parser.add_argument("--hands", type=int, default=300, help="hands per game and way in a round (default 300)")
    parser.add_argument("--rounds", type=int, default=6, help="rounds, each tree once per round (default 6)")
    parser.add_argument("--games", nargs="+", default=GAMES)
    parser.add_argument("--ways", nargs="+", default=WAYS, choices=WAYS)
    parser.add_argument(
        "--bytecodes", action="store_true", help="count the bytecodes each hand executes instead (no timing, one round)"
    )
    args = parser.parse_args(argv)
    base = args.base_tree or base_tree(args.base)
    trees = {"base": base, "current": args.current_tree}
    if args.bytecodes:
        return count_bytecodes(trees, args.games, args.ways, args.hands)
    print(f"base {base}, current {args.current_tree}; {args.hands} hands per game and way, {args.rounds} rounds")
    workers = {name: Worker(tree, args.games, args.ways) for name, tree in trees.items()}
    keys = [(g, w) for g in args.games for w in args.ways]
    rates: dict[str, dict[tuple[str, str], list[float]]] = {"base": {}, "current": {}}
    digests: dict[str, dict[tuple[str, str], list[str]]] = {"base": {}, "current": {}}
    for r in range(args.rounds):
        for i, key in enumerate(keys):  # each game and way taken first by each tree in turn
            order = ["base", "current"] if (r + i) % 2 == 0 else ["current", "base"]
            for name in order:
                rate, digest = workers[name].measure(*key, 1000 + r * args.hands, args.hands)
                rates[name].setdefault(key, []).append(rate)
                digests[name].setdefault(key, []).append(digest)
        print(f"round {r + 1} of {args.rounds} done", file=sys.stderr, flush=True)
    for worker in workers.values():
        worker.close()
    print(f"{'game, way':40}{'base /s':>10}{'current /s':>12}{'best':>8}{'median':>8}  same hands")
    best_ratios, median_ratios = [], []
    for key in rates["base"]:
        b, c = rates["base"][key], rates["current"][key]
        best = max(c) / max(b)
        median = statistics.median(x / y for x, y in zip(c, b))
        best_ratios.append(best)
        median_ratios.append(median)
        same = "yes" if digests["base"][key] == digests["current"][key] else "NO"
        print(f"{' '.join(key):40}{max(b):>10,.0f}{max(c):>12,.0f}{best:>8.3f}{median:>8.3f}  {same}")
    print(
        f"{'geometric mean':40}{'':>22}{statistics.geometric_mean(best_ratios):>8.3f}"
        f"{statistics.geometric_mean(median_ratios):>8.3f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
