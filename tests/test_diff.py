"""`studrules diff`: rule sets compared by meaning, topic by topic.

Every expected difference between the five source-text variants is worked
out by hand from ../shared/RULES.md (rule numbers cited) and the variant files'
stated readings; "only real ones" is checked by listing what must *not* differ.
"""

from __future__ import annotations

import json
import textwrap

import pytest

from studrules.analysis.diff import MISSING, NO_ROUND, Difference, diff, diff_matrix, rules
from studrules.analysis.diff_report import SAME_NOW_HEADING, format_matrix
from studrules.cli.main import main
from studrules.spec.loader import load_variant, load_variant_text, shipped_variants

FR, HE, RU_HOME, RU_CASINO, IT = (
    "five-card-stud-fr",
    "five-card-stud-he",
    "five-card-stud-ru-home",
    "stud-ru-casino",
    "caribbean-stud-it",
)


def differences(a: str, b: str, *, options_a=None, options_b=None) -> dict[tuple[str, str], tuple[str, str]]:
    out = diff(load_variant(a, options=options_a), load_variant(b, options=options_b))
    return {(d.topic, d.rule): (d.a, d.b) for d in out}


def keys(d: dict) -> set:
    return set(d)


def topics(d: dict) -> set:
    return {t for t, _ in d}


@pytest.mark.parametrize("name", [p.stem for p in shipped_variants()])
def test_a_variant_against_itself_has_no_difference(name):
    v = load_variant(name)
    assert diff(v, v) == []
    assert diff(v, load_variant(name)) == []


# --- the five source texts, pair by pair -------------------------------------


def test_french_vs_hebrew_lists_exactly_the_four_differences():
    d = differences(FR, HE)
    # 000.1 ante = half the low limit; 001.2 ante about 1/5 of the low bet
    assert d[("stakes and forced bets", "ante")] == (
        "half the low limit (5)",
        "the larger of 1 and a fifth of the low limit (2)",
    )
    # 000.3 bring-in = the ante (5 at 10/20); 001.4 bring-in half the low bet (5 at 10/20): the same
    # chips, so no difference (it is listed apart: see test_equal_amounts_by_other_formulas_...)
    assert ("stakes and forced bets", "bring-in") not in d
    # 000.3 ties broken by suit; 001.4 ties to the player nearer the dealer
    assert d[("stakes and forced bets", "bring-in ties")] == (
        "by suit (spades highest)",
        "to the player nearest the dealer's left",
    )
    # 000.8 last raiser, else opener, else best visible; 001.8 the player who bet last
    fr_show, he_show = d[("showdown", "who shows first")]
    assert (
        fr_show.startswith("the last player to raise")
        and "opened the betting" in fr_show
        and "best visible hand" in fr_show
    )
    assert he_show.startswith("the last player to bet or raise")
    # 001.8 each player may show or muck (the French text names no mucking)
    assert d[("showdown", "mucking")][1].startswith("allowed")
    assert keys(d) == {
        ("stakes and forced bets", "ante"),
        ("stakes and forced bets", "bring-in ties"),
        ("showdown", "who shows first"),
        ("showdown", "mucking"),
    }


def test_equal_amounts_by_other_formulas_are_the_same_now_and_part_when_a_stake_changes():
    # French 000.1/000.3: bring-in = ante = low limit / 2 = 5 at a low limit of 10;
    # Hebrew 001.4: bring-in = low limit / 2 = 5. Equal chips now: flagged same_now, not a difference.
    same = [x for x in diff(load_variant(FR), load_variant(HE), same_now=True) if x.same_now]
    assert [(x.rule, x.a, x.b) for x in same] == [("bring-in", "equal to the ante (5)", "half the low limit (5)")]
    # set the French ante apart from the low limit (7): the bring-in follows the ante (7), the Hebrew
    # one stays half the low limit (5): now a difference
    d = diff(load_variant(FR, stakes={"ante": 7}), load_variant(HE), same_now=True)
    found = {(x.topic, x.rule): x for x in d}
    bring_in = found[("stakes and forced bets", "bring-in")]
    assert (bring_in.a, bring_in.b, bring_in.same_now) == ("equal to the ante (7)", "half the low limit (5)", False)


