"""What a Hand is given from Python: an argument it cannot take is an ArgumentError (a
StudrulesError and a ValueError) that names the argument and says what it takes, not a
TypeError or AttributeError from inside, and never a hand played with it quietly."""

from __future__ import annotations

import pytest

import studrules
from studrules.analysis.exact import analyze
from studrules.analysis.simulate import simulate
from studrules.errors import ArgumentError, CardError, ScriptError, StudrulesError

FR = "five-card-stud-fr"  # ante 5, bring-in 5, limits 10/20 (variants/five-card-stud-fr.yaml)
P = ["Ann", "Bob"]


@pytest.fixture(scope="module")
def fr():
    return studrules.load_variant(FR)


@pytest.mark.parametrize(
    ("players", "message"),
    [
        (6, "players are a list of names, not 6"),
        ("Ann", "players are a list of names, not 'Ann'"),
        ({"Ann": 100, "Bob": 100}, "players are a list of names"),
    ],
)
def test_players_that_are_no_list_of_names(fr, players, message):
    with pytest.raises(ArgumentError, match=message):
        studrules.Hand(fr, players, 100)


@pytest.mark.parametrize(
    ("stacks", "message"),
    [
        ("100", "stacks are a whole number of chips, a list of them or a mapping by name, not '100'"),
        (True, "not True"),
        (2.5, "not 2.5"),
        ([100], "1 stacks for 2 players"),
        ([100, 0], "Bob's stack must be a positive whole number of chips, not 0"),
        ({"Ann": 100}, r"stacks must give every player: missing \['Bob'\]"),
    ],
)
def test_stacks_it_cannot_take(fr, stacks, message):
    with pytest.raises(ArgumentError, match=message):
        studrules.Hand(fr, P, stacks)


@pytest.mark.parametrize(
    ("stakes", "message"),
    [
        ({"antee": 3}, r"unknown stake 'antee': did you mean 'ante'\? stakes of five-card-stud-fr: low_limit"),
        ({"nope": 3}, "unknown stake 'nope'"),
        ({"ante": -5}, "stake 'ante' must be between 0 and 999,999,999, not -5"),
        ({"ante": "x"}, "stake 'ante' must be a whole number of chips, not 'x'"),
        ({"ante": 2.5}, "stake 'ante' must be a whole number of chips, not '2.5'"),
        (5, "stakes map each stake's name to its chips, not 5"),
    ],
)
def test_stakes_the_variant_cannot_take(fr, stakes, message):
    """As load_variant(stakes=...) refuses them: before, a name it did not have was
    ignored and a negative ante played as no ante at all."""
    with pytest.raises(ArgumentError, match=message):
        studrules.Hand(fr, P, 100, stakes=stakes)


def test_stakes_it_can_take_are_played(fr):
    hand = studrules.Hand(fr, P, 100, stakes={"ante": 7}, seed=1)
    assert hand.stacks == [93, 93]  # each antes 7 of his 100


@pytest.mark.parametrize(
    ("antes", "message"),
    [
        ({"Ann": -1}, "Ann's ante is a whole number of chips, 0 or more, not -1"),
        ({"Ann": "7"}, "Ann's ante is a whole number of chips, 0 or more, not '7'"),
        ({"Cy": 5}, "antes name players who are not in the hand: Cy"),
        ([3], r"antes map players to their antes, not \[3\]"),
    ],
)
def test_antes_it_cannot_take(fr, antes, message):
    """Before, Ann's ante of -1 was played as no ante while Bob anted 5."""
    with pytest.raises(ArgumentError, match=message):
        studrules.Hand(fr, P, 100, antes=antes)


def test_an_ante_given_is_played(fr):
    hand = studrules.Hand(fr, P, 100, antes={"Ann": 0}, seed=1)
    assert hand.stacks == [100, 95]  # Ann antes nothing, Bob the variant's 5


def test_a_name_given_for_the_variant_says_how_to_load_it():
    with pytest.raises(ArgumentError, match=r"Hand takes loaded variants: studrules\.load_variant\('five-card-stud'\)"):
        studrules.Hand("five-card-stud", P, 100)


def test_the_errors_are_the_projects_and_value_errors(fr):
    with pytest.raises(ArgumentError) as caught:
        studrules.Hand(fr, P, -5)
    assert isinstance(caught.value, StudrulesError) and isinstance(caught.value, ValueError)


def test_other_public_functions_say_what_they_take(fr):
    with pytest.raises(ArgumentError, match=r"phh_code takes loaded variants .*not 5"):
        studrules.phh_code(5)
    with pytest.raises(ScriptError, match="a hand script is a mapping, a path or YAML text, not 5"):
        studrules.play_script(5)
    with pytest.raises(CardError, match="5 is not a list of cards"):
        studrules.evaluate(5)


# ---------------------------------------------------------------- a session's arguments


