"""Turning cards up by choice (the expose step), on the house game Mexican
Stud (variants/house/mexican-stud.yaml): every card comes face down, and
before each betting round each player turns up one face-down card of his
choice, all at once; the highest up card brings in."""

from __future__ import annotations

import pytest

from studrules.errors import IllegalActionError, SpecErrors
from studrules.game.hand import Hand
from studrules.spec.loader import load_variant, load_variant_text

CARDS = {"Ann": "Kc 2d 9h 9s 3c", "Bob": "7c 7d Ah 4s 5c"}  # in the order received


def new_hand() -> Hand:
    return Hand(load_variant("mexican-stud"), list(CARDS), 200, seed=1, cards={p: c.split() for p, c in CARDS.items()})


def test_each_player_chooses_a_face_down_card_and_the_choices_show_together():
    hand = new_hand()
    assert hand.phase == "expose" and hand.to_act == "Ann"
    (legal,) = hand.legal_actions()
    assert legal.to_dict() == {"action": "expose", "choices": ["Kc", "2d"], "min": 1, "max": 1}
    with pytest.raises(IllegalActionError):
        hand.apply("Ann expose 7c")  # not her card
    hand.apply("Ann expose 2d")
    assert not [e for e in hand.view("Bob").events if e.type == "expose"]  # Bob cannot see her choice yet
    hand.apply("Bob expose 7d")
    shown = [(e.player, str(e.card)) for e in hand.events if e.type == "expose"]
    assert shown == [("Ann", "2d"), ("Bob", "7d")]
    # the highest up card brings in: Bob's seven against Ann's deuce
    assert hand.phase == "betting" and hand.to_act == "Bob"
    assert {a.action for a in hand.legal_actions()} >= {"bring-in"}


def test_the_chosen_hole_card_is_the_one_kept_hidden_to_the_showdown():
    hand = new_hand()
    for action in ("Ann expose 2d", "Bob expose 7d"):
        hand.apply(action)
    while not hand.is_over:
        if hand.phase == "expose":
            seat = hand.to_act
            hidden = {"Ann": "Kc", "Bob": "7c"}[seat]  # each keeps his first card down
            (legal,) = hand.legal_actions()
            hand.apply(f"{seat} expose {next(c for c in legal.choices if c != hidden)}")
        else:
            hand.check_or_call()
    up = hand.view("Ann").up_cards
    assert [str(c) for c in up["Ann"]] == ["2d", "9h", "9s", "3c"] and "Kc" not in map(str, up["Ann"])
    # Ann: a pair of nines; Bob: a pair of sevens: the nines win
    assert hand.result().net["Ann"] > 0


def test_an_expose_step_needs_face_down_cards_to_turn_up():
    with pytest.raises(SpecErrors) as err:
        load_variant_text(
            "extends: five-card-stud\nname: bad\nsteps:\n  - expose: {id: e, count: 2, after: second-street}\n"
        )
    assert "turns up 2 face-down cards, but holds only 1 face down by now" in str(err.value.errors[0])
