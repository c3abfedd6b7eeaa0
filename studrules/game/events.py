"""The hand history: one :class:`Event` for every change.

An event is an immutable tuple with named fields (cheap to make: a hand
records dozens). Fields that do not apply are ``None`` and are left out of
:meth:`Event.to_dict`, which gives the JSON shape of hand scripts::

    >>> e = Event("bring_in", "Dan", 1, amount=5, to=5)
    >>> e.to_dict()
    {'type': 'bring_in', 'player': 'Dan', 'round': 1, 'amount': 5, 'to': 5}
    >>> e.describe()
    'Dan brings in for 5'
    >>> Event("complete", "Ann", 1, amount=10, to=10).describe()
    'Ann completes to 10'

Types: ``kill`` (a player kills the hand: its stakes in ``reason``), ``ante``,
``blind`` (a forced live bet by seat), ``wild`` (what is
wild changes: a card after a followed rank), ``declare`` (a player's high,
low or both, in ``reason``), ``discard`` (cards a player throws away; others
see their number), ``split`` (a player sets his cards in two hands; the
others see only that he has), ``draw`` (a card received in their place), ``buy`` (chips
paid for new cards), ``decline`` (a player keeps his cards rather than buy), ``pass`` and
``receive`` (cards passed to a neighbour, named in ``reason``; others see
their number),
``deal``, ``burn``, ``community`` (a card in the middle),
``bring_in``, ``complete``, ``bet``, ``raise``, ``call``, ``check``,
``fold``, ``expose`` (a card turned face up), ``show``, ``muck``,
``award`` (chips of a pot won), ``return`` (an uncalled bet given back),
``void`` (the hand is void, every bet returned), and for games against the
house ``reveal`` (a house card turned up), ``push`` (a bet returned on a
tie or by the rules) and ``settle`` (one position settled).

Fields: ``player`` (a name, or ``house``); ``round`` (1 for the first
betting round; the round a card or action belongs to); ``amount`` (chips
moved in this event: from the stack for bets, to the stack for awards; a
position's net for ``settle``); ``to`` (the player's total for the betting
round); ``card`` and ``face`` (``up``/``down``) for a card; ``cards`` (a shown
hand); ``hand`` (the hand in words); ``pot`` (0 for the main pot, 1... for
side pots); ``reason`` (words); ``ante_net``/``raise_net`` (settlement of a
banked position).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from ..cards.card import Card

__all__ = ["Event", "EVENT_TYPES", "pot_words"]

EVENT_TYPES = (
    "kill",
    "ante",
    "blind",
    "wild",
    "declare",
    "discard",
    "draw",
    "buy",
    "decline",
    "pass",
    "receive",
    "split",
    "deal",
    "burn",
    "community",
    "bring_in",
    "complete",
    "bet",
    "raise",
    "call",
    "check",
    "fold",
    "expose",
    "show",
    "muck",
    "award",
    "return",
    "void",
    "reveal",
    "push",
    "settle",
)


def pot_words(pot: int) -> str:
    """A pot by its place: ``the main pot``, ``side pot 1``...

    >>> pot_words(0), pot_words(2)
    ('the main pot', 'side pot 2')
    """
    return "the main pot" if pot == 0 else f"side pot {pot}"


class Event(NamedTuple):
    """One change in a hand (see the module's documentation for the fields)."""

    type: str
    player: str | None = None
    round: int | None = None
    amount: int | None = None
    to: int | None = None
    card: Card | None = None
    face: str | None = None
    cards: tuple[Card, ...] | None = None
    hand: str | None = None
    pot: int | None = None
    reason: str | None = None
    ante_net: int | None = None
    raise_net: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """The event as JSON data: ``type`` first, then every field that is set.

        >>> from studrules.cards.card import parse_card
        >>> Event("deal", "Ann", None, card=parse_card("9c"), face="up").to_dict()
        {'type': 'deal', 'player': 'Ann', 'card': '9c', 'face': 'up'}
        """
        out: dict[str, Any] = {"type": self.type}
        for name, value in zip(self._fields[1:], self[1:]):
            if value is None:
                continue
            if name == "card":
                out[name] = str(value)
            elif name == "cards" and self.cards is not None:  # (the value)
                out[name] = [str(c) for c in self.cards]
            else:
                out[name] = value
        return out

    def describe(self, *, hidden: bool = False) -> str:
        """A line of the history as a player would say it.

        ``hidden``: the card of a face-down deal is not named.

        >>> Event("call", "Bob", 2, amount=10, to=20).describe()
        'Bob calls 10'
        >>> from studrules.cards.card import parse_card
        >>> Event("deal", "Ann", None, card=parse_card("Kd"), face="down").describe(hidden=True)
        'Ann is dealt a card face down'
        """
        t, p = self.type, self.player
        card = "a card" if (hidden and self.face == "down") else str(self.card)
        if t == "ante":
            return f"{p} antes {self.amount}" + (f" {self.reason}" if self.reason else "")
        if t == "discard":
            if self.cards is not None and not hidden:
                return f"{p} discards {' '.join(map(str, self.cards))}" if self.cards else f"{p} stands pat"
            return (
                f"{p} discards {self.amount} card{'s' if self.amount != 1 else ''}"
                if self.amount
                else f"{p} stands pat"
            )
        if t == "draw":
            return (
                f"{p} draws a card face down"
                if hidden or self.card is None
                else f"{p} draws {self.card} face {self.face}"
            )
        if t in ("pass", "receive"):
            n = self.amount or 0
            what = " ".join(map(str, self.cards)) if self.cards and not hidden else f"{n} card{'s' if n != 1 else ''}"
            return f"{p} passes {what} to {self.reason}" if t == "pass" else f"{p} receives {what} from {self.reason}"
        if t == "split":
            second = " ".join(map(str, self.cards)) if self.cards and not hidden else None
            return f"{p} splits his cards into two hands" + (f", the second {second}" if second else "")
        if t == "kill":
            return f"{p} kills this hand" + (f": {self.reason}" if self.reason else "")
        if t == "buy":
            return f"{p} pays {self.amount}" + (f" {self.reason}" if self.reason else " for his draw")
        if t == "decline":
            return f"{p} declines" + (f" {self.reason}" if self.reason else " and keeps his cards")
        if t == "declare":
            return f"{p} declares {self.reason}" + (f" for {pot_words(self.pot)}" if self.pot is not None else "")
        if t == "wild":
            return f"{self.card} is up: {self.reason}" if self.card is not None else str(self.reason)
        if t == "blind":
            return f"{p} posts {self.reason or 'a blind'} of {self.amount}"
        if t == "deal":
            who = "the house" if p == "house" else p
            return f"{who} is dealt {card} face {self.face}" + (f" ({self.reason})" if self.reason else "")
        if t == "burn":
            return "the dealer burns a card" if hidden or self.card is None else f"the dealer burns {self.card}"
        if t == "community":
            return f"{self.card} is turned up in the middle for everybody"
        if t == "bring_in":
            return f"{p} brings in for {self.amount}" + (" and is all in" if self.reason == "all in" else "")
        if t == "complete":
            return f"{p} completes to {self.to}" + (" and is all in" if self.reason == "all in" else "")
        if t == "bet":
            return f"{p} bets {self.to}" + (" and is all in" if self.reason == "all in" else "")
        if t == "raise":
            if self.to is None:
                return f"{p} raises {self.amount}"
            return f"{p} raises to {self.to}" + (" and is all in" if self.reason == "all in" else "")
        if t == "call":
            return f"{p} calls {self.amount}" + (" and is all in" if self.reason == "all in" else "")
        if t == "check":
            return f"{p} checks"
        if t == "fold":
            return f"{p} folds" + (f" ({self.reason})" if self.reason else "")
        if t == "expose":
            return f"{p} exposes {self.card}" + (f" ({self.reason})" if self.reason else "")
        if t == "show":
            shown = " ".join(str(c) for c in self.cards or ())
            return f"{p} shows {shown}" + (f": {self.hand}" if self.hand else "")
        if t == "muck":
            return f"{p} mucks"
        if t == "award":
            pot = "the pot" if not self.pot else f"side pot {self.pot}"
            if self.reason and self.reason.endswith(("half", "share")):  # a part of a pot divided between rankings
                pot = f"the {self.reason}" + (f" of side pot {self.pot}" if self.pot else "")
            how = f" with {self.hand}" if self.hand else ""
            return f"{p} wins {self.amount} from {pot}{how}"
        if t == "return":
            return f"{self.amount} uncalled returned to {p}"
        if t == "void":
            return "the hand is void" + (f": {self.reason}" if self.reason else "") + "; every bet is returned"
        if t == "reveal":
            return f"the house turns up {self.card}"
        if t == "push":
            return f"{p}: {self.amount} returned ({self.reason or 'push'})"
        if t == "settle":
            sign = "wins" if (self.amount or 0) > 0 else ("loses" if (self.amount or 0) < 0 else "breaks even,")
            return f"{p} {sign} {abs(self.amount or 0)}" + (f" ({self.reason})" if self.reason else "")
        return f"{t} {p or ''}".strip()
