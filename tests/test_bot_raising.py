"""Bots do not raise each other without end: heads-up, where a stud round has no
raise cap, two bots with strong hands and huge stacks used to re-raise in steps
of one bet hundreds of thousands of times. Each bot now raises at most
MAX_OWN_RAISES times a betting round (counted here from the hand's events), and
plays as before below that.
"""

from __future__ import annotations

from collections import Counter

import pytest

from studrules.game.actions import Action
from studrules.game.hand import Hand
from studrules.game.policies import MAX_OWN_RAISES, RandomPolicy, make_policy, policy_action
from studrules.spec.loader import load_variant
from studrules.spec.model import BettingStep

HUGE = 10**12  # far more than any number of capped raises costs: only the bots' limit ends the raising
HEADS_UP = ["Ann", "Bob"]


@pytest.fixture(scope="module")
def stud():
    variant = load_variant("seven-card-stud")
    # the premise: heads-up, the rounds of this game have no raise cap
    rounds = variant.steps_of(BettingStep)
    assert len(rounds) == 5 and all(step.heads_up_uncapped for step in rounds)
    return variant


def play_bounded(hand, policies, limit=2000):
    """play_hand's loop with a bound on the actions, so that a runaway fails instead of hanging."""
    for _ in range(limit):
        if hand.is_over:
            return hand.result()
        seat = hand.to_act_seat
        hand.apply(policy_action(policies[hand.players[seat]], hand, seat, hand.players[seat]))
    pytest.fail(f"the hand did not end in {limit} actions")


def raises_per_round(hand) -> Counter:
    return Counter((e.round, e.player) for e in hand.events if e.type == "raise")


def test_two_sensible_bots_with_strong_hands_heads_up_stop_raising(stud):
    # Ann: trip aces (a wheel by the river); Bob: trip kings. At every round each
    # whole hand beats the other's board, so each raises as long as it may.
    cards = {"Ann": ["Ah", "Ad", "Ac", "2s", "3h", "4c", "5d"], "Bob": ["Kh", "Ks", "Kc", "Qd", "Jc", "9h", "8s"]}
    hand = Hand(stud, HEADS_UP, HUGE, seed=1, cards=cards)
    result = play_bounded(hand, {p: make_policy("sensible", variant=stud) for p in HEADS_UP})
    counted = raises_per_round(hand)
    # five betting rounds, each bot raising exactly its limit in each (then it calls)
    assert counted == {(r, p): MAX_OWN_RAISES for r in range(1, 6) for p in HEADS_UP}
    # worked out by hand: each round is an opening bet (Bob's completion on third
    # street) and 2 * 3 raises of one bet, so each player puts in 7 bets a round:
    # the small bet on third and fourth street (no open pair), the big bet after,
    # and Ann's trip aces win Bob's ante and his 7 + 7 + 3 * 7 bets
    stakes = stud.stake_values()
    bets = 1 + 2 * MAX_OWN_RAISES
    won = stakes["ante"] + 2 * bets * stakes["low_limit"] + 3 * bets * stakes["high_limit"]
    assert result.net == {"Ann": won, "Bob": -won}


def test_random_bots_heads_up_raise_at_most_their_limit_a_round(stud):
    reached = 0
    for seed in range(150):
        hand = Hand(stud, HEADS_UP, HUGE, seed=seed)
        play_bounded(hand, {p: RandomPolicy(seed=seed * 2 + i) for i, p in enumerate(HEADS_UP)})
        counted = raises_per_round(hand)
        assert max(counted.values(), default=0) <= MAX_OWN_RAISES, f"seed {seed}: {counted}"
        reached += any(n == MAX_OWN_RAISES for n in counted.values())
    assert reached  # the limit was met, so these hands tested it


class UncappedRandom(RandomPolicy):
    """RandomPolicy's choice without the limit on its raises: the reference for the rest of its play."""

    def act(self, view):
        rng = self.rng
        legal = view.legal
        verbs = [la.action for la in legal]
        if "check" in verbs and "fold" in verbs:
            legal = [la for la in legal if la.action != "fold"]
        la = rng.choice(legal)
        if la.choices and la.min is not None and la.max is not None:
            chosen = rng.sample(la.choices, rng.randint(la.min, la.max))
            return Action(view.player, la.action, word=" ".join(chosen) or None)
        if la.choices:
            return Action(view.player, la.action, word=rng.choice(la.choices))
        amount = None
        if la.action in ("complete", "bet", "raise"):
            if la.to:
                amount = rng.choice(la.to)
            elif la.min is not None and la.max is not None:
                amount = rng.randint(la.min, la.max)
        return Action(view.player, la.action, amount)


def test_below_its_limit_the_random_bot_plays_as_before(stud):
    # four seats (rounds capped by the game): the same seeds play the same actions as the
    # unlimited reference, in every hand where the reference never raised past the limit
    players = ["Ann", "Bob", "Cat", "Dan"]
    compared = 0
    for seed in range(40):
        actions = []
        for bot in (RandomPolicy, UncappedRandom):
            hand = Hand(stud, players, 500, seed=seed)
            play_bounded(hand, {p: bot(seed=seed + i) for i, p in enumerate(players)})
            actions.append([str(a) for a in hand.actions])
        if max(raises_per_round(hand).values(), default=0) <= MAX_OWN_RAISES:
            assert actions[0] == actions[1], f"seed {seed}"
            compared += 1
    assert compared >= 30


def test_a_seeded_random_bot_is_repeatable_where_its_limit_stops_it(stud):
    def once(seed):
        hand = Hand(stud, HEADS_UP, HUGE, seed=seed)
        play_bounded(hand, {p: RandomPolicy(seed=seed * 2 + i) for i, p in enumerate(HEADS_UP)})
        return hand

    seed = next(s for s in range(150) if MAX_OWN_RAISES in raises_per_round(once(s)).values())
    assert [str(a) for a in once(seed).actions] == [str(a) for a in once(seed).actions]
