"""Split hands (the split step), on generic_poker's Cowpie
(variants/catalogue/cowpie.yaml): seven-card stud whose players divide
their seven cards into a five-card and a two-card hand, each holding a
face-down card, the five higher than the two; a sixth betting round; each
pot split between the best five-card hand and the best two-card hand.

Ann and Bob check and call throughout: ante 1, the low card brings in for 3
and is called; the pot of 8 is split 4 and 4 or taken whole. Each player's
seven cards: two down, four up, one down.
"""

from __future__ import annotations

import pytest

from studrules.errors import IllegalActionError, SpecErrors
from studrules.game.hand import Hand
from studrules.spec.loader import load_variant, load_variant_text

CARDS = {
    "Ann": "Ah Ad 9c 9d 5s 3h 2c",  # down Ah Ad, up 9c 9d 5s 3h, down 2c
    "Bob": "Kh Kd Qc Jc 8s 7h 4d",  # down Kh Kd, up Qc Jc 8s 7h, down 4d
}


def to_the_split() -> Hand:
    hand = Hand(load_variant("cowpie"), list(CARDS), 200, seed=1, cards={p: c.split() for p, c in CARDS.items()})
    while hand.phase != "split":
        hand.check_or_call()
    return hand


def test_only_splits_with_a_face_down_card_in_each_hand_and_the_five_higher_are_offered():
    hand = to_the_split()
    (legal,) = hand.legal_actions()
    offered = set(legal.choices or ())
    # Ann's face-down cards are Ah, Ad and 2c: the two-card hand 9c 9d holds none
    assert "9c 9d" not in offered
    # Ah Ad (a pair of aces) as the second leaves 9-9 in the five: lower, refused
    assert "Ah Ad" not in offered
    # Ah 9c: a face-down card in each (Ad, 2c stay in the five), and the five
    # (a pair of nines) beats ace-nine high
    assert "Ah 9c" in offered
    with pytest.raises(IllegalActionError, match="not one the rules allow"):
        hand.apply("Ann split Ah Ad")


def test_each_part_of_the_pot_reads_its_own_hand():
    # Ann: five Ad 9c 9d 5s 2c (a pair of nines), two Ah 3h (ace-three high).
    # Bob: five Kh Qc Jc 8s 4d (king high), two Kd 7h (king-seven high).
    # Five-card hands: Ann's nines beat Bob's king high; two-card hands: Ann's
    # ace-three beats Bob's king-seven. Ann takes both halves: +4, Bob -4.
    hand = to_the_split()
    hand.apply("Ann split Ah 3h")
    hand.apply("Bob split Kd 7h")
    while not hand.is_over:
        hand.check_or_call()
    assert hand.result().net == {"Ann": 4, "Bob": -4}


def test_the_two_card_hand_can_win_its_half_alone():
    # Ann keeps aces and nines together: five Ah Ad 9c 9d 5s (two pair), two
    # 2c 3h (three-two high, the 2c face down). Bob: five Kh Qc Jc 7h 4d (king
    # high), two Kd 8s (king-eight high). Bob may not put Kd Qc in his two:
    # it would beat his five (K-J-8-7-4 is lower than K-Q). Five-card half to
    # Ann's two pair, two-card half to Bob's king-eight: 4 each, even.
    hand = to_the_split()
    hand.apply("Ann split 2c 3h")
    assert "Kd Qc" not in (hand.legal_actions()[0].choices or ())
    hand.apply("Bob split Kd 8s")
    while not hand.is_over:
        hand.check_or_call()
    won = sorted((e.player, e.amount, e.hand) for e in hand.events if e.type == "award")
    assert [(p, a) for p, a, _ in won] == [("Ann", 4), ("Bob", 4)]
    assert "two pair" in won[0][2] and "king-eight" in won[1][2]
    assert hand.result().net == {"Ann": 0, "Bob": 0}


def test_the_others_see_that_a_player_split_not_how():
    hand = to_the_split()
    hand.apply("Ann split Ah 3h")
    (seen,) = [e for e in hand.view("Bob").events if e.type == "split"]
    assert seen.cards is None and seen.describe() == "Ann splits his cards into two hands"


@pytest.mark.parametrize(
    "step, words",
    [
        ("{id: split, sizes: [4, 2]}", "must use the 7 cards"),
        ("{id: split, sizes: [5, 1]}", "'two_card_high' reads hands of more than 1 cards"),
    ],
)
def test_a_split_that_cannot_be_played_is_refused_at_load(step, words):
    with pytest.raises(SpecErrors) as err:
        load_variant_text(f"extends: cowpie\nname: bad\nsteps:\n  - split: {step}\n")
    assert any(words in str(e) for e in err.value.errors), err.value.errors
