"""What a player needs to sit in a hand of a session's game, and a kill's legs from hand
to hand: the arithmetic of :class:`~studrules.table.session.Session` between hands."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

__all__ = ["chips_needed", "legs_after"]


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
    from ..game.settlement import required_bets, side_bet_stakes
    from ..spec.model import AnteStep, DecisionStep

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


def legs_after(
    kill: Any,
    stakes: Mapping[str, int],
    pots: Sequence[Mapping[str, Any]],
    legs: tuple[str, int] | None,
    killer: str | None,
) -> tuple[tuple[str, int] | None, str | None]:
    """A kill's legs and the next hand's killer after a hand of a game with ``kill``, whose
    ``pots`` (the result's) were played at ``stakes``; ``legs`` (who has them, how many in a
    row) and ``killer`` (who killed this hand) before it.

    A player who won every pot alone takes a leg (one more where he had the last); with
    ``kill.legs`` in a row and the pots at least ``kill.min_pot``, he kills the next hand.
    A split pot leaves the legs with their holder where he has a share of it, and a killer
    who has a share kills again (Robert's Rules, "Kill pots"); a hand their holder won
    nothing of ends them, and the kill.

    >>> from types import SimpleNamespace as Kill
    >>> scoop = Kill(legs=1, min_pot=None)
    >>> legs_after(scoop, {}, [{"amount": 90, "winners": {"Ann": 90}}], None, None)
    (('Ann', 1), 'Ann')
    >>> split = [{"amount": 90, "winners": {"Bob": 45, "Cat": 45}}]
    >>> legs_after(scoop, {}, split, ("Ann", 1), "Ann"), legs_after(scoop, {}, split, ("Bob", 1), "Bob")
    ((None, None), (('Bob', 1), 'Bob'))
    """
    pots = [p for p in pots if not p.get("uncalled")]
    winners = {w for p in pots for w, chips in p["winners"].items() if chips}
    if len(winners) != 1:
        holder = legs[0] if legs is not None else None
        return (legs if holder in winners else None), (killer if killer in winners else None)
    (winner,) = winners
    holder, count = legs or (None, 0)
    count = count + 1 if holder == winner else 1
    pot = sum(p["amount"] for p in pots)
    need = int(kill.min_pot(stakes)) if kill.min_pot is not None else 0
    return (winner, count), (winner if count >= kill.legs and pot >= need else None)
