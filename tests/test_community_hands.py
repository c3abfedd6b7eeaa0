"""Hands made with community cards, and hands that must use a given number
of a player's own and of the community cards (``cards_used``), on
generic_poker's Oxford Stud, Studaha and Razzaho (variants/catalogue/).

Every hand below is worked out by hand: ante 1, the lowest up card brings in
for 3 and is called, then everybody checks; the pot of 8 is split 4 and 4
or taken whole. Each player's cards are listed in the order he gets them;
``community`` in the order they are turned up.
"""

from __future__ import annotations

import pytest

from studrules.errors import SpecErrors
from studrules.game.hand import Hand
from studrules.spec.loader import load_variant, load_variant_text


def play_down(name: str, cards: dict[str, str], exposed: dict[str, str] | None = None) -> Hand:
    hand = Hand(load_variant(name), ["Ann", "Bob"], 200, seed=1, cards={k: v.split() for k, v in cards.items()})
    while not hand.is_over:
        if hand.phase == "expose":
            assert exposed is not None
            hand.apply(f"{hand.to_act} expose {exposed[hand.to_act]}")
        else:
            hand.check_or_call()
    return hand


def awards(hand: Hand) -> list[tuple[str, int, str]]:
    return [(e.player, e.amount, e.hand) for e in hand.events if e.type == "award"]


def test_oxford_stud_plays_any_five_of_a_players_four_cards_and_the_three_shared():
    # Ann: Ah 2c, 3d up, 9c up; Bob: 6h 7h, Kh up, 8h up; shared 4h 5s, then Qh.
    # Ann's seven: a wheel, A-2-3-4-5, the best low (and only a straight high).
    # Bob's seven: hearts 6 7 K 8 and the shared 4h Qh, a king-high flush,
    # which beats Ann's straight; his 8-7-6-5-4 low loses to the wheel.
    hand = play_down("oxford-stud", {"Ann": "Ah 2c 3d 9c", "Bob": "6h 7h Kh 8h", "community": "4h 5s Qh"})
    won = {(p, a) for p, a, _ in awards(hand)}
    assert won == {("Ann", 4), ("Bob", 4)}
    assert any(p == "Bob" and "flush" in h for p, a, h in awards(hand))


def test_studaha_splits_between_the_own_seven_card_stud_hand_and_the_two_and_three_omaha_hand():
    # Ann: As Ah Ad down (turns up As), Kc 7d up, 2c up, 3h down: her own seven
    # hold three aces, the best stud hand. Bob: Qs Js 4d (turns up 4d), 9c 8c,
    # 5d, 6h: queen high alone, but with the shared Ts 9s 8s his Qs Js make a
    # straight flush, queen high, the best Omaha hand (Ann's best Omaha hand,
    # two of hers and three shared, is kings and deuces: Kc 2c Kd 2d Ts).
    hand = play_down(
        "studaha",
        {"Ann": "As Ah Ad Kc 7d 2c 3h", "Bob": "Qs Js 4d 9c 8c 5d 6h", "community": "Ts 9s 8s Kd 2d"},
        exposed={"Ann": "As", "Bob": "4d"},
    )
    won = awards(hand)
    assert {(p, a) for p, a, _ in won} == {("Ann", 4), ("Bob", 4)}
    assert any(p == "Ann" and "three aces" in h for p, _, h in won)
    assert any(p == "Bob" and "straight flush" in h for p, _, h in won)


def test_studaha_omaha_hand_may_not_use_the_board_alone():
    # the board is a royal flush in spades; neither player holds two spades
    # to play with it, so the Omaha half goes to the better two-and-three
    # hand, not a shared royal flush: Bob's Kh Kd with As Ks Qs makes three
    # kings, Ann's best is a pair; Ann's own seven (a pair of nines) lose the
    # stud half to Bob's own kings too: Bob takes the whole pot.
    hand = play_down(
        "studaha",
        {"Ann": "9h 9d 2c 3c 4d 6h 7d", "Bob": "Kh Kd 2h 3h 5c 8d 7c", "community": "As Ks Qs Js Ts"},
        exposed={"Ann": "2c", "Bob": "2h"},
    )
    won = awards(hand)
    assert sum(a for p, a, _ in won if p == "Bob") == 8
    assert not any("royal" in h or "straight flush" in h for _, _, h in won)


def test_razzaho_splits_between_the_own_cards_low_and_the_omaha_high():
    # Ann's own seven, A 2 3 4 6 + K Q: the best low, 6-4-3-2-A. Bob's own
    # seven have no five ranks under 9 (K K Q J T 9 8: pairs), but his Kh Kd
    # with the shared Ks make three kings, more than Ann's best two-and-three.
    hand = play_down(
        "razzaho",
        {"Ann": "Ac 2d 3h 4s 6c Kc Qc", "Bob": "Kh Kd Qh Jd Td 9h 8c", "community": "Ks 7s 5h 2s Jc"},
    )
    won = awards(hand)
    assert {(p, a) for p, a, _ in won} == {("Ann", 4), ("Bob", 4)}
    assert any(p == "Bob" and "three kings" in h for p, _, h in won)


@pytest.mark.parametrize(
    "showdown, words",
    [
        ("{id: showdown, cards_used: null}", "the same ranking twice needs cards_used"),
        ("{id: showdown, cards_used: [{own: 2, community: 3}]}", "cards_used says how 1 hand is made"),
        ("{id: showdown, cards_used: [{own: 2, community: 6}, {}]}", "community"),
    ],
)
def test_hands_whose_cards_cannot_be_found_are_refused_at_load(showdown, words):
    with pytest.raises(SpecErrors) as err:
        load_variant_text(f"extends: studaha\nname: bad\nsteps:\n  - showdown: {showdown}\n")
    assert any(words in str(e) for e in err.value.errors), err.value.errors
