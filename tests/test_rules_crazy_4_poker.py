"""Crazy 4 Poker, the casino table game, rule by rule on real cards:
variants/crazy-4-poker.yaml.

Sources: Wizard of Odds, "Crazy 4 Poker" (2004: "The player must bet equal
amounts on the Ante and Super Bonus"; "With a pair of aces or better the
player may raise up to three times the Ante amount. With less than a pair
of aces the player must raise exactly the amount of the ante"; "If the
player folds he forfeits all bets"; "If the dealer does not qualify the
player shall win even money on the Raise and the Ante shall push"; "If the
two hands are equal the Ante and Raise shall push"); Grosvenor Casinos (the
Super Bonus table: four aces 200, four of a kind 30, straight flush 15,
three of a kind 2, flush 3 to 2, straight 1 to 1; Queens Up 50, 40, 8, 4,
3, 2, 1); Treasure Bay ("Your Super Bonus bet pushes if you tie or beat the
Dealer with less than a Straight"); Luck Lady ("If the dealer beats you and
your hand does contain a straight or better your Super Bonus bet is paid
and your original Super Bonus wager is NOT removed"); ukcasinotablegames.info
(below a straight, "It only loses if the dealer qualifies with a hand that
is better than the Player's"). The file's ante is 10, so the Super Bonus is
10 too. Each outcome is worked out by hand.
"""

import pytest
from rules_support import net, play

from studrules.errors import IllegalActionError

C4 = "crazy-4-poker"


def hand(player: str, house: str, action: str = "raise 10", **kw):
    return play(C4, {"Ann": player, "house": house}, [f"Ann {action}"], **kw)


def test_the_play_is_once_the_ante_below_a_pair_of_aces_and_up_to_three_times_from_it():
    below = play(C4, {"Ann": "Kc Kd 7h 5s 2c", "house": "3c 4d 6h 8s Tc"}, [])
    assert {la.action: la.to or la.amount for la in below.legal_actions()} == {"fold": None, "raise": 10}
    with pytest.raises(IllegalActionError):
        below.apply("Ann raise 30")
    # a pair of aces (Ac Ad 7h 5s, the 2c left over), and two pair (above any pair)
    for cards in ("Ac Ad 7h 5s 2c", "3c 3d 2h 2s 9c"):
        aces = play(C4, {"Ann": cards, "house": "4c 5d 6h 8s Tc"}, [])
        assert {la.action: la.to for la in aces.legal_actions()} == {"fold": None, "raise": (10, 20, 30)}


def test_the_dealer_who_qualifies_and_wins_takes_the_ante_the_play_and_a_super_bonus_below_a_straight():
    # Ann's best four K-Q-8-4 (Kc Qd 8h 4s; 2c left over) against the house's
    # K-Q-9-5 (its 3h left over): king high qualifies and beats her. Ante,
    # play and Super Bonus lost: -30.
    assert net(hand("Kc Qd 8h 4s 2c", "Kh Qs 9c 5d 3h")) == {"Ann": -30}


def test_the_super_bonus_pays_a_straight_or_better_even_when_the_dealer_wins():
    # Ann's A-K-Q-J of mixed suits (a straight; her 3s left over) against the
    # house's three nines: three of a kind beats a straight in four cards.
    # Ante -10, play -10, the Super Bonus's straight 1 to 1: +10. Net -10.
    assert net(hand("Ah Kd Qc Js 3s", "9c 9d 9h 2s 4c")) == {"Ann": -10}
    # A flush pays 3 to 2, rounded down to the chip: Ann's J-9-5-2 of hearts
    # (her 3c left over) loses to three fours; with an ante of 15 (and the
    # Super Bonus 15, the play 15): -15 - 15 + 22 (22.5 rounded down) = -8.
    assert net(hand("2h 5h 9h Jh 3c", "4c 4d 4s 8c 9d", "raise 15", stakes={"ante": 15})) == {"Ann": -8}


def test_a_dealer_below_king_high_pushes_the_ante_and_pays_the_play():
    # The house's best Q-J-9-7 (Qc Jd 9h 7s; 3d left over) does not qualify.
    # Ann's pair of kings: ante returned, play 1x wins 10, the Super Bonus
    # (below a straight, the dealer not qualified) returned: +10.
    assert net(hand("Kc Kd 7h 5s 2c", "Qc Jd 9h 7s 3d")) == {"Ann": 10}
    # With a pair of aces and 3x: the play wins 30, the rest pushes: +30.
    assert net(hand("Ac Ad 7h 5s 2c", "Qc Jd 9h 7s 3d", "raise 30")) == {"Ann": 30}


def test_a_tie_pushes_the_ante_the_play_and_the_super_bonus():
    # Both best fours are A-K-7-5 (Ann's 2c and the house's 3d left over):
    # king high qualifies, the hands tie. Everything returned: 0.
    assert net(hand("Ac Kd 7h 5s 2c", "Ad Kc 7s 5h 3d")) == {"Ann": 0}


def test_the_player_who_wins_with_less_than_a_straight_gets_the_super_bonus_back():
    # Ann's two pair (9 9 4 4, her Ac left over) beats the house's pair of
    # kings (K K 7 2, its 3d left over): ante +10, play 3x +30 (two pair is
    # above a pair of aces), the Super Bonus returned: +40.
    assert net(hand("9c 9d 4h 4s Ac", "Kc Kd 7h 2s 3d", "raise 30")) == {"Ann": 40}


