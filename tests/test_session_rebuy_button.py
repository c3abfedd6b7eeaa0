"""A player who busts and buys in again before the next hand keeps his turn to deal: the
button moves as if he had never left (he sat through no hand). One who sits a hand out
before buying in again lets the deal pass him, as any player out of the game does.

French five-card stud (ante 5). Hero starts with 5 chips and is dealt a high card against
Ann's four aces: his ante, all of his chips, is lost in the first hand."""

from __future__ import annotations

import pytest

from studrules.game import hand as hand_module
from studrules.game.policies import CheckCall
from studrules.table.session import Session

CARDS = {
    "Hero": ["2c", "3d", "4h", "7s", "9c"],
    "Ann": ["As", "Ad", "Ah", "Ac", "Kd"],
    "Bob": ["2d", "3h", "5c", "8s", "Jd"],
}


@pytest.fixture
def dealt(monkeypatch):
    """Each hand deals the players of CARDS their cards (those in the hand)."""
    real = hand_module.Hand

    class Dealt(real):
        def __init__(self, variant, players, *args, **kwargs):
            super().__init__(variant, players, *args, cards={p: CARDS[p] for p in players}, **kwargs)

    monkeypatch.setattr(hand_module, "Hand", Dealt)


def _session(players, stacks):
    return Session(
        ["five-card-stud-fr"],
        players,
        {p: CheckCall() for p in players},
        stacks=stacks,
        seed=1,
        may_buy_again=lambda name: name == "Hero",
    )


def test_heads_up_the_player_who_bought_in_again_deals_next(dealt):
    s = _session(["Hero", "Ann"], {"Hero": 5, "Ann": 200})
    first = s.play_next()
    # the first dealer sits at the right of the first player: Ann
    assert first.dealer == "Ann" and s.stacks["Hero"] == 0
    assert s.play_next() is None and s.waits()  # (heads-up: no hand until he buys in)
    s.rebuy("Hero", 100)
    assert s.play_next().dealer == "Hero"  # Ann dealt hand 1; the deal passes to Hero


def test_three_handed_he_keeps_his_deal_and_loses_it_by_sitting_a_hand_out(dealt):
    s = _session(["Hero", "Ann", "Bob"], {"Hero": 5, "Ann": 200, "Bob": 200})
    assert s.play_next().dealer == "Bob" and s.stacks["Hero"] == 0
    s.rebuy("Hero", 100)  # at once: Bob dealt, the deal passes clockwise to Hero
    assert s.play_next().dealer == "Hero"

    s = _session(["Hero", "Ann", "Bob"], {"Hero": 5, "Ann": 200, "Bob": 200})
    s.play_next()
    assert s.play_next().dealer == "Ann"  # he sits out hand 2; the deal passes him to Ann
    s.rebuy("Hero", 100)
    assert s.play_next().dealer == "Bob"  # and goes on from Ann clockwise