def test_a_literal_limit_and_a_formula_of_the_same_value_are_no_difference(tmp_path):
    # five-card-stud writes high_limit: 20 with low_limit: 10; a house file writes 2 * low_limit:
    # 20 chips either way, so rounds 3 and 4 bet the same; a different ante is a difference
    path = write(
        tmp_path,
        "kitchen",
        """        extends: five-card-stud
        name: kitchen
        stakes: {high_limit: 2 * low_limit, ante: 2}
        """,
    )
    a, b = load_variant("five-card-stud"), load_variant(path)
    assert [(x.rule, x.a, x.b) for x in diff(a, b)] == [("ante", "1", "2")]
    same = [(x.topic, x.rule, x.a, x.b) for x in diff(a, b, same_now=True) if x.same_now]
    assert same == [(f"round {n}", "bet size", "20", "twice the low limit (20)") for n in (3, 4)]
    # a low limit of 15 in both: 20 against 30, a difference
    d = diff(load_variant("five-card-stud", stakes={"low_limit": 15}), load_variant(path, stakes={"low_limit": 15}))
    assert ("round 3", "bet size", "20", "twice the low limit (30)") in [(x.topic, x.rule, x.a, x.b) for x in d]


def test_a_plain_number_where_the_other_takes_a_stake_of_that_number_is_the_same_now(tmp_path, capsys):
    # an audit's finding: the French round 1 bets the low limit (10); a copy writes bet: 10. Both
    # read "10", and diff said "no differences" though a low limit of 20 bets 20 against 10
    path = write(
        tmp_path,
        "lit",
        """        extends: five-card-stud-fr
        name: fr-lit
        steps:
          - betting: {id: round-1, bet: 10}
        """,
    )
    a, b = load_variant(FR), load_variant(path)
    assert diff(a, b) == []
    same = [(x.topic, x.rule, x.a, x.b) for x in diff(a, b, same_now=True) if x.same_now]
    assert same == [("round 1", "bet size", "the low limit (10)", "10")]
    parted = diff(load_variant(FR, stakes={"low_limit": 20}), load_variant(path, stakes={"low_limit": 20}))
    assert ("round 1", "bet size", "20", "10") in [(x.topic, x.rule, x.a, x.b) for x in parted]
    assert main(["diff", FR, str(path)]) == 0
    out = capsys.readouterr().out
    assert SAME_NOW_HEADING in out and "bet size  the low limit (10) | 10" in out


def test_french_vs_russian_home_game():
    d = differences(FR, RU_HOME)
    # 002.2 an equal ante by agreement (the file: 1 chip); 000.1 half the low limit
    assert d[("stakes and forced bets", "ante")] == ("half the low limit (5)", "1")
    # 002.3: no bring-in; the player after the dealer opens
    assert d[("stakes and forced bets", "bring-in")] == ("equal to the ante (5)", "none")
    assert d[("round 1", "first to act")] == (
        "the bring-in, then clockwise",
        "the player still in nearest the dealer's left",
    )
    # 002.1 and 002.5-6: two down, burn, a third down, then two up (three down, two up)
    assert d[("the deal", "cards per player")] == ("5 (1 down, 4 up)", "5 (3 down, 2 up)")
    assert d[("the deal", "deal 2")] == ("players: up", "burn 1; players: down")
    # 002.4: check in round 1 only when antes were posted; the file posts an ante of 1 before the deal
    assert d[("round 1", "checking")][1] == (
        "allowed: only when antes were posted before the deal, always so in this game"
    )
    # 002.9: no bet sizes; the file's default structure is no limit, raises unlimited (002.5 by agreement)
    assert d[("round 3", "structure")] == ("fixed limit", "no limit")
    assert d[("round 2", "raise cap")] == ("a bet and 3 raises", "no limit on raises")
    # 000.5 open pair on round 2; the home text has none
    assert d[("round 2", "exception")][1] == "none"
    # 002.8 equal hands go to the first shown (the last raiser); 000.9 split, odd chip nearest the dealer
    assert d[("ties and odd chips", "equal hands")] == ("split the pot", "the first shown takes the pot")
    # both: every hand still in is shown (neither text allows mucking)
    assert ("showdown", "mucking") not in d
    assert not topics(d) & {"players", "cards", "settlement", "void hands"}


