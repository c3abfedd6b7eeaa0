"""The house games of variants/house/, each played to its showdown on cards
chosen so that the game's own ranking decides, the winner worked out by hand
from the rules the file cites."""

from __future__ import annotations

from studrules.game.hand import Hand
from studrules.spec.loader import load_variant


def winner(name: str, cards: dict[str, str]) -> set[str]:
    """Who takes chips when everybody checks and calls to the showdown."""
    hand = Hand(load_variant(name), list(cards), 500, seed=1, cards={p: c.split() for p, c in cards.items()})
    while not hand.is_over:
        hand.check_or_call()
    return {p for p, net in hand.result().net.items() if net > 0}


def test_canadian_stud_a_four_flush_beats_a_pair_and_loses_to_two_pair():
    # five-card stud order: one down, then four up
    four_flush = "Ah Kh 9h 4h 2c"  # four hearts and a club: a four-flush
    aces = "As Ad Kc 7d 3s"  # one pair
    assert winner("canadian-stud", {"Ann": four_flush, "Bob": aces}) == {"Ann"}
    two_pair = "Qs Qd 5c 5d 3c"
    assert winner("canadian-stud", {"Ann": four_flush, "Bob": two_pair}) == {"Bob"}


def test_canadian_stud_a_four_flush_beats_a_four_straight():
    four_straight = "9c 8d 7s 6c Ks"  # 9-8-7-6 and a king
    four_flush = "Jd 8c 5c 3c 2c"  # four clubs
    assert winner("canadian-stud", {"Ann": four_straight, "Bob": four_flush}) == {"Bob"}


def test_five_card_stud_36_a_flush_beats_a_full_house():
    flush = "Ah Jh 9h 7h 6h"
    full_house = "Ks Kd Kc 8s 8d"
    assert winner("five-card-stud-36", {"Ann": full_house, "Bob": flush}) == {"Bob"}


def test_five_card_stud_36_ace_six_seven_eight_nine_is_a_straight():
    low_straight = "Ac 6d 7h 8s 9c"
    pair = "Ts Td Kc Qd Jh"
    assert winner("five-card-stud-36", {"Ann": pair, "Bob": low_straight}) == {"Bob"}


def test_london_lowball_six_four_low_beats_a_wheel_that_is_a_straight():
    # seven-card stud order: two down, four up, one down
    wheel = "Ac 2d 3h 4s 5c Kd Qh"  # A-2-3-4-5 is a straight: its best low is Q-4-3-2-A
    six_four = "As 2c 3d 4h 6s Kc Kh"  # 6-4-3-2-A, the best hand
    assert winner("london-lowball", {"Ann": wheel, "Bob": six_four}) == {"Bob"}
