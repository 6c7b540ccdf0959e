"""The web application: a small HTTP lobby (create, join, bots, start, hosting) and one WebSocket per client.

``create_app(config)`` gives the ASGI app; ``serve(config)`` runs it with uvicorn. Errors always come
back as ``{"error": {"code": ..., "message": ...}}`` over HTTP and as ``error`` messages on a socket,
to the sender only.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import logging
import time
from collections.abc import AsyncIterator
from typing import Any, Final
from urllib.parse import urlsplit

import uvicorn
from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import JSONResponse
from starlette.websockets import WebSocketState

from idoubtit.archive import Archive, normalize_code
from idoubtit.server.config import ServerConfig
from idoubtit.server.gate import Gate, LookupThrottle
from idoubtit.server.history import ReviewWorker, add_history
from idoubtit.server.hub import Hub
from idoubtit.server.protocol import (
    PROTOCOL_VERSION,
    ActionRequest,
    CoachSwitch,
    Hello,
    React,
    ServerError,
    Sync,
    encode,
    error_message,
    parse_client_message,
)
from idoubtit.server.table import Table
from idoubtit.server.web import add_web
from idoubtit.server.ws_protocol import SteadyReadingProtocol

log = logging.getLogger("idoubtit.server")

#: A client this far behind on messages is too slow to keep up with its table: it is disconnected
#: (it may reconnect and get the whole view at once).
MAX_QUEUED_MESSAGES: Final = 512
#: How many messages in a row a connection may send that are refused for the rate (``limit.rate``) before
#: it is closed. Other refusals never close a connection: each is answered, and the rate limit bounds them.
MAX_ERRORS_IN_A_ROW: Final = 50
#: WebSocket close codes of this protocol (4000–4999 are free for applications).
CLOSE_NORMAL: Final = 1000
#: Still flooding after :data:`MAX_ERRORS_IN_A_ROW` rate refusals (the standard "policy violation").
CLOSE_POLICY: Final = 1008
CLOSE_TOO_SLOW: Final = 4008
#: The seat opened more connections than it may: its oldest one is closed.
CLOSE_REPLACED: Final = 4009
CLOSE_ROOM_CLOSED: Final = 4010
#: On a node of a cluster: the room is played on another node (its URL was in the last message).
CLOSE_ELSEWHERE: Final = 4011
#: Allocations between young collections (Python's default is 700): fewer, slightly longer pauses.
YOUNG_COLLECTION_THRESHOLD: Final = 10_000


class AsciiJSONResponse(JSONResponse):
    """JSON with every non-ASCII character escaped, as the WebSocket side sends it: whatever string a
    client slipped into a room (even one no encoder takes), the answer can always be written."""

    def render(self, content: Any) -> bytes:
        return json.dumps(content, allow_nan=False, separators=(",", ":")).encode("ascii")


class TokenBucket:
    """Allows ``rate`` messages per second on average and ``burst`` at once."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, float(burst)
        self.tokens, self.updated = float(burst), time.monotonic()

    def take(self) -> bool:
        moment = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (moment - self.updated) * self.rate)
        self.updated = moment
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class SocketConnection:
    """One WebSocket client: messages are queued and written by their own task, so a slow phone never
    holds up its table."""

    def __init__(self, websocket: WebSocket, config: ServerConfig) -> None:
        self.websocket = websocket
        self.seat: int | None = None
        self.log_sent = 0
        self.bucket = TokenBucket(config.messages_per_second, config.message_burst)
        self._queue: asyncio.Queue[str | None] = asyncio.Queue()
        self._writer = asyncio.get_running_loop().create_task(self._write())
        self.closing = False
        #: How the socket is closed once the queue is written: normally, or saying why.
        self.close_code = CLOSE_NORMAL

    def send(self, message: dict[str, Any]) -> None:
        self.send_text(encode(message))
        if message.get("type") == "closed":
            self._close_after_queue(CLOSE_ROOM_CLOSED)
        elif message.get("type") == "moved" or message.get("code") == "room.elsewhere":
            self._close_after_queue(CLOSE_ELSEWHERE)

    def send_text(self, text: str) -> None:
        if self.closing:
            return
        if self._queue.qsize() >= MAX_QUEUED_MESSAGES:
            self._close_after_queue(CLOSE_TOO_SLOW)
            return
        self._queue.put_nowait(text)

    def replace(self, message: dict[str, Any]) -> None:
        self.send(message)
        self._close_after_queue(CLOSE_REPLACED)

    def close_after_queue(self, code: int) -> None:
        """Close the socket with ``code`` once every message queued so far is written; send nothing more."""
        self._close_after_queue(code)

    def _close_after_queue(self, code: int) -> None:
        if not self.closing:
            self.closing, self.close_code = True, code
            self._queue.put_nowait(None)

    async def _write(self) -> None:
        while True:
            text = await self._queue.get()
            if text is None:
                with contextlib.suppress(Exception):
                    await self.websocket.close(self.close_code)
                return
            try:
                await self.websocket.send_text(text)
            except Exception:  # the client went away; the reader notices and cleans up
                return

    async def finish(self) -> None:
        """Stop writing once what is queued has gone (or the socket is gone)."""
        self._close_after_queue(CLOSE_NORMAL)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self._writer, timeout=5)
        self._writer.cancel()


