"""The standard casino stud games, rule by rule on real cards: five-card-stud,
seven-card-stud, razz and seven-card-stud-hi-lo (variants/*.yaml).

Stakes of the files: ante 1, bring-in 3, low limit 10, high limit 20; a bet
and three raises a round, unlimited heads-up. Each player's cards are listed
in the order received (five-card: one down then four up; seven-card: two
down, four up, one down). Players sit clockwise from the dealer's left in the
order given. Expected numbers are worked out by hand from the usual casino
rules.
"""

import pytest
from rules_support import deal, events, legal, net, play

from studrules.cards.card import Card

FIVE, SEVEN, RAZZ, HILO = "five-card-stud", "seven-card-stud", "razz", "seven-card-stud-hi-lo"


# --- five-card stud ------------------------------------------------------------


def test_five_card_stud_low_card_brings_in_by_suit():
    h = deal(FIVE, {"Ann": "2h 4h", "Bob": "3h 4c", "Cat": "5h Kd"})
    assert h.to_act == "Bob"  # the 4 of clubs is below the 4 of hearts
    assert legal(h) == {"bring-in": 3, "complete": (10,)}


def test_five_card_stud_high_board_acts_first_ties_to_the_player_nearest_the_dealer():
    cards = {"Ann": "2h 4d Qh", "Bob": "3h 9c Kd", "Cat": "5h 3c 8h", "Dan": "6h 9s Ks"}
    h = play(FIVE, cards, ["Cat bring-in", "Dan call", "Ann call", "Bob call"])
    assert h.to_act == "Bob"  # Bob K-9 and Dan K-9: Bob is nearer


def test_five_card_stud_a_bet_and_three_raises_multiway():
    cards = {"Ann": "2h 4d Qh", "Bob": "3h 9c Kd", "Cat": "5h 3c 8h"}
    h = play(
        FIVE,
        cards,
        ["Cat bring-in", "Ann call", "Bob call", "Bob bet 10", "Cat raise 20", "Ann raise 30", "Bob raise 40"],
    )
    assert h.to_act == "Cat"
    assert legal(h) == {"fold": None, "call": 20}


def test_five_card_stud_raising_is_unlimited_heads_up():
    cards = {"Ann": "Ac 8c 2d 4h", "Bob": "Kc 8s 3d 5h"}
    h = play(
        FIVE,
        cards,
        [
            "Ann bring-in",
            "Bob call",
            "Bob check",
            "Ann check",
            "Bob bet 20",
            "Ann raise 40",
            "Bob raise 60",
            "Ann raise 80",
            "Bob raise 100",
        ],
        stacks=500,
    )
    assert h.to_act == "Ann"
    assert legal(h) == {"fold": None, "call": 20, "raise": (120,)}


def test_five_card_stud_the_cap_is_lifted_when_a_fold_leaves_two_players():
    cards = {"Ann": "2h 4d Qh", "Bob": "3h 9c Kd", "Cat": "5h 3c 8h"}
    h = play(
        FIVE,
        cards,
        [
            "Cat bring-in",
            "Ann call",
            "Bob call",
            "Bob bet 10",
            "Cat fold",
            "Ann raise 20",
            "Bob raise 30",
            "Ann raise 40",
            "Bob raise 50",
        ],
        stacks=500,
    )
    assert legal(h) == {"fold": None, "call": 10, "raise": (60,)}


def test_five_card_stud_a_capped_round_stays_capped_when_it_becomes_heads_up():
    cards = {"Ann": "2h 4d Qh", "Bob": "3h 9c Kd", "Cat": "5h 3c 8h"}
    h = play(
        FIVE,
        cards,
        [
            "Cat bring-in",
            "Ann call",
            "Bob call",
            "Bob bet 10",
            "Cat raise 20",
            "Ann raise 30",
            "Bob raise 40",
            "Cat fold",
        ],
        stacks=500,
    )
    assert h.to_act == "Ann"
    assert legal(h) == {"fold": None, "call": 10}


