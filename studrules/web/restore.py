"""A browser table as the store kept it, made again after a restart
(:func:`restore_room`): its seats and stacks, its host, who is away, and,
once started, its session with the dealer, the players still in, those out
of chips (who may buy in again) and the rebuys made.

    >>> from studrules.spec.resources import default_variant
    >>> data = {"id": "t1", "config": {"variants": [default_variant()], "seats": 3}, "state": "waiting",
    ...         "seats": [{"seat": 0, "name": "Ann", "token_hash": "k", "bot": None, "stack": 1000}],
    ...         "session": None}
    >>> room = restore_room(data, clock=lambda: 0.0)
    >>> room.state, room.seats[0].name, room.host
    ('waiting', 'Ann', 0)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..errors import StudrulesError
from ..table.session import Session
from .config import TableConfig, TableError
from .protocol import ProtocolError, check_name
from .room import Room
from .seat import Seat

__all__ = ["restore_room"]


def restore_room(
    data: dict[str, Any], *, clock: Callable[[], float], on_hand=None, resolve=None, on_seats=None, **more
) -> Room:
    """A table as the store kept it (:meth:`~studrules.web.store.Store.load_tables`):
    its seats and stacks, and, once started, its session with the dealer
    and the players still in; a hand that was in play is returned (the
    stacks are those before it) and the next is dealt. The host is the seat
    the store names (a store written before the host could hand his part on:
    the first seat), or the next person when that seat is no person's now.
    ``more``: the room's other hooks (``games``, ``on_config``)."""
    config = TableConfig.from_dict(data["config"])
    room = Room(data["id"], config, clock=clock, on_hand=on_hand, resolve=resolve, **more)
    for s in data["seats"]:
        try:
            check_name(s["name"])  # (a store written before names were matched whole)
        except ProtocolError as err:
            raise TableError(f"seat {s['seat']}: {err}") from None
        room.seats[s["seat"]] = made = Seat(s["seat"], s["name"], s["token_hash"], s["bot"], s["stack"])
        if made.bot is None:  # (no page of his is open at a restart: a host who never opens one passes his part)
            made.gone_at = clock()
    session = data.get("session")
    extra = (session or {}).get("extra") or {}
    room.departed = list(extra.get("departed") or [])
    room.antes = {str(k): int(v) for k, v in (extra.get("antes") or {}).items()}
    room.side_bets = {str(k): {str(b): int(c) for b, c in v.items()} for k, v in (extra.get("side_bets") or {}).items()}
    missed = extra.get("missed") or {}
    for s in room.seats:
        if s is not None and s.bot is None:
            s.away = s.name in (extra.get("away") or ())
            s.missed = int(missed.get(s.name, 0))  # (turns in a row out of time: the count goes on)
    host = data.get("host")
    host = 0 if host is None else host
    room.host = host if room._person_at(host) is not None else room._next_host(host)
    if data.get("state") in ("waiting", "over") and session is None:  # (over: every player left before the start)
        room.state = data["state"]
        room.on_seats = on_seats
        return room
    active = set(session["active"]) if session is not None else {s.name for s in room.seats if s is not None}
    # every seat is dealt in again, one out of chips too (he may buy in again): those out stay out
    stacks = {s.name: s.stack for s in room.seats if s is not None}
    playing = [name for name, chips in stacks.items() if name in active and chips > 0]
    reason = session.get("reason") if session is not None else None
    if not stacks:
        return _over(room, reason, on_seats)
    try:  # (a finished table too: its standings count the rebuys, its hands and hands won stay)
        _session(room, stacks, active, session, extra)
    except StudrulesError:
        if reason is None:
            raise
        room.session = None  # (a finished table whose games no longer load: over all the same)
    if reason is not None:
        return _over(room, reason, on_seats)
    assert room.session is not None
    # nobody with chips is no end while one out of them may buy in again: the table waits for him
    # (a table of pot games and games against the house deals one player the house's)
    if not room.session.waiting_for() and (not playing or room.session.ended()):  # (nobody to wait for)
        return _over(room, room.session.reason, on_seats)
    room.on_seats = on_seats
    room._say("The server restarted: any hand in play was returned, and the game goes on.")
    room.state = "between"
    room.deadline = clock()
    for name in extra.get("leaving") or ():  # asked to stand up during the hand returned: he does now
        seat = next((s for s in room.seats if s is not None and s.name == name), None)
        if seat is not None:
            room._stand(seat)
    return room


def _session(room: Room, stacks: dict[str, int], active: set[str], session: Any, extra: dict[str, Any]) -> None:
    """The session of ``room`` again: its seats and stacks, those still in, and (``session``:
    the store's row, None for a table started before it was written) the dealer, the hands
    played, the last game and what the session carries from hand to hand."""
    room._begin_session(stacks, resumed=True)
    assert room.session is not None
    room.session.active = [p for p in room.session.active if p in active]
    if session is not None:
        room.hands_before = session["hands"]
        if session.get("dealer") in stacks:
            room.session.dealer = session["dealer"]
        # the last game played: the next switch is announced with what changes from it (a game
        # the host's change took off the table: loaded by its name, with the table's settings)
        room.session.last_variant = _last_game(room, session.get("last_variant"), extra.get("last_rules"))
        room.session.carry(extra, room.hands_before)  # hands won, a kill's legs, the games in turn, rebuys...
        room.last_rules = extra.get("last_rules")


def _over(room: Room, reason: str | None, on_seats) -> Room:
    room.state = "over"
    if room.session is not None:
        room.session.stop(reason or "too few players")
    room._say(f"The game is over: {reason or 'too few players'}.")
    room.on_seats = on_seats
    return room


def _last_game(room: Room, name: str | None, rules: Any = None) -> Any:
    """The game of the last hand played, by its name, as it was dealt: one the
    table deals, unless ``rules`` (the stakes and options it was dealt with) are
    no longer the table's; else loaded again with them (None where it no longer
    loads: the next hand is announced without differences)."""
    assert room.session is not None
    if name is None:
        return None
    stakes, options = room.config.stakes, room.config.options
    if isinstance(rules, dict):  # (a store written before the rules were kept: the table's)
        stakes, options = rules.get("stakes") or {}, rules.get("options") or {}
    if (stakes, options) == (room.config.stakes, room.config.options):
        for v in room.session.variants:
            if v.name == name:
                return v
    try:
        return Session.load_game(room.resolve(name), options, stakes)
    except StudrulesError:
        return None
