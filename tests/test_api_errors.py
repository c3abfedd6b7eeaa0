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
