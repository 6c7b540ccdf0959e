"""What an outside probe of the table server found (issue 15), each through a real server and real sockets:
strings no encoder takes, bodies too deep to parse, answers that lost their id, timers out of any sense,
and the other holes it named."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from idoubtit.client.table_client import TableClient
from tests.server.conftest import server_log
from tests.server.helpers import ServerProcess, host, new_table, start

LOBBY_BODIES = [
    ("POST", "/api/rooms"),
    ("POST", "/api/rooms/{code}/seats"),
    ("POST", "/api/rooms/{code}/bots"),
    ("PATCH", "/api/rooms/{code}/seats/1"),
    ("DELETE", "/api/rooms/{code}/seats/1"),
    ("POST", "/api/rooms/{code}/host"),
    ("POST", "/api/rooms/{code}/start"),
    ("POST", "/api/rooms/{code}/close"),
]


def refusal(response: httpx.Response) -> tuple[int, str]:
    return response.status_code, response.json()["error"]["code"]


async def answers(socket: websockets.ClientConnection, count: int, timeout: float = 10) -> list[dict[str, Any]]:
    """The next ``count`` messages on a raw socket."""
    return [json.loads(await asyncio.wait_for(socket.recv(), timeout=timeout)) for _ in range(count)]


async def hello(socket: websockets.ClientConnection, token: str | None = None, **fields: Any) -> dict[str, Any]:
    """Say hello and return the welcome (the room messages that follow it are skipped by the caller)."""
    message: dict[str, Any] = {"type": "hello", "version": 1, **fields}
    if token is not None:
        message["token"] = token
    await socket.send(json.dumps(message))
    (welcome,) = await answers(socket, 1)
    return welcome


async def read_all(socket: websockets.ClientConnection, into: list[dict[str, Any]]) -> None:
    """Every message until the socket closes (which raises ConnectionClosed)."""
    while True:
        into.append(json.loads(await socket.recv()))


def answered(message_id: str) -> Callable[[TableClient], bool]:
    return lambda client: client.answer_to(message_id) is not None


async def next_of(socket: websockets.ClientConnection, kind: str) -> dict[str, Any]:
    while True:
        (message,) = await answers(socket, 1)
        if message["type"] == kind:
            return message


# ------------------------------------------------------------------------------------------------------
# 3. A string no encoder takes


async def test_a_lone_surrogate_in_a_token_or_a_name_is_refused_cleanly(
    server: ServerProcess, http: httpx.AsyncClient
) -> None:
    table = await new_table(http, players=3, people=1)
    async with websockets.connect(f"{server.ws}/ws/{table.code}") as socket:
        await socket.send('{"type": "hello", "version": 1, "token": "\\ud800"}')
        (answer,) = await answers(socket, 1)
        assert answer["type"] == "error"
        assert answer["code"] in {"auth.bad_token", "protocol.malformed"}
    for body in ('{"name": "\\ud800"}', '{"name": "An\\udfffna"}'):
        joined = await http.post(f"/api/rooms/{table.code}/seats", content=body)
        assert refusal(joined) in {(400, "room.bad_name"), (400, "room.invalid")}
    bot = await http.post(f"/api/rooms/{table.code}/bots", content='{"level": "\\ud800"}', headers=host(table))
    assert refusal(bot) == (400, "room.bad_bot")
    latin = {b"Authorization": "Bearer \xff\xfe".encode("latin-1")}
    header = await http.post(f"/api/rooms/{table.code}/start", headers=latin)
    assert refusal(header) == (403, "auth.not_host")
    assert "Traceback" not in server_log(server)


# ------------------------------------------------------------------------------------------------------
# 4. The room's language


async def test_a_room_language_is_one_the_project_has_or_a_tag_of_one(
    server: ServerProcess, http: httpx.AsyncClient
) -> None:
    for given, stored in (("af", "af"), ("en-GB", "en"), ("mn-Cyrl-MN", "mn"), ("LB", "lb"), ("en_US", "en")):
        created = await http.post("/api/rooms", json={"players": 3, "language": given})
        assert created.status_code == 201, created.text
        room = (await http.get(f"/api/rooms/{created.json()['code']}")).json()
        assert room["settings"]["language"] == stored
    for bad in ("a/b", "..", "ab<c", "\ud800", "fr", "", "en-", "x" * 17, 7):
        body = json.dumps({"players": 3, "language": bad})
        refused = await http.post("/api/rooms", content=body)
        assert refusal(refused) == (400, "room.invalid"), bad
        assert "language" in refused.json()["error"]["message"]
    assert "Traceback" not in server_log(server)


async def test_a_room_stored_with_a_bad_language_is_read_as_english(tmp_path: Path) -> None:
    from sqlalchemy import text

    from idoubtit.archive import Archive

    process = ServerProcess(str(tmp_path / "archive.sqlite3"), log_path=tmp_path / "server.log").start()
    try:
        async with httpx.AsyncClient(base_url=process.http) as http:
            code = (await http.post("/api/rooms", json={"players": 3})).json()["code"]
        process.stop()
        with Archive.open(process.db) as archive, archive.engine.begin() as connection:
            stored = json.loads(connection.execute(text("SELECT settings FROM rooms")).scalar_one())
            stored["language"] = "\ud800"
            connection.execute(text("UPDATE rooms SET settings = :settings"), {"settings": json.dumps(stored)})
        process.start()
        async with httpx.AsyncClient(base_url=process.http) as http:
            room = await http.get(f"/api/rooms/{code}")
            assert room.status_code == 200, room.text
            assert room.json()["settings"]["language"] == "en"
    finally:
        process.stop()


# ------------------------------------------------------------------------------------------------------
# 5. Bodies too deep to parse


async def test_every_lobby_endpoint_answers_400_to_a_body_too_deep_to_parse(
    server: ServerProcess, http: httpx.AsyncClient
) -> None:
    table = await new_table(http, players=3, people=1)
    for deep in (b"[" * 1500, b'{"a": ' + b"[" * 1500, b"\xff\xfe", b"NaN", b'{"players": NaN}'):
        for method, path in LOBBY_BODIES:
            response = await http.request(method, path.format(code=table.code), content=deep, headers=host(table))
            assert refusal(response) == (400, "protocol.malformed"), (method, path, deep[:10])
    assert (await http.get(f"/api/rooms/{table.code}")).json()["status"] == "waiting"
    assert "Traceback" not in server_log(server)


# ------------------------------------------------------------------------------------------------------
# 6. Every answer carries its request's id


async def test_welcome_and_every_error_carry_the_id_of_the_message_they_answer(
    server: ServerProcess, http: httpx.AsyncClient
) -> None:
    table = await new_table(http, players=3, people=1)
    async with websockets.connect(f"{server.ws}/ws/{table.code}") as socket:
        welcome = await hello(socket, table.tokens[0], id="h1")
        assert (welcome["type"], welcome.get("id")) == ("welcome", "h1")
        await socket.send(json.dumps({"type": "sync", "id": 7}))
        assert (await next_of(socket, "welcome")).get("id") == 7
        for message, code in (
            ({"type": "nope", "id": "u1"}, "protocol.unknown_type"),
            ({"id": "u2"}, "protocol.unknown_type"),
            ({"type": "sync", "id": "u3", "extra": 1}, "protocol.malformed"),
            ({"type": "play", "id": "u4", "state": "1.0", "cards": ["AS"], "mood": "sly"}, "protocol.malformed"),
            ({"type": "hello", "version": 1, "id": "u5"}, "protocol.hello_again"),
        ):
            await socket.send(json.dumps(message))
            error = await next_of(socket, "error")
            assert (error["code"], error["id"]) == (code, message["id"])
    async with websockets.connect(f"{server.ws}/ws/{table.code}") as socket:  # a first message that is no hello
        await socket.send(json.dumps({"type": "sync", "id": "s1"}))
        error = await next_of(socket, "error")
        assert (error["code"], error["id"]) == ("protocol.hello_required", "s1")


# ------------------------------------------------------------------------------------------------------
# 11. Smaller things: a future state id, timers out of range


async def test_a_state_id_from_the_future_is_not_called_old(server: ServerProcess, http: httpx.AsyncClient) -> None:
    table = await new_table(http, players=3, people=1, doubt_seconds=60)
    async with TableClient.connect(server.ws, table.code, table.tokens[0]) as me:
        await start(http, table)
        await me.until(lambda c: c.my_turn)
        assert me.view is not None
        cards = [card for card in me.view["hand"] if card[:-1] == me.view["due_rank"]] or me.view["hand"][:1]
        answers_by_state = {}
        for state in ("9.9", "0.0", "banana"):
            message = await me.send({"type": "play", "state": state, "cards": cards})
            await me.until(answered(message))
            answer = me.answer_to(message)
            assert answer is not None
            answers_by_state[state] = answer
        assert all(answer["code"] == "state.stale" for answer in answers_by_state.values())
        assert "old" in answers_by_state["0.0"]["message"]
        assert "old" not in answers_by_state["9.9"]["message"]
        assert "ahead" in answers_by_state["9.9"]["message"]
        assert "old" not in answers_by_state["banana"]["message"]


@pytest.mark.parametrize(
    ("options", "accepted"),
    [
        ({"doubt_seconds": 1}, True),
        ({"doubt_seconds": 120}, True),
        ({"turn_seconds": 5}, True),
        ({"turn_seconds": 600}, True),
        ({"turn_seconds": None}, True),
        ({"doubt_seconds": 1e-4}, False),
        ({"doubt_seconds": 0.5}, False),
        ({"doubt_seconds": 121}, False),
        ({"doubt_seconds": 1e308}, False),
        ({"turn_seconds": 4}, False),
        ({"turn_seconds": 601}, False),
        ({"turn_seconds": 1e308}, False),
    ],
)
async def test_timers_are_bounded_to_sensible_ranges(
    server: ServerProcess, http: httpx.AsyncClient, options: dict[str, Any], accepted: bool
) -> None:
    response = await http.post("/api/rooms", json={"players": 3, **options})
    if accepted:
        assert response.status_code == 201, response.text
    else:
        assert refusal(response) == (400, "room.invalid")
        name = next(iter(options))
        assert name in response.json()["error"]["message"]


# ------------------------------------------------------------------------------------------------------
# 1. Spectators never keep a person out of their seat


async def test_a_seat_gets_back_in_however_many_spectators_watch(
    server: ServerProcess, http: httpx.AsyncClient
) -> None:
    from idoubtit.server.config import ServerConfig

    table = await new_table(http, players=3, people=1)
    cap = ServerConfig().spectators_per_room
    sockets = [await websockets.connect(f"{server.ws}/ws/{table.code}", max_queue=None) for _ in range(cap)]
    try:
        for socket in sockets:
            assert (await hello(socket))["type"] == "welcome"
        async with TableClient.connect(server.ws, table.code, table.tokens[0]) as me:  # the seat comes back
            assert me.errors == []
            assert me.seat == 0
        async with TableClient.connect(server.ws, table.code) as one_too_many:
            assert [error["code"] for error in one_too_many.errors] == ["limit.connections"]
    finally:
        await asyncio.gather(*(socket.close() for socket in sockets))


async def test_a_seat_with_too_many_connections_loses_its_oldest_not_its_newest(
    server: ServerProcess, http: httpx.AsyncClient
) -> None:
    from idoubtit.server.app import CLOSE_REPLACED
    from idoubtit.server.config import ServerConfig

    table = await new_table(http, players=3, people=1)
    cap = ServerConfig().connections_per_seat
    sockets = []
    for _ in range(cap + 1):
        socket = await websockets.connect(f"{server.ws}/ws/{table.code}", max_queue=None)
        assert (await hello(socket, table.tokens[0]))["type"] == "welcome"
        sockets.append(socket)
    try:
        error = await next_of(sockets[0], "error")
        assert error["code"] == "limit.connections"
        with pytest.raises(websockets.ConnectionClosed) as closed:
            await asyncio.wait_for(next_of(sockets[0], "never"), timeout=5)
        assert closed.value.rcvd is not None
        assert closed.value.rcvd.code == CLOSE_REPLACED
        await sockets[-1].send(json.dumps({"type": "sync", "id": "still"}))
        assert (await next_of(sockets[-1], "welcome"))["id"] == "still"
    finally:
        await asyncio.gather(*(socket.close() for socket in sockets))


# ------------------------------------------------------------------------------------------------------
# 2. The join link comes from the server, never from a request's Host


async def test_a_host_header_never_becomes_the_rooms_link(tmp_path: Path) -> None:
    process = ServerProcess(str(tmp_path / "archive.sqlite3"), log_path=tmp_path / "server.log").start()
    # A name the server answers to (any under localhost) but that is not its address.
    evil = {"Host": "evil.localhost"}
    try:
        async with httpx.AsyncClient(base_url=process.http) as http:
            created = (await http.post("/api/rooms", json={"players": 3})).json()
            assert created["link"] == f"{process.http}/r/{created['code']}"
        process.kill()
        process.start()  # a restarted server: no link was given out by this process yet
        code = created["code"]
        async with httpx.AsyncClient(base_url=process.http) as http:
            (await http.get(f"/api/rooms/{code}", headers=evil)).raise_for_status()
            room = (await http.get(f"/api/rooms/{code}")).json()
            assert room["link"] == f"{process.http}/r/{code}"
            qr = await http.get(f"/api/rooms/{code}/qr.svg")
            assert b"evil" not in qr.content
            assert f"127.0.0.1:{process.port}/r/{code}".encode() in qr.content
        async with TableClient.connect(process.ws, code) as watcher:
            assert watcher.room is not None
            assert "evil" not in json.dumps(watcher.room)
    finally:
        process.stop()
    public = ServerProcess(
        str(tmp_path / "other.sqlite3"), ("--public-url", "http://table.lan:8000/"), log_path=tmp_path / "public.log"
    ).start()
    try:
        async with httpx.AsyncClient(base_url=public.http) as http:
            created = (await http.post("/api/rooms", json={"players": 3}, headers=evil)).json()
            assert created["link"] == f"http://table.lan:8000/r/{created['code']}"
            room = (await http.get(f"/api/rooms/{created['code']}", headers=evil)).json()
            assert room["link"] == f"http://table.lan:8000/r/{created['code']}"
        async with TableClient.connect(public.ws, created["code"]) as watcher:
            assert watcher.room is not None
            assert watcher.room["link"] == f"http://table.lan:8000/r/{created['code']}"
    finally:
        public.stop()


# ------------------------------------------------------------------------------------------------------
# 7. Refusals close a socket only when they are about the rate, and only once the answers are out


async def test_refusals_of_other_kinds_never_close_the_connection(
    server: ServerProcess, http: httpx.AsyncClient
) -> None:
    table = await new_table(http, players=3, people=1)
    async with websockets.connect(f"{server.ws}/ws/{table.code}") as socket:
        await hello(socket, table.tokens[0])
        for number in range(80):
            await socket.send(json.dumps({"type": "nope", "id": number}))
        await socket.send(json.dumps({"type": "sync", "id": "after"}))
        errors = []
        while True:
            (message,) = await answers(socket, 1)
            if message["type"] == "welcome":
                break
            if message["type"] == "error":
                errors.append(message)
        assert [error["id"] for error in errors] == list(range(80))
        assert message["id"] == "after"


async def test_a_flood_is_closed_with_1008_after_its_answers_are_sent(tmp_path: Path) -> None:
    from idoubtit.server.app import CLOSE_POLICY, MAX_ERRORS_IN_A_ROW
    from idoubtit.server.config import ServerConfig

    options = ("--messages-per-second", "1", "--bot-delay-seconds", "0")
    process = ServerProcess(str(tmp_path / "archive.sqlite3"), options, log_path=tmp_path / "server.log").start()
    try:
        async with httpx.AsyncClient(base_url=process.http) as http:
            table = await new_table(http, players=3, people=1)
        async with websockets.connect(f"{process.ws}/ws/{table.code}", max_size=2**24) as socket:
            await hello(socket, table.tokens[0])
            for number in range(ServerConfig().message_burst + MAX_ERRORS_IN_A_ROW + 20):
                await socket.send(json.dumps({"type": "sync", "id": number}))
            received: list[dict[str, Any]] = []
            with pytest.raises(websockets.ConnectionClosed) as closed:
                await asyncio.wait_for(read_all(socket, received), timeout=20)
            assert closed.value.rcvd is not None
            assert closed.value.rcvd.code == CLOSE_POLICY
            refused = [message["id"] for message in received if message.get("code") == "limit.rate"]
            assert len(refused) == MAX_ERRORS_IN_A_ROW  # every refusal up to the last was sent before the close
            assert refused[-1] == max(message.get("id", -1) for message in received if message["type"] != "room")
    finally:
        process.stop()


# ------------------------------------------------------------------------------------------------------
# 8. A forwarded address is believed only from a proxy the host named


async def test_x_forwarded_for_is_ignored_unless_the_proxy_is_named(tmp_path: Path) -> None:
    async def rooms_from_forged_addresses(process: ServerProcess) -> list[int]:
        async with httpx.AsyncClient(base_url=process.http) as http:
            return [
                (
                    await http.post("/api/rooms", json={"players": 3}, headers={"X-Forwarded-For": f"10.0.0.{n}"})
                ).status_code
                for n in range(3)
            ]

    options = ("--rooms-per-address", "2")
    plain = ServerProcess(str(tmp_path / "plain.sqlite3"), options, log_path=tmp_path / "plain.log").start()
    try:  # the addresses are forged: all three rooms come from 127.0.0.1, and the third is refused
        assert await rooms_from_forged_addresses(plain) == [201, 201, 429]
    finally:
        plain.stop()
    behind = ServerProcess(
        str(tmp_path / "proxied.sqlite3"), (*options, "--forwarded-allow-ips", "127.0.0.1"), log_path=tmp_path / "p.log"
    ).start()
    try:  # a proxy on 127.0.0.1 the host named: each forwarded address is its own
        assert await rooms_from_forged_addresses(behind) == [201, 201, 201]
    finally:
        behind.stop()


# ------------------------------------------------------------------------------------------------------
# 9. Other web pages may not use the lobby or the tables


async def test_requests_from_another_origin_are_refused_and_the_servers_own_go_through(
    server: ServerProcess, http: httpx.AsyncClient
) -> None:
    own = {"Origin": server.http, "Content-Type": "application/json"}
    foreign = {"Origin": "http://evil.example", "Content-Type": "text/plain"}
    created = await http.post("/api/rooms", content='{"players": 3}', headers=foreign)
    assert refusal(created) == (403, "auth.origin")
    for origin in ("null", "http://127.0.0.1.evil.example", f"http://127.0.0.1:{server.port + 1}"):
        refused = await http.post("/api/rooms", json={"players": 3}, headers={"Origin": origin})
        assert refusal(refused) == (403, "auth.origin"), origin
    room = (await http.post("/api/rooms", json={"players": 3}, headers=own)).json()  # the browser client's way
    joined = await http.post(f"/api/rooms/{room['code']}/seats", json={"name": "Eve"}, headers=foreign)
    assert refusal(joined) == (403, "auth.origin")
    assert (await http.post(f"/api/rooms/{room['code']}/seats", content='{"name": "Ann"}')).status_code == 201  # curl
    assert (await http.get(f"/api/rooms/{room['code']}", headers=foreign)).status_code == 200  # reading is open
    with pytest.raises(websockets.InvalidStatus) as refused_socket:
        await websockets.connect(f"{server.ws}/ws/{room['code']}", origin="http://evil.example")  # type: ignore[arg-type]
    assert refused_socket.value.response.status_code == 403
    async with websockets.connect(f"{server.ws}/ws/{room['code']}", origin=server.http) as socket:  # type: ignore[arg-type]
        assert (await hello(socket))["type"] == "welcome"
    async with TableClient.connect(server.ws, room["code"]) as watcher:  # no Origin: a program
        assert watcher.errors == []


async def test_origins_the_host_allows_go_through(tmp_path: Path) -> None:
    options = ("--allowed-origins", "https://cards.example.org, http://other.lan:9000", "--public-url", "http://t.lan")
    process = ServerProcess(str(tmp_path / "archive.sqlite3"), options, log_path=tmp_path / "server.log").start()
    try:
        async with httpx.AsyncClient(base_url=process.http) as http:
            for origin, status in (
                ("https://cards.example.org", 201),
                ("http://other.lan:9000", 201),
                ("http://t.lan", 201),
                ("http://other.lan", 403),
                ("http://cards.example.org", 403),
            ):
                response = await http.post("/api/rooms", json={"players": 3}, headers={"Origin": origin})
                assert response.status_code == status, origin
    finally:
        process.stop()


async def test_requests_sent_to_a_name_that_is_not_the_servers_are_refused_even_reading_ones(
    server: ServerProcess, http: httpx.AsyncClient
) -> None:
    """DNS rebinding: a page at evil.example points its own name at this server's address, so that its
    requests are same-origin and its script may read the answers. The name in Host gives it away."""
    room = (await http.post("/api/rooms", json={"players": 3})).json()
    rebound = {"Host": f"evil.example:{server.port}", "Origin": f"http://evil.example:{server.port}"}
    for method, path in (("GET", f"/api/rooms/{room['code']}"), ("GET", "/"), ("POST", "/api/rooms")):
        response = await http.request(method, path, headers=rebound, json={"players": 3})
        assert refusal(response) == (400, "auth.host"), path
        assert "--allowed-hosts" in response.json()["error"]["message"]
    with pytest.raises(websockets.InvalidStatus) as refused_socket:
        await websockets.connect(
            f"ws://evil.example:{server.port}/ws/{room['code']}", host="127.0.0.1", port=server.port
        )
    assert refused_socket.value.response.status_code == 403
    for name in ("127.0.0.1", "localhost", "[::1]", "table.localhost", "192.168.1.20"):
        own = await http.get(f"/api/rooms/{room['code']}", headers={"Host": f"{name}:{server.port}"})
        assert own.status_code == 200, name
    async with websockets.connect(
        f"ws://localhost:{server.port}/ws/{room['code']}", host="127.0.0.1", port=server.port
    ) as socket:
        assert (await hello(socket))["type"] == "welcome"


async def test_names_the_host_allows_are_served(tmp_path: Path) -> None:
    options = ("--allowed-hosts", "cards.example.org, Other.LAN", "--public-url", "https://t.example:8443/play")
    process = ServerProcess(str(tmp_path / "archive.sqlite3"), options, log_path=tmp_path / "server.log").start()
    try:
        async with httpx.AsyncClient(base_url=process.http) as http:
            for name, status in (
                ("cards.example.org", 200),
                ("other.lan:8000", 200),
                ("t.example:8443", 200),
                ("www.cards.example.org", 400),
                ("evil.example", 400),
            ):
                response = await http.get("/", headers={"Host": name})
                assert response.status_code == status, name
    finally:
        process.stop()
    anything = ServerProcess(str(tmp_path / "any.sqlite3"), ("--allowed-hosts", "*"), log_path=tmp_path / "a.log")
    anything.start()
    try:
        async with httpx.AsyncClient(base_url=anything.http) as http:
            assert (await http.get("/", headers={"Host": "evil.example"})).status_code == 200
    finally:
        anything.stop()


# ------------------------------------------------------------------------------------------------------
# 10. Room codes cannot be guessed quickly, and a host can lock a room


async def test_failed_room_lookups_are_throttled_per_address(tmp_path: Path) -> None:
    options = ("--lookups-per-minute", "10")
    process = ServerProcess(str(tmp_path / "archive.sqlite3"), options, log_path=tmp_path / "server.log").start()
    try:
        async with httpx.AsyncClient(base_url=process.http) as http:
            real = (await http.post("/api/rooms", json={"players": 3})).json()["code"]
            statuses = [(await http.get(f"/api/rooms/{guess}")).status_code for guess in ["AAAAAA"] * 10]
            assert statuses == [404] * 10
            throttled = await http.get("/api/rooms/AAAAAA")
            assert refusal(throttled) == (429, "limit.lookups")
            assert refusal(await http.get(f"/api/rooms/{real}")) == (429, "limit.lookups")  # even a right guess
            assert refusal(await http.post(f"/api/rooms/{real}/seats", json={"name": "A"})) == (429, "limit.lookups")
            assert (await http.post("/api/rooms", json={"players": 3})).status_code == 201  # creating is no lookup
        async with TableClient.connect(process.ws, real) as guesser:
            assert [error["code"] for error in guesser.errors] == ["limit.lookups"]
    finally:
        process.stop()


async def test_failed_room_lookups_over_a_websocket_are_throttled_too(tmp_path: Path) -> None:
    options = ("--lookups-per-minute", "5")
    process = ServerProcess(str(tmp_path / "archive.sqlite3"), options, log_path=tmp_path / "server.log").start()
    try:
        answers: list[str] = []
        for _ in range(6):
            async with TableClient.connect(process.ws, "AAAAAA") as guesser:
                await guesser.until(lambda c: c.closed)
                answers.extend(error["code"] for error in guesser.errors)
        assert answers == ["room.not_found"] * 5 + ["limit.lookups"]
    finally:
        process.stop()


async def test_a_locked_room_takes_nobody_new_until_the_host_unlocks_it(
    server: ServerProcess, http: httpx.AsyncClient
) -> None:
    table = await new_table(http, players=4, people=2, bots=None)
    path = f"/api/rooms/{table.code}/lock"
    assert (await http.get(f"/api/rooms/{table.code}")).json()["locked"] is False
    not_host = await http.post(path, json={"locked": True}, headers={"Authorization": f"Bearer {table.tokens[1]}"})
    assert refusal(not_host) == (403, "auth.not_host")
    assert refusal(await http.post(path, json={"locked": "yes"}, headers=host(table))) == (400, "room.invalid")
    async with TableClient.connect(server.ws, table.code) as watcher:
        locked = await http.post(path, json={"locked": True}, headers={"Authorization": f"Bearer {table.tokens[0]}"})
        assert (locked.status_code, locked.json()) == (200, {"locked": True})  # the host seat's token will do
        await watcher.until(lambda c: c.room is not None and c.room["locked"] is True)
    assert (await http.get(f"/api/rooms/{table.code}")).json()["locked"] is True
    assert refusal(await http.post(f"/api/rooms/{table.code}/seats", json={"name": "Eve"})) == (403, "room.locked")
    async with TableClient.connect(server.ws, table.code, table.tokens[1]) as seated:  # those seated come and go
        assert seated.seat == 1
    unlocked = await http.post(path, json={"locked": False}, headers=host(table))
    assert unlocked.json() == {"locked": False}
    assert (await http.post(f"/api/rooms/{table.code}/seats", json={"name": "Flo"})).status_code == 201


async def test_a_lock_survives_a_restart(tmp_path: Path) -> None:
    process = ServerProcess(str(tmp_path / "archive.sqlite3"), log_path=tmp_path / "server.log").start()
    try:
        async with httpx.AsyncClient(base_url=process.http) as http:
            table = await new_table(http, players=3, people=1, bots=None)
            assert (
                await http.post(f"/api/rooms/{table.code}/lock", json={"locked": True}, headers=host(table))
            ).is_success
        process.kill()
        process.start()
        async with httpx.AsyncClient(base_url=process.http) as http:
            assert (await http.get(f"/api/rooms/{table.code}")).json()["locked"] is True
            assert refusal(await http.post(f"/api/rooms/{table.code}/seats", json={"name": "E"})) == (
                403,
                "room.locked",
            )
    finally:
        process.stop()
