"""The exact house edge of a game of several decisions on the player's own cards alone,
valued by suits (see :mod:`studrules.analysis.exact`): deals to the player only, with a
decision (fold, stand or raise) between each two, the whole hand paid by the pay table
(the raises by theirs, where the file gives one).

A hand of ``n`` cards is counted once per class of suit renaming, its four suits' sets of
ranks as a multiset (:func:`.exact_suits.suit_classes`), weighted by the hands it stands for: a
ranking valued by suits values every hand of a class alike, and a strategy's rules name no
suit. The count works back from the last deal. At the last decision, each class's expected
net is taken over every last deal (its value from each suit's measures: the most cards of a
suit, the longest run of one). At each decision before it, a choice's worth is the average,
over every deal of the next cards, of the next decision's worth, the next hand found by its
class. The optimal play takes the best of folding (losing what is out), standing and each
raise (of two choices worth the same, the larger wager); a strategy's choice is read per
class. A pass forward then weighs each class by how often it is reached, for each outcome's
probability and the average wager. Flush Rush's 14,047,378,800 ordered deals take some 7 s.
"""

from __future__ import annotations

import itertools
from math import comb, prod
from typing import Any

from ..errors import SpecError
from ..spec.model import AnteStep, DealStep, DecisionStep, SettleStep, Variant
from ..spec.raise_sizes import reads_hand
from ..spec.strategies import Strategy
from .exact_base import FOLD, ExactResult, one_step, strategy_amounts
from .exact_suits import class_cards, suit_classes

__all__ = ["own_card_deals", "valued_by_suits", "on_own_cards"]

_ROWS = 600_000  # deals of one chunk of classes counted at once
_MOST_WORK = 300_000_000  # the most hands times deals a count takes on (Flush Rush's: 44 million)


def own_card_deals(variant: Variant) -> list[int] | None:
    """The cards of each deal where ``variant`` deals the player alone, a decision between each
    two deals and none before the first or after the last (None: another shape)."""
    counts: list[int] = []
    last = ""
    for step in variant.steps:
        if isinstance(step, DealStep):
            if step.house or step.community:
                return None
            if last == "deal":
                counts[-1] += len(step.players)
            else:
                counts.append(len(step.players))
            last = "deal"
        elif isinstance(step, DecisionStep):
            if last != "deal":
                return None
            last = "decide"
    return counts if last == "deal" and len(counts) >= 2 and all(counts) else None


def valued_by_suits(ranking: str) -> list[tuple[Any, int]] | None:
    """A ranking's value as a sum, over its measures of one suit's set of ranks (13-bit masks),
    of each measure's best suit times its weight (None: a ranking not valued so)."""
    import numpy as np

    from ..cards.rankings import get_ranking

    if ranking == "high":
        return None
    found = get_ranking(ranking)
    if hasattr(found, "suit_measures"):
        return [(np.array(table, dtype=np.int64), weight) for table, weight in found.suit_measures()]
    if hasattr(found, "suit_table"):
        return [(np.array(found.suit_table(), dtype=np.int64), 1)]
    return None


