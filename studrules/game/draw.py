"""Discarding and drawing: the draw step's part of
:class:`~studrules.game.hand.Hand`.

Each player still in, clockwise from the dealer's left, discards the cards
he chooses (``Ann discard 2c 7d``; ``Ann discard`` stands pat where that is
allowed) and, where the step replaces them, receives as many new cards from
the deck (or from a hand script's cards, after the ones already listed). The
other seats see how many cards he discarded, not which ones, and the new
cards dealt face down are hidden from them like any other.
"""

from __future__ import annotations

from ..cards.card import Card, parse_cards
from ..errors import CardError
from ..spec.model import DrawStep
from .actions import Action, LegalAction, fewest_cards
from .events import Event
from .state import _HandState

__all__: list[str] = []


class _Drawing(_HandState):
    """The draw part of :class:`~studrules.game.hand.Hand`."""

    __slots__ = ()

    def _start_draw(self, step: DrawStep) -> None:
        if len(self._in) < 2:
            return  # the hand is decided: nobody draws
        self.draw_step = step
        self.drawn = []
        self.phase = "draw"
        self.to_act_seat = self._in[0]

    def _discardable(self, seat: int) -> list[Card]:
        step = self.draw_step
        assert step is not None  # (the draw phase has its step)
        up = self.up[seat]
        return [c for c in self.cards[seat] if step.source == "any" or c not in up]

    def _draw_legal(self, seat: int) -> tuple[LegalAction, ...]:
        step = self.draw_step
        assert step is not None
        cards = self._discardable(seat)
        most = min(step.discard_max, len(cards))
        return (LegalAction("discard", min=min(step.discard_min, most), max=most, choices=tuple(map(str, cards))),)

    def _apply_draw(self, seat: int, action: Action) -> None:
        step = self.draw_step
        assert step is not None
        (legal,) = self._draw_legal(seat)
        if action.verb != "discard":
            raise self._illegal(action, "it is time to discard")
        try:
            chosen = list(parse_cards(action.word or ""))
        except CardError as err:
            raise self._illegal(action, err.message) from None
        assert legal.min is not None and legal.max is not None
        allowed = self._discardable(seat)
        if len(set(chosen)) != len(chosen) or any(c not in allowed for c in chosen):
            raise self._illegal(action, f"he may discard only his cards {' '.join(map(str, allowed))}, each once")
        if not legal.min <= len(chosen) <= legal.max:
            raise self._illegal(action, f"he discards from {legal.min} to {legal.max} cards, not {len(chosen)}")
        name = self.players[seat]
        cards, up = self.cards[seat], self.up[seat]
        nibble = self.plan.rank_nibble
        for card in chosen:
            cards.remove(card)
            if card in up:
                up.remove(card)
                self.up_key[seat] -= nibble[card.code]
                self._ups -= 1
        self.discards[seat] += len(chosen)
        self.events.append(Event("discard", name, None, amount=len(chosen), cards=tuple(chosen)))
        if step.replace:
            given = self.given[seat]
            for _ in chosen:
                have = len(cards) + self.discards[seat]
                try:
                    card = given[have] if have < len(given) else self.deck.deal()
                except CardError:
                    self._make_void("the deck ran out of cards")
                    return
                cards.append(card)
                if step.face == "up":
                    up.append(card)
                    self.up_key[seat] += nibble[card.code]
                    self._ups += 1
                self.events.append(Event("draw", name, None, card=card, face=step.face))
        self.drawn.append(seat)
        waiting = [i for i in self._in if i not in self.drawn]
        if waiting:
            self.to_act_seat = waiting[0]
            return
        self.to_act_seat = None
        self.phase = "between"

    def _likely_discard(self, seat: int) -> str | None:
        """What a player discards when nobody tells him: the fewest cards the
        step asks, his lowest ones (his highest where the game aims low)."""
        (legal,) = self._draw_legal(seat)
        return fewest_cards(legal, aims_low=self.plan.ranking.aims_low)
