"""What one seat may see of a hand: :class:`View`."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ..cards.card import Card
from .actions import LegalAction
from .events import Event

__all__ = ["View", "seat_view", "lazy_seat_view", "masked_event", "masked_events"]

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
    (``card`` is None on others' face-down deals and on burns); ``own_events``
    the events of this seat's own player in it (his cards, his forced bets
    and actions, what he is paid), for a bot that reads only those."""

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
    own_events: tuple[Event, ...] = ()
    wild_rank: str | None = None  # the rank a follow rule made wild last: the card dealt up after a followed rank
    # a view made by lazy_seat_view: the hand and the seat its fields are read from
    # when first asked (None once every field is set: always, for a view made whole)
    _hand: Any = field(default=None, init=False, repr=False, compare=False)
    _seat: int = field(default=0, init=False, repr=False, compare=False)

    @property
    def my_cards(self) -> tuple[Card, ...]:
        return tuple([c for c, _ in self.cards])

    def __getattr__(self, name: str) -> Any:
        # only called for a field not set yet: a lazy view reads it from its hand, which has
        # not changed since the view was made (see lazy_seat_view)
        read = _READ.get(name)
        if read is not None:
            hand = self._hand  # (always set: None on a view made whole)
            if hand is not None:
                value = read(hand, self._seat, self.player)
                _set(self, name, value)
                return value
        raise AttributeError(f"'View' object has no attribute '{name}'")

    def _fill(self) -> None:
        """Read every field not read yet from the hand, and let the hand go."""
        if object.__getattribute__(self, "_hand") is not None:
            for name in _READ:
                getattr(self, name)
            object.__setattr__(self, "_hand", None)


def masked_event(event: Event, player: str) -> Event:
    """``event`` as ``player``'s seat sees it: another player's face-down
    cards, burns, discards and passed cards hidden (each keeps its count);
    :func:`masked_events` also leaves out the hand of a winner who did not show.

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
    shown: set[str | None] = set()  # who has shown his hand (a winner who did not: no words of it)
    for e in events:
        kind = e.type
        if kind == "show":
            shown.add(e.player)
        if kind == "award" and e.hand is not None and e.player != player and e.player not in shown:
            yield e._replace(hand=None)
        elif kind in _SEEN_BY_ALL:
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


def _mask_all(seen: list[list[Event]], events: list[Event], players: tuple[str, ...]) -> None:
    """Bring every seat's masked copy of the history (``seen``, one list per
    seat, all as long) up to ``events``: each new event is looked at once,
    and the copies it goes to are told apart only where they differ (another
    seat's face-down card, a burn, a discard...)."""
    seen_by_all = _SEEN_BY_ALL
    hidden = _HIDDEN_DEALS
    seat_of: dict[str | None, int] = {p: i for i, p in enumerate(players)}
    for i in range(len(seen[0]), len(events)):
        e = events[i]
        kind = e[0]
        if kind == "award" and e.hand is not None and not any(x[0] == "show" and x[1] == e[1] for x in events[:i]):
            # a winner nobody saw show (the others mucked): his hand is not told, but to him
            unsaid = e._replace(hand=None)
            for masked, player in zip(seen, players):
                masked.append(e if player == e[1] else unsaid)
        elif kind in seen_by_all or (kind == "deal" and e[6] != "down"):
            for masked in seen:
                masked.append(e)
        elif kind == "deal":  # face down: the player's own card, a hidden one to every other seat
            known = hidden.get(id(e))
            if known is None or known[0] is not e:
                if len(hidden) >= 4096:
                    hidden.clear()
                known = hidden[id(e)] = (e, _new(Event, (e[0], e[1], e[2], e[3], e[4], None, *e[6:])))
            other = known[1]
            own = seat_of.get(e[1])
            for k, masked in enumerate(seen):
                masked.append(e if k == own else other)
        else:
            for masked, player in zip(seen, players):
                masked.append(masked_event(e, player))


def seat_view(hand: Any, seat: int, player: str) -> View:
    """What the seat ``seat`` (``player``) of ``hand`` may see now: the
    body of :meth:`~studrules.game.hand.Hand.view`."""
    view = lazy_seat_view(hand, seat, player)
    view._fill()
    return view


def lazy_seat_view(hand: Any, seat: int, player: str) -> View:
    """The view :func:`seat_view` makes, each field read from ``hand`` only
    when first asked: the caller must call ``view._fill()`` before the hand
    changes if the view may still be read then (:func:`~studrules.game.policies.play_hand`
    does when the policy kept it). A bot that reads only ``legal`` and
    ``player`` then costs no copy of the rest. The fields as cheap to read as
    to leave for later (a lazy read costs about a microsecond) are read at once."""
    view: View = _new_view(View)
    _set(view, "_hand", hand)
    _set(view, "_seat", seat)
    _set(view, "player", player)
    _set(view, "legal", hand.legal_actions() if hand.to_act_seat == seat else ())  # read by every bot
    community = hand.community
    _set(view, "community", tuple(community) if community else ())
    _set(view, "house_up_cards", _house_up_cards(hand, seat, player))
    return view


_new_view = object.__new__
_set = object.__setattr__
_new = tuple.__new__


def _events(hand: Any, seat: int, player: str) -> tuple[Event, ...]:
    # The history is append-only: every seat's masked copy grows with it, all
    # of them at once (an event is looked at once, not once per seat or view).
    try:
        seen = hand._seen  # each seat's masked history; set at the first view, not on the hot path
    except AttributeError:
        seen = hand._seen = {k: [] for k in range(hand.n)}
    events = hand.events
    masked = seen[seat]
    if len(events) > len(masked):
        _mask_all(list(seen.values()), events, hand.players)
    return tuple(masked)


def _cards(hand: Any, seat: int, player: str) -> tuple[tuple[Card, str], ...]:
    mine = hand.up[seat]
    return tuple([(c, "up" if c in mine else "down") for c in hand.cards[seat]])


def _house_up_cards(hand: Any, seat: int, player: str) -> tuple[Card, ...]:
    house_cards = hand.house_cards
    if not house_cards:
        return ()
    faces = hand.house_faces
    if "up" not in faces:
        return ()
    return tuple([c for c, f in zip(house_cards, faces) if f == "up"])


#: How a lazy view reads each field from its hand (seat_view's order).
_READ: dict[str, Any] = {
    "players": lambda hand, seat, player: hand.players,
    "stacks": lambda hand, seat, player: tuple(hand.stacks),
    "folded": lambda hand, seat, player: tuple(hand.folded),
    "cards": _cards,
    "up_cards": lambda hand, seat, player: dict(zip(hand.players, map(tuple, hand.up))),
    "house_up_cards": _house_up_cards,
    "community": lambda hand, seat, player: tuple(hand.community),
    "bets": lambda hand, seat, player: tuple(hand.bets),
    "pot": lambda hand, seat, player: hand.pot,
    "round": lambda hand, seat, player: hand.round,
    "to_act": lambda hand, seat, player: hand.to_act,
    "legal": lambda hand, seat, player: hand.legal_actions() if hand.to_act_seat == seat else (),
    "events": _events,
    "is_over": lambda hand, seat, player: hand.over,
    "pots": lambda hand, seat, player: tuple(hand._pot_seats()) if hand.phase == "showdown" else (),
    "own_events": lambda hand, seat, player: tuple([e for e in hand.events if e[1] == player]),
    "wild_rank": lambda hand, seat, player: hand.wild_rank,
}
