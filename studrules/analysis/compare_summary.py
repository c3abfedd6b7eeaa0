"""A comparison in one plain paragraph: which rule set favours whom, by how
much, and whether the difference is beyond the noise of the deals played.

A difference is *beyond the noise* when its paired 95% confidence interval
(B - A deal by deal) leaves out zero; otherwise the paragraph says that the
deals cannot tell the rule sets apart on that measure. Numbers are given to
three significant figures (:func:`~studrules.analysis.report_html.figures`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from .comparison import Comparison, Estimate, Paired, Rate
from .report_html import figures, percent_figures

if TYPE_CHECKING:
    from .compare_exact import ExactPair

__all__ = ["plain_summary", "beyond_noise"]

_DIFFERENCES = "the difference's"


def beyond_noise(e: Estimate | None) -> bool:
    """Whether a difference's 95% interval leaves out zero (a single deal has no interval: never).

    >>> beyond_noise(Estimate(1.1, 0.3, 2.0, 100)), beyond_noise(Estimate(-0.8, -1.7, 0.06, 100))
    (True, False)
    >>> beyond_noise(Estimate(10, None, None, 1))
    False
    """
    if e is None or e.low is None or e.high is None:
        return False
    return e.low > 0 or e.high < 0


def plain_summary(c: Comparison) -> str:
    """The paragraph that opens a report.

    >>> from studrules.spec.examples import example_variant  # (ante 1, bet 10)
    >>> from studrules.analysis.compare import compare
    >>> a, b = (example_variant("bring-in", stakes={"bring_in": chips}) for chips in (2, 5))
    >>> c = compare(a, b, deals=50, seed=3, players=3, policies=["check-call"], labels=("A", "B"))
    >>> print(plain_summary(c).split(". ")[1])
    The average pot is 9 chips larger under B (18 against 9), beyond the noise
    """
    n = f"{c.deals:,} deal{'s' if c.deals != 1 else ''}"
    sentences = [_favours(c, n), *map(_counted, c.exact)]
    pot = _pot(c)
    if pot:
        sentences.append(pot)
    sentences.append(_how_often(c))
    return " ".join(s if s.endswith(".") else s + "." for s in sentences)


# --- helpers ---------------------------------------------------------------


def _interval(e: Estimate) -> str:
    if e.low is None or e.high is None:
        return "no 95% interval from one deal" if e.n <= 1 else f"no 95% interval from {e.n:,} equal deals"
    return f"95% interval {figures(e.low, signed=True)} to {figures(e.high, signed=True)}"


def _within(e: Estimate, whose: str) -> str:
    """Why a difference is not beyond the noise: its interval includes 0, or one deal gives none."""
    if e.low is None or e.high is None:
        return "one deal gives no interval" if e.n <= 1 else f"{e.n:,} deals of one same value give no interval"
    return f"{whose} {_interval(e)} includes 0"


def _favours(c: Comparison, n: str) -> str:
    who = f"B ({c.b.label})"
    edge = c.house_edge.difference
    if edge is not None and c.house_edge.a is not None and c.house_edge.b is not None:
        a, b = c.house_edge.a.mean, c.house_edge.b.mean
        if beyond_noise(edge):
            side = "the house" if edge.mean > 0 else "the players"
            more = "higher" if edge.mean > 0 else "lower"
            return (
                f"{who} favours {side}: the house edge (side bets included) is {figures(abs(edge.mean))} points of the antes {more} "
                f"than under A ({percent_figures(b)}% against {percent_figures(a)}%; {_interval(edge)})"
            )
        if edge.mean == 0 and edge.low == edge.high == 0:
            return (
                f"The house edge (side bets included) is the same under both rule sets over {n}: {percent_figures(a)}%"
            )
        return (
            f"Neither rule set favours the house beyond the noise of {n}: its edge (side bets included) is {percent_figures(a)}% under A "
            f"and {percent_figures(b)}% under B ({_within(edge, _DIFFERENCES)})"
        )
    by_policy = len(c.net_by_policy) > 1
    measures: Mapping[str, Paired] = c.net_by_policy if by_policy else c.net_by_seat
    noun = "bot" if by_policy else "seat"
    diffs = {k: p.difference for k, p in measures.items() if p.difference is not None}
    if not diffs:
        return f"No {noun} played under both rule sets"
    if by_policy:  # "the random bots", "the random bots'"
        diffs = {f"the {k} bots": e for k, e in diffs.items()}
    clear = {k: e for k, e in diffs.items() if beyond_noise(e)}
    if not clear:
        name, e = max(diffs.items(), key=lambda kv: abs(kv[1].mean))
        if e.mean == 0:
            return f"Every {noun} wins and loses the same chips under both rule sets over {n}"
        whose = f"{name}'" if by_policy else f"{name}'s"
        return (
            f"Neither rule set favours any {noun} beyond the noise of {n}: the largest change, {whose}, is "
            f"{figures(e.mean, signed=True)} chips a deal under B ({_within(e, 'its')})"
        )
    gains = sorted(((k, e) for k, e in clear.items() if e.mean > 0), key=lambda kv: -kv[1].mean)
    losses = sorted(((k, e) for k, e in clear.items() if e.mean < 0), key=lambda kv: kv[1].mean)
    parts = []
    if gains:
        parts.append("favours " + _list(gains))
    if losses:
        parts.append(("and costs " if gains else "costs ") + _list(losses))
    return f"Against A ({c.a.label}), {who} " + " ".join(parts) + f", beyond the noise of {n}"


def _counted(pair: ExactPair) -> str:
    """What the exact count of one bot's play says: the house edge under A and B, and each side bet's."""
    plays = (
        pair.strategy_a
        if pair.strategy_a == pair.strategy_b
        else f"{pair.strategy_a} under A and {pair.strategy_b} under B"
    )
    how = "each game played optimally" if pair.optimal else f"the {pair.who} playing {plays}"
    text = f"Counted exactly over every deal, {how}, " + _edge_change(
        "the house edge", pair.a.house_edge, pair.b.house_edge, "of the ante"
    )
    mine, theirs = pair.a.side_bets, pair.b.side_bets
    for name in dict.fromkeys([*mine, *theirs]):
        what = f"the {name.replace('_', ' ')} side bet's"
        if name in mine and name in theirs:
            text += "; " + _edge_change(what, mine[name]["house_edge"], theirs[name]["house_edge"], "")
        else:  # (a side bet of one game alone)
            side, other = ("A", "B") if name in mine else ("B", "A")
            edge = (mine if name in mine else theirs)[name]["house_edge"]
            text += f"; {what} is {edge:.4%} under {side}, which {other} does not offer"
    return text


def _edge_change(what: str, a: float, b: float, unit: str) -> str:
    """One edge under A and B in words (``unit`` after the figures, if any).

    >>> _edge_change("the house edge", 0.0337, 0.0359, "of the ante")
    'the house edge is 0.2200 points higher under B (3.5900% against 3.3700% of the ante)'
    >>> _edge_change("its edge", 0.05, 0.05, "")
    'its edge is 5.0000% under both'
    """
    after = f" {unit}" if unit else ""
    if a == b:
        return f"{what} is {a:.4%}{after} under both"
    way = "higher" if b > a else "lower"
    return f"{what} is {abs(b - a) * 100:.4f} points {way} under B ({b:.4%} against {a:.4%}{after})"


def _list(items: list[tuple[str, Estimate]]) -> str:
    words = [f"{k} ({figures(e.mean, signed=True)} chips a deal, {_interval(e)})" for k, e in items]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _pot(c: Comparison) -> str:
    d, a, b = c.pot.difference, c.pot.a, c.pot.b
    if d is None or a is None or b is None:
        return ""
    what = "average pot" if {c.a.kind, c.b.kind} == {"pot"} else "average of the chips wagered"
    if d.mean == 0 and (d.low is None or d.low == d.high == 0):
        return f"The {what} is the same under both ({figures(a.mean)} chips)"
    way = "larger" if d.mean > 0 else "smaller"
    if d.low is None:
        noise = (
            "in the one deal played (no interval)" if d.n <= 1 else f"in each of the {d.n:,} deals (too few to tell)"
        )
    else:
        noise = "beyond the noise" if beyond_noise(d) else f"within the noise ({_interval(d)})"
    return (
        f"The {what} is {figures(abs(d.mean))} chips {way} under B ({figures(b.mean)} against {figures(a.mean)}), "
        f"{noise}"
    )


def _how_often(c: Comparison) -> str:
    def pct(r: Rate) -> str:
        return f"{percent_figures(r.percent)}%"

    text = f"The winner changes in {pct(c.winner_changes)} of the deals and the play in {pct(c.play_changes)}"
    if c.forced_bet_changes.count:
        text += f"; the forced bets differ in {pct(c.forced_bet_changes)}"
    if c.amounts_only_changes.count:
        text += f"; in {pct(c.amounts_only_changes)} only the chip amounts change (the same play and results)"
    return text