def create_app(config: ServerConfig, archive: Archive | None = None) -> FastAPI:
    """The server as an ASGI app. Without ``archive`` it opens ``config.db`` when it starts."""

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        opened = archive if archive is not None else await asyncio.to_thread(Archive.open, config.db)
        hub = Hub(config, opened, throttle)
        await hub.start()
        app.state.hub = hub
        app.state.reviews = ReviewWorker()
        try:
            yield
        finally:
            app.state.reviews.close()
            await hub.stop()
            if archive is None:
                opened.close()

    throttle = LookupThrottle(config.lookups_per_minute)
    app = FastAPI(
        title="idoubtit", version=str(PROTOCOL_VERSION), lifespan=lifespan, default_response_class=AsciiJSONResponse
    )
    app.add_middleware(Gate, config=config, throttle=throttle)
    _add_lobby(app, config)
    add_history(app)
    _add_socket(app, config)
    add_web(app)
    return app


def _hub(request: Request | WebSocket) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def _add_lobby(app: FastAPI, config: ServerConfig) -> None:
    """The HTTP side: create a room, look at it, take a seat, start, close (seats and hosting: _add_seats)."""
    hub_of = _hub

    @app.exception_handler(ServerError)
    async def refused(request: Request, error: ServerError) -> JSONResponse:
        error = await hub_of(request).elsewhere(error)  # a node of a cluster: maybe another node plays it
        if error.code == "room.not_found":
            hub_of(request).throttle.failed(request.client.host if request.client else None)
        answer: dict[str, Any] = {"code": error.code, "message": error.message}
        if error.node is not None:
            answer["node"] = error.node
        return AsciiJSONResponse({"error": answer}, status_code=error.status)

    def link(request: Request, table: Table) -> str:
        """The join link for this answer: from ``--public-url``, else from this request's own address (for
        this answer only: never stored, so one request's headers never reach another reader)."""
        return table.link or f"{str(request.base_url).rstrip('/')}/r/{table.code}"

    @app.get("/api/health")
    async def health() -> dict[str, Any]:
        return {"ok": True, "protocol": PROTOCOL_VERSION}

    @app.post("/api/rooms", status_code=201)
    async def create_room(request: Request) -> dict[str, Any]:
        address = request.client.host if request.client else None
        table, token = await hub_of(request).create_room(await _body(request, config), address)
        return {"code": table.code, "host_token": token, "link": link(request, table)}

    @app.get("/api/rooms/{code}")
    async def room(request: Request, code: str) -> dict[str, Any]:
        table = hub_of(request).table(code)
        return table.room_info(link(request, table))

    @app.get("/api/rooms/{code}/node")
    async def room_node(request: Request, code: str) -> JSONResponse:
        """Which node plays the room (null: none now), for a proxy that routes by room code. A node of a
        cluster also says where to send the room's requests, as ``host:port`` in ``X-Idoubtit-Node``
        (which nginx's auth_request passes on): that node, or itself when no node plays the room, so
        that the request gets its own answer (``room.not_found``, ``room.moving``) from it."""
        hub = hub_of(request)
        node = await hub.node_of(code)
        target = node or (None if hub.cluster is None else hub.cluster.node)
        headers = {"X-Idoubtit-Node": urlsplit(target).netloc} if target else {}
        return AsciiJSONResponse({"code": normalize_code(code)[:20], "node": node}, headers=headers)

    @app.post("/api/rooms/{code}/seats", status_code=201)
    async def join(request: Request, code: str) -> dict[str, Any]:
        data = await _body(request, config)
        _only(data, {"name", "seat", "player"})
        table, seat, token = await hub_of(request).join(code, data.get("name"), data.get("seat"), data.get("player"))
        return {"code": table.code, "seat": seat, "token": token}

    @app.post("/api/rooms/{code}/start")
    async def start(request: Request, code: str) -> dict[str, Any]:
        data = await _body(request, config)
        _only(data, set())
        number = await hub_of(request).start_game(code, _bearer(request))
        return {"game": number}

    @app.post("/api/rooms/{code}/close")
    async def close(request: Request, code: str) -> dict[str, Any]:
        _only(await _body(request, config), set())
        await hub_of(request).close_room(code, _bearer(request))
        return {"closed": True}

    _add_seats(app, config)


