"""Turning cards up by choice (roll your own): the expose step's part of
:class:`~studrules.game.hand.Hand`.

Each player still in, clockwise from the dealer's left, names the face-down
cards he turns up (``Ann expose 7c``; ``Ann expose`` alone, none, where the
step lets him keep them all hidden). At once (``simultaneous``) the cards
turn up together when the last player has chosen, so nobody's choice shows
before his own; in turn each turns up as it is named.
"""

from __future__ import annotations

from ..cards.card import Card, parse_cards
from ..errors import CardError
from ..spec.model import ExposeStep
from .actions import Action, LegalAction, fewest_cards
from .state import _HandState

__all__: list[str] = []


class _Exposing(_HandState):
    """The expose part of :class:`~studrules.game.hand.Hand`."""

    __slots__ = ()

    def _start_expose(self, step: ExposeStep) -> None:
        if len(self._in) < 2:
            return
        self.expose_step = step
        self.exposing = {}
        self.phase = "expose"
        self.to_act_seat = self._in[0]

    def _hidden(self, seat: int) -> list[Card]:
        up = self.up[seat]
        return [c for c in self.cards[seat] if c not in up]

    def _expose_legal(self, seat: int) -> tuple[LegalAction, ...]:
        step = self.expose_step
        assert step is not None  # (the expose phase has its step)
        hidden = self._hidden(seat)
        most = min(step.count, len(hidden))
        return (LegalAction("expose", min=min(step.least, most), max=most, choices=tuple(map(str, hidden))),)

    def _apply_expose(self, seat: int, action: Action) -> None:
        step = self.expose_step
        assert step is not None
        (legal,) = self._expose_legal(seat)
        if action.verb != "expose":
            raise self._illegal(action, "it is time to turn cards up")
        try:
            chosen = list(parse_cards(action.word or ""))
        except CardError as err:
            raise self._illegal(action, err.message) from None
        hidden = self._hidden(seat)
        if len(set(chosen)) != len(chosen) or any(c not in hidden for c in chosen):
            raise self._illegal(action, f"he turns up only his face-down cards {' '.join(map(str, hidden))}, each once")
        least, most = legal.min or 0, legal.max or 0
        if not least <= len(chosen) <= most:
            many = f"{least}" if least == most else f"{least} to {most}"
            raise self._illegal(action, f"he turns up {many} card{'s' if most != 1 else ''}, not {len(chosen)}")
        if step.mode == "in_turn":
            for card in chosen:
                self._expose(seat, card, "his choice")
            self.exposing[seat] = []  # done: his cards are up already
        else:
            self.exposing[seat] = chosen
        waiting = [i for i in self._in if i not in self.exposing]
        if waiting:
            self.to_act_seat = waiting[0]
            return
        for i in self._in:
            for card in self.exposing.get(i, ()):
                self._expose(i, card, "his choice")
        self.to_act_seat = None
        self.phase = "between"

    def _likely_exposure(self, seat: int) -> Action:
        """What a player turns up when nobody tells him: his lowest face-down
        cards (his highest where the game aims low), keeping the best hidden;
        nothing where he may keep them all down."""
        (legal,) = self._expose_legal(seat)
        return Action(self.players[seat], "expose", word=fewest_cards(legal, aims_low=self.plan.ranking.aims_low))
