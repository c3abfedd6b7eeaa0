"""What the exact analysis shares between its shapes of game (see :mod:`studrules.analysis.exact`):
the result, the view names a strategy reads over rows of cards, the one step of a kind, a side bet's
edge on the player's hand alone."""

from __future__ import annotations

import functools
import itertools
from collections.abc import Mapping
from dataclasses import dataclass, field
from math import comb
from typing import Any

from ..errors import SpecError
from ..spec.model import SettleStep, Variant
from ..spec.strategies import Strategy

__all__ = ["ExactResult", "FOLD", "chosen_amounts", "features", "one_step", "side_bet_result"]

FOLD = -1  # the code of a fold among the choices (a raise or a stand is its amount, 0 for a stand)


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


def features(strategy: Strategy, cards: Any, up: Any, street: int, wagered: Any = 1) -> dict[str, Any]:
    """The view names the strategy's rules of decision ``street`` read, for rows of ``cards``
    (the player's and the community's) and of the house's ``up`` cards (None: none shown),
    the player having ``wagered`` antes out."""
    import numpy as np

    from ..spec.strategy_fit import _CARD_NAMES
    from ..spec.strategy_shape import SHAPE_NAMES, shape_columns
    from .exact_house import values_of

    rules = strategy.rules_at(street)
    wanted = {n for r in rules if r.when is not None for n in r.when.names}
    features: dict[str, Any] = {"cards": cards}
    if "wagered" in wanted:
        features["wagered"] = np.broadcast_to(np.asarray(wagered, dtype=np.int64), (len(cards),))
    if up is not None:
        features["house_up_cards"] = up
    if "hand" in wanted and strategy.valued_by is not None:  # wild cards counted, as a player's view reads them
        from ..cards.batch import evaluate_rows_wild
        from ..cards.evaluator import MAX_VALUE

        found = evaluate_rows_wild(cards, strategy.valued_by, strategy.ranking)
        features["hand"] = np.minimum(found.astype(np.int64), MAX_VALUE)
    elif "hand" in wanted:
        features["hand"] = values_of(cards, strategy.ranking)
    ranks = cards // 4 + 2
    ordered = -np.sort(-ranks, axis=1)
    for i, n in enumerate(_CARD_NAMES):
        if n in wanted:
            features[n] = ordered[:, i]
    if not SHAPE_NAMES.isdisjoint(wanted):
        features.update(shape_columns(cards, wanted))
    if up is not None and "house_up" in wanted:
        features["house_up"] = (up // 4 + 2).max(axis=1)
    if up is not None and "matches_house_up" in wanted:
        features["matches_house_up"] = (
            (ranks[:, :, None] == (up // 4 + 2)[:, None, :]).any(axis=(1, 2)).astype(np.int64)
        )
    return features


def chosen_amounts(actions: list[str], step: Any, raises: list[int], ante: int) -> list[int]:
    """Each action a strategy names as a choice of ``step``: :data:`FOLD`, 0 (a stand) or the raise
    in chips (``raise``: the least of ``raises``; ``raise Nx``: the largest of ``raises`` up to N
    antes, the least if none is, as simulate and the bots choose; a fold where the decision has
    none: a stand, or the least raise). ``raises``: those some hand may make (where the most reads
    the hand, each hand's is brought down to its own after).

    >>> chosen_amounts(["raise 2x", "raise 3x", "raise", "raise 1x"], None, [10, 20], 10)
    [20, 20, 10, 10]
    """
    from ..spec.strategies import action_size

    codes = []
    for action in actions:
        if action == "fold":
            codes.append(FOLD if step.fold else (0 if step.stand else raises[0]))
        elif action == "stand":
            codes.append(0)
        else:
            n = action_size(action)
            codes.append(raises[0] if n is None else max((a for a in raises if a <= n * ante), default=raises[0]))
    return codes


def strategy_amounts(
    strategy: Strategy, cards: Any, up: Any, street: int, step: Any, raises: list[int], ante: int, wagered: Any = 1
) -> Any:
    """Each row's choice at decision ``street`` as :func:`chosen_amounts` gives it, the strategy
    reading :data:`_CHOICE_ROWS` rows at a time (its view of millions of hands at once took
    gigabytes); ``cards``, ``up`` and ``wagered`` as :func:`features` takes them."""
    import numpy as np

    out = np.empty(len(cards), dtype=np.int64)
    for start in range(0, len(cards), _CHOICE_ROWS):
        part = slice(start, start + _CHOICE_ROWS)
        out_of = wagered if np.ndim(wagered) == 0 else wagered[part]
        view = features(strategy, cards[part], None if up is None else up[part], street, out_of)
        actions, index = strategy.choose_batch(view, len(out[part]), street=street)
        out[part] = np.array(chosen_amounts(actions, step, raises, ante), dtype=np.int64)[index]
    return out


_CHOICE_ROWS = 400_000


def one_step(variant: Variant, kind: type, word: str) -> Any:
    steps = variant.steps_of(kind)
    if len(steps) != 1:
        raise SpecError(f"analyze reads one {word} step; {variant.name} has {len(steps)}")
    return steps[0]


def values_in_ranking(cards: Any, ranking: str, game: str) -> Any:
    """Rows of the player's cards (each standing for every renaming of its suits) valued in a
    side bet's own ``ranking``; a ranking that reads one suit is refused (the rows would not
    stand for their renamings).

    >>> import numpy as np
    >>> values_in_ranking(np.array([[0, 4, 8, 12, 17, 21, 26]]), "longest_suit_run", "x").tolist()  # 2c 3c 4c 5c 6d 7d 8h
    [68]
    """
    from ..cards.rankings import get_ranking
    from .exact_house import values_of

    if getattr(get_ranking(ranking), "suit", None) is not None:
        raise SpecError(
            f"analyze counts hands one per class of suit renaming; a side bet of {game} is paid in the "
            f"{ranking} ranking, which reads one suit: use simulate"
        )
    return values_of(cards, ranking)


def side_bet_on_every_set(
    settle: SettleStep, bet: Any, cards: int, ranking: str, env: Any, game: str, folds: bool = True
) -> dict[str, Any]:
    """:func:`side_bet_result` of a bet paid on a set of ``cards`` cards of its own (the
    player's and the house's together, or the player's own without the community's), every
    set of that many cards as likely as another: counted over all of them, up to seven. In a
    game with a fold (``folds``) it must stand when the player folds (else what the player
    does would weigh in, which this count does not)."""
    import numpy as np

    lost = folds and bet.on_fold != "stand"
    if lost or cards > 7:
        why = "it is lost on a fold" if lost else f"its hand is of {cards} cards, more than seven"
        raise SpecError(
            f"analyze counts a side bet on cards of its own (the player's and the house's, his own, or the "
            f"community's) over every set of them; "
            f"{bet.name} of {game} is not one it counts ({why}): use simulate"
        )
    counted = _every_set(cards, ranking)
    values = np.array([v for v, _ in counted], dtype=np.int64)
    share = np.array([n for _, n in counted], dtype=np.float64) / comb(52, cards)
    return side_bet_result(settle, bet, values, np.ones(len(values), dtype=bool), ranking, share, env)


@functools.lru_cache(maxsize=16)
def _every_set(cards: int, ranking: str) -> tuple[tuple[int, int], ...]:
    """Every set of ``cards`` cards valued in ``ranking``: (value, how many sets), worked once
    per process (the six-card count takes some 2 seconds)."""
    import numpy as np

    from .exact_house import values_of

    tail = min(cards, 4)  # the last cards of each set: every combination of them, laid out once
    rest = np.array(list(itertools.combinations(range(52), tail)), dtype=np.int64)
    counted: dict[int, int] = {}
    for head in itertools.combinations(range(52), cards - tail):
        above = rest[np.searchsorted(rest[:, 0], head[-1], side="right") :] if head else rest
        if not len(above):
            continue
        rows = np.concatenate([np.tile(np.array(head, dtype=np.int64), (len(above), 1)), above], axis=1)
        values, counts = np.unique(values_of(rows, ranking), return_counts=True)
        for v, n in zip(values.tolist(), counts.tolist()):
            counted[v] = counted.get(v, 0) + n
    return tuple(counted.items())


def side_bet_result(
    settle: SettleStep,
    bet: Any,
    values: Any,
    plays: Any,
    ranking: str,
    share: Any,
    env: Any,
    ante: int = 1,
    beaten: Any = None,
    wild_order: tuple[str, str] | None = None,
    won: Any = None,
) -> dict[str, Any]:
    """A side bet's edge per unit staked, over every player hand, each of its ``share`` of the
    situations (a fold loses it unless it stands). A line paid in chips (``pays: chips``, the
    stake collected either way) or a share of the meter is read as the engine settles it, for
    the stake and the meter of ``env`` (a required bet: ``ante``); a line's contribution is its
    net per unit staked. A bet that pushes unless beaten, below every line, loses only in
    ``beaten`` (per row: the share of the house's hands that qualify and beat it). A bet paid
    only on a win (``against_house``) reaches its line in ``won`` (per row: the share of the
    house's hands the hand beats) and is returned on a tie or below every line. The lines
    end with ``loses``: the situations that lose the stake, so that their contributions add
    up to minus the edge. ``wild_order``: where cards are wild (``WildRules.order``)."""
    import numpy as np

    from ..game.settlement import pay_line, side_bet_net

    stake = ante if bet.required else int(bet.amount(env))
    stake = max(stake, 1)  # a chip line pays its chips "for one": per unit of a placed bet
    distinct, inverse = np.unique(values, return_inverse=True)
    found = [pay_line(settle, v, ranking, bet.lines, wild_order) for v in distinct.tolist()]
    labels = [label for label, _ in bet.lines]
    line_of = np.array([labels.index(line[0]) if line else -1 for line in found])[inverse.reshape(-1)]
    kept = plays | (bet.on_fold == "stand")
    lines: dict[str, dict[str, float]] = {}
    ev = -float(share.sum())
    odds_of_a_hit = np.ones(len(share))  # per row: the share of its situations a line reached pays
    if bet.against_house and won is not None and beaten is not None:  # paid on a win, back on a tie or below
        pushed = float(np.sum((share * (1 - beaten - won))[plays]) + np.sum((share * won)[plays & (line_of < 0)]))
        lines["push"] = {"probability": pushed, "contribution": 0.0}
        ev += pushed
        odds_of_a_hit = won
    elif bet.below == "push_unless_beaten" and beaten is not None:  # below every line, played: back unless beaten
        below = plays & (line_of < 0)
        pushed = float(np.sum((share * (1 - beaten))[below]))
        lines["push"] = {"probability": pushed, "contribution": 0.0}
        ev += pushed
    for k, line in enumerate(bet.lines):
        hit = float((share * odds_of_a_hit)[kept & (line_of == k)].sum())
        per_unit = side_bet_net(bet, line, stake, env) / stake
        lines[line[0]] = {"probability": hit, "contribution": hit * per_unit}
        ev += hit * (per_unit + 1)
    # the rest of the situations lose the stake: a hand below every line (beaten, where it pushes
    # unless beaten), a fold where the bet does not stand
    lost = float(share.sum()) - sum(line["probability"] for line in lines.values())
    lines["loses"] = {"probability": lost, "contribution": -lost}
    return {"house_edge": -ev, "lines": lines, "on_fold": bet.on_fold}