def test_five_card_stud_split_pot_odd_chip_to_the_high_card_by_suit():
    # Ann and Bob hold nine-high straights; Bob's nine is the spade, so the odd chip is his
    # although Ann sits nearer the dealer. Doors 5c (Ann) and 5h: Ann brings in for 3.
    cards = {"Ann": "9c 5c 6d 7h 8s", "Bob": "9s 5h 6s 7d 8c", "Cat": "Kd Qd"}
    h = play(
        FIVE,
        cards,
        ["Ann bring-in", "Bob call", "Cat fold"] + ["Ann check", "Bob check"] * 3 + ["Ann show", "Bob show"],
    )
    # pot: antes 3 + 3 + 3 = 9: 5 to Bob, 4 to Ann; each put in 4
    assert net(h) == {"Ann": 0, "Bob": 1, "Cat": -1}


def test_five_card_stud_last_aggressor_shows_first_and_a_loser_may_muck():
    cards = {"Ann": "Ac 8c 2d 4h 8d", "Bob": "Kc 8s 3d 5h 8h"}
    h = play(
        FIVE,
        cards,
        ["Ann bring-in", "Bob call"] + ["Bob check", "Ann check"] * 2 + ["Bob check", "Ann bet 20", "Bob call"],
    )
    assert h.to_act == "Ann"
    h.apply("Ann show")
    h.apply("Bob muck")  # 8-8-K loses to 8-8-A
    assert net(h) == {"Ann": 24, "Bob": -24}


# --- seven-card stud -----------------------------------------------------------


def test_seven_card_stud_open_pair_on_fourth_street_allows_the_big_bet():
    cards = {"Ann": "2h 3h 9c Kd", "Bob": "5h 6h 4d Qh", "Cat": "8h Th Kh Kc"}
    h = play(SEVEN, cards, ["Bob bring-in", "Cat call", "Ann call"])
    assert h.to_act == "Cat"
    assert legal(h) == {"check": None, "bet": (10, 20)}


EIGHT = {
    "Ann": "Ah Ad Ac 2c 3d 4h",
    "Bob": "5c 5d 6h 7s 8c 9d",
    "Cat": "Tc Td Jh Qs Kc 2d",
    "Dan": "3c 4d 5h 6s 7c 8d",
    "Eve": "9c Th Jd Qh Ks 2h",
    "Fay": "3h 4s 5s 6c 7d 8h",
    "Gus": "9h Ts Jc Qd Kh 2s",
    "Hal": "3s 4c 6d 7h 8s 9s",
}


def test_seven_card_stud_eight_players_a_community_seventh_card_and_a_last_round():
    h = deal(SEVEN, dict(EIGHT, community="As"))
    while not h.is_over:
        h.apply(h.default_action())
    (community,) = events(h, "community")
    assert community.card == Card("As")
    assert [e for e in h.events if e.round == 5]  # the last round is still bet
    # four aces with the community card; pot: antes 8 + 8 x 3 = 32
    assert net(h) == {p: (28 if p == "Ann" else -4) for p in EIGHT}


def test_seven_card_stud_best_five_of_seven():
    # Ann: 2h 3h 9c Kd 9d Ks 4c -> kings and nines; Bob: 5h 6h 4d Qh Jc 6c 7c -> sixes.
    cards = {"Ann": "2h 3h 9c Kd 9d Ks 4c", "Bob": "5h 6h 4d Qh Jc 6c 7c"}
    h = deal(SEVEN, cards)
    while not h.is_over:
        h.apply(h.default_action())
    assert net(h) == {"Ann": 4, "Bob": -4}


