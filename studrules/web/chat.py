"""The table's chat (:class:`_Chat`, a part of :class:`~studrules.web.room.Room`): a seated
player says a line to the table; spectators read it. A line is at most 200 characters,
its spaces made single; a seat says a line a second, five at once after a silence; the
last 100 lines are kept, and none over a restart.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .config import TableError
from .protocol import RateLimit
from .seat import Seat

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["_Chat"]


class _Chat:
    """The chat: a part of :class:`~studrules.web.room.Room`, whose attributes and methods
    these read (declared here for the type checker)."""

    if TYPE_CHECKING:
        chat: list[dict[str, str]]
        _chat_limits: dict[int, RateLimit]
        clock: Callable[[], float]

        def _seat(self, who: Seat | str) -> Seat: ...

        def _changed(self) -> None: ...

    def say(self, who: Seat | str, text: str) -> None:
        """The seat ``who`` says ``text`` at the table's chat (a player's, not a spectator's;
        a line a second, five at once, 200 characters at most)."""
        seat = self._seat(who)
        line = " ".join(str(text).split())[:200]
        if not line:
            raise TableError("say something: the line is empty")
        limit = self._chat_limits.setdefault(seat.number, RateLimit(rate=1.0, burst=5.0))
        if not limit.allow(self.clock()):
            raise TableError("one line a second at the chat: slow down")
        self.chat.append({"name": seat.name, "text": line})
        del self.chat[:-100]
        self._changed()