def _add_seats(app: FastAPI, config: ServerConfig) -> None:
    """The host's side of the lobby: bots in, out and to another level, and hosting handed on."""
    hub_of = _hub

    @app.post("/api/rooms/{code}/bots")
    async def bots(request: Request, code: str) -> dict[str, Any]:
        data = await _body(request, config)
        _only(data, {"level", "seat", "count"})
        seats = await hub_of(request).add_bots(
            code, _bearer(request), data.get("level"), data.get("seat"), data.get("count")
        )
        return {"seats": seats}

    @app.delete("/api/rooms/{code}/seats/{seat}")
    async def remove_bot(request: Request, code: str, seat: str) -> dict[str, Any]:
        _only(await _body(request, config), set())
        return {"removed": await hub_of(request).remove_bot(code, _bearer(request), seat)}

    @app.patch("/api/rooms/{code}/seats/{seat}")
    async def change_bot(request: Request, code: str, seat: str) -> dict[str, Any]:
        data = await _body(request, config)
        _only(data, {"level"})
        number, level = await hub_of(request).set_bot_level(code, _bearer(request), seat, data.get("level"))
        return {"seat": number, "level": level}

    @app.post("/api/rooms/{code}/lock")
    async def lock(request: Request, code: str) -> dict[str, Any]:
        data = await _body(request, config)
        _only(data, {"locked"})
        return {"locked": await hub_of(request).lock_room(code, _bearer(request), data.get("locked"))}

    @app.post("/api/rooms/{code}/coach")
    async def coach(request: Request, code: str) -> dict[str, Any]:
        data = await _body(request, config)
        _only(data, {"coach"})
        return {"coach": await hub_of(request).set_coach(code, _bearer(request), data.get("coach"))}

    @app.post("/api/rooms/{code}/host")
    async def hand_hosting(request: Request, code: str) -> dict[str, Any]:
        data = await _body(request, config)
        _only(data, {"seat"})
        return {"host_seat": await hub_of(request).hand_hosting(code, _bearer(request), data.get("seat"))}


async def _body(request: Request, config: ServerConfig) -> dict[str, Any]:
    raw = await request.body()
    if len(raw) > config.max_message_bytes:
        raise ServerError("protocol.too_large", f"a request is at most {config.max_message_bytes} bytes", 413)
    if not raw:
        return {}
    try:
        data = json.loads(raw, parse_constant=_refuse_constant)
    except (ValueError, RecursionError):  # not JSON, not UTF-8, or nested deeper than the parser goes
        raise ServerError("protocol.malformed", "the request body must be a JSON object") from None
    if not isinstance(data, dict):
        raise ServerError("protocol.malformed", "the request body must be a JSON object")
    return data


def _refuse_constant(name: str) -> None:
    raise ValueError(f"{name} is not JSON")


def _bearer(request: Request) -> str | None:
    """The bearer token: the host token, or the seat token of a person at the table."""
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def _add_socket(app: FastAPI, config: ServerConfig) -> None:
    """The WebSocket side: one connection per person or spectator, the protocol of docs/protocol.md."""
    hub_of = _hub

    @app.websocket("/ws/{code}")
    async def socket(websocket: WebSocket, code: str) -> None:
        await websocket.accept()
        connection = SocketConnection(websocket, config)
        table: Table | None = None
        try:
            table = await _greet(websocket, connection, hub_of(websocket), code, config)
            if table is not None:
                await _serve(websocket, connection, table, config)
        except WebSocketDisconnect:
            pass
        finally:
            if table is not None:
                table.disconnect(connection)
            await connection.finish()
            if websocket.client_state is WebSocketState.CONNECTED:
                with contextlib.suppress(Exception):
                    await websocket.close()


