"""Settlement against the house over arrays of hands.

:func:`settle_batch` applies a settle step's rules (the house's
qualification, the comparison, the pay table, the tie rule and the cap) to
whole arrays of positions at once, for :mod:`studrules.analysis.simulate`.
The rules are those of :func:`studrules.game.settlement.settle_position`, which
settles one position; an amount or a condition written in the variant is a
scalar expression, evaluated once for every distinct value it reads (a hand
value, at most 7,462 of them) and looked up, which is exact.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from ..game.settlement import _payout  # the same payout rule, for one chip (a payout is linear in the stake)
from ..spec.expressions import Expression
from ..spec.model import SettleStep

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np

__all__ = ["settle_batch"]


def settle_batch(
    step: SettleStep,
    *,
    player_value: np.ndarray,
    house_value: np.ndarray,
    ante: int,
    raised: np.ndarray,
    raise_amount: Expression | None,
    env: Mapping[str, int],
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Settle arrays of positions: ``(net, qualified, raise_amount)``, one entry per hand.

    The same rules as :func:`studrules.game.settlement.settle_position` (which
    see), for whole arrays: a folded position (``raised`` false) loses its
    ante; otherwise the house's qualification, the comparison, the pay table,
    the tie rule and the cap decide. ``raise_amount`` is the decision step's
    amount (it may read ``ante``, ``hand`` or ``house``).

    >>> import numpy as np
    >>> from studrules.spec.loader import load_variant_text
    >>> from studrules.spec.model import DecisionStep
    >>> v = load_variant_text('''
    ... name: against-the-house
    ... kind: banked
    ... seats: {min: 1, max: 7}
    ... stakes: {ante: 10}
    ... steps:
    ...   - ante: {amount: ante}
    ...   - deal: {players: [down, down, down, down, down], house: [down, down, down, down, up]}
    ...   - decision: {fold: true, raise: 2 * ante}
    ...   - reveal: {who: house}
    ...   - settle: {qualify: house >= ace_king, ante_odds: 1, tie: push, pay_table: {three_of_a_kind: 3},
    ...              not_qualified: {ante: {result: win, odds: 1}, raise: {result: push}}}
    ... ''')
    >>> from studrules.cards.evaluator import evaluate
    >>> step, decision = v.steps_of(SettleStep)[0], v.steps_of(DecisionStep)[0]
    >>> trips, ak, low = (int(evaluate(h)) for h in ("7c 7d 7h 2s 4c", "Ac Kd 8h 3s 5c", "Qc Jd 8h 3s 5c"))
    >>> net, q, r = settle_batch(step, player_value=np.array([trips, trips, trips]),
    ...     house_value=np.array([ak, low, ak]), ante=10, raised=np.array([True, True, False]),
    ...     raise_amount=decision.raise_amount, env=v.stake_values())
    >>> net.tolist(), q.tolist()
    ([70, 10, -10], [True, False, True])
    """
    import numpy as np

    player_value = np.asarray(player_value, dtype=np.int64)
    house_value = np.asarray(house_value, dtype=np.int64)
    raised = np.asarray(raised, dtype=bool)
    arrays = {"hand": player_value, "house": house_value}
    base = dict(env)
    base["ante"] = ante
    qualified = _over_values(step.qualify, arrays, base).astype(bool)
    if raise_amount is None:
        amount = np.zeros(len(player_value), dtype=np.int64)
    else:
        amount = _over_values(raise_amount, arrays, base).astype(np.int64)

    beats = player_value > house_value
    ties = player_value == house_value
    if step.tie == "win":
        wins, pushes = beats | ties, np.zeros_like(ties)
    elif step.tie == "lose":
        wins, pushes = beats, np.zeros_like(ties)
    else:
        wins, pushes = beats, ties
    odds = _odds_table(step)[player_value]
    ante_net = np.where(wins, ante * step.ante_odds, np.where(pushes, 0, -ante))
    raise_net = np.where(wins, amount * odds, np.where(pushes, 0, -amount))
    ante_net = np.where(qualified, ante_net, _payout(step.not_qualified_ante, ante))
    raise_net = np.where(qualified, raise_net, amount * _payout(step.not_qualified_raise, 1))
    if step.max_payout is not None:
        cap = _over_values(step.max_payout, arrays, base).astype(np.int64)
        won = np.maximum(ante_net, 0) + np.maximum(raise_net, 0)
        excess = np.maximum(won - cap, 0)
        cut = np.minimum(excess, np.maximum(raise_net, 0))
        raise_net = raise_net - cut
        excess = excess - cut
        ante_net = ante_net - np.minimum(excess, np.maximum(ante_net, 0))
    net = np.where(raised, ante_net + raise_net, -ante).astype(np.int64)
    return net, qualified, amount


_ODDS_CACHE: dict[tuple[tuple[tuple[str, int], ...]], np.ndarray] = {}


def _odds_table(step: SettleStep) -> np.ndarray:
    """The raise's odds for every hand value (index = value), from the step's pay table."""
    import numpy as np

    from ..cards.evaluator import MAX_VALUE
    from ..game.settlement import raise_odds

    key = (step.pay_table,)
    table = _ODDS_CACHE.get(key)
    if table is None:
        table = np.zeros(MAX_VALUE + 1, dtype=np.int64)
        for v in range(1, MAX_VALUE + 1):
            table[v] = raise_odds(step, v)
        _ODDS_CACHE[key] = table
    return table


_VALUE_CACHE: dict[tuple[Expression, str, tuple[tuple[str, int], ...]], np.ndarray] = {}


def _over_values(expr: Expression, arrays: Mapping[str, np.ndarray], env: Mapping[str, int]) -> np.ndarray:
    """A scalar expression evaluated for every hand: once per distinct value it reads, then looked up."""
    import numpy as np

    from ..cards.evaluator import MAX_VALUE

    size = len(next(iter(arrays.values())))
    used = sorted(n for n in expr.names if n in arrays)
    if not used:
        return np.full(size, int(expr(env)), dtype=np.int64)
    if len(used) == 1:
        (name,) = used
        key = (expr, name, tuple(sorted(env.items())))
        table = _VALUE_CACHE.get(key)
        if table is None:
            names = dict(env)
            names.update(dict.fromkeys(arrays, 0))
            values = []
            for v in range(MAX_VALUE + 1):
                names[name] = v
                values.append(int(expr(names)))
            table = _VALUE_CACHE[key] = np.array(values, dtype=np.int64)
        return table[arrays[name]]
    stacked = np.stack([arrays[n] for n in used], axis=1)
    unique, inverse = np.unique(stacked, axis=0, return_inverse=True)
    names = dict(env)
    results = []
    for row in unique.tolist():
        names.update(zip(used, row))
        results.append(int(expr(names)))
    return np.array(results, dtype=np.int64)[inverse.reshape(-1)]
