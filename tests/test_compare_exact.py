"""compare --exact: two games against the house counted exactly, side by side.

The expected differences are worked out by hand from three-card hands
(C(52,3) = 22,100 of them): 48 straight flushes (4 suits x 12 runs, A-2-3 to
Q-K-A), 52 three of a kinds (13 x C(4,3)), 720 straights that are not
flushes (12 runs x 4^3, less the 48), and 1,096 flushes that are not
straights (4 x C(13,3) = 1,144, less the 48). The published edges of the
Pair Plus tables (the Wizard of Odds, "Three Card Poker": 2.32% for
40-30-6-4-1, 7.28% for 40-30-6-3-1) are checked too.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from studrules.analysis.compare import compare
from studrules.analysis.compare_exact import exact_pairs
from studrules.cli.main import main
from studrules.errors import StudrulesError
from studrules.spec.loader import load_variant

HANDS = 22_100
STRAIGHT_FLUSHES, TRIPS, STRAIGHTS, FLUSHES = 48, 52, 720, 1_096

# the Three Card Poker file with its ante bonus for a straight flush at 4 to 1 instead of 5
SF_AT_4 = """\
extends: three-card-poker
name: three-card-poker-sf-4
steps:
  - settle:
      id: settle
      ante_bonus: {straight_flush: 4}
"""

# Flush Rush with a payout cap, which analyze does not count
CAPPED = """\
extends: flush-rush
name: flush-rush-capped
steps:
  - settle:
      id: settle
      max_payout: 200
