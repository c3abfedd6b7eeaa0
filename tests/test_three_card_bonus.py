"""Let It Ride's 3 Card Bonus: a side bet on the player's three cards alone (``cards: own``,
the community cards left out), ranked as three-card hands (``ranking: three_card_high``); and
Mississippi Stud's, on the three community cards alone (``cards: community``: "Three card
bonus wagers are based on the three community cards", theoceanac.com), paid by the same table
with a flush at 3, standing when the player folds ("Bonus wagers remain active even if the
player folds").

The three-card hands, counted by hand over all C(52, 3) = 22,100: 4 mini royals (A-K-Q of a
suit), 44 other straight flushes (12 runs a suit, A-2-3 to K-Q-J... less the mini royal: 4 x
11), 52 three of a kind (13 x C(4, 3)), 720 straights (12 runs x 4**3, less the 48 straight
flushes), 1,096 flushes (4 x C(13, 3), less the 48), 3,744 pairs (13 x C(4, 2) x 48). With the
table 50/40/30/6/4/1 they give 2.1357% ("2.14 percent"), with a flush at 3 7.0950% ("the
house edge is 7.1 percent", tunicatravel.com, "Let It Ride: 3-card Side Bet").
"""

from __future__ import annotations

from math import comb

import pytest
from rules_support import net, play
from side_bet_support import counted_exactly, simulated_within

from studrules.errors import SpecErrors
from studrules.spec.loader import load_variant_text

LIR = "let-it-ride"
MS = "mississippi-stud"
RUNS = 12  # A-2-3 to Q-K-A
HANDS = {"mini_royal": 4, "straight_flush": 4 * RUNS - 4, "three_of_a_kind": 13 * comb(4, 3)}
HANDS |= {"straight": RUNS * 4**3 - 4 * RUNS, "flush": 4 * comb(13, 3) - 4 * RUNS, "pair": 13 * comb(4, 2) * 48}
PAYS = {
    "flush_4": {"mini_royal": 50, "straight_flush": 40, "three_of_a_kind": 30, "straight": 6, "flush": 4, "pair": 1}
}
PAYS["flush_3"] = PAYS["flush_4"] | {"flush": 3}


def _edge(table: str) -> float:
    won = sum(n * PAYS[table][line] for line, n in HANDS.items())
    return -(won - (comb(52, 3) - sum(HANDS.values()))) / comb(52, 3)


def test_the_counts_give_the_published_edges():
    assert (HANDS["straight_flush"], HANDS["straight"], HANDS["flush"], HANDS["pair"]) == (44, 720, 1_096, 3_744)
    assert round(100 * _edge("flush_4"), 2) == 2.14 and round(100 * _edge("flush_3"), 1) == 7.1


@pytest.mark.soak  # some 4 s a table: the game's own work back over every hole and community card
@pytest.mark.parametrize("table", sorted(PAYS))
def test_analyze_counts_every_three_card_hand(table):
    lines = {line: n / comb(52, 3) for line, n in HANDS.items()}
    load = {"options": {"three_card_bonus_table": table}, "stakes": {"three_card_bonus": 5}}
    counted_exactly(LIR, "let-it-ride-basic", "three_card_bonus", _edge(table), lines, **load)


def test_simulate_brackets_the_count():
    simulated_within(LIR, "let-it-ride-basic", "three_card_bonus", _edge("flush_4"), 7, stakes={"three_card_bonus": 5})


@pytest.mark.soak  # some 10 s: the game's own work back over every hole and community card
def test_mississippi_stud_s_bonus_is_counted_on_the_community_cards():
    lines = {line: n / comb(52, 3) for line, n in HANDS.items()}
    stakes = {"three_card_bonus": 5}
    counted_exactly(MS, "mississippi-stud-optimal", "three_card_bonus", _edge("flush_3"), lines, stakes=stakes)


def test_mississippi_stud_s_bonus_simulated_brackets_the_count():
    stakes = {"three_card_bonus": 5}
    simulated_within(
        MS, "mississippi-stud-optimal", "three_card_bonus", _edge("flush_3"), 9, hands=150_000, stakes=stakes
    )


