"""The exact house edge of a game of several decisions paid on the hand alone (see
:mod:`studrules.analysis.exact`): hole cards, then a decision before each community card, the
five cards paid by the pay table.

``optimal`` finds the best raise, stand or fold at every decision by working back from the
last card (every raise the file allows, every card that can come; of two choices worth the
same, the larger wager); a strategy's choices are read at every decision the same way. Hole
cards are counted one per class of suit renaming (169 for two cards, 1,755 for three),
weighted by how many hands each stands for.
"""

from __future__ import annotations

import itertools
from math import comb, factorial
from typing import Any

from ..errors import SpecError
from ..spec.model import AnteStep, DealStep, DecisionStep, SettleStep, Variant
from ..spec.raise_sizes import reads_hand
from ..spec.strategies import Strategy
from ..spec.strategy_fit import offered_raises
from .exact_base import FOLD, chosen_amounts

__all__ = ["on_the_hand", "action_words"]


def on_the_hand(
    variant: Variant,
    settle: SettleStep,
    decisions: tuple[DecisionStep, ...],
    strategy: Strategy | None,
    record: list[Any] | None = None,
) -> Any:
    """The :class:`~studrules.analysis.exact.ExactResult` of the game; with ``record``, each
    decision's optimal choices are added to it as ``(street, cards, choice)`` arrays (cards: the
    hole and the community cards known, one row per situation; choice: :data:`FOLD` or the amount)."""
    import numpy as np

    from ..cards.batch import evaluate_batch
    from ..cards.evaluator import MAX_VALUE
    from ..game.settlement import pay_line
    from ..spec.vocabulary import hand_constants
    from .exact_base import ExactResult, one_step, side_bet_on_every_set, side_bet_result, values_in_ranking

    # the order of the hand: hole cards, then a decision before each community card (community
    # cards turned up before the first decision are known to the player as his own are: hole)
    order: list[str] = []
    for s in variant.steps:
        if isinstance(s, DealStep):
            board = "board" if "decide" in order else "hole"
            order += ["hole"] * len(s.players) + [board] * len(s.community)
            if s.house:
                raise SpecError(f"analyze counts pay-table games without a house hand; {variant.name} deals one")
        elif isinstance(s, DecisionStep):
            order.append("decide")
    held = order.count("hole")
    streets = len(decisions)
    shape = ["hole"] * held + ["decide", "board"] * streets
    if order != shape or held + streets != 5 or variant.deck.ranking != "high":
        raise SpecError(
            f"analyze counts pay-table games of hole cards, then a decision before each community card, "
            f"five cards in all; {variant.name} is dealt otherwise, and is not counted yet"
        )
    env = variant.stake_values()
    # what the count below does not weigh is refused, not left out of the figure (a most raise that
    # reads the hand: a decision here holds fewer than five cards, refused at load for the high ranking)
    if any(reads_hand(d) for d in decisions):
        raise SpecError(
            f"analyze does not count a most raise that reads the hand in a game of several decisions; "
            f"{variant.name} has one: use simulate"
        )
    if settle.max_payout is not None:
        raise SpecError(f"analyze does not count a payout cap; {variant.name} has one: use simulate")
    if settle.raise_pay_table:
        raise SpecError(
            f"analyze does not count raises paid by a table of their own; {variant.name} has one: use simulate"
        )
    if settle.ante_bonus:
        raise SpecError(
            f"analyze does not count an ante bonus in a pay-table game; {variant.name} has one: use simulate"
        )
    folds = any(d.fold for d in decisions)
    for bet in settle.side_bets:
        if bet.required:
            raise SpecError(
                f"analyze does not count a required bet in a pay-table game ({bet.name} of {variant.name}): use simulate"
            )
        if folds and bet.on_fold != "stand" and int(bet.amount(env)) > 0:
            raise SpecError(
                f"analyze does not count a side bet lost on a fold in a pay-table game ({bet.name} of "
                f"{variant.name}): use simulate, or leave it unplaced (--stake {bet.amount.source}=0)"
            )
    ante = int(one_step(variant, AnteStep, "ante").amount(env))
    raises = [offered_raises(d, env, ante, variant.deck.ranking) for d in decisions]
    # each hand value's multiplier of every wager: the line's odds, 0 (push) or -1 (lost)
    push = hand_constants()[settle.push_from][1] if settle.push_from else None
    per_value = np.full(MAX_VALUE + 1, -1.0)
    # each hand value's outcome: a pay line's index in ``outcomes``, PUSHED, or LOST
    labels = [label for label, _ in settle.pay_table]
    line_of_value = np.full(MAX_VALUE + 1, _LOST, dtype=np.int64)
    for v in range(1, MAX_VALUE + 1):
        line: tuple[str, int] | None = pay_line(settle, v)
        if line is not None:
            per_value[v] = line[1]
            line_of_value[v] = labels.index(line[0])
        elif push is not None and v >= push:
            per_value[v] = 0.0
            line_of_value[v] = _PUSHED
    five = np.array(list(itertools.combinations(range(52), 5)), dtype=np.int64)
    hand_values = evaluate_batch(five, check=False)
    binom = np.array([[comb(n, k) for k in range(6)] for n in range(53)], dtype=np.int64)
    # by each hand's colex rank (the sum of C(card, place)), which the work back computes
    multiplier = np.empty(len(five))
    colex = sum(binom[five[:, r], r + 1] for r in range(5))
    multiplier[colex] = per_value[hand_values]
    outcome = np.empty(len(five), dtype=np.int64)
    outcome[colex] = line_of_value[hand_values]
    total_value = 0.0
    total_wager = 0.0
    tally = np.zeros((len(decisions) + len(labels) + 2, 2))  # per outcome: probability, antes won
    for hole, weight in _holes(held):
        rest = np.array([c for c in range(52) if c not in hole], dtype=np.int64)
        work = _WorkBack(hole, rest, multiplier, binom, raises, decisions, ante, strategy)
        value, wager = work.value_at(0, ante)
        total_value += weight * float(value)
        total_wager += weight * float(wager)
        tally += weight * work.outcomes(outcome, [odds for _, odds in settle.pay_table])
        if record is not None:
            record.extend(work.on_path())
    house_edge = -total_value / ante
    average = total_wager / ante
    # a side bet on the hand alone that no fold takes: paid on the five cards, every one of the
    # C(52, 5) hands as likely as another (one a fold takes is not placed: refused above if it were)
    every = np.ones(len(five), dtype=bool)
    share = np.full(len(five), 1 / len(five))
    side = {
        bet.name: side_bet_on_every_set(
            settle, bet, held if bet.cards == "own" else streets, bet.ranking or "high", env, variant.name, folds
        )
        if bet.cards in ("own", "community")  # the hole cards, or the community cards, alone: every set alike
        else side_bet_result(
            settle,
            bet,
            hand_values if bet.ranking in (None, "high") else values_in_ranking(five, bet.ranking, variant.name),
            every,
            bet.ranking or "high",
            share,
            env,
        )
        for bet in settle.side_bets
        if not folds or bet.on_fold == "stand"
    }
    return ExactResult(
        variant.name,
        "optimal" if strategy is None else strategy.name,
        house_edge,
        average,
        house_edge / average,
        comb(52, held) * comb(52 - held, streets) * factorial(streets),
        _outcome_lines(tally, decisions, labels, push is not None),
        side,
    )


