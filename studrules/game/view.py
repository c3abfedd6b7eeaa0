"""What one seat may see of a hand: :class:`View`."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from ..cards.card import Card
from .actions import LegalAction
from .events import Event

__all__ = ["View", "seat_view", "masked_event", "masked_events"]

# The event types every seat sees as they are (the betting and the showdown):
# masked_events passes them on without asking masked_event; any other type (a
# new one too) is asked. Each is one masked_event returns unchanged.
_SEEN_BY_ALL = frozenset(
    (
        "ante",
        "blind",
        "bring_in",
        "complete",
        "bet",
        "raise",
        "call",
        "check",
        "fold",
        "show",
        "muck",
        "award",
        "return",
    )
)


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


def masked_events(events: Iterable[Event], player: str) -> Iterator[Event]:
    """Each of ``events`` as ``player``'s seat sees it (:func:`masked_event`),
    without a call for the betting, the showdown and cards dealt face up, which
    every seat sees as they are (the hand masks each event once per seat).

    >>> from studrules.cards.card import parse_card
    >>> deals = [Event("deal", "Ann", None, card=parse_card(c), face=f) for c, f in (("Kd", "down"), ("9c", "up"))]
    >>> [str(e.card) for e in masked_events(deals + [Event("check", "Ann", 1)], "Bob")]
    ['None', '9c', 'None']
    """
    hidden = _HIDDEN_DEALS
    for e in events:
        kind = e.type
        if kind in _SEEN_BY_ALL:
            yield e
        elif kind == "deal" and e.player != player and e.face == "down":
            # another seat's face-down card: the same masked event for every seat but his, made once
            # (deal events come back hand after hand: the hand's seating keeps them)
            known = hidden.get(id(e))
            if known is None or known[0] is not e:
                if len(hidden) >= 4096:
                    hidden.clear()
                known = hidden[id(e)] = (e, masked_event(e, player))
            yield known[1]
        elif kind == "deal":  # face up, or his own
            yield e
        else:
            yield masked_event(e, player)


_HIDDEN_DEALS: dict[int, tuple[Event, Event]] = {}  # id(a face-down deal) -> (it, as others see it)


def seat_view(hand: Any, seat: int, player: str) -> View:
    """What the seat ``seat`` (``player``) of ``hand`` may see now: the
    body of :meth:`~studrules.game.hand.Hand.view`."""
    # The history is append-only: each seat's masked copy grows with it,
    # so an event is masked once per seat, not once per decision.
    try:
        seen = hand._seen  # each seat's masked history; set at the first view, not on the hot path
    except AttributeError:
        seen = hand._seen = {}
    masked = seen.get(seat)
    if masked is None:
        masked = seen[seat] = []
    masked.extend(masked_events(hand.events[len(masked) :], player))
    return View(
        player=player,
        players=hand.players,
        stacks=tuple(hand.stacks),
        folded=tuple(hand.folded),
        cards=tuple((c, "up" if c in hand.up[seat] else "down") for c in hand.cards[seat]),
        up_cards={p: tuple(hand.up[i]) for i, p in enumerate(hand.players)},
        house_up_cards=tuple(c for c, f in zip(hand.house_cards, hand.house_faces) if f == "up"),
        community=tuple(hand.community),
        bets=tuple(hand.bets),
        pot=hand.pot,
        round=hand.round,
        to_act=hand.to_act,
        legal=hand.legal_actions() if hand.to_act_seat == seat else (),
        events=tuple(masked),
        is_over=hand.over,
        pots=tuple(hand._pot_seats()) if hand.phase == "showdown" else (),
    )
