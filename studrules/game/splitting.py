"""Split hands: the split step's part of :class:`~studrules.game.hand.Hand`.

Each player still in, clockwise from the dealer's left, divides his cards
into two hands (five and two, as the step says) and sets them down unseen:
``Ann split 9c 9d`` names the cards of his second hand, the rest make the
first. ``next.legal`` lists every second hand the step allows: where each
hand must hold a face-down card, or the first must beat the second by the
showdown's rankings, the others are not offered. At the showdown the k-th
ranking reads each player's k-th hand.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from ..cards.card import Card, parse_cards
from ..cards.rankings_base import Ranking, unpack
from ..errors import CardError
from ..spec.model import SplitStep
from .actions import Action, LegalAction
from .events import Event
from .plan import _ShowdownPlan
from .state import _HandState

__all__: list[str] = []


class _Splitting(_HandState):
    """The split part of :class:`~studrules.game.hand.Hand`."""

    __slots__ = ()

    def _start_split(self, step: SplitStep) -> None:
        if len(self._in) < 2:
            return  # the hand is decided: nobody splits
        self.split_step = step
        if self.split_hands is None:
            self.split_hands = [None] * self.n
        self.phase = "split"
        self.to_act_seat = self._in[0]

    def _split_rankings(self) -> Sequence[Ranking]:
        """The rankings of the showdown after the split (they read its hands)."""
        for planned in self.plan.steps[self.step_index :]:
            if isinstance(planned, _ShowdownPlan):
                return planned.rankings
        return ()

    def _splits(self, seat: int) -> list[tuple[list[Card], list[Card]]]:
        """Every way the step allows ``seat`` to divide his cards: (first, second)."""
        step = self.split_step
        assert step is not None  # (the split phase has its step)
        cards, up = self.cards[seat], self.up[seat]
        rankings = self._split_rankings()
        out = []
        for second in itertools.combinations(cards, step.sizes[1]):
            first = [c for c in cards if c not in second]
            if step.down_in_each and not (any(c not in up for c in first) and any(c not in up for c in second)):
                continue
            if step.ordered and len(rankings) == 2 and not _beats(rankings[0], first, rankings[1], list(second)):
                continue
            out.append((first, list(second)))
        return out

    def _split_legal(self, seat: int) -> tuple[LegalAction, ...]:
        return (LegalAction("split", choices=tuple(" ".join(map(str, second)) for _, second in self._splits(seat))),)

    def _apply_split(self, seat: int, action: Action) -> None:
        if action.verb != "split":
            raise self._illegal(action, "it is time to split his cards into two hands")
        try:
            named = set(parse_cards(action.word or ""))
        except CardError as err:
            raise self._illegal(action, err.message) from None
        chosen = next(((a, b) for a, b in self._splits(seat) if set(b) == named), None)
        if chosen is None:
            raise self._illegal(action, "that second hand is not one the rules allow him")
        assert self.split_hands is not None
        self.split_hands[seat] = chosen
        second = chosen[1]
        self.events.append(Event("split", self.players[seat], None, len(second), cards=tuple(second)))
        waiting = [i for i in self._in if self.split_hands[i] is None]
        if waiting:
            self.to_act_seat = waiting[0]
            return
        self.to_act_seat = None
        self.phase = "between"

    def _likely_split(self, seat: int) -> Action:
        """What a player does when nobody tells him: the split whose first
        hand is best, then whose second is."""
        rankings = self._split_rankings()
        splits = self._splits(seat)
        if len(rankings) == 2:
            first, second = rankings

            def worth(split: tuple[list[Card], list[Card]]) -> tuple[float, float]:
                return (first.evaluate(split[0]) or 0, second.evaluate(split[1]) or 0)

            splits = sorted(splits, key=worth, reverse=True)
        return Action(self.players[seat], "split", word=" ".join(map(str, splits[0][1])) if splits else None)


def _standing(value: float) -> tuple[int, tuple[int, ...]]:
    """A hand's category and deciding ranks, comparable across hand sizes."""
    category = getattr(value, "category", None)
    if category is not None:
        return (int(category), tuple(value.ranks))  # type: ignore[attr-defined]
    packed_category, ranks = unpack(int(value))
    return (int(packed_category), ranks)


def _beats(first: Ranking, cards: list[Card], second: Ranking, others: list[Card]) -> bool:
    """The first hand is higher than the second (a longer hand with the same
    deciding ranks is higher: A-K-9-5-2 beats A-K)."""
    a, b = first.evaluate(cards), second.evaluate(others)
    if a is None or b is None:
        return b is None
    return _standing(a) > _standing(b)
