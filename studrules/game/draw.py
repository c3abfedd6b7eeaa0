"""Discarding and drawing: the draw step's part of
:class:`~studrules.game.hand.Hand`.

Each player still in, clockwise from the dealer's left, discards the cards
he chooses (``Ann discard 2c 7d``; ``Ann discard`` stands pat where that is
allowed) and, where the step replaces them, receives as many new cards from
the deck (or from a hand script's cards, after the ones already listed). The
other seats see how many cards he discarded, not which ones, and the new
cards dealt face down are hidden from them like any other.

Where the step has a price, the new cards are bought: ``Ann buy 7c`` gives
up the seven and pays the price for its replacement (into the pot; a player
may buy only what his stack pays for in full), ``Ann decline`` keeps his
cards. Where a player who stood pat must stay pat (``pat_stays_pat``), a
later draw passes him by without asking.
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
        if self.stood_pat is None:
            self.stood_pat = [False] * self.n
        self.draw_step = step
        self.drawn = [i for i in self._in if step.pat_stays_pat and self.stood_pat[i]]
        waiting = [i for i in self._in if i not in self.drawn]
        if waiting:
            self.phase = "draw"
            self.to_act_seat = waiting[0]

    def _draw_price(self) -> int | None:
        """What one new card costs now (None: the cards are free)."""
        step = self.draw_step
        assert step is not None
        return None if step.price is None else max(0, int(step.price(self._env())))

    def _discardable(self, seat: int) -> list[Card]:
        step = self.draw_step
        assert step is not None  # (the draw phase has its step)
        up = self.up[seat]
        return [c for c in self.cards[seat] if step.source == "any" or c not in up]

    def _draw_legal(self, seat: int) -> tuple[LegalAction, ...]:
        step = self.draw_step
        assert step is not None
        cards = self._discardable(seat)
        choices = tuple(map(str, cards))
        most = min(step.discard_max, len(cards))
        price = self._draw_price()
        if price is None:
            return (LegalAction("discard", min=min(step.discard_min, most), max=most, choices=choices),)
        if price:
            most = min(most, self.stacks[seat] // price)
        least = max(1, step.discard_min)
        if most < least:
            return (LegalAction("decline"),)
        buy = LegalAction("buy", amount=price, min=least, max=most, choices=choices)
        return (buy,) if step.discard_min else (buy, LegalAction("decline"))

    def _apply_draw(self, seat: int, action: Action) -> None:
        step = self.draw_step
        assert step is not None
        legal = {la.action: la for la in self._draw_legal(seat)}
        verb = action.verb
        if verb not in legal:
            raise self._illegal(
                action, "it is time to buy or decline" if step.price is not None else "it is time to discard"
            )
        chosen: list[Card] = []
        if verb != "decline":
            try:
                chosen = list(parse_cards(action.word or ""))
            except CardError as err:
                raise self._illegal(action, err.message) from None
            la = legal[verb]
            assert la.min is not None and la.max is not None
            allowed = self._discardable(seat)
            if len(set(chosen)) != len(chosen) or any(c not in allowed for c in chosen):
                raise self._illegal(action, f"he may give up only his cards {' '.join(map(str, allowed))}, each once")
            if not la.min <= len(chosen) <= la.max:
                what = "buys" if verb == "buy" else "discards"
                raise self._illegal(action, f"he {what} from {la.min} to {la.max} cards, not {len(chosen)}")
        name = self.players[seat]
        assert self.stood_pat is not None
        self.stood_pat[seat] = not chosen
        if verb == "decline":
            self.events.append(Event("decline", name, None))
            self._drawn(seat)
            return
        cards, up = self.cards[seat], self.up[seat]
        faces = ["up" if card in up else "down" for card in chosen]
        nibble = self.plan.rank_nibble
        for card in chosen:
            cards.remove(card)
            if card in up:
                up.remove(card)
                self.up_key[seat] -= nibble[card.code]
                self._ups -= 1
                self._visible_memo = (
                    None  # (a new card up may keep the count of up cards: the best board is asked again)
                )
        self.discards[seat] += len(chosen)
        self.events.append(Event("discard", name, None, amount=len(chosen), cards=tuple(chosen)))
        if verb == "buy":
            cost = legal[verb].amount or 0
            cost *= len(chosen)
            self._pay_dead(seat, cost)  # the price of a card is no bet: it goes to the main pot
            self.events.append(Event("buy", name, None, amount=cost))
        if step.replace:
            given = self.given[seat]
            for face in faces:
                if step.face != "same":
                    face = step.face
                have = len(cards) + self.discards[seat]
                try:
                    card = given[have] if have < len(given) else self.deck.deal()
                except CardError:
                    self._make_void("the deck ran out of cards")
                    return
                cards.append(card)
                if face == "up":
                    up.append(card)
                    self.up_key[seat] += nibble[card.code]
                    self._ups += 1
                self.events.append(Event("draw", name, None, card=card, face=face))
                if face == "up":  # a card drawn face up is dealt face up: what follows a rank, what a rank earns
                    self._dealt_up(seat, card)
                    if self.over:  # (the deck ran out for a card it earned)
                        return
        self._drawn(seat)

    def _drawn(self, seat: int) -> None:
        """``seat`` has made his choice: the next player's turn, or the step is over."""
        self.drawn.append(seat)
        waiting = [i for i in self._in if i not in self.drawn]
        if waiting:
            self.to_act_seat = waiting[0]
            return
        self.to_act_seat = None
        self.phase = "between"
        if self.offers and not self.over:  # a card drawn face up that asks a price: asked now, as after a deal
            self._start_offers()

    def _likely_draw(self, seat: int) -> Action:
        """What a player does when nobody tells him: he declines to buy where
        he may; else he discards the fewest cards the step asks, his lowest
        ones (his highest where the game aims low)."""
        legal = self._draw_legal(seat)
        name = self.players[seat]
        if any(la.action == "decline" for la in legal):
            return Action(name, "decline")
        la = legal[0]
        return Action(name, la.action, word=fewest_cards(la, aims_low=self.plan.ranking.aims_low))
