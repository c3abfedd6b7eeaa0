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


# --- who acts first when the boards count the community cards ------------------

_BETTING = ("bring_in", "complete", "bet", "raise", "call", "check", "fold")


def first_actors(hand: Hand) -> list[str]:
    """The first player to act in each betting round, in order."""
    seen: dict[int, str] = {}
    for e in hand.events:
        if e.type in _BETTING and e.round is not None:
            seen.setdefault(e.round, e.player)
    return [seen[r] for r in sorted(seen)]


def play_three(name: str, cards: dict[str, str], options: dict[str, str] | None = None) -> Hand:
    variant = load_variant(name, options)
    deal = {k: v.split() for k, v in cards.items()}
    hand = Hand(variant, ["Ann", "Bob", "Cat"], 200, seed=1, cards=deal)
    while not hand.is_over:
        hand.check_or_call()
    return hand


def test_oxford_stud_a_shared_card_that_pairs_a_players_up_card_makes_him_first():
    # Up cards: Ann Js, Bob 9h, Cat 4d; Cat's 4d is the lowest and brings in.
    # Then 4c 6h in the middle: Ann's board J-6-4, Bob's 9-6-4, Cat's 4-4-6, a
    # pair: Cat speaks first in round 2 (on his own up cards alone Ann's jack
    # would). Fifth street: Ann Qs, Bob Ts, Cat 2c: Cat's pair still leads.
    # Sixth: 9c in the middle pairs Bob's 9h: Bob has nines, Cat fours: Bob.
    hand = play_three(
        "oxford-stud",
        {"Ann": "6s 8d Js Qs", "Bob": "Qc Jd 9h Ts", "Cat": "2h 3s 4d 2c", "community": "4c 6h 9c"},
    )
    assert first_actors(hand) == ["Cat", "Cat", "Cat", "Bob"]


def test_razzaho_the_best_low_board_with_the_community_cards_acts_first():
    # Door cards: Ann Ac, Bob 2d, Cat Kh. The low card brings in with the ace
    # HIGH (the config's "low card"): Bob's deuce, not Ann's ace.
    # Round 2: up cards Ann Ac 8c, Bob 2d 9c, Cat Kh 6d, and 4h 2c 3d in the
    # middle. The best ace-to-five low of each board: Ann 8-4-3-2-A, Bob
    # 9-4-3-2-2 (a pair), Cat K-6-4-3-2: Ann (the high ranking would pick
    # Bob's pair of deuces).
    # Round 3: Ann Qs, Bob 5s, Cat 7s, and 6h in the middle. Ann 6-4-3-2-A,
    # Bob 6-5-4-3-2, Cat 7-6-4-3-2: Ann. On the up cards alone Bob's 9-5-2
    # would be the best low (Ann Q-8-A, Cat K-7-6).
    hand = play_three(
        "razzaho",
        {
            "Ann": "Td Jd Ac 8c Qs Kc 5c",
            "Bob": "Th Jh 2d 9c 5s Kd 7c",
            "Cat": "Ts Js Kh 6d 7s Qh 8h",
            "community": "4h 2c 3d 6h 8s",
        },
    )
    assert first_actors(hand)[:3] == ["Bob", "Ann", "Ann"]
