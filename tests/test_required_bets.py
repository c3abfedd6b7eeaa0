"""Side bets as data, beyond a position's choice: a bet every position makes at
his ante (``required``), one returned below its lines unless the house
qualifies and beats the hand (``below: push_unless_beaten``), and lines
paid at odds that are not to 1 (``3 to 2``, rounded down to the chip).
Outcomes are worked out by hand in the comments; the located errors name the
field in the text below."""

from __future__ import annotations

from fractions import Fraction

import pytest

from studrules.analysis.exact import analyze
from studrules.errors import SpecErrors
from studrules.game.hand import Hand
from studrules.spec.loader import load_variant, load_variant_text
from studrules.spec.wagers import odds_of, odds_words, paid

BASE = """
name: bonus-game
kind: banked
seats: {min: 1, max: 6}
stakes: {ante: 10, table_min: 5, table_max: 50}
steps:
  - ante: {amount: ante, min: table_min, max: table_max}
  - deal: {players: [down, down, down, down, down], house: [down, down, down, down, down]}
  - decision: {id: play, fold: true, raise: ante}
  - reveal: {who: house}
  - settle:
      qualify: house >= pair
      side_bets:
        bonus:
          amount: ante
          required: true
          below: push_unless_beaten
          pay_table: {straight: 1, flush: 3 to 2, full_house: 5}
"""


def _hand(player: str, house: str, action: str = "raise", **kw) -> Hand:
    h = Hand(load_variant_text(BASE), ["Ann"], 200, cards={"Ann": player, "house": house}, **kw)
    h.apply(f"Ann {action}")
    return h


def test_odds_read_and_paid():
    assert odds_of("3 to 2") == Fraction(3, 2) and odds_of(" 6 to 3 ") == 2 and odds_of(7) == 7
    assert odds_words(Fraction(3, 2)) == "3 to 2" and odds_words(4) == "4 to 1"
    assert paid(10, Fraction(3, 2)) == 15 and paid(5, Fraction(3, 2)) == 7 and paid(5, 4) == 20
    with pytest.raises(ValueError):
        odds_of("3/2")


def test_a_required_bet_is_staked_at_each_positions_own_ante():
    # Ann antes 20 (within 5 to 50): the bonus is 20 too, and so is her raise
    # (the decision's 'ante' is hers). Her flush (Ah 9h 7h 4h 2h) loses to the
    # house's full house (Kc Kd Ks 3c 3d): ante -20, raise -20, the bonus's
    # flush 3 to 2 on 20: +30. Net -10.
    h = _hand("Ah 9h 7h 4h 2h", "Kc Kd Ks 3c 3d", antes={"Ann": 20})
    assert h.result().net == {"Ann": -10}
    # with an ante of 15 the flush pays 22 (22.5 rounded down): -15 - 15 + 22 = -8
    h = _hand("Ah 9h 7h 4h 2h", "Kc Kd Ks 3c 3d", antes={"Ann": 15})
    assert h.result().net == {"Ann": -8}


def test_below_every_line_the_bet_is_lost_only_to_a_qualifying_house_hand_that_beats_it():
    # Ann's pair of queens against the house's pair of kings (it qualifies with
    # a pair): ante -10, raise -10, bonus -10.
    assert _hand("Qc Qd 7h 5s 2c", "Kc Kd 8h 6s 3d").result().net == {"Ann": -30}
    # against ace high the house does not qualify: the ante wins 1 to 1 (the
    # default), the raise is returned, the bonus returned: +10
    assert _hand("Qc Qd 7h 5s 2c", "Ac Jd 8h 6s 3d").result().net == {"Ann": 10}
    # Ann's pair of queens beats a pair of jacks: ante +10, raise +10, bonus returned: +20
    assert _hand("Qc Qd 7h 5s 2c", "Jc Jd 8h 6s 3d").result().net == {"Ann": 20}
    # Ann's king high loses to ace high, which does not qualify: the bonus is
    # not beaten by a qualifying hand, so it is returned; the ante wins: +10
    assert _hand("Kc Qd 7h 5s 2c", "Ac Jd 8h 6s 3d").result().net == {"Ann": 10}
    # folded, the ante and the bonus are lost: -20
    assert _hand("Qc Qd 7h 5s 2c", "Kc Kd 8h 6s 3d", "fold").result().net == {"Ann": -20}