def test_french_vs_russian_casino():
    d = differences(FR, RU_CASINO)
    # 003.3 bring-in usually twice the ante
    assert d[("stakes and forced bets", "bring-in")] == ("equal to the ante (5)", "twice the ante (2)")
    # 003.1 seven cards, two down and one up first; 003.4 five betting rounds
    assert d[("the deal", "cards per player")] == ("5 (1 down, 4 up)", "7 (3 down, 4 up)")
    assert d[("the deal", "deal 1")] == ("players: down, up", "players: down, down, up")
    assert d[("the deal", "betting rounds")] == ("4", "5")
    assert d[("round 5", "cards held")] == (NO_ROUND, "7 (3 down, 4 up)")
    # 003.7 the community card when the deck runs short
    assert "community card" in d[("the deal", "deal 5")][1]
    # 003.6 open pair on fourth street: the double limit (the file's high limit is twice the low)
    assert d[("round 2", "exception")][1].endswith(
        "bets and raises of twice the low limit (10); the rest of the round follows"
    )
    # showdown: the casino page names none, the file takes the last aggressor; 003.5 no muck rule -> file mucks
    assert ("showdown", "who shows first") in d
    # the same in both texts: suits break bring-in ties (000.3, 003.3), three raises (000.4, 003.6),
    # odd chip to the player nearest the dealer (000.9, 003.5), best visible hand first after round 1
    for same in [
        ("stakes and forced bets", "bring-in ties"),
        ("round 1", "raise cap"),
        ("round 2", "first to act"),
        ("ties and odd chips", "odd chip"),
        ("ties and odd chips", "equal hands"),
        ("cards", "suit order"),
    ]:
        assert same not in d
    # only the round 5 topic's first line, not a line per rule of the missing round
    assert [k for k in d if k[0] == "round 5"] == [("round 5", "cards held")]


def test_french_vs_italian_house_game():
    d = differences(FR, IT)
    # 004: players against the house, five cards down, the croupier's fifth up
    assert d[("players", "against")] == ("each other (one pot)", "the house (each hand against the house's)")
    assert d[("the deal", "cards per player")] == ("5 (1 down, 4 up)", "5 (5 down, 0 up)")
    assert d[("the deal", "house cards")] == (MISSING, "5 (4 down, 1 up)")
    # 004.6 fold or raise double the ante
    assert d[("decisions", "decision")] == (MISSING, "fold or raise twice the ante (20)")
    # 004.7 ace-king or better; antes at even money; 004.10 the standard pay table
    assert d[("settlement", "house qualifies with")] == (MISSING, "ace-king or better")
    assert d[("settlement", "house not qualified: ante")] == (MISSING, "paid at even money")
    assert d[("settlement", "raise pays on full house")] == (MISSING, "7 to 1")
    assert d[("settlement", "tie with the house")] == (MISSING, "bets returned")
    # 004.4 the croupier declares the game void when players share information
    assert d[("void hands", "dealer may declare void")] == (
        "no",
        "yes: when players exchange information about their hands",
    )
    # 004.2 antes between the table minimum and maximum
    assert d[("stakes and forced bets", "ante limits")] == (MISSING, "from 5 to 100")
    # both: wrong card count voids the hand; same suit order
    assert ("void hands", "wrong number of cards") not in d
    assert ("cards", "suit order") not in d


