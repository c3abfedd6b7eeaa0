"""Declaring high, low or both before the showdown: the declare step's part of
:class:`~studrules.game.hand.Hand`, and how declarations split a pot.

Each player still in declares once, clockwise from the dealer's left. In turn
(``mode: in_turn``) each declaration is an event as it is made; at once
(``simultaneous``, chips in the fist) they are events together when the last
player has decided, so nobody's choice shows before his own.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards.card import Card
from ..cards.evaluator import Category, category_floor
from ..cards.rankings_base import Ranking
from ..spec.model import DeclareStep
from .actions import Action, LegalAction
from .events import Event
from .hand_values import best_of_nine
from .plan import _ShowdownPlan
from .state import _HandState

__all__ = ["DECLARATIONS", "likely_declaration"]

#: What a player may declare.
DECLARATIONS = ("high", "low", "both")
_LEGAL = (LegalAction("declare", choices=DECLARATIONS),)
# the declarations that contend for the first (high) and the second (low) ranking
_SIDES = (("high", "both"), ("low", "both"))


def likely_declaration(cards: Sequence[Card], rankings: Sequence[Ranking]) -> str:
    """A plain player's declaration: low when his hand makes a qualifying low
    and, where the high ranking is standard poker, no three of a kind or
    better; high otherwise.

    >>> from studrules.cards.card import parse_cards
    >>> from studrules.cards.rankings import get_ranking
    >>> hilo = (get_ranking("high"), get_ranking("eight_or_better_low"))
    >>> likely_declaration(parse_cards("Ac 2d 4h 6s 7c Kd Qh"), hilo), likely_declaration(parse_cards("Ac Ad As 6s 7c Kd Qh"), hilo)
    ('low', 'high')
    """
    if len(rankings) != 2 or len(cards) < 5:
        return "high"
    if best_of_nine(rankings[1].evaluate, cards) is None:
        return "high"
    if rankings[0].name == "high":
        high = best_of_nine(rankings[0].evaluate, cards)
        if high is not None and high >= category_floor(Category.THREE_OF_A_KIND):
            return "high"
    return "low"


class _Declaring(_HandState):
    """The declare part of :class:`~studrules.game.hand.Hand`."""

    __slots__ = ()

    def _start_declare(self, step: DeclareStep) -> None:
        if len(self._in) < 2:
            return  # one player left: nothing to declare against
        self.declare_step = step
        self.declared = [None] * self.n
        self.phase = "declare"
        self.to_act_seat = self._in[0]

    def _declare_legal(self, seat: int) -> tuple[LegalAction, ...]:
        return _LEGAL

    def _apply_declare(self, seat: int, action: Action) -> None:
        step = self.declare_step
        declared = self.declared
        assert step is not None and declared is not None  # (the declare phase has both)
        if action.verb != "declare" or action.word not in DECLARATIONS:
            raise self._illegal(action, "declare high, low or both")
        declared[seat] = action.word
        if step.mode == "in_turn":
            self.events.append(Event("declare", self.players[seat], None, reason=action.word))
        waiting = [i for i in self._in if declared[i] is None]
        if waiting:
            self.to_act_seat = waiting[0]
            return
        if step.mode != "in_turn":
            for i in self._in:
                self.events.append(Event("declare", self.players[i], None, reason=declared[i]))
        self.to_act_seat = None
        self.phase = "between"

    def _likely_declaration(self, seat: int) -> Action:
        """What a player declares when nobody tells him (see :func:`likely_declaration`)."""
        upcoming = (p for p in self.plan.steps[self.step_index :] if isinstance(p, _ShowdownPlan))
        plan = next(upcoming, None)
        rankings = tuple(self._ranking_at(r, seat) for r in plan.rankings) if plan is not None else ()
        word = likely_declaration(self.cards[seat] + self.community, rankings)
        return Action(self.players[seat], "declare", word=word)

    def _declared_parts(
        self, values: Sequence[Sequence[float | None]], contenders: Sequence[int], first_shown: bool
    ) -> list[list[int]]:
        """The winners of each half of a pot among those who declared for it.

        A player who declared both and does not win (or tie) both halves wins
        nothing (``both: lose_all``: the halves are decided again without him)
        or keeps the half he wins (``keep_half``). When nobody contends for a
        half, the other half's winners take the pot; when nobody can win at
        all, the pot is split as if nobody had declared."""
        step = self.declare_step
        declared = self.declared
        assert step is not None and declared is not None
        mine = {s: declared[s] for s in contenders}
        while True:
            parts = [
                self._best(values[k], [s for s in contenders if mine.get(s) in _SIDES[k]], first_shown) for k in (0, 1)
            ]
            failed = [s for s, d in mine.items() if d == "both" and not (s in parts[0] and s in parts[1])]
            if not failed:
                break
            for s in failed:
                if step.both == "keep_half" and (s in parts[0]) != (s in parts[1]):
                    mine[s] = "high" if s in parts[0] else "low"
                else:
                    mine.pop(s)
        if not any(parts):
            return [self._best(row, list(contenders), first_shown) for row in values]
        return parts
