"""What :func:`~studrules.analysis.compare.compare` counts over the deals:
sums with their 95% intervals, the first differences between two histories,
and the tally of one run (or of one chunk of deals, merged in order)."""

from __future__ import annotations

import math
import operator
from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from ..game.events import Event
from ..game.hand import Hand
from ..game.settlement import required_bets
from .compare_lines import decisions, parting_line, side_by_side
from .comparison import Comparison, Estimate, Example, Paired, Rate, RoundChange, Side
from .intervals import mean_interval, rate_interval
from .report_html import bin_counts

#: Bins of the pot-size histograms (shared by A and B).
HISTOGRAM_BINS = 20

_ACTIONS = frozenset(("bring_in", "complete", "bet", "raise", "call", "check", "fold"))
_POSTED = frozenset(("ante", "blind", "kill"))  # the forced bets but the bring-in (which may be completed)


def pot_bins(pots: Collection[int], most: int = HISTOGRAM_BINS) -> tuple[int, tuple[int, int]]:
    """Bins for whole-chip pots: at most ``most``, each a whole
    number of the steps pots actually differ by, every pot on a bin's low edge
    or inside it (``[low, high)``). Returns the number of bins and their range.
    Only the pot sizes matter: each may be given once (a mapping of pot ->
    deals gives its keys).

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
    per_bin = -(-span // most)
    bins = -(-span // per_bin)
    return bins, (lo, lo + bins * per_bin * unit)


#: Pots above this quantile of all pots go to one last "and more" bin when the
#: largest pot lies far beyond it (see :func:`pot_histogram`).
OPEN_BIN_QUANTILE = 0.95


def nearest_rank(counts: Mapping[int, int], q: float) -> int:
    """The nearest-rank ``q`` quantile of the pots counted in ``counts`` (pot
    -> deals): the pot at place ``ceil(q * n)`` (from 1) of the ``n`` pots sorted.

    Pots 10, 10, 10, 20 (three deals of 10, one of 20): the 75th percentile is
    the third, 10; the 80th the fourth, 20:

    >>> nearest_rank({20: 1, 10: 3}, 0.75), nearest_rank({20: 1, 10: 3}, 0.8)
    (10, 20)
    """
    place = max(math.ceil(q * sum(counts.values())) - 1, 0)  # from 0
    seen = 0
    for pot in sorted(counts):
        seen += counts[pot]
        if seen > place:
            return pot
    raise ValueError("no pots counted")


def pot_histogram(counts_a: Mapping[int, int], counts_b: Mapping[int, int]) -> dict[str, Any]:
    """The pot-size histograms of A and B on shared bins, from the deals
    counted for each pot size (pot -> deals): ``edges`` (each bin ``[low,
    high)``), the counts ``a`` and ``b``, and ``last_bin_open``. When the
    largest pot is more than twice as far from the smallest as the 95th
    percentile is, the pots from the percentile up share one last bin ("and
    more"; its high edge is the largest pot + 1), so that a few very large
    pots do not squeeze the rest into the first bars.

    A's pots 10 to 28 and 500, B's twenty pots of 10: of the 40 pots sorted
    (twenty-one 10s, then 11 to 28, then 500) the 38th, the 95th percentile,
    is 27, and 500 - 10 is more than twice 27 - 10; the pots up to 27 get
    one-chip bins from 10 to 28, and 28 and 500 share the last bin:

    >>> h = pot_histogram(dict.fromkeys([*range(10, 29), 500], 1), {10: 20})
    >>> h["last_bin_open"], h["edges"][-2:], h["a"][-1], sum(h["a"]), h["b"][0]
    (True, [28, 501], 2, 20, 20)
    >>> pot_histogram({40: 1, 60: 1}, {80: 1, 120: 1})["last_bin_open"]
    False
    """
    both = Counter(counts_a)
    both.update(counts_b)  # adds the deals of each pot size
    sizes = sorted(x for x, n in both.items() if n)
    if not sizes:
        return {"edges": [0.0], "a": [], "b": [], "last_bin_open": False}
    lo, hi = sizes[0], sizes[-1]
    cap = nearest_rank(both, OPEN_BIN_QUANTILE)
    if cap > lo and hi - lo > 2 * (cap - lo):
        bins, (start, stop) = pot_bins([x for x in sizes if x <= cap], HISTOGRAM_BINS - 1)
        edges = [start + (stop - start) * i / bins for i in range(bins + 1)]
        edges = [int(e) if float(e).is_integer() else e for e in edges]

        def counts(pots: Mapping[int, int]) -> list[int]:
            regular, _ = bin_counts({x: n for x, n in pots.items() if x < stop}, bins, (start, stop))
            return (regular or [0] * bins) + [sum(n for x, n in pots.items() if x >= stop)]

        return {"edges": [*edges, hi + 1], "a": counts(counts_a), "b": counts(counts_b), "last_bin_open": True}
    bins, bounds = pot_bins(sizes)
    bars_a, edges = bin_counts(counts_a, bins, bounds)
    bars_b, _ = bin_counts(counts_b, bins, bounds)
    return {"edges": list(edges), "a": bars_a, "b": bars_b, "last_bin_open": False}


def first_difference(x: Sequence[Event], y: Sequence[Event]) -> int | None:
    """The index of the first event where two histories part (None when they are the same).

    >>> e = Event("ante", "P1", None, 5)
    >>> first_difference([e, e], [e]), first_difference([e], [e])
    (1, None)
    """
    if len(x) == len(y) and x == y:  # (the same history: compared at C speed)
        return None
    for i, (p, q) in enumerate(zip(x, y)):
        if p != q:
            return i
    if len(x) != len(y):
        return min(len(x), len(y))
    return None


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

    def add_count(self, x, n: int) -> None:
        """``n`` deals of value ``x``: as ``n`` calls of :meth:`add` (to the bit for whole numbers)."""
        self.n += n
        self.s += x * n
        self.ss += x * x * n

    def merge(self, other: _Sum) -> None:
        self.n += other.n
        self.s += other.s
        self.ss += other.ss

    def estimate(self) -> Estimate | None:
        """The mean and its 95% interval (Student's t; none from a single deal).

        >>> one, two = _Sum(), _Sum()
        >>> one.add(10); two.add(1); two.add(3)
        >>> one.estimate()
        Estimate(mean=10.0, low=None, high=None, n=1)
        >>> [round(x, 3) for x in (two.estimate().low, two.estimate().high)]  # 2, give or take 12.706
        [-10.706, 14.706]
        """
        n = self.n
        if n == 0:
            return None
        mean = self.s / n
        interval = mean_interval(n, self.s, self.ss)
        if interval is None:
            return Estimate(mean, None, None, n)
        return Estimate(mean, *interval, n)


def _percent_of_deals(acc: _Sum) -> Estimate | None:
    """The percentage of deals where something happened (each deal added as 0
    or 100), its interval Wilson's as for any rate: every deal or none is not
    yet certain (none from a single deal).

    >>> every = _Sum()
    >>> every.add_count(100, 10)
    >>> e = _percent_of_deals(every); e.mean, round(e.low, 1), e.high  # ten in ten: 72.2% to 100%
    (100.0, 72.2, 100.0)
    """
    if acc.n == 0:
        return None
    rate = _rate(round(acc.s / 100), acc.n)
    return Estimate(rate.percent, rate.low, rate.high, acc.n)


def _within(e: Estimate | None, least: float, most: float) -> Estimate | None:
    """``e`` with its interval cut to the values it can take (a percentage of deals: 0 to 100).

    >>> _within(Estimate(50.0, -585.0, 685.0, 2), 0, 100)
    Estimate(mean=50.0, low=0, high=100, n=2)
    """
    if e is None or e.low is None or e.high is None:
        return e
    return Estimate(e.mean, max(e.low, least), min(e.high, most), e.n)


def _paired_add(acc: Mapping[str, _Sum], x: Any, y: Any) -> None:
    """``acc["a"].add(x)``, ``acc["b"].add(y)`` and ``acc["d"].add(y - x)`` in one call."""
    for key, value in (("a", x), ("b", y), ("d", y - x)):
        total = acc[key]
        total.n += 1
        total.s += value
        total.ss += value * value


def _rate(count: int, of: int) -> Rate:
    """``count`` of ``of`` deals as a :class:`Rate`, its 95% interval Wilson's
    (none from fewer than two deals).

    >>> _rate(1, 1)
    Rate(count=1, of=1, percent=100.0, low=None, high=None)
    >>> r = _rate(2, 2); r.percent, round(r.low, 1), r.high  # two in two: not yet certain
    (100.0, 34.2, 100.0)
    """
    if of == 0:
        return Rate(0, 0, 0.0, 0.0, 0.0)
    interval = rate_interval(count, of)
    if interval is None:
        return Rate(count, of, 100 * count / of, None, None)
    return Rate(count, of, 100 * count / of, 100 * interval[0], 100 * interval[1])


def _pot(result, required: int = 0) -> int:
    """The chips in play: a pot game's pots; against the house each position's ante (once
    more for each of the ``required`` bets staked at it) and raises."""
    if result.positions is not None:
        return sum((p.get("ante") or 0) * (1 + required) + (p.get("raise") or 0) for p in result.positions)
    return sum(p["amount"] for p in result.pots)


_TYPE = operator.itemgetter(0)


def _showdown(hand: Hand, result) -> bool:
    # (a hand is shown near the end: looked for from there)
    return bool(result.showdown_order) or "show" in map(_TYPE, reversed(hand.events))


def _firsts(events: Sequence[Event]) -> dict[int, str]:
    """Each betting round's first action: round -> (player, verb)."""
    out: dict[int, Any] = {}
    actions = _ACTIONS
    for e in events:
        if e[0] in actions:
            rnd = e[2]
            if rnd is not None and rnd not in out:
                out[rnd] = (e[1], e[0])
    return out


def _forced_bets_differ(x: Sequence[Event], y: Sequence[Event]) -> bool:
    """Whether two histories' forced bets differ: the antes, blinds and kills
    posted (who, how much), or, in a round with a bring-in played under both,
    who was due to post it, or how much where both posted it. A player due to
    bring in who completes instead chose to: his bring-in counts by who, not
    by what he did (a completion is no forced bet)."""
    posted_x, due_x, rounds_x = _forced(x)
    posted_y, due_y, rounds_y = _forced(y)
    if posted_x != posted_y:
        return True
    for r in rounds_x & rounds_y:
        (px, ax), (py, ay) = due_x.get(r, (None, None)), due_y.get(r, (None, None))
        if px != py or (ax is not None and ay is not None and ax != ay):
            return True
    return False


def _forced(events: Sequence[Event]) -> tuple[list[tuple[Any, ...]], dict[int, tuple[Any, Any]], set[int]]:
    """A hand's forced bets: the antes, blinds and kills posted (kind, who, how
    much); each round's bring-in, who was due to post it and what he posted
    (None: he completed instead); and the betting rounds played.

    A round's first action is the bring-in when it is one, or a completion
    (the player due completes instead) unless a blind was posted before the
    round (then a completion completes the blind)."""
    posted, due, rounds = [], {}, set()
    blind = False
    actions = _ACTIONS
    for e in events:
        kind = e[0]
        if kind in _POSTED:
            posted.append((kind, e[1], e[3]))
            blind = blind or kind == "blind"
        elif kind in actions and e[2] is not None and e[2] not in rounds:
            rounds.add(e[2])
            if kind == "bring_in" or (kind == "complete" and not blind):
                due[e[2]] = (e[1], e[3] if kind == "bring_in" else None)
            blind = False
    return posted, due, rounds


def _bring_in_player(firsts: Mapping[int, Any]) -> str | None:
    for r in sorted(firsts):
        player, verb = firsts[r]
        if verb in ("bring_in", "complete"):
            return player
    return None


def _winners(result) -> set[str]:
    """Who wins the hand: the players who take a pot or a share of one, whatever
    their net (a player who takes back no more than he put in still takes the
    pot; an uncalled bet given back is no pot won); against the house, the
    players who settle ahead of it."""
    if result.positions is not None:
        return {p for p, v in result.net.items() if v > 0}
    return {p for pot in result.pots if not pot.get("uncalled") for p in pot["winners"]}


def _house_edge(result) -> float | None:
    if result.positions is None or result.house_net is None:
        return None
    antes = sum(p.get("ante") or 0 for p in result.positions)
    return 100 * result.house_net / antes if antes else None


def _cards_differ(xa: Sequence[Event], xb: Sequence[Event]) -> bool:
    """Whether one history deals a seat (or the board) another card than the other does where
    the deals part: a card burned or dealt in one alone shifts the deck. Where they part
    because another seat is dealt next (a player folded in one alone), the play parted them,
    not the cards.

    >>> from studrules.cards.card import parse_card
    >>> def deal(who, code): return Event("deal", who, card=parse_card(code))
    >>> _cards_differ([deal("P1", "As"), deal("P2", "Kd")], [deal("P1", "As"), deal("P2", "Qh")])
    True
    >>> _cards_differ([deal("P1", "As"), deal("P2", "Kd")], [deal("P1", "As"), deal("P3", "Kd")])
    False
    """
    da = [e for e in xa if e.type == "deal" or e.type == "burn"]
    db = [e for e in xb if e.type == "deal" or e.type == "burn"]
    for ea, eb in zip(da, db):
        if (ea.type, ea.player, ea.card) != (eb.type, eb.player, eb.card):
            return ea.type != eb.type or ea.player == eb.player
    return False


class _Tally:
    """Everything counted over the deals."""

    def __init__(self, names: tuple[str, ...], policies: tuple[str, ...], examples: int):
        self.names = names
        self.policy_names = tuple(dict.fromkeys(policies))
        self.want = max(int(examples), 0)
        self.pots: dict[str, Counter[int]] = {"a": Counter(), "b": Counter()}  # pot -> deals
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
        self.amounts = 0
        self.forced = 0
        self.play = 0
        self.amounts_only = 0
        self.history = 0
        self.cards = 0  # deals where a seat is dealt other cards
        self.kept: dict[str, list[Example]] = {"winner": [], "bring_in": [], "play": []}
        self.deals = 0

    def merge(self, other: _Tally) -> None:
        """Add the counts of the next chunk of deals (chunks merged in their order)."""
        self.deals += other.deals
        for key in ("a", "b"):
            self.pots[key].update(other.pots[key])  # adds the deals of each pot size
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
        for count in ("winner", "results", "amounts", "forced", "play", "amounts_only", "history", "cards"):
            setattr(self, count, getattr(self, count) + getattr(other, count))
        for why, kept in other.kept.items():
            room = self.want - len(self.kept[why])
            self.kept[why].extend(kept[: max(room, 0)])

    def add(self, deal: int, deck: int, seating: Mapping[str, str], ha: Hand, hb: Hand) -> None:
        self.deals += 1
        ra, rb = ha.result(), hb.result()
        pa, pb = _pot(ra, len(required_bets(ha.variant))), _pot(rb, len(required_bets(hb.variant)))
        self.pots["a"][pa] += 1
        self.pots["b"][pb] += 1
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
        net_a, net_b = ra.net, rb.net
        for p in self.names:
            _paired_add(self.seat[p], net_a[p], net_b[p])
        for name in self.policy_names:
            seats = [p for p in self.names if seating[p] == name]
            if not seats:
                continue
            mean_a: float = sum(net_a[p] for p in seats) / len(seats)
            mean_b: float = sum(net_b[p] for p in seats) / len(seats)
            if len(seats) == 1:  # one seat: its whole chips, as by seat
                mean_a, mean_b = int(mean_a), int(mean_b)
            _paired_add(self.policy[name], mean_a, mean_b)
        xa, xb = ha.events, hb.events
        split = first_difference(xa, xb)  # the histories are the same before it
        fa = _firsts(xa)
        fb = fa if split is None else _firsts(xb)
        ba, bb = _bring_in_player(fa), _bring_in_player(fb)
        for side, who in (("a", ba), ("b", bb)):
            if who is not None:
                self.bring_in[side] += 1
                self.bring_in_seat[side][who] += 1
        if ba is not None and bb is not None:
            self.bring_in_both += 1
            self.bring_in_changed += ba != bb
        bring_in_differs = ba != bb
        for r in set(fa) | set(fb):
            row = self.rounds.setdefault(r, [0, 0, 0, 0])
            row[0] += r in fa
            row[1] += r in fb
            if r in fa and r in fb:
                row[2] += 1
                row[3] += fa[r][0] != fb[r][0]
        wa, wb = _winners(ra), _winners(rb)
        winners_differ = wa != wb
        outcome_differs = any((ra.net[p] > 0) - (ra.net[p] < 0) != (rb.net[p] > 0) - (rb.net[p] < 0) for p in ra.net)
        amounts_differ = ra.net != rb.net
        play_differs = split is not None and decisions(ha.actions) != decisions(hb.actions)
        self.winner += winners_differ
        self.results += outcome_differs
        self.amounts += amounts_differ
        self.forced += split is not None and _forced_bets_differ(xa, xb)
        self.play += play_differs
        self.amounts_only += not play_differs and not outcome_differs and amounts_differ
        self.history += split is not None
        self.cards += split is not None and _cards_differ(xa, xb)
        if not (winners_differ or bring_in_differs or play_differs):
            return
        why = "winner" if winners_differ else ("bring_in" if bring_in_differs else "play")
        kept = self.kept[why]
        if len(kept) < self.want:
            lines = side_by_side(xa, xb)
            kept.append(
                Example(
                    deal=deal,
                    deck_seed=deck,
                    why=why,
                    first_difference=parting_line(lines, xa, xb),
                    events_a=tuple(xa),
                    events_b=tuple(xb),
                    net_a=dict(ra.net),
                    net_b=dict(rb.net),
                    policies=dict(seating),
                    winners_a=tuple(sorted(wa)),
                    winners_b=tuple(sorted(wb)),
                    lines=lines,
                    play_changes=play_differs,
                )
            )

    def finish(self, a, b, label_a, label_b, seed, requested, deals, stacks, interrupted, seconds) -> Comparison:
        pots_a, pots_b = dict(sorted(self.pots["a"].items())), dict(sorted(self.pots["b"].items()))
        histogram = pot_histogram(pots_a, pots_b)
        pot_a, pot_b = _Sum(), _Sum()
        for acc, counts in ((pot_a, pots_a), (pot_b, pots_b)):
            for x, n in counts.items():
                acc.add_count(x, n)

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
                deck=len(variant.deck.contents()),
                kill=variant.kill is not None,
            )

        rounds = tuple(RoundChange(r, row[0], row[1], _rate(row[3], row[2])) for r, row in sorted(self.rounds.items()))
        examples = (self.kept["winner"] + self.kept["bring_in"] + self.kept["play"])[: self.want]
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
            showdown=Paired(
                _percent_of_deals(self.show["a"]),
                _percent_of_deals(self.show["b"]),
                _within(self.show["d"].estimate(), -100, 100),
            ),
            house_edge=paired(self.edge),
            bring_in_changes=_rate(self.bring_in_changed, self.bring_in_both),
            first_to_act=rounds,
            winner_changes=_rate(self.winner, deals),
            result_changes=_rate(self.results, deals),
            history_changes=_rate(self.history, deals),
            forced_bet_changes=_rate(self.forced, deals),
            play_changes=_rate(self.play, deals),
            amounts_only_changes=_rate(self.amounts_only, deals),
            amount_changes=_rate(self.amounts, deals),
            card_changes=_rate(self.cards, deals),
            net_by_seat={p: paired(acc) for p, acc in self.seat.items()},
            net_by_policy={p: paired(acc) for p, acc in self.policy.items()},
            pot_histogram=histogram,
            examples=tuple(examples),
            interrupted=interrupted,
            same_decks=a.deck.contents() == b.deck.contents(),
            seconds=seconds,
            pot_counts_a=pots_a,
            pot_counts_b=pots_b,
        )
