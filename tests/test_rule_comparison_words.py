"""The words of the rule-comparison tools (explain, diff, compare), where an
audit of them as a game designer uses them found a formula shown raw, brackets
doubled, an internal name, or a comparison that means nothing. Each expected
phrase is worked out from the rule by hand."""

from __future__ import annotations

import pytest

from studrules.analysis.compare import compare
from studrules.analysis.diff import diff
from studrules.analysis.rulebook import explain
from studrules.cli.main import main
from studrules.errors import StudrulesError
from studrules.game.hand import Hand
from studrules.spec.loader import load_variant, load_variant_text


def flat(text: str) -> str:
    return " ".join(text.split())


def dealer_ante(amount: str):
    return load_variant_text(
        "extends: five-card-stud\nname: dealer-ante\nstakes: {ante: 2}\n"
        f"steps:\n  - ante: {{id: ante, who: dealer, amount: {amount}}}\n"
    )


def test_a_dealer_ante_of_so_much_a_player_reads_as_so_much_for_each_player():
    v = dealer_ante("ante * players")
    hand = Hand(v, ["Ann", "Bob", "Cat"], 100, seed=2)
    assert [(e.player, e.amount) for e in hand.events if e.type == "ante"] == [("Cat", 6)]  # 2 a player, 3 players
    book = flat(explain(v))
    assert "the dealer alone posts, for the whole table, an ante of 2 for each player dealt in." in book
    assert "ante * players" not in book
    rows = {(d.rule, d.b) for d in diff(dealer_ante("1"), v)}
    assert ("ante", "2 for each player dealt in") in rows


def test_a_dealer_ante_of_one_chip_a_player_does_not_read_the_players():
    book = flat(explain(dealer_ante("players")))
    assert "an ante of 1 for each player dealt in." in book
    assert "the players" not in book


def test_the_lowest_card_opener_who_exposes_it_reads_without_doubled_brackets():
    # the Russian home game's opener option: the player with the lowest card, hidden ones
    # included, speaks first and must turn that card up
    a = load_variant("five-card-stud-ru-home")
    b = load_variant("five-card-stud-ru-home", options={"opener": "lowest_card"})
    rows = {d.rule: d.b for d in diff(a, b)}
    assert rows["first to act"] == (
        "the player holding the lowest card (hidden cards included), who turns that card face up"
    )
    assert ") (" not in rows["first to act"]


@pytest.mark.parametrize("a, b", [("five-card-stud", "caribbean-stud-it"), ("caribbean-stud-it", "razz")])
def test_compare_refuses_a_pot_game_beside_a_game_against_the_house(capsys, tmp_path, a, b):
    # the pot game's chips are won from the other players, the house game's from the house:
    # the same deals under both say nothing of either's rules
    page = tmp_path / "compare.html"
    with pytest.raises(SystemExit) as stop:
        main(["compare", a, b, "-n", "5", "--html", str(page)])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    pot, house = (a, b) if b.startswith("caribbean") else (b, a)
    assert f"cannot compare {a} with {b}" in err
    assert f"{pot} is a pot game" in err and f"{house} a game against the house" in err
    assert "Traceback" not in err and not page.exists()
    with pytest.raises(StudrulesError, match="a pot game"):  # the library refuses too
        compare(load_variant(a), load_variant(b), deals=5, seed=0)


def test_a_ranking_is_named_as_players_name_it_not_by_its_file_name():
    # razz is won by the best ace-to-five low hand; the Cards section says "ace-to-five low" too
    razz = flat(explain(load_variant("razz")))
    assert "The best ace-to-five low hand wins the pot." in razz
    assert "ace to five" not in razz and "ranking wins" not in razz
    hi_lo = flat(explain(load_variant("seven-card-stud-hi-lo")))
    assert "the best high hand and the best qualifying eight-or-better low hand;" in hi_lo
    rows = {d.rule: (d.a, d.b) for d in diff(load_variant("seven-card-stud"), load_variant("razz"))}
    assert rows["ranking"] == ("high", "ace-to-five low")
    assert rows["hands"] == ("high", "ace-to-five low")


def test_a_pay_table_one_game_lacks_stays_together_in_the_diff():
    # Caribbean Stud pays the raise by a table of ten lines (pair 1:1 ... royal flush 100:1);
    # Three Card Poker has none, but an ante bonus and a pair plus table: each table's lines
    # follow one another, not interleaved line by line with the other game's
    rules = [d.rule for d in diff(load_variant("caribbean-stud-it"), load_variant("three-card-poker"))]
    raise_rows = [i for i, r in enumerate(rules) if r.startswith("raise pays on ")]
    bonus_rows = [i for i, r in enumerate(rules) if r.startswith("ante bonus on ")]
    assert len(raise_rows) == 10 and raise_rows == list(range(raise_rows[0], raise_rows[0] + 10))
    assert len(bonus_rows) == 3 and bonus_rows == list(range(bonus_rows[0], bonus_rows[0] + 3))
    assert rules[raise_rows[0]] == "raise pays on high card" and rules[raise_rows[-1]] == "raise pays on royal flush"


