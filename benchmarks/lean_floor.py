"""The floor of random play in CPython: a minimal hand-written stud hand against the interpreter.

A measuring stick, not part of studrules. ``Lean`` below plays the structure
of one game of ``simulate.py --random`` (its antes, its deals, the bet of
each betting round, the bring-in and the cap, read from the variant's plan)
with nothing else: no alternative bet sizes, no open fold, no all-in or side
pot, no showdown order or muck, events as short tuples and no result object.
It shuffles the same seeded deck (:class:`~studrules.cards.deck.Deck`), finds
the first to act with the same cached strength of a showing, and evaluates
hands with the same evaluator. Both engines are played at random by the rule
of ``simulate.py --random`` (fold only when facing a bet), in turn, on the
same seeds; CPU time, best of ``--repeat``. Then each engine's hand up to
its first decision alone, and the rest of a hand shared among its
decisions (the streets and the showdown they bring included; studrules'
``result()`` too). The ratio is what the
interpreter's generality costs over the least a Python engine of the game
must do; at 20x PokerKit a five-card hand has 57 µs and a seven-card hand
79 µs (``simulate.py --random``'s PokerKit figures on this machine).

    python benchmarks/lean_floor.py [--hands N] [--repeat R]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from studrules.cards.deck import Deck
from studrules.cards.evaluator import evaluate
from studrules.game.hand import Hand
from studrules.game.plan import _AntePlan, _BettingPlan, _DealPlan, _plan
from studrules.spec.loader import load_variant

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hand_costs import random_hand

PLAYERS = ["P1", "P2", "P3", "P4", "P5", "P6"]
STACK = 10_000
GAMES = [("five-card stud", "five-card-stud-fr"), ("seven-card stud", "stud-ru-casino")]
_FOLD = ("fold", 0)
_CHECK = ("check", 0)


class Game:
    """What Lean reads of a variant: ante, each street's faces and bet, bring-in, cap."""

    def __init__(self, name: str):
        plan = self.plan = _plan(load_variant(name), None)
        self.ante = 0
        self.streets: list[tuple[tuple[str, ...], int]] = []
        faces: tuple[str, ...] = ()
        for step in plan.steps:
            if isinstance(step, _AntePlan):
                self.ante = step.amount or 0
            elif isinstance(step, _DealPlan):
                faces += tuple(step.step.players)
            elif isinstance(step, _BettingPlan):
                assert step.bet is not None and step.cap is not None
                self.streets.append((faces, step.bet))
                faces = ()
                if step.bring_in is not None:
                    self.bring_in = step.bring_in
                self.cap = step.cap
        self.last_faces = faces  # dealt after the last round (none in these games)
        self.options: dict[tuple[str, int], tuple[str, int]] = {}

    def option(self, verb: str, amount: int) -> tuple[str, int]:
        key = (verb, amount)
        found = self.options.get(key)
        if found is None:
            found = self.options[key] = key
        return found


