"""Passing cards (the pass step), on the house game Anaconda
(variants/house/anaconda.yaml): seven cards face down; after each of the
first three betting rounds every player passes three, then two, then one of
his cards to the player on his left, all at once ("each player does not pick
up his neighbor's cards until he has taken his own three cards").

Ann sits at the dealer's left, then Bob, then Cat: Ann passes to Bob, Bob
to Cat, Cat to Ann. Ante 1; everybody checks unless a test says otherwise.
"""

from __future__ import annotations

import pytest

from studrules.errors import IllegalActionError, SpecErrors
from studrules.game.hand import Hand
from studrules.spec.loader import load_variant, load_variant_text

CARDS = {
    "Ann": "Ah Ad Ac 2c 3d 4h 9s",
    "Bob": "Kh Kd 5c 6d 7h 8s Ts",
    "Cat": "Qh Qd Qc Js 2d 3h 4s",
}


def to_the_pass(variant=None) -> Hand:
    variant = variant or load_variant("anaconda")
    hand = Hand(variant, list(CARDS), 200, seed=1, cards={p: c.split() for p, c in CARDS.items()})
    while hand.phase != "pass":
        hand.check_or_call()
    return hand


def test_each_player_chooses_three_face_down_cards_and_nothing_moves_until_all_have_chosen():
    hand = to_the_pass()
    assert hand.to_act == "Ann"
    assert hand.legal_actions()[0].to_dict() == {
        "action": "pass",
        "choices": ["Ah", "Ad", "Ac", "2c", "3d", "4h", "9s"],
        "min": 3,
        "max": 3,
    }
    with pytest.raises(IllegalActionError, match="passes 3 cards, not 2"):
        hand.apply("Ann pass 2c 3d")
    hand.apply("Ann pass 2c 3d 4h")
    hand.apply("Bob pass 5c 6d 7h")
    assert len(hand.cards_of("Bob")) == 7 and "2c" not in map(str, hand.cards_of("Bob"))  # nothing moved yet
    hand.apply("Cat pass 2d 3h 4s")
    # all at once: Ann's three to Bob, Bob's to Cat, Cat's to Ann
    assert [str(c) for c in hand.cards_of("Ann")] == ["Ah", "Ad", "Ac", "9s", "2d", "3h", "4s"]
    assert [str(c) for c in hand.cards_of("Bob")] == ["Kh", "Kd", "8s", "Ts", "2c", "3d", "4h"]
    assert [str(c) for c in hand.cards_of("Cat")] == ["Qh", "Qd", "Qc", "Js", "5c", "6d", "7h"]


def test_a_player_sees_what_he_passed_and_received_the_others_only_how_many():
    hand = to_the_pass()
    for action in ("Ann pass 2c 3d 4h", "Bob pass 5c 6d 7h", "Cat pass 2d 3h 4s"):
        hand.apply(action)
    ann = [e.describe() for e in hand.view("Ann").events if e.type in ("pass", "receive")]
    assert "Ann passes 2c 3d 4h to Bob" in ann and "Ann receives 2d 3h 4s from Cat" in ann
    assert "Bob passes 3 cards to Cat" in ann and "Bob receives 3 cards from Ann" in ann


def test_three_passes_then_the_best_five_of_the_seven_kept_win():
    # after the passes (worked out in the module's order): Ann Ah Ad Ac 4s 5c
    # 6d 2c, three aces; Bob Kh Kd 8s Ts 4h 3h 9s, a pair of kings; Cat Qh Qd
    # Qc Js 7h 3d 2d, three queens. Ann's aces take the three antes.
    hand = to_the_pass()
    for action in ("Ann pass 2c 3d 4h", "Bob pass 5c 6d 7h", "Cat pass 2d 3h 4s"):
        hand.apply(action)
    while hand.phase != "pass":
        hand.check_or_call()
    for action in ("Ann pass 2d 3h", "Bob pass 2c 3d", "Cat pass 5c 6d"):
        hand.apply(action)
    while hand.phase != "pass":
        hand.check_or_call()
    for action in ("Ann pass 9s", "Bob pass 2d", "Cat pass 2c"):
        hand.apply(action)
    assert sorted(map(str, hand.cards_of("Ann"))) == sorted(["Ah", "Ad", "Ac", "4s", "5c", "6d", "2c"])
    while not hand.is_over:
        hand.check_or_call()
    assert hand.result().net == {"Ann": 2, "Bob": -1, "Cat": -1}


def test_a_player_who_folded_is_passed_over():
    variant = load_variant("anaconda")
    hand = Hand(variant, list(CARDS), 200, seed=1, cards={p: c.split() for p, c in CARDS.items()})
    hand.apply("Ann bet 10")
    hand.apply("Bob fold")
    hand.apply("Cat call")
    hand.apply("Ann pass 2c 3d 4h")
    hand.apply("Cat pass 2d 3h 4s")
    assert "2c" in map(str, hand.cards_of("Cat")) and "2d" in map(str, hand.cards_of("Ann"))


def test_passing_to_the_right_goes_counterclockwise():
    variant = load_variant_text("extends: anaconda\nname: right\nsteps:\n  - pass: {id: pass-three, to: right}\n")
    hand = to_the_pass(variant)
    for action in ("Ann pass 2c 3d 4h", "Bob pass 5c 6d 7h", "Cat pass 2d 3h 4s"):
        hand.apply(action)
    assert "2c" in map(str, hand.cards_of("Cat")) and "5c" in map(str, hand.cards_of("Ann"))


def test_a_pass_of_more_cards_than_a_player_holds_face_down_is_refused_at_load():
    with pytest.raises(SpecErrors) as err:
        load_variant_text("extends: anaconda\nname: big\nsteps:\n  - pass: {id: pass-three, count: 8}\n")
    assert any("holds only 7 face down" in str(e) for e in err.value.errors), err.value.errors
