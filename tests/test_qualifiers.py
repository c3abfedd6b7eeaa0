"""Qualifiers as data on the showdown step: a low that must be N or better
(``or_better``), and any ranking that must reach a given hand (``at_least``).
Winners worked out by hand from the cards."""

from __future__ import annotations

import pytest

from studrules.errors import SpecErrors
from studrules.game.hand import Hand
from studrules.spec.loader import load_variant_text


def winners(text: str, cards: dict[str, str]) -> set[str]:
    v = load_variant_text(text)
    hand = Hand(v, list(cards), 500, seed=1, cards={p: c.split() for p, c in cards.items()})
    while not hand.is_over:
        hand.check_or_call()
    return {p for p, net in hand.result().net.items() if net > 0}


NINE_OR_BETTER_RAZZ = (
    "extends: razz\nname: nine-razz\nsteps:\n  - showdown: {id: showdown, or_better: {ace_to_five_low: 9}}\n"
)


def test_a_nine_low_qualifies_and_a_ten_low_does_not():
    # seven-card order: two down, four up, one down
    nine_low = "9c 7d 5h 3s 2c Kd Kh"  # best low 9-7-5-3-2 (the kings pair)
    ten_low = "Tc 8d 6h 4s 3c Qd Qh"  # best low 10-8-6-4-3: no nine-or-better low
    assert winners(NINE_OR_BETTER_RAZZ, {"Ann": nine_low, "Bob": ten_low}) == {"Ann"}


def test_when_no_low_qualifies_the_pot_is_split_among_the_players_in_it():
    ten_seven = "Tc 7d 5h 3s 2c Kd Kh"  # 10-7-5-3-2
    ten_eight = "Th 8d 6h 4s 3c Qd Qh"  # 10-8-6-4-3
    # nine or better, every hand shown (nobody mucks): neither qualifies, each takes back his half
    shown = NINE_OR_BETTER_RAZZ.replace("or_better:", "muck: false, or_better:")
    assert winners(shown, {"Ann": ten_seven, "Bob": ten_eight}) == set()
    # the same where a loser may muck: a hand that qualifies for nothing, shown first
    # or after another that qualifies for nothing, may still share the pot, so it is
    # shown, not mucked; each put in 4 (ante 1, Bob's bring-in of 3 for his 6 up, Ann's
    # call) and takes 4 back
    assert winners(NINE_OR_BETTER_RAZZ, {"Ann": ten_seven, "Bob": ten_eight}) == set()
    # razz as dealt: the better ten low wins it all
    assert winners("extends: razz\nname: plain-razz\n", {"Ann": ten_seven, "Bob": ten_eight}) == {"Ann"}


def test_a_high_hand_below_the_weakest_qualifying_hand_wins_no_half():
    text = (
        "extends: seven-card-stud-hi-lo\nname: fours-or-better\nsteps:\n"
        "  - showdown: {id: showdown, at_least: {high: '4c 4d 5h 3s 2c'}}\n"
    )
    threes = "3c 3d Kh Qs 9c Jd 7h"  # a pair of threes: below a pair of fours; no low
    eight_low = "Ac 2d 4h 6s 8c Kd Qh"  # 8-6-4-2-A low; high: ace-king high, no pair
    # nobody qualifies high: the whole pot goes to the low
    assert winners(text, {"Ann": threes, "Bob": eight_low}) == {"Bob"}
    # the same hands without the qualifier: the threes take the high half, the low the other;
    # each had put in 4 (ante 1, Bob's bring-in of 3 and Ann's call), so each takes 4 back
    v = load_variant_text("extends: seven-card-stud-hi-lo\nname: plain\n")
    cards = {"Ann": threes, "Bob": eight_low}
    hand = Hand(v, list(cards), 500, seed=1, cards={p: c.split() for p, c in cards.items()})
    while not hand.is_over:
        hand.check_or_call()
    assert hand.result().net == {"Ann": 0, "Bob": 0}


@pytest.mark.parametrize(
    "showdown, words",
    [
        ("or_better: {high: 9}", "'high' is not a ranking of this showdown"),
        ("at_least: {ace_to_five_low: 'Kc Kd'}", "at_least of ace_to_five_low: expected 5 to 9 cards"),
    ],
)
def test_a_qualifier_that_cannot_apply_is_refused_at_load(showdown, words):
    with pytest.raises(SpecErrors) as err:
        load_variant_text(f"extends: razz\nname: bad\nsteps:\n  - showdown: {{id: showdown, {showdown}}}\n")
    assert any(words in str(e) for e in err.value.errors), err.value.errors
