"""Hands per second: studrules against PokerKit 0.7.7 on the same games.

Six players, fixed limit, every player checking or calling (the bring-in
posted, never completed) to the showdown. Five-card stud (studrules plays
the French file, ``five-card-stud-fr``; PokerKit a five-card stud built from
its ``State``: one down and one up card, then three up cards, four betting
rounds) and seven-card stud (``stud-ru-casino``'s seven-card layout against
PokerKit's ``FixedLimitSevenCardStud``). Both sides shuffle a fresh deck for
every hand, post antes and the bring-in, deal, bet, show and push the chips;
studrules records the whole history and reads the hand's result. Both
shuffle each hand's deck from one generator seeded once per measurement:
PokerKit with the ``random`` module's (``random.shuffle``), studrules with a
``random.Random`` given to every hand as its ``seed``. ``--seed-each-hand``
has every studrules hand seed a deck of its own instead (``seed=n``, each
hand then the same by its number alone: about 4 µs a hand more).

With ``--random``, every player instead picks a random legal action at
each decision (fold only when there is a bet to face; a random allowed
size when there is a choice), each pick an index drawn from one seeded
generator per measurement (``int(random() * n)``: one C call, where
``random.choice`` takes a few Python steps): the same rule, drawn the same
way, in both libraries, through their public APIs (studrules:
``Hand.legal_actions`` and ``Hand.act``, which does the legal action chosen;
PokerKit: its ``can_...`` questions and actions). ``--apply`` has studrules
write each choice out as an ``Action`` for ``Hand.apply`` instead (the
player named, the action checked again). ``--decisions`` then plays one
more, untimed run of each and prints how many decisions a hand each
library's players made, by kind: a hand's rate compares like with like only
when both play hands of the same length.

The two libraries are measured in turn, R times each (so a busy machine
slows both alike), and each keeps its best measurement.

    python benchmarks/simulate.py [--hands N] [--repeat R] [--random [--apply] [--decisions]] [--seed-each-hand]

PokerKit is not a dependency of studrules: install it for the benchmark only
(the ``bench`` extra: ``pip install '.[bench]'``); without it only studrules is measured.
"""

from __future__ import annotations

import argparse
import functools
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from studrules.game.actions import Action
from studrules.game.hand import Hand
from studrules.spec.loader import load_variant

PLAYERS = ["P1", "P2", "P3", "P4", "P5", "P6"]
STACK = 10_000


def _deals(hands: int, each_hand: bool) -> list[int] | list[random.Random]:
    """What each hand is given as its ``seed``: its number, or one generator for them all."""
    return list(range(hands)) if each_hand else [random.Random(1)] * hands


def studrules_hands(variant_name: str, hands: int, each_hand: bool = False) -> float:
    """Hands per second through studrules."""
    variant = load_variant(variant_name)
    deals = _deals(hands, each_hand)
    start = time.perf_counter()
    for seed in deals:
        hand = Hand(variant, PLAYERS, STACK, seed=seed)
        while not hand.over:
            hand.check_or_call()
        hand.result()
    return hands / (time.perf_counter() - start)


def studrules_random_hands(
    variant_name: str, hands: int, via_apply: bool = False, each_hand: bool = False, tally: Counter | None = None
) -> float:
    """Hands per second through studrules, every player acting at random
    (``via_apply``: each choice written out as an Action for Hand.apply;
    ``tally``: counts each hand's actions by verb, an untimed run's)."""
    variant = load_variant(variant_name)
    rng = random.Random(0)  # one seeded generator for the measurement, drawn from as PokerKit's
    draw = rng.random
    deals = _deals(hands, each_hand)
    start = time.perf_counter()
    for seed in deals:
        hand = Hand(variant, PLAYERS, STACK, seed=seed)
        while not hand.over:
            legal = hand.legal_actions()
            la = legal[int(draw() * len(legal))]
            if la.action == "fold":
                for other in legal:
                    if other.action == "check":  # fold only facing a bet: one of the others, each as likely
                        legal = [o for o in legal if o.action != "fold"]
                        la = legal[int(draw() * len(legal))]
                        break
            verb = la.action
            amount = None
            if verb == "complete" or verb == "bet" or verb == "raise":
                if la.to:
                    amount = la.to[int(draw() * len(la.to))]
                elif la.min is not None and la.max is not None:
                    amount = rng.randint(la.min, la.max)
            if via_apply:
                hand.apply(Action(hand.to_act, verb, amount))
            else:
                hand.act(la, amount)
        hand.result()
        if tally is not None:
            tally.update(a.verb for a in hand.actions)
    return hands / (time.perf_counter() - start)