def test_hebrew_vs_russian_home_game():
    d = differences(HE, RU_HOME)
    assert d[("stakes and forced bets", "ante")] == ("the larger of 1 and a fifth of the low limit (2)", "1")
    assert d[("stakes and forced bets", "bring-in")] == ("half the low limit (5)", "none")
    # 001.8 bet last shows first; 002.8 "тот, кто последним повышал ставку", and 002 says
    # "повысить ставку" of an opening bet too: the last to bet or raise in both
    assert ("showdown", "who shows first") not in d
    # 001.8 muck allowed; 002 shows every hand
    assert d[("showdown", "mucking")] == (
        "allowed (a mucked hand gives up the pot)",
        "no: every hand still in is shown",
    )
    assert d[("ties and odd chips", "equal hands")] == ("split the pot", "the first shown takes the pot")
    assert d[("the deal", "deal 1")] == ("players: down, up", "players: down, down")
    assert d[("round 1", "structure")] == ("fixed limit", "no limit")
    assert not topics(d) & {"players", "cards", "settlement", "void hands"}


def test_hebrew_vs_russian_casino():
    d = differences(HE, RU_CASINO)
    assert d[("stakes and forced bets", "ante")] == ("the larger of 1 and a fifth of the low limit (2)", "1")
    assert d[("stakes and forced bets", "bring-in")] == ("half the low limit (5)", "twice the ante (2)")
    # 001.4 nearer the dealer; 003.3 suits count
    assert d[("stakes and forced bets", "bring-in ties")] == (
        "to the player nearest the dealer's left",
        "by suit (spades highest)",
    )
    assert d[("round 5", "cards held")] == (NO_ROUND, "7 (3 down, 4 up)")
    # both write the high limit as twice the low limit: 2 x 10 = 20 (Hebrew), 2 x 5 = 10 (Russian casino)
    assert d[("round 3", "bet size")] == ("twice the low limit (20)", "twice the low limit (10)")
    assert ("showdown", "who shows first") in d
    # both allow mucking, both split ties with the odd chip nearest the dealer, three raises
    for same in [
        ("showdown", "mucking"),
        ("ties and odd chips", "odd chip"),
        ("round 2", "raise cap"),
        ("round 2", "first to act"),
    ]:
        assert same not in d
    assert keys(d) == {
        ("players", "players"),
        ("stakes and forced bets", "ante"),
        ("stakes and forced bets", "bring-in"),
        ("stakes and forced bets", "bring-in ties"),
        ("the deal", "cards per player"),
        ("the deal", "betting rounds"),
        ("the deal", "deal 1"),
        ("the deal", "deal 5"),
        *((f"round {n}", "cards held") for n in range(1, 6)),
        *((f"round {n}", "bet size") for n in range(1, 5)),
        ("round 2", "exception"),
        # 001: "לא לעשות כלום(check), להעלות או לפרוש": the Hebrew text lets a player fold facing no bet
        *((f"round {n}", "folding") for n in range(2, 5)),
        ("showdown", "who shows first"),
    }


def test_hebrew_vs_italian_house_game():
    d = differences(HE, IT)
    assert d[("players", "against")][1].startswith("the house")
    assert d[("stakes and forced bets", "bring-in")] == ("half the low limit (5)", "none")
    assert d[("settlement", "house qualifies with")] == (MISSING, "ace-king or better")
    # the house game has no betting round: said once, no line per round
    assert d[("the deal", "betting rounds")] == ("4", "none")
    assert not any(topic.startswith("round ") for topic in topics(d))
    assert d[("showdown", "who shows first")][1] == MISSING


def test_russian_home_vs_russian_casino():
    d = differences(RU_HOME, RU_CASINO)
    # 002.3 the player after the dealer opens; 003.3 the lowest up card brings in
    assert d[("round 1", "first to act")] == (
        "the player still in nearest the dealer's left",
        "the bring-in, then clockwise",
    )
    assert d[("stakes and forced bets", "bring-in by")] == (MISSING, "the lowest up card (aces high)")
    # 002.5 burn and a third card down; 003.1 up cards after the first deal
    assert d[("the deal", "deal 2")] == ("burn 1; players: down", "players: up")
    assert d[("the deal", "cards per player")] == ("5 (3 down, 2 up)", "7 (3 down, 4 up)")
    # 002.8 first shown wins ties; 003.5 split, odd chip nearest the button
    assert d[("ties and odd chips", "odd chip")] == (
        MISSING + " (pots are not split)",
        "the player nearest the dealer's left",
    )
    assert d[("round 4", "structure")] == ("no limit", "fixed limit")
    # both: a plain ante of 1, dead; same suits
    assert ("stakes and forced bets", "ante") not in d
    assert ("cards", "suit order") not in d


