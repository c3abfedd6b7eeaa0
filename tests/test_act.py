"""``Hand.act``: the player to act does one of his legal actions, as ``apply`` of
the same action does it.

``act`` takes an entry of ``legal_actions()`` (or its verb) and, in a betting
round, carries it out without naming the player or checking it again; every
other phase goes through ``apply``. Each shipped game is played twice on the
same cards and the same random choices, once through ``act`` and once through
``apply`` of an ``Action`` written out: the events, the actions and the
result must be the same. Bad choices raise as ``apply`` does and change nothing.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from studrules.errors import IllegalActionError
from studrules.game.actions import Action, LegalAction
from studrules.game.hand import Hand
from studrules.spec.examples import example_variant
from studrules.spec.loader import load_variant

VARIANTS = Path(__file__).resolve().parent.parent / "variants"


def _variants():
    return [load_variant(p) for p in sorted(VARIANTS.glob("**/*.yaml"))]


def _choose(hand: Hand, rng: random.Random) -> tuple[LegalAction | None, int | None]:
    """A random legal betting action and its total (None, None outside a betting round)."""
    if hand.phase != "betting":
        return None, None
    legal = hand.legal_actions()
    la = legal[rng.randrange(len(legal))]
    total = None
    if la.action in ("bet", "raise", "complete"):
        if la.to is not None:
            total = la.to[rng.randrange(len(la.to))]
        elif la.min is not None and la.max is not None:
            total = rng.randint(la.min, la.max)
    return la, total


def _play(variant, names, seed: int, stacks: int, through_act: bool) -> Hand:
    hand = Hand(variant, names, stacks, seed=seed)
    rng = random.Random(seed)
    while not hand.is_over:
        la, total = _choose(hand, rng)
        if la is None:  # a showdown, a draw, a decision...: the player's plain answer
            action = hand.default_action()
            assert action is not None
            if through_act and action.word is None and action.amount is None:
                hand.act(action.verb)  # (act of a verb outside a betting round: apply's path)
            else:
                hand.apply(action)
        elif through_act:
            hand.act(la, total)
        else:
            hand.apply(Action(hand.to_act, la.action, total))
    return hand


@pytest.mark.parametrize("stacks", [1000, 9])
def test_act_plays_every_game_as_apply_does(stacks):
    played = 0
    for v in _variants():
        if v.is_banked and stacks < 100:  # (a banked game's ante is checked against the stack first)
            continue
        players = max(v.seats.min, min(5, v.seats.max))
        names = [f"P{i + 1}" for i in range(players)]
        for seed in range(4):
            a = _play(v, names, seed, stacks, through_act=True)
            b = _play(v, names, seed, stacks, through_act=False)
            where = f"{v.name}, seed {seed}, stacks {stacks}"
            assert a.events == b.events, where
            assert [(x.player, x.verb, x.word) for x in a.actions] == [(x.player, x.verb, x.word) for x in b.actions], (
                where
            )
            assert a.result() == b.result(), where
            played += 1
    assert played >= 4 * 70


def test_act_records_the_totals_it_carries_out():
    v = example_variant("bring-in")  # ante 1, bring-in 1, bet 10
    h = Hand(v, ["Ann", "Bob", "Cat"], 100, cards={"Ann": ["Kd", "9c"], "Bob": ["Qs", "2c"], "Cat": ["Js", "8h"]})
    assert h.to_act == "Bob"  # the lowest up card
    h.act("bring-in")
    h.act(next(la for la in h.legal_actions() if la.action == "complete"))
    h.act("raise")
    h.act("call")
    h.act("fold")
    assert [str(a) for a in h.actions] == [
        "Bob bring-in",
        "Cat complete 10",
        "Ann raise 20",
        "Bob call",
        "Cat fold",
    ]
    # Bob's bring-in of 1 and his call of 19 make 20; Cat put in 10, then folded
    assert h.pot == 3 + 20 + 20 + 10


def test_an_equal_legal_action_is_taken_too():
    v = example_variant("bring-in")
    h = Hand(v, ["Ann", "Bob"], 100, cards={"Ann": ["Kd", "9c"], "Bob": ["Qs", "2c"]})
    h.act(LegalAction("complete", to=(10,)))  # made here, equal to the one legal_actions() holds
    assert [str(a) for a in h.actions] == ["Bob complete 10"]


def _snapshot(h: Hand):
    return (list(h.events), list(h.actions), list(h.stacks), h.to_act, h.legal_actions())


@pytest.mark.parametrize(
    "choice, total, words",
    [
        (LegalAction("raise", to=(20,)), None, "cannot raise now"),  # not one of the legal actions
        ("check", None, "cannot check now"),  # facing the bring-in's turn
        ("complete", 7, "7 is not an allowed total"),
        (42, None, "is not an action"),
        ("complete", True, "a total is a whole number of chips, not True"),
        ("complete", "10", "a total is a whole number of chips, not '10'"),
        ("complete", 10.0, "a total is a whole number of chips, not 10.0"),
        ("bring-in", 5, "the bring-in is 1"),  # (a call or a bring-in has its own amount)
    ],
)
def test_a_bad_choice_raises_and_changes_nothing(choice, total, words):
    v = example_variant("bring-in")
    h = Hand(v, ["Ann", "Bob"], 100, cards={"Ann": ["Kd", "9c"], "Bob": ["Qs", "2c"]})
    before = _snapshot(h)
    with pytest.raises(IllegalActionError, match=words):
        h.act(choice, total)
    assert _snapshot(h) == before


def test_acting_when_the_hand_is_over_raises():
    v = example_variant("bring-in")
    h = Hand(v, ["Ann", "Bob"], 100, cards={"Ann": ["Kd", "9c"], "Bob": ["Qs", "2c"]})
    h.act("bring-in")
    h.act("fold")
    assert h.is_over
    with pytest.raises(IllegalActionError, match="the hand is over"):
        h.act("check")


def test_a_legal_action_of_an_earlier_turn_is_not_taken():
    v = example_variant("bring-in")
    h = Hand(v, ["Ann", "Bob", "Cat"], 100, cards={"Ann": ["Kd", "9c"], "Bob": ["Qs", "2c"], "Cat": ["Js", "8h"]})
    stale = h.legal_actions()  # Bob's: bring-in 1 or complete to 10
    h.act(stale[0])
    before = _snapshot(h)
    with pytest.raises(IllegalActionError, match="cannot bring-in now"):
        h.act(stale[0])  # Cat may call, complete or fold: no bring-in is due
    assert _snapshot(h) == before


def test_a_total_is_only_for_what_takes_one():
    v = example_variant("bring-in")  # ante 1, bring-in 1, bet 10
    h = Hand(v, ["Ann", "Bob", "Cat"], 100, cards={"Ann": ["Kd", "9c"], "Bob": ["Qs", "2c"], "Cat": ["Js", "8h"]})
    h.act("bring-in", 1)  # its own amount, said: taken
    h.act("call", 1)  # Cat calls the bring-in of 1
    before = _snapshot(h)
    with pytest.raises(IllegalActionError, match="a call is 1"):
        h.act("call", 3)
    with pytest.raises(IllegalActionError, match="'fold' takes no total"):
        h.act("fold", 1)
    assert _snapshot(h) == before
    h.act(next(la for la in h.legal_actions() if la.action == "call"), 1)
    assert [str(a) for a in h.actions] == ["Bob bring-in 1", "Cat call 1", "Ann call 1"]


def test_a_made_up_legal_action_of_a_legal_verb_is_refused_not_taken_at_the_verbs_own_size():
    # Bob may bring in for 5 or complete to 10: a LegalAction saying 'complete to 15' or
    # 'bring-in 3' was taken as the verb (complete to 10, bring in 5)
    h = Hand(load_variant("five-card-stud-fr"), ["Ann", "Bob", "Cat"], 100, seed=1)
    before = _snapshot(h)
    for made_up in (LegalAction("complete", to=(15,)), LegalAction("bring-in", amount=3)):
        with pytest.raises(IllegalActionError, match="is not one of the legal actions now"):
            h.act(made_up)
        assert _snapshot(h) == before


@pytest.mark.parametrize("amount", [10.0, "10", True])
def test_apply_takes_whole_numbers_of_chips_only(amount):
    # a float (or a NumPy int) was taken as chips: stacks became floats and the history failed to replay
    h = Hand(load_variant("five-card-stud-fr"), ["Ann", "Bob", "Cat"], 100, seed=1)
    before = _snapshot(h)
    with pytest.raises(IllegalActionError, match="an amount is a whole number of chips"):
        h.apply(Action("Bob", "complete", amount))
    assert _snapshot(h) == before


def test_act_says_the_word_of_a_choice_and_apply_refuses_a_word_that_is_not_text():
    # a declare (high, low or both) through act: its word is given with it
    h = Hand(load_variant("seven-card-stud-hi-lo-declare"), ["Ann", "Bob"], 200, seed=1)
    while not any(la.action == "declare" for la in h.legal_actions()):
        h.apply(h.default_action())
    declare = next(la for la in h.legal_actions() if la.action == "declare")
    player = h.to_act
    h.act(declare, word="low")
    assert str(h.actions[-1]) == f"{player} declare low"
    while not any(la.action == "declare" for la in h.legal_actions()):
        h.apply(h.default_action())
    with pytest.raises(IllegalActionError, match="its word or cards are text"):
        h.apply(Action(h.to_act, "declare", None, ["high"]))
