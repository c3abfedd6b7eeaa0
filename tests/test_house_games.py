"""The house games of variants/house/, each played to its showdown on cards
chosen so that the game's own ranking decides, the winner worked out by hand
from the rules the file cites."""

from __future__ import annotations

from studrules.game.hand import Hand
from studrules.spec.loader import load_variant, load_variant_text


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


def showdown_words(name: str, cards: dict[str, str]) -> tuple[set[str], dict[str, str], list[str]]:
    """The winners, each player's shown hand in words, and what the wild events said
    (the game as the file deals it, every hand shown: nobody mucks)."""
    variant = load_variant_text(f"extends: {name}\nname: shown\nsteps:\n  - showdown: {{id: showdown, muck: false}}\n")
    hand = Hand(variant, list(cards), 500, seed=1, cards={p: c.split() for p, c in cards.items()})
    while not hand.is_over:
        hand.check_or_call()
    shown = {e.player: e.hand for e in hand.events if e.type == "show"}
    said = [e.describe() for e in hand.events if e.type == "wild"]
    return {p for p, net in hand.result().net.items() if net > 0}, shown, said


def test_follow_the_queen_the_rank_after_the_last_queen_up_is_wild():
    # seven-card stud order: two down, four up, one down. Up cards in the order
    # dealt: Ann Qh, Bob 7c (after a queen: sevens wild), Ann 5d, Bob Qs (a
    # queen: nothing follows yet), Ann 9c (nines wild, sevens no more), Bob 4s,
    # Ann 2h, Bob 3h. At the end queens and nines are wild.
    cards = {"Ann": "Jh Jd Qh 5d 9c 2h Tc", "Bob": "Kd Kh 7c Qs 4s 3h 8d"}
    winners, shown, said = showdown_words("follow-the-queen", cards)
    assert said == [
        "7c is up: sevens are wild",
        "Qs is up: the next card up sets the wild rank",
        "9c is up: nines are wild",
    ]
    assert shown["Ann"].startswith("four jacks")  # two jacks, the queen and the nine
    assert shown["Bob"].startswith("three kings")  # his seven is no longer wild
    assert winners == {"Ann"}


def test_kings_and_little_ones_each_players_lowest_card_is_wild_for_him_alone():
    # Ann's lowest card is her 2s: her deuce is wild, with the king: 8-9-J and two
    # wild cards make a queen-high straight. Bob's lowest card is his 5c (the ace
    # counts high): his five is wild, not Ann's deuce: A-A-A and the five are four aces.
    cards = {"Ann": "4c 9d Ks 7h 8h Jc 2s", "Bob": "Ac Ad As Qs Qd 5c 6h"}
    winners, shown, _ = showdown_words("kings-and-little-ones", cards)
    assert shown["Ann"] == "straight, queen high"
    assert shown["Bob"].startswith("four aces")
    assert winners == {"Bob"}


def test_kings_and_little_ones_the_little_one_may_be_an_up_card():
    # "Wild cards in this game are Kings and the smallest card in each player's
    # hand" (onlinepoker.net, "Kings and Little Ones"), face up or down alike.
    # Seven-card stud order: two down, four up, one down.
    # Ann: 9c 9d down, 4s Kd 4h Jc up, 8h down. Her smallest card is a four: both
    # fours and the king are wild, three wild cards with 9-9: five nines. (Were
    # only her face-down cards counted, 9-9-8, her eight and king would be wild:
    # four nines, jack kicker.)
    # Bob: 2c 5d down, Tc Td Th Ac up, 6h down. His smallest card, 2c, is wild:
    # four tens, ace kicker, either way. Five nines beat four tens.
    cards = {"Ann": "9c 9d 4s Kd 4h Jc 8h", "Bob": "2c 5d Tc Td Th Ac 6h"}
    winners, shown, _ = showdown_words("kings-and-little-ones", cards)
    assert shown["Ann"].startswith("five nines")
    assert shown["Bob"].startswith("four tens")
    assert winners == {"Ann"}


