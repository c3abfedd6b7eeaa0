"""Declaring high, low or both before the showdown: the declare step's part of
:class:`~studrules.game.hand.Hand`, and how declarations split a pot.

Each player still in declares once, clockwise from the dealer's left (with
``per_pot``, once for each pot he contends in: the main pot, then each side
pot). In turn
(``mode: in_turn``) each declaration is an event as it is made; at once
(``simultaneous``, chips in the fist) they are events together when the last
player has decided, so nobody's choice shows before his own.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards.card import Card, is_joker
from ..cards.evaluator import Category, category_floor
from ..cards.rankings_base import Ranking
from ..spec.model import DeclareStep
from .actions import Action, LegalAction
from .events import Event
from .hand_values import best_of_nine
from .plan import _ShowdownPlan
from .pots import side_pots
from .state import _HandState

__all__ = ["DECLARATIONS", "likely_declaration"]

#: What a player may declare.
DECLARATIONS = ("high", "low", "both")
_LEGAL = (LegalAction("declare", choices=DECLARATIONS),)
# the declarations that contend for the first (high) and the second (low) ranking
_SIDES = (("high", "both"), ("low", "both"))


def likely_declaration(cards: Sequence[Card], rankings: Sequence[Ranking]) -> str:
    """A plain player's declaration: low when his hand makes a qualifying low of
    eight or better (where the low ranking has no qualifier, a king-high low is no
    low to declare) and, where the high ranking is standard poker, no three of a
    kind or better; high otherwise.

    >>> from studrules.cards.card import parse_cards
    >>> from studrules.cards.rankings import get_ranking
    >>> hilo = (get_ranking("high"), get_ranking("eight_or_better_low"))
    >>> likely_declaration(parse_cards("Ac 2d 4h 6s 7c Kd Qh"), hilo), likely_declaration(parse_cards("Ac Ad As 6s 7c Kd Qh"), hilo)
    ('low', 'high')
    >>> razz_low = (get_ranking("high"), get_ranking("ace_to_five_low"))
    >>> likely_declaration(parse_cards("Kc Kd Qh Qs Tc 5d Ah"), razz_low)  # two pair, a king-high low
    'high'
    """
    if len(rankings) != 2 or len(cards) < 5:
        return "high"
    # (the cards of an eight or better: a joker, whatever it stands for, among them)
    small = "2345678" if getattr(rankings[1], "ace_high", False) else "A2345678"
    low_cards = [c for c in cards if is_joker(c) or str(c)[0] in small]
    if (
        len(low_cards) < getattr(rankings[1], "fewest_cards", 5)
        or best_of_nine(rankings[1].evaluate, low_cards) is None
    ):
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
        self.declared_pots = []
        if step.per_pot:  # each side pot contested now has its own declarations (the main pot's: declared)
            live = [not f for f in self.folded]
            for index, pot in enumerate(side_pots(self.contrib, live, self.dead_chips)):
                if index and len(pot.eligible) > 1:
                    self.declared_pots.append((index, frozenset(pot.eligible), [None] * self.n))
        self.phase = "declare"
        self.to_act_seat = self._in[0]

    def _pot_to_declare(self, seat: int) -> int | None:
        """The pot ``seat`` declares for next (0: the main pot), None when he has declared for all."""
        if self.declared is None or self.declared[seat] is None:
            return 0
        for index, eligible, words in self.declared_pots:
            if seat in eligible and words[seat] is None:
                return index
        return None

    def _declare_legal(self, seat: int) -> tuple[LegalAction, ...]:
        if not self.declared_pots:
            return _LEGAL
        return (LegalAction("declare", choices=DECLARATIONS, pot=self._pot_to_declare(seat)),)

    def _apply_declare(self, seat: int, action: Action) -> None:
        step = self.declare_step
        declared = self.declared
        assert step is not None and declared is not None  # (the declare phase has both)
        if action.verb != "declare" or action.word not in DECLARATIONS:
            raise self._illegal(action, "declare high, low or both")
        pot = self._pot_to_declare(seat)
        if not pot:
            declared[seat] = action.word
        else:
            next(words for index, _, words in self.declared_pots if index == pot)[seat] = action.word
        shown = pot if self.declared_pots else None  # (the pot is named where there are several)
        if step.mode == "in_turn":
            self.events.append(Event("declare", self.players[seat], None, reason=action.word, pot=shown))
        if self._pot_to_declare(seat) is not None:
            return  # his next pot
        waiting = [i for i in self._in if self._pot_to_declare(i) is not None]
        if waiting:
            self.to_act_seat = waiting[0]
            return
        if step.mode != "in_turn":
            for i in self._in:
                self.events.append(
                    Event("declare", self.players[i], None, reason=declared[i], pot=0 if self.declared_pots else None)
                )
                for index, eligible, words in self.declared_pots:
                    if i in eligible:
                        self.events.append(Event("declare", self.players[i], None, reason=words[i], pot=index))
        self.to_act_seat = None
        self.phase = "between"

    def _likely_declaration(self, seat: int) -> Action:
        """What a player declares when nobody tells him (see :func:`likely_declaration`)."""
        upcoming = (p for p in self.plan.steps[self.step_index :] if isinstance(p, _ShowdownPlan))
        plan = next(upcoming, None)
        rankings = tuple(self._ranking_at(r, seat) for r in plan.rankings) if plan is not None else ()
        word = likely_declaration(self.cards[seat] + self.community, rankings)
        return Action(self.players[seat], "declare", word=word)

    def _declared_ways(self, seat: int, rankings: int) -> Sequence[int]:
        """The rankings of the showdown ``seat`` plays for: of a high-low declare,
        each way he declared (for any pot); else every one of the ``rankings``."""
        declared = self.declared
        if declared is None or rankings != 2:
            return range(rankings)
        words = [declared[seat], *(words[seat] for _, eligible, words in self.declared_pots if seat in eligible)]
        ways = [k for k in (0, 1) if any(word in _SIDES[k] for word in words)]
        return ways or range(rankings)

    def _declared_parts(
        self,
        values: Sequence[Sequence[float | None]],
        contenders: Sequence[int],
        first_shown: bool,
        eligible: Sequence[int] = (),
    ) -> list[list[int]]:
        """The winners of each half of a pot among those who declared for it
        (the declarations for this pot, by the seats ``eligible`` for it,
        where each pot had its own; else the main pot's).

        A player who declared both and does not win (or tie) both halves wins
        nothing (``both: lose_all``: the halves are decided again without him)
        or keeps the half he wins (``keep_half``). When nobody contends for a
        half, the other half's winners take the pot; when nobody can win at
        all, the pot is split as if nobody had declared."""
        step = self.declare_step
        declared = self.declared
        assert step is not None and declared is not None
        if self.declared_pots:
            seats = frozenset(eligible)
            declared = next((words for _, e, words in self.declared_pots if e == seats), declared)
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
