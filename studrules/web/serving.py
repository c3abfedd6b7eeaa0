"""How ``studrules serve`` meets the network: the settings it gives uvicorn.

A browser sends its request at once; a client that sends the headers of a
request a line every few seconds (or never finishes them) holds a connection,
and a few thousand such hold every file the process may open. So a request's
headers must arrive within :data:`HEADER_SECONDS` of the connection, or it is
closed; at most :data:`MAX_CONNECTIONS` are served at once (more are answered
503), and an idle kept-alive connection is closed after
:data:`KEEP_ALIVE_SECONDS`. A server on the open internet still belongs
behind a reverse proxy (nginx, Caddy), which meets slow clients itself.
"""

from __future__ import annotations

from typing import Any

from .protocol import MAX_SETTINGS

__all__ = ["HEADER_SECONDS", "KEEP_ALIVE_SECONDS", "MAX_CONNECTIONS", "uvicorn_settings", "timed_http"]

#: A request's headers must be in within this many seconds of the connection.
HEADER_SECONDS = 10.0
#: An idle connection kept alive after a response is closed after this many seconds.
KEEP_ALIVE_SECONDS = 5
#: The most connections (and requests) served at once.
MAX_CONNECTIONS = 1000


def timed_http(seconds: float = HEADER_SECONDS) -> type:
    """uvicorn's HTTP/1.1 protocol, closing a connection whose first request's
    headers are not all in ``seconds`` after it opened (a websocket, once
    upgraded, is another protocol's and is left alone)."""
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class TimedH11Protocol(H11Protocol):
        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            self.header_timer = self.loop.call_later(seconds, self._headers_late)

        def connection_lost(self, exc: Exception | None) -> None:
            self.header_timer.cancel()
            super().connection_lost(exc)

        def _headers_late(self) -> None:
            transport = self.transport
            # a request read (cycle), an upgrade made (the transport is the websocket's): in time
            if self.cycle is None and transport.get_protocol() is self and not transport.is_closing():
                transport.close()

    return TimedH11Protocol


def uvicorn_settings(header_seconds: float = HEADER_SECONDS) -> dict[str, Any]:
    """The keyword arguments ``studrules serve`` gives ``uvicorn.run`` besides
    the application, host and port."""
    return {
        "http": timed_http(header_seconds),
        "ws_max_size": MAX_SETTINGS * 2,  # (a message too long is answered, not cut off)
        "limit_concurrency": MAX_CONNECTIONS,
        "timeout_keep_alive": KEEP_ALIVE_SECONDS,
        "log_level": "warning",
    }
