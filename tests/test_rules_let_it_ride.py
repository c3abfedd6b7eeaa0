"""Let It Ride rule by rule on real cards: variants/let-it-ride.yaml.

Sources: Pala Casino, "Let It Ride" (three equal bets "$", "2", "1"; the "1"
bet then the "2" bet may be pulled before each community card; "If the player
has less than a pair of 10s, all bets left in action lose"); Great Blue Heron
Casino (the pay table: royal 1,000, straight flush 200, quads 50, full house
11, flush 8, straight 5, trips 3, two pair 2, tens or better 1 to 1). Each bet
is 10. The file stakes the "$" bet as the ante and each bet left riding as a
raise of 10 (a bet pulled back is a raise not made). Outcomes by hand.
"""

import pytest
from rules_support import deal, legal, net, play

from studrules.errors import IllegalActionError

LIR = "let-it-ride"


def test_each_decision_is_let_it_ride_or_pull_and_never_a_fold():
    h = deal(LIR, {"Ann": "Tc Td 4h", "community": "2s 9c"})
    assert legal(h) == {"check": None, "raise": 10}
    with pytest.raises(IllegalActionError):
        h.apply("Ann fold")


def test_all_three_bets_ride_on_a_pair_of_tens_at_even_money():
    # Tc Td 4h + 2s 9c: a pair of tens, 1 to 1 on 10 + 10 + 10: +30
    h = play(LIR, {"Ann": "Tc Td 4h", "community": "2s 9c"}, ["Ann raise", "Ann raise"])
    assert net(h) == {"Ann": 30}


def test_bets_pulled_back_are_neither_paid_nor_lost():
    # both pulled back: only the "$" bet of 10 rides. A flush (Ah 9h 4h + 2h Kh)
    # pays 8 to 1 on it: +80. A nine-high nothing loses only it: -10.
    h = play(LIR, {"Ann": "Ah 9h 4h", "community": "2h Kh"}, ["Ann check", "Ann check"])
    assert net(h) == {"Ann": 80}
    h = play(LIR, {"Ann": "9c 7d 4h", "community": "2s Kc"}, ["Ann check", "Ann check"])
    assert net(h) == {"Ann": -10}
    # the "1" bet pulled, the "2" bet left riding: 20 in action on a pair of nines: -20
    h = play(LIR, {"Ann": "9c 9d 4h", "community": "2s Kc"}, ["Ann check", "Ann raise"])
    assert net(h) == {"Ann": -20}
    assert h.result().stacks == {"Ann": 80}


def test_three_of_a_kind_and_a_full_house():
    # 7c 7d 7h + 2s 5c: trips, 3 to 1 on 30: +90; with 2s 2c: a full house, 11 to 1: +330
    assert net(play(LIR, {"Ann": "7c 7d 7h", "community": "2s 5c"}, ["Ann raise", "Ann raise"])) == {"Ann": 90}
    assert net(play(LIR, {"Ann": "7c 7d 7h", "community": "2s 2c"}, ["Ann raise", "Ann raise"])) == {"Ann": 330}