def test_russian_home_vs_italian_house_game():
    d = differences(RU_HOME, IT)
    assert d[("stakes and forced bets", "ante")] == ("1", "10")
    assert d[("decisions", "decision")] == (MISSING, "fold or raise twice the ante (20)")
    assert d[("settlement", "winner")] == ("the best hand takes the pot", "each hand against the house")


def test_russian_casino_vs_italian_house_game():
    d = differences(RU_CASINO, IT)
    assert d[("the deal", "cards per player")] == ("7 (3 down, 4 up)", "5 (5 down, 0 up)")
    assert d[("the deal", "betting rounds")] == ("5", "none")
    assert ("round 5", "cards held") not in d
    assert d[("players", "players")] == ("2 to 8", "1 to 7")
    assert d[("void hands", "dealer may declare void")] == (
        "no",
        "yes: when players exchange information about their hands",
    )


# --- meaning, not text ---------------------------------------------------------


def write(tmp_path, name, text):
    path = tmp_path / f"{name}.yaml"
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def test_an_extends_copy_with_one_override_shows_exactly_that_difference(tmp_path):
    path = write(
        tmp_path,
        "muck",
        f"""\
        extends: {FR}
        name: fr-with-muck
        title: French rules, losers may muck
        steps:
          - showdown: {{id: showdown, muck: true}}
        """,
    )
    assert diff(load_variant(FR), load_variant(path)) == [
        Difference(
            "showdown", "mucking", "no: every hand still in is shown", "allowed (a mucked hand gives up the pot)"
        )
    ]


def test_a_difference_inherited_through_extends_shows(tmp_path):
    parent = write(
        tmp_path,
        "parent",
        f"""\
        extends: {HE}
        name: he-suit
        title: Hebrew rules, suits break bring-in ties
        steps:
          - betting: {{id: round-1, bring_in: {{tie_break: suit}}}}
        """,
    )
    child = write(
        tmp_path,
        "child",
        """\
        extends: parent.yaml
        name: he-suit-child
        title: a child that changes nothing
        """,
    )
    d = differences(HE, str(child))
    assert keys(d) == {("stakes and forced bets", "bring-in ties")}
    assert diff(load_variant(parent), load_variant(child)) == []


def test_the_same_rule_written_differently_shows_no_difference(tmp_path):
    # "2 * ante" vs "ante * 2", "2 * low_limit" vs "low_limit * 2", and fields
    # written out with their default values
    path = write(
        tmp_path,
        "same",
        f"""\
        extends: {RU_CASINO}
        name: casino-rewritten
        title: the casino page, written another way
        stakes:
          bring_in: ante * 2
          high_limit: (low_limit * 2)
        steps:
          - ante: {{id: ante, dead: true}}
          - betting: {{id: round-3, structure: fixed_limit, heads_up_uncapped: false, first_to_act: {{rule: best_visible}}}}
          - showdown: {{id: showdown, rankings: [high], compare: full}}
        """,
    )
    assert diff(load_variant(RU_CASINO), load_variant(path)) == []


def test_an_option_choice_shows():
    d = differences(HE, HE, options_b={"ante": "no"})
    # 001.2 "usually played with an ante": the option removes it
    assert d == {
        ("stakes and forced bets", "ante"): ("the larger of 1 and a fifth of the low limit (2)", "none"),
        ("stakes and forced bets", "ante posted by"): ("every player", MISSING),
        ("stakes and forced bets", "ante counts toward bets"): ("no (dead)", MISSING),
    }
    d = differences(RU_HOME, RU_HOME, options_b={"reraise": "forbidden"})
    assert keys(d) == {(f"round {n}", "raise cap") for n in range(1, 5)}
    assert d[("round 1", "raise cap")] == ("no limit on raises", "a bet and no raise")
    d = differences(RU_HOME, RU_HOME, options_b={"opener": "lowest_card"})
    assert d[("round 1", "first to act")] == (
        "the player still in nearest the dealer's left",
        "the player holding the lowest card (hidden cards included), who turns that card face up",
    )
    assert d[("round 1", "first-to-act ties")] == (MISSING, "by suit (spades highest)")


