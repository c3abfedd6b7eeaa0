"""The terminal table reads what a player types at the card-choosing steps
(a buy or a decline, an up card's price, a pass, a split) from the real
legal actions of a hand, and refuses what the rules do not allow."""

from __future__ import annotations

import io

from rich.console import Console

from studrules.game.hand import Hand
from studrules.spec.loader import load_variant
from studrules.table.terminal import TerminalPlayer, _keys


def typed(hand: Hand, line: str):
    """What the player to act means by ``line`` at the terminal (None: refused)."""
    me = TerminalPlayer(Console(file=io.StringIO(), force_terminal=False), read=lambda prompt: "")
    view = hand.view(hand.to_act)
    return me.parse(line, view, _keys(view.legal))


def to_phase(hand: Hand, phase: str) -> Hand:
    while hand.phase != phase:
        hand.check_or_call()
    return hand


def test_a_twist_is_bought_with_the_card_given_up_or_declined():
    cards = {"Ann": ["Ah", "Kd", "9c", "2c", "5d", "Ac"], "Bob": ["Qh", "Qd", "7s", "8s", "3h"]}
    hand = to_phase(Hand(load_variant("english-stud"), ["Ann", "Bob"], 200, seed=1, cards=cards), "draw")
    assert typed(hand, "b 7s") is None  # not his card
    action = typed(hand, "b 2c")
    assert (action.verb, action.word) == ("buy", "2c")
    assert typed(hand, "d").verb == "decline"
    hand.apply(action)
    assert hand.stacks[0] == 200 - 1 - 3 - 10


def test_an_up_card_that_asks_the_pot_is_paid_or_folded():
    variant = load_variant("baseball", options={"up_cards": "four-bought-three-pays"})
    hand = Hand(
        variant, ["Ann", "Bob"], 200, seed=1, cards={"Ann": ["Kd", "Qc", "4h", "Ah"], "Bob": ["7s", "8s", "3c"]}
    )
    assert typed(hand, "b").verb == "buy"
    hand.apply(typed(hand, "b"))
    assert typed(hand, "f").verb == "fold"


def test_cards_passed_are_named_and_a_wrong_count_refused():
    cards = {"Ann": ["Ah", "Ad", "Ac", "2c", "3d", "4h", "9s"], "Bob": ["Kh", "Kd", "5c", "6d", "7h", "8s", "Ts"]}
    hand = to_phase(Hand(load_variant("anaconda"), ["Ann", "Bob"], 200, seed=1, cards=cards), "pass")
    assert typed(hand, "p 2c 3d") is None  # three cards, not two
    action = typed(hand, "p 2c 3d 4h")
    assert (action.verb, action.word) == ("pass", "2c 3d 4h")


def test_a_split_names_the_second_hand_in_any_order():
    cards = {"Ann": ["Ah", "Ad", "9c", "9d", "5s", "3h", "2c"], "Bob": ["Kh", "Kd", "Qc", "Jc", "8s", "7h", "4d"]}
    hand = to_phase(Hand(load_variant("cowpie"), ["Ann", "Bob"], 200, seed=1, cards=cards), "split")
    assert typed(hand, "s 9c 9d") is None  # no face-down card in the two: not offered
    action = typed(hand, "s 3h ah")
    assert (action.verb, action.word) == ("split", "Ah 3h")
    hand.apply(action)
    assert hand.to_act == "Bob"
