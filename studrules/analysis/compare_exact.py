"""Two games against the house counted exactly, side by side (``compare --exact``).

A comparison plays deals, and a house edge from deals has noise: a pay
table's rare lines move it by less than a million deals can see. For two
games against the house, :func:`exact_pairs` also counts each one's house
edge exactly (:func:`~studrules.analysis.exact.analyze`) under the play of
each strategy the comparison's bots play, so the report can say by how much
B changes the edge, with no interval::

    >>> from studrules.spec.loader import load_variant
    >>> a = load_variant("three-card-poker")
    >>> b = load_variant("three-card-poker", options={"pair_plus_table": "flush_3"})
    >>> (pair,) = exact_pairs(a, b, ["strategy"])
    >>> pair.strategy_a, f"{pair.a.house_edge:.4%}", f"{pair.b.house_edge:.4%}"
    ('queen-six-four', '3.3730%', '3.3730%')
    >>> [(name, f"{d:+.4%}") for name, d in pair.side_bet_differences().items()]
    [('pair_plus', '+4.9593%')]
    >>> [(line, round(d, 6)) for line, (_, _, d) in pair.line_differences().items()]  # a flush pays 3, not 4
    [('pair_plus: flush', -0.049593)]

Which strategy a bot plays: ``strategy`` and ``sensible`` play each game's
own (the one its file names, else the first shipped one that fits it, as
``simulate`` and ``analyze`` choose), ``strategy:NAME`` the one named.
``check-call`` and ``random`` play no strategy: nothing to count, and
:func:`exact_refusal` says so before any deal is played.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import StudrulesError
from ..game.policies import bot_kind, make_policy
from ..spec.model import Variant
from ..spec.strategies import Strategy, load_strategy, shipped_strategies
from ..spec.strategy_fit import fitting_strategy
from .exact import analyze
from .exact_base import ExactResult

__all__ = ["ExactPair", "OPTIMAL", "exact_pairs", "exact_refusal"]

#: The name of the pair of counts of each game's optimal play (``compare --optimal``), in place of a bot's.
OPTIMAL = "optimal"


@dataclass(frozen=True)
class ExactPair:
    """The exact counts of A and B under one bot's play: ``bot`` (its name, as the
    comparison's bots are named; :data:`OPTIMAL`: each game's optimal play), the
    strategy each game's count played, and each
    :class:`~studrules.analysis.exact_base.ExactResult`. ``difference``: B's house
    edge less A's, per ante (positive: B favours the house)."""

    bot: str
    strategy_a: str
    strategy_b: str
    a: ExactResult
    b: ExactResult

    @property
    def optimal(self) -> bool:
        """Whether the counts are of each game's optimal play (not a bot's)."""
        return self.bot == OPTIMAL

    @property
    def who(self) -> str:
        """Whose play the counts are of, in words: ``strategy bots``, ``optimal play``."""
        return "optimal play" if self.optimal else f"{self.bot} bots"

    @property
    def difference(self) -> float:
        return self.b.house_edge - self.a.house_edge

    def side_bet_differences(self) -> dict[str, float]:
        """Each side bet both games count: B's house edge less A's, per unit staked."""
        mine, theirs = self.a.side_bets, self.b.side_bets
        return {name: theirs[name]["house_edge"] - bet["house_edge"] for name, bet in mine.items() if name in theirs}

    def line_differences(self) -> dict[str, tuple[float, float, float]]:
        """Where the difference comes from: each outcome whose part of the player's return
        changes, ``(A, B, B - A)`` in antes (an outcome one game lacks: 0 there), then each
        side bet's lines, named ``bet: line``, per unit staked. The outcomes' changes add
        up to minus :attr:`difference` (the player's return is minus the edge)."""
        found: dict[str, tuple[float, float, float]] = {}

        def add(prefix: str, mine: dict[str, float], theirs: dict[str, float]) -> None:
            for label in dict.fromkeys([*mine, *theirs]):
                x, y = mine.get(label, 0.0), theirs.get(label, 0.0)
                if abs(y - x) > _SAME:
                    found[prefix + label] = (x, y, y - x)

        add("", {k: c for k, (_, c) in self.a.lines.items()}, {k: c for k, (_, c) in self.b.lines.items()})
        for name, bet in self.a.side_bets.items():
            if name in self.b.side_bets:
                add(
                    f"{name}: ",
                    {k: line["contribution"] for k, line in bet["lines"].items()},
                    {k: line["contribution"] for k, line in self.b.side_bets[name]["lines"].items()},
                )
        return found

    def to_dict(self) -> dict[str, Any]:
        """The pair as JSON data: each game's count as ``analyze --json`` gives it, and the differences."""
        return {
            "bot": self.bot,
            "a": self.a.to_dict(),
            "b": self.b.to_dict(),
            "house_edge_difference": self.difference,
            "side_bet_differences": self.side_bet_differences(),
            "line_differences": {
                k: {"a": x, "b": y, "difference": d} for k, (x, y, d) in self.line_differences().items()
            },
        }


