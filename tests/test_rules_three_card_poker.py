"""Three Card Poker, the casino table game, rule by rule on real cards:
variants/three-card-poker.yaml.

Sources: Pala Casino, "Three Card Poker" (the ante bonus straight flush 5,
three of a kind 4, straight 1, "even if dealer beats player's hand or does
not qualify"; Pair Plus straight flush 40, three of a kind 30, straight 6,
flush 4, pair 1, "regardless of the dealer's hand"); casinotoyou.com (a fold
loses the ante and the Pair Plus; the dealer qualifies with queen high; not
qualified: ante 1 to 1, play returned; qualified: the better hand wins 1 to 1
on both; a tie pushes). The file's ante is 10, the play 10. Each outcome is
worked out by hand.
"""

import pytest
from rules_support import net, play

TCP = "three-card-poker"


def hand(player: str, house: str, action: str = "raise", **kw):
    return play(TCP, {"Ann": player, "house": house}, [f"Ann {action}"], **kw)


def test_a_dealer_without_queen_high_pays_the_ante_and_returns_the_play():
    # the house J-9-7 does not qualify: ante +10, play returned; Ann's
    # 5-4-2 high is worse than the house's, and it does not matter
    assert net(hand("5c 4d 2h", "Js 9d 7c")) == {"Ann": 10}


def test_queen_three_two_qualifies_and_a_better_hand_wins_both_wagers():
    # the house Q-3-2 (the least queen high) qualifies; Ann's Q-4-2 beats it:
    # ante +10, play +10
    assert net(hand("Qc 4d 2h", "Qs 3d 2c")) == {"Ann": 20}
    # Ann's Q-3-2 of other suits ties it: both returned
    assert net(hand("Qh 3c 2s", "Qs 3d 2c")) == {"Ann": 0}
    # Ann's J-T-8 loses to it: ante and play lost
    assert net(hand("Jc Td 8h", "Qs 3d 2c")) == {"Ann": -20}


def test_a_straight_beats_a_flush():
    # Ann 7-6-5 (a straight) against the house's A-K-9 of spades (a flush):
    # she wins both wagers (+20) and the straight's ante bonus, 1 to 1 (+10)
    assert net(hand("7c 6d 5h", "As Ks 9s")) == {"Ann": 30}


def test_the_ante_bonus_is_paid_even_when_the_dealer_wins_or_does_not_qualify():
    # Ann's three fives lose to the house's straight flush 4-5-6 of spades
    # (a straight flush beats three of a kind): ante and play lost (-20), but
    # her trips earn the ante bonus, 4 to 1 on the ante (+40): +20.
    assert net(hand("5c 5d 5h", "4s 5s 6s")) == {"Ann": 20}
    # Ann's straight flush against a house that does not qualify (J-8-4):
    # ante +10, play returned, bonus 5 to 1 on the ante (+50): +60.
    assert net(hand("9h Th Jh", "Jc 8d 4s")) == {"Ann": 60}


def test_a_fold_loses_the_ante_and_earns_no_bonus():
    assert net(hand("Ac Ad Ah", "Qs 3d 2c", action="fold")) == {"Ann": -10}


@pytest.mark.parametrize(
    "cards, odds",
    [
        ("Kc Kd 3h", 1),  # a pair
        ("Ah 9h 4h", 4),  # a flush
        ("8c 9d Th", 6),  # a straight
        ("7c 7d 7h", 30),  # three of a kind
        ("2s 3s 4s", 40),  # a straight flush
        ("Ac Kd 9h", -1),  # ace high: the bet loses
    ],
)
def test_pair_plus_is_paid_on_the_players_hand_alone(cards, odds):
    # The house holds J-T-5 and does not qualify: the ante wins +10 and the
    # play is returned for every hand; a straight or better adds the ante
    # bonus (straight 1, trips 4, straight flush 5 to 1 on the ante of 10);
    # the Pair Plus of 5 is paid at its line's odds, or lost (-5).
    h = hand(cards, "Jc Td 5s", stakes={"pair_plus": 5})  # J-T-5: the house does not qualify
    ante_play = 10  # a house that does not qualify: ante +10, play returned
    bonus = {"8c 9d Th": 10, "7c 7d 7h": 40, "2s 3s 4s": 50}.get(cards, 0)
    assert net(h) == {"Ann": ante_play + bonus + 5 * odds}
    (position,) = h.result().positions
    assert position["side_net"] == 5 * odds


def test_a_fold_loses_the_pair_plus_too_and_the_flush_3_table_pays_less():
    # a fold: ante 10 and Pair Plus 5 lost, though the hand is a pair
    h = hand("Kc Kd 3h", "Jc Td 5s", action="fold", stakes={"pair_plus": 5})
    assert net(h) == {"Ann": -15}
    # the option flush_3: a flush pays 3 to 1 (15) instead of 4 (20); the house
    # J-T-5 does not qualify: ante +10
    h = hand("Ah 9h 4h", "Jc Td 5s", stakes={"pair_plus": 5}, options={"pair_plus_table": "flush_3"})
    assert net(h) == {"Ann": 25}


def test_a_stack_too_small_for_the_ante_and_the_pair_plus_is_refused_before_any_card():
    # ante 10 + Pair Plus 5 = 15 > a stack of 12
    from studrules.errors import IllegalActionError

    with pytest.raises(IllegalActionError, match="side bets of 5 are more than his stack of 12"):
        hand("Kc Kd 3h", "Jc Td 5s", stakes={"pair_plus": 5}, stacks=12)