# --- razz ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "doors, who",
    [
        ({"Ann": "Kd", "Bob": "Qs", "Cat": "9c"}, "Ann"),  # kings are high
        ({"Ann": "Ac", "Bob": "2d", "Cat": "3h"}, "Cat"),  # aces are low
        ({"Ann": "Ks", "Bob": "Kh", "Cat": "5c"}, "Ann"),  # equal kings: the higher suit (spades)
    ],
)
def test_razz_the_highest_up_card_brings_in(doors, who):
    holes = {"Ann": "Td Jd", "Bob": "Tc Jc", "Cat": "Th Jh"}
    h = deal(RAZZ, {p: holes[p].split() + [doors[p]] for p in holes})
    assert h.to_act == who
    assert legal(h) == {"bring-in": 3, "complete": (10,)}


def test_razz_the_best_low_board_acts_first_a_pair_is_bad():
    # Boards on fourth street: Ann 8-7, Bob K-9, Cat 2-2 (a pair): Ann's 8-7 is the best low.
    cards = {"Ann": "Tc Jc 8c 7d", "Bob": "Td Jd Kd 9h", "Cat": "Th Jh 2s 2h"}
    h = play(RAZZ, cards, ["Bob bring-in", "Cat call", "Ann call"])
    assert h.round == 2 and h.to_act == "Ann"
    assert legal(h) == {"check": None, "bet": (10,)}  # no open-pair exception in razz


def test_razz_the_best_ace_to_five_low_wins():
    # Ann 7-5-4-3-2 beats Bob 8-4-3-2-A. Doors 4h (Ann) and 2h: Ann's four is higher, she brings in.
    cards = {"Ann": "7c 5d 4h 3s 2c Kd Qh", "Bob": "Ac 8d 2h 3h 4s Ks Kc"}
    h = play(
        RAZZ,
        cards,
        ["Ann bring-in", "Bob call", "Bob check", "Ann check"]
        + ["Ann check", "Bob check"] * 3
        + ["Ann show", "Bob muck"],
    )
    # pot: antes 2 + 3 + 3 = 8
    assert net(h) == {"Ann": 4, "Bob": -4}


def test_razz_straights_and_flushes_do_not_count():
    # Ann's A-2-3-4-5 of hearts is the best low (not a straight flush); Bob's 6-4-3-2-A loses.
    cards = {"Ann": "Ah 2h 3h 4h 5h Kd Kc", "Bob": "Ac 6d 2c 3d 4s Ks Qc"}
    h = deal(RAZZ, cards)
    while not h.is_over:
        h.apply(h.default_action())
    assert net(h) == {"Ann": 4, "Bob": -4}


# --- seven-card stud hi-lo -----------------------------------------------------


def hilo_cards(bob: str) -> dict:
    return {"Ann": "Ks Kh Kd 9c 9d Qs Jh", "Bob": bob, "Cat": "Qd Qc Ac"}


HILO_PLAY = ["Bob bring-in", "Cat fold", "Ann call"] + ["Ann check", "Bob check"] * 4


def test_hi_lo_the_pot_is_split_between_the_best_high_and_the_best_eight_or_better_low():
    # Ann's kings full take the high half; Bob's 7-5-4-3-2 the low half. The pot is 9 (antes 3,
    # bring-in 3, Ann's call 3): the odd chip goes to the high half, 5 to Ann and 4 to Bob.
    cards = hilo_cards("7c 5d 4h 3s 2c Td Jc")
    h = play(HILO, cards, HILO_PLAY + ["Ann show", "Bob show"])
    assert net(h) == {"Ann": 1, "Bob": 0, "Cat": -1}


def test_hi_lo_without_a_qualifying_low_the_high_hand_takes_the_whole_pot():
    # Bob's cards 9h 5d 4h 3s 2c Td Jc hold no five different cards of eight or lower.
    cards = hilo_cards("9h 5d 4h 3s 2c Td Jc")
    h = play(HILO, cards, HILO_PLAY + ["Ann show", "Bob show"])
    assert net(h) == {"Ann": 5, "Bob": -4, "Cat": -1}
