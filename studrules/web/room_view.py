"""What each seat of a :class:`~studrules.web.room.Room` sees: the table's
state as JSON data, written by :func:`snapshot` (a seat's own face-down
cards, and nobody else's: :func:`~studrules.web.protocol.hand_payload`).

    >>> from studrules.spec.resources import default_variant
    >>> from studrules.web.room import Room, TableConfig
    >>> room = Room("t1", TableConfig(variants=(default_variant(),), seats=2), clock=lambda: 0.0)
    >>> ann = room.join("Ann")
    >>> view = snapshot(room, ann)
    >>> view["state"], view["you"], [s and s["name"] for s in view["seats"]]
    ('waiting', {'seat': 0, 'name': 'Ann', 'host': True, 'away': False, 'rebuy': None, 'top_up': None}, ['Ann', None])
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..table.seating import games_once
from ..table.terminal import result_lines
from .protocol import hand_payload
from .rebuys import standings
from .settings_change import public_settings
from .side_bet_choice import banked_facts

if TYPE_CHECKING:
    from .room import Room, Seat

__all__ = ["snapshot", "seat_facts", "choices"]


def dealer(room: Room) -> str | None:
    """Who deals the hand in play (or the last one: none against the house), or chooses the next game."""
    if room.session is None:
        return None
    if room.report is not None and room.state in ("playing", "between", "over"):
        return room.report.dealing  # (None for a hand against the house: the house deals)
    return room.session.dealer


def seat_facts(room: Room, s: Seat, hand: Any) -> dict[str, Any]:
    """What everybody may know of the seat ``s``: its name, stack, the chips
    bought (his buy-in and rebuys), and the public facts of the hand in play
    or the last one (``facts``: short words the page writes next to the seat)."""
    facts = []
    session = room.session
    # (a player who stood up and sat down again under the same name is not the one dealt in)
    in_hand = hand is not None and s.name in hand.players and (room.dealt is None or id(s) in room.dealt)
    if session is not None and s.name in session.stacks and (s.name not in session.active or s.stack <= 0):
        facts.append("out of chips")
    elif session is not None and not in_hand and room.state in ("playing", "choosing"):
        facts.append("plays from the next hand")
    if s.leaving:
        facts.append("leaves after this hand")
    if s.away and s.bot is None:
        facts.append("away")
    if room.is_host(s):
        facts.append("host")
    if in_hand:
        # a declaration is an event once it is public (in turn, or all revealed together); it holds no card
        declared = [e.reason for e in hand.events if e.type == "declare" and e.player == s.name]
        if declared:
            facts.append(f"declared {declared[-1]}")
        if hand.folded[hand.players.index(s.name)]:
            facts.append("folded")
        if room.report is not None and room.report.killer == s.name:
            facts.append("kills this hand")
    if session is not None and session.legs is not None and session.legs[0] == s.name:
        legs = session.legs[1]
        facts.append(f"{legs} leg{'s' if legs != 1 else ''}")
    won = session.won.get(s.name, 0) if session is not None else 0
    bought = room.bought(s.name)
    if bought["rebuys"]:
        n = bought["rebuys"]
        facts.append(f"{n} rebuy{'s' if n != 1 else ''}, {bought['bought']} bought in")
    return {
        "seat": s.number,
        "name": s.name,
        "bot": s.bot is not None,
        "leaving": s.leaving,
        "stack": s.stack,
        "won": won,
        "facts": facts,
        **bought,
    }


def choices(room: Room) -> list[dict[str, Any]]:
    """The games the dealer may pick at a dealer's choice table, each with what
    changes from the last game played."""
    from ..analysis.diff import diff

    session = room.session
    if session is None:
        return []
    last = session.last_variant
    out = []
    for v in games_once(session.variants):  # (a game listed twice is one choice)
        changes = [d.as_dict() for d in diff(last, v)] if last is not None and last is not v else []
        same = last is v or (last is not None and last.name == v.name and not changes)  # (reloaded by a change)
        out.append({"name": v.name, "title": v.title or v.name, "same": same, "differences": changes})
    return out


def snapshot(room: Room, seat: Seat | None) -> dict[str, Any]:
    """Everything ``seat`` may see now, as JSON data (None: a watcher)."""
    session = room.session
    hand = room.hand
    me = seat.name if seat is not None else None
    in_hand = hand is not None and me in hand.players and (room.dealt is None or id(seat) in room.dealt)
    variant = room.report.variant if room.report is not None else None
    now = room.clock()
    chooser = session.dealer if room.state == "choosing" and session is not None else None
    return {
        "type": "state",
        "table": room.id,
        "state": room.state,
        "rotate": room.config.rotate,
        "games": list(room.config.variants),
        "settings": public_settings(room.config),  # in force
        "settings_next": None if room.pending is None else public_settings(room.pending.config),  # the host's change
        "you": None
        if seat is None
        else {
            "seat": seat.number,
            "name": seat.name,
            "host": room.is_host(seat),
            "away": seat.away,
            "rebuy": room.rebuy_offer(seat),  # (None: none now)
            "top_up": room.top_up_offer(seat),  # (None: none now)
        },
        "seats": [None if s is None else seat_facts(room, s, hand) for s in room.seats],
        "hand_number": room._number(),
        "turn": room.turn(),  # (the page sends it back with its action: a late or second click is refused)
        "dealer": dealer(room),
        "variant": None if variant is None else {"name": variant.name, "title": variant.title or variant.name},
        "deadline_in": None if room.deadline is None else max(0.0, round(room.deadline - now, 1)),
        "announcement": room.announcement,
        "log": room.log[-50:],
        "chat": room.chat[-50:],
        "hand": None if hand is None else hand_payload(hand, me if in_hand else None, variant),
        "result": result_lines(room.report, seating=room.session.seating if room.session else ())
        if room.report is not None and room.report.result
        else [],
        "choosing": chooser,
        "waiting_for": room.waiting_for(),  # who the table waits for to buy in again
        "everybody_away": room.state == "between" and room.everybody_away(),  # no hand until one is back
        "standings": standings(room),  # each player's chips bought, stack and net
        "choices": choices(room) if chooser is not None and me == chooser else [],
        "banked": banked_facts(
            room, me
        ),  # games against the house: the house's net, the ante and side bets a seat chooses
    }