def test_mississippi_stud_s_bonus_reads_the_community_cards_alone_and_stands_on_a_fold():
    bonus = {"Ann": {"three_card_bonus": 5}}
    # Q-K-A of hearts turned up: a mini royal, 50 to 1 on 5 (+250), though Ann folds her 2-7 at once
    # and loses her ante of 5. Net +245.
    h = play(MS, {"Ann": "2c 7d", "community": "Qh Kh Ah"}, ["Ann fold"], side_bets=bonus)
    assert net(h) == {"Ann": 245}
    # Her pair of sevens in the hole and a seven among the community cards: the bonus sees no pair
    # there (4-7-J of three suits): lost, -5. Her three sevens pay 3 to 1 on the ante and the three
    # raises of 5 each: 4 x 5 x 3 = +60. Net +55.
    h = play(
        MS,
        {"Ann": "7c 7d", "community": "4h 7s Jd"},
        ["Ann raise 5", "Ann raise 5", "Ann raise 5"],
        side_bets=bonus,
    )
    assert net(h) == {"Ann": 55}


def test_the_bonus_reads_the_three_cards_and_not_the_community_cards():
    # A-K-Q of hearts: a mini royal, 50 to 1 on 5 (+250); with the community J-T of hearts the
    # five cards are a royal flush, 1,000 to 1 on the "$" bet of 10 alone (+10,000). Net +10,250.
    bonus = {"Ann": {"three_card_bonus": 5}}
    h = play(LIR, {"Ann": "Ah Kh Qh", "community": "Jh Th"}, ["Ann check", "Ann check"], side_bets=bonus)
    assert net(h) == {"Ann": 10_250}
    # A pair of sevens in her three cards and a third seven among the community cards: the bonus
    # pays the pair, 1 to 1 (+5), not three of a kind; the hand's three sevens pay 3 to 1 on the
    # three bets riding (+90). Net +95.
    h = play(LIR, {"Ann": "7c 7d 2s", "community": "7h Kd"}, ["Ann raise", "Ann raise"], side_bets=bonus)
    assert net(h) == {"Ann": 95}
    # Nothing in her three cards: the bonus lost (-5) whatever the five make; a pair of kings
    # with the community cards pays 1 to 1 on the "$" bet (+10). Net +5.
    h = play(LIR, {"Ann": "Kc 9d 2s", "community": "Kh 5d"}, ["Ann check", "Ann check"], side_bets=bonus)
    assert net(h) == {"Ann": 5}


@pytest.mark.parametrize(
    ("game", "bet", "words"),
    [
        # three own cards are no five-card hand
        (
            "let-it-ride",
            "{amount: 0, cards: own, ranking: high, pay_table: {flush: 3}}",
            "values 3 cards as a high hand, which takes 5 to 9 cards",
        ),
        # Caribbean Stud's five cards and the dealer's five are ten: more than the best five of nine
        (
            "caribbean-stud-it",
            "{amount: 0, cards: player_and_house, pay_table: {flush: 3}}",
            "values 10 cards as a high hand, which takes 5 to 9 cards",
        ),
        # a ranking of a player's face-down cards at a pot's showdown values no side bet
        (
            "caribbean-stud-it",
            "{amount: 0, ranking: high_spade_in_the_hole, pay_table: {flush: 3}}",
            "reads a player's face-down cards",
        ),
        # Flush Rush deals a folded hand no more cards: a bet on them cannot stand on a fold
        (
            "flush-rush",
            "{amount: 0, on_fold: stand, pay_table: {five_card_flush: 10}}",
            "stands when the player folds and is paid on his cards, but he may fold before all of them are dealt",
        ),
    ],
)
def test_a_side_bet_whose_cards_make_no_hand_of_its_ranking_is_refused_where_it_is_written(game, bet, words):
    text = f"""
extends: {game}
name: mine
steps:
  - settle:
      id: settle
      side_bets:
        mine: {bet}
"""
    with pytest.raises(SpecErrors, match=words) as caught:
        load_variant_text(text)
    (error,) = caught.value.errors
    assert error.location.line == 8 and error.location.path[-1] in ("cards", "ranking", "on_fold")
