"""Two rule sets on the same cards: where and how often the outcome changes.

:func:`compare` deals the same decks to the same players under two variants
and reports side by side what a card room manager choosing house rules asks:
the average pot, how often a hand reaches the showdown, who pays the
bring-in, how often the first player to act changes, how often the winner
changes, chips won per seat and per policy (each with a 95% confidence
interval), and for games against the house the house edge under each::

    >>> from studrules.spec.loader import load_variant
    >>> from studrules.spec.resources import default_variant
    >>> v = load_variant(default_variant())
    >>> c = compare(v, v, deals=20, seed=1)
    >>> c.winner_changes.count, c.pot.a.mean == c.pot.b.mean, c.examples
    (0, True, ())

How the deals are the same:

- deal ``i`` uses a deck shuffled by :func:`deal_seed` ``(seed, i)``; both
  hands are built with that seed, so both draw the same card sequence from the
  top (a variant that deals or burns more cards simply draws further down it);
- the players are ``P1``..``Pn``, clockwise from the dealer's left, each with
  ``stacks`` chips at the start of every deal (deals are independent);
- each seat's policy is the same in both hands and, when it draws random
  numbers, is re-seeded with the same :func:`deal_seed` ``(seed, i, seat)``
  before each deal; with several policies they take turns round the table
  (deal ``i``, seat ``k`` gets policy ``(k + i) mod`` their number), so each
  policy sits in every seat equally often.

Measures, per deal: the *pot* is the chips in the pots of a pot game, or the
chips wagered against the house (antes and raises) in a banked game; a hand
*reaches the showdown* when a hand is shown or read; the *bring-in player* is
the one due to post it (who may complete instead), compared over the deals
where both rule sets have one; the *first to act* of a
round is the player of its first betting action; the *winners* are the
players whose net result is positive. The *winner changes* when those sets
differ, the *result changes* when any player's net differs, the *history*
changes when the events differ. The differences B - A have paired confidence
intervals: the same deals under both rules make them much narrower than
comparing two independent runs.
"""

from __future__ import annotations

import hashlib
import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import StudrulesError
from ..game.events import Event
from ..game.hand import Hand
from ..game.policies import make_policy, play_hand
from ..spec.model import Variant
from .comparison import Comparison, Estimate, Example, Paired, Rate, RoundChange, Side
from .diff import variant_label
from .report_html import bin_counts

# Comparison and its records live in .comparison; Comparison is named here too,
# beside the function that makes it.
__all__ = [
    "compare",
    "Comparison",
    "deal_seed",
    "first_difference",
    "HISTOGRAM_BINS",
    "pot_bins",
]

#: Bins of the pot-size histograms (shared by A and B).
HISTOGRAM_BINS = 20

#: Deals per chunk: a chunk's tally depends only on the seed and its deals,
#: and chunks are added up in order, in one process or on a Dask cluster.
CHUNK = 1000

_Z95 = 1.959963984540054  # the 97.5% quantile of the normal distribution
_ACTIONS = frozenset(("bring_in", "complete", "bet", "raise", "call", "check", "fold"))

Progress = Callable[[int, int], None]


# --------------------------------------------------------------------------
# the comparison


