"""A hand nobody saw is not told: a winner whose rivals mucked wins without showing, and
the other seats (and a spectator) read that he wins the pot, not with what (an audit's
finding: the table said "Cat wins 10 from the pot with king-jack-eight-six-three low",
giving away his two face-down cards)."""

from __future__ import annotations

from studrules import Hand, load_variant
from studrules.game.view import masked_events


def _mucked_to(seed: int) -> Hand:
    """Razz heads-up, checked and called to the showdown, where the first player asked mucks."""
    hand = Hand(load_variant("razz"), ["Ann", "Bob"], 100, seed=seed)
    while not hand.is_over:
        if any(la.action == "muck" for la in hand.legal_actions()):
            hand.apply(f"{hand.to_act} muck")
        else:
            hand.apply(hand.default_action())
    return hand


def test_a_winner_who_did_not_show_is_told_to_nobody_else():
    hand = _mucked_to(3)
    (muck,) = [e for e in hand.events if e.type == "muck"]
    (award,) = [e for e in hand.events if e.type == "award"]
    winner, loser = award.player, muck.player
    assert winner != loser and not any(e.type == "show" for e in hand.events)
    assert award.hand is not None  # (the history keeps every card and word)
    said = {p: [e for e in hand.view(p).events if e.type == "award"] for p in (winner, loser)}
    assert said[winner][0].hand == award.hand  # (his own hand he knows)
    assert said[loser][0].hand is None and said[loser][0].amount == award.amount
    assert [e.hand for e in masked_events(hand.events, "") if e.type == "award"] == [None]
    assert hand.view(loser).events == tuple(masked_events(hand.events, loser))


def test_a_winner_who_showed_is_told_to_everybody():
    hand = Hand(load_variant("razz"), ["Ann", "Bob"], 100, seed=3)
    while not hand.is_over:
        hand.apply(hand.default_action())  # (the first hand shown; the second too, or mucked, as the rules go)
    (award,) = [e for e in hand.events if e.type == "award"]
    assert any(e.type == "show" and e.player == award.player for e in hand.events)
    for p in ("Ann", "Bob"):
        assert [e.hand for e in hand.view(p).events if e.type == "award"] == [award.hand]