#: Contributions closer than this are the same (sums of floats over millions of hands).
_SAME = 1e-12


def exact_refusal(a: Variant, b: Variant, bots: Sequence[str], flag: str = "--exact") -> str | None:
    """Why ``compare --exact`` (``flag``) cannot count these games under these bots, or None.

    >>> from studrules.spec.loader import load_variant
    >>> v = load_variant("three-card-poker")
    >>> print(exact_refusal(v, v, ["strategy", "random"]))
    --exact counts the play of a strategy, and the random bot plays none: give --bots strategy, sensible or strategy:NAME
    """
    pots = [v.name for v in (a, b) if not v.is_banked]
    if pots:
        which = " and ".join(dict.fromkeys(pots))
        return (
            f"{flag} counts the house edge of games against the house; {which} "
            f"{'is a pot game' if len(set(pots)) == 1 else 'are pot games'} (players against each other)"
        )
    for bot in dict.fromkeys(bots):
        if _counted_kind(bot) is None:
            return (
                f"--exact counts the play of a strategy, and the {bot} bot plays none: "
                "give --bots strategy, sensible or strategy:NAME"
            )
    return None


def exact_pairs(a: Variant, b: Variant, bots: Sequence[str], *, optimal: bool = False) -> tuple[ExactPair, ...]:
    """A and B counted exactly under each bot's play (its strategy in each game), one
    :class:`ExactPair` a bot, in the order the bots are first named; bots that play the
    same strategies share the counts. ``optimal``: then each game under its optimal play
    too (the pair named :data:`OPTIMAL`). A game or strategy that cannot be counted is a
    :class:`~studrules.errors.StudrulesError` that names the game and says why."""
    why = exact_refusal(a, b, bots, "--exact" if bots else "--optimal")
    if why is not None:
        raise StudrulesError(why)
    same = b is a or b == a  # (equal rule sets: one count serves both)
    counted: dict[tuple[str, Strategy], ExactResult] = {}  # (the game, the strategy: equal strategies alike)
    pairs = []
    for bot in dict.fromkeys(bots):
        results = []
        for which, variant in (("A", a), ("B", b)):
            strategy = _strategy_of(bot, variant, which)
            key = ("A" if same else which, strategy)
            if key not in counted:
                counted[key] = _count(variant, strategy, which)
            results.append(counted[key])
        pairs.append(ExactPair(bot, results[0].strategy, results[1].strategy, results[0], results[1]))
    if optimal:
        first = _count(a, None, "A")
        pairs.append(ExactPair(OPTIMAL, OPTIMAL, OPTIMAL, first, first if same else _count(b, None, "B")))
    return tuple(pairs)


def _count(variant: Variant, strategy: Strategy | None, which: str) -> ExactResult:
    """``analyze`` of one game (``strategy`` None: its optimal play); a refusal names the game."""
    try:
        return analyze(variant, strategy, optimal=strategy is None)
    except StudrulesError as e:
        raise StudrulesError(f"cannot count {which} ({variant.name}) exactly: {e}") from None


def _counted_kind(bot: str) -> str | None:
    kind = bot_kind(bot)
    return "own" if kind in ("strategy", "sensible") else "named" if kind == "strategy:" else None


def _strategy_of(bot: str, variant: Variant, which: str) -> Strategy:
    """The strategy ``bot`` plays in ``variant`` (as the comparison's bots choose it)."""
    try:
        if _counted_kind(bot) == "own":
            return fitting_strategy(variant, shipped_strategies(), load_strategy)
        named: Strategy = make_policy(bot, variant=variant).strategy  # type: ignore[attr-defined]  # (strategy:NAME)
        return named
    except StudrulesError as e:
        raise StudrulesError(f"--exact: the {bot} bot has no strategy for {which} ({variant.name}): {e}") from None