def test_stakes_change_the_values_not_the_words():
    v = load_variant(FR)
    d = diff(v, v, stakes_b={"low_limit": 20})
    found = {(x.topic, x.rule): (x.a, x.b) for x in d}
    assert found[("stakes and forced bets", "ante")] == ("half the low limit (5)", "half the low limit (10)")
    assert found[("round 1", "bet size")] == ("10", "20")


def test_rules_are_grouped_by_topic_in_rule_book_order():
    order = []
    for r in rules(load_variant(RU_CASINO)):
        if r.topic not in order:
            order.append(r.topic)
    assert order == [
        "players",
        "cards",
        "wild cards",
        "stakes and forced bets",
        "the deal",
        "round 1",
        "round 2",
        "round 3",
        "round 4",
        "round 5",
        "showdown",
        "ties and odd chips",
        "settlement",
        "void hands",
    ]
    assert all(r.key == f"{r.topic}/{r.rule}" for r in rules(load_variant(RU_CASINO)))


def test_diff_matrix_marks_rules_that_differ():
    m = diff_matrix([load_variant(FR), load_variant(HE)])
    rows = {(t, r): values for t, r, values in m.rows}
    bring_in = ("stakes and forced bets", "bring-in", rows[("stakes and forced bets", "bring-in")])
    assert bring_in[2] == ("equal to the ante (5)", "half the low limit (5)")
    # 5 chips in both: the same now, not a difference
    assert m.same_now(bring_in) and not m.differs(bring_in)
    differing = {(t, r) for t, r, v in m.rows if m.differs((t, r, v))}
    assert differing == {(d.topic, d.rule) for d in diff(load_variant(FR), load_variant(HE))}


# --- the command line ---------------------------------------------------------------


