"""Wrong arguments to the public API raise the library's own errors (a
:class:`~studrules.errors.StudrulesError`, saying what was expected), not a
Python error from deep inside: the README's promise for every error raised on
purpose."""

from __future__ import annotations

import pytest

from studrules import Hand, load_variant
from studrules.cards.evaluator import category_floor
from studrules.cards.rankings import get_ranking
from studrules.errors import IllegalActionError, StudrulesError


@pytest.mark.parametrize(
    ("call", "said"),
    [
        (lambda: get_ranking("nope"), "unknown ranking 'nope'"),  # (a ValueError and KeyError only)
        (lambda: category_floor("nope"), "'nope' is not a hand category"),  # (a ValueError)
        (lambda: Hand(load_variant("razz"), ["Ann", "Bob"], cards=["Ah"]), "cards map players"),  # AttributeError
        (lambda: load_variant("razz", options=["x"]), "options map names to values"),  # AttributeError
        (lambda: load_variant("razz", stakes=["x"]), "stakes map names to values"),  # AttributeError
        (lambda: Hand(load_variant("razz"), ["Ann", "Bob"], seed=1).cards_of("Zed"), "'Zed' is not in this hand"),
    ],
)
def test_a_wrong_argument_is_a_studrules_error_saying_what_is_expected(call, said):
    with pytest.raises(StudrulesError, match=said):
        call()


def test_an_action_with_an_amount_its_verb_does_not_take_is_refused():
    # Action('Bob', 'fold', 0) was played and written 'Bob fold 0', which no script or
    # history reads back ("'fold' takes no amount"); the same text is refused by Action.parse
    from studrules.game.actions import Action

    hand = Hand(load_variant("razz"), ["Ann", "Bob"], 100, seed=1)
    before = (list(hand.actions), list(hand.stacks))
    with pytest.raises(IllegalActionError, match="'fold' takes no amount"):
        hand.apply(Action(hand.to_act, "fold", 0))
    assert (list(hand.actions), list(hand.stacks)) == before


class _Quiet:
    """A policy class given where one of it was meant."""

    def act(self, view):
        return view.player + " check"


@pytest.mark.parametrize(
    ("call", "said"),
    [
        # an audit's findings: each was a TypeError, a seed no int gives, or a message of 8,831 characters
        (lambda: Hand(load_variant("razz"), ["Ann", "Bob"], seed="7"), r"seed is a whole number, .* not '7'"),
        (lambda: Hand(load_variant("razz"), ["Ann", "Bob"], seed=1.5), "not 1.5"),
        (lambda: load_variant(load_variant("razz")), "razz is loaded already: load_variant reads a name or a path"),
        (lambda: load_variant(None), "a variant is a shipped name or a path, not None"),
        (lambda: __import__("studrules").load_variant_text(None), "a variant's text is a string of YAML"),
        (
            lambda: __import__("studrules").Session(["razz"], ["Ann", "Bob"], {"Ann": _Quiet, "Bob": _Quiet()}),
            r"Ann's policy is the class _Quiet: give one of it, _Quiet\(\)",
        ),
        (
            lambda: __import__("studrules").Session(load_variant("razz"), ["Ann", "Bob"], {}),
            r"not the variant razz$",
        ),
    ],
)
def test_a_wrong_argument_an_audit_found_is_an_argument_error(call, said):
    from studrules.errors import ArgumentError

    with pytest.raises(ArgumentError, match=said):
        call()


def test_a_numpy_whole_number_seeds_as_the_int_does():
    np = pytest.importorskip("numpy")
    razz = load_variant("razz")
    assert Hand(razz, ["Ann", "Bob"], seed=np.int64(3)).cards == Hand(razz, ["Ann", "Bob"], seed=3).cards


@pytest.mark.parametrize(
    ("kwargs", "said"),
    [
        ({"labels": ("x",)}, r"labels are two names, A's and B's .*not \('x',\)"),  # (a ValueError)
        ({"policies": "check-call"}, r"policies are a list of bot names \(\['check-call'\]\)"),  # (bot 'c')
    ],
)
def test_compare_s_arguments_are_said_as_they_are_meant(kwargs, said):
    from studrules import compare
    from studrules.errors import ArgumentError

    with pytest.raises(ArgumentError, match=said):
        compare(load_variant("razz"), load_variant("seven-card-stud"), deals=10, seed=1, **kwargs)


def test_compare_takes_its_two_labels_from_any_iterable():
    # a review's finding: a generator of two names, taken before, was refused with a TypeError
    from studrules import compare

    c = compare(load_variant("razz"), load_variant("seven-card-stud"), deals=4, seed=1, labels=iter(("ours", "theirs")))
    assert (c.a.label, c.b.label) == ("ours", "theirs")


def test_a_variant_name_longer_than_any_path_is_said_shortly():
    # an audit's finding: a name of 100,000 characters was quoted whole (and matched against names)
    from studrules.errors import SpecError

    with pytest.raises(SpecError) as err:
        load_variant("x" * 100_000)
    assert len(str(err.value)) < 200 and "at most 4,096 characters" in str(err.value)
