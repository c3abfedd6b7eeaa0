"""Passing cards (pass the trash): the pass step's part of
:class:`~studrules.game.hand.Hand`.

Each player still in, clockwise from the dealer's left, names the face-down
cards he passes (``Ann pass 2c 7d 9h``). Nobody's choice shows before his
own: when the last player has chosen, every player gives his cards to the
next player still in on his left (or right, as the step says), face down,
and receives his neighbour's. A player sees the cards he passed and the
cards he received; the others see only how many changed hands.
"""

from __future__ import annotations

from ..cards.card import Card, parse_cards
from ..errors import CardError
from ..spec.model import PassStep
from .actions import Action, LegalAction, fewest_cards
from .events import Event
from .state import _HandState

__all__: list[str] = []


class _Passing(_HandState):
    """The pass part of :class:`~studrules.game.hand.Hand`."""

    __slots__ = ()

    def _start_pass(self, step: PassStep) -> None:
        if len(self._in) < 2:
            return  # the hand is decided: nobody passes
        self.pass_step = step
        self.passing = {}
        self.phase = "pass"
        self.to_act_seat = self._in[0]

    def _pass_legal(self, seat: int) -> tuple[LegalAction, ...]:
        step = self.pass_step
        assert step is not None  # (the pass phase has its step)
        up = self.up[seat]
        hidden = [c for c in self.cards[seat] if c not in up]
        count = min(step.count, len(hidden))
        return (LegalAction("pass", min=count, max=count, choices=tuple(map(str, hidden))),)

    def _apply_pass(self, seat: int, action: Action) -> None:
        (legal,) = self._pass_legal(seat)
        if action.verb != "pass":
            raise self._illegal(action, "it is time to pass cards")
        try:
            chosen = list(parse_cards(action.word or ""))
        except CardError as err:
            raise self._illegal(action, err.message) from None
        allowed = legal.choices or ()
        if len(set(chosen)) != len(chosen) or any(str(c) not in allowed for c in chosen):
            raise self._illegal(action, f"he passes only his face-down cards {' '.join(allowed)}, each once")
        if len(chosen) != legal.min:
            raise self._illegal(action, f"he passes {legal.min} card{'s' if legal.min != 1 else ''}, not {len(chosen)}")
        self.passing[seat] = chosen
        waiting = [i for i in self._in if i not in self.passing]
        if waiting:
            self.to_act_seat = waiting[0]
            return
        self._exchange()
        self.to_act_seat = None
        self.phase = "between"

    def _exchange(self) -> None:
        """Every chosen card to its receiver, all at once."""
        step = self.pass_step
        assert step is not None
        seats = self._in
        shift = 1 if step.to == "left" else -1
        received: dict[int, list[Card]] = {}
        for k, seat in enumerate(seats):
            receiver = seats[(k + shift) % len(seats)]
            chosen = self.passing[seat]
            for card in chosen:
                self.cards[seat].remove(card)
            received[receiver] = chosen
            self.events.append(
                Event("pass", self.players[seat], None, len(chosen), cards=tuple(chosen), reason=self.players[receiver])
            )
        for k, seat in enumerate(seats):
            giver = seats[(k - shift) % len(seats)]
            cards = received[seat]
            self.cards[seat].extend(cards)
            self.events.append(
                Event("receive", self.players[seat], None, len(cards), cards=tuple(cards), reason=self.players[giver])
            )

    def _likely_pass(self, seat: int) -> Action:
        """What a player passes when nobody tells him: his lowest face-down
        cards (his highest where the game aims low)."""
        (legal,) = self._pass_legal(seat)
        return Action(self.players[seat], "pass", word=fewest_cards(legal, aims_low=self.plan.ranking.aims_low))
