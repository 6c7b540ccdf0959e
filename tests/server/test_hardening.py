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

from idoubtit.server.client import TableClient
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