def pokerkit_random_hands(kind: str, hands: int, tally: Counter | None = None) -> float | None:
    """Hands per second through PokerKit, every player acting at random (None without
    PokerKit; ``tally``: counts each hand's operations by kind, an untimed run's)."""
    make = pokerkit_state_factory(kind)
    if make is None:
        return None
    draw = random.Random(0).random  # one seeded generator for the measurement, drawn from as studrules'
    start = time.perf_counter()
    for _ in range(hands):
        state = make()
        while state.status:
            choices = []
            if state.can_post_bring_in():
                choices.append(state.post_bring_in)
            if state.can_complete_bet_or_raise_to():
                choices.append(state.complete_bet_or_raise_to)
            if state.can_check_or_call():
                choices.append(state.check_or_call)
            if state.can_fold() and state.checking_or_calling_amount:
                choices.append(state.fold)
            choices[int(draw() * len(choices))]()
        if tally is not None:
            tally.update(type(op).__name__ for op in state.operations)
    return hands / (time.perf_counter() - start)


def pokerkit_state_factory(kind: str):
    """A function making a fresh PokerKit state of the game (None without PokerKit)."""
    try:
        import pokerkit  # noqa: F401 -- is PokerKit installed?
        from pokerkit import (
            Automation,
            BettingStructure,
            Deck,
            FixedLimitSevenCardStud,
            Opening,
            StandardHighHand,
            State,
            Street,
        )
    except ImportError:
        return None
    automations = (
        Automation.ANTE_POSTING,
        Automation.BET_COLLECTION,
        Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING,
        Automation.HOLE_DEALING,
        Automation.BOARD_DEALING,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING,
        Automation.CHIPS_PULLING,
    )
    if kind == "seven":

        def make():
            return FixedLimitSevenCardStud.create_state(automations, True, 1, 2, 5, 10, STACK, len(PLAYERS))

        return make

    def make():
        return State(
            automations,
            Deck.STANDARD,
            (StandardHighHand,),
            (
                Street(False, (False, True), 0, False, Opening.LOW_CARD, 10, 4),
                Street(True, (True,), 0, False, Opening.HIGH_HAND, 10, 4),
                Street(True, (True,), 0, False, Opening.HIGH_HAND, 20, 4),
                Street(True, (True,), 0, False, Opening.HIGH_HAND, 20, 4),
            ),
            BettingStructure.FIXED_LIMIT,
            True,
            5,
            0,
            5,
            STACK,
            len(PLAYERS),
        )

    return make


