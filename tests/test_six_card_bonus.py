"""Three Card Poker's 6 Card Bonus: a side bet paid on the best five of the player's and the
dealer's six cards together (``cards: player_and_house``, ``ranking: high``), standing when
the player folds ("You can win or lose this bet regardless of how your Ante bet plays out").

The six-card hands by their best five, over all C(52, 6) = 20,358,520 sets: 188 royal flushes
(a royal and any of the other 47 cards: 4 x 47), 1,656 other straight flushes (four suits,
nine tops from five to king, and any card but the one that would lengthen it upward: 4 x 9 x
46), 14,664 four of a kind (13 x C(48, 2)), and the standard counts of the rest: 165,984 full
houses, 205,792 flushes, 361,620 straights, 732,160 three of a kind. With the table
1000/200/50/25/20/10/5 they give 10.2248% (published "a house advantage of 10.23%",
table-games-online.com); with 1000/200/100/20/15/10/7 8.5614% ("a house edge of just over
8.5%", mypokercoaching.com).
"""

from __future__ import annotations

from math import comb

import pytest
from rules_support import net, play
from side_bet_support import counted_exactly, simulated_within

from studrules.errors import SpecErrors
from studrules.spec.loader import load_variant_text

TCP = "three-card-poker-6-card-bonus"
SETS = {"royal_flush": 4 * 47, "straight_flush": 4 * 9 * 46, "four_of_a_kind": 13 * comb(48, 2)}
SETS |= {"full_house": 165_984, "flush": 205_792, "straight": 361_620, "three_of_a_kind": 732_160}
TABLES = {
    "flush_20": {"royal_flush": 1000, "straight_flush": 200, "four_of_a_kind": 50, "full_house": 25}
    | {"flush": 20, "straight": 10, "three_of_a_kind": 5},
    "quads_100": {"royal_flush": 1000, "straight_flush": 200, "four_of_a_kind": 100, "full_house": 20}
    | {"flush": 15, "straight": 10, "three_of_a_kind": 7},
}


def _edge(table: str) -> float:
    paying = sum(SETS.values())
    won = sum(n * TABLES[table][line] for line, n in SETS.items())
    return -(won - (comb(52, 6) - paying)) / comb(52, 6)


def test_the_counts_give_the_published_edges():
    assert round(100 * _edge("flush_20"), 4) == 10.2248 and round(100 * _edge("flush_20"), 1) == 10.2
    assert round(100 * _edge("quads_100"), 4) == 8.5614


@pytest.mark.parametrize(
    "table", ["flush_20", pytest.param("quads_100", marks=pytest.mark.soak)]
)  # (some 2.5 s each: every set of six cards)
def test_analyze_counts_every_six_card_set(table):
    lines = {line: n / comb(52, 6) for line, n in SETS.items()}
    load = {"options": {"six_card_bonus_table": table}, "stakes": {"six_card_bonus": 5}}
    counted_exactly(TCP, "queen-six-four", "six_card_bonus", _edge(table), lines, **load)


def test_simulate_brackets_the_count():
    simulated_within(TCP, "queen-six-four", "six_card_bonus", _edge("flush_20"), 5, stakes={"six_card_bonus": 5})


def test_a_hand_is_paid_on_the_six_cards_even_when_the_player_folds():
    # Ann's three hearts and the dealer's two make a flush: 20 to 1 on 5, +100; she folds, -10.
    h = play(TCP, {"Ann": "2h 7h 9h", "house": "Jh Kh 3c"}, ["Ann fold"], side_bets={"Ann": {"six_card_bonus": 5}})
    assert net(h) == {"Ann": 90}
    # Her pair of sevens and the dealer's seven: three of a kind, 5 to 1, +25. She plays; the dealer's
    # K-7-4 qualifies and loses to her pair: ante +10, play +10. Net +45.
    h = play(TCP, {"Ann": "7c 7d 2s", "house": "7h Kd 4c"}, ["Ann raise 10"], side_bets={"Ann": {"six_card_bonus": 5}})
    assert net(h) == {"Ann": 45}
    # A pair across the six pays nothing: the bet of 5 lost with the folded ante, -15.
    h = play(TCP, {"Ann": "7c 9d 2s", "house": "7h Kd 4c"}, ["Ann fold"], side_bets={"Ann": {"six_card_bonus": 5}})
    assert net(h) == {"Ann": -15}


def test_a_bet_on_the_house_s_cards_needs_a_house_hand_and_is_no_required_bet():
    base = """
name: x
kind: banked
seats: {min: 1, max: 6}
stakes: {ante: 10}
steps:
  - ante: {amount: ante}
  - deal: {players: [down, down, down, down, down]DEALT}
  - decision: {fold: true, raise: ante}
  - settle: {against: pay_table, pay_table: {pair_of_jacks: 1}, side_bets: {b: BET}}
"""
    bet = "{amount: 0, cards: player_and_house, pay_table: {flush: 5}}"
    with pytest.raises(SpecErrors, match="'b' is paid on the player's and the house's cards: the house is dealt none"):
        load_variant_text(base.replace("DEALT", "").replace("BET", bet))
    required = "{amount: ante, required: true, cards: player_and_house, pay_table: {flush: 5}}"
    with pytest.raises(SpecErrors, match="it is paid on the player's own cards"):
        load_variant_text(base.replace("DEALT", ", house: [down, down, down]").replace("BET", required))
