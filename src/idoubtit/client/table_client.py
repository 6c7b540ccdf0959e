"""A small Python client of the table protocol, for scripts, tests, benchmarks and outside agents.

    async with TableClient.connect("ws://127.0.0.1:8000", "ACE347", token) as client:
        await client.until(lambda c: c.my_turn)
        await client.play(["AS", "AH"])

It keeps what the server said: the room, the state id and this seat's view (the log rebuilt from the
updates' ``events``), and every message received, in order, in :attr:`TableClient.received`.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from typing import Any, Final

import websockets

#: The version of the table protocol this client speaks (docs/protocol.md); the server says which it speaks
#: in its welcome, and a test keeps the two the same.
PROTOCOL_VERSION: Final = 1


class ProtocolBrokenError(RuntimeError):
    """The server sent something this client cannot follow (a gap in the log, a message out of place)."""


#: How many times a client follows ``room.elsewhere`` before it gives up.
MAX_HOPS = 4


def ws_address(node: str) -> str:
    """A node's URL (``http://host:port``) as the WebSocket address to connect to (``ws://host:port``).

    >>> ws_address("https://cards.example.org"), ws_address("http://10.0.0.2:8000/")
    ('wss://cards.example.org', 'ws://10.0.0.2:8000')
    """
    for plain, secure in (("http://", "ws://"), ("https://", "wss://")):
        if node.startswith(plain):
            return secure + node[len(plain) :].rstrip("/")
    return node.rstrip("/")


class TableClient:
    """One connection to a room: ``send`` actions, ``until`` a condition holds, read ``view``."""

    def __init__(self, socket: websockets.ClientConnection, *, keep_frames: bool = False) -> None:
        self.socket = socket
        self.received: list[dict[str, Any]] = []
        #: With ``keep_frames``, each message as it came over the wire (for audits), in step with ``received``.
        self.frames: list[str] | None = [] if keep_frames else None
        self.room: dict[str, Any] | None = None
        self.seat: int | None = None
        self.state: str | None = None
        self.view: dict[str, Any] | None = None
        self.log: list[dict[str, Any]] = []
        self.timer: dict[str, Any] | None = None
        self.errors: list[dict[str, Any]] = []
        self.acks: list[dict[str, Any]] = []
        self._answers: dict[Any, dict[str, Any]] = {}
        self.closed = False
        self._changed = asyncio.Event()
        self._reader: asyncio.Task[None] | None = None
        self._next_id = 0

    @classmethod
    @asynccontextmanager
    async def connect(
        cls,
        server: str,
        code: str,
        token: str | None = None,
        *,
        max_size: int | None = 2**22,
        keep_frames: bool = False,
    ) -> AsyncIterator[TableClient]:
        """Connect to ``server`` (``ws://host:port``), say hello with ``token`` (None: watch) and wait for welcome.

        A node of a cluster that does not play the room answers ``room.elsewhere`` with the node that does:
        the client goes there (a few hops at most), so any node's address reaches any table.
        """
        for _ in range(MAX_HOPS):
            async with cls._said_hello(server, code, token, max_size, keep_frames) as client:
                moved = next((e for e in client.errors if e.get("code") == "room.elsewhere" and e.get("node")), None)
                if moved is None:
                    yield client
                    return
            server = ws_address(str(moved["node"]))
        raise ProtocolBrokenError(f"room {code} kept being elsewhere after {MAX_HOPS} hops")

    @classmethod
    @asynccontextmanager
    async def _said_hello(
        cls, server: str, code: str, token: str | None, max_size: int | None, keep_frames: bool
    ) -> AsyncIterator[TableClient]:
        async with websockets.connect(f"{server.rstrip('/')}/ws/{code}", max_size=max_size, compression=None) as socket:
            client = cls(socket, keep_frames=keep_frames)
            client._reader = asyncio.get_running_loop().create_task(client._read())
            try:
                hello: dict[str, Any] = {"type": "hello", "version": PROTOCOL_VERSION}
                if token is not None:
                    hello["token"] = token
                await client.send_raw(json.dumps(hello))
                await client.until(lambda c: c.room is not None or bool(c.errors) or c.closed)
                yield client
            finally:
                client._reader.cancel()

    async def send_raw(self, text: str | bytes) -> None:
        await self.socket.send(text)

    async def send(self, message: dict[str, Any]) -> str:
        """Send a message with a fresh id (returned), so its ack or error can be found."""
        self._next_id += 1
        message_id = f"m{self._next_id}"
        await self.socket.send(json.dumps({**message, "id": message_id}))
        return message_id

    async def play(self, cards: Sequence[str], rank: str | None = None) -> str:
        message: dict[str, Any] = {"type": "play", "state": self.state, "cards": list(cards)}
        if rank is not None:
            message["rank"] = rank
        return await self.send(message)

    async def doubt(self) -> str:
        return await self.send({"type": "doubt", "state": self.state})

    async def decline(self) -> str:
        return await self.send({"type": "decline", "state": self.state})

    async def until(self, condition: Callable[[TableClient], bool], timeout: float = 10.0) -> None:
        """Wait until ``condition(self)`` holds (checked after every message), or raise TimeoutError."""
        async with asyncio.timeout(timeout):
            while not condition(self):
                self._changed.clear()
                if condition(self):
                    return
                await self._changed.wait()

    def answer_to(self, message_id: str) -> dict[str, Any] | None:
        """The acknowledgement (``{"id", "state"}``) or error the server sent for ``message_id``, if it came."""
        return self._answers.get(message_id)

    @property
    def my_turn(self) -> bool:
        view = self.view
        return view is not None and view["phase"] == "play" and view["to_play"] == self.seat

    @property
    def my_window(self) -> bool:
        view = self.view
        return view is not None and view["phase"] == "doubt" and self.seat in view["awaiting"]

    @property
    def over(self) -> bool:
        return self.view is not None and self.view["phase"] == "over"

    async def _read(self) -> None:
        try:
            async for raw in self.socket:
                message = json.loads(raw)
                self.received.append(message)
                if self.frames is not None:
                    self.frames.append(raw if isinstance(raw, str) else raw.decode())
                self._take(message)
                self._changed.set()
        except websockets.ConnectionClosed:
            pass
        finally:
            self.closed = True
            self._changed.set()

    def _take(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "welcome":
            self.room, self.seat, self.state = message["room"], message["you"]["seat"], message["state"]
            self.log = []
            self._take_view(message["view"])
            self.timer = message["timer"]
        elif kind == "update":
            self.state, self.timer = message["state"], message["timer"]
            self._take_view(message["view"])
            if "ack" in message:  # the update that follows our own accepted action
                ack = {"id": message["ack"], "state": message["state"]}
                self.acks.append(ack)
                self._answers[ack["id"]] = ack
        elif kind == "room":
            self.room = message["room"]
        elif kind == "error":
            self.errors.append(message)
            if message.get("id") is not None:
                self._answers[message["id"]] = message

    def _take_view(self, view: dict[str, Any] | None) -> None:
        if view is None:
            self.view = None
            return
        start = view["log_from"]
        if start == 0:
            self.log = []
        if start != len(self.log):
            raise ProtocolBrokenError(f"the log jumps from {len(self.log)} to {start}")
        self.log.extend(view["events"])
        if len(self.log) != view["log_size"]:
            raise ProtocolBrokenError(f"the log has {len(self.log)} entries, the server says {view['log_size']}")
        self.view = {**view, "log": self.log}
