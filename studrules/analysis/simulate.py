"""House-edge simulation of a game against the house, in batches.

:func:`simulate` plays many independent hands of a banked variant, one
position against the house, with a :class:`~studrules.spec.strategies.Strategy`
deciding every hand, and reports what a game analyst asks for: the house
edge as a percentage of the ante with its 95% confidence interval, the
element of risk (the house edge per chip wagered), how often the player
raises and the house qualifies, and the results by the player's hand::

    >>> from studrules.spec.loader import load_variant, shipped_variants
    >>> banked = next(v for v in map(load_variant, shipped_variants()) if v.is_banked)
    >>> r = simulate(banked, "fold", 1000, seed=1, workers=1)
    >>> r.hands, r.house_edge, r.ci95, r.raise_rate
    (1000, 100.0, (100.0, 100.0), 0.0)

Everything comes from the variant's own steps: the ante (the ante step's
amount), the cards dealt to the player and to the house and which house cards
are up (the deal steps), the raise (the decision step's amount) and the
settlement (the settle step's qualification, odds, pay table, tie rule and
cap), so changing the variant file changes the result. The settlement is the
same as :func:`studrules.game.settlement.settle_position`, computed for whole
arrays of hands (:mod:`studrules.analysis.batch_settlement`); conditions and
amounts written in the variant are compiled scalar expressions, evaluated
once for every distinct value they can read (a hand value, at most 7,462 of
them) and looked up, which is exact. The deal is the standard 52-card deck with the ace low in A-2-3-4-5: a variant
whose ``deck:`` says otherwise is refused with a message.

Reproducible: hands are dealt in chunks of :data:`CHUNK` hands; chunk ``i``
draws from its own generator seeded by ``SeedSequence(seed, spawn_key=(i,))``,
and the tallies are whole numbers summed exactly, so the same seed gives the
same numbers whatever the number of worker processes and in whatever order
the chunks finish.
"""

from __future__ import annotations

import math
import signal
import time
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from ..errors import SpecError
from ..spec.expressions import Expression
from ..spec.model import AnteStep, DealStep, DecisionStep, SettleStep, Variant
from ..spec.strategies import Strategy, load_strategy
from ..spec.strategy_fit import _CARD_NAMES
from .batch_settlement import settle_batch

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np

__all__ = ["CHUNK", "SimulationResult", "HandGroup", "simulate", "deal_batch"]

#: Hands per chunk. Part of the seeding scheme: the same seed and number of
#: hands give the same deals for any number of workers.
CHUNK = 1 << 17

_Z95 = 1.959963984540054  # the 97.5% quantile of the normal distribution