def test_a_fold_loses_the_ante_and_the_super_bonus():
    # Ann's best four 9-7-5-3 (9c 7d 5h 3s, 2c left over): folded, the ante
    # and the required Super Bonus are lost: -20.
    assert net(hand("9c 7d 5h 3s 2c", "Kc Kd 7h 2s 3d", "fold")) == {"Ann": -20}


def test_four_aces_pay_200_and_the_queens_up_pays_on_the_hand_alone():
    # Ann's four aces (her 2c left over) against the house's four kings: four
    # aces are the best four-card hand. Ante +10, play 3x +30, Super Bonus
    # four aces 200 to 1: +2000. Her Queens Up of 5: four of a kind 50 to 1,
    # +250. Net +2290.
    h = play(
        C4, {"Ann": "Ac Ad Ah As 2c", "house": "Kc Kd Kh Ks 3d"}, ["Ann raise 30"], side_bets={"Ann": {"queens_up": 5}}
    )
    assert net(h) == {"Ann": 2290}
    # A pair of queens on the Queens Up of 5 (1 to 1, +5) with a hand that
    # loses to the house's pair of kings: ante and play -20, Super Bonus -10: -25.
    h = play(
        C4, {"Ann": "Qc Qd 7h 5s 2c", "house": "Kc Kd 8h 6s 3d"}, ["Ann raise 10"], side_bets={"Ann": {"queens_up": 5}}
    )
    assert net(h) == {"Ann": -25}


def test_the_required_bet_is_not_a_choice_and_is_covered_with_the_ante():
    with pytest.raises(ValueError, match="super_bonus.*makes it at his ante"):
        play(C4, {"Ann": "Qc Qd 7h 5s 2c"}, [], side_bets={"Ann": {"super_bonus": 20}})
    # an ante of 10 stakes 20 before a card is dealt (the Super Bonus too): a stack of 15 cannot
    with pytest.raises(IllegalActionError, match="ante of 10 .*more than his stack of 15"):
        play(C4, {"Ann": "Qc Qd 7h 5s 2c"}, [], stacks=15)


@pytest.mark.soak  # some 4.5 s: every hand against every dealer hand (CI's soak stage runs it)
def test_the_published_strategy_counted_exactly_gives_the_published_element_of_risk():
    # "With proper strategy the element of risk is only 1.09%" (Wizard of
    # Odds, Crazy 4 Poker, 2004: Stanley Ko's analysis for Shuffle Master),
    # the Super Bonus counted as the game's own wager.
    from studrules.analysis.exact import analyze
    from studrules.spec.loader import load_variant
    from studrules.spec.strategies import load_strategy

    variant = load_variant(C4)
    found = analyze(variant, load_strategy("crazy-4-poker-basic", variant))
    assert round(found.element_of_risk * 100, 2) == 1.09
    # the average wager: the ante, the Super Bonus, and the play of the hands not folded
    assert found.average_wager > 2 + (1 - found.lines["fold"][0])
    # the outcome lines are the whole return: the game's add up to every situation, the Super
    # Bonus's too (a fold, and a hand below its lines that the house beats, lose it), and their
    # contributions to the player's return, minus the edge
    game = [k for k in found.lines if not k.startswith("super_bonus: ")]
    bonus = [k for k in found.lines if k.startswith("super_bonus: ")]
    assert "super_bonus: loses" in bonus
    for names in (game, bonus):
        assert sum(found.lines[k][0] for k in names) == pytest.approx(1, abs=1e-12)
    assert sum(c for _, c in found.lines.values()) == pytest.approx(-found.house_edge, abs=1e-12)


def test_simulate_counts_the_super_bonus_in_the_game_not_beside_it():
    from studrules.analysis.simulate import simulate
    from studrules.spec.loader import load_variant
    from studrules.spec.strategies import load_strategy

    variant = load_variant(C4, stakes={"queens_up": 5})
    found = simulate(variant, load_strategy("crazy-4-poker-basic", variant), hands=20_000, seed=1, workers=1)
    assert [bet.name for bet in found.side_bets] == ["queens_up"]
    # every hand stakes the ante and the Super Bonus (10 each), and each raise
    # its 1x or 3x on top: the chips wagered are 20 a hand and the raises
    raised = found.raise_rate * found.hands * 10
    assert found.wagered >= found.hands * 20 + raised


def test_the_command_line_says_the_super_bonus_is_not_chosen(capsys):
    from studrules.cli.main import main

    assert main(["play", C4, "--side-bet", "super_bonus=20", "-n", "1", "--players", "1", "--bots-only"]) == 1
    err = capsys.readouterr().err
    assert "'super_bonus' is required: every position stakes his ante on it, so it is not chosen" in err


def test_a_table_asks_for_the_ante_the_super_bonus_and_the_play(capsys):
    # 10 + 10 + the least play of 10: 30 chips to sit in a hand
    from studrules.cli.main import main

    assert main(["play", C4, "--stack", "25", "-n", "1", "--players", "1", "--bots-only"]) != 0
    assert "needs 30 chips" in capsys.readouterr().err
