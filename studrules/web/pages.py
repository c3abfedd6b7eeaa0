"""The pages open on a table: each is sent the table as its seat (or a spectator) sees it.

Every page is sent its view at once, each with :data:`SEND_TIMEOUT` seconds to take it: a
page that reads nothing (a frozen tab, a sleeping phone, a client that stopped reading)
fills its connection's buffer, and a send to it would wait for ever, holding up every
other page and the table's clock. Such a page is let go: forgotten by the table and
closed (4408); a page that reads again opens anew and is sent the table whole.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import MutableMapping
from typing import Any

from .room_view import snapshot

__all__ = ["SEND_TIMEOUT", "send_views"]

#: Seconds a page may keep a table's update waiting before it is let go.
SEND_TIMEOUT = 5.0


async def send_views(room: Any, sockets: MutableMapping[Any, Any], closing: set[asyncio.Task]) -> None:
    """Send every page in ``sockets`` (page -> its seat, None for a spectator) its view of
    ``room``; a page closed, or taking none of it in time, is taken out of ``sockets`` and
    closed (the closing tasks are kept in ``closing`` until done)."""

    async def send(ws: Any, seat: Any) -> None:
        text = json.dumps(snapshot(room, seat if room.holds(seat) else None))
        try:
            await asyncio.wait_for(ws.send_text(text), SEND_TIMEOUT)
        except Exception:  # closed, or reading nothing: forgotten
            sockets.pop(ws, None)
            task = asyncio.get_running_loop().create_task(_close_quietly(ws))
            closing.add(task)
            task.add_done_callback(closing.discard)

    await asyncio.gather(*(send(ws, seat) for ws, seat in list(sockets.items())))


async def _close_quietly(ws: Any) -> None:
    """Close a page let go (4408), waiting no longer than a send would."""
    with contextlib.suppress(Exception):
        await asyncio.wait_for(ws.close(code=4408), SEND_TIMEOUT)