Progress = Callable[[int, int], None]


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
class SimulationResult:
    """What a simulation found. Percentages are of the ante unless said otherwise.

    ``house_edge``: the house's average win per hand, % of the ante;
    ``ci95``: its 95% confidence interval; ``element_of_risk``: the house's
    average win per chip wagered (ante plus raise), %; ``raise_rate`` and
    ``house_qualifies``: shares of hands; ``mean_net``: the player's average
    result per hand in chips; ``std``: the standard deviation of one hand's
    result, in antes; ``by_hand``: results by the player's hand;
    ``interrupted``: stopped early (Ctrl-C): ``hands`` is what was played."""

    variant: str
    strategy: str
    seed: int
    hands: int
    requested: int
    ante: int
    house_edge: float
    ci95: tuple[float, float]
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

    @property
    def half_width(self) -> float:
        """Half the width of the 95% confidence interval, % of the ante."""
        return (self.ci95[1] - self.ci95[0]) / 2

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds if self.seconds > 0 else 0.0

    def to_dict(self) -> dict[str, Any]:
        """A plain dict for JSON output.

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
            "ci95": [self.ci95[0], self.ci95[1]],
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
            "workers": self.workers,
            "seconds": self.seconds,
            "hands_per_second": self.hands_per_second,
        }


def simulate(
    variant: Variant | str,
    strategy: Strategy | str,
    hands: int,
    seed: int,
    *,
    workers: int = 2,
    progress: Progress | None = None,
) -> SimulationResult:
    """Play ``hands`` hands of a banked ``variant`` with ``strategy`` and report the house edge.

    ``variant`` and ``strategy`` are loaded objects or shipped names.
    ``workers``: processes sharing the chunks (1: this process only); the
    numbers do not depend on it. ``progress(done, total)`` is called after
    each chunk. Ctrl-C stops early and returns what was played so far
    (``interrupted`` is then true). A variant or strategy that cannot be
    simulated is a :class:`~studrules.errors.SpecError`.
    """
    if isinstance(variant, str):
        from ..spec.loader import load_variant

        variant = load_variant(variant)
    if isinstance(strategy, str):
        strategy = load_strategy(strategy)
    hands = int(hands)
    if hands < 1:
        raise SpecError(f"the number of hands must be at least 1, not {hands}")
    seed = int(seed)
    if seed < 0:
        raise SpecError(f"the seed must be a whole number 0 or more, not {seed}")
    table = _table(variant, strategy)
    workers = max(1, int(workers))
    sizes = [min(CHUNK, hands - start) for start in range(0, hands, CHUNK)]
    jobs = [(seed, i, n) for i, n in enumerate(sizes)]
    workers = min(workers, len(jobs))
    tally: Counter = Counter()
    done = 0
    interrupted = False
    failure: str | None = None
    started = time.perf_counter()
    if workers == 1:
        try:
            for job in jobs:
                part = _play_chunk(table, *job)
                tally.update(part)
                done += job[2]
                if progress:
                    progress(done, hands)
        except KeyboardInterrupt:
            interrupted = True
    else:
        try:
            failure = _play_in_workers(table, jobs, workers, tally, progress, hands)
        except KeyboardInterrupt:  # raised once the workers are stopped; the tally holds the chunks played
            interrupted = True
        interrupted = interrupted or failure is not None
    seconds = time.perf_counter() - started
    result = _result(variant, strategy, table, tally, seed, hands, workers, seconds, interrupted)
    return replace(result, failure=failure) if failure is not None else result


def _play_in_workers(
    table: _Table, jobs: list[tuple[int, int, int]], workers: int, tally: Counter, progress, hands: int
) -> str | None:
    """The chunks played by worker processes, added to ``tally``; returns,
    when a worker died (killed, out of memory), what happened -- the chunks
    finished before it are kept, and nothing waits forever for the lost one."""
    import multiprocessing
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    pool = ProcessPoolExecutor(workers, mp_context=context, initializer=_init_worker, initargs=(table,))
    done = 0
    failure = None
    try:
        pending = {pool.submit(_worker_chunk, job) for job in jobs}
        while pending and failure is None:
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                if future.exception() is not None:
                    error = future.exception()
                    failure = (
                        "a worker process died (killed, or out of memory)"
                        if type(error).__name__ == "BrokenProcessPool"
                        else f"a worker failed: {error}"
                    )
                    continue
                part, n = future.result()
                tally.update(part)
                done += n
                if progress:
                    progress(done, hands)
    finally:
        for process in list(getattr(pool, "_processes", {}).values()):  # no public way to stop them at once
            process.terminate()
        pool.shutdown(wait=True, cancel_futures=True)
    return failure


# --- the rules of one position, as the workers need them ---------------------


@dataclass(frozen=True)
class _Table:
    """Everything a chunk needs, read from the variant once (and picklable)."""

    strategy: Strategy
    settle: SettleStep
    raise_amount: Expression | None
    may_fold: bool
    ante: int
    env: tuple[tuple[str, int], ...]  # stake values
    player_cards: int
    house_cards: int
    house_up: tuple[int, ...]  # which of the house's cards are dealt face up
    groups: tuple[tuple[str, int], ...]  # hand groups for the report: (name, lowest value), ascending


def _table(variant: Variant, strategy: Strategy) -> _Table:
    name = variant.name
    if not variant.is_banked:
        raise SpecError(
            f"simulate plays games against the house; {name} is a {variant.kind} game (players against each other)"
        )
    strategy.check_fits(variant)
    if not variant.deck.is_standard:
        deck = variant.deck
        what = (
            f"a {deck.cards}-card deck (ranks {deck.ranks})"
            if deck.cards != 52
            else "a deck where the ace is never low (A-2-3-4-5 is not a straight)"
        )
        raise SpecError(
            f"simulate deals from the standard 52-card deck, where A-2-3-4-5 is a straight; {name} uses {what}: "
            "play its hands one by one (studrules play, or the Hand API) instead"
        )
    antes = variant.steps_of(AnteStep)
    decisions = variant.steps_of(DecisionStep)
    settles = variant.steps_of(SettleStep)
    for kind, found in (("ante", antes), ("decision", decisions), ("settle", settles)):
        if len(found) != 1:
            raise SpecError(f"simulate needs exactly one {kind} step in {name}; it has {len(found)}")
    for step in variant.steps:
        if step.when is not None:
            raise SpecError(
                f"simulate cannot play {name}: its step '{step.id}' is played only when '{step.when.source}'",
                step.location,
            )
    env = variant.stake_values()
    ante_step = antes[0]
    ante = int(ante_step.amount(env))
    low = int(ante_step.min(env)) if ante_step.min is not None else None
    high = int(ante_step.max(env)) if ante_step.max is not None else None
    if (low is not None and ante < low) or (high is not None and ante > high) or ante <= 0:
        raise SpecError(f"the ante of {name} is {ante}: it must lie between the table minimum {low} and maximum {high}")
    deals = variant.steps_of(DealStep)
    house_faces = [face for d in deals for face in d.house]
    player_cards = sum(len(d.players) for d in deals)
    if any(d.community for d in deals):
        raise SpecError(f"simulate cannot play {name}: it deals community cards")
    for who, count in (("a player", player_cards), ("the house", len(house_faces))):
        if not 5 <= count <= 9:
            raise SpecError(f"simulate plays hands of 5 to 9 cards; in {name} {who} gets {count}")
    from ..spec.vocabulary import category_constants

    groups = sorted(((n, v) for n, (_, v) in category_constants().items()), key=lambda item: item[1])
    decision = decisions[0]
    if decision.raise_amount is None and any(rule.action == "raise" for rule in strategy.rules):
        raise SpecError(
            f"strategy '{strategy.name}' raises, but the decision step of {name} gives no raise amount",
            decision.location,
        )
    return _Table(
        strategy=strategy,
        settle=settles[0],
        raise_amount=decision.raise_amount,
        may_fold=decision.fold,
        ante=ante,
        env=tuple(env.items()),
        player_cards=player_cards,
        house_cards=len(house_faces),
        house_up=tuple(i for i, face in enumerate(house_faces) if face == "up"),
        groups=tuple(groups),
    )


# --- one chunk ----------------------------------------------------------------

_WORKER_TABLE: _Table | None = None


def _init_worker(table: _Table) -> None:
    global _WORKER_TABLE
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # and a terminate ends a worker quietly
    _WORKER_TABLE = table


def _worker_chunk(job: tuple[int, int, int]) -> tuple[Counter, int]:
    assert _WORKER_TABLE is not None
    return _play_chunk(_WORKER_TABLE, *job), job[2]


def deal_batch(rng: np.random.Generator, hands: int, cards: int) -> np.ndarray:
    """``hands`` rows of ``cards`` distinct card codes (0..51), uniformly at random.

    Each card is drawn uniformly from the 52 and drawn again while it is one
    already dealt to that row, which is a uniform draw from the cards left.

    >>> import numpy as np
    >>> d = deal_batch(np.random.default_rng(5), 4, 10)
    >>> d.shape, all(len(set(row)) == 10 for row in d.tolist())
    ((4, 10), True)
    """
    import numpy as np

    out = np.empty((hands, cards), dtype=np.int64)
    used = np.zeros(hands, dtype=np.uint64)
    one = np.uint64(1)
    for j in range(cards):
        drawn = rng.integers(0, 52, hands)
        while True:
            taken = ((used >> drawn.astype(np.uint64)) & one).astype(bool)
            if not taken.any():
                break
            drawn[taken] = rng.integers(0, 52, int(taken.sum()))
        used |= one << drawn.astype(np.uint64)
        out[:, j] = drawn
    return out


def _play_chunk(table: _Table, seed: int, index: int, hands: int) -> Counter:
    """The tally of one chunk: ``{(group, raised, qualified, net): count, "wagered": chips}``."""
    import numpy as np

    rng = np.random.Generator(np.random.PCG64(np.random.SeedSequence(seed, spawn_key=(index,))))
    cards = deal_batch(rng, hands, table.player_cards + table.house_cards)
    player_value, raised, qualified, net, raise_amount = _play_deals(table, cards)
    group = np.searchsorted(np.array([v for _, v in table.groups]), player_value, side="right") - 1
    small = group * 4 + raised.astype(np.int64) * 2 + qualified.astype(np.int64)
    nets, inverse = np.unique(net, return_inverse=True)
    cells = len(table.groups) * 4
    counts = np.bincount(inverse.reshape(-1) * cells + small, minlength=len(nets) * cells)
    tally: Counter = Counter()
    for key in np.flatnonzero(counts).tolist():
        net_index, cell = divmod(key, cells)
        g, rest = divmod(cell, 4)
        tally[(g, bool(rest & 2), bool(rest & 1), int(nets[net_index]))] = int(counts[key])
    wagered = hands * table.ante + int(np.where(raised, raise_amount, 0).sum())
    tally["wagered"] = wagered
    return tally


def _play_deals(table: _Table, cards: np.ndarray) -> tuple[np.ndarray, ...]:
    """Decide and settle every deal, a row of ``cards``: the player's cards, then the house's.

    Returns ``(player_value, raised, qualified, net, raise_amount)``, one entry per deal.
    The cards of a row must be distinct (:func:`deal_batch` deals them so): they are not checked.
    """
    import numpy as np

    from ..cards.batch import evaluate_batch

    hands = len(cards)
    player = cards[:, : table.player_cards]
    house = cards[:, table.player_cards :]
    player_value = evaluate_batch(player, check=False)
    house_value = evaluate_batch(house, check=False)
    features = _view_batch(table, player, house, player_value)
    raised = table.strategy.decide_batch(features, size=hands) if table.may_fold else np.ones(hands, dtype=bool)
    net, qualified, raise_amount = settle_batch(
        table.settle,
        player_value=player_value,
        house_value=house_value,
        ante=table.ante,
        raised=raised,
        raise_amount=table.raise_amount,
        env=dict(table.env),
    )
    return player_value, raised, qualified, net, raise_amount


def _view_batch(table: _Table, player: np.ndarray, house: np.ndarray, player_value: np.ndarray) -> dict:
    """The strategy's view names for every hand, as arrays (see :data:`~studrules.spec.strategies.VIEW_NAMES`)."""
    import numpy as np

    wanted = table.strategy.names
    features: dict[str, Any] = {}
    if "wagered" in wanted:  # one decision: the ante is all a player has out
        features["wagered"] = np.ones(len(player), dtype=np.int64)
    if table.strategy.reads_cards:  # a table of hands reads the cards themselves
        features["cards"] = player
        if table.house_up:
            features["house_up_cards"] = house[:, list(table.house_up)]
    if "hand" in wanted:
        features["hand"] = player_value
    if wanted & set(_CARD_NAMES) or "matches_house_up" in wanted:  # the names below that read ranks
        ranks = player // 4 + 2
    if wanted & set(_CARD_NAMES):
        ordered = -np.sort(-ranks, axis=1)
        for i, n in enumerate(_CARD_NAMES):
            if n in wanted:
                features[n] = ordered[:, i]
    if table.house_up and wanted & {"house_up", "matches_house_up"}:
        up = house[:, list(table.house_up)] // 4 + 2
        if "house_up" in wanted:
            features["house_up"] = up.max(axis=1)
        if "matches_house_up" in wanted:
            features["matches_house_up"] = (ranks[:, :, None] == up[:, None, :]).any(axis=(1, 2)).astype(np.int64)
    return features


# --- the report --------------------------------------------------------------


def _result(
    variant, strategy, table: _Table, tally: Counter, seed, requested, workers, seconds, interrupted
) -> SimulationResult:
    wagered = tally.pop("wagered", 0)
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
        edge = -100.0 * total / (hands * ante)
        half = 100.0 * _Z95 * std / math.sqrt(hands) / ante
    else:
        mean = std = edge = half = 0.0
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
    return SimulationResult(
        variant=variant.name,
        strategy=strategy.name,
        seed=seed,
        hands=hands,
        requested=requested,
        ante=ante,
        house_edge=edge,
        ci95=(edge - half, edge + half),
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
    )
