"""How ``studrules serve`` meets the network: the settings it gives uvicorn.

A browser sends its request at once; a client that sends the headers (or the body) of a
request a line every few seconds (or never finishes them) holds a connection,
and a few thousand such hold every file the process may open. So a request's
headers must arrive within :data:`HEADER_SECONDS` of the connection, or it is
closed; at most :data:`MAX_CONNECTIONS` are served at once (more are answered
503), and an idle kept-alive connection is closed after
:data:`KEEP_ALIVE_SECONDS`. A request's body is read by :func:`read_body`: no
further than its limit (a larger ``Content-Length`` is refused before a byte
is read) and for no longer than :data:`BODY_SECONDS`. A server on the open internet still belongs
behind a reverse proxy (nginx, Caddy), which meets slow clients itself.
"""

from __future__ import annotations

from typing import Any

from .protocol import MAX_SETTINGS

__all__ = [
    "BODY_SECONDS",
    "HEADER_SECONDS",
    "KEEP_ALIVE_SECONDS",
    "MAX_CONNECTIONS",
    "BodyRefused",
    "read_body",
    "uvicorn_settings",
    "timed_http",
]

#: A request's headers must be in within this many seconds of the connection.
HEADER_SECONDS = 10.0
#: An idle connection kept alive after a response is closed after this many seconds.
KEEP_ALIVE_SECONDS = 5
#: The most connections (and requests) served at once.
MAX_CONNECTIONS = 1000
#: A request's body must be in within this many seconds of its headers.
BODY_SECONDS = 10.0


class BodyRefused(Exception):
    """A request body not read: too large (413), too slow (408), or its client gone (``status`` None:
    nobody to answer)."""

    def __init__(self, message: str, status: int | None):
        super().__init__(message)
        self.status = status


async def read_body(
    request: Any, limit: int, what: str = "a request", seconds: float = BODY_SECONDS, said: int | None = None
) -> bytes:
    """The body of a Starlette ``request``, of at most ``limit`` bytes (``what``: the body in words;
    ``said``: the limit as the message gives it), else :class:`BodyRefused`; memory never holds more
    than the limit of it."""
    import asyncio

    from starlette.requests import ClientDisconnect

    too_large = BodyRefused(f"{what} is at most {said or limit:,} bytes", 413)
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise too_large
    chunks: list[bytes] = []
    size = 0

    async def read() -> None:
        nonlocal size
        async for chunk in request.stream():
            size += len(chunk)
            if size > limit:
                raise too_large
            chunks.append(chunk)

    try:
        await asyncio.wait_for(read(), seconds)
    except TimeoutError:
        raise BodyRefused(f"{what} did not arrive within {seconds:g} seconds", 408) from None
    except ClientDisconnect:
        raise BodyRefused("the client left before its request was in", None) from None
    return b"".join(chunks)


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
        # a message too long, up to twice the longest (a settings change), is answered with the reason;
        # a frame past that is not read into memory: the socket is closed (1009, "message too big")
        "ws_max_size": MAX_SETTINGS * 2,
        "limit_concurrency": MAX_CONNECTIONS,
        "timeout_keep_alive": KEEP_ALIVE_SECONDS,
        "log_level": "warning",
    }
