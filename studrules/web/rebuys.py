"""A player who has lost his chips buys in again, and one with chips left tops up to
the buy-in, at a browser table (:class:`_Rebuys`, a part of
:class:`~studrules.web.room.Room`).

Where the table allows it (its settings ``rebuys`` and ``rebuy_limit``, the
host's to choose and to change between hands), a person out of chips (a pot
game: none left; against the house: too few for a hand) buys in again for
the table's buy-in (:meth:`~_Rebuys.rebuy`) and plays from the next hand;
a person with chips left but fewer than the buy-in may top up to it between
hands (:meth:`~_Rebuys.top_up`; a purchase the same limit counts);
every seat sees how many times each bought and the chips he bought in all
(:meth:`~_Rebuys.bought`), and the standings (:func:`standings`) count each
net against all of them. A bot does not buy in again.

When no hand can be dealt without a person out of chips who may buy in
again (he alone had chips against the bots, or against one player with all
of them), the table waits for him rather than end: he has the host's time
to act to buy in again; then he is away, and the table goes on waiting for
him (looking again each time to act: a player who sits down meanwhile is
dealt in) until he buys in again or leaves, or the host stands him up.

    >>> from studrules.spec.resources import default_variant
    >>> from studrules.web.room import Room, TableConfig
    >>> room = Room("t1", TableConfig(variants=(default_variant(),), seats=2, pause=0), clock=lambda: 0.0)
    >>> ann, bob = room.join("Ann"), room.join("Bob")
    >>> room.rebuy(ann)
    Traceback (most recent call last):
    ...
    studrules.web.config.TableError: the game has not started: your buy-in is your stack
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .config import TableConfig, TableError
from .seat import Seat

if TYPE_CHECKING:
    from ..table.session import Session

__all__ = ["_Rebuys", "standings"]

_NOT_WAITING = object()  # (the hand after which the table began to wait for a rebuy: none)


class _Rebuys:
    """Rebuys: a part of :class:`~studrules.web.room.Room`, whose attributes and
    methods these read (declared here for the type checker)."""

    _waiting_after: Any = _NOT_WAITING  # the last hand's report when the table began to wait for a rebuy

    if TYPE_CHECKING:
        seats: list[Seat | None]
        state: str
        session: Session | None
        deadline: float | None
        clock: Callable[[], float]
        config: TableConfig
        report: Any
        hand: Any
        departed: list[dict[str, Any]]

        @property
        def next_config(self) -> TableConfig: ...

        def _say(self, line: str) -> None: ...

        def _changed(self) -> None: ...

        def _seats_changed(self) -> None: ...

        def _seat(self, who: Seat | str) -> Seat: ...

        def _person(self, name: str | None) -> Seat | None: ...

        def _next_hand(self, variant: Any = None) -> None: ...

    def rebuy(self, who: Seat | str) -> None:
        """The seat ``who``, out of chips, buys in again for the table's buy-in: he
        plays from the next hand (dealt at once where the table waited for him).
        A :class:`TableError` says why not (and nothing changes)."""
        seat = self._seat(who)
        why = self.rebuy_refusal(seat)
        if why is not None:
            raise TableError(why)
        session = self.session
        assert session is not None
        chips = self.config.buy_in
        session.rebuy(seat.name, chips)
        seat.away, seat.missed = False, 0  # (buying in, he is here)
        self._bought(seat, f"buys in again for {chips} ({{count}}) and plays from the next hand")

    def _bought(self, seat: Seat, words: str) -> None:
        """After a purchase: the seat's stack, the table told (``words``, with its ``{count}``
        of rebuys), and the hand the table waited for dealt at once."""
        session = self.session
        assert session is not None
        seat.stack = session.stacks[seat.name]
        n, limit = session.rebuys[seat.name], self.next_config.rebuy_limit
        count = f"rebuy {n} of {limit}" if limit is not None else f"rebuy {n}"
        self._say(f"{seat.name} {words.format(count=count)}")
        if self.state == "between" and self._waiting_after is self.report:  # (the table waited: it deals now)
            self._waiting_after = _NOT_WAITING
            self._next_hand()
        self._seats_changed()

    def _purchase_refusal(self, seat: Seat, verb: str) -> str | None:
        """Why ``seat`` may not buy chips (``verb``: what a purchase is, 'buy in again') at all
        now, whatever his stack (None: he may)."""
        session = self.session
        if seat.bot is not None:
            return f"a bot does not {verb}"
        if self.state in ("over", "broken"):
            return f"the game is over: nobody {verb.replace('buy', 'buys', 1)}"
        if session is None or self.state == "waiting":
            return "the game has not started: your buy-in is your stack"
        if seat.name not in session.seating:
            return "you are not dealt in at this table"
        return None

    def rebuy_refusal(self, seat: Seat) -> str | None:
        """Why ``seat`` may not buy in again now (None: he may)."""
        session = self.session
        why = self._purchase_refusal(seat, "buy in again")
        if why is not None or session is None:
            return why
        if seat.name in session.active and session.stacks[seat.name] > 0:
            return f"you still have chips ({session.stacks[seat.name]}): you buy in again once you have lost them"
        return self._rebuy_rule(seat)

    def _rebuy_rule(self, seat: Seat) -> str | None:
        """Why the table's rule does not let ``seat`` buy in again, chips aside (None: it does)."""
        config = self.next_config  # (a change of the host's made during a hand: the hand after it)
        if not config.rebuys:
            return "this table does not allow rebuys"
        if seat.leaving:
            return "you leave after this hand"
        used = self.session.rebuys.get(seat.name, 0) if self.session is not None else 0
        if config.rebuy_limit is not None and used >= config.rebuy_limit:
            times = "once" if used == 1 else f"{used} times"
            limit = config.rebuy_limit
            return (
                f"you have bought in again {times}: the table allows {limit} rebuy{'s' if limit != 1 else ''} a player"
            )
        return None

    def _may_buy_again(self, name: str) -> bool:
        """Whether the person ``name`` may buy in again once out of chips (the session asks)."""
        seat = self._person(name)
        return seat is not None and self._rebuy_rule(seat) is None

    def bought(self, name: str) -> dict[str, int]:
        """The chips ``name`` bought (his first stack and his rebuys) and his rebuys."""
        session = self.session
        if session is None or name not in session.start:
            return {"bought": self.config.buy_in, "rebuys": 0}
        return {"bought": session.start[name] + session.bought_again[name], "rebuys": session.rebuys[name]}

    def rebuy_offer(self, seat: Seat) -> dict[str, Any] | None:
        """What the page offers ``seat`` (None: no rebuy now): the chips, the rebuys used and the limit."""
        if self.rebuy_refusal(seat) is not None:
            return None
        assert self.session is not None
        used = self.session.rebuys[seat.name]
        return {"chips": self.config.buy_in, "used": used, "limit": self.next_config.rebuy_limit}

    def top_up(self, who: Seat | str) -> None:
        """The seat ``who``, with chips left but fewer than the table's buy-in, tops his stack
        up to it between hands (a purchase the table's rebuys count, as a rebuy): he plays
        the next hand with the buy-in. A :class:`TableError` says why not (and nothing changes)."""
        seat = self._seat(who)
        why = self.top_up_refusal(seat)
        if why is not None:
            raise TableError(why)
        session = self.session
        assert session is not None
        to = self.config.buy_in
        chips = session.top_up(seat.name, to)
        self._bought(seat, f"buys {chips} more, up to the buy-in of {to} ({{count}})")

    def top_up_refusal(self, seat: Seat) -> str | None:
        """Why ``seat`` may not top up now (None: he may)."""
        session = self.session
        why = self._purchase_refusal(seat, "buy chips")
        if why is not None or session is None:
            return why
        hand = self.hand
        if self.state == "playing" and hand is not None and not hand.is_over and seat.name in hand.players:
            return "you top up between hands: your stack is in play in this hand"
        stack, to = session.stacks[seat.name], self.config.buy_in
        if stack <= 0:
            return "you are out of chips: you buy in again"
        if stack >= to:
            return f"you have {stack}: a top-up brings a stack up to the buy-in of {to}, not past it"
        return self._rebuy_rule(seat)

    def top_up_offer(self, seat: Seat) -> dict[str, Any] | None:
        """What the page offers ``seat`` (None: no top-up now): the stack it brings him to,
        the chips it costs, the rebuys used and the limit."""
        if self.top_up_refusal(seat) is not None:
            return None
        assert self.session is not None
        used, to = self.session.rebuys[seat.name], self.config.buy_in
        chips = to - self.session.stacks[seat.name]
        return {"to": to, "chips": chips, "used": used, "limit": self.next_config.rebuy_limit}

    def waiting_for(self) -> list[str]:
        """Who the table waits for to buy in again (no hand can be dealt without him)."""
        session = self.session
        return session.waiting_for() if session is not None and self.state == "between" and session.waits() else []

    def _wait_for_rebuy(self) -> None:
        """No hand can be dealt until a person out of chips buys in again: the table
        waits for him the time to act; then he is away, and it goes on waiting."""
        session = self.session
        assert session is not None
        names = session.waiting_for()
        self.state = "between"
        self.deadline = self.clock() + self.config.timeout
        if self._waiting_after is not self.report:  # (the wait begins)
            self._waiting_after = self.report
            one = len(names) == 1
            self._say(
                f"{' and '.join(names)} {'is' if one else 'are'} out of chips and may buy in again: the table"
                f" waits {self.config.timeout:g} s for {'him' if one else 'one of them'} to buy in or leave"
            )
            return
        for name in names:  # his time ran out
            seat = self._person(name)
            if seat is not None and not seat.away:
                seat.away = True
                self._say(
                    f"{name} did not buy in again in time: he is away; the table waits until he buys in or leaves"
                )
                self._seats_changed()
        self._changed()


def standings(room: Any) -> list[dict[str, Any]]:
    """Each player's chips bought (his buy-in and rebuys), stack and net against
    them: those seated, then those who stood up (each time he stood up).

    >>> from studrules.spec.resources import default_variant
    >>> from studrules.web.room import Room, TableConfig
    >>> room = Room("t1", TableConfig(variants=(default_variant(),), seats=2, buy_in=100), clock=lambda: 0.0)
    >>> standings(room) == [], room.join("Ann") and standings(room)
    (True, [{'name': 'Ann', 'bought': 100, 'rebuys': 0, 'stack': 100, 'net': 0}])
    """
    rows = []
    for s in room.seats:
        if s is not None:
            rows.append({"name": s.name, **room.bought(s.name), "stack": s.stack})
    for d in room.departed:
        bought = d.get("bought", room.config.buy_in)  # (a store written before rebuys)
        rows.append({"name": d["name"], "bought": bought, "rebuys": d.get("rebuys", 0), "stack": d["stack"]})
    return [r | {"net": r["stack"] - r["bought"]} for r in rows]