def test_the_diff_says_who_brings_in_when_the_low_card_is_all_in_in_words():
    # the file's no_bring_in: nobody brings in, the round's first player (the dealer's left)
    # opens and may check; its next_player: the next player with chips must bring in
    base = load_variant("five-card-stud")
    text = (
        "extends: five-card-stud\nname: no-bring-in-all-in\nsteps:\n  - betting:\n      id: round-1\n"
        "      bring_in: {who: lowest_up_card, tie_break: suit, amount: bring_in, low_card_all_in: no_bring_in}\n"
    )
    rows = {d.rule: (d.a, d.b) for d in diff(base, load_variant_text(text))}
    assert rows["bring-in player all in"] == (
        "the next player with chips brings in",
        "nobody brings in: the player at the dealer's left opens and may check",
    )


def test_the_diff_says_who_posts_an_ante_on_both_sides():
    # every player antes in five-card stud; the dealer alone, for the table, in the other file
    rows = {d.rule: (d.a, d.b) for d in diff(load_variant("five-card-stud"), dealer_ante("players"))}
    assert rows["ante posted by"] == ("every player", "the dealer, for the table")


def test_the_diff_words_a_qualifier_as_the_rule_book_does_not_as_cards():
    # the double-qualifier game: a high hand needs 9-9-8-8-5 (two pair, nines and eights with
    # a five) or better; caveman super's badugi K-Q-J-10 or better, four cards
    seven = load_variant("seven-card-stud")
    double = load_variant("variants/catalogue/7-card-stud-double-qualifier.yaml")
    rows = {d.rule: d.b for d in diff(seven, double)}
    assert rows["qualifiers"] == "high: two pair, nines and eights, five kicker or better"
    caveman = {d.rule: d.b for d in diff(seven, load_variant("variants/catalogue/caveman-super.yaml"))}
    assert caveman["qualifiers"] == "badugi: four-card badugi, K-Q-J-10 or better"
    assert "Kc Qd" not in caveman["qualifiers"]


def test_the_diff_says_who_stood_pat_stands_pat_in_words():
    # English Stud: who stands pat at the first twist stands pat at the second
    rows = {d.rule: d.b for d in diff(load_variant("seven-card-stud"), load_variant("english-stud"))}
    assert rows["a player who stood pat before (2)"] == "stands pat here too"


def test_simulate_names_the_ace_king_row_as_the_rule_book_does(capsys):
    # Caribbean Stud's house qualifies with ace-king or better; the report's row of those hands
    assert main(["simulate", "caribbean-stud-it", "-n", "200", "--seed", "1"]) == 0
    labels = [line.split()[0] for line in capsys.readouterr().out.splitlines() if "%" in line and line.startswith(" ")]
    assert "ace-king" in labels and "ace" not in labels


def test_the_diff_says_a_card_down_only_if_all_are_up_as_the_rule_book_does():
    # Mexican Poker: after the first two, each card comes face down if all the player's cards
    # are face up by then, else face up
    rows = {
        d.rule: d.b
        for d in diff(load_variant("seven-card-stud"), load_variant("variants/catalogue/mexican-poker.yaml"))
    }
    assert rows["deal 2"] == "players: down if all his cards are face up by then, else face up"


def test_a_rank_that_begins_with_a_vowel_sound_takes_an():
    # "When a eight is dealt face up", "the card after a ace up", "a A dealt up" were read
    follow_eight = load_variant_text("extends: follow-the-queen\nname: follow-the-eight\nwild: {follow: '8'}\n")
    assert "When an eight is dealt face up, the rank of the next card dealt face up is wild" in flat(
        explain(follow_eight)
    )
    follow_ace = load_variant_text("extends: follow-the-queen\nname: follow-the-ace\nwild: {follow: A}\n")
    rows = {(d.rule, d.b) for d in diff(load_variant("follow-the-queen"), follow_ace)}
    assert ("changing wild card", "the card after an ace up") in rows
    aces_up = load_variant_text("extends: baseball\nname: ace-baseball\nwhen_dealt_up: [{rank: A, deal: down}]\n")
    assert any(d.rule == "an A dealt up" for d in diff(load_variant("baseball"), aces_up))
