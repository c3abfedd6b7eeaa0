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
from math import comb
from typing import Any

from ..errors import SpecError
from ..spec.model import AnteStep, DealStep, DecisionStep, SettleStep, Variant
from ..spec.strategies import Strategy
from .exact_base import ExactResult, features, one_step

__all__ = ["ExactResult", "analyze"]


def analyze(
    variant: Variant, strategy: Strategy | None = None, *, optimal: bool = False, record: list[Any] | None = None
) -> ExactResult:
    """The exact house edge of ``variant`` played with ``strategy`` (or the optimal play).

    A game of a shape not counted here is a :class:`~studrules.errors.SpecError` that says why.
    ``record``: the optimal play's choices are added to it, ``(street, cards, up, actions,
    wagered)`` per decision (rows of the player's cards and of the house's up cards, None when
    it shows none; each row's action as a strategy writes it; the antes out before it), for
    :mod:`.strategy_writer`.
    """
    if not variant.is_banked:
        raise SpecError(f"analyze is for games against the house; {variant.name} is a {variant.kind} game")
    if strategy is None and not optimal:
        raise SpecError("analyze needs a strategy (--strategy NAME) or --optimal")
    settle = one_step(variant, SettleStep, "settle")
    decisions = variant.steps_of(DecisionStep)
    if strategy is not None:
        strategy.check_fits(variant)
    if settle.against == "pay_table":
        from ..spec.strategy_fit import offered_raises
        from .exact_streets import action_words, on_the_hand

        found: list[Any] | None = [] if record is not None else None
        result = on_the_hand(variant, settle, decisions, strategy, found)
        if record is not None and found is not None:
            env = variant.stake_values()
            ante = int(one_step(variant, AnteStep, "ante").amount(env))
            offered = [offered_raises(d, env, ante) for d in decisions]
            for street, cards, choices, wagered in found:
                words = {int(c): action_words(int(c), offered[street], ante) for c in set(choices.tolist())}
                record.append((street, cards, None, [words[int(c)] for c in choices.tolist()], wagered))
        return result
    return _against_the_house(variant, settle, decisions, strategy, record)


# --- one decision against the house's three cards -------------------------------


def _against_the_house(
    variant: Variant,
    settle: SettleStep,
    decisions: tuple[DecisionStep, ...],
    strategy: Strategy | None,
    record: list[Any] | None = None,
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
    ante = int(one_step(variant, AnteStep, "ante").amount(env))
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
    if record is not None:
        shown = up[:, None] if (up >= 0).all() else None
        record.append((0, hands, shown, np.where(plays, "raise", "fold"), np.ones(len(hands), dtype=np.int64)))
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
    side = {bet.name: _side_bet(settle, bet, values, plays, ranking_name, share, env) for bet in settle.side_bets}
    return ExactResult(variant.name, label, house_edge, average, house_edge / average, deal_count, lines, side)


def _decide_rows(strategy: Strategy, hands: Any, up: Any) -> Any:
    """Whether the strategy raises in each row: the player's cards and the house's up card (-1: none)."""
    shown = up[:, None] if (up >= 0).all() else None
    return strategy.decide_batch(features(strategy, hands, shown, 0), len(hands))


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


def _side_bet(
    settle: SettleStep, bet: Any, values: Any, plays: Any, ranking: str, share: Any, env: Any
) -> dict[str, Any]:
    """A side bet's edge per unit staked, over every player hand, each of its ``share`` of the
    situations (a fold loses it unless it stands). A line paid in chips (``pays: chips``, the
    stake collected either way) or a share of the meter is read as the engine settles it, for
    the stake and the meter of ``env``; a line's contribution is its net per unit staked."""
    import numpy as np

    from ..game.settlement import pay_line, side_bet_net

    stake = max(int(bet.amount(env)), 1)  # a chip line pays its chips "for one": per unit of a placed bet
    distinct, inverse = np.unique(values, return_inverse=True)
    found = [pay_line(settle, int(v), ranking, bet.lines) for v in distinct]
    labels = [label for label, _ in bet.lines]
    line_of = np.array([labels.index(line[0]) if line else -1 for line in found])[inverse.reshape(-1)]
    kept = plays | (bet.on_fold == "stand")
    lines: dict[str, dict[str, float]] = {}
    ev = -float(share.sum())
    for k, line in enumerate(bet.lines):
        hit = float(share[kept & (line_of == k)].sum())
        per_unit = side_bet_net(bet, line, stake, env) / stake
        lines[line[0]] = {"probability": hit, "contribution": hit * per_unit}
        ev += hit * (per_unit + 1)
    return {"house_edge": -ev, "lines": lines, "on_fold": bet.on_fold}


# --- helpers -------------------------------------------------------------------------


def _unit(payout: Any) -> int:
    """What a payout does to one chip: +odds, 0 or -1."""
    return payout.odds if payout.result == "win" else (-1 if payout.result == "lose" else 0)
