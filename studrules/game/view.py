"""What one seat may see of a hand: :class:`View`."""

from __future__ import annotations

from dataclasses import dataclass

from ..cards.card import Card
from .actions import LegalAction
from .events import Event

__all__ = ["View", "masked_event"]


@dataclass(frozen=True, slots=True)
class View:
    """What one seat may see: its own cards (with their faces), every up card,
    the betting, and what it may do when it is its turn.

    ``pots``: at a showdown, the seats that may win each contested pot, main
    pot first (empty before).

    ``events`` is the history with every card this seat may not see left out
    (``card`` is None on others' face-down deals and on burns)."""

    player: str
    players: tuple[str, ...]
    stacks: tuple[int, ...]
    folded: tuple[bool, ...]
    cards: tuple[tuple[Card, str], ...]
    up_cards: dict[str, tuple[Card, ...]]
    house_up_cards: tuple[Card, ...]
    community: tuple[Card, ...]
    bets: tuple[int, ...]
    pot: int
    round: int
    to_act: str | None
    legal: tuple[LegalAction, ...]
    events: tuple[Event, ...]
    is_over: bool
    pots: tuple[tuple[int, ...], ...] = ()

    @property
    def my_cards(self) -> tuple[Card, ...]:
        return tuple(c for c, _ in self.cards)


def masked_event(event: Event, player: str) -> Event:
    """``event`` as ``player``'s seat sees it: another player's face-down
    cards, burns, discards and passed cards hidden (each keeps its count).

    >>> from studrules.cards.card import parse_card
    >>> masked_event(Event("deal", "Ann", None, card=parse_card("Kd"), face="down"), "Bob").card is None
    True
    """
    kind = event.type
    if kind == "burn" or (kind in ("deal", "draw") and event.face == "down" and event.player != player):
        return event._replace(card=None)
    if kind in ("discard", "pass", "receive", "split") and event.player != player:
        return event._replace(cards=None)
    return event
