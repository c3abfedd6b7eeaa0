"""Benchmark wild-card evaluation against brute-force substitution, on the same hands.

    python benchmarks/wild.py [--hands 200000] [--brute 20] [--seed 1]

Seven-card hands holding exactly two wild cards, two ways: deuces wild (two
deuces and five other cards) and two jokers (five cards, X1 and X2). For each,
the rate of ``evaluate_wild`` (the public function, card objects, the wild
set made once as a deal makes it) on its first pass over the hands, when it
still learns the rank and suit patterns it meets, and on later passes; the
natural evaluator on seven natural cards for scale; and two brute forces on
the first hands: the literal one (each of the 52 cards for every wild card,
every five of the seven scored) and the rank-wise one the tests use. Every
brute-forced hand is checked to agree. The target is 100,000 hands a second.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from studrules.cards.card import Card, full_deck, joker
from studrules.cards.evaluator import evaluate
from studrules.cards.wild import evaluate_wild, of_ranks, signature_of
from studrules.cards.wild_low import evaluate_wild_ace_to_five, evaluate_wild_deuce_to_seven
from studrules.cards.wild_reference import reference_high, substitute_every_card

Hand = list[Card]
TARGET = 100_000


def deuces_wild(rng: random.Random, count: int) -> tuple[list[Hand], frozenset[Card]]:
    deuces = [c for c in full_deck() if c.rank == 2]
    others = [c for c in full_deck() if c.rank != 2]
    hands = []
    for _ in range(count):
        hand = rng.sample(deuces, 2) + rng.sample(others, 5)
        rng.shuffle(hand)
        hands.append(hand)
    return hands, of_ranks("2")


def two_jokers(rng: random.Random, count: int) -> tuple[list[Hand], frozenset[Card]]:
    deck = list(full_deck())
    hands = []
    for _ in range(count):
        hand = rng.sample(deck, 5) + [joker(1), joker(2)]
        rng.shuffle(hand)
        hands.append(hand)
    return hands, frozenset()


def timed(run: Callable[[], object], count: int) -> float:
    start = time.perf_counter()
    run()
    return count / (time.perf_counter() - start)


def ours(hands: Sequence[Hand], wild: frozenset[Card], **options: object) -> Callable[[], None]:
    def run() -> None:
        ev = evaluate_wild
        for hand in hands:
            ev(hand, wild, **options)  # type: ignore[arg-type]

    return run


def each(
    func: Callable[..., object], hands: Sequence[Hand], wild: frozenset[Card], out: list[object]
) -> Callable[[], None]:
    def run() -> None:
        out.extend(func(hand, wild) for hand in hands)

    return run


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--brute", type=int, default=20, help="hands for the literal brute force (slow)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(
        f"python {sys.version.split()[0]}, {args.hands:,} seven-card hands with two wild cards per set, seed {args.seed}"
    )
    rows = []
    worst = float("inf")
    for name, make in (("deuces wild", deuces_wild), ("two jokers", two_jokers)):
        hands, wild = make(random.Random(args.seed), args.hands)
        first = timed(ours(hands, wild), len(hands))
        later = max(timed(ours(hands, wild), len(hands)) for _ in range(3))
        natural = [[c if c not in wild and c.code < 52 else Card(c.code % 4) for c in h] for h in hands[:50_000]]
        natural = [h for h in natural if len(set(h)) == 7]

        def run_natural(natural: list[Hand] = natural) -> None:
            for hand in natural:
                evaluate(hand)

        plain = max(timed(run_natural, len(natural)) for _ in range(3))
        low = hands[:50_000]
        a5 = timed(each(evaluate_wild_ace_to_five, low, wild, []), len(low))
        d27 = timed(each(evaluate_wild_deuce_to_seven, low, wild, []), len(low))
        sample = hands[: args.brute]
        literal_values: list[object] = []
        literal = timed(each(substitute_every_card, sample, wild, literal_values), len(sample))
        ranked = hands[: 10 * args.brute]
        ranked_values: list[object] = []
        rankwise = timed(each(reference_high, ranked, wild, ranked_values), len(ranked))
        ranked_values = [value[0] for value in ranked_values]  # type: ignore[index]  # (signature, natural)
        agree = [signature_of(evaluate_wild(h, wild)) for h in ranked]
        if agree[: len(sample)] != literal_values or agree != ranked_values:
            print(f"{name}: evaluate_wild DISAGREES with brute force")
            return 1
        worst = min(worst, first, later)
        rows.append((name, first, later, plain, a5, d27, literal, rankwise))
    print(f"{'':34}{'deuces wild':>14}{'two jokers':>14}")
    labels = (
        "evaluate_wild, first pass /s",
        "evaluate_wild, later passes /s",
        "evaluate (7 natural cards) /s",
        "ace-to-five low, wild /s",
        "deuce-to-seven low, wild /s",
        "brute force, every card /s",
        "brute force, rank-wise /s",
    )
    for i, label in enumerate(labels, start=1):
        print(f"{label:34}" + "".join(f"{row[i]:>14,.0f}" for row in rows))
    for name, first, later, _, _, _, literal, rankwise in rows:
        print(
            f"{name}: evaluate_wild is {later / literal:,.0f}x the every-card brute force "
            f"({first / literal:,.0f}x on its first pass), {later / rankwise:,.0f}x the rank-wise one"
        )
    print(
        f"slowest evaluate_wild rate {worst:,.0f}/s against the target {TARGET:,}/s: {'met' if worst >= TARGET else 'MISSED'}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
