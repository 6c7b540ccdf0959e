"""The WebSocket protocol the server runs under uvicorn: uvicorn's sans-I/O one, reading steadily.

uvicorn's protocol stops reading a socket after every message it queues for the app and starts again
when the app takes it: two changes to the event loop's selector (two system calls) for every message.
A busy table server takes thousands of small messages a second, each taken by the app within
microseconds: under the no-think benchmark that back-and-forth was about 6 % of the event loop's work,
and it buys nothing. Here a socket is read on while fewer than :data:`BACKLOG` of its messages wait for
the app; only a client that gets that far ahead is paused (until the app has taken all of them), so what
one socket can make the server hold stays bounded, at :data:`BACKLOG` messages instead of one.
"""

from __future__ import annotations

from typing import Final

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

#: Messages of one socket that may wait for the app before the server stops reading that socket.
BACKLOG: Final = 16


class SteadyReadingProtocol(WebSocketsSansIOProtocol):
    """uvicorn's sans-I/O WebSocket protocol, pausing a socket only past :data:`BACKLOG` waiting messages."""

    def send_receive_event_to_app(self) -> None:
        paused = self.read_paused
        # The parent pauses reading after queueing unless it believes reading is paused already.
        self.read_paused = True
        try:
            super().send_receive_event_to_app()
        finally:
            self.read_paused = paused
        if not paused and not self.close_sent and self.queue.qsize() >= BACKLOG:
            self.read_paused = True
            self.transport.pause_reading()  # the parent's receive() reads on once the app took them all
