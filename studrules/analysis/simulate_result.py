"""What a simulation reports (:class:`SimulationResult`, its hand groups and side bets), and
the report made from the tally of the chunks played (used by :mod:`studrules.analysis.simulate`).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .batch_play import _Table
from .intervals import mean_interval

__all__ = ["HandGroup", "SideBetResult", "SimulationResult"]


@dataclass(frozen=True)
class HandGroup:
    """Results for the player's hands of one kind (``pair``, ``ace_king``...).

    ``frequency``: share of all hands; ``raise_rate``: share of these hands
    raised; ``mean_net``: average result of these hands, in antes."""

    name: str
    hands: int
    frequency: float
    raise_rate: float
    mean_net: float


@dataclass(frozen=True)
class SideBetResult:
    """A side bet's results, per unit staked: ``house_edge`` (%, with its
    ``ci95``, None from a single hand), ``stake`` (chips a hand), ``lines``:
    how often each pay line was hit (a share of hands)."""

    name: str
    stake: int
    hands: int
    house_edge: float
    ci95: tuple[float, float] | None
    net: int
    lines: Mapping[str, float]

    def to_dict(self) -> dict[str, Any]:
        return {
            "stake": self.stake,
            "hands": self.hands,
            "house_edge": self.house_edge,
            "ci95": None if self.ci95 is None else [self.ci95[0], self.ci95[1]],
            "net": self.net,
            "lines": dict(self.lines),
        }


@dataclass(frozen=True)
class SimulationResult:
    """What a simulation found. Percentages are of the ante unless said otherwise.

    ``house_edge``: the house's average win per hand, % of the ante;
    ``ci95``: its 95% confidence interval (Student's t; None from a single hand); ``element_of_risk``: the house's
    average win per chip wagered (ante plus raise), %; ``raise_rate`` and
    ``house_qualifies``: shares of hands; ``mean_net``: the player's average
    result per hand in chips; ``std``: the standard deviation of one hand's
    result, in antes; ``by_hand``: results by the player's hand;
    ``interrupted``: stopped early (Ctrl-C): ``hands`` is what was played.
    The figures are of the ante and the raises; ``side_bets``: each side
    bet placed, apart (:class:`SideBetResult`); ``has_house``: the game
    compares hands with the house's (else ``house_qualifies`` means nothing)."""

    variant: str
    strategy: str
    seed: int
    hands: int
    requested: int
    ante: int
    house_edge: float
    ci95: tuple[float, float] | None
    element_of_risk: float
    raise_rate: float
    house_qualifies: float
    mean_net: float
    std: float
    by_hand: tuple[HandGroup, ...]
    wagered: int
    net: int
    workers: int
    seconds: float
    interrupted: bool = False
    tally: Mapping = field(default_factory=dict, compare=False, repr=False)
    failure: str | None = None  # why the run stopped short other than Ctrl-C (a worker died)
    side_bets: tuple[SideBetResult, ...] = ()
    has_house: bool = True

    @property
    def half_width(self) -> float | None:
        """Half the width of the 95% confidence interval, % of the ante (None from a single hand)."""
        return None if self.ci95 is None else (self.ci95[1] - self.ci95[0]) / 2

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds if self.seconds > 0 else 0.0

    def to_dict(self) -> dict[str, Any]:
        """A plain dict for JSON output.

        >>> from studrules.analysis.simulate import simulate
        >>> from studrules.spec.loader import load_variant, shipped_variants
        >>> banked = next(v for v in map(load_variant, shipped_variants()) if v.is_banked)
        >>> d = simulate(banked, "raise", 2000, seed=3, workers=1).to_dict()
        >>> d["hands"], d["raise_rate"], len(d["ci95"])
        (2000, 1.0, 2)
        """
        return {
            "variant": self.variant,
            "strategy": self.strategy,
            "seed": self.seed,
            "hands": self.hands,
            "requested": self.requested,
            "interrupted": self.interrupted,
            "failure": self.failure,
            "ante": self.ante,
            "house_edge": self.house_edge,
            "ci95": None if self.ci95 is None else [self.ci95[0], self.ci95[1]],
            "element_of_risk": self.element_of_risk,
            "raise_rate": self.raise_rate,
            "house_qualifies": self.house_qualifies,
            "mean_net": self.mean_net,
            "std": self.std,
            "wagered": self.wagered,
            "net": self.net,
            "by_hand": [
                {
                    "hand": g.name,
                    "hands": g.hands,
                    "frequency": g.frequency,
                    "raise_rate": g.raise_rate,
                    "mean_net": g.mean_net,
                }
                for g in self.by_hand
            ],
            "has_house": self.has_house,
            "side_bets": {b.name: b.to_dict() for b in self.side_bets},
            "workers": self.workers,
            "seconds": self.seconds,
            "hands_per_second": self.hands_per_second,
        }


# --- the report --------------------------------------------------------------


def _result(
    variant, strategy, table: _Table, tally: Counter, seed, requested, workers, seconds, interrupted
) -> SimulationResult:
    wagered = tally.pop("wagered", 0)
    side_keys = {k: tally.pop(k) for k in [k for k in tally if k[0] == "side"]}
    hands = sum(tally.values())
    ante = table.ante
    total = sum(net * c for (_, _, _, net), c in tally.items())
    squares = sum(net * net * c for (_, _, _, net), c in tally.items())
    raised = sum(c for (_, r, _, _), c in tally.items() if r)
    qualified = sum(c for (_, _, q, _), c in tally.items() if q)
    if hands:
        mean = total / hands
        variance = (squares * hands - total * total) / (hands * (hands - 1)) if hands > 1 else 0.0
        std = math.sqrt(max(variance, 0.0))
        edge = 100.0 * -total / (hands * ante)  # (no -0.0 for a break-even run)
    else:
        mean = std = edge = 0.0
    groups = []
    for g, (name, _) in enumerate(table.groups):
        cells = {k: c for k, c in tally.items() if k[0] == g}
        n = sum(cells.values())
        if not n:
            continue
        groups.append(
            HandGroup(
                name=name,
                hands=n,
                frequency=n / hands,
                raise_rate=sum(c for k, c in cells.items() if k[1]) / n,
                mean_net=sum(k[3] * c for k, c in cells.items()) / n / ante,
            )
        )
    tally["wagered"] = wagered
    tally.update(side_keys)
    return SimulationResult(
        variant=variant.name,
        strategy=strategy.name,
        seed=seed,
        hands=hands,
        requested=requested,
        ante=ante,
        house_edge=edge,
        ci95=_edge_interval(hands, total, squares, ante),
        element_of_risk=-100.0 * total / wagered if wagered else 0.0,
        raise_rate=raised / hands if hands else 0.0,
        house_qualifies=qualified / hands if hands else 0.0,
        mean_net=mean,
        std=std / ante,
        by_hand=tuple(groups),
        wagered=wagered,
        net=total,
        workers=workers,
        seconds=seconds,
        interrupted=interrupted,
        tally=dict(tally),
        side_bets=_side_results(table, side_keys, hands),
        has_house=table.settle.against != "pay_table",
    )


def _side_results(table: _Table, tally: Mapping, hands: int) -> tuple[SideBetResult, ...]:
    """Each side bet's edge per unit staked with its 95% interval, and its lines' frequencies."""
    out = []
    for bet in table.settle.side_bets:
        stake = int(bet.amount(dict(table.env)))
        if stake <= 0 or not hands or bet.required:  # (a required bet is in the game's own figures)
            continue
        total = tally.get(("side", bet.name, "net"), 0)
        squares = tally.get(("side", bet.name, "square"), 0)
        edge = 100.0 * -total / (hands * stake)
        lines = {label: tally.get(("side", bet.name, "line", k), 0) / hands for k, (label, _) in enumerate(bet.lines)}
        out.append(
            SideBetResult(bet.name, stake, hands, edge, _edge_interval(hands, total, squares, stake), total, lines)
        )
    return tuple(out)


def _edge_interval(hands: int, net: int, squares: int, unit: int) -> tuple[float, float] | None:
    """The 95% interval of the house edge, % of ``unit`` chips, from the players' net chips
    over ``hands`` and its sum of squares: Student's t as ``compare``'s means
    (:func:`~.intervals.mean_interval`), None from fewer than two hands.

    >>> [round(x, 3) for x in _edge_interval(2, -15, 125, 10)]  # nets -10, -5: 75%, give or take 12.706 x 25%
    [-242.655, 392.655]
    >>> _edge_interval(1, -20, 400, 10) is None
    True
    """
    interval = mean_interval(hands, net, squares)
    if interval is None:
        return None
    low, high = interval
    return -100.0 * high / unit, -100.0 * low / unit
