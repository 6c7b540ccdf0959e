"""The server's WebSocket protocol reads a socket steadily: it stops reading only once a client is
:data:`BACKLOG` messages ahead of the app, and reads on once the app has taken them all."""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.config import Config
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from uvicorn.server import ServerState

from idoubtit.server.ws_protocol import BACKLOG, SteadyReadingProtocol


class CountingTransport:
    """Just what the protocol asks of a transport here: it counts pauses and resumptions of reading."""

    def __init__(self) -> None:
        self.paused = 0
        self.resumed = 0

    def pause_reading(self) -> None:
        self.paused += 1

    def resume_reading(self) -> None:
        self.resumed += 1


async def _no_app(scope: Any, receive: Any, send: Any) -> None:  # the protocol needs an app to be built
    return None


def _protocol(kind: type[WebSocketsSansIOProtocol]) -> tuple[WebSocketsSansIOProtocol, CountingTransport]:
    config = Config(app=_no_app, ws=kind)
    config.load()
    protocol = kind(config, ServerState(), {}, _loop=asyncio.get_running_loop())
    transport = CountingTransport()
    protocol.transport = transport  # type: ignore[assignment]
    return protocol, transport


def _arrives(protocol: WebSocketsSansIOProtocol, text: str) -> None:
    """A whole text message has been read from the socket."""
    protocol.curr_msg_data_type = "text"
    protocol.frames = [text.encode()]
    protocol.send_receive_event_to_app()


async def test_uvicorns_own_protocol_stops_reading_after_every_message() -> None:
    protocol, transport = _protocol(WebSocketsSansIOProtocol)
    for number in range(3):
        _arrives(protocol, f"m{number}")
        await protocol.receive()
    assert (transport.paused, transport.resumed) == (3, 3)  # what the steady protocol saves


async def test_messages_the_app_keeps_up_with_never_stop_reading() -> None:
    protocol, transport = _protocol(SteadyReadingProtocol)
    for number in range(3 * BACKLOG):
        _arrives(protocol, f"m{number}")
        assert await protocol.receive() == {"type": "websocket.receive", "text": f"m{number}"}
    assert (transport.paused, transport.resumed) == (0, 0)


async def test_a_client_a_backlog_ahead_is_paused_until_the_app_took_every_message() -> None:
    protocol, transport = _protocol(SteadyReadingProtocol)
    for number in range(BACKLOG - 1):
        _arrives(protocol, f"m{number}")
    assert transport.paused == 0
    _arrives(protocol, "last")
    assert (transport.paused, protocol.read_paused) == (1, True)
    _arrives(protocol, "already read")  # (bytes already read still go to the app; no second pause)
    assert transport.paused == 1
    for _ in range(BACKLOG):
        await protocol.receive()
    assert transport.resumed == 0  # one message still waits
    await protocol.receive()
    assert (transport.resumed, protocol.read_paused) == (1, False)


async def test_after_closing_the_socket_is_read_on_for_the_clients_close() -> None:
    protocol, transport = _protocol(SteadyReadingProtocol)
    protocol.close_sent = True
    for number in range(2 * BACKLOG):
        _arrives(protocol, f"m{number}")
    assert (transport.paused, protocol.queue.qsize()) == (0, 0)  # dropped, as uvicorn drops them