def on_own_cards(
    variant: Variant,
    settle: SettleStep,
    decisions: tuple[DecisionStep, ...],
    strategy: Strategy | None,
    record: list[Any] | None = None,
) -> ExactResult:
    """The :class:`~.exact_base.ExactResult` of a game :func:`own_card_deals` and
    :func:`valued_by_suits` accept (anything else it cannot weigh is a SpecError); with
    ``record``, each decision's choices where the play goes are added to it as ``(decision,
    cards, choice, wagered)`` arrays, one row per class of hands reached (as
    :func:`.exact_streets.on_the_hand` adds them)."""
    deals = own_card_deals(variant)
    measures = valued_by_suits(variant.deck.ranking)
    assert deals is not None and measures is not None
    for refused, what in (
        (settle.max_payout is not None, "a payout cap"),
        (bool(settle.ante_bonus), "an ante bonus"),
        (bool(settle.side_bets), "a side bet"),
        (any(reads_hand(d) for d in decisions), "a most raise that reads the hand"),
    ):
        if refused:
            raise SpecError(f"analyze does not count {what} in {variant.name}'s shape of game: use simulate")
    held = list(itertools.accumulate(deals))[:-1]  # the cards at each decision
    # each decision's classes (a little more than C(52, n) / 24) times the deals of the next cards
    work = max(comb(52, n) // 24 * comb(52 - n, k) for n, k in zip(held, deals[1:]))
    if max(held) > 7 or work > _MOST_WORK:
        raise SpecError(
            f"analyze counts such games while each decision's hands and the next cards' deals number at most "
            f"{_MOST_WORK:,} (at most seven cards at a decision); {variant.name}'s number {work:,}: use simulate"
        )
    env = variant.stake_values()
    ante = int(one_step(variant, AnteStep, "ante").amount(env))
    count = _Count(variant, settle, decisions, deals, measures, strategy, ante, env)
    result = count.result()
    if record is not None:
        import numpy as np

        for j, reach in enumerate(count.reached):
            for k, out in enumerate(count.outs[j]):
                rows = np.flatnonzero(reach[:, k] > 0)
                cards = class_cards(count.classes[j][0][rows], count.sizes[j])
                wagered = np.full(len(rows), (ante + out) // ante, dtype=np.int64)
                record.append((j, cards, count.choice[j][rows, k], wagered))
    return result


class _Count:
    """The work back and the pass forward (see the module's documentation). Wagers are in chips;
    ``out`` at a decision is what the raises before it put out (the ante apart)."""

    def __init__(
        self,
        variant: Variant,
        settle: SettleStep,
        decisions: tuple[DecisionStep, ...],
        deals: list[int],
        measures: list[tuple[Any, int]],
        strategy: Strategy | None,
        ante: int,
        env: Any,
    ):
        import numpy as np

        from ..spec.strategy_fit import offered_raises

        self.variant, self.decisions, self.deals, self.measures = variant, decisions, deals, measures
        self.strategy, self.ante = strategy, ante
        self.sizes = list(itertools.accumulate(deals))  # cards held at each decision, then in all
        self.raises = [offered_raises(d, env, ante, variant.deck.ranking) for d in decisions]
        self.options = [([0] if d.stand else []) + r for d, r in zip(decisions, self.raises)]
        # what the raises before each decision may have put out
        self.outs: list[list[int]] = [[0]]
        for opts in self.options:
            self.outs.append(sorted({o + b for o in self.outs[-1] for b in opts}))
        self.classes, self.keys = [], []
        for n in self.sizes[:-1]:  # each decision's classes, in the order of their keys (to be found by them)
            masks, weights = suit_classes(n)
            keys = _keys(masks)
            order = np.argsort(keys)
            self.classes.append((masks[order], weights[order]))
            self.keys.append(keys[order])
        self.moves: dict[int, list[tuple[Any, Any]]] = {}
        self._nets(settle, env)

    def _nets(self, settle: SettleStep, env: Any) -> None:
        """Each value's net on the ante, per chip raised, and outcome (a pay line's index, push, loss)."""
        import numpy as np

        from ..game.settlement import pay_line, settle_position

        ranking = self.variant.deck.ranking
        top = sum(int(table.max()) * weight for table, weight in self.measures)
        on_ante, per_chip, outcome = np.zeros(top + 1), np.zeros(top + 1), np.zeros(top + 1, dtype=np.int64)
        self.labels = [label for label, _ in settle.pay_table]
        for v in range(top + 1):
            paid = settle_position(
                settle, player_value=v, house_value=0, ante=self.ante, raise_amount=self.ante, env=env,
                ranking=ranking, side_stakes={},
            )  # fmt: skip
            on_ante[v], per_chip[v] = paid.ante_net, paid.raise_net / self.ante
            line: tuple[str, int] | None = pay_line(settle, v, ranking)
            outcome[v] = self.labels.index(line[0]) if line else (len(self.labels) if paid.ante_net == 0 else -1)
        self.on_ante, self.per_chip, self.outcome = on_ante, per_chip, outcome

    def result(self) -> ExactResult:
        import numpy as np

        last = len(self.decisions) - 1
        # the last decision: each class's expected net on the ante and per chip raised, over the last deal
        self.last_ante, self.last_chip = self._last_means()
        worth: Any = None  # per class of the next decision, per out: its worth (chips)
        self.choice: list[Any] = [None] * len(self.decisions)
        for j in range(last, -1, -1):
            outs = self.outs[j]
            go_on = (  # the worth of going on with each out after decision j (columns: self.outs[j + 1])
                self.last_ante[:, None] + np.array(self.outs[j + 1])[None, :] * self.last_chip[:, None]
                if j == last
                else self._next_deal(j, worth)
            )
            where = {o: k for k, o in enumerate(self.outs[j + 1])}
            worth = np.zeros((len(self.keys[j]), len(outs)))
            self.choice[j] = np.full((len(self.keys[j]), len(outs)), FOLD, dtype=np.int64)
            for k, out in enumerate(outs):
                columns = {b: go_on[:, where[out + b]] for b in self.options[j]}
                worth[:, k], self.choice[j][:, k] = self._choose(j, out, columns)
        return self._forward()

    def _choose(self, j: int, out: int, going_on: dict[int, Any]) -> tuple[Any, Any]:
        """Decision ``j`` with ``out`` raised before it: the best (or the strategy's) choice per class
        and its worth; ``going_on[b]``: the worth of going on having raised ``b`` more."""
        import numpy as np

        step, n = self.decisions[j], len(self.keys[j])
        options = self.options[j]
        best: Any = np.full(n, -float(self.ante + out)) if step.fold or not options else None
        pick = np.full(n, FOLD, dtype=np.int64)
        wanted = None
        if self.strategy is not None:
            cards = class_cards(self.classes[j][0], self.sizes[j])
            out_of = (self.ante + out) // self.ante
            wanted = strategy_amounts(self.strategy, cards, None, j, step, self.raises[j], self.ante, out_of)
        for b in options:
            value = going_on[b]
            if wanted is not None:
                better = wanted == b
            elif best is None:
                better = np.ones(n, dtype=bool)
            else:
                better = value >= best - 1e-9  # (ties to the larger wager, as the published analyses count)
            best = np.where(better, value, best if best is not None else value)
            pick = np.where(better, b, pick)
        return best, pick

    # --- deals ---------------------------------------------------------------------------------

    def _additions(self, j: int) -> Any:
        """Every set of the next deal's cards after decision ``j``, as (sets, 4) suit masks."""
        import numpy as np

        picks = np.array(list(itertools.combinations(range(52), self.deals[j + 1])), dtype=np.int64)
        masks = np.zeros((len(picks), 4), dtype=np.int64)
        for col in range(picks.shape[1]):
            np.add.at(masks, (np.arange(len(picks)), picks[:, col] & 3), 1 << (picks[:, col] >> 2))
        return masks

    def _chunks(self, j: int) -> Any:
        """Chunks of (class rows, next masks, valid) over every class of decision ``j`` and every set of
        the next deal's cards (valid: the set holds none of the class's cards)."""
        import numpy as np

        masks = self.classes[j][0]
        add = self._additions(j)
        per = max(1, _ROWS // len(add))
        for start in range(0, len(masks), per):
            rows = np.arange(start, min(start + per, len(masks)))
            held = masks[rows][:, None, :]
            valid = ~(held & add[None, :, :]).any(axis=2)
            yield rows, held | add[None, :, :], valid

    def _value(self, masks: Any) -> Any:
        """The ranking's value of hands given as (..., 4) suit masks."""
        return sum(table[masks].max(axis=-1) * weight for table, weight in self.measures)

    def _last_means(self) -> tuple[Any, Any]:
        """Per class of the last decision: the expected net on the ante and per chip raised, over the last deal."""
        import numpy as np

        j = len(self.decisions) - 1
        ante_sum, chip_sum = np.zeros(len(self.keys[j])), np.zeros(len(self.keys[j]))
        for rows, values, valid in self._last_values(j):
            values = np.where(valid, values, 0)
            ante_sum[rows] = np.where(valid, self.on_ante[values], 0).sum(axis=1)
            chip_sum[rows] = np.where(valid, self.per_chip[values], 0).sum(axis=1)
        ways = comb(52 - self.sizes[j], self.deals[-1])
        return ante_sum / ways, chip_sum / ways

    def _last_tally(self, reach: Any) -> Any:
        """The outcomes' tally over the last deal, (outcome, out) -> (probability, chips won), each class
        of the last decision weighed by ``reach`` (per class and out: the chance of the situation)."""
        import numpy as np

        j = len(self.decisions) - 1
        ways = comb(52 - self.sizes[j], self.deals[-1])
        bins = len(self.labels) + 2
        tally = np.zeros((bins, 2))
        for rows, values, valid in self._last_values(j):
            values = np.where(valid, values, 0)
            which = np.broadcast_to(self.outcome[values] % bins, values.shape)[valid]
            for k, out in enumerate(self.outs[j + 1]):
                weight = np.broadcast_to(reach[rows, k][:, None] / ways, values.shape)[valid]
                won = (self.on_ante[values] + out * self.per_chip[values])[valid]
                tally[:, 0] += np.bincount(which, weight, bins)
                tally[:, 1] += np.bincount(which, weight * won, bins)
        return tally

    def _last_values(self, j: int) -> Any:
        """Chunks of (class rows, values, valid) over every class of decision ``j`` and every last deal.
        A last deal of one card changes one suit: each measure of it against the other suits' best."""
        import numpy as np

        if self.deals[-1] > 1:
            yield from ((rows, self._value(masks), valid) for rows, masks, valid in self._chunks(j))
            return
        masks = self.classes[j][0]
        bits = 1 << np.arange(13)
        for start in range(0, len(masks), _ROWS // 52):
            rows = np.arange(start, min(start + _ROWS // 52, len(masks)))
            held = masks[rows][:, :, None]  # (rows, suit, 1)
            value: Any = 0
            for table, weight in self.measures:
                own = table[held[:, :, 0]]
                second, first = np.sort(own, axis=1)[:, -2:].T
                others = np.where(own == first[:, None], second[:, None], first[:, None])  # each suit's others' best
                value = value + weight * np.maximum(table[held | bits], others[:, :, None])
            yield rows, value.reshape(len(rows), 52), ((held & bits) == 0).reshape(len(rows), 52)

    def _next_deal(self, j: int, worth: Any) -> Any:
        """Per class of decision ``j``, per out after it: the average over the next deal of the next
        decision's ``worth`` (per class of it, per out)."""
        import numpy as np

        total = np.zeros((len(self.keys[j]), worth.shape[1]))
        for rows, index in self._moves(j):
            total[rows] = worth[index].sum(axis=1)
        return total / index.shape[1]

    def _moves(self, j: int) -> list[tuple[Any, Any]]:
        """Chunks of (class rows, next classes): for each class of decision ``j``, the class of
        decision ``j + 1`` each deal of the next cards makes (kept: the work back and the pass
        forward both read them)."""
        import numpy as np

        if j not in self.moves:
            found = []
            keys = self.keys[j + 1]
            for rows, masks, valid in self._chunks(j):
                # every class has as many deals of the next cards: C(52 - held, dealt)
                index = np.searchsorted(keys, _keys(masks[valid])).astype(np.int32)
                found.append((rows, index.reshape(len(rows), -1)))
            self.moves[j] = found
        return self.moves[j]

    # --- the pass forward ----------------------------------------------------------------------

    def _forward(self) -> ExactResult:
        import numpy as np

        weights = self.classes[0][1]
        reach = (weights / comb(52, self.deals[0]))[:, None]  # per class and out: the chance of it
        folds, spent = [], 0.0
        self.reached: list[Any] = []  # per decision: each class's and out's chance of being there
        for j in range(len(self.decisions)):
            self.reached.append(reach)
            outs, after = self.outs[j], self.outs[j + 1]
            moved = np.zeros((len(self.keys[j]), len(after)))
            folded = lost = 0.0
            for k, out in enumerate(outs):
                pick = self.choice[j][:, k]
                here = float(reach[pick == FOLD, k].sum())
                folded, lost = folded + here, lost + here * (self.ante + out)  # (the ante and the raises before)
                for b in self.options[j]:
                    moved[:, after.index(out + b)] += np.where(pick == b, reach[:, k], 0)
            folds.append((folded, lost))
            spent += lost
            if j == len(self.decisions) - 1:
                reach = moved
                break
            nxt = np.zeros((len(self.keys[j + 1]), len(after)))
            for rows, index in self._moves(j):
                for k in range(len(after)):
                    share = np.repeat(moved[rows, k] / index.shape[1], index.shape[1])
                    nxt[:, k] += np.bincount(index.reshape(-1), share, len(self.keys[j + 1]))
            reach = nxt
        tally = self._last_tally(reach)
        spent += float((reach * (self.ante + np.array(self.outs[-1], dtype=np.float64))[None, :]).sum())
        lines: dict[str, tuple[float, float]] = {}
        for j, d in enumerate(self.decisions):
            if d.fold:
                lines[f"fold: {d.id or f'decision {j + 1}'}"] = (folds[j][0], -folds[j][1] / self.ante)
        for k, label in enumerate(self.labels):
            lines[label] = (float(tally[k, 0]), float(tally[k, 1]) / self.ante)
        if tally[len(self.labels), 0]:
            lines["push"] = (float(tally[len(self.labels), 0]), 0.0)
        lines["loses"] = (float(tally[-1, 0]), float(tally[-1, 1]) / self.ante)
        edge = -sum(c for _, c in lines.values())
        deals = prod(comb(52 - s, k) for s, k in zip([0, *self.sizes[:-1]], self.deals))
        label = "optimal" if self.strategy is None else self.strategy.name
        average = spent / self.ante
        return ExactResult(self.variant.name, label, edge, average, edge / average, deals, lines, {})


def _keys(masks: Any) -> Any:
    """A hand's class as one number: its four suits' masks, sorted, 13 bits each."""
    import numpy as np

    ordered = np.sort(masks, axis=-1)
    return ordered[..., 0] | ordered[..., 1] << 13 | ordered[..., 2] << 26 | ordered[..., 3] << 39