def pokerkit_hands(kind: str, hands: int) -> float | None:
    """Hands per second through PokerKit (None when it is not installed)."""
    make = pokerkit_state_factory(kind)
    if make is None:
        return None
    start = time.perf_counter()
    for _ in range(hands):
        state = make()
        while state.status:
            if state.can_post_bring_in():
                state.post_bring_in()
            else:
                state.check_or_call()
    return hands / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=5000, help="studrules hands per measurement (default 5000)")
    parser.add_argument("--pokerkit-hands", type=int, default=300, help="PokerKit hands per measurement (default 300)")
    parser.add_argument(
        "--repeat", type=int, default=5, help="measurements of each, in turn; the best is kept (default 5)"
    )
    parser.add_argument("--random", action="store_true", help="random legal actions instead of check/call")
    parser.add_argument(
        "--apply", action="store_true", help="with --random: studrules applies an Action rather than acting"
    )
    parser.add_argument(
        "--decisions", action="store_true", help="with --random: print each library's decisions a hand, by kind"
    )
    parser.add_argument(
        "--seed-each-hand", action="store_true", help="every studrules hand seeds a deck of its own (seed=n)"
    )
    args = parser.parse_args(argv)
    ours_of, theirs_of = (
        (studrules_random_hands, pokerkit_random_hands) if args.random else (studrules_hands, pokerkit_hands)
    )
    if args.random and args.apply:
        ours_of = functools.partial(studrules_random_hands, via_apply=True)
    if args.seed_each_hand:
        ours_of = functools.partial(ours_of, each_hand=True)
    way = "random legal actions" if args.random else "check/call"
    try:
        import pokerkit  # noqa: F401

        have_pokerkit = True
    except ImportError:
        have_pokerkit = False
        print("PokerKit is not installed: measuring studrules only (pip install '.[bench]' to compare)")
    games = [
        (f"five-card stud, 6 players, {way}", "five-card-stud-fr", "five"),
        (f"seven-card stud, 6 players, {way}", "stud-ru-casino", "seven"),
    ]
    for title, variant, kind in games:
        ours = theirs = 0.0
        for _ in range(args.repeat):  # in turn, so that a busy spell slows both
            ours = max(ours, ours_of(variant, args.hands))
            if have_pokerkit:
                theirs = max(theirs, theirs_of(kind, args.pokerkit_hands) or 0)
        line = f"{title}: studrules {ours:,.0f} hands/s"
        if have_pokerkit:
            line += f", PokerKit 0.7.7 {theirs:,.0f} hands/s, ratio {ours / theirs:.1f}x"
        print(line, flush=True)
        if args.random and args.decisions:
            print("  " + decisions_line(ours_of, theirs_of if have_pokerkit else None, variant, kind, args.hands))
    return 0


#: PokerKit's operations that are a player's decision (the others are its automations: dealing, antes, ...)
_POKERKIT_DECISIONS = {
    "BringInPosting": "bring-in",
    "CompletionBettingOrRaisingTo": "complete/bet/raise",
    "CheckingOrCalling": "check/call",
    "Folding": "fold",
}

#: studrules' verbs grouped as PokerKit's operations group them
_AS_POKERKIT = dict.fromkeys(("complete", "bet", "raise"), "complete/bet/raise") | {
    "check": "check/call",
    "call": "check/call",
}


def decisions_line(ours_of, theirs_of, variant: str, kind: str, hands: int) -> str:
    """Decisions a hand in an untimed run of each library, in total and by kind (studrules'
    verbs grouped as PokerKit's operations are; its show and muck choices, which PokerKit
    makes by itself, apart)."""
    ours: Counter = Counter()
    ours_of(variant, hands, tally=ours)
    grouped: Counter = Counter()
    for verb, n in ours.items():
        grouped[_AS_POKERKIT.get(verb, verb)] += n
    betting = {k: n for k, n in grouped.items() if k not in ("show", "muck")}
    line = f"decisions a hand: studrules {sum(betting.values()) / hands:.2f} ({_kinds(betting, hands)})"
    showing = grouped["show"] + grouped["muck"]
    if showing:
        line += f", and {showing / hands:.2f} shows or mucks"
    if theirs_of is not None:
        theirs: Counter = Counter()
        theirs_of(kind, hands, tally=theirs)
        picked = {_POKERKIT_DECISIONS[k]: n for k, n in theirs.items() if k in _POKERKIT_DECISIONS}
        line += f"; PokerKit {sum(picked.values()) / hands:.2f} ({_kinds(picked, hands)})"
    return line


def _kinds(counts: dict[str, int], hands: int) -> str:
    return ", ".join(f"{k} {n / hands:.2f}" for k, n in sorted(counts.items()))


if __name__ == "__main__":
    sys.exit(main())
