"""Connections bounded: how many may be open, and how long one may take to say
what it wants.

uvicorn closes a connection that is idle after a response (its keep-alive timeout),
but not one that never finishes its first request's headers, nor one that sends a
byte now and then: 300 such connections took every file descriptor and the server
stopped answering. So each connection has HEADERS_SECONDS to finish a request's
headers, from when it opens and after each response; and at most `limit`
connections are open at once: the next is answered 503 at once and closed, which
keeps the process below its file-descriptor limit (the limit is what is left of it
after RESERVED, for the database, the workers' pipes and the log)."""
from __future__ import annotations

import asyncio
import resource

from uvicorn.protocols.http.h11_impl import H11Protocol

HEADERS_SECONDS = 10.0   # to send a request's headers
KEEP_ALIVE_SECONDS = 5   # idle between requests (uvicorn's own timeout)
RESERVED = 64            # file descriptors kept for everything but connections
_BODY = b'{"error": "the server has too many connections open; try again in a moment."}'
FULL = (b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\n"
        b"retry-after: 5\r\nconnection: close\r\ncontent-length: %d\r\n\r\n%s"
        % (len(_BODY), _BODY))


def connection_limit(asked: int) -> int:
    """`asked`, or fewer when the process may not open that many files: the soft
    limit is raised to the hard one first, as far as it goes."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and soft < hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            soft = hard
        except (ValueError, OSError):
            pass
    return max(1, min(asked, soft - RESERVED))


def bounded(limit: int, headers_seconds: float = HEADERS_SECONDS) -> type[H11Protocol]:
    """uvicorn's HTTP/1.1 protocol with the two bounds above."""

    class Bounded(H11Protocol):
        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            if len(self.connections) >= limit:
                transport.write(FULL)
                transport.close()
                self.transport = transport
                return
            super().connection_made(transport)
            self._headers_timer()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            self._headers_timer()

        def _headers_timer(self) -> None:
            """Closes the connection if no new request has begun by the deadline."""
            awaited = self.cycle

            def late() -> None:
                if self.cycle is awaited and not self.transport.is_closing():
                    self.transport.close()

            self.loop.call_later(headers_seconds, late)

        def connection_lost(self, exc: Exception | None) -> None:
            if self not in self.connections:  # refused in connection_made
                return
            super().connection_lost(exc)

    return Bounded
