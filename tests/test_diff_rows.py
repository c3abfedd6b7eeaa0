"""`studrules diff`: every rule that differs is listed, the rules that make a
game (wild cards, extra cards, draws, declarations, kills) and where its steps
fall are compared, in rule-book order, and each row says what the game allows
at its stakes and options.

Every expected value is read by hand from the two variant files named (the
file and field are cited); none is the program's own output pasted back.
"""

from __future__ import annotations

import textwrap

from studrules.analysis.diff import MISSING, diff, rules
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
    }


def test_every_card_dealt_up_that_asks_something_is_listed():
    # baseball.yaml, up_cards=four-bought-three-pays: a 4 up buys a down card for the low limit,
    # a 3 up costs the pot or a fold (deal: none); seven-card-stud.yaml has no when_dealt_up
    found = rows("seven-card-stud", "baseball", options_b={"up_cards": "four-bought-three-pays"})
    assert of_topic(found, "extra cards") == {
        "a 4 dealt up": (MISSING, "an extra card, face down, for the low limit"),
        "a 3 dealt up": (MISSING, "nothing, for the pot, or he folds"),
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


# --- rules that were never compared ---------------------------------------------------------------


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
