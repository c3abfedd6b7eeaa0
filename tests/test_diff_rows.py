"""`studrules diff`: every rule that differs is listed, the rules that make a
game (wild cards, extra cards, draws, declarations, kills) and where its steps
fall are compared, in rule-book order, and each row says what the game allows
at its stakes and options.

Every expected value is read by hand from the two variant files named (the
file and field are cited); none is the program's own output pasted back.
"""

from __future__ import annotations

import textwrap

from studrules.analysis.diff import MISSING, Difference, diff, rules
from studrules.cli.main import main
from studrules.game.hand import Hand
from studrules.spec.loader import load_variant

CATALOGUE = "variants/catalogue"


def rows(a, b, *, options_a=None, options_b=None, stakes_a=None, stakes_b=None) -> dict:
    out = diff(
        load_variant(a, options=options_a, stakes=stakes_a),
        load_variant(b, options=options_b, stakes=stakes_b),
    )
    return {(d.topic, d.rule): (d.a, d.b) for d in out}


def of_topic(found: dict, topic: str) -> dict:
    return {rule: values for (t, rule), values in found.items() if t == topic}


def write(tmp_path, name, text):
    path = tmp_path / f"{name}.yaml"
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


# --- a topic one game lacks: every rule of it -----------------------------------------------------


def test_a_changing_wild_card_is_listed_not_only_the_wild_ranks():
    # follow-the-king.yaml: wild: {follow: K} and nothing else (kings themselves not wild, five of
    # a kind at the top by default); 7-card-stud.yaml: no wild cards
    found = rows(f"{CATALOGUE}/7-card-stud.yaml", f"{CATALOGUE}/follow-the-king.yaml")
    assert of_topic(found, "wild cards") == {
        "changing wild card": ("none", "the card after a king up"),
        "five of a kind": ("none", "the best hand"),
        # (the config's high_wild_bug: a wild card stands for no card the hand holds)
        "wild card in a flush": ("none", "the best card the hand lacks"),
    }


def test_every_card_dealt_up_that_asks_something_is_listed():
    # baseball.yaml, up_cards=four-bought-three-pays: a 4 up buys a down card for the low limit,
    # a 3 up costs the pot or a fold (deal: none); seven-card-stud.yaml has no when_dealt_up
    found = rows("seven-card-stud", "baseball", options_b={"up_cards": "four-bought-three-pays"})
    assert of_topic(found, "extra cards") == {
        "a 4 dealt up": (MISSING, "he may buy an extra card, face down, for the low limit"),
        "a 3 dealt up": (MISSING, "he pays the pot, or folds"),
    }


def test_a_kill_chosen_by_an_option_lists_the_killed_hand_s_stakes():
    # seven-card-stud-hi-lo.yaml, kill=scoop: legs 1, min_pot 5 * high_limit (20, from
    # seven-card-stud.yaml: 100), every stake doubled, no kill blind
    found = rows("seven-card-stud-hi-lo", "seven-card-stud-hi-lo", options_b={"kill": "scoop"})
    assert found == {
        ("kill pots", "legs"): (MISSING, "1 in a row, the last pot at least five times the high limit (100)"),
        ("kill pots", "killed ante"): (MISSING, "twice the ante"),
        ("kill pots", "killed bring in"): (MISSING, "twice the bring-in"),
        ("kill pots", "killed low limit"): (MISSING, "twice the low limit"),
        ("kill pots", "killed high limit"): (MISSING, "twice the high limit"),
        ("kill pots", "kill blind"): (MISSING, "none"),
    }


def test_every_decision_against_the_house_is_listed():
    # mississippi-stud.yaml: three decisions (third, fourth, fifth street), each fold or raise
    # from the ante (5) to 3 * ante in steps of the ante; five-card-stud has none
    found = rows("mississippi-stud", "five-card-stud")
    each = ("fold or raise from 5 to three times the ante (15), in steps of 5", MISSING)
    assert of_topic(found, "decisions") == {"decision": each, "decision 2": each, "decision 3": each}


def test_every_rule_of_a_draw_is_listed_with_where_it_comes():
    # super-stud.yaml: draw {discard: {min: 2, max: 2}, replace: false, after: round-1}, four down
    # and one up dealt before round 1 (third-street: [down, down, down, down, up]); no price
    found = rows(f"{CATALOGUE}/super-stud.yaml", f"{CATALOGUE}/7-card-stud.yaml")
    assert of_topic(found, "draws") == {
        "discard": ("exactly two of his face-down cards", MISSING),
        "replaced": ("no", MISSING),
        "price of a new card": ("free", MISSING),
        "a player who stood pat before": ("may draw here", MISSING),
        "comes": ("after round 1, each holding 5 cards", MISSING),
    }


