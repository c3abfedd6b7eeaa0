"""The exact house edge of a game against the house, by enumeration (no sampling).

:func:`analyze` counts every deal of the small banked games and reads the
rules from the variant file (the qualifier, the pay tables, the ante bonus,
the side bets, the raises a player may choose), so a changed file changes
the figures. Two shapes of game are counted:

- **one decision against the house's hand** of three cards each: every player hand against every house hand from the 49 cards
  left, 407 million pairs, counted hand by hand over the house hands sorted
  by value. The strategy is a loaded :class:`~studrules.spec.strategies.Strategy`
  or, with ``optimal``, the choice of the better expectation hand by hand.
- **several decisions paid on the hand alone**: hole cards, then a decision before each community card, the five
  cards paid by the pay table. ``optimal`` finds the best raise or fold at every
  decision by working back from the last card (every raise the file allows,
  every card that can come; of two choices worth the same, the larger
  wager); two hole cards are counted by their 169 kinds
  (suits only matter together), weighted by how many hands each stands for.

The house edge is the player's expected loss per unit of the ante; the
element of risk divides it by the average total wagered; a side bet has its
own edge per unit staked.

tests/test_exact.py checks the shipped games' figures against the published
ones.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass, field
from math import comb, factorial
from typing import Any

from ..errors import SpecError
from ..spec.model import AnteStep, DealStep, DecisionStep, SettleStep, Variant
from ..spec.strategies import Strategy

__all__ = ["ExactResult", "analyze"]


@dataclass(frozen=True)
class ExactResult:
    """What :func:`analyze` finds, per unit of the ante.

    ``house_edge``: the player's expected loss per ante; ``average_wager``:
    the average total wagered (ante and raises) per ante; ``element_of_risk``:
    ``house_edge / average_wager``. ``lines``: each outcome's probability and
    its contribution to the player's return (per ante). ``side_bets``: each
    side bet's house edge per unit staked and its lines."""

    variant: str
    strategy: str
    house_edge: float
    average_wager: float
    element_of_risk: float
    deals: int
    lines: Mapping[str, tuple[float, float]] = field(default_factory=dict)
    side_bets: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON data."""
        return {
            "variant": self.variant,
            "strategy": self.strategy,
            "exact": True,
            "deals": self.deals,
            "house_edge": self.house_edge,
            "average_wager": self.average_wager,
            "element_of_risk": self.element_of_risk,
            "lines": {k: {"probability": p, "contribution": c} for k, (p, c) in self.lines.items()},
            "side_bets": {k: dict(v) for k, v in self.side_bets.items()},
        }


def analyze(variant: Variant, strategy: Strategy | None = None, *, optimal: bool = False) -> ExactResult:
    """The exact house edge of ``variant`` played with ``strategy`` (or the optimal play).

    A game of a shape not counted here is a :class:`~studrules.errors.SpecError` that says why.
    """
    if not variant.is_banked:
        raise SpecError(f"analyze is for games against the house; {variant.name} is a {variant.kind} game")
    if strategy is None and not optimal:
        raise SpecError("analyze needs a strategy (--strategy NAME) or --optimal")
    settle = _one(variant, SettleStep, "settle")
    decisions = variant.steps_of(DecisionStep)
    if settle.against == "pay_table":
        return _on_the_hand(variant, settle, decisions, strategy)
    return _against_the_house(variant, settle, decisions, strategy)


# --- one decision against the house's three cards -------------------------------


def _against_the_house(
    variant: Variant, settle: SettleStep, decisions: tuple[DecisionStep, ...], strategy: Strategy | None
) -> ExactResult:
    import numpy as np

    from ..game.settlement import pay_line, raise_odds

    deals = variant.steps_of(DealStep)
    player = sum(len(d.players) for d in deals)
    house = sum(len(d.house) for d in deals)
    house_up = sum(1 for d in deals for face in d.house if face == "up")
    ranking_name = variant.deck.ranking
    three = (player, house, house_up) == (3, 3, 0)
    five = (player, house) == (5, 5) and house_up <= 1 and ranking_name == "high" and variant.deck.is_standard
    if len(decisions) != 1 or not (three or five) or any(d.community for d in deals):
        raise SpecError(
            f"analyze counts games of one decision with three cards each against the house (none shown), or "
            f"five each with at most one house card up, or of several decisions on the hand alone; "
            f"{variant.name} deals {player} and {house} cards ({house_up} up) "
            f"with {len(decisions)} decision(s): use simulate"
        )
    if settle.max_payout is not None:
        raise SpecError(f"analyze does not count a payout cap; {variant.name} has one: use simulate")
    env = variant.stake_values()
    ante = int(_one(variant, AnteStep, "ante").amount(env))
    step = decisions[0]
    names = dict(env, ante=ante, hand=0, house=0)
    play = int(step.raise_amount(names)) if step.raise_amount is not None else 0
    if three:
        hands, values, counts = _three_card_counts(ranking_name, settle.qualify, tuple(sorted(names.items())))
        weights = np.ones(len(hands), dtype=np.int64)
        up = np.full(len(hands), -1, dtype=np.int64)
        deal_count = comb(52, 3) * comb(49, 3)
    else:
        from .exact_five import house_counts

        found = house_counts(lambda v: bool(settle.qualify(dict(names, house=v))), house_up)
        hands, up, weights, values, counts = found.cards, found.up, found.weight, found.value, found.counts
        # every player hand, every up card, every other four (or five) house cards
        deal_count = int(weights.sum()) * found.per_row
    # player-side odds per hand value: the raise's pay table, the ante bonus
    distinct, inverse = np.unique(values, return_inverse=True)
    inverse = inverse.reshape(-1)
    odds = np.array([raise_odds(settle, int(v), ranking_name) for v in distinct], dtype=np.int64)[inverse]
    bonus = np.array(
        [(line[1] if (line := pay_line(settle, int(v), ranking_name, settle.ante_bonus)) else 0) for v in distinct],
        dtype=np.int64,
    )[inverse]
    total = counts.sum(axis=1)
    nq_ante = _unit(settle.not_qualified_ante) * ante
    nq_play = _unit(settle.not_qualified_raise) * play
    tie_ante, tie_play = {"win": (ante * settle.ante_odds, None), "lose": (-ante, -play)}.get(settle.tie, (0, 0))
    win_play = odds * play
    # the chips won over every house hand of the row (integers: exact)
    parts = {
        "house does not qualify": counts[:, 0] * (nq_ante + nq_play),
        "beats the house": counts[:, 1] * (ante * settle.ante_odds + win_play),
        "ties the house": counts[:, 2] * (tie_ante + (win_play if tie_play is None else tie_play)),
        "loses to the house": -counts[:, 3] * (ante + play),
    }
    won = sum(parts.values()) + total * bonus * ante
    if strategy is None:
        plays = won >= -ante * total
        label = "optimal"
    else:
        plays = _decide_rows(strategy, hands, up)
        label = strategy.name
    every = float(weights.sum())
    share = weights / every  # each row's share of the player's situations
    ev_chips = np.where(plays, won, -ante * total) * weights
    house_edge = -float(np.sum(ev_chips / total)) / every / ante
    played = float(share[plays].sum())
    average = float(ante + play * played) / ante
    lines: dict[str, tuple[float, float]] = {"fold": (1 - played, -(1 - played))}
    for what, amounts in parts.items():
        k = list(parts).index(what)
        prob = float(np.sum((counts[:, k] / total * share)[plays]))
        lines[what] = (prob, float(np.sum((amounts / total * share)[plays])) / ante)
    for label_, line_odds in settle.ante_bonus:
        hit = float(share[plays & (bonus == line_odds)].sum())
        lines[f"ante bonus: {label_}"] = (hit, hit * line_odds)
    side = {bet.name: _side_bet(settle, bet, values, plays, ranking_name, share) for bet in settle.side_bets}
    return ExactResult(variant.name, label, house_edge, average, house_edge / average, deal_count, lines, side)


def _decide_rows(strategy: Strategy, hands: Any, up: Any) -> Any:
    """Whether the strategy raises in each row: the player's cards and the house's up card (-1: none)."""
    import numpy as np

    from ..cards.card import Card

    if len(hands) < 100_000:
        return (
            np.array(
                [
                    strategy.decide([Card(int(c)) for c in h], [Card(int(u))] if u >= 0 else [])
                    for h, u in zip(hands, up)
                ]
            )
            == "raise"
        )
    from ..cards.batch import evaluate_batch
    from ..spec.strategy_fit import _CARD_NAMES

    wanted = strategy.names
    features: dict[str, Any] = {}
    if "hand" in wanted:
        features["hand"] = evaluate_batch(hands, check=False)
    ranks = hands // 4 + 2
    ordered = -np.sort(-ranks, axis=1)
    for i, n in enumerate(_CARD_NAMES):
        if n in wanted:
            features[n] = ordered[:, i]
    if "house_up" in wanted:
        features["house_up"] = up // 4 + 2
    if "matches_house_up" in wanted:
        features["matches_house_up"] = (ranks == (up // 4 + 2)[:, None]).any(axis=1).astype(np.int64)
    return strategy.decide_batch(features, len(hands))


_COUNTS: dict[tuple[Any, ...], tuple[Any, Any, Any]] = {}


def _three_card_counts(ranking_name: str, qualify: Any, names: tuple[tuple[str, int], ...]) -> tuple[Any, Any, Any]:
    """Every three-card hand, its value, and against the house hands from the 49 cards left how many
    do not qualify, qualify and lose to it, tie it, beat it (remembered: they do not depend on the strategy)."""
    import numpy as np

    from ..cards.card import Card
    from ..cards.rankings import get_ranking

    key = (ranking_name, qualify, names)
    if key not in _COUNTS:
        ranking = get_ranking(ranking_name)
        hands = np.array(list(itertools.combinations(range(52), 3)), dtype=np.int64)
        masks = np.bitwise_or.reduce(np.left_shift(np.uint64(1), hands.astype(np.uint64)), axis=1)
        values = np.array([int(ranking.evaluate([Card(int(c)) for c in h]) or 0) for h in hands], dtype=np.int64)
        env = dict(names)
        qualifies = np.array([bool(qualify(dict(env, house=int(v)))) for v in values])
        counts = np.zeros((len(hands), 4))
        for i in range(len(hands)):
            free = (masks & masks[i]) == 0
            q = qualifies & free
            better = int(np.count_nonzero(q & (values < values[i])))
            equal = int(np.count_nonzero(q & (values == values[i])))
            in_q = int(np.count_nonzero(q))
            counts[i] = (int(np.count_nonzero(free)) - in_q, better, equal, in_q - better - equal)
        _COUNTS[key] = (hands, values, counts)
    return _COUNTS[key]


def _side_bet(settle: SettleStep, bet: Any, values: Any, plays: Any, ranking: str, share: Any) -> dict[str, Any]:
    """A side bet's edge per unit staked, over every player hand, each of its ``share`` of the
    situations (a fold loses it unless it stands)."""
    import numpy as np

    from ..game.settlement import pay_line

    distinct, inverse = np.unique(values, return_inverse=True)
    found = [pay_line(settle, int(v), ranking, bet.pay_table) for v in distinct]
    labels = [label for label, _ in bet.pay_table]
    line_of = np.array([labels.index(line[0]) if line else -1 for line in found])[inverse.reshape(-1)]
    kept = plays | (bet.on_fold == "stand")
    lines: dict[str, dict[str, float]] = {}
    ev = -float(share.sum())
    for k, (label, odds) in enumerate(bet.pay_table):
        hit = float(share[kept & (line_of == k)].sum())
        lines[label] = {"probability": hit, "contribution": hit * odds}
        ev += hit * (odds + 1)
    return {"house_edge": -ev, "lines": lines, "on_fold": bet.on_fold}


# --- several decisions paid on the hand alone ------------------------------------


def _on_the_hand(
    variant: Variant, settle: SettleStep, decisions: tuple[DecisionStep, ...], strategy: Strategy | None
) -> ExactResult:
    import numpy as np

    from ..cards.batch import evaluate_batch
    from ..cards.evaluator import MAX_VALUE
    from ..game.settlement import pay_line
    from ..spec.vocabulary import hand_constants

    # the order of the hand: hole cards, then a decision before each community card
    order: list[str] = []
    for s in variant.steps:
        if isinstance(s, DealStep):
            order += ["hole"] * len(s.players) + ["board"] * len(s.community)
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
    if strategy is not None and strategy.names:
        raise SpecError(
            f"strategy '{strategy.name}' reads the cards, but its rules decide a single street; for a game of "
            "several decisions analyze plays --optimal (or a strategy that reads no cards: raise, fold)"
        )
    env = variant.stake_values()
    ante = int(_one(variant, AnteStep, "ante").amount(env))
    raises = [_raise_choices(d, env, ante) for d in decisions]
    # each hand value's multiplier of every wager: the line's odds, 0 (push) or -1 (lost)
    push = hand_constants()[settle.push_from][1] if settle.push_from else None
    per_value = np.full(MAX_VALUE + 1, -1.0)
    line_of_value = np.full(MAX_VALUE + 1, -1, dtype=np.int64)
    labels = [label for label, _ in settle.pay_table]
    for v in range(1, MAX_VALUE + 1):
        line = pay_line(settle, v)
        if line is not None:
            per_value[v] = line[1]
            line_of_value[v] = labels.index(line[0])
        elif push is not None and v >= push:
            per_value[v] = 0.0
    five = np.array(list(itertools.combinations(range(52), 5)), dtype=np.int64)
    hand_values = evaluate_batch(five, check=False)
    binom = np.array([[comb(n, k) for k in range(6)] for n in range(53)], dtype=np.int64)
    # by each hand's colex rank (the sum of C(card, place)), which the work back computes
    multiplier = np.empty(len(five))
    multiplier[sum(binom[five[:, r], r + 1] for r in range(5))] = per_value[hand_values]
    total_value = 0.0
    total_wager = 0.0
    for hole, weight in _holes(held):
        rest = np.array([c for c in range(52) if c not in hole], dtype=np.int64)
        value, wager = _work_back(hole, rest, multiplier, binom, raises, decisions, ante, strategy)
        total_value += weight * value
        total_wager += weight * wager
    house_edge = -total_value / ante
    average = total_wager / ante
    return ExactResult(
        variant.name,
        "optimal" if strategy is None else strategy.name,
        house_edge,
        average,
        house_edge / average,
        comb(52, held) * comb(52 - held, streets) * factorial(streets),
    )


def _raise_choices(step: DecisionStep, env: Mapping[str, int], ante: int) -> list[int]:
    names = dict(env, ante=ante, hand=0, house=0)
    if step.raise_amount is None:
        return []
    low = int(step.raise_amount(names))
    if step.raise_max is None:
        return [low]
    high = int(step.raise_max(names))
    unit = max(int(step.raise_unit(names)), 1) if step.raise_unit is not None else 1
    return list(range(low, high + 1, unit))


def _holes(count: int) -> list[tuple[tuple[int, ...], float]]:
    """The hole cards to count, each with its share of all hands: two cards by their 169 kinds (a
    pair, suited, offsuit: suits only matter together), more cards one hand at a time."""
    if count != 2:
        hands = list(itertools.combinations(range(52), count))
        return [(h, 1 / len(hands)) for h in hands]
    out: list[tuple[tuple[int, ...], float]] = []
    for high in range(12, -1, -1):
        for low in range(high, -1, -1):
            if high == low:
                out.append(((4 * high, 4 * high + 1), 6 / 1326))
            else:
                out.append(((4 * high, 4 * low), 4 / 1326))
                out.append(((4 * high, 4 * low + 1), 12 / 1326))
    return out


def _work_back(
    hole: tuple[int, ...],
    rest: Any,
    multiplier: Any,
    binom: Any,
    raises: list[list[int]],
    decisions: tuple[DecisionStep, ...],
    ante: int,
    strategy: Strategy | None,
) -> tuple[float, float]:
    """The value and the average total wager of one set of hole cards: the best choice at each
    decision, worked back from the last community card. Arrays run over the community cards
    dealt so far, in order (one axis per card)."""
    import numpy as np

    m = len(rest)
    streets = len(decisions)
    axes = np.meshgrid(*[np.arange(m)] * streets, indexing="ij")
    cards = np.stack([np.full(axes[0].shape, c) for c in hole] + [rest[a] for a in axes], axis=-1)
    valid = np.ones(axes[0].shape, dtype=bool)
    for a, b in itertools.combinations(axes, 2):
        valid &= a != b
    cards = np.sort(np.where(valid[..., None], cards, np.arange(5)), axis=-1)
    final = np.where(valid, multiplier[sum(binom[cards[..., r], r + 1] for r in range(5))], 0.0)
    # the expected multiplier once all but the last community card are known
    mean_last = final.sum(axis=-1) / (m - streets + 1)

    def distinct(depth: int) -> Any:
        grid = np.meshgrid(*[np.arange(m)] * depth, indexing="ij") if depth else []
        ok = np.ones((m,) * depth, dtype=bool)
        for a, b in itertools.combinations(grid, 2):
            ok &= a != b
        return ok

    def choose(value_of: Any, wagered: int, street: int) -> tuple[Any, Any]:
        """The best of folding (losing what is wagered), standing and each raise: (value, total wagered).
        A strategy that reads no cards always folds (or stands), or always makes the least raise."""
        step = decisions[street]
        options = ([0] if step.stand else []) + raises[street]
        if strategy is not None:
            if strategy.rules[-1].action == "raise":
                options = raises[street][:1]
            else:  # folding where the player may, else standing, else the least raise
                options = [] if step.fold else ([0] if step.stand else raises[street][:1])
        best: Any = -float(wagered) if step.fold or not options else None
        spent: Any = float(wagered)
        for b in options:
            value, total = value_of(b)
            # a choice worth as much as a smaller one is taken: ties go to the larger wager, as the
            # published analyses count the average wager (the edge is the same either way)
            better = True if best is None or strategy is not None else value >= best - 1e-9
            best = np.where(better, value, best if best is not None else value)
            spent = np.where(better, total, spent)
        return best, spent

    def value_at(street: int, wagered: int) -> tuple[Any, Any]:
        """Value and wager arrays over the ``street`` community cards known at decision ``street``."""
        if street == streets - 1:
            return choose(
                lambda b: ((wagered + b) * mean_last, np.full(mean_last.shape, float(wagered + b))), wagered, street
            )
        ok = distinct(street + 1)

        def after(b: int) -> tuple[Any, Any]:
            value, total = value_at(street + 1, wagered + b)
            left = m - street
            return np.where(ok, value, 0).sum(axis=-1) / left, np.where(ok, total, 0).sum(axis=-1) / left

        return choose(after, wagered, street)

    value, total = value_at(0, ante)
    return float(value), float(total)


# --- helpers -------------------------------------------------------------------------


def _one(variant: Variant, kind: type, word: str) -> Any:
    steps = variant.steps_of(kind)
    if len(steps) != 1:
        raise SpecError(f"analyze reads one {word} step; {variant.name} has {len(steps)}")
    return steps[0]


def _unit(payout: Any) -> int:
    """What a payout does to one chip: +odds, 0 or -1."""
    return payout.odds if payout.result == "win" else (-1 if payout.result == "lose" else 0)
