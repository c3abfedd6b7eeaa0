"""Settlement against the house over arrays of hands.

:func:`settle_batch` applies a settle step's rules (the house's
qualification, the comparison, the pay table, the tie rule and the cap) to
whole arrays of positions at once, for :mod:`studrules.analysis.simulate`.
The rules are those of :func:`studrules.game.settlement.settle_position`, which
settles one position; an amount or a condition written in the variant is a
scalar expression, and a pay line a function of one hand value: each is
evaluated once for every distinct value in the batch (at most a few
thousand) and looked up, which is exact. Values are of the variant's ranking
(five-card high hands, or the three- and four-card rankings).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from ..game.settlement import (
    _payout,  # the same payout rule, for one chip (a payout is linear in the stake)
    pay_line,
    raise_odds,
    side_bet_net,
)
from ..spec.expressions import Expression
from ..spec.model import SettleStep
from ..spec.wagers import Odds

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np

__all__ = ["settle_batch", "side_bets_batch"]


def settle_batch(
    step: SettleStep,
    *,
    player_value: np.ndarray,
    house_value: np.ndarray,
    ante: int,
    raised: np.ndarray,
    raise_amount: Expression | None = None,
    env: Mapping[str, int],
    raise_total: np.ndarray | None = None,
    ranking: str = "high",
    wild_order: tuple[str, str] | None = None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Settle arrays of positions: ``(net, qualified, raise_amount)``, one entry per hand.

    The same rules as :func:`studrules.game.settlement.settle_position` (which
    see), for whole arrays, side bets apart (:func:`side_bets_batch`):
    ``raised`` false is a position that folded: it loses its ante and what it
    raised before; otherwise the house's qualification, the comparison, the
    pay table (or, ``against: pay_table``, the pay table on the hand alone),
    the tie rule, the cap and the ante bonus decide. ``raise_total``: the
    chips each position raised in all its decisions; without it,
    ``raise_amount`` (one decision's amount, which may read ``ante``,
    ``hand`` or ``house``) for the positions that played. ``ranking``: the
    ranking the values are of; ``wild_order``: where wild cards count in it,
    the wild rules' order (``WildRules.order``: the lines ``five_of_a_kind``, ``five_wilds``).

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

    # hand values are whole numbers (kept in their small integer type), or half steps in a ranking that has them
    player_value = _values(player_value)
    house_value = _values(house_value)
    raised = np.asarray(raised, dtype=bool)
    arrays = {"hand": player_value, "house": house_value}
    base = dict(env)
    base["ante"] = ante
    if raise_total is not None:
        amount = np.asarray(raise_total, dtype=np.int64)
    else:  # one decision: the amount a position raises (or would)
        amount = np.zeros(len(player_value), dtype=np.int64)
        if raise_amount is not None:
            amount = _over_values(raise_amount, arrays, base).astype(np.int64)

    def folded_net() -> np.ndarray:
        """What a fold loses: the ante and the raises made before it (one decision: the ante)."""
        return -ante - amount if raise_total is not None else np.full(len(player_value), -ante, dtype=np.int64)

    if step.against == "pay_table":
        qualified = np.ones(len(player_value), dtype=bool)
        multiplier = _per_value(
            player_value,
            lambda v: _hand_multiplier(step, v, ranking, (), wild_order),
            _memo(step, ranking, "multiplier"),
        )
        if step.raise_pay_table:  # the ante by the pay table, the raises by their own
            by_raise = _per_value(
                player_value,
                lambda v: _hand_multiplier(step, v, ranking, step.raise_pay_table, wild_order),
                _memo(step, ranking, "raise multiplier"),
            )
            played_net = ante * multiplier + amount * by_raise
        else:
            played_net = (ante + amount) * multiplier
        net = np.where(raised, played_net, folded_net())
    else:
        qualified = _over_values(step.qualify, arrays, base).astype(bool)
        # the outcome against the house: 1 a win, 0 a push, -1 a loss (the tie rule decides ties)
        if step.tie == "push":
            outcome = (player_value > house_value).view(np.int8) - (player_value < house_value).view(np.int8)
        else:
            beats = player_value >= house_value if step.tie == "win" else player_value > house_value
            outcome = beats.view(np.int8) * np.int8(2) - np.int8(1)
        odds_memo = _memo(step, ranking, "raise")
        if step.max_payout is None and _dense_table(player_value, lambda v: raise_odds(step, v, ranking), odds_memo):
            assert odds_memo.table is not None
            net = _net_by_state(step, ante, odds_memo.table, player_value, outcome, qualified, raised, amount)
            if raise_total is None:  # one decision: a fold loses the ante alone
                net += amount * ~raised
            return _with_bonus(step, net, player_value, raised, ante, ranking, wild_order), qualified, amount
        odds = _per_value(player_value, lambda v: raise_odds(step, v, ranking), odds_memo)
        won = outcome > 0
        # a push is 0 and a loss the stake lost: the outcome times the stake
        ante_net = np.where(won, ante * step.ante_odds, outcome * np.int64(ante))
        raise_net = amount * np.where(won, odds, outcome)
        ante_net = np.where(qualified, ante_net, _payout(step.not_qualified_ante, ante))
        raise_net = np.where(qualified, raise_net, amount * _payout(step.not_qualified_raise, 1))
        if step.max_payout is not None:
            cap = _over_values(step.max_payout, arrays, base).astype(np.int64)
            won_chips = np.maximum(ante_net, 0) + np.maximum(raise_net, 0)
            excess = np.maximum(won_chips - cap, 0)
            cut = np.minimum(excess, np.maximum(raise_net, 0))
            raise_net = raise_net - cut
            excess = excess - cut
            ante_net = ante_net - np.minimum(excess, np.maximum(ante_net, 0))
        ante_net += raise_net
        net = np.where(raised, ante_net, folded_net())
    net = _with_bonus(step, net.astype(np.int64, copy=False), player_value, raised, ante, ranking, wild_order)
    return net, qualified, amount


def _with_bonus(
    step: SettleStep,
    net: np.ndarray,
    player_value: np.ndarray,
    raised: np.ndarray,
    ante: int,
    ranking: str,
    wild_order: tuple[str, str] | None,
) -> np.ndarray:
    """``net`` with the ante bonus (paid on the hand alone to a position that played) added."""
    if not step.ante_bonus:
        return net
    bonus = _per_value(
        player_value,
        lambda v: _line_odds(step, v, ranking, step.ante_bonus, wild_order),
        _memo(step, ranking, "bonus"),
    )
    return net + raised * (ante * bonus)


def _net_by_state(
    step: SettleStep,
    ante: int,
    odds: np.ndarray,
    player_value: np.ndarray,
    outcome: np.ndarray,
    qualified: np.ndarray,
    raised: np.ndarray,
    amount: np.ndarray,
) -> np.ndarray:
    """The net of every position without a cap, as ``ante_net[state] + amount * raise_factor[state, hand]``.

    The state (played or folded, the house qualified or not, a loss, push or win) picks
    what the ante wins (a constant) and what each chip raised wins: the pay table's
    ``odds`` (indexed by the hand value) for a win against a qualified house, else a
    constant (-1 a loss or a fold, 0 a push, the not-qualified payout). Two gathers, no
    branches per hand.
    """
    import numpy as np

    span = len(odds)
    ante_net = np.empty(12, dtype=np.int64)
    factor = np.empty((12, span), dtype=np.int64)
    ante_net[:6], factor[:6] = -ante, -1  # folded: the ante and the raises lost
    for s, result in enumerate((-1, 0, 1)):  # played, the house qualified: the outcome decides
        ante_net[6 + 3 + s] = ante * step.ante_odds if result > 0 else result * ante
        factor[6 + 3 + s] = odds if result > 0 else result
        ante_net[6 + s] = _payout(step.not_qualified_ante, ante)  # played, the house did not qualify
        factor[6 + s] = _payout(step.not_qualified_raise, 1)
    state = raised.view(np.int8) * np.int8(6) + qualified.view(np.int8) * np.int8(3) + (outcome + np.int8(1))
    key = state.astype(np.intp) * span
    key += player_value
    return np.take(ante_net, state) + amount * np.take(factor.reshape(-1), key)


def side_bets_batch(
    step: SettleStep,
    *,
    player_value: np.ndarray,
    played: np.ndarray,
    env: Mapping[str, int],
    ranking: str = "high",
    ante: int = 0,
    beaten: np.ndarray | None = None,
    values_in: Mapping[tuple[str, str], np.ndarray] | None = None,
    house_value: np.ndarray | None = None,
    wild_order: tuple[str, str] | None = None,
) -> dict[str, tuple[int, np.ndarray, np.ndarray]]:
    """Each side bet placed (its stake above 0): ``{name: (stake, net, line)}``, one entry per hand.

    ``net``: what the bet won or lost (as :func:`~studrules.game.settlement.side_bet_net`);
    ``line``: the index of the line paid in the bet's ``lines``, -1 for none.
    A position that folded (``played`` false) loses a bet that does not stand.
    A required bet is staked at ``ante``; a bet that pushes unless beaten reads
    ``beaten`` (the house qualifies and beats the hand) below every line. A bet
    of another hand reads its values from ``values_in`` (as
    :func:`~studrules.game.settlement.side_bet_hands` names them). A bet paid only
    on a win (``against_house``) reads ``house_value``: lost to a better house hand,
    returned on a tie or below every line. ``wild_order``: as :func:`settle_batch`.
    """
    import numpy as np

    played = np.asarray(played, dtype=bool)
    out: dict[str, tuple[int, np.ndarray, np.ndarray]] = {}
    for bet in step.side_bets:
        stake = ante if bet.required else int(bet.amount(env))
        if stake <= 0:
            continue
        labels = [label for label, _ in bet.lines]
        own = ranking if bet.ranking is None else bet.ranking

        wild = wild_order if own == ranking else None  # (wild cards count in the deck's ranking)

        def index(
            v: float,
            lines: tuple[tuple[str, Odds], ...] = bet.lines,
            labels: list[str] = labels,
            own: str = own,
            wild: tuple[str, str] | None = wild,
        ) -> int:
            line = pay_line(step, v, own, lines, wild)
            return -1 if line is None else labels.index(line[0])

        own_hand = own == ranking and bet.own_hand
        line = _per_value(player_value if own_hand else (values_in or {})[own, bet.cards], index)
        if bet.on_fold != "stand":
            line = np.where(played, line, -1)
        wins = np.array([side_bet_net(bet, item, stake, env) for item in bet.lines] + [-stake], dtype=np.int64)
        net = wins[line]
        if bet.against_house:  # paid on a win alone: lost when beaten, returned on a tie or below every line
            assert house_value is not None, "a bet paid on a win reads the house's hand"
            lost = house_value > player_value
            net = np.where(played & ~lost & ((line < 0) | (house_value == player_value)), 0, net)
            net = np.where(played & lost, -stake, net)
        elif bet.below == "push_unless_beaten" and beaten is not None:  # below every line, played, not beaten: back
            net = np.where((line < 0) & played & ~beaten, 0, net)
        out[bet.name] = (stake, net, line)
    return out


class _Memo(dict):
    """A rule's result for each value worked so far; whole values 0 and up are also kept
    in ``table`` (indexed by the value, :data:`_UNSET` where not worked), so that a batch
    of them is one gather."""

    table: np.ndarray | None = None


_UNSET = -(1 << 63)  # a table entry not worked yet
_DENSE_VALUES = 1 << 20  # whole values below this are looked up in a table indexed by the value


@functools.lru_cache(maxsize=64)
def _memo(step: SettleStep, ranking: str, rule: str) -> _Memo:
    """Where a rule's result for each value is kept: the rules of one value are worked
    once per process, not once per batch (a simulation settles the same few
    thousand values in every chunk); the step is hashed once per batch."""
    return _Memo()


def _hand_multiplier(
    step: SettleStep,
    value: float,
    ranking: str,
    lines: tuple[tuple[str, int], ...] = (),
    wild_order: tuple[str, str] | None = None,
) -> int:
    """Against the pay table: what each chip wagered gets, for a hand of this value (odds, 0 or
    -1), by the pay table or the given ``lines`` (the raises' own table)."""
    from ..spec.vocabulary import wild_hand_constants

    line: tuple[str, int] | None = pay_line(step, value, ranking, lines or None, wild_order)
    if line is not None:
        return line[1]
    if step.push_from is not None and value >= wild_hand_constants(ranking, wild_order)[step.push_from][1]:
        return 0
    return -1


def _line_odds(
    step: SettleStep,
    value: float,
    ranking: str,
    lines: tuple[tuple[str, int], ...],
    wild_order: tuple[str, str] | None = None,
) -> int:
    line = pay_line(step, value, ranking, lines, wild_order)
    return 0 if line is None else line[1]


def _values(values: np.ndarray) -> np.ndarray:
    import numpy as np

    out = np.asarray(values)
    return out if out.dtype.kind in "fiu" else out.astype(np.int64)


def _per_value(values: np.ndarray, rule: Callable[[float], int], memo: _Memo | None = None) -> np.ndarray:
    """``rule`` of every entry of ``values``: worked once per distinct value (and kept in
    ``memo`` when given), then looked up."""
    import numpy as np

    if memo is None:
        memo = _Memo()
    values = np.asarray(values)
    found = _dense_lookup(values, rule, memo)
    if found is not None:
        return found
    unique, inverse = _distinct(values.reshape(-1, 1))
    worked = np.array(
        [memo[v] if v in memo else memo.setdefault(v, rule(v)) for v in unique[:, 0].tolist()], dtype=np.int64
    )
    return worked[inverse]


def _dense_lookup(values: np.ndarray, rule: Callable[[int], int], memo: _Memo) -> np.ndarray | None:
    """``rule`` of every entry of ``values`` through ``memo.table`` (grown and filled as new values
    come): None when the values are not whole numbers from 0 to :data:`_DENSE_VALUES`."""
    import numpy as np

    if not _dense_table(values, rule, memo):
        return None
    assert memo.table is not None
    return np.take(memo.table, values)


def _dense_table(values: np.ndarray, rule: Callable[[int], int], memo: _Memo) -> bool:
    """Whether ``memo.table`` holds ``rule`` of every entry of ``values`` (grown and filled as new
    values come); false when the values are not whole numbers from 0 to :data:`_DENSE_VALUES`."""
    import numpy as np

    if values.dtype.kind not in "iu" or not values.size:
        return False
    low, high = int(values.min()), int(values.max())
    if low < 0 or high >= _DENSE_VALUES:
        return False
    table = memo.table
    if table is None or len(table) <= high:
        grown = np.full(max(high + 1, 2 * len(table) if table is not None else 0), _UNSET, dtype=np.int64)
        if table is not None:
            grown[: len(table)] = table
        memo.table = table = grown
    missing = np.take(table, values) == _UNSET
    if missing.any():
        for v in np.unique(values[missing]).tolist():
            table[v] = memo[v] if v in memo else memo.setdefault(v, rule(v))
    return True


_DENSE_SPAN = 1 << 22  # whole-number rows spanning at most this many keys are counted, not sorted


def _distinct(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct rows of a 2-d array in lexicographic order, and each row's index among them
    (``np.unique(rows, axis=0, return_inverse=True)``). Whole numbers in a small span
    are packed into one key per row and marked in a table of the span: linear time,
    no sort (the sort was most of a simulation's time).

    >>> import numpy as np
    >>> u, i = _distinct(np.array([[3, 1], [2, 9], [3, 1]]))
    >>> u.tolist(), i.tolist()
    ([[2, 9], [3, 1]], [1, 0, 1])
    """
    import numpy as np

    if rows.dtype.kind in "iu" and rows.size:
        low = rows.min(axis=0).astype(np.int64)
        spans = rows.max(axis=0).astype(np.int64) - low + 1
        if int(np.prod(spans.astype(float))) <= _DENSE_SPAN:
            key = np.zeros(rows.shape[0], dtype=np.int64)
            for col in range(rows.shape[1]):  # the first column most significant
                key *= spans[col]
                key += rows[:, col] - low[col]
            present = np.zeros(int(np.prod(spans)), dtype=bool)
            present[key] = True
            found = np.flatnonzero(present)
            index = np.cumsum(present) - 1
            unique = np.empty((found.size, rows.shape[1]), dtype=np.int64)
            rest = found.copy()
            for col in range(rows.shape[1] - 1, -1, -1):
                rest, unique[:, col] = np.divmod(rest, spans[col])
                unique[:, col] += low[col]
            return unique.astype(rows.dtype), index[key]
    unique, inverse = np.unique(rows, axis=0, return_inverse=True)
    return unique, inverse.reshape(-1)


def _over_values(expr: Expression, arrays: Mapping[str, np.ndarray], env: Mapping[str, int]) -> np.ndarray:
    """A scalar expression evaluated for every hand: once per distinct value it reads, then looked up."""
    import numpy as np

    size = len(next(iter(arrays.values())))
    used = sorted(n for n in expr.names if n in arrays)
    if not used:
        return np.full(size, int(expr(env)), dtype=np.int64)
    names = dict(env)
    names.update(dict.fromkeys(arrays, 0))
    # (the same text in another ranking is another expression: its constants are in the key)
    memo = _expression_memo(expr, expr.constant_values(), tuple(used), tuple(sorted(env.items())))
    if len(used) == 1:  # one array read: a table indexed by its values

        def worked(value: int) -> int:
            names[used[0]] = value
            return int(expr(names))

        found = _dense_lookup(np.asarray(arrays[used[0]]), worked, memo)
        if found is not None:
            return found
    stacked = np.stack([arrays[n] for n in used], axis=1)
    unique, inverse = _distinct(stacked)
    results = []
    for row in map(tuple, unique.tolist()):
        if row not in memo:
            names.update(zip(used, row))
            memo[row] = int(expr(names))
        results.append(memo[row])
    return np.array(results, dtype=np.int64)[inverse]


@functools.lru_cache(maxsize=64)
def _expression_memo(
    expr: Expression, constants: tuple[tuple[str, Any], ...], used: tuple[str, ...], env: tuple[tuple[str, int], ...]
) -> _Memo:
    """Where an expression's value for each row of the values it reads is kept, for its constants
    and one environment (and, when it reads one array, for each value in a table: :func:`_dense_lookup`)."""
    return _Memo()
