"""The raises a decision against the house offers: from its least (``raise``) up
to its most (``raise_max``) in steps of its unit (``raise_unit``), at a
position's ante and, where the most reads it, his hand at the decision
(``hand``: the best of the cards he holds then, in the variant's ranking).
The hand machine (:mod:`studrules.game.house`), the load checks and the
analyses read them here.

    >>> from studrules.spec.expressions import HAND, NUMBER, compile_expression
    >>> from studrules.spec.model import DecisionStep
    >>> from studrules.spec.vocabulary import hand_constants
    >>> aces = hand_constants("four_card_high")["pair_of_aces"][1]
    >>> most = compile_expression("if(hand >= pair_of_aces, 3 * ante, ante)", names={"ante": NUMBER, "hand": HAND},
    ...                           constants=hand_constants("four_card_high"))
    >>> step = DecisionStep("d", raise_amount=compile_expression("ante", names={"ante": NUMBER}), raise_max=most,
    ...                     raise_unit=compile_expression("ante", names={"ante": NUMBER}))
    >>> raises_at(step, {}, 10, hand=aces), raises_at(step, {}, 10, hand=aces - 1)
    ((10, 20, 30), (10,))
    >>> reads_hand(step), every_raise(step, {}, 10, "four_card_high")
    (True, (10, 20, 30))
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

__all__ = ["reads_hand", "raises_at", "every_raise", "named_hands"]


def reads_hand(step: Any) -> bool:
    """Whether the most a decision allows depends on the player's hand."""
    return step.raise_max is not None and "hand" in step.raise_max.names


def raises_at(step: Any, env: Mapping[str, int], ante: int, hand: float = 0) -> tuple[int, ...]:
    """Every raise ``step`` allows at the stakes ``env``, this ``ante`` and this ``hand``
    value, the least first; none where it offers no raise, the least alone where the
    most works out below it."""
    if step.raise_amount is None:
        return ()
    names: dict[str, float] = dict(env, ante=ante, hand=hand)
    low = int(step.raise_amount(names))
    if step.raise_max is None:
        return (low,)
    high = int(step.raise_max(names))
    unit = max(int(step.raise_unit(names)), 1) if step.raise_unit is not None else 1
    return tuple(range(low, max(high, low) + 1, unit))


@cache
def named_hands(ranking: str) -> tuple[int, ...]:
    """0 and the value of every named hand of ``ranking`` (its thresholds), ascending: the
    hands at which a most that reads the hand is checked and its raises gathered.

    >>> named_hands("high")[:2], len(named_hands("high")) > 20
    ((0, 1), True)
    """
    from .vocabulary import hand_constants

    return tuple(sorted({0} | {value for _, value in hand_constants(ranking).values()}))


def every_raise(step: Any, env: Mapping[str, int], ante: int, ranking: str) -> tuple[int, ...]:
    """Every raise some hand is allowed at ``step`` (hands valued in ``ranking``), the least
    first: its raises at 0 and at each named hand of the ranking together (the least and
    the unit are the same for every hand: up to the largest most)."""
    if not reads_hand(step):
        return raises_at(step, env, ante)
    found: set[int] = set()
    for hand in named_hands(ranking):
        found.update(raises_at(step, env, ante, hand))
    return tuple(sorted(found))