"""


def test_the_hand_counts_of_this_file_are_the_deck_s():
    assert STRAIGHT_FLUSHES + TRIPS + STRAIGHTS + FLUSHES < HANDS
    assert STRAIGHT_FLUSHES == 4 * 12 and 12 * 4**3 - STRAIGHT_FLUSHES == STRAIGHTS
    assert 4 * (13 * 12 * 11 // 6) - STRAIGHT_FLUSHES == FLUSHES and HANDS == 52 * 51 * 50 // 6


def test_a_side_bet_s_pay_table_changes_its_edge_by_the_line_s_chance_and_the_game_s_not_at_all():
    a = load_variant("three-card-poker")
    b = load_variant("three-card-poker", options={"pair_plus_table": "flush_3"})
    (pair,) = exact_pairs(a, b, ["strategy"])
    assert pair.strategy_a == pair.strategy_b == "queen-six-four"
    assert pair.difference == 0 and pair.a.house_edge == pytest.approx(0.033730, abs=5e-7)
    # a flush pays 3 instead of 4: one unit less for each of the 1,096 flushes, played or not
    ((name, change),) = pair.side_bet_differences().items()
    assert name == "pair_plus" and change == pytest.approx(float(Fraction(FLUSHES, HANDS)), abs=1e-12)
    assert round(pair.a.side_bets["pair_plus"]["house_edge"], 4) == 0.0232
    assert round(pair.b.side_bets["pair_plus"]["house_edge"], 4) == 0.0728
    # where it comes from: the flush line alone, 4 x 1,096 / 22,100 of the stake then 3 x
    ((line, (x, y, d)),) = pair.line_differences().items()
    assert line == "pair_plus: flush"
    assert (x, y, d) == pytest.approx((4 * FLUSHES / HANDS, 3 * FLUSHES / HANDS, -FLUSHES / HANDS), abs=1e-12)


def test_an_ante_bonus_line_one_lower_costs_the_player_its_chance(tmp_path):
    """Every straight flush beats queen-six-four, so every one is played and paid its ante
    bonus: paying 4 instead of 5 raises the edge by 48 / 22,100 of the ante."""
    path = tmp_path / "sf4.yaml"
    path.write_text(SF_AT_4)
    a, b = load_variant("three-card-poker"), load_variant(path)
    c = compare(a, b, deals=50, seed=1, exact=True)
    (pair,) = c.exact
    assert pair.difference == pytest.approx(float(Fraction(STRAIGHT_FLUSHES, HANDS)), abs=1e-12)
    assert pair.a.average_wager == pair.b.average_wager
    # each ante bonus line apart, even two lines of the same odds (three of a kind and the straight flush at 4)
    lines = pair.b.lines
    assert lines["ante bonus: straight_flush"][0] == pytest.approx(STRAIGHT_FLUSHES / HANDS, abs=1e-12)
    assert lines["ante bonus: three_of_a_kind"][0] == pytest.approx(TRIPS / HANDS, abs=1e-12)
    assert lines["ante bonus: straight_flush"][1] == pytest.approx(4 * STRAIGHT_FLUSHES / HANDS, abs=1e-12)
    assert lines["ante bonus: straight"][0] == pytest.approx(STRAIGHTS / HANDS, abs=1e-12)
    # where the difference comes from: the straight flush's ante bonus alone, 5 then 4 units
    ((line, (x, y, d)),) = pair.line_differences().items()
    assert line == "ante bonus: straight_flush"
    sf = STRAIGHT_FLUSHES / HANDS
    assert (x, y, d) == pytest.approx((5 * sf, 4 * sf, -sf), abs=1e-12) and d == pytest.approx(-pair.difference)


def test_the_report_the_json_and_the_page_say_the_counts(tmp_path, capsys):
    path = tmp_path / "sf4.yaml"
    path.write_text(SF_AT_4)
    page = tmp_path / "c.html"
    argv = ["compare", "three-card-poker", str(path), "-n", "20", "--exact"]
    assert main([*argv, "--html", str(page)]) == 0
    out = capsys.readouterr().out
    assert "the house edge is 0.2172 points higher under B (3.5902% against 3.3730% of the ante)" in " ".join(
        out.split()
    )
    row = next(line for line in out.splitlines() if line.startswith("exact house edge, strategy bots"))
    assert row.split()[-1] == "+0.2172%"
    row = next(line for line in out.splitlines() if line.startswith("ante bonus: straight flush"))
    assert row.split()[-3:] == ["+0.010860", "+0.008688", "-0.002172"]
    assert "Counted exactly" in page.read_text()
    assert main([*argv, "--json"]) == 0
    (pair,) = json.loads(capsys.readouterr().out)["exact"]
    assert pair["bot"] == "strategy" and pair["a"]["strategy"] == "queen-six-four"
    assert pair["house_edge_difference"] == pytest.approx(STRAIGHT_FLUSHES / HANDS, abs=1e-12)
    assert pair["side_bet_differences"] == {"pair_plus": 0}
    assert list(pair["line_differences"]) == ["ante bonus: straight_flush"]
    # without --exact, no count and no key
    assert main(["compare", "three-card-poker", str(path), "-n", "5", "--json"]) == 0
    assert "exact" not in json.loads(capsys.readouterr().out)


def test_each_strategy_bot_is_counted_with_its_own_play():
    a = load_variant("three-card-poker")
    b = load_variant("three-card-poker", options={"pair_plus_table": "flush_3"})
    own, folds = exact_pairs(a, b, ["sensible", "strategy:fold", "sensible"])
    assert own.bot == "sensible" and own.strategy_a == "queen-six-four"
    # folding every hand loses the ante and nothing else, under both
    assert folds.strategy_a == folds.strategy_b == "fold" and folds.a.house_edge == folds.b.house_edge == 1


@pytest.mark.parametrize(
    "argv, message",
    [
        (["razz", "razz"], "--exact counts the house edge of games against the house; razz is a pot game"),
        (["three-card-poker", "three-card-poker", "--bots", "strategy,random"], "the random bot plays none"),
        (["three-card-poker", "three-card-poker", "--bots", "check-call"], "the check-call bot plays none"),
    ],
)
def test_what_cannot_be_counted_is_refused_before_any_deal(capsys, argv, message):
    with pytest.raises(SystemExit) as stopped:  # (a usage error, as argparse's own)
        main(["compare", *argv, "-n", "5", "--exact"])
    assert stopped.value.code == 2
    captured = capsys.readouterr()
    assert message in captured.err and "Traceback" not in captured.err and captured.out == ""


def test_a_game_analyze_refuses_is_named_and_no_deal_is_played(tmp_path, capsys):
    path = tmp_path / "capped.yaml"
    path.write_text(CAPPED)
    played = []
    # (the capped game as A: B, counted after it, would take seconds)
    with pytest.raises(StudrulesError, match=r"cannot count A \(flush-rush-capped\) exactly: .*payout cap"):
        compare(
            load_variant(path),
            load_variant("flush-rush"),
            deals=5,
            seed=0,
            exact=True,
            progress=lambda done, total: played.append(done),
        )
    assert played == []
    assert main(["compare", str(path), "flush-rush", "-n", "5", "--exact"]) == 1
    captured = capsys.readouterr()
    assert "payout cap" in captured.err and "Traceback" not in captured.err and captured.out == ""


def test_the_optimal_play_is_counted_too_and_loses_no_more_than_a_strategy(tmp_path):
    """A straight flush is played under either pay table (it beats every hand the house may
    qualify with but a higher straight flush), so the optimal play's edge moves by the same
    48 / 22,100 as queen-six-four's; and no strategy's edge is below the optimal play's."""
    path = tmp_path / "sf4.yaml"
    path.write_text(SF_AT_4)
    a, b = load_variant("three-card-poker"), load_variant(path)
    (best,) = compare(a, b, deals=20, seed=1, optimal=True, policies=["random"]).exact
    assert best.bot == "optimal" and best.who == "optimal play"
    assert best.difference == pytest.approx(STRAIGHT_FLUSHES / HANDS, abs=1e-12)
    played, best_again = exact_pairs(a, b, ["strategy"], optimal=True)
    assert best_again.a == best.a and best_again.b == best.b
    for strategy_count, optimal_count in ((played.a, best.a), (played.b, best.b)):
        assert optimal_count.house_edge <= strategy_count.house_edge + 1e-12


def test_optimal_alone_needs_no_strategy_bot_but_a_game_against_the_house(capsys):
    assert main(["compare", "three-card-poker", "three-card-poker", "-n", "5", "--optimal", "--bots", "random"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "each game played optimally, the house edge is 3.3730% of the ante under both" in out
    with pytest.raises(SystemExit):
        main(["compare", "razz", "razz", "-n", "5", "--optimal"])
    assert "--optimal counts the house edge of games against the house" in capsys.readouterr().err