def test_wild_rules_that_cannot_be_played_are_refused_at_load():
    import pytest

    from studrules.errors import SpecErrors

    cases = [
        ("deck: {ranks: 6789TJQKA}\nseats: {min: 2, max: 5}\nwild: {ranks: '2'}\n", "wild rank '2' is not in the deck"),
        ("wild: {ranks: K, rankings: [badugi]}\n", "wild cards cannot count in 'badugi'"),
        ("wild: {ranks: K, rankings: [ace_to_five_low]}\n", "'ace_to_five_low' is not a ranking of the showdown"),
        ("deck: {jokers: 1}\nwild: {low_card: true}\n", "jokers and the low card wild are not played together"),
    ]
    for text, words in cases:
        with pytest.raises(SpecErrors) as err:
            load_variant_text("extends: seven-card-stud\nname: bad\n" + text)
        assert any(words in str(e) for e in err.value.errors), (words, err.value.errors)


def test_high_chicago_the_highest_spade_in_the_hole_takes_half():
    # ante 1 each, Ann's 4d brings in for 3, all call, then checks: a pot of 12,
    # each in for 4. Ann's ace of spades is in the hole; Bob's king of spades
    # is up, so it does not count; Bob's kings full take the high half.
    cards = {"Ann": "As 3c 4d 7h 9c Jd 2h", "Bob": "Kd Kh Ks Qc Qd 5h 6c", "Cat": "8h 8d Tc Th 2c 3h 4c"}
    hand = Hand(load_variant("high-chicago"), list(cards), 500, seed=1, cards={p: c.split() for p, c in cards.items()})
    while not hand.is_over:
        hand.check_or_call()
    assert hand.result().net == {"Ann": 2, "Bob": 2, "Cat": -4}


def test_low_chicago_the_deuce_of_spades_in_the_hole_beats_the_ace():
    cards = {"Ann": "As 3c 4d 7h 9c Jd 2h", "Bob": "Kd Kh Ks Qc Qd 5h 6c", "Cat": "2s 8d Tc Th 8h 3h 4c"}
    hand = Hand(load_variant("low-chicago"), list(cards), 500, seed=1, cards={p: c.split() for p, c in cards.items()})
    while not hand.is_over:
        hand.check_or_call()
    assert hand.result().net == {"Ann": -4, "Bob": 2, "Cat": 2}


def test_chicago_without_a_spade_in_the_hole_the_high_hand_takes_all():
    cards = {"Ann": "Ah 3c 4d 7h 9c Jd 2h", "Bob": "Kd Kh Ks Qc Qd 5h 6c", "Cat": "8h 8d Tc Th 2c 3h 4c"}
    hand = Hand(load_variant("high-chicago"), list(cards), 500, seed=1, cards={p: c.split() for p, c in cards.items()})
    while not hand.is_over:
        hand.check_or_call()
    assert hand.result().net == {"Ann": -4, "Bob": 8, "Cat": -4}


def test_baseball_a_four_up_earns_an_extra_card_and_threes_and_nines_are_wild():
    # third street: Ann 2c 5d down, 4h up: the four earns her an extra card at
    # once, face down: the next card in her list, 9d (wild). Bob: 7c 8d down, Ks up.
    cards = {"Ann": "2c 5d 4h 9d Qh Jc 6s Ts", "Bob": "7c 8d Ks Kd 2h 2d 5s"}
    hand = Hand(load_variant("baseball"), list(cards), 500, seed=1, cards={p: c.split() for p, c in cards.items()})
    extra = [e for e in hand.events if e.reason == "a four up earns an extra card"]
    assert [(e.player, str(e.card), e.face) for e in extra] == [("Ann", "9d", "down")]
    while not hand.is_over:
        hand.check_or_call()
    assert len(hand.cards_of("Ann")) == 8 and len(hand.cards_of("Bob")) == 7
    # Ann: 2c 5d 4h 9d Qh Jc 6s Ts: the wild nine makes 2-3-4-5-6, a straight;
    # Bob: kings and deuces, two pair. The straight wins.
    assert hand.result().net["Ann"] > 0
