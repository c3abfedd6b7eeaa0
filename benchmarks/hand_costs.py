"""Where a random hand's time goes: the parts of a studrules hand, each timed alone.

The random-play benchmark (``simulate.py --random``) times whole hands. This
script times their parts, for six players of each game it plays: a seeded
deck (and the seeding of its generator alone, ``random.Random(seed)``'s C
part), ``Hand()`` up to the first decision (the antes, the first deal and
the bring-in included), ``result()`` of a played hand, freeing a played hand,
the legal actions of one decision worked out again, a whole random hand as
the benchmark plays it, and ``Hand()`` once more, each made right after a
random hand was played and freed (what a part costs inside a running loop,
where the hand before has moved the machine's caches). Each figure is the
best of ``--repeat`` runs, in microseconds (CPU time; wall time for the last).

    python benchmarks/hand_costs.py [--repeat R]
"""

from __future__ import annotations

import _random
import argparse
import random
import sys
import time
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from studrules.cards.deck import Deck
from studrules.game.hand import Hand
from studrules.spec.loader import load_variant

PLAYERS = ["P1", "P2", "P3", "P4", "P5", "P6"]
STACK = 10_000
GAMES = [("five-card stud", "five-card-stud-fr"), ("seven-card stud", "stud-ru-casino")]


def _best(function, number: int, repeat: int) -> float:
    """Microseconds a call, the best of ``repeat`` runs of ``number`` calls (CPU time)."""
    timer = timeit.Timer(function, timer=time.process_time)
    return min(timer.repeat(repeat=repeat, number=number)) / number * 1e6


def random_hand(hand: Hand, draw) -> int:
    """Play ``hand`` out as simulate.py --random does; how many decisions it took."""
    decisions = 0
    while not hand.over:
        decisions += 1
        legal = hand.legal_actions()
        la = legal[int(draw() * len(legal))]
        if la.action == "fold" and any(o.action == "check" for o in legal):
            legal = [o for o in legal if o.action != "fold"]
            la = legal[int(draw() * len(legal))]
        amount = None
        if la.action in ("complete", "bet", "raise") and la.to:
            amount = la.to[int(draw() * len(la.to))]
        hand.act(la, amount)
    return decisions


def costs(variant_name: str, repeat: int) -> dict[str, float]:
    variant = load_variant(variant_name)
    seeds = iter(range(10**9))
    out = {}
    out["seeding the deck's generator"] = _best(lambda: _random.Random(next(seeds)), 20_000, repeat)
    out["a seeded, shuffled deck"] = _best(lambda: Deck(next(seeds), shuffled=True), 20_000, repeat)
    out["Hand() to the first decision"] = _best(lambda: Hand(variant, PLAYERS, STACK, seed=next(seeds)), 5_000, repeat)

    draw = random.Random(0).random
    played = []
    for seed in range(2_000):
        hand = Hand(variant, PLAYERS, STACK, seed=seed)
        random_hand(hand, draw)
        played.append(hand)

    def result_again():
        hand = played[next(seeds) % len(played)]
        hand._result = None  # (the result is kept once made: make it again)
        hand.result()

    out["result() of a played hand"] = _best(result_again, 20_000, repeat)

    def free(hands=played):
        start = time.process_time()
        hands.clear()
        return time.process_time() - start

    frees = []
    for _ in range(repeat):
        batch = []
        for seed in range(2_000):
            hand = Hand(variant, PLAYERS, STACK, seed=seed)
            random_hand(hand, draw)
            batch.append(hand)
        frees.append(free(batch) / 2_000 * 1e6)
    out["freeing a played hand"] = min(frees)

    hand = Hand(variant, PLAYERS, STACK, seed=3)
    hand.act(hand.legal_actions()[0])  # past the bring-in: a call, a completion or a fold

    def legal_again():
        hand._legal = None  # (kept until the next action: work it out again)
        hand.legal_actions()

    out["the legal actions of a decision"] = _best(legal_again, 100_000, repeat)

    def whole_hand():
        played_now = Hand(variant, PLAYERS, STACK, seed=next(seeds))
        random_hand(played_now, draw)
        played_now.result()  # (then freed, as in the benchmark's loop)

    out["a whole random hand, freed"] = _best(whole_hand, 4_000, repeat)

    # Hand() again, each made right after a random hand was played and freed: the parts of a hand
    # met in a running loop, not one after another
    inside = []
    for _ in range(repeat):
        spent = 0.0
        for _ in range(4_000):
            before = Hand(variant, PLAYERS, STACK, seed=next(seeds))
            random_hand(before, draw)
            del before
            start = time.perf_counter()
            made = Hand(variant, PLAYERS, STACK, seed=next(seeds))
            spent += time.perf_counter() - start
            del made
        inside.append(spent / 4_000 * 1e6)
    out["Hand() inside the random loop"] = min(inside)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs of each measurement; the best is kept (default 5)")
    args = parser.parse_args(argv)
    for title, name in GAMES:
        print(f"{title} ({name}), six players, microseconds:")
        for what, us in costs(name, args.repeat).items():
            print(f"  {what:34} {us:8.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
