"""A fold against the house says what it gives up: the ante, the required bets and the
raises made so far, and the settlement takes exactly those (the stakes from the files:
Mississippi Stud's ante 5 and raises of 1x to 3x; Crazy 4 Poker's ante 10 and its Super
Bonus, required at the ante)."""

from __future__ import annotations

import pytest

import studrules

MISSISSIPPI = {"Ann": "2c 7d", "community": "Kh 9s 4d"}


@pytest.mark.parametrize(
    "raises, words, net",
    [
        (0, "ante lost", -5),
        (1, "ante and raise lost", -10),  # 5 + 5
        (2, "ante and 2 raises lost", -15),  # 5 + 5 + 5
    ],
)
def test_a_fold_after_raises_says_the_raises_are_lost_too(raises, words, net):
    hand = studrules.Hand(studrules.load_variant("mississippi-stud"), ["Ann"], 200, cards=MISSISSIPPI)
    for _ in range(raises):
        hand.apply("Ann raise 5")
    hand.apply("Ann fold")
    (fold,) = [e for e in hand.events if e.type == "fold"]
    assert fold.reason == words and hand.result().net == {"Ann": net}


def test_a_fold_says_a_required_bet_is_lost_with_the_ante():
    hand = studrules.Hand(studrules.load_variant("crazy-4-poker"), ["Ann"], 200, cards={"Ann": "2c 7d 9h Js 4c"})
    hand.apply("Ann fold")
    (fold,) = [e for e in hand.events if e.type == "fold"]
    assert fold.reason == "ante and super bonus lost" and hand.result().net == {"Ann": -20}  # 10 + 10