def _bots(names):
    return {p: studrules.make_policy("check-call") for p in names}


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"variants": FR}, r"variants are a list of names, paths or loaded variants \(\['five-card-stud-fr'\]\)"),
        ({"variants": [5]}, "a session's games are names, paths or loaded variants"),
        ({"variants": []}, "a session needs at least one variant"),
        ({"players": 4}, "players are a list of names, not 4"),
        ({"players": ["Ann", "Ann"]}, "each player needs a different name"),
        ({"policies": ["x", "y"]}, "policies map each player's name to his policy"),
        ({"policies": {"Ann": 5, "Bob": 6}}, r"Ann's policy has no act\(view\)"),
        ({"stacks": "100"}, "stacks are a whole number of chips, a list of them or a mapping by name, not '100'"),
        ({"stacks": [100, -1]}, "Bob's stack must be a whole number of chips, not -1"),
        ({"stacks": {"Ann": 100}}, "stacks must give every player: missing Bob"),
        ({"hands": 0}, "hands is None or a whole number, 1 or more, not 0"),
        ({"hands": "x"}, "hands is None or a whole number, 1 or more, not 'x'"),
        ({"keep_hands": -1}, "keep_hands is None or a whole number, 0 or more, not -1"),
        ({"seed": [1]}, r"seed is None or a whole number, not \[1\]"),
        ({"stakes": {"antee": 5}}, r"no variant of the session has the stake antee \(did you mean 'ante'\?\)"),
        ({"options": {"nope": "x"}}, "no variant of the session has the option nope"),
        ({"stakes": 5}, "stakes map each name to its stake, not 5"),
    ],
)
def test_a_session_says_what_it_cannot_take(kwargs, message):
    """Before, a misspelt stake was ignored, a text of names was read letter by letter
    ('f' is no variant), and a policy without act() failed inside the first hand."""
    args = {"variants": [FR], "players": P, "policies": _bots(P), **kwargs}
    with pytest.raises(ArgumentError, match=message):
        studrules.Session(args.pop("variants"), args.pop("players"), args.pop("policies"), **args)


def test_a_session_plays_a_variant_given_by_its_path(tmp_path):
    from studrules.spec.resources import variants_dir

    session = studrules.Session([variants_dir() / f"{FR}.yaml"], P, _bots(P), hands=1, seed=3)
    session.play()
    assert session.played == 1 and session.variants[0].name == FR


def test_change_rules_says_what_it_cannot_take():
    session = studrules.Session([FR], P, _bots(P), hands=2, seed=3)
    with pytest.raises(ArgumentError, match="no variant of the session has the stake antee"):
        session.change_rules(["razz"], stakes={"antee": 1})
    with pytest.raises(ArgumentError, match="variants are a list"):
        session.change_rules("razz")
    assert [v.name for v in session.variants] == [FR]  # nothing changed


# ---------------------------------------------------------------- simulate, analyze and compare


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda v: simulate(v, "queen-six-four", "x", 1), "the number of hands must be a whole number from 1 to"),
        (lambda v: simulate(v, "queen-six-four", 2.5, 1), "not 2.5"),
        (lambda v: simulate(v, "queen-six-four", 10, "x"), "the seed must be a whole number 0 or more, not 'x'"),
        (
            lambda v: simulate(v, "queen-six-four", 10, 1, workers=0),
            "workers must be a whole number from 1 to 64, not 0",
        ),
        (lambda v: simulate(v, 5, 10, 1), "simulate takes a strategy's name, a path or studrules.load_strategy"),
        (lambda v: simulate(5, "queen-six-four", 10, 1), "simulate takes loaded variants"),
        (lambda v: analyze(5, studrules.load_strategy("queen-six-four")), "analyze takes loaded variants"),
        (lambda v: analyze(v, "queen-six-four"), "analyze takes a strategy loaded with studrules.load_strategy"),
    ],
)
def test_the_house_games_functions_say_what_they_take(call, message):
    """Before: 2.5 hands played as 2, 'x' was int()'s own message, and a number given for
    the variant or strategy failed inside with an AttributeError."""
    with pytest.raises(ArgumentError, match=message):
        call(studrules.load_variant("three-card-poker"))


def test_numpy_whole_numbers_are_whole_numbers():
    numpy = pytest.importorskip("numpy")
    result = simulate("three-card-poker", "queen-six-four", numpy.int64(1000), numpy.int64(2), workers=1)
    assert result.hands == 1000


def test_compare_names_the_players_it_cannot_seat(fr):
    with pytest.raises(ArgumentError, match="five-card-stud-fr is played by 2 to 10 players, not 'x'"):
        studrules.compare(fr, fr, deals=2, seed=1, players="x")


def test_apply_says_what_it_cannot_take(fr):
    hand = studrules.Hand(fr, P, 100, seed=1)
    with pytest.raises(studrules.IllegalActionError, match=r"5 is not an action: give an Action or its text"):
        hand.apply(5)
    assert hand.actions == []


def test_explain_refuses_stakes_the_variant_cannot_take(fr):
    """Before, explain(v, stakes={"antee": 1}) printed the book at the usual stakes."""
    with pytest.raises(ArgumentError, match="unknown stake 'antee': did you mean 'ante'"):
        studrules.explain(fr, stakes={"antee": 1})
    with pytest.raises(ArgumentError, match="stake 'ante' must be between 0"):
        studrules.explain(fr, stakes={"ante": -1})


def test_diff_matrix_takes_a_list(fr):
    with pytest.raises(ArgumentError, match="diff_matrix takes a list of loaded variants, not 5"):
        studrules.diff_matrix(5)
