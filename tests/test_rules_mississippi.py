"""Mississippi Stud, the casino table game, rule by rule on real cards:
variants/mississippi-stud.yaml.

Sources: Wikipedia, "Mississippi Stud" (the play and the pay table:
royal 500, straight flush 100, quads 40, full house 10, flush 6, straight 4,
trips 3, two pair 2, jacks or better 1, sixes to tens push, all other loss);
Dover Downs, "How to Play Mississippi Stud" ("Anyone who folds loses their
original ante plus the following bets"; "A Royal Flush pays on all bets").
The file's ante is 5; each street's wager is 5, 10 or 15 (one to three times
the ante). Every outcome below is worked out by hand: the ante and every
street wager are paid together by the line the five cards reach.
"""

import pytest
from rules_support import deal, legal, net, play

from studrules.errors import IllegalActionError

MS = "mississippi-stud"


def test_each_street_offers_a_fold_or_one_to_three_times_the_ante():
    h = deal(MS, {"Ann": "Jh Jd", "community": "2c 7s Kd"})
    assert legal(h) == {"fold": None, "raise": 5}
    (raise_,) = [la for la in h.legal_actions() if la.action == "raise"]
    assert tuple(raise_.to) == (5, 10, 15)
    with pytest.raises(IllegalActionError):
        h.apply("Ann raise 7")  # not a multiple of the ante
    with pytest.raises(IllegalActionError):
        h.apply("Ann raise 20")  # more than three times the ante


def test_a_pair_of_jacks_is_paid_even_money_on_the_ante_and_every_street():
    # Jh Jd with 2c 7s Kd: a pair of jacks, 1 to 1. Wagers: ante 5, then
    # 15 + 10 + 5 = 30; every one wins at even money: +35.
    h = play(MS, {"Ann": "Jh Jd", "community": "2c 7s Kd"}, ["Ann raise 15", "Ann raise 10", "Ann raise 5"])
    assert net(h) == {"Ann": 35}
    (position,) = h.result().positions
    assert position["raises"] == [15, 10, 5] and position["raise"] == 30
    assert h.result().house_net == -35
    assert h.result().stacks == {"Ann": 135}  # a stack of 100 at the start


def test_the_community_cards_count_in_the_players_hand():
    # 9h 8h with community 7h 6h 5h: a straight flush nine high, 100 to 1.
    # Wagers: ante 5 + 5 + 5 + 5 = 20; 20 x 100 = 2,000.
    h = play(MS, {"Ann": "9h 8h", "community": "7h 6h 5h"}, ["Ann raise", "Ann raise", "Ann raise"], stacks=100)
    assert net(h) == {"Ann": 2000}


def test_a_royal_flush_pays_500_to_1_on_every_wager():
    # As Ks + Qs Js Ts: a royal flush. Wagers: 5 + 15 + 15 + 15 = 50; 50 x 500.
    h = play(MS, {"Ann": "As Ks", "community": "Qs Js Ts"}, ["Ann raise 15"] * 3, stacks=100)
    assert net(h) == {"Ann": 25000}


def test_a_pair_of_sixes_to_tens_pushes_and_a_lower_pair_loses():
    # Tc Td with 2h 5s 8c: a pair of tens: every wager returned.
    h = play(MS, {"Ann": "Tc Td", "community": "2h 5s 8c"}, ["Ann raise 15"] * 3)
    assert net(h) == {"Ann": 0}
    # 5c 5d with 2h 9s Kc: a pair of fives, below the push line: 5 + 45 lost.
    h = play(MS, {"Ann": "5c 5d", "community": "2h 9s Kc"}, ["Ann raise 15"] * 3)
    assert net(h) == {"Ann": -50}


@pytest.mark.parametrize(
    "hole, board, odds",
    [
        ("Ac Kd", "Ah Kh 2s", 2),  # two pair
        ("7c 7d", "7h Kh 2s", 3),  # three of a kind
        ("9c 8d", "7h 6h 5s", 4),  # a straight
        ("Ah 9h", "6h 3h 2h", 6),  # a flush
        ("Qc Qd", "Qh 2h 2s", 10),  # a full house
        ("4c 4d", "4h 4s Ks", 40),  # four of a kind
    ],
)
def test_each_line_of_the_pay_table(hole, board, odds):
    # one unit (the ante, 5) on every street: 4 x 5 = 20 wagered
    h = play(MS, {"Ann": hole, "community": board}, ["Ann raise 5"] * 3)
    assert net(h) == {"Ann": 20 * odds}


def test_a_fold_on_a_later_street_loses_the_ante_and_the_wagers_before_it():
    # Ann wagers 10 on third street, 15 on fourth, then folds: 5 + 10 + 15 lost,
    # even though the board would have given her a pair of aces.
    h = play(MS, {"Ann": "Ac 3d", "community": "9s 8c As"}, ["Ann raise 10", "Ann raise 15", "Ann fold"])
    assert net(h) == {"Ann": -30}
    assert h.result().stacks == {"Ann": 70}
    assert h.result().house_net == 30


def test_the_straight_pays_5_option():
    # The house option paying 5 to 1 on a straight: 20 wagered x 5.
    h = play(
        MS, {"Ann": "9c 8d", "community": "7h 6h 5s"}, ["Ann raise 5"] * 3, options={"pay_table": "straight_pays_5"}
    )
    assert net(h) == {"Ann": 100}


def test_positions_are_settled_each_on_its_own_cards_and_the_common_board():
    # Ann Kc Kd and Bob 6s 2c share 9h 4d Ks: Ann three kings (3 to 1 on
    # 5 + 5 + 5 + 5 = 20: +60); Bob folds at once: -5.
    h = play(
        MS,
        {"Ann": "Kc Kd", "Bob": "6s 2c", "community": "9h 4d Ks"},
        ["Ann raise", "Bob fold", "Ann raise", "Ann raise"],
    )
    assert net(h) == {"Ann": 60, "Bob": -5}
    assert h.result().house_net == -55
