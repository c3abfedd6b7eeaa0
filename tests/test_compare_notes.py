"""What a comparison's report must say besides its figures (an audit's findings): that
the same deck dealt some seat other cards, that a kill never comes into play, a side bet
one game alone offers, a rate short of 100% not rounded to it, and no rule difference that
is none (`diff`, which the HTML report shows too)."""

from __future__ import annotations

import pytest

from studrules.analysis.compare import compare
from studrules.analysis.compare_report import format_report, html_report
from studrules.analysis.diff import diff
from studrules.spec.loader import load_variant


def _report(a, b, **kwargs) -> str:
    return format_report(compare(load_variant(a), load_variant(b, **kwargs), deals=60, seed=1, examples=0))


def test_a_card_burned_under_one_rule_set_alone_is_said_to_deal_other_hands():
    # the Russian home game burns a card before the second deal, the French game does not:
    # from the second card on, each seat still in holds other cards
    said = _report("five-card-stud-fr", "five-card-stud-ru-home")
    assert "of the deals a seat is dealt other cards under B than under A" in said


@pytest.mark.parametrize("b", ["five-card-stud-he", "five-card-stud-fr"])
def test_the_same_deals_of_the_same_cards_say_nothing_of_other_cards(b):
    # (a player who folds under one rule set alone changes who is dealt next: the play, not the cards)
    assert "dealt other cards" not in _report("five-card-stud-fr", b)


def test_a_kill_is_said_never_to_come_into_play():
    said = _report("seven-card-stud-hi-lo", "seven-card-stud-hi-lo", options={"kill": "scoop"})
    assert "The kill of B (seven-card-stud-hi-lo) is never set off: each deal is played on its own" in said
    assert "is never set off" not in _report("seven-card-stud-hi-lo", "razz")


def test_a_side_bet_of_one_game_alone_is_counted_and_said():
    # three-card poker offers pair plus; the six card bonus game adds its bonus bet
    a, b = load_variant("three-card-poker"), load_variant("three-card-poker-6-card-bonus")
    said = format_report(compare(a, b, deals=20, seed=1, exact=True, examples=0))
    assert "the six card bonus side bet's is" in said and "under B, which A does not offer" in said
    row = next(line for line in said.splitlines() if line.startswith("exact house edge of six card bonus"))
    assert "not offered" in row


def test_a_rate_short_of_all_the_deals_is_not_shown_as_100_per_cent():
    from studrules.analysis.report_html import percent_figures

    assert (percent_figures(99.95), percent_figures(-99.96, signed=True)) == ("99.95", "-99.96")
    assert percent_figures(100.0) == "100" and percent_figures(99.4) == "99.4"


def test_one_bot_at_every_seat_has_no_by_bot_table_in_the_html_either():
    v = load_variant("razz")
    page = html_report(compare(v, load_variant("seven-card-stud"), deals=10, seed=1, policies=["random"]), diff(v, v))
    assert "Chips won per deal, by bot" not in page
    two = compare(v, v, deals=10, seed=1, policies=["random", "check-call"])
    assert "Chips won per deal, by bot" in html_report(two, diff(v, v))


def test_diff_says_no_difference_where_the_rules_mean_the_same():
    # five-card stud and Canadian stud both bring in by the lowest up card, aces high, and
    # both count A-2-3-4-5 a straight (four-flush high keeps high poker's straights)
    rows = {(d.topic, d.rule) for d in diff(load_variant("five-card-stud"), load_variant("canadian-stud"))}
    assert ("stakes and forced bets", "bring-in by") not in rows
    assert ("cards", "ace in straights") not in rows
