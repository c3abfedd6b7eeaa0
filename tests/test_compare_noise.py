"""`compare` with few deals: one deal gives no interval, and a few give the
wide ones Student's t and Wilson's score interval give, not certainty.

The deals are played by hand (compare_support.py) under the made-up
bring-in game with antes (A) and without (B); the intervals are worked out
below from the chips."""

from __future__ import annotations

import math

import pytest
from compare_support import EVERYONE_FOLDS, TO_THE_SHOWDOWN, WITH_ANTE, WITHOUT_ANTE, compared

from studrules.analysis.compare_report import format_report
from studrules.analysis.compare_summary import plain_summary
from studrules.analysis.intervals import t_quantile

FOLDS = (WITH_ANTE, EVERYONE_FOLDS, WITHOUT_ANTE, EVERYONE_FOLDS)
SHOWDOWN = (WITH_ANTE, TO_THE_SHOWDOWN, WITHOUT_ANTE, EVERYONE_FOLDS)


def test_one_deal_gives_no_interval_and_claims_nothing_beyond_the_noise():
    # everyone folds to P2's bring-in: with antes the pot is 3 + 1 = 4 chips, without 1: B - A
    # is -3, and P2 nets +2 under A, 0 under B (P1 and P3: -1 and 0). One deal: no interval.
    c = compared(FOLDS)
    pot = c.pot.difference
    assert (pot.mean, pot.low, pot.high, pot.n) == (-3, None, None, 1)
    assert all(p.difference.low is None and p.difference.high is None for p in c.net_by_seat.values())
    assert (c.winner_changes.count, c.winner_changes.of, c.winner_changes.low) == (0, 1, None)
    assert c.to_dict()["pot"]["difference"]["ci95"] is None
    text = format_report(c)
    summary = plain_summary(c)
    assert "95% interval" not in summary and "beyond the noise," not in summary
    assert "one deal gives no interval" in summary and "in the one deal played (no interval)" in summary
    assert "-3 (no interval: 1 deal)" in text and "(-3 to -3)" not in text
    assert text.splitlines()[1].startswith("1 deal, seed 0;")


def test_two_deals_give_student_s_interval_not_the_normal_one():
    # P2 nets +2 then +3 under A (the folds; the showdown: 3 antes + 1 + 1 = 5, 2 of them his)
    # and 0 both times under B: B - A is -2 and -3. Mean -2.5; the spread of two values a
    # chip apart is sqrt(((-2 + 2.5)^2 + (-3 + 2.5)^2) / 1) = sqrt(0.5), its standard error
    # sqrt(0.5 / 2) = 0.5; t(0.975, 1 degree of freedom) = 12.7062: -2.5 +- 6.3531, which
    # includes 0 (the normal 1.96 would give -3.48 to -1.52, and a claim).
    c = compared(FOLDS, SHOWDOWN)
    p2 = c.net_by_seat["P2"].difference
    assert p2.mean == -2.5 and p2.n == 2
    assert p2.low == pytest.approx(-2.5 - 6.3531, abs=1e-4) and p2.high == pytest.approx(-2.5 + 6.3531, abs=1e-4)
    assert "P2" not in plain_summary(c).split(". ")[0].split("largest change")[0]
    # the winner never changes (P2 both times): 0 of 2, whose Wilson interval reaches
    # z^2 / (n + z^2) = 3.8415 / 5.8415 = 65.76%; P3 acts otherwise in the second deal alone:
    # 1 of 2, 50% +- 1.96 * sqrt(0.25 / 2 + 3.8415 / 16) / (1 + 3.8415 / 2) = 50% +- 40.55%
    assert (c.winner_changes.low, round(c.winner_changes.high, 2)) == (0.0, 65.76)
    assert (round(c.play_changes.low, 2), round(c.play_changes.high, 2)) == (9.45, 90.55)


def test_a_few_deals_of_one_same_difference_claim_nothing_and_thirty_give_a_point():
    # an audit's finding: two deals that happened to give the same difference had a spread of
    # zero, so Student's interval was the point itself and the summary claimed "beyond the noise"
    # from two deals. The same folds twice: the pot is 3 chips smaller under B both times and P2
    # nets -2 both times; too few equal deals give no interval, and nothing is claimed.
    c = compared(FOLDS, FOLDS)
    pot, p2 = c.pot.difference, c.net_by_seat["P2"].difference
    assert (pot.mean, pot.low, pot.high, pot.n) == (-3, None, None, 2)
    assert (p2.mean, p2.low, p2.high) == (-2, None, None)
    summary = plain_summary(c)
    assert "beyond the noise" not in summary.replace("beyond the noise of", "")
    assert (
        "2 deals of one same value give no interval" in summary
        and "in each of the 2 deals (too few to tell)" in summary
    )
    assert "-3 (no interval: 2 equal deals)" in format_report(c)
    # thirty such deals: a rule that gives every deal the same chips, an interval of no width
    c = compared(*[FOLDS] * 30)
    assert (c.pot.difference.low, c.pot.difference.high) == (-3, -3)
    assert "beyond the noise" in plain_summary(c)


def test_the_t_quantile_is_that_of_student_s_t():
    # the published 97.5% points: 12.706 (1 degree of freedom), 4.303 (2), 2.228 (10), 2.042 (30),
    # 2.000 (60), 1.984 (100); and the normal 1.960 in the limit
    assert [round(t_quantile(df), 3) for df in (1, 2, 10, 30, 60, 100)] == [12.706, 4.303, 2.228, 2.042, 2.0, 1.984]
    assert math.isclose(t_quantile(10**9), 1.959964, abs_tol=1e-6)


def test_a_rate_of_none_or_every_deal_ends_its_interval_at_exactly_0_or_100():
    # Wilson's interval of 0 in 1,000 runs from 0 to z^2 / (n + z^2) = 3.8415 / 1003.8415 = 0.383%
    from studrules.analysis.compare_report import _rate_text
    from studrules.analysis.compare_tally import _rate

    none, every = _rate(0, 1000), _rate(1000, 1000)
    assert (none.low, round(none.high, 3)) == (0.0, 0.383) and every.high == 100.0
    assert _rate_text(none) == "0% of 1,000 (0% to 0.383%)"
    assert _rate_text(every) == "100% of 1,000 (99.6% to 100%)"


def test_how_often_the_showdown_is_reached_is_a_rate_not_yet_certain_from_two_deals():
    # both deals go to the showdown under A and neither under B (everyone folds): 2 of 2 and
    # 0 of 2, rates like any other, with Wilson's interval, not Student's t (whose spread of two
    # equal values is none: "100% (100% to 100%)"). 0 of 2 reaches z^2 / (n + z^2) = 3.8415 /
    # 5.8415 = 65.76%; 2 of 2 starts at 1 - 65.76% = 34.24% (Wilson's interval is symmetric in
    # p and 1 - p).
    c = compared(SHOWDOWN, SHOWDOWN)
    a, b = c.showdown.a, c.showdown.b
    assert (a.mean, round(a.low, 2), a.high, a.n) == (100.0, 34.24, 100.0, 2)
    assert (b.mean, b.low, round(b.high, 2), b.n) == (0.0, 0.0, 65.76, 2)
    assert "100% (34.2% to 100%)" in format_report(c)
