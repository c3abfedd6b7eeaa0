"""Actions and legal actions: text forms and JSON shapes."""

from __future__ import annotations

import pytest

from studrules.errors import ScriptError
from studrules.game.actions import Action, LegalAction
from studrules.game.events import Event


@pytest.mark.parametrize(
    "text", ["Dan bring-in", "Ann complete 10", "Bob raise 20", "Cat fold", "Ann show", "dealer void"]
)
def test_action_text_round_trip(text: str) -> None:
    assert str(Action.parse(text)) == text


def test_action_parse_accepts_underscore_and_case() -> None:
    assert Action.parse("Dan BRING_IN") == Action("Dan", "bring-in")


@pytest.mark.parametrize(
    "text, words",
    [
        ("Ann", "PLAYER VERB"),
        ("Ann jump", "unknown action"),
        ("Ann raise ten", "whole number"),
        ("Ann fold 10", "takes no amount"),
        ("Ann raise -5", "negative"),
    ],
)
def test_bad_actions_are_script_errors(text: str, words: str) -> None:
    with pytest.raises(ScriptError, match=words):
        Action.parse(text)


@pytest.mark.parametrize("text, verb", [("Ann flod", "fold"), ("Ann raize 10", "raise"), ("Ann chek", "check")])
def test_a_misspelt_verb_gets_the_closest_one(text: str, verb: str) -> None:
    with pytest.raises(ScriptError, match=rf"\(did you mean '{verb}'\?\): the verbs are "):
        Action.parse(text)


def test_a_word_like_no_verb_gets_no_guess() -> None:
    # "all-in" is a bet, a raise or a call: no one verb to suggest
    with pytest.raises(ScriptError) as info:
        Action.parse("Ann all-in")
    assert "did you mean" not in info.value.message


def test_legal_action_shapes() -> None:
    assert LegalAction("call", amount=5).to_dict() == {"action": "call", "amount": 5}
    assert LegalAction("raise", to=(10, 15)).to_dict() == {"action": "raise", "to": [10, 15]}
    assert LegalAction("raise", min=10, max=95).to_dict() == {"action": "raise", "to": "10..95", "min": 10, "max": 95}
    assert LegalAction("check").to_dict() == {"action": "check"}
    assert LegalAction("raise", min=10, max=95).allows(50) and not LegalAction("raise", to=(10,)).allows(15)


def test_events_describe_themselves_as_a_player_would() -> None:
    assert Event("bring_in", "Dan", 1, amount=5, to=5).describe() == "Dan brings in for 5"
    assert Event("complete", "Ann", 1, amount=10, to=10).describe() == "Ann completes to 10"
    assert Event("raise", "Bob", 1, amount=20, to=20).describe() == "Bob raises to 20"
    assert Event("fold", "Cat", 1).to_dict() == {"type": "fold", "player": "Cat", "round": 1}


def test_an_action_object_with_a_word_its_verb_takes_none_of_is_refused_and_changes_nothing():
    # Action.parse refuses 'Bob bring-in x' as text; an Action made in Python (a server's
    # message) is held to the same rule, or the word would be written into the history
    from studrules.errors import IllegalActionError
    from studrules.game.hand import Hand
    from studrules.spec.examples import example_variant

    hand = Hand(example_variant("bring-in"), ["Ann", "Bob"], 100, cards={"Ann": ["Kd", "9c"], "Bob": ["Qs", "2c"]})
    with pytest.raises(IllegalActionError, match="'Bob bring-in x': 'bring-in' takes no word after it"):
        hand.apply(Action("Bob", "bring-in", word="x"))
    assert hand.actions == [] and hand.to_act == "Bob"
    hand.apply(Action("Bob", "bring-in"))
    assert [str(a) for a in hand.actions] == ["Bob bring-in"]