def compare(
    a: Variant,
    b: Variant,
    *,
    deals: int,
    seed: int,
    players: int = 4,
    policies: Sequence[str] | None = None,
    stacks: int | None = None,
    progress: Progress | None = None,
    examples: int = 3,
    labels: tuple[str, str] | None = None,
    dask: str | None = None,
) -> Comparison:
    """Play ``deals`` deals under ``a`` and under ``b`` with the same cards and
    policies and compare them (see the module's documentation).

    ``policies``: names for :func:`studrules.game.policies.make_policy` (default
    ``["check-call"]``), taking turns round the table. ``stacks``: each
    player's chips at the start of every deal (default: 100 times the largest
    stake of either variant, at least 1,000). ``progress(done, total)`` is
    called now and then. ``examples``: how many diverging deals to keep.
    ``labels``: the names the report gives A and B. ``dask``: a Dask
    scheduler's address, or ``"local"``, to play the deals on
    (:mod:`studrules.analysis.distributed`): the deals are played in chunks
    of :data:`CHUNK`, whose tallies are added up in order wherever they were
    played, so the same seed gives the same comparison.

    Ctrl-C stops early: the result covers the deals played (``interrupted``).

    >>> from studrules.spec.loader import load_variant_text
    >>> text = '''
    ... name: one-round
    ... kind: pot
    ... stakes: {ante: 1, bring_in: 2, bet: 10}
    ... steps:
    ...   - ante: {amount: ante}
    ...   - deal: {players: [down, up]}
    ...   - betting: {bet: bet, bring_in: {who: lowest_up_card, amount: bring_in}}
    ...   - deal: {players: [up, up, up]}
    ...   - showdown: {rankings: [high]}
    ... '''
    >>> c = compare(load_variant_text(text), load_variant_text(text, stakes={"bring_in": 5}), deals=10, seed=3, players=3)
    >>> c.pot.a.mean, c.pot.b.mean  # check/call: 3 antes, then the bring-in and two calls of it
    (9.0, 18.0)
    """
    if not isinstance(deals, int) or isinstance(deals, bool) or deals < 1:
        raise StudrulesError(f"the number of deals must be a whole number of at least 1, not {deals!r}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise StudrulesError(f"the seed must be a whole number, not {seed!r}")
    for variant in (a, b):
        _check_seats(variant, players)
    names = tuple(f"P{i + 1}" for i in range(players))
    policy_names = tuple(policies or ("check-call",))
    if stacks is None:
        stacks = _default_stacks(a, b)
    if not isinstance(stacks, int) or isinstance(stacks, bool) or stacks < 1:
        raise StudrulesError(f"stacks must be a whole number of chips, at least 1, not {stacks!r}")
    label_a, label_b = labels or _labels(a, b)
    job = _Job(a, b, names, policy_names, stacks, seed, examples)
    chunks = [(start, min(start + CHUNK, deals)) for start in range(0, deals, CHUNK)]
    tally = _Tally(names, policy_names, examples)
    started = time.perf_counter()
    interrupted = False
    if dask is None:
        step = max(1, deals // 200)

        def tick(done: int) -> None:
            if progress is not None and (done % step == 0 or done == deals):
                progress(done, deals)

        try:
            for start, end in chunks:
                part = _Tally(names, policy_names, examples)
                try:
                    _play_deals(job, start, end, part, tick)
                finally:  # a chunk cut short by Ctrl-C counts the deals it played
                    tally.merge(part)
        except KeyboardInterrupt:
            interrupted = True
    else:
        from .distributed import play_chunks

        def take(index: int, part: _Tally) -> None:  # in the chunks' order, as one process adds them
            tally.merge(part)
            if progress is not None:
                progress(tally.deals, deals)

        try:
            play_chunks(dask, _chunk_tally, job, chunks, take, in_order=True)
        except KeyboardInterrupt:  # the chunks before the first missing one are counted
            interrupted = True
    done = tally.deals
    if done == 0:
        raise KeyboardInterrupt
    seconds = time.perf_counter() - started
    return tally.finish(a, b, label_a, label_b, seed, deals, done, stacks, interrupted, seconds)


def _play_deals(job: _Job, start: int, end: int, tally: _Tally, tick: Callable[[int], None] | None = None) -> _Tally:
    """Deals ``start`` to ``end`` (excluded) played under both rule sets, counted in ``tally``."""
    a, b, names, policy_names = job.a, job.b, job.names, job.policy_names
    players = len(names)
    # one policy object per (variant, seat, name): made once, re-seeded each deal
    made = {}
    for side, variant in (("a", a), ("b", b)):
        for name in dict.fromkeys(policy_names):
            for seat in range(players):
                made[side, seat, name] = make_policy(name, seed=0, variant=variant)
    seed = job.seed
    for i in range(start, end):
        deck = deal_seed(seed, i)
        seating = {names[k]: policy_names[(k + i) % len(policy_names)] for k in range(players)}
        hands = []
        for side, variant in (("a", a), ("b", b)):
            hand = Hand(variant, names, job.stacks, seed=deck)
            chosen = {}
            for k, p in enumerate(names):
                policy = made[side, k, seating[p]]
                _reseed(policy, deal_seed(seed, i, k))
                chosen[p] = policy
            play_hand(hand, chosen)
            hands.append(hand)
        tally.add(i, deck, seating, hands[0], hands[1])
        if tick is not None:
            tick(i + 1)
    return tally


def _chunk_tally(job: _Job, start: int, end: int) -> _Tally:
    """One chunk's tally (a task on a Dask worker)."""
    return _play_deals(job, start, end, _Tally(job.names, job.policy_names, job.examples))


def pot_bins(pots: Sequence[int]) -> tuple[int, tuple[int, int]]:
    """Bins for whole-chip pots: at most :data:`HISTOGRAM_BINS`, each a whole
    number of the steps pots actually differ by, every pot on a bin's low edge
    or inside it (``[low, high)``). Returns the number of bins and their range.

    >>> pot_bins([40, 60, 80, 120])
    (5, (40, 140))
    >>> pot_bins([7, 7])
    (1, (7, 8))
    """
    lo, hi = min(pots), max(pots)
    unit = 0
    for x in pots:
        unit = math.gcd(unit, x - lo)
    unit = unit or 1
    span = (hi - lo) // unit + 1  # distinct steps from the lowest pot to the highest
    per_bin = -(-span // HISTOGRAM_BINS)
    bins = -(-span // per_bin)
    return bins, (lo, lo + bins * per_bin * unit)


def deal_seed(seed: int, *parts: int) -> int:
    """The seed of deal ``parts[0]`` (and of seat ``parts[1]``'s policy) under the run's ``seed``.

    A hash, so each deal's deck depends only on the seed and its number.

    >>> deal_seed(7, 0) == deal_seed(7, 0) != deal_seed(7, 1)
    True
    """
    text = ":".join(str(x) for x in ("studrules-compare", seed, *parts))
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


def first_difference(x: Sequence[Event], y: Sequence[Event]) -> int | None:
    """The index of the first event where two histories part (None when they are the same).

    >>> e = Event("ante", "P1", None, 5)
    >>> first_difference([e, e], [e]), first_difference([e], [e])
    (1, None)
    """
    for i, (p, q) in enumerate(zip(x, y)):
        if p != q:
            return i
    if len(x) != len(y):
        return min(len(x), len(y))
    return None


# --------------------------------------------------------------------------
# helpers


def _check_seats(variant: Variant, players: int) -> None:
    seats = variant.seats
    low, high = seats.min, seats.max
    if seats.positions:
        high = max(high, seats.positions[1])
    if not isinstance(players, int) or isinstance(players, bool) or not low <= players <= high:
        what = "positions" if variant.is_banked else "players"
        raise StudrulesError(f"{variant.name} is played by {low} to {high} {what}, not {players}")


def _default_stacks(a: Variant, b: Variant) -> int:
    biggest = max([*a.stake_values().values(), *b.stake_values().values(), 0])
    return max(1000, 100 * biggest)


def _labels(a: Variant, b: Variant) -> tuple[str, str]:
    la, lb = variant_label(a), variant_label(b)
    if la == lb:
        return f"{la} (A)", f"{lb} (B)"
    return la, lb


def _reseed(policy, seed: int) -> None:
    # a policy that draws random numbers keeps them in its own ``rng``
    rng = getattr(policy, "rng", None)
    if isinstance(rng, random.Random):
        rng.seed(seed)


class _Sum:
    """Sum and sum of squares of per-deal values (ints stay exact)."""

    __slots__ = ("n", "s", "ss")

    def __init__(self):
        self.n = 0
        self.s = 0
        self.ss = 0

    def add(self, x) -> None:
        self.n += 1
        self.s += x
        self.ss += x * x

    def merge(self, other: _Sum) -> None:
        self.n += other.n
        self.s += other.s
        self.ss += other.ss

    def estimate(self) -> Estimate | None:
        n = self.n
        if n == 0:
            return None
        mean = self.s / n
        if n > 1:
            var = max((self.ss - self.s * self.s / n) / (n - 1), 0.0)
            half = _Z95 * math.sqrt(var / n)
        else:
            half = 0.0
        if self.ss * n == self.s * self.s:  # every value the same: no rounding noise
            half = 0.0
        return Estimate(mean, mean - half, mean + half, n)


def _rate(count: int, of: int) -> Rate:
    if of == 0:
        return Rate(0, 0, 0.0, 0.0, 0.0)
    p = count / of
    half = _Z95 * math.sqrt(p * (1 - p) / of) if of > 1 else 0.0
    return Rate(count, of, 100 * p, 100 * max(p - half, 0.0), 100 * min(p + half, 1.0))


def _pot(result) -> int:
    if result.positions is not None:
        return sum((p.get("ante") or 0) + (p.get("raise") or 0) for p in result.positions)
    return sum(p["amount"] for p in result.pots)


def _showdown(hand: Hand, result) -> bool:
    return bool(result.showdown_order) or any(e.type == "show" for e in hand.events)


def _firsts(events: Sequence[Event]) -> dict[int, str]:
    """Each betting round's first action: round -> (player, verb)."""
    out: dict[int, Any] = {}
    for e in events:
        if e.type in _ACTIONS and e.round is not None and e.round not in out:
            out[e.round] = (e.player, e.type)
    return out


def _bring_in_player(firsts: Mapping[int, Any]) -> str | None:
    for r in sorted(firsts):
        player, verb = firsts[r]
        if verb in ("bring_in", "complete"):
            return player
    return None


def _house_edge(result) -> float | None:
    if result.positions is None or result.house_net is None:
        return None
    antes = sum(p.get("ante") or 0 for p in result.positions)
    return 100 * result.house_net / antes if antes else None


@dataclass(frozen=True)
class _Job:
    """What every chunk of a comparison plays with (sent once to each Dask worker)."""

    a: Variant
    b: Variant
    names: tuple[str, ...]
    policy_names: tuple[str, ...]
    stacks: int
    seed: int
    examples: int


class _Tally:
    """Everything counted over the deals."""

    def __init__(self, names: tuple[str, ...], policies: tuple[str, ...], examples: int):
        self.names = names
        self.policy_names = tuple(dict.fromkeys(policies))
        self.want = max(int(examples), 0)
        self.pots: dict[str, list[int]] = {"a": [], "b": []}
        self.pot_diff = _Sum()
        self.show = {"a": _Sum(), "b": _Sum(), "d": _Sum()}
        self.edge = {"a": _Sum(), "b": _Sum(), "d": _Sum()}
        self.seat = {p: {"a": _Sum(), "b": _Sum(), "d": _Sum()} for p in names}
        self.policy = {p: {"a": _Sum(), "b": _Sum(), "d": _Sum()} for p in self.policy_names}
        self.bring_in = {"a": 0, "b": 0}
        self.bring_in_seat = {"a": dict.fromkeys(names, 0), "b": dict.fromkeys(names, 0)}
        self.bring_in_both = 0
        self.bring_in_changed = 0
        self.rounds: dict[int, list[int]] = {}  # round -> [played a, played b, both, changed]
        self.winner = 0
        self.results = 0
        self.history = 0
        self.kept: dict[str, list[Example]] = {"winner": [], "result": [], "history": []}
        self.deals = 0

    def merge(self, other: _Tally) -> None:
        """Add the counts of the next chunk of deals (chunks merged in their order)."""
        self.deals += other.deals
        for key in ("a", "b"):
            self.pots[key].extend(other.pots[key])
            self.bring_in[key] += other.bring_in[key]
            for p, n in other.bring_in_seat[key].items():
                self.bring_in_seat[key][p] += n
        self.pot_diff.merge(other.pot_diff)
        for mine, theirs in [(self.show, other.show), (self.edge, other.edge)]:
            for key in ("a", "b", "d"):
                mine[key].merge(theirs[key])
        for mine_by, theirs_by in [(self.seat, other.seat), (self.policy, other.policy)]:
            for who, accs in theirs_by.items():
                for key in ("a", "b", "d"):
                    mine_by[who][key].merge(accs[key])
        self.bring_in_both += other.bring_in_both
        self.bring_in_changed += other.bring_in_changed
        for r, row in other.rounds.items():
            mine_row = self.rounds.setdefault(r, [0, 0, 0, 0])
            for k in range(4):
                mine_row[k] += row[k]
        self.winner += other.winner
        self.results += other.results
        self.history += other.history
        for why, kept in other.kept.items():
            room = self.want - len(self.kept[why])
            self.kept[why].extend(kept[: max(room, 0)])

    def add(self, deal: int, deck: int, seating: Mapping[str, str], ha: Hand, hb: Hand) -> None:
        self.deals += 1
        ra, rb = ha.result(), hb.result()
        pa, pb = _pot(ra), _pot(rb)
        self.pots["a"].append(pa)
        self.pots["b"].append(pb)
        self.pot_diff.add(pb - pa)
        sa, sb = int(_showdown(ha, ra)), int(_showdown(hb, rb))
        self.show["a"].add(100 * sa)
        self.show["b"].add(100 * sb)
        self.show["d"].add(100 * (sb - sa))
        ea, eb = _house_edge(ra), _house_edge(rb)
        if ea is not None:
            self.edge["a"].add(ea)
        if eb is not None:
            self.edge["b"].add(eb)
        if ea is not None and eb is not None:
            self.edge["d"].add(eb - ea)
        for p in self.names:
            na, nb = ra.net[p], rb.net[p]
            acc = self.seat[p]
            acc["a"].add(na)
            acc["b"].add(nb)
            acc["d"].add(nb - na)
        for name in self.policy_names:
            seats = [p for p in self.names if seating[p] == name]
            if not seats:
                continue
            mean_a: float = sum(ra.net[p] for p in seats) / len(seats)
            mean_b: float = sum(rb.net[p] for p in seats) / len(seats)
            if len(seats) == 1:  # one seat: its whole chips, as by seat
                mean_a, mean_b = int(mean_a), int(mean_b)
            acc = self.policy[name]
            acc["a"].add(mean_a)
            acc["b"].add(mean_b)
            acc["d"].add(mean_b - mean_a)
        fa, fb = _firsts(ha.events), _firsts(hb.events)
        ba, bb = _bring_in_player(fa), _bring_in_player(fb)
        for side, who in (("a", ba), ("b", bb)):
            if who is not None:
                self.bring_in[side] += 1
                self.bring_in_seat[side][who] += 1
        if ba is not None and bb is not None:
            self.bring_in_both += 1
            self.bring_in_changed += ba != bb
        for r in set(fa) | set(fb):
            row = self.rounds.setdefault(r, [0, 0, 0, 0])
            row[0] += r in fa
            row[1] += r in fb
            if r in fa and r in fb:
                row[2] += 1
                row[3] += fa[r][0] != fb[r][0]
        winners_differ = {p for p, v in ra.net.items() if v > 0} != {p for p, v in rb.net.items() if v > 0}
        result_differs = ra.net != rb.net
        split = first_difference(ha.events, hb.events)
        self.winner += winners_differ
        self.results += result_differs
        self.history += split is not None
        if split is None:
            return
        why = "winner" if winners_differ else ("result" if result_differs else "history")
        kept = self.kept[why]
        if len(kept) < self.want:
            kept.append(
                Example(
                    deal,
                    deck,
                    why,
                    split,
                    tuple(ha.events),
                    tuple(hb.events),
                    dict(ra.net),
                    dict(rb.net),
                    dict(seating),
                )
            )

    def finish(self, a, b, label_a, label_b, seed, requested, deals, stacks, interrupted, seconds) -> Comparison:
        pots_a, pots_b = self.pots["a"], self.pots["b"]
        bins, bounds = pot_bins(pots_a + pots_b)
        counts_a, edges = bin_counts(pots_a, bins, bounds)
        counts_b, _ = bin_counts(pots_b, bins, bounds)
        pot_a, pot_b = _Sum(), _Sum()
        for x in pots_a:
            pot_a.add(x)
        for x in pots_b:
            pot_b.add(x)

        def paired(acc) -> Paired:
            return Paired(acc["a"].estimate(), acc["b"].estimate(), acc["d"].estimate())

        def side(variant, label, key) -> Side:
            return Side(
                label=label,
                variant=variant.name,
                kind=variant.kind,
                stakes=variant.stake_values(),
                options=dict(variant.chosen),
                bring_in=_rate(self.bring_in[key], deals),
                bring_in_by_seat=dict(self.bring_in_seat[key]),
            )

        rounds = tuple(RoundChange(r, row[0], row[1], _rate(row[3], row[2])) for r, row in sorted(self.rounds.items()))
        examples = (self.kept["winner"] + self.kept["result"] + self.kept["history"])[: self.want]
        return Comparison(
            a=side(a, label_a, "a"),
            b=side(b, label_b, "b"),
            seed=seed,
            deals=deals,
            requested=requested,
            players=self.names,
            policies=self.policy_names,
            stacks=stacks,
            pot=Paired(pot_a.estimate(), pot_b.estimate(), self.pot_diff.estimate()),
            showdown=paired(self.show),
            house_edge=paired(self.edge),
            bring_in_changes=_rate(self.bring_in_changed, self.bring_in_both),
            first_to_act=rounds,
            winner_changes=_rate(self.winner, deals),
            result_changes=_rate(self.results, deals),
            history_changes=_rate(self.history, deals),
            net_by_seat={p: paired(acc) for p, acc in self.seat.items()},
            net_by_policy={p: paired(acc) for p, acc in self.policy.items()},
            pot_histogram={"edges": list(edges), "a": counts_a, "b": counts_b},
            examples=tuple(examples),
            interrupted=interrupted,
            seconds=seconds,
            pots_a=tuple(pots_a),
            pots_b=tuple(pots_b),
        )
