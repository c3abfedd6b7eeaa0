"""A seat of a browser table (:class:`Seat`), and what a person's turn does
when he does not act: his time runs out, or he is away (:func:`time_out_action`).

    >>> from studrules.spec.examples import example_variant
    >>> from studrules.game.hand import Hand
    >>> hand = Hand(example_variant("one-round"), ["Ann", "Bob"], 100, seed=1)
    >>> time_out_action(hand).verb  # nothing to call: he checks
    'check'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..game.actions import Action

__all__ = ["Seat", "AWAY_AFTER", "time_out_action"]

#: A person whose time runs out this many turns in a row sits out (away) until he is back.
AWAY_AFTER = 2


@dataclass
class Seat:
    """A seat: its number, the player's name, the hash of his secret token
    (``token`` itself is known only just after joining: it is given once),
    for a bot its kind, and the stack after the last hand."""

    number: int
    name: str
    key: str
    bot: str | None = None
    stack: int = 0
    token: str = ""
    leaving: bool = False  # stands up when the hand in play is over (his hand folded at his turn)
    away: bool = False  # sitting out: a person whose seat checks, else folds, at once until he is back
    missed: int = 0  # his turns in a row that ran out of time (AWAY_AFTER of them: away)
    gone_at: float | None = (
        None  # when his last page closed, or the server restarted (None: one is open, or he never had one)
    )
    seen: bool = False  # he has had a page open (since the server started)


def time_out_action(hand: Any) -> Action:
    """What a person's turn does when his time runs out, or he is away: check, else
    fold, else what the hand does by default (a show at the showdown...)."""
    legal = {la.action for la in hand.legal_actions()}
    player = hand.to_act
    if "check" in legal:
        return Action(player, "check")
    if "fold" in legal:
        return Action(player, "fold")
    action: Action = hand.default_action()
    return action