_PUSHED, _LOST = -1, -2  # a hand's outcome that is no pay line


def _outcome_lines(
    tally: Any, decisions: tuple[DecisionStep, ...], labels: list[str], pushes: bool
) -> dict[str, tuple[float, float]]:
    """The report's outcomes, each ``(probability, antes won)``: a fold at each decision that
    allows one, each pay line (best first, as the file writes them), a push, a loss."""
    rows = [(f"fold: {d.id or f'decision {k + 1}'}", k) for k, d in enumerate(decisions) if d.fold]
    rows += [(label, len(decisions) + k) for k, label in enumerate(labels)]
    rows += ([("push", len(decisions) + len(labels))] if pushes else []) + [("loses", len(decisions) + len(labels) + 1)]
    return {name: (float(tally[k, 0]), float(tally[k, 1])) for name, k in rows}


def action_words(choice: int, raises: list[int], ante: int) -> str:
    """A choice as a strategy writes it: ``fold``, ``stand``, ``raise`` (the only raise) or ``raise Nx``.

    >>> action_words(10, [5, 10, 15], 5), action_words(10, [10], 10), action_words(0, [10], 10)
    ('raise 2x', 'raise', 'stand')
    """
    if choice == FOLD:
        return "fold"
    if choice == 0:
        return "stand"
    if len(raises) == 1 or choice % ante:
        return "raise"
    return f"raise {choice // ante}x"


