"""What a comparison of two rule sets found: its measures, each a record.

:func:`studrules.analysis.compare.compare` fills a :class:`Comparison`: a mean
over the deals with its 95% confidence interval is an :class:`Estimate`, the
same measure under A, under B and B - A deal by deal a :class:`Paired`, how
often something happened a :class:`Rate`; each variant as compared is a
:class:`Side`, a deal whose outcome diverges an :class:`Example`. Every record
turns into plain data for JSON with ``to_dict`` (numbers rounded to
:data:`DIGITS` decimals; the reports show three significant figures)::

    >>> Rate(3, 4, 75.0, 32.56789, 100.0).to_dict()
    {'count': 3, 'of': 4, 'percent': 75, 'ci95': [32.5679, 100]}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..game.events import Event

if TYPE_CHECKING:
    from .compare_exact import ExactPair

__all__ = ["Comparison", "Estimate", "Paired", "Rate", "RoundChange", "Side", "Example", "DIGITS"]

#: Decimals kept in ``to_dict`` (the text and HTML reports round further, to three significant figures).
DIGITS = 4


@dataclass(frozen=True)
class Estimate:
    """A mean over deals with its 95% confidence interval (Student's t:
    :mod:`~studrules.analysis.intervals`); a single deal gives none (``low``
    and ``high`` None, ``ci95`` null in JSON).

    >>> Estimate(10.0, None, None, 1).to_dict()
    {'mean': 10, 'ci95': None, 'n': 1}
    """

    mean: float
    low: float | None
    high: float | None
    n: int

    @property
    def has_interval(self) -> bool:
        return self.low is not None and self.high is not None

    def to_dict(self) -> dict[str, Any]:
        return {"mean": _round(self.mean), "ci95": _interval(self.low, self.high), "n": self.n}


@dataclass(frozen=True)
class Paired:
    """One measure under A and under B, and B - A deal by deal."""

    a: Estimate | None
    b: Estimate | None
    difference: Estimate | None

    def to_dict(self) -> dict[str, Any]:
        return {
            k: (None if v is None else v.to_dict())
            for k, v in (("a", self.a), ("b", self.b), ("difference", self.difference))
        }


@dataclass(frozen=True)
class Rate:
    """How often something happened: ``count`` of ``of`` deals, as a
    percentage with its 95% CI (Wilson's: :mod:`~studrules.analysis.intervals`;
    none, ``low`` and ``high`` None, from a single deal)."""

    count: int
    of: int
    percent: float
    low: float | None
    high: float | None

    @property
    def has_interval(self) -> bool:
        return self.low is not None and self.high is not None

    def to_dict(self) -> dict[str, Any]:
        return {
            "count": self.count,
            "of": self.of,
            "percent": _round(self.percent),
            "ci95": _interval(self.low, self.high),
        }


@dataclass(frozen=True)
class RoundChange:
    """Betting round ``round``: deals in which it was played under A, under B,
    under both, and how often its first player to act differs."""

    round: int
    played_a: int
    played_b: int
    changed: Rate

    def to_dict(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "played_a": self.played_a,
            "played_b": self.played_b,
            "changed": self.changed.to_dict(),
        }


@dataclass(frozen=True)
class Side:
    """One variant as compared: its label, kind, stakes, how often it has a
    bring-in and who pays it (deals per seat), the cards of its deck
    (jokers included), and whether it has a kill (which no deal of a comparison,
    each played on its own, can set off)."""

    label: str
    variant: str
    kind: str
    stakes: Mapping[str, int]
    options: Mapping[str, str]
    bring_in: Rate
    bring_in_by_seat: Mapping[str, int]
    deck: int = 52
    kill: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "label": self.label,
            "variant": self.variant,
            "kind": self.kind,
            "stakes": dict(self.stakes),
            "options": dict(self.options),
            "bring_in": self.bring_in.to_dict(),
            "bring_in_by_seat": dict(self.bring_in_by_seat),
            "deck": self.deck,
            "kill": self.kill,
        }


@dataclass(frozen=True)
class Example:
    """A deal whose outcome diverges: both histories side by side, the line
    where they part, and each hand's net result and winners (the players who
    take a pot or a share of one, sorted; against the house, the players who
    settle ahead of it).

    ``why``: ``winner`` (the winners differ), ``bring_in`` (another player
    brings in, the same winners) or ``play`` (someone acts otherwise, the same
    winners). ``lines``: the histories side by side, the index of an event of
    A and of B on each line (None: none on that side), the same event (chip
    amounts aside) on one line (:func:`~studrules.analysis.compare_lines.side_by_side`).
    ``first_difference``: the line where the play parts, the first where a
    player acts otherwise; where every player acts alike
    (``play_changes`` false: the winners changed with the cards), the first
    where the events differ. ``deal`` and ``first_difference`` count from 0,
    as indexes (the text report's "Deal 38 ... line 20" is deal 37, line 19)."""

    deal: int
    deck_seed: int
    why: str
    first_difference: int
    events_a: tuple[Event, ...]
    events_b: tuple[Event, ...]
    net_a: Mapping[str, int]
    net_b: Mapping[str, int]
    policies: Mapping[str, str]
    winners_a: tuple[str, ...]
    winners_b: tuple[str, ...]
    lines: tuple[tuple[int | None, int | None], ...]
    play_changes: bool

    def to_dict(self) -> dict[str, Any]:
        return {
            "deal": self.deal,
            "deck_seed": self.deck_seed,
            "why": self.why,
            "first_difference": self.first_difference,
            "play_changes": self.play_changes,
            "lines": [list(line) for line in self.lines],
            "policies": dict(self.policies),
            "a": {
                "net": dict(self.net_a),
                "winners": list(self.winners_a),
                "events": [e.to_dict() for e in self.events_a],
            },
            "b": {
                "net": dict(self.net_b),
                "winners": list(self.winners_b),
                "events": [e.to_dict() for e in self.events_b],
            },
        }


@dataclass(frozen=True)
class Comparison:
    """What :func:`compare` found (see the module's documentation for every measure).

    ``deals``: deals played (fewer than ``requested`` when ``interrupted``).
    ``forced_bet_changes``, ``play_changes``, ``winner_changes``,
    ``result_changes`` (someone wins, loses or breaks even otherwise),
    ``amounts_only_changes`` (the same play and results, other chips),
    ``amount_changes`` (any player's net), ``history_changes`` (any event),
    ``card_changes`` (a seat dealt other cards, from the first card on: one rule
    set deals or burns a card the other does not): :class:`Rate` over the deals.
    ``pot``, ``showdown`` (a percentage of deals), ``house_edge`` (% of the
    antes; None for a pot game): :class:`Paired`. ``net_by_seat`` and
    ``net_by_policy``: average chips won per deal, :class:`Paired`.
    ``pot_histogram``: shared ``edges`` (each bin from its low edge up to,
    not including, its high edge) and the counts under ``a`` and ``b``; when
    ``last_bin_open`` is true the last bin holds every pot from its low edge
    up ("and more": the largest pots, past the 95th percentile), its high edge
    the largest pot + 1.
    ``pot_counts_a``/``pot_counts_b``: how many deals had each pot size
    (pot -> deals, smallest pot first; for charts): the pots of a run take
    as much room as its distinct pot sizes, however many deals.
    ``same_decks``: whether A and B deal from decks of the same cards, so
    that a deal's seed gives both the same cards (two other decks, 36 cards
    against 52 or a joker added, are each shuffled from the seed: other
    cards). ``exact``: with ``compare(..., exact=True)``, the two games
    against the house counted exactly under each bot's strategy
    (:class:`~studrules.analysis.compare_exact.ExactPair`, one a bot)."""

    a: Side
    b: Side
    seed: int
    deals: int
    requested: int
    players: tuple[str, ...]
    policies: tuple[str, ...]
    stacks: int
    pot: Paired
    showdown: Paired
    house_edge: Paired
    bring_in_changes: Rate
    first_to_act: tuple[RoundChange, ...]
    winner_changes: Rate
    result_changes: Rate
    history_changes: Rate
    net_by_seat: Mapping[str, Paired]
    net_by_policy: Mapping[str, Paired]
    pot_histogram: Mapping[str, list]
    examples: tuple[Example, ...]
    forced_bet_changes: Rate = Rate(0, 0, 0.0, 0.0, 0.0)
    play_changes: Rate = Rate(0, 0, 0.0, 0.0, 0.0)
    amounts_only_changes: Rate = Rate(0, 0, 0.0, 0.0, 0.0)
    amount_changes: Rate = Rate(0, 0, 0.0, 0.0, 0.0)
    card_changes: Rate = Rate(0, 0, 0.0, 0.0, 0.0)
    interrupted: bool = False
    same_decks: bool = True
    seconds: float = field(default=0.0, compare=False)
    pot_counts_a: Mapping[int, int] = field(default_factory=dict, repr=False, compare=False)
    pot_counts_b: Mapping[int, int] = field(default_factory=dict, repr=False, compare=False)
    exact: tuple[ExactPair, ...] = ()

    @property
    def deals_per_second(self) -> float:
        return self.deals / self.seconds if self.seconds > 0 else 0.0

    def to_dict(self) -> dict[str, Any]:
        """A plain dict for JSON output (no timings: the same seed gives the same dict).

        >>> from studrules.analysis.compare import compare
        >>> from studrules.spec.loader import load_variant
        >>> from studrules.spec.resources import default_variant
        >>> v = load_variant(default_variant())
        >>> d = compare(v, v, deals=5, seed=2).to_dict()
        >>> d["deals"], d["winner_changes"]["count"], d["pot"]["difference"]["mean"]
        (5, 0, 0)
        """
        return {
            "a": self.a.to_dict(),
            "b": self.b.to_dict(),
            "seed": self.seed,
            "same_decks": self.same_decks,
            "deals": self.deals,
            "requested": self.requested,
            "interrupted": self.interrupted,
            "players": list(self.players),
            "policies": list(self.policies),
            "stacks": self.stacks,
            "pot": self.pot.to_dict(),
            "showdown": self.showdown.to_dict(),
            "house_edge": self.house_edge.to_dict(),
            "bring_in_changes": self.bring_in_changes.to_dict(),
            "first_to_act": [r.to_dict() for r in self.first_to_act],
            "winner_changes": self.winner_changes.to_dict(),
            "result_changes": self.result_changes.to_dict(),
            "history_changes": self.history_changes.to_dict(),
            "forced_bet_changes": self.forced_bet_changes.to_dict(),
            "play_changes": self.play_changes.to_dict(),
            "amounts_only_changes": self.amounts_only_changes.to_dict(),
            "amount_changes": self.amount_changes.to_dict(),
            "card_changes": self.card_changes.to_dict(),
            "net_by_seat": {k: v.to_dict() for k, v in self.net_by_seat.items()},
            "net_by_policy": {k: v.to_dict() for k, v in self.net_by_policy.items()},
            "pot_histogram": {
                k: [_round(x) for x in v] if isinstance(v, list) else v for k, v in self.pot_histogram.items()
            },
            "examples": [e.to_dict() for e in self.examples],
            **({"exact": [p.to_dict() for p in self.exact]} if self.exact else {}),
        }


# --- helpers ---------------------------------------------------------------


def _interval(low: float | None, high: float | None) -> list[Any] | None:
    return None if low is None or high is None else [_round(low), _round(high)]


def _round(x: Any) -> Any:
    if isinstance(x, float):
        r = round(x, DIGITS)
        return int(r) if r.is_integer() else r
    return x
