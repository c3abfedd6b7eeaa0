"""The dealer's choice at a browser table (:class:`_DealersChoice`, a part of
:class:`~studrules.web.room.Room`): at a table whose games are dealt at the dealer's
choice, the person who deals picks the next hand's game; one who is away, or whose time
runs out, deals the last hand's game again (the first game where none was played, or the
host's change took it off the table).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .config import TableError
from .seat import Seat

if TYPE_CHECKING:
    from ..table.session import Session

__all__ = ["_DealersChoice"]


class _DealersChoice:
    """The dealer's choice: a part of :class:`~studrules.web.room.Room`, whose attributes and
    methods these read (declared here for the type checker)."""

    if TYPE_CHECKING:
        state: str
        session: Session | None

        def _seat(self, who: Seat | str) -> Seat: ...

        def _say(self, line: str) -> None: ...

        def _missed(self, name: str | None) -> None: ...

        def _next_hand(self, variant: Any = None) -> None: ...

    def choose(self, who: Seat | str, name: str) -> None:
        """The dealer picks the next game at a dealer's choice table."""
        seat = self._seat(who)
        session = self.session
        if self.state != "choosing" or session is None:
            raise TableError("no game is being chosen now")
        if seat.name != session.dealer:
            raise TableError(f"{session.dealer} deals and chooses the game")
        variant = next((v for v in session.variants if v.name == name), None)
        if variant is None:
            raise TableError(f"'{name}' is not one of this table's games")
        seat.missed = 0
        self._next_hand(variant)

    def _again(self, game: Any) -> str:
        """``again`` where ``game`` is the last hand's, else ``(the first game)`` (none played yet, or not it)."""
        last = self.session.last_variant if self.session is not None else None
        return "again" if last is not None and last.name == game.name else "(the first game)"

    def _last_game(self) -> Any:
        """The game of the last hand as the table deals it now (the host's change may have
        loaded the games again, with other stakes), else the first game dealt."""
        session = self.session
        assert session is not None
        last = session.last_variant
        return next((v for v in session.variants if last is not None and v.name == last.name), session.variants[0])

    def _chose_nothing(self) -> None:
        """The dealer's time to choose ran out: the last game again, and a turn missed."""
        session = self.session
        assert session is not None
        last = self._last_game()
        self._say(f"{session.dealer} did not choose in time: {last.name} {self._again(last)}")
        self._missed(session.dealer)
        self._next_hand(last)