def test_the_reason_says_what_the_bet_did():
    reason = _hand("Qc Qd 7h 5s 2c", "Jc Jd 8h 6s 3d").result().positions[0]["reason"]
    assert reason.endswith("; bonus 10 pushes")


def test_the_stack_covers_the_ante_twice_and_nobody_chooses_the_required_bet():
    v = load_variant_text(BASE)
    with pytest.raises(Exception, match="ante of 10 .*more than his stack of 19"):
        Hand(v, ["Ann"], 19, cards={"Ann": "Qc Qd 7h 5s 2c"})
    Hand(v, ["Ann"], 20, cards={"Ann": "Qc Qd 7h 5s 2c"})  # 10 and 10: covered
    with pytest.raises(ValueError, match="'bonus': every position makes it at his ante"):
        Hand(v, ["Ann"], 100, cards={"Ann": "Qc Qd 7h 5s 2c"}, side_bets={"Ann": {"bonus": 10}})


def _errors(text: str) -> list[tuple[int, str]]:
    with pytest.raises(SpecErrors) as caught:
        load_variant_text(text)
    return [(e.location.line, e.message) for e in caught.value.errors]


@pytest.mark.parametrize(
    "old, new, line, words",
    [
        # (the text starts with a newline: 'required: true' is line 16, the pay table's line 18)
        ("amount: ante\n", "amount: 5\n", 16, "is required: every position stakes his ante on it"),
        ("below: push_unless_beaten", "below: push_unless_beaten\n          pays: chips", 16, "not chips for one"),
        ("flush: 3 to 2", "flush: 3/2", 18, "odds are a whole number (to 1) or 'A to B'"),
        ("flush: 3 to 2", "flush: 3 to 0", 18, "odds are a whole number (to 1) or 'A to B'"),
    ],
)
def test_what_the_bets_cannot_be_is_a_located_error(old, new, line, words):
    found = _errors(BASE.replace(old, new))
    assert any(at == line and words in message for at, message in found), found


def test_push_unless_beaten_needs_a_house_hand():
    text = (
        BASE.replace("  - reveal: {who: house}\n", "")
        .replace(", house: [down, down, down, down, down]", "")
        .replace("qualify: house >= pair", "against: pay_table\n      pay_table: {pair: 1}")
    )
    found = _errors(text)
    assert any("needs a house hand (against: house)" in message for _, message in found), found


@pytest.mark.soak  # some 6 s: every five-card hand against every other (Crazy 4 Poker's count runs by default)
def test_analyze_counts_the_required_bet_in_the_games_edge():
    # The required bet's lines are the game's own, and its wager one more
    # ante on every hand: the average wager is the ante, the bonus and the
    # raise (an ante) on every hand not folded.
    found = analyze(load_variant_text(BASE), optimal=True)
    folded = found.lines["fold"][0]
    assert found.average_wager == pytest.approx(2 + (1 - folded))
    assert "bonus: flush" in found.lines and "bonus: push" in found.lines
    assert not found.side_bets
    # what the lines leave, the bet loses: its lines are every situation, and all the lines the return
    assert sum(p for k, (p, _) in found.lines.items() if k.startswith("bonus: ")) == pytest.approx(1, abs=1e-12)
    assert sum(c for _, c in found.lines.values()) == pytest.approx(-found.house_edge, abs=1e-12)


def test_the_ante_line_names_the_bets_staked_beside_it():
    """The history said "Ann antes 20" while the bonus stood at 20 beside it; the line now names it,
    and then the side bets a position chooses (Crazy 4 Poker: the Super Bonus at his ante, the
    Queens Up as he stakes it; none chosen, none named)."""
    h = _hand("Ah 9h 7h 4h 2h", "Kc Kd Ks 3c 3d", antes={"Ann": 20})
    assert [e.describe() for e in h.events if e.type == "ante"] == ["Ann antes 20 with bonus 20"]
    crazy = load_variant("crazy-4-poker")
    h = Hand(crazy, ["Ann", "Bob"], 200, seed=1, side_bets={"Ann": {"queens_up": 5}, "Bob": {}})
    assert [e.describe() for e in h.events if e.type == "ante"] == [
        "Ann antes 10 with super_bonus 10 and queens_up 5",
        "Bob antes 10 with super_bonus 10",
    ]
