"""No bet or raise is offered when no opponent can put in more than the bet
to call (issue 14 item 3 taken one step further: an opponent whose chips
do not cover the call is as good as all in). Found by the PokerKit
differential test (tests/test_pokerkit_differential.py)."""

from __future__ import annotations

from rules_support import deal, legal


def test_no_completion_when_the_bring_in_is_all_in_and_the_other_player_cannot_call_it():
    # Seven-card stud, ante 1, bring-in 3. Cat (4 chips) has the 2c, the lowest
    # up card: after the ante she brings in 3 and is all in. Ann (6 chips, 5
    # after the ante) acts next; Bob has 1 chip left after his ante, less than
    # the 3 to call. A completion to 5 could be called by nobody: Ann may fold
    # or call 3, nothing more.
    h = deal(
        "seven-card-stud",
        {"Ann": "Ah Kd 9s", "Bob": "Qh Jd 8s", "Cat": "7h 6d 2c"},
        stacks={"Ann": 6, "Bob": 2, "Cat": 4},
    )
    h.apply("Cat bring-in")
    assert h.to_act == "Ann"
    assert legal(h) == {"fold": None, "call": 3}


def test_a_completion_is_offered_while_one_opponent_can_still_call_more():
    # The same deal with Bob holding 20 chips: he can call more than 3, so Ann
    # may complete to 10 (a full completion, the low limit)
    h = deal(
        "seven-card-stud",
        {"Ann": "Ah Kd 9s", "Bob": "Qh Jd 8s", "Cat": "7h 6d 2c"},
        stacks={"Ann": 20, "Bob": 20, "Cat": 4},
    )
    h.apply("Cat bring-in")
    assert legal(h) == {"fold": None, "call": 3, "complete": (10,)}