def _holes(count: int) -> list[tuple[tuple[int, ...], float]]:
    """The hole cards to count, one per class of suit renaming (the per-suit rank masks, sorted,
    name the class), each with its share of all hands."""
    classes: dict[tuple[int, ...], list[Any]] = {}
    hands = list(itertools.combinations(range(52), count))
    for hand in hands:
        masks = [0, 0, 0, 0]
        for c in hand:
            masks[c % 4] |= 1 << c // 4
        key = tuple(sorted(masks))
        if key in classes:
            classes[key][1] += 1
        else:
            classes[key] = [hand, 1]
    return [(hand, n / len(hands)) for hand, n in classes.values()]


class _WorkBack:
    """The value and the average total wager of one set of hole cards: the best choice (or the
    strategy's) at each decision, worked back from the last community card. Arrays run over the
    community cards dealt so far, in order (one axis per card)."""

    def __init__(
        self,
        hole: tuple[int, ...],
        rest: Any,
        multiplier: Any,
        binom: Any,
        raises: list[list[int]],
        decisions: tuple[DecisionStep, ...],
        ante: int,
        strategy: Strategy | None,
    ):
        import numpy as np

        self.hole, self.rest, self.raises, self.decisions = hole, rest, raises, decisions
        self.ante, self.strategy = ante, strategy
        self.picked: dict[tuple[int, int], Any] = {}  # (street, wagered so far): the best choice
        self.memo: dict[tuple[int, int], tuple[Any, Any]] = {}
        m = self.m = len(rest)
        streets = len(decisions)
        axes = np.meshgrid(*[np.arange(m)] * streets, indexing="ij")
        cards = np.stack([np.full(axes[0].shape, c) for c in hole] + [rest[a] for a in axes], axis=-1)
        valid = np.ones(axes[0].shape, dtype=bool)
        for a, b in itertools.combinations(axes, 2):
            valid &= a != b
        cards = np.sort(np.where(valid[..., None], cards, np.arange(5)), axis=-1)
        self.valid = valid
        self.final = sum(binom[cards[..., r], r + 1] for r in range(5))  # each deal's five cards, by colex rank
        final = np.where(valid, multiplier[self.final], 0.0)
        # the expected multiplier once all but the last community card are known
        self.mean_last = final.sum(axis=-1) / (m - streets + 1)

    def distinct(self, depth: int) -> Any:
        import numpy as np

        grid = np.meshgrid(*[np.arange(self.m)] * depth, indexing="ij") if depth else []
        ok = np.ones((self.m,) * depth, dtype=bool)
        for a, b in itertools.combinations(grid, 2):
            ok &= a != b
        return ok

    def strategy_choices(self, street: int, wagered: int) -> Any:
        """The strategy's choice at every situation of decision ``street`` with ``wagered`` chips
        out (:data:`FOLD` or an amount)."""
        import numpy as np

        from .exact_base import features

        assert self.strategy is not None
        m = self.m
        grid = np.meshgrid(*[np.arange(m)] * street, indexing="ij") if street else []
        size = m**street
        cards = np.stack(
            [np.full(size, c) for c in self.hole] + [self.rest[g.reshape(-1)] for g in grid], axis=-1
        ).astype(np.int64)
        view = features(self.strategy, cards, None, street, wagered // self.ante)
        actions, index = self.strategy.choose_batch(view, size, street=street)
        codes = chosen_amounts(actions, self.decisions[street], self.raises[street], self.ante)
        return np.array(codes, dtype=np.int64)[index].reshape((m,) * street)

    def choose(self, value_of: Any, wagered: int, street: int) -> tuple[Any, Any]:
        """The best of folding (losing what is wagered), standing and each raise, or the strategy's
        choice: (value, total wagered)."""
        import numpy as np

        step = self.decisions[street]
        options = ([0] if step.stand else []) + self.raises[street]
        shape = (self.m,) * street
        best: Any = np.full(shape, -float(wagered)) if step.fold or not options else None
        spent: Any = np.full(shape, float(wagered))
        pick: Any = np.full(shape, FOLD)
        wanted = self.strategy_choices(street, wagered) if self.strategy is not None else None
        for b in options:
            value, total = value_of(b)
            if wanted is not None:
                better = wanted == b
            elif best is None:
                better = np.ones(shape, dtype=bool)
            else:
                # a choice worth as much as a smaller one is taken: ties go to the larger wager, as
                # the published analyses count the average wager (the edge is the same either way)
                better = value >= best - 1e-9
            best = np.where(better, value, best if best is not None else value)
            spent = np.where(better, total, spent)
            pick = np.where(better, b, pick)
        self.picked[(street, wagered)] = pick
        return best, spent

    def value_at(self, street: int, wagered: int) -> tuple[Any, Any]:
        """Value and wager arrays over the ``street`` community cards known at decision ``street``
        with ``wagered`` chips out (remembered: several paths wager as much)."""
        if (street, wagered) not in self.memo:
            self.memo[(street, wagered)] = self._value_at(street, wagered)
        return self.memo[(street, wagered)]

    def on_path(self) -> list[tuple[int, Any, Any, Any]]:
        """The best choices where the best play goes: ``(street, cards, choice, wagered)`` per
        decision, cards one row per situation (the hole and the community cards known), after
        the best choices before it (``wagered``: what they put out, in antes)."""
        import numpy as np

        out: list[tuple[int, Any, Any, Any]] = []
        m = self.m
        wagered = np.full((), self.ante, dtype=np.int64)
        alive = np.ones((), dtype=bool)
        for street in range(len(self.decisions)):
            pick = np.full(wagered.shape, FOLD, dtype=np.int64)
            for w in np.unique(wagered[alive]).tolist():
                here = alive & (wagered == w)
                pick = np.where(here, self.picked[(street, int(w))], pick)
            ok = np.atleast_1d(alive & self.distinct(street))
            idx = np.nonzero(ok) if street else ()
            count = int(ok.sum())
            cards = np.stack([np.full(count, c) for c in self.hole] + [self.rest[i] for i in idx], axis=-1)
            out.append(
                (
                    street,
                    cards.reshape(-1, len(self.hole) + street),
                    np.atleast_1d(pick)[ok].reshape(-1),
                    np.atleast_1d(wagered)[ok].reshape(-1) // self.ante,
                )
            )
            # the next street: each situation once per next card, with what it has wagered
            alive = np.repeat((alive & (pick != FOLD))[..., None], m, axis=-1)
            wagered = np.repeat((wagered + np.maximum(pick, 0))[..., None], m, axis=-1)
        return out

    def outcomes(self, outcome: Any, odds: list[int]) -> Any:
        """Where the chosen play ends over every deal of the community cards, each as likely:
        rows of ``(probability, antes won)``: a fold at each decision, then each pay line
        (``outcome`` gives a five-card hand's line by its colex rank, or _PUSHED, _LOST), a
        push, a loss. The choices are those the work back made (:meth:`value_at` first)."""
        import numpy as np

        streets = len(self.decisions)
        shape = (self.m,) * streets
        wagered = np.full(shape, self.ante, dtype=np.int64)
        folded_at = np.full(shape, -1, dtype=np.int64)
        for street in range(streets):
            alive = folded_at < 0
            pick = np.full(shape, FOLD, dtype=np.int64)
            for w in np.unique(wagered[alive & self.valid]).tolist():
                chosen = self.picked[(street, int(w))].reshape((self.m,) * street + (1,) * (streets - street))
                pick = np.where(alive & (wagered == w), chosen, pick)
            folded_at = np.where(alive & (pick == FOLD), street, folded_at)
            wagered = np.where(alive & (pick != FOLD), wagered + np.maximum(pick, 0), wagered)
        deals = float(self.valid.sum())
        rows = np.zeros((streets + len(odds) + 2, 2))
        for street in range(streets):
            here = self.valid & (folded_at == street)
            rows[street] = here.sum() / deals, -wagered[here].sum() / deals / self.ante
        played = self.valid & (folded_at < 0)
        line = outcome[self.final]
        for k, paid in enumerate(odds):
            here = played & (line == k)
            rows[streets + k] = here.sum() / deals, paid * wagered[here].sum() / deals / self.ante
        pushed = played & (line == _PUSHED)
        rows[streets + len(odds)] = pushed.sum() / deals, 0.0
        lost = played & (line == _LOST)
        rows[streets + len(odds) + 1] = lost.sum() / deals, -wagered[lost].sum() / deals / self.ante
        return rows

    def _value_at(self, street: int, wagered: int) -> tuple[Any, Any]:
        import numpy as np

        if street == len(self.decisions) - 1:
            return self.choose(
                lambda b: ((wagered + b) * self.mean_last, np.full(self.mean_last.shape, float(wagered + b))),
                wagered,
                street,
            )
        ok = self.distinct(street + 1)

        def after(b: int) -> tuple[Any, Any]:
            value, total = self.value_at(street + 1, wagered + b)
            left = self.m - street
            return np.where(ok, value, 0).sum(axis=-1) / left, np.where(ok, total, 0).sum(axis=-1) / left

        return self.choose(after, wagered, street)
