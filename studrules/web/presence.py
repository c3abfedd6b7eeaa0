"""The host's part and a player away, at a browser table (:class:`_Presence`,
a part of :class:`~studrules.web.room.Room`).

The host is a seat, the first one's until he hands his part on
(:meth:`~_Presence.hand_host`); a host who leaves or gives his own seat to a
bot hands it to the next person clockwise, one who is here before one who
is away. A person away (:meth:`~_Presence.sit_out`, or :data:`~.seat.AWAY_AFTER`
turns in a row out of time) has his turns checked, else folded, at once,
until he is :meth:`~_Presence.back`. When every person at the table is away,
no hand is dealt (:meth:`~_Presence.everybody_away`) until one is back or a
friend sits down. When the last person has gone (or lost his last chip, and
may not buy in again: :mod:`.rebuys`), the game is over: bots do not play on
alone. A host who has had no page open for :data:`HOST_GONE_AFTER` seconds hands
his part to the next person who is here (so a table waiting for its host
to start it, or to change its settings, is not stuck when his browser has gone).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .config import TableError
from .seat import AWAY_AFTER, Seat

if TYPE_CHECKING:
    from ..table.session import Session

__all__ = ["_Presence", "HOST_GONE_AFTER"]

#: Seconds the host may have no page open before his part passes to a player who has one.
HOST_GONE_AFTER = 60.0


class _Presence:
    """The host's part and a player away: a part of :class:`~studrules.web.room.Room`,
    whose attributes and methods these read (declared here for the type checker)."""

    if TYPE_CHECKING:
        seats: list[Seat | None]
        host: int | None
        for_bots: bool
        state: str
        session: Session | None
        deadline: float | None
        clock: Callable[[], float]

        @property
        def hand(self) -> Any: ...

        def _say(self, line: str) -> None: ...

        def _seats_changed(self) -> None: ...

        def _run(self) -> None: ...

        def _seat(self, who: Seat | str) -> Seat: ...

        def _host(self, who: Seat | str, what: str = ...) -> Seat: ...

        def _person(self, name: str | None) -> Seat | None: ...

        def _next_hand(self, variant: Any = None) -> None: ...

        def _changed(self) -> None: ...

        def _may_buy_again(self, name: str) -> bool: ...

    def _person_at(self, number: Any) -> Seat | None:
        """The person (not a bot) sitting at seat ``number``, staying past this hand, if any."""
        if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number < len(self.seats):
            return None
        seat = self.seats[number]
        return seat if seat is not None and seat.bot is None and not seat.leaving else None

    def _next_host(self, after: int) -> int | None:
        """The seat that becomes the host after seat ``after``: the next person clockwise,
        one who is here (not away) before one who is away; None when nobody is left."""
        n = len(self.seats)
        people = [s for k in range(1, n + 1) if (s := self._person_at((after + k) % n)) is not None]
        here = [s for s in people if not s.away and s.number != after]
        best = here or [s for s in people if s.number != after]
        return best[0].number if best else None

    def _pass_host(self, seat: Seat) -> None:
        """The host ``seat`` goes (he leaves, or a bot takes his seat): the next person is the host."""
        self.host = self._next_host(seat.number)
        if self.host is not None:
            self._say(f"{self.seats[self.host].name} is the host now")  # type: ignore[union-attr]

    def hand_host(self, who: Seat | str, number: Any) -> None:
        """The host makes the person at seat ``number`` the host (he keeps his own seat)."""
        me = self._host(who, "hand on the host's part")
        seat = self._person_at(number)
        if seat is None or seat is me:
            there = self.seats[number] if isinstance(number, int) and 0 <= number < len(self.seats) else None
            if there is not None and there.leaving:
                raise TableError(f"{there.name} leaves after this hand: the host's part goes to one who stays")
            raise TableError("the host's part goes to another player sitting at the table (not a bot)")
        self.host = seat.number
        self._say(f"{me.name} hands the host's part to {seat.name}")
        self._seats_changed()

    # ------------------------------------------------- a host without a page

    def page_opened(self, seat: Seat) -> None:
        """A page of ``seat`` is open: he is at the table."""
        seat.gone_at, seat.seen = None, True

    def page_closed(self, seat: Seat) -> None:
        """The last page of ``seat`` closed: a host gone :data:`HOST_GONE_AFTER` seconds
        passes his part on (:meth:`_pass_absent_host`)."""
        if seat.bot is None and seat.gone_at is None:
            seat.gone_at = self.clock()

    def _host_due(self) -> float | None:
        """When the host's part passes for want of him (None: he is here, or nobody could take it)."""
        host = self.seats[self.host] if self.host is not None else None
        if host is None or host.bot is not None or not any(self._here(s) for s in self.seats if s is not host):
            return None
        return None if host.gone_at is None else host.gone_at + HOST_GONE_AFTER

    def _here(self, seat: Seat | None) -> bool:
        """Whether ``seat`` is a person at the table: not away, with a page open, staying."""
        return (
            seat is not None
            and seat.bot is None
            and seat.seen
            and seat.gone_at is None
            and not (seat.away or seat.leaving)
        )

    def _pass_absent_host(self) -> bool:
        """The host has had no page open :data:`HOST_GONE_AFTER` seconds (a host away with his page
        open still manages the table): his part passes to the next person clockwise who is here
        (he keeps his seat). True if it did."""
        due = self._host_due()
        if due is None or self.clock() < due or self.host is None:
            return False
        host = self.seats[self.host]
        assert host is not None
        n = len(self.seats)
        heir = next(s for k in range(1, n) if self._here(s := self.seats[(self.host + k) % n]))
        assert heir is not None
        self.host = heir.number
        self._say(f"{host.name} has had no page open for a while: {heir.name} is the host now")
        self._seats_changed()
        return True

    def sit_out(self, who: Seat | str) -> None:
        """The seat ``who`` is away: from now on his turn checks, else folds, at once
        (the hand goes on without waiting for his time) until he is :meth:`back`."""
        seat = self._seat(who)
        if not seat.away:
            seat.away = True
            self._say(f"{seat.name} is away: his seat checks or folds until he is back")
            self._seats_changed()
            self._play_away()

    def back(self, who: Seat | str) -> None:
        """The seat ``who`` is back from :meth:`sit_out` (or from turns that ran out)."""
        seat = self._seat(who)
        seat.missed = 0
        if seat.away:
            seat.away = False
            self._say(f"{seat.name} is back")
            self._seats_changed()
            if self.state == "between" and self.deadline is None:  # (the table waited for a person: it deals)
                self._next_hand()

    def everybody_away(self) -> bool:
        """Whether every person seated (not a bot) is away: the table deals no hand then,
        since nobody would play it, until one is :meth:`back` or a friend sits down.

        >>> from studrules.spec.resources import default_variant
        >>> from studrules.web.room import Room, TableConfig
        >>> room = Room("t1", TableConfig(variants=(default_variant(),), seats=3), clock=lambda: 0.0)
        >>> ann, bob = room.join("Ann"), room.join("Bob")
        >>> room.sit_out(ann), room.everybody_away(), room.sit_out(bob), room.everybody_away()
        (None, False, None, True)
        """
        people = [s for s in self.seats if s is not None and s.bot is None]
        return bool(people) and all(s.away for s in people)

    def _waited_for_somebody(self) -> bool:
        """The table waits for a person (everybody was away) and one is no longer away: he
        bought in again, a friend sat down, the ones away left or were given to bots."""
        return self.state == "between" and self.deadline is None and not self.everybody_away()

    def _wait_for_somebody(self) -> None:
        """Every person is away: the table waits, without a deadline, for one to be back."""
        if self.state != "between" or self.deadline is not None:
            self._say('Everybody at the table is away: no hand is dealt until a player presses "I\'m back"')
        self.state = "between"
        self.deadline = None
        self._changed()

    def _play_away(self) -> None:
        """Whatever waits for a person who is now away is done at once."""
        if self.state == "playing" and self.hand is not None and not self.hand.is_over:
            seat = self._person(self.hand.to_act)
            if seat is not None and seat.away:
                self._run()
        elif self.state == "choosing" and self.session is not None:
            seat = self._person(self.session.dealer)
            if seat is not None and seat.away:  # the dealer choosing: the last game again, at once
                self._next_hand()

    def is_host(self, seat: Seat) -> bool:
        """Whether ``seat`` is the host's (the first seat's, until the host hands it on or goes)."""
        return seat.number == self.host and seat.bot is None

    def _nobody_left(self) -> bool:
        """When the last person has stood up, given his seat to a bot or lost his
        last chip (and may not buy in again), the game is over (bots do not play
        on alone): True then. A table the server started for bots alone
        (:attr:`for_bots`) plays on."""
        session = self.session
        if self.for_bots or any(
            s is not None
            and s.bot is None
            and not s.leaving
            and (
                session is None
                or (s.name in session.active and session.stacks.get(s.name, 0) > 0)
                or self._may_buy_again(s.name)
            )
            for s in self.seats
        ):
            return False
        if session is not None:
            session.stop("every player has left or lost his chips")
        if self.state in ("waiting", "between", "choosing"):
            self.state = "over"
            self.deadline = None
            self._say("Every player has left: the game is over.")
        return True

    def _missed(self, name: str | None) -> None:
        """A person's time ran out: AWAY_AFTER turns in a row, and he is away (the
        hands no longer wait for him) until he comes back."""
        seat = self._person(name)
        if seat is None or seat.away:
            return
        seat.missed += 1
        if seat.missed >= AWAY_AFTER:
            seat.away = True
            self._say(
                f"{seat.name} is away ({seat.missed} turns ran out of time): his seat checks or folds until he is back"
            )
            self._seats_changed()