def test_cli_diff_json(capsys):
    assert main(["diff", FR, HE, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {
        "topic": "stakes and forced bets",
        "rule": "bring-in",
        "a": "equal to the ante (5)",
        "b": "half the low limit (5)",
        "same_now": True,
    } in data
    assert all(set(x) == {"topic", "rule", "a", "b", "same_now"} for x in data)


def test_cli_diff_options_and_stakes_per_side(capsys):
    assert main(["diff", HE, HE, "--option-b", "ante=no", "--stake-a", "low_limit=20", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {
        "topic": "stakes and forced bets",
        "rule": "ante",
        "a": "the larger of 1 and a fifth of the low limit (4)",
        "b": "none",
        "same_now": False,
    } in data


def test_cli_diff_text_and_mistakes(capsys):
    assert main(["diff", FR, FR]) == 0
    assert "no differences" in capsys.readouterr().out
    assert main(["diff", FR, HE]) == 0
    out = capsys.readouterr().out
    differ, same_now = out.split(SAME_NOW_HEADING)
    assert "half the low limit (5) | the larger of 1 and a fifth of the low limit (2)" in differ
    # the same 5 chips by two formulas: listed after the heading only
    assert "equal to the ante (5) | half the low limit (5)" in same_now
    assert "equal to the ante" not in differ
    # one variant alone: a usage error (tests/test_cli_newcomer.py)
    assert main(["diff", FR, "no-such-variant"]) == 1
    assert "no variant 'no-such-variant'" in capsys.readouterr().err


def test_cli_diff_text_keeps_to_the_width_and_wraps_long_rules_under_a_and_b(capsys):
    assert main(["diff", FR, RU_CASINO]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert all(len(line) <= 100 for line in lines)
    # who shows first is long in both files: the rule alone, then A's and B's words wrapped
    i = lines.index("  who shows first")
    assert lines[i + 1].startswith("    A: the last player to raise")
    assert any(line.startswith("    B: the last player to bet or raise") for line in lines[i + 2 : i + 6])


def test_cli_diff_html_writes_a_page_and_never_overwrites_unasked(tmp_path, capsys):
    page = tmp_path / "fr-he.html"
    assert main(["diff", FR, HE, "--html", str(page)]) == 0
    text = page.read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>") and 'id="same-now"' in text and "a fifth of the low limit (2)" in text
    capsys.readouterr()
    page.write_text("mine", encoding="utf-8")
    assert main(["diff", FR, HE, "--html", str(page)]) == 1
    assert "--force" in capsys.readouterr().err and page.read_text(encoding="utf-8") == "mine"
    assert main(["diff", FR, HE, "--html", str(page), "--force"]) == 0
    assert page.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def test_diff_all_text_is_a_matrix_of_the_rules_that_differ_within_the_width():
    # three variants: each differing rule is one row of three marks, one letter per distinct value
    m = diff_matrix([load_variant(FR), load_variant(HE), load_variant(FR)])
    text = format_matrix(m, width=60)
    assert all(len(line) <= 60 for line in text.splitlines())
    rows = [line.rsplit(None, 1) for line in text.splitlines() if line.startswith("  ") and line[2] != " "]
    rows = [[rule.strip(), marks] for rule, marks in rows]
    # the ante: French half the low limit (a), Hebrew a fifth (b), French again (a)
    assert ["ante", "aba"] in rows
    # the bring-in is 5 chips in both: not a row; rules equal in all three: not rows either
    assert all(r[0] != "bring-in" for r in rows)
    assert len(rows) == sum(1 for r in m.rows if m.differs(r))


def test_cli_diff_all_json_lists_every_shipped_variant(capsys):
    assert main(["diff", "--all", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["variants"] == [p.stem for p in shipped_variants()]
    assert all(len(r["values"]) == len(data["variants"]) for r in data["rows"])
    assert any(r["differs"] for r in data["rows"])


def test_a_side_bet_s_stake_and_limits_are_compared_by_meaning_not_by_formula(tmp_path):
    # three-card-poker.yaml: pair_plus stakes `amount: pair_plus` (0 unless given) with no min or
    # max: 1 chip at least (the schema's default), no limit. A file that writes the default min
    # of 1 and stakes the same chips by a number says the same thing: no difference.
    same = tmp_path / "tcp-same.yaml"
    same.write_text(
        textwrap.dedent("""\
            extends: three-card-poker
            name: tcp-same
            steps:
              - settle:
                  id: settle
                  side_bets:
                    pair_plus: {amount: 0, min: 1, pay_table: {straight_flush: 40, three_of_a_kind: 30, straight: 6, flush: 4, pair: 1}}
            """),
        encoding="utf-8",
    )
    assert diff(load_variant("three-card-poker"), load_variant(str(same))) == []
    # a maximum of twice the ante: 20 chips at the file's ante of 10, against a plain 20: the same
    # at these stakes by another formula, listed apart (same_now), not as a difference
    twice = tmp_path / "tcp-twice.yaml"
    plain = tmp_path / "tcp-plain.yaml"
    for path, maximum in ((twice, "2 * ante"), (plain, "20")):
        path.write_text(
            str(same.read_text(encoding="utf-8"))
            .replace("tcp-same", path.stem)
            .replace("min: 1,", f"min: 1, max: '{maximum}',"),
            encoding="utf-8",
        )
    assert diff(load_variant(str(twice)), load_variant(str(plain))) == []
    (d,) = diff(load_variant(str(twice)), load_variant(str(plain)), same_now=True)
    assert (d.rule, d.a, d.b, d.same_now) == ("pair plus limits", "from 1 to twice the ante (20)", "from 1 to 20", True)


def test_a_pay_table_game_s_side_bets_and_payout_cap_are_rules_the_diff_and_the_rule_book_say():
    # Let It Ride with a cap of 5,000 chips and a side bet on the five cards: both are rules of
    # the settlement, whatever the hand is settled against (no house hand here)
    capped = load_variant_text(
        textwrap.dedent(
            """\
        extends: let-it-ride
        name: capped
        stakes: {bonus: 1}
        steps:
          - settle:
              id: settle
              max_payout: 5000
              side_bets:
                bonus: {amount: bonus, pay_table: {three_of_a_kind: 3}}
        """
        )
    )
    d = {(x.topic, x.rule): (x.a, x.b) for x in diff(load_variant("let-it-ride"), capped)}
    assert d[("settlement", "largest payout")] == ("no limit", "5000")
    assert d[("settlement", "side bet bonus")] == (MISSING, "staked 1; on a fold: lose")
    assert d[("settlement", "bonus pays on three of a kind")] == (MISSING, "3 to 1")
    from studrules.analysis.rulebook import explain

    assert "At most 5000 is paid to one position in one hand." in " ".join(explain(capped).split())


def test_the_odd_chip_s_suits_written_as_the_deck_s_order_say_what_leaving_them_out_says(tmp_path):
    # five-card-stud-fr.yaml's deck ranks suits clubs < diamonds < hearts < spades; odd_chip:
    # high_card_suit goes by the deck's order unless odd_chip_suits gives its own (the schema).
    # Writing the deck's own order is the same rule; the reverse order is another.
    def showdown(name: str, suits: str) -> object:
        path = tmp_path / f"{name}.yaml"
        path.write_text(
            f"extends: {FR}\nname: {name}\nsteps:\n  - showdown: {{id: showdown, odd_chip: high_card_suit{suits}}}\n",
            encoding="utf-8",
        )
        return load_variant(str(path))

    left_out = showdown("left-out", "")
    written = showdown("written", ", odd_chip_suits: [clubs, diamonds, hearts, spades]")
    reversed_ = showdown("reversed", ", odd_chip_suits: [spades, hearts, diamonds, clubs]")
    assert diff(left_out, written) == []
    (d,) = diff(left_out, reversed_)
    assert "(spades > hearts > diamonds > clubs for the odd chip)" in d.a
    assert "(clubs > diamonds > hearts > spades for the odd chip)" in d.b


def test_the_meter_a_progressive_s_shares_are_of_is_a_rule_at_the_stakes():
    # caribbean-stud-it's progressive (jackpot_100) pays the royal 100% of the meter, a stake of
    # 100,000 by default: at a meter of 200,000 the royal pays twice as much, a difference
    opts = {"progressive": "jackpot_100"}
    a = load_variant(IT, options=opts)
    b = load_variant(IT, options=opts, stakes={"meter": 200000})
    d = {(x.topic, x.rule): (x.a, x.b) for x in diff(a, b)}
    assert d == {("settlement", "progressive meter"): ("100000", "200000")}


def test_when_the_dealer_may_declare_a_hand_void_is_part_of_the_rule():
    # caribbean-stud-it.yaml: the croupier voids the hand "when players exchange information
    # about their hands"; a house that voids it when a card is exposed has another rule
    other = load_variant_text(
        f"extends: {IT}\nname: car-void\nvoid: {{wrong_card_count: true, declared: true, declared_when: a card is exposed}}\n"
    )
    d = {(x.topic, x.rule): (x.a, x.b) for x in diff(load_variant(IT), other)}
    assert d == {
        ("void hands", "dealer may declare void"): (
            "yes: when players exchange information about their hands",
            "yes: when a card is exposed",
        )
    }


def test_a_side_s_option_error_names_its_flag(capsys):
    # an audit's finding: "five-card-stud-fr: unknown option 'bogus'" did not say which side's
    # flag gave it (a stake's error did: "with --stake-b bring_in=30: ...")
    from cli_support import run

    code, _, err = run(capsys, "diff", FR, FR, "--option-b", "bogus=1")
    assert code == 1
    assert err.startswith("studrules: with --option-b bogus=1: five-card-stud-fr: unknown option 'bogus'")
    code, _, err = run(capsys, "compare", FR, HE, "--option-a", "open_fold=bogus", "-n", "2")
    assert code == 1 and err.startswith(
        "studrules: with --option-a open_fold=bogus: five-card-stud-fr: option 'open_fold'"
    )
