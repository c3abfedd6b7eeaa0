"""Invariants over random-policy hands on every shipped pot variant (and the banked one).

For every hand: chips are conserved, no card is dealt twice, the hand ends,
and replaying the recorded actions on the same cards gives the same history.
The default run plays a few thousand hands; the soak run (``-m soak``) plays
more than 100,000.
"""

from __future__ import annotations

import random

import pytest

from studrules.game.hand import Hand
from studrules.spec.loader import load_variant, shipped_variants

POT_VARIANTS = []
BANKED_VARIANTS = []
for _path in shipped_variants():
    _v = load_variant(_path)
    (BANKED_VARIANTS if _v.is_banked else POT_VARIANTS).append(_v.name)

OPTION_SETS = [
    ("five-card-stud-ru-home", {"structure": "pot_limit"}),
    ("five-card-stud-ru-home", {"structure": "fixed_limit", "reraise": "forbidden"}),
    ("five-card-stud-ru-home", {"antes": "no", "opener": "lowest_card", "reraise": "double"}),
    ("five-card-stud-ru-home", {"ties": "showing_order"}),
    ("five-card-stud-he", {"ante": "no"}),
    ("baseball", {"up_cards": "four-bought-three-pays"}),  # cards bought or declined, a fold for a three up
    ("english-stud", {"twist": "free"}),
]


def random_action(hand: Hand, rng: random.Random):
    """A random legal action of the player to act, amounts drawn from what is legal."""
    legal = hand.legal_actions()
    choice = rng.choice(legal)
    verb = choice.action
    if choice.choices and choice.min is not None and choice.max is not None:  # some of these cards (discard)
        chosen = rng.sample(choice.choices, rng.randint(choice.min, choice.max))
        return f"{hand.to_act} {verb} {' '.join(chosen)}".rstrip()
    if choice.choices:  # a word to choose (declare high, low or both)
        return f"{hand.to_act} {verb} {rng.choice(choice.choices)}"
    amount = None
    if choice.to is not None:
        amount = rng.choice(choice.to)
    elif choice.min is not None:
        amount = rng.choice((choice.min, choice.max, rng.randint(choice.min, choice.max)))
    return f"{hand.to_act} {verb}" + (f" {amount}" if amount is not None else "")


def play_random(variant, rng: random.Random, seed: int) -> Hand:
    lo, hi = variant.seats.min, variant.seats.max
    if variant.seats.positions:
        hi = variant.seats.positions[1]
    n = rng.randint(max(lo, 2) if not variant.is_banked else lo, min(hi, 8))
    names = [f"P{i}" for i in range(n)]
    stacks = [rng.choice((3, 8, 30, 100, 400)) for _ in names]
    if variant.is_banked:
        stacks = [rng.choice((30, 100)) for _ in names]
    hand = Hand(variant, names, stacks, seed=seed)
    steps = 0
    while not hand.is_over:
        hand.apply(random_action(hand, rng))
        steps += 1
        assert steps < 1000, "the hand does not end"
    return hand


def check_invariants(variant, hand: Hand) -> None:
    result = hand.result()
    if variant.is_banked:
        assert sum(result.net.values()) + result.house_net == 0
        # every wager counted: each stack moved by the position's net, the house by the rest
        assert all(result.stacks[p] - s == result.net[p] for p, s in zip(hand.players, hand.start)), "a stack is off"
        assert sum(result.stacks.values()) - sum(hand.start) == -result.house_net, "chips are not conserved"
    else:
        assert sum(result.stacks.values()) == sum(hand.start), "chips are not conserved"
        assert sum(result.net.values()) == 0
        assert all(s >= 0 for s in result.stacks.values())
        shared = sum(sum(p["winners"].values()) for p in result.pots)
        assert shared == sum(p["amount"] for p in result.pots)
    dealt = [e.card for e in hand.events if e.type in ("deal", "burn", "community")]
    assert len(dealt) == len(set(dealt)), "a card was dealt twice"
    # replay: the same deck (seed) and actions give the same history
    again = Hand(variant, hand.players, list(hand.start), seed=hand.deck.seed)
    for action in hand.actions:
        again.apply(action)
    assert again.events == hand.events
    assert again.result() == result


def run_many(count: int, seed: int) -> int:
    rng = random.Random(seed)
    variants = [(load_variant(name), name) for name in POT_VARIANTS + BANKED_VARIANTS]
    variants += [(load_variant(name, options=options), f"{name} {options}") for name, options in OPTION_SETS]
    played = 0
    for k in range(count):
        variant, label = variants[k % len(variants)]
        hand_seed = rng.randrange(1 << 30)
        try:
            hand = play_random(variant, rng, hand_seed)
            check_invariants(variant, hand)
        except AssertionError as err:
            raise AssertionError(f"{label}, seed {hand_seed}: {err}") from None
        played += 1
    return played


def test_every_shipped_pot_variant_is_covered() -> None:
    assert {"five-card-stud-fr", "five-card-stud-he", "five-card-stud-ru-home", "stud-ru-casino"} <= set(POT_VARIANTS)


def test_random_hands_keep_the_invariants() -> None:
    assert run_many(3000, seed=2024) == 3000


@pytest.mark.soak
def test_random_hands_keep_the_invariants_soak() -> None:
    assert run_many(100_000, seed=7) == 100_000


def run_banked(count: int, seed: int) -> int:
    """Random hands of every shipped banked game (and each option), chips conserved in each."""
    rng = random.Random(seed)
    variants = []
    for name in BANKED_VARIANTS:
        variant = load_variant(name)
        variants.append((variant, name))
        for option in variant.options:
            for choice in option.choices:
                variants.append((load_variant(name, options={option.name: choice.name}), f"{name} {choice.name}"))
    for k in range(count):
        variant, label = variants[k % len(variants)]
        hand_seed = rng.randrange(1 << 30)
        try:
            check_invariants(variant, play_random(variant, rng, hand_seed))
        except AssertionError as err:
            raise AssertionError(f"{label}, seed {hand_seed}: {err}") from None
    return count


def test_every_shipped_banked_game_with_several_decisions_is_covered() -> None:
    assert {"caribbean-stud-it", "mississippi-stud"} <= set(BANKED_VARIANTS)


def test_random_hands_of_banked_games_conserve_chips() -> None:
    assert run_banked(600, seed=13) == 600


@pytest.mark.soak
def test_random_hands_of_banked_games_conserve_chips_soak() -> None:
    assert run_banked(50_000, seed=11) == 50_000
