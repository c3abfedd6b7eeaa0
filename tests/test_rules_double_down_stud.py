"""Double Down Stud, the casino table game, rule by rule on real cards:
variants/double-down-stud.yaml.

Sources: Alene Paone, "Just Ask A.P." (casinocitytimes.com, 1999: one card
up to each player, three community cards up and one down, then "all the
players are given an option of doubling their bet"); admiralfitzroy.co.uk
("A player cannot double for more OR less than the initial bet");
sonofdave.com, "Double Down Stud - Jacks or Better" (paid to one on every
bet: royal flush 3,999, straight flush 199, four of a kind 49, full house
11, flush 8, straight 5, three of a kind 3, two pair 2, jacks or better 1,
a pair of sixes to tens pushes; the best play returns -2.1033% of the
initial wager). The file's bet is 10. Each outcome is worked out by hand.
"""

import pytest
from rules_support import legal, net, play

DDS = "double-down-stud"


def hand(card: str, community: str, action: str = "raise 10"):
    return play(DDS, {"Ann": card, "community": community}, [f"Ann {action}"])


def test_the_player_doubles_for_exactly_his_bet_or_stands_and_never_folds():
    h = play(DDS, {"Ann": "Ah", "community": "Kh Qh Jh Th"}, [])
    assert legal(h) == {"check": None, "raise": 10}
    # with a bet of 25, the double is 25
    h = play(DDS, {"Ann": "Ah", "community": "Kh Qh Jh Th"}, [], antes={"Ann": 25})
    assert legal(h) == {"check": None, "raise": 25}


def test_every_bet_is_paid_by_the_line_the_five_cards_reach():
    # Ah with Kh Qh Jh and the last card Th: a royal flush, 3,999 to one on
    # the bet and the double: 20 x 3,999 = +79,980
    assert net(hand("Ah", "Kh Qh Jh Th")) == {"Ann": 79_980}
    # Jc with 4d 8s 2h, standing; the last card Jd: a pair of jacks, 1 to 1 on the bet: +10
    assert net(hand("Jc", "4d 8s 2h Jd", "check")) == {"Ann": 10}
    # doubled, two pair (Jc Jd 4d 4s; the 8s left over): 2 to 1 on 20: +40
    assert net(hand("Jc", "4d 8s Jd 4s")) == {"Ann": 40}


def test_a_pair_of_sixes_to_tens_pushes_and_less_loses():
    # 7c with 7d 2s 9h, doubled; the last card 3c: a pair of sevens, every bet returned
    assert net(hand("7c", "7d 2s 9h 3c")) == {"Ann": 0}
    # 5c with 5d Ks 2h, standing; the last 9c: a pair of fives, below sixes: the bet lost
    assert net(hand("5c", "5d Ks 2h 9c", "check")) == {"Ann": -10}
    # doubled on a four-flush that misses (Ah 9h 6h 2h, the last card Kc: ace high): -20
    assert net(hand("Ah", "9h 6h 2h Kc")) == {"Ann": -20}


@pytest.mark.soak  # some 6 s: every four cards known, against each last card
def test_the_best_play_counted_exactly_loses_the_published_share_of_the_bet():
    # sonofdave.com: "Double Down Stud - Jacks or Better", the best play's
    # total -2.1033% of the initial wager; and the shipped optimal file
    # (analyze --optimal --write) plays it exactly
    from studrules.analysis.exact import analyze
    from studrules.spec.loader import load_variant
    from studrules.spec.strategies import load_strategy

    variant = load_variant(DDS)
    assert round(analyze(variant, optimal=True).house_edge * 100, 4) == 2.1033
    shipped = analyze(variant, load_strategy("double-down-stud-optimal", variant))
    assert round(shipped.house_edge * 100, 4) == 2.1033
