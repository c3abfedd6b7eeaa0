"""What a player needs to sit in a hand of a game: a session (:class:`~studrules.table.session.Session`)
leaves out, or sits out, one with fewer chips, and a comparison refuses stacks below it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["chips_needed"]


def chips_needed(variant: Any, ante: int | None = None, side_bets: Mapping[str, int] | None = None) -> int:
    """Chips a player needs to sit in a hand of ``variant``: 1 in a pot game; against the
    house, his ante (``ante``: the one he chose; else the game's), his side bets
    (``side_bets``: those he chose, by name, a bet not named not made; else the game's),
    each required bet (his ante again) and the least raise of every decision (each wager
    the hand may ask of him: Let It Ride's three equal bets, Mississippi Stud's ante and
    three raises of 1x).

    >>> from studrules.spec.loader import load_variant
    >>> chips_needed(load_variant("razz")), chips_needed(load_variant("three-card-poker"))
    (1, 20)
    """
    if not variant.is_banked:
        return 1
    from ..spec.model import AnteStep, DecisionStep
    from .settlement import required_bets, side_bet_stakes

    env = dict(variant.stake_values())
    side = sum(chips for _, chips in side_bet_stakes(variant, env, side_bets))
    steps = variant.steps_of(AnteStep)
    if ante is None:
        ante = 0
        if steps:
            ante = int(steps[0].amount(env))
            if steps[0].min is not None:
                ante = max(ante, int(steps[0].min(env)))
    env["ante"] = ante
    env.setdefault("hand", 0)
    env.setdefault("house", 0)
    raises = sum(int(step.raise_amount(env)) for step in variant.steps_of(DecisionStep) if step.raise_amount)
    required = len(required_bets(variant)) * ante  # each staked at his ante
    return max(1, ante + side + required + raises)