def _only(data: dict[str, Any], allowed: set[str]) -> None:
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise ServerError("protocol.malformed", f"unknown field(s) {unknown}; allowed: {sorted(allowed)}")


async def _receive(websocket: WebSocket) -> str | bytes:
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text: str | None = message.get("text")
    return text if text is not None else message.get("bytes") or b""


async def _greet(
    websocket: WebSocket, connection: SocketConnection, hub: Hub, code: str, config: ServerConfig
) -> Table | None:
    """The first message must be hello; a bad one is answered and the connection closed."""
    try:
        raw = await asyncio.wait_for(_receive(websocket), timeout=config.hello_seconds)
    except TimeoutError:
        connection.send(error_message(ServerError("protocol.hello_required", "say hello first")))
        return None
    message_id = None
    address = websocket.client.host if websocket.client else None
    try:
        message = parse_client_message(raw)
        message_id = message.id
        if not isinstance(message, Hello):
            raise ServerError("protocol.hello_required", "the first message must be hello (with your seat's token)")
        table = hub.table(code, address)
        table.connect(connection, message.token, message.id)
        return table
    except ServerError as error:
        error = await hub.elsewhere(error)
        if error.code == "room.not_found":  # a guess, not a room between nodes or played on another
            hub.throttle.failed(address)
        connection.send(error_message(error, message_id if error.message_id is None else error.message_id))
        return None


async def _serve(websocket: WebSocket, connection: SocketConnection, table: Table, config: ServerConfig) -> None:
    errors_in_a_row = 0
    while not connection.closing:
        raw = await _receive(websocket)
        message_id = None
        try:
            if len(raw) > config.max_message_bytes:
                raise ServerError("protocol.too_large", f"a message is at most {config.max_message_bytes} bytes")
            message = parse_client_message(raw)
            message_id = message.id
            if not connection.bucket.take():
                raise ServerError("limit.rate", f"at most {config.messages_per_second:g} messages per second")
            if isinstance(message, ActionRequest):
                await table.request(connection, message)
            elif isinstance(message, Sync):
                table.sync(connection, message.id)
            elif isinstance(message, React):
                table.react(connection, message)
            elif isinstance(message, CoachSwitch):
                table.switch_coach(connection, message)
            else:
                raise ServerError("protocol.hello_again", "this connection already said hello")
            errors_in_a_row = 0
        except ServerError as error:
            connection.send(error_message(error, message_id if error.message_id is None else error.message_id))
            errors_in_a_row = errors_in_a_row + 1 if error.code == "limit.rate" else 0
            if errors_in_a_row >= MAX_ERRORS_IN_A_ROW:
                connection.close_after_queue(CLOSE_POLICY)  # the refusals already queued go out first
                return


def serve(config: ServerConfig) -> None:
    """Run the server until interrupted."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    tame_the_garbage_collector()
    uvicorn.run(
        create_app(config),
        host=config.host,
        port=config.port,
        # uvicorn's sans-I/O protocol, without stopping and restarting reads around every message.
        ws=SteadyReadingProtocol,
        ws_max_size=config.max_message_bytes,
        # Messages are small JSON; compressing each one costs the server more than it saves on a LAN.
        ws_per_message_deflate=False,
        # The client's address is the peer's, unless the host named the proxies in front (whose
        # X-Forwarded-For is then believed): otherwise anyone could claim any address.
        proxy_headers=config.forwarded_allow_ips is not None,
        forwarded_allow_ips=config.forwarded_allow_ips,
        log_level="info",
    )


def tame_the_garbage_collector() -> None:
    """Keep full garbage collections from pausing every table at once.

    A busy server holds hundreds of thousands of small, long-lived objects (every table's log). A full
    collection walks them all, about a tenth of a second with 250 tables, during which no update goes
    out. Almost all of them are freed by reference counting anyway, so after each full collection the
    survivors are frozen (the next full collection skips them), and young collections run less often.
    """
    gc.set_threshold(YOUNG_COLLECTION_THRESHOLD, *gc.get_threshold()[1:])
    gc.callbacks.append(_freeze_survivors)


def _freeze_survivors(phase: str, info: dict[str, int]) -> None:
    if phase == "stop" and info["generation"] == 2:
        gc.freeze()