def test_every_rule_of_a_declaration_is_listed():
    # 7-card-stud-hilo-declare.yaml: declare {mode: simultaneous, both: lose_all, per_pot: true,
    # before: showdown}: after the fifth round, seven cards dealt; the regular game declares nothing
    found = rows(f"{CATALOGUE}/7-card-stud-hilo-declare.yaml", f"{CATALOGUE}/7-card-stud-hilo-regular.yaml")
    assert of_topic(found, "declare") == {
        "declarations": ("all at once", MISSING),
        "declaring both": ("must win both ways or wins nothing", MISSING),
        "declarations per pot": ("one for each pot contested", MISSING),
        "comes": ("after round 5, each holding 7 cards", MISSING),
    }


# --- rules that were never compared ---------------------------------------------------------------


def test_the_followed_rank_wild_too_is_a_difference(tmp_path):
    path = write(
        tmp_path,
        "kings-too",
        """\
        extends: follow-the-king
        name: kings-too
        wild: {follow: K, follow_itself: true}
        """,
    )
    # follow_itself: every king is wild as well (follow-the-king.yaml: "the kings themselves are not wild")
    assert diff(load_variant("follow-the-king"), load_variant(path)) == [
        Difference("wild cards", "wild ranks", "none", "kings")
    ]


def test_wild_cards_counted_in_one_hand_of_a_split_pot_is_a_difference(tmp_path):
    deuces = write(tmp_path, "deuces", "extends: seven-card-stud-hi-lo\nname: deuces\nwild: {ranks: '2'}\n")
    high_only = write(
        tmp_path, "high-only", "extends: deuces.yaml\nname: high-only\nwild: {ranks: '2', rankings: [high]}\n"
    )
    # seven-card-stud-hi-lo.yaml's showdown: rankings [high, eight_or_better_low]
    assert diff(load_variant(deuces), load_variant(high_only)) == [
        Difference("wild cards", "wild cards count in", "every hand", "the high hand only")
    ]
    # counted in both hands, written out, says the same as the default
    both = write(
        tmp_path,
        "both",
        "extends: deuces.yaml\nname: both\nwild: {ranks: '2', rankings: [high, eight_or_better_low]}\n",
    )
    assert diff(load_variant(deuces), load_variant(both)) == []


def test_a_declaration_moved_before_the_last_card_is_a_difference(tmp_path):
    path = write(
        tmp_path,
        "declare-early",
        """\
        extends: 7-card-stud-hilo-declare
        name: declare-early
        steps:
          - declare: {id: declare, remove: true}
          - declare: {id: early, mode: simultaneous, both: lose_all, per_pot: true, before: seventh-street}
        """,
    )
    # seventh-street comes after round 4, six cards dealt by then (7-card-stud: 2 down + 1 up, then
    # three up streets); the file's own declaration comes after round 5, with seven
    assert diff(load_variant(f"{CATALOGUE}/7-card-stud-hilo-declare.yaml"), load_variant(path)) == [
        Difference("declare", "comes", "after round 5, each holding 7 cards", "after round 4, each holding 6 cards")
    ]


def test_a_buy_moved_a_round_earlier_is_a_difference(tmp_path):
    path = write(
        tmp_path,
        "early-twist",
        """\
        extends: english-stud
        name: early-twist
        steps:
          - draw: {id: twist-1, remove: true}
          - draw: {id: twist-0, discard: {max: 1}, from: any, face: same, price: low_limit, after: round-2}
        """,
    )
    # english-stud.yaml: three cards before round 1, one more before rounds 2 and 3 (five-card-stud's
    # streets, the fifth removed); twist-1 after round 3 (five cards), the early one after round 2 (four)
    assert diff(load_variant("english-stud"), load_variant(path)) == [
        Difference("draws", "comes", "after round 3, each holding 5 cards", "after round 2, each holding 4 cards")
    ]


# --- topics in rule-book order; rounds one game lacks ---------------------------------------------------


def test_the_rules_that_make_the_game_come_right_after_the_cards():
    v = load_variant("seven-card-stud-hi-lo", options={"kill": "scoop"})
    order = list(dict.fromkeys(r.topic for r in rules(v)))
    assert order[:5] == ["players", "cards", "wild cards", "kill pots", "stakes and forced bets"]
    found = diff(load_variant(f"{CATALOGUE}/super-stud.yaml"), load_variant(f"{CATALOGUE}/7-card-stud.yaml"))
    # super-stud.yaml: 2 to 5 players, a draw, four down and one up first; no open-pair exception
    assert list(dict.fromkeys(d.topic for d in found)) == ["players", "draws", "the deal", "round 1", "round 2"]


