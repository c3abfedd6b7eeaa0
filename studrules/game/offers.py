"""Cards dealt face up that ask a price: the offers part of
:class:`~studrules.game.hand.Hand` (``when_dealt_up`` rules with a price).

Such a card does not earn its extra card at once. When the deal is over,
each player one of whose up cards asks a price, in the order the cards were
dealt, buys (``Ann buy``: he pays the price into the main pot and, where
the rule deals a card, receives it at once; an extra card dealt face up may
ask again) or declines (``Ann decline``: he goes without), or, where the
rule says ``decline: fold``, folds (``Ann fold``: a three up costs the pot or
a fold). A player may buy only when his stack pays the whole price.
"""

from __future__ import annotations

from typing import NamedTuple

from ..cards.card import Card
from ..spec.model import UpCardRule
from .actions import Action, LegalAction
from .events import Event
from .state import _HandState
from .wilds import a_or_an, rank_char, rank_name

__all__ = ["OfferTerms"]


class OfferTerms(NamedTuple):
    """What an up card asks of its player now (:attr:`Hand.offer <studrules.game.hand.Hand.offer>`):
    ``card`` asks ``price`` chips, paid into the main pot; the card it buys is
    dealt face ``deal`` (``none``: the price buys no card, he pays to stay in);
    ``decline`` is ``keep`` (he goes without) or ``fold`` (not paying folds his hand)."""

    player: str
    card: Card
    price: int
    deal: str
    decline: str


class _Offering(_HandState):
    """The offers part of :class:`~studrules.game.hand.Hand`."""

    __slots__ = ()

    @property
    def offer(self) -> OfferTerms | None:
        """The price an up card asks now, and of whom (None: no offer waiting).

        >>> from studrules import Hand, load_variant
        >>> variant = load_variant("baseball", options={"up_cards": "four-bought-three-pays"})
        >>> hand = Hand(variant, ["Ann", "Bob"], 200, seed=1, cards={"Ann": "Kd Qc 4h".split(), "Bob": "7s 8s 3c".split()})
        >>> hand.offer
        OfferTerms(player='Ann', card=Card('4h'), price=10, deal='down', decline='keep')
        >>> hand.apply("Ann decline"); hand.offer
        OfferTerms(player='Bob', card=Card('3c'), price=2, deal='none', decline='fold')
        """
        if self.phase != "offer" or not self.offers:
            return None
        seat, rule, trigger = self.offers[0]
        return OfferTerms(self.players[seat], trigger, self._offer_price(rule), rule.deal, rule.decline)

    def _start_offers(self) -> None:
        """Ask the first player with an offer waiting, if any (after a deal)."""
        offers = self.offers
        assert offers is not None
        while offers and (self.folded[offers[0][0]] or len(self._in) < 2):
            offers.pop(0)
        if offers:
            self.phase = "offer"
            self.to_act_seat = offers[0][0]
        else:
            self.offers = None
            self.to_act_seat = None
            self.phase = "between"

    def _offer_price(self, rule: UpCardRule) -> int:
        assert rule.price is not None
        return max(0, int(rule.price(self._env())))

    def _offer_legal(self, seat: int) -> tuple[LegalAction, ...]:
        assert self.offers
        _, rule, _ = self.offers[0]
        price = self._offer_price(rule)
        no = LegalAction("fold" if rule.decline == "fold" else "decline")
        if self.stacks[seat] < price:
            return (no,)
        return LegalAction("buy", amount=price), no

    def _apply_offer(self, seat: int, action: Action) -> None:
        assert self.offers
        _, rule, trigger = self.offers[0]
        legal = {la.action: la for la in self._offer_legal(seat)}
        verb = action.verb
        if verb not in legal or action.word is not None or action.amount not in (None, legal[verb].amount):
            raise self._illegal(action, f"his {trigger} up asks a price")
        self.offers.pop(0)
        name = self.players[seat]
        what = f"{a_or_an(rank_name(rank_char(trigger)))} up"
        if verb == "buy":
            price = legal[verb].amount or 0
            self._pay_dead(seat, price)  # the price is no bet: it goes to the main pot
            self.events.append(Event("buy", name, self.round or None, price, reason=f"for {what}"))
            self._after_buying(seat, rule, trigger)
        elif verb == "fold":
            self.folded[seat] = True
            self._in.remove(seat)
            self.events.append(Event("fold", name, self.round or None, reason=f"{what}: he does not pay"))
            if len(self._in) == 1:
                self.to_act_seat = None
                self._win_uncontested()
                return
        else:
            self.events.append(Event("decline", name, self.round or None, reason=f"the card {what} offers"))
        self._start_offers()

    def _after_buying(self, seat: int, rule: UpCardRule, trigger: Card) -> None:
        """Deal the card bought, and anything it earns in turn."""
        follow = self.variant.wild.follow
        new = self._deal_extra(seat, rule, trigger, follow)
        if new is not None:
            self._extra_cards(seat, new, self.plan.up_card_rules, follow)

    def _likely_offer(self, seat: int) -> Action:
        """What a player does when nobody tells him: he declines an extra card,
        and pays rather than fold where he can."""
        legal = {la.action: la for la in self._offer_legal(seat)}
        verb = "decline" if "decline" in legal else ("buy" if "buy" in legal else "fold")
        return Action(self.players[seat], verb)
