"""The progressive jackpot side bet of caribbean-stud-it (the option
progressive=jackpot_500 or jackpot_100), settled by the engine.

The bet is paid on the player's five cards alone, "for one" (the chip is
collected either way): royal flush 100% of the meter, straight flush 10%,
then fixed chips (jackpot_500: four of a kind 500, full house 100, flush
50; jackpot_100: 100, 75, 50). Michael Shackleford, "The Wizard of Odds
Analyzes the New Casino Games" (Contingencies, Nov/Dec 2000), gives for his
table 1 (100/75/50) a break-even meter of $263,205.

Hand counts of the 2,598,960 five-card hands (by hand: royal 4, other
straight flushes 9 x 4 = 36, four of a kind 13 x 48 = 624, full house
13 x 4 x 12 x 6 = 3,744, flush 4 x C(13,5) - 40 = 5,108), so a bet of 1
returns (4M + 36 floor(M/10) + 624q + 3,744f + 5,108l) / 2,598,960 - 1 at a
meter M. At Shackleford's meter, 263,205, table 1 returns
(1,052,820 + 947,520 + 598,600) / 2,598,960 - 1 = -20 / 2,598,960: break-even.
"""

from __future__ import annotations

import itertools
import json
from functools import cache

import numpy as np
import pytest
from rules_support import net, play

from studrules.analysis.batch_settlement import side_bets_batch
from studrules.cards.batch import evaluate_batch
from studrules.errors import SpecErrors
from studrules.spec.loader import load_variant, load_variant_text
from studrules.spec.model import SettleStep

IT = "caribbean-stud-it"
HANDS = 2_598_960


def _exact_return(option: str, meter: int) -> float:
    """The bet's mean net per chip over every five-card hand, by the engine's batch settlement."""
    variant = load_variant(IT, options={"progressive": option}, stakes={"meter": meter})
    step = variant.steps_of(SettleStep)[0]
    five = np.array(list(itertools.combinations(range(52), 5)), dtype=np.int64)
    values = evaluate_batch(five, check=False)
    ((stake, won, _),) = side_bets_batch(
        step, player_value=values, played=np.ones(len(values), dtype=bool), env=variant.stake_values()
    ).values()
    return float(won.sum()) / HANDS / stake


@cache
def _every_hand() -> np.ndarray:
    five = np.array(list(itertools.combinations(range(52), 5)), dtype=np.int64)
    return evaluate_batch(five, check=False)