def test_a_game_against_the_house_shows_no_line_per_betting_round_it_lacks():
    found = rows("five-card-stud", "caribbean-stud-it")
    # five-card-stud: four betting rounds; caribbean-stud-it: a decision, no betting round
    assert found[("the deal", "betting rounds")] == ("4", "none")
    assert not [topic for topic, _ in found if topic.startswith("round ")]


# --- what each side allows, the header, the words ---------------------------------------------------------


def test_checking_and_folding_say_what_the_options_and_stakes_allow():
    # five-card-stud-ru-home.yaml round 1: check: antes_posted; an ante of 1 before the deal,
    # removed by antes=no. The text: without antes "the very first player must make a bet, and those
    # after him must answer it, raise or fold": one who may not check must bet
    found = rows("five-card-stud-ru-home", "five-card-stud-ru-home", options_b={"antes": "no"})
    assert found[("round 1", "checking")] == (
        "allowed: only when antes were posted before the deal, always so in this game",
        "never: only when antes were posted before the deal, never so in this game",
    )
    assert found[("round 1", "folding")] == (
        "only when facing a bet",
        "only when facing a bet (facing none, he must bet)",
    )
    for options, legal in (({}, ["check", "bet"]), ({"antes": "no"}, ["bet"])):
        hand = Hand(load_variant("five-card-stud-ru-home", options=options), ["A", "B", "C"], 1000, seed=1)
        assert [la.action for la in hand.legal_actions()] == legal
    # an ante of 0 chips posts nothing either: both sides then read the same
    found = rows("five-card-stud-ru-home", "five-card-stud-ru-home", options_b={"antes": "no"}, stakes_a={"ante": 0})
    assert ("round 1", "checking") not in found and ("round 1", "folding") not in found


def test_the_header_names_the_stakes_of_each_side(capsys):
    assert main(["diff", "five-card-stud-he", "five-card-stud-he", "--stake-b", "low_limit=20"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "five-card-stud-he | five-card-stud-he (low_limit=20)"
    args = ["diff", "five-card-stud-he", "five-card-stud-he", "--option-b", "ante=no", "--stake-a", "ante=3"]
    assert main(args) == 0
    assert capsys.readouterr().out.splitlines()[0] == "five-card-stud-he (ante=3) | five-card-stud-he (ante=no)"


def test_a_draw_from_any_card_reads_as_english():
    # english-stud.yaml twist-2: discard {max: 1}, from: any (a face-up card may go too)
    found = rows("seven-card-stud", "english-stud")
    assert found[("draws", "discard (2)")] == (MISSING, "up to one of his cards, face up or down")


def test_the_page_counts_one_more_rule_in_the_singular(tmp_path, capsys):
    # five-card-stud-fr against -he: four rules differ, one (the bring-in, 5 chips) is the same now
    page = tmp_path / "fr-he.html"
    assert main(["diff", "five-card-stud-fr", "five-card-stud-he", "--html", str(page)]) == 0
    text = page.read_text(encoding="utf-8")
    assert "4 rules differ; 1 more comes to the same chips at these stakes by other formulas." in text


def test_a_path_that_is_no_file_names_the_shipped_variant(capsys):
    assert main(["diff", "house/follow-the-queen", "razz"]) == 1
    err = capsys.readouterr().err
    assert "no such file; did you mean 'follow-the-queen'" in err
    assert "variants/house/follow-the-queen.yaml" in err


def test_a_round_where_nobody_may_check_says_never_in_the_diff_and_the_rule_book():
    # check: false (the schema: "a player facing no bet must bet") read as a condition's
    # sentence: "may check only when never" and "never: only when never, never so in this game"
    from studrules.analysis.rulebook import explain
    from studrules.spec.loader import load_variant_text

    text = "extends: seven-card-stud\nname: nocheck\nsteps:\n  - betting: {id: round-3, check: false}\n"
    mine = load_variant_text(text, file="nocheck.yaml")
    rows = {(r.rule, r.b) for r in diff(load_variant("seven-card-stud"), mine)}
    assert ("checking", "never") in rows
    book = " ".join(explain(mine).split())
    assert "may not check: he must bet (he may fold only when facing a bet)" in book and "only when never" not in book