class Lean:
    """A minimal fixed-limit stud hand of a Game: six players, deep stacks."""

    __slots__ = (
        "g", "n", "stacks", "bets", "contrib", "folded", "inn", "acted", "cards", "up", "upk", "events",
        "actions", "cur", "raises", "street", "to_act", "over", "legal", "deck", "pos", "bring_due", "size",
        "opened",
    )  # fmt: skip

    def __init__(self, game: Game, n: int, stack: int, seed: int):
        self.g = game
        self.n = n
        ante = game.ante
        self.stacks = [stack - ante] * n
        self.contrib = [ante] * n
        self.folded = [False] * n
        self.inn = list(range(n))
        self.cards: list[list] = [[] for _ in range(n)]
        self.up: list[list] = [[] for _ in range(n)]
        self.upk = [0] * n
        self.events: list[tuple] = [("ante", i, ante) for i in range(n)]
        self.actions: list[tuple] = []
        self.deck = Deck(seed, shuffled=True).peek_remaining()
        self.pos = 0
        self.over = False
        self.legal: tuple | None = None
        self.street = -1
        self.next_street()

    def next_street(self) -> None:
        g = self.g
        self.street += 1
        if self.street == len(g.streets):
            self.showdown()
            return
        faces, size = g.streets[self.street]
        deck, pos, nibble = self.deck, self.pos, g.plan.rank_nibble
        for face in faces:
            for i in self.inn:
                card = deck[pos]
                pos += 1
                self.cards[i].append(card)
                if face == "up":
                    self.up[i].append(card)
                    self.upk[i] += nibble[card.code]
                self.events.append(("deal", i, card))
        self.pos = pos
        n = self.n
        self.bets = [0] * n
        self.acted = [False] * n
        self.cur = self.raises = 0
        self.size = size
        self.opened = False
        self.bring_due = self.street == 0
        if self.bring_due:
            key = g.plan.card_key
            self.to_act = min(self.inn, key=lambda i: key[self.up[i][0].code])
        else:
            cache, best, first = g.plan.visible_cache, None, self.inn[0]
            for i in self.inn:
                v = cache.get(self.upk[i])
                if v is None:
                    v = g.plan.visible(self.up[i], self.upk[i])
                if best is None or v > best:
                    best, first = v, i
            self.to_act = first

    def legal_actions(self) -> tuple:
        legal = self.legal
        if legal is None:
            g, s, cur = self.g, self.to_act, self.cur
            if self.bring_due:
                legal = (g.option("bring-in", g.bring_in), g.option("complete", self.size))
            else:
                to_call = cur - self.bets[s]
                head = (_FOLD, g.option("call", to_call)) if to_call > 0 else (_CHECK,)
                if self.acted[s]:
                    legal = head
                elif cur == 0:
                    legal = head + (g.option("bet", self.size),)
                elif not self.opened:
                    legal = head + (g.option("complete", self.size),)
                elif self.raises < g.cap:
                    legal = head + (g.option("raise", cur + self.size),)
                else:
                    legal = head
            self.legal = legal
        return legal

    def act(self, option: tuple) -> None:
        s = self.to_act
        verb, amount = option
        bets = self.bets
        if verb == "call" or verb == "bring-in":
            self.stacks[s] -= amount
            bets[s] += amount
            self.contrib[s] += amount
            if verb == "bring-in":
                self.cur = amount
                self.bring_due = False
        elif verb == "fold":
            self.folded[s] = True
            self.inn.remove(s)
        elif verb != "check":
            put = amount - bets[s]
            self.stacks[s] -= put
            bets[s] = amount
            self.contrib[s] += put
            if verb == "raise" or (verb == "complete" and self.cur):
                self.raises += 1
            self.cur = amount
            self.acted = [False] * self.n
            self.opened = True
        self.acted[s] = True
        self.events.append((verb, s, amount))
        self.actions.append((s, verb, amount))
        self.legal = None
        if len(self.inn) == 1:
            self.stacks[self.inn[0]] += sum(self.contrib)
            self.over = True
            return
        folded, acted, cur, n = self.folded, self.acted, self.cur, self.n
        for k in range(1, n + 1):
            j = (s + k) % n
            if not folded[j] and (not acted[j] or bets[j] < cur):
                self.to_act = j
                return
        self.next_street()

    def showdown(self) -> None:
        best, winners = None, []
        for i in self.inn:
            v = evaluate(self.cards[i])
            if best is None or v > best:
                best, winners = v, [i]
            elif v == best:
                winners.append(i)
        pot = sum(self.contrib)
        for w in winners:
            self.stacks[w] += pot // len(winners)
        self.stacks[winners[0]] += pot % len(winners)
        self.events.append(("award", tuple(winners), pot))
        self.over = True


def _best(make, repeat: int, number: int = 5000) -> float:
    """µs a call of ``make``, the best of ``repeat`` runs (CPU time)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        for _ in range(number):
            make()
        best = min(best, (time.process_time() - start) / number * 1e6)
    return best


def lean_hands(game: Game, hands: int) -> tuple[float, float]:
    """µs a random hand of Lean, and its decisions a hand."""
    draw = random.Random(0).random
    decisions = 0
    start = time.process_time()
    for seed in range(hands):
        hand = Lean(game, len(PLAYERS), STACK, seed)
        while not hand.over:
            legal = hand.legal_actions()
            la = legal[int(draw() * len(legal))]
            if la[0] == "fold" and any(o[0] == "check" for o in legal):
                legal = [o for o in legal if o[0] != "fold"]
                la = legal[int(draw() * len(legal))]
            hand.act(la)
            decisions += 1
    return (time.process_time() - start) / hands * 1e6, decisions / hands


def studrules_hands(name: str, hands: int) -> tuple[float, float]:
    """µs a random hand of studrules (as simulate.py --random plays it), and its decisions a hand."""
    variant = load_variant(name)
    draw = random.Random(0).random
    decisions = 0
    start = time.process_time()
    for seed in range(hands):
        hand = Hand(variant, PLAYERS, STACK, seed=seed)
        decisions += random_hand(hand, draw)
        hand.result()
    return (time.process_time() - start) / hands * 1e6, decisions / hands


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=4000, help="hands per measurement (default 4000)")
    parser.add_argument("--repeat", type=int, default=5, help="measurements of each, in turn (default 5)")
    args = parser.parse_args(argv)
    for title, name in GAMES:
        game = Game(name)
        lean_hands(game, 200)  # warm up
        studrules_hands(name, 200)
        lean = ours = (float("inf"), 0.0)
        for _ in range(args.repeat):
            lean = min(lean, lean_hands(game, args.hands))
            ours = min(ours, studrules_hands(name, args.hands))
        seeds = iter(range(10**9))
        lean_init = _best(lambda g=game, s=seeds: Lean(g, len(PLAYERS), STACK, next(s)), args.repeat)
        variant = load_variant(name)
        our_init = _best(lambda v=variant, s=seeds: Hand(v, PLAYERS, STACK, seed=next(s)), args.repeat)
        print(
            f"{title}: the minimal engine {lean[0]:.1f} µs a hand ({lean[1]:.1f} decisions), "
            f"studrules {ours[0]:.1f} µs ({ours[1]:.1f} decisions): {ours[0] / lean[0]:.2f}x\n"
            f"  to the first decision: {lean_init:.1f} and {our_init:.1f} µs; the rest of a hand, a decision: "
            f"{(lean[0] - lean_init) / lean[1]:.2f} and {(ours[0] - our_init) / ours[1]:.2f} µs",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