def test_every_five_card_hand_pays_the_progressive_as_the_hand_counts_say():
    meter = 100_000
    fixed = 624 * 500 + 3744 * 100 + 5108 * 50
    expected = (4 * meter + 36 * (meter // 10) + fixed) / HANDS - 1
    assert _exact_return("jackpot_500", meter) == pytest.approx(expected, abs=1e-12)


def test_shackleford_table_one_breaks_even_at_his_meter():
    assert _exact_return("jackpot_100", 263_205) == pytest.approx(-20 / HANDS, abs=1e-12)


def test_a_royal_flush_takes_the_meter_and_the_bet_stands_on_a_fold():
    # Ann folds a royal flush (a strange play): her ante of 10 is lost, the
    # progressive pays the meter of 100,000 for her chip, collected: -10 + 99,999.
    h = play(
        IT,
        {"Ann": "As Ks Qs Js Ts", "house": "2c 3d 4h 5c 7d"},
        ["Ann fold"],
        options={"progressive": "jackpot_500"},
        stacks=100,
    )
    assert net(h) == {"Ann": -10 + 100_000 - 1}
    # a full house raised against a house that does not qualify: ante +10,
    # raise returned, the progressive's 100 for the chip: +10 + 99
    h = play(
        IT,
        {"Ann": "9c 9d 9h 4s 4c", "house": "2c 3d 6h 8c Td"},
        ["Ann raise"],
        options={"progressive": "jackpot_500"},
        stacks=100,
    )
    assert net(h) == {"Ann": 10 + 99}
    # nothing paying: the chip is lost
    h = play(
        IT,
        {"Ann": "9c 9d 5h 4s 2c", "house": "2d 3d 6h 8c Td"},
        ["Ann raise"],
        options={"progressive": "jackpot_500"},
        stacks=100,
    )
    assert net(h) == {"Ann": 10 - 1}


def test_without_the_option_there_is_no_progressive_bet():
    assert not load_variant(IT).steps_of(SettleStep)[0].side_bets


BAD = """
name: bad-meter
kind: banked
seats: {min: 1, max: 7}
stakes: {ante: 10, jackpot: 1, meter: 5000}
steps:
  - ante: {amount: ante}
  - deal: {players: [down, down, down, down, down], house: [down, down, down, down, up]}
  - decision: {fold: true, raise: 2 * ante}
  - reveal: {who: house}
  - settle:
      qualify: house >= ace_king
      side_bets:
        jackpot: {amount: jackpot, pay_table: {flush: 50}, meter: meter, meter_share: {royal_flush: 100}}
"""


def test_a_meter_share_paid_as_odds_is_a_located_error_at_load():
    # a share of a meter is chips, not odds to 1: the bet must say pays: chips
    with pytest.raises(SpecErrors) as caught:
        load_variant_text(BAD)
    (error,) = caught.value.errors
    assert error.location.line == 14 and "needs pays: chips" in error.message
    # and a meter line the ranking does not know is located at its key
    with pytest.raises(SpecErrors) as caught:
        load_variant_text(BAD.replace("meter_share: {royal_flush", "pays: chips, meter_share: {royal_flsh"))
    assert any("'royal_flsh' is not a hand" in e.message for e in caught.value.errors)


def test_the_rule_book_says_the_meter_shares_and_that_the_bet_is_paid_for_one():
    from studrules.analysis.rulebook import explain

    text = " ".join(explain(load_variant(IT, options={"progressive": "jackpot_500"})).split())
    assert "royal flush 100% of the meter, straight flush 10% of the meter, four of a kind 500" in text
    assert "paid for one: the stake is collected either way" in text
    # a house that always plays (Four Card Poker) is not said to qualify "when always"
    four = " ".join(explain(load_variant("four-card-poker")).split())
    assert "The house always plays: it needs no qualifying hand." in four and "qualifies when" not in four


@pytest.mark.soak
def test_analyze_counts_the_progressive_as_the_hand_counts_say(capsys):
    # The bet stands on a fold, so its edge is the hand counts' alone, whatever the play;
    # at Shackleford's break-even meter table 1 loses 20 chips in 2,598,960 (see the top).
    from studrules.cli.main import main

    args = ["analyze", IT, "--strategy", "basic", "--option", "progressive=jackpot_100", "--json"]
    assert main([*args, "--stake", "meter=263205"]) == 0
    side = json.loads(capsys.readouterr().out)["side_bets"]["progressive"]
    assert side["house_edge"] == pytest.approx(20 / HANDS, abs=1e-12)
    # each line: its share of the hands times its net for the chip (royal: the meter less the chip)
    assert side["lines"]["royal_flush"]["probability"] == pytest.approx(4 / HANDS, abs=1e-15)
    assert side["lines"]["royal_flush"]["contribution"] == pytest.approx(4 / HANDS * 263_204, abs=1e-12)
    assert side["lines"]["full_house"]["contribution"] == pytest.approx(3744 / HANDS * 74, abs=1e-12)
    # table jackpot_500 at the default meter of 100,000
    assert main(["analyze", IT, "--optimal", "--option", "progressive=jackpot_500", "--json"]) == 0
    side = json.loads(capsys.readouterr().out)["side_bets"]["progressive"]
    fixed = 624 * 500 + 3744 * 100 + 5108 * 50
    expected = (4 * 100_000 + 36 * 10_000 + fixed) / HANDS - 1
    assert side["house_edge"] == pytest.approx(-expected, abs=1e-12)
