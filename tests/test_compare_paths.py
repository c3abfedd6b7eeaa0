"""The shorter paths `compare` plays through (issue 18: compare twice as fast)
give the hands the general paths give.

Each shortcut is checked against the path it stands for: a check/call bot's
plain betting (:meth:`Hand.check_or_call`) against asking the bot with its
view; a deal of players' and house cards from the deck against the deck's own
order as the rules deal it (each pass: every player in turn, then the house);
every seat's masked history, grown for all seats at once, against masking the
history for that seat alone; a strategy bot's shared answers against asking
the strategy; equal rule sets playing as one against each playing its own.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from pathlib import Path

import pytest

from studrules.analysis.compare import compare, deal_seed
from studrules.cards.deck import Deck
from studrules.game.hand import Hand
from studrules.game.policies import CheckCall, StrategyPolicy, make_policy, play_hand
from studrules.game.view import masked_events
from studrules.spec.loader import load_variant
from studrules.spec.strategies import load_strategy

VARIANTS = Path(__file__).resolve().parent.parent / "variants"
NAMES = ["P1", "P2", "P3", "P4"]


class _AskedCheckCall(CheckCall):
    """The check/call bot asked with its view at every decision (no shortcut)."""

    checks_and_calls = False


def _pot_variants():
    out = []
    for path in sorted(VARIANTS.glob("**/*.yaml")):
        v = load_variant(path)
        if not v.is_banked:
            out.append(v)
    return out


@pytest.fixture(scope="module")
def pot_variants():
    return _pot_variants()


def test_check_call_shortcut_plays_what_the_bot_chooses(pot_variants):
    """Every pot game shipped, short and deep stacks: the same events, actions and result."""
    played = 0
    for v in pot_variants:
        players = max(v.seats.min, min(4, v.seats.max))
        names = NAMES[:players] if players <= 4 else [f"P{i + 1}" for i in range(players)]
        for seed in range(3):
            for stacks in (1000, 7):
                fast, asked = Hand(v, names, stacks, seed=seed), Hand(v, names, stacks, seed=seed)
                r1 = play_hand(fast, {p: CheckCall() for p in names})
                r2 = play_hand(asked, {p: _AskedCheckCall() for p in names})
                assert fast.events == asked.events, v.name
                assert fast.actions == asked.actions, v.name
                assert r1 == r2, v.name
                played += 1
    assert played >= 100


def test_house_cards_are_dealt_in_the_deck_order():
    """Caribbean stud deals five passes, each one card to every position then one to the house."""
    v = load_variant("caribbean-stud-it")
    seed = 12345
    order = Deck(seed, shuffled=True).peek_remaining()
    h = Hand(v, NAMES, 1000, seed=seed)
    for k in range(5):
        for i in range(4):
            assert h.cards[i][k] is order[5 * k + i]
        assert h.house_cards[k] is order[5 * k + 4]
    assert h.house_faces == ["down", "down", "down", "down", "up"]
    # the same cards given by hand take the general path: the same history
    given = {p: [order[5 * k + i] for k in range(5)] for i, p in enumerate(NAMES)}
    given["house"] = [order[5 * k + 4] for k in range(5)]
    assert Hand(v, NAMES, 1000, cards=given, seed=seed).events == h.events


@pytest.mark.parametrize("name", ["seven-card-stud", "caribbean-stud-it", "catalogue/chicago"])
def test_each_seat_sees_its_own_masking(name):
    v = load_variant(VARIANTS / f"{name}.yaml")
    for seed in range(4):
        h = Hand(v, NAMES, 1000, seed=seed)
        policy = make_policy("random", seed=seed, variant=v)
        while not h.is_over:
            seat = h.to_act_seat
            for p in NAMES[seat:] + NAMES[:seat]:  # every seat looks, in another order each time
                view = h.view(p)
                assert view.events == tuple(masked_events(h.events, p))
                assert view.own_events == tuple(e for e in h.events if e.player == p)
            h.apply(policy.act(h.view(NAMES[seat])))


class _Forgetful(dict):
    """Answers that are never kept: the strategy is asked every time."""

    def __setitem__(self, key, value):
        pass


def test_shared_strategy_answers_are_the_strategy_s():
    v = load_variant("caribbean-stud-it")
    strategy = load_strategy("basic", v)
    shared = StrategyPolicy(load_strategy("basic", v))
    assert StrategyPolicy(load_strategy("basic", v))._choices is shared._choices  # equal strategies share
    asking = StrategyPolicy(strategy)
    asking._choices = _Forgetful()
    for seed in range(200):
        a, b = Hand(v, NAMES, 1000, seed=seed), Hand(v, NAMES, 1000, seed=seed)
        play_hand(a, dict.fromkeys(NAMES, shared))
        play_hand(b, dict.fromkeys(NAMES, asking))
        assert a.events == b.events
        again = Hand(v, NAMES, 1000, seed=seed)  # every answer now remembered
        play_hand(again, dict.fromkeys(NAMES, shared))
        assert again.events == a.events


def test_equal_rule_sets_compare_as_each_plays_alone():
    """Two equal variants play as one: each deal's pot is still that of b's own hand."""
    a = load_variant("caribbean-stud-it")
    b = load_variant("caribbean-stud-it")
    assert a == b and a is not b
    c = compare(a, b, deals=40, seed=4, policies=["strategy:basic"])
    alone = []
    for i in range(40):
        h = Hand(b, NAMES, c.stacks, seed=deal_seed(4, i))
        r = play_hand(h, {p: StrategyPolicy(load_strategy("basic", b)) for p in NAMES})
        alone.append(sum(p["ante"] + (p["raise"] or 0) for p in r.positions))
    # the comparison keeps each pot size's number of deals
    assert dict(c.pot_counts_b) == dict(Counter(alone)) == dict(c.pot_counts_a)
    assert c.history_changes.count == 0
    again = compare(a, a, deals=40, seed=4, policies=["strategy:basic"])
    assert dataclasses.replace(again, seconds=0) == dataclasses.replace(c, seconds=0)
