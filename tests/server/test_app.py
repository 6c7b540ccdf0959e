"""The server's authority, through a real socket: every refused request gets a namespaced error, to the
sender only, changes nothing, and leaves the server serving. Checks come in the protocol's order:
token → game not over → this seat may act now → action legal → state id."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import websockets
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from idoubtit.client.table_client import TableClient
from tests.server.conftest import TEST_OPTIONS
from tests.server.helpers import ServerProcess, host, new_table, play_to_the_end, running_server, start, truthful_cards


async def started_table(server: ServerProcess, http: httpx.AsyncClient, people: int = 2, **options: Any) -> Any:
    table = await new_table(http, players=3, people=people, bots="easy", doubt_seconds=60, **options)
    await start(http, table)
    return table


async def refused(client: TableClient, message: dict[str, Any]) -> dict[str, Any]:
    """Send a message, wait for its answer, and return the error (failing if it was accepted)."""
    message_id = await client.send(message)
    await client.until(lambda c: c.answer_to(message_id) is not None)
    answer = client.answer_to(message_id)
    assert answer is not None
    assert answer["type"] == "error", answer
    return answer


async def still_the_same(client: TableClient, before: dict[str, Any] | None) -> None:
    """Ask for the whole view again: it must be exactly what it was."""
    count = len(client.received)
    await client.send({"type": "sync"})
    await client.until(lambda c: any(message["type"] == "welcome" for message in c.received[count:]))
    assert client.view == before


async def test_a_token_that_holds_no_seat_is_refused_and_the_connection_closed(
    server: ServerProcess, http: httpx.AsyncClient
) -> None:
    table = await started_table(server, http)
    other = await new_table(http, players=3, people=1)
    async with TableClient.connect(server.ws, table.code, other.tokens[0]) as stranger:  # another room's token
        await stranger.until(lambda c: c.closed)
        assert [error["code"] for error in stranger.errors] == ["auth.bad_token"]
        assert stranger.view is None


@pytest.mark.parametrize(
    ("first", "code"),
    [
        ({"type": "sync"}, "protocol.hello_required"),
        ({"type": "hello", "version": 99}, "protocol.version"),
        ({"type": "hello", "version": 1, "token": 7}, "protocol.malformed"),
        ("not json", "protocol.malformed"),
    ],
)
async def test_the_first_message_must_be_a_good_hello(
    server: ServerProcess, http: httpx.AsyncClient, first: Any, code: str
) -> None:
    table = await started_table(server, http)
    async with websockets.connect(f"{server.ws}/ws/{table.code}") as socket:
        await socket.send(first if isinstance(first, str) else json.dumps(first))
        answer = json.loads(await socket.recv())
        assert answer["type"] == "error"
        assert answer["code"] == code
        with pytest.raises(websockets.ConnectionClosed):
            await asyncio.wait_for(socket.recv(), timeout=5)


async def test_an_unknown_room_is_refused(server: ServerProcess) -> None:
    async with TableClient.connect(server.ws, "AAAAAA") as client:
        await client.until(lambda c: c.closed)
        assert [error["code"] for error in client.errors] == ["room.not_found"]


async def test_each_check_in_its_order_refuses_and_changes_nothing(
    server: ServerProcess, http: httpx.AsyncClient
) -> None:
    await each_check_in_its_order(server, http)


async def each_check_in_its_order(server: ServerProcess, http: httpx.AsyncClient) -> None:
    """The checks of the protocol's order, each refused and changing nothing (also run through a cluster:
    tables made by ``http``'s node, sockets opened at ``server``)."""
    table = await started_table(server, http)
    async with (
        TableClient.connect(server.ws, table.code, table.tokens[0]) as zero,
        TableClient.connect(server.ws, table.code, table.tokens[1]) as one,
        TableClient.connect(server.ws, table.code) as watcher,
    ):
        await zero.until(lambda c: c.my_turn)
        await one.until(lambda c: c.view is not None)
        assert zero.view is not None
        before_zero, before_one, state = zero.view, one.view, zero.state
        hand = zero.view["hand"]
        # Spectators and forged seats: the token decides who acts.
        assert (await refused(watcher, {"type": "play", "state": state, "cards": hand[:1]}))["code"] == "auth.spectator"
        forged = {"type": "play", "state": state, "cards": hand[:1], "seat": 1}
        assert (await refused(zero, forged))["code"] == "auth.wrong_seat"
        # Out of turn, and no window to answer.
        assert (await refused(one, {"type": "play", "state": state, "cards": ["AS"]}))["code"] == "game.not_your_turn"
        assert (await refused(one, {"type": "doubt", "state": state}))["code"] == "game.no_window"
        # Legal for this seat now, but not these cards: the engine's reason, namespaced.
        missing = next(card for card in ("AS", "AH", "AD", "AC", "KS", "KH") if card not in hand)
        assert (await refused(zero, {"type": "play", "state": state, "cards": [missing]}))["code"] == "action.not_held"
        assert (await refused(zero, {"type": "play", "state": state, "cards": ["ZZ"]}))["code"] == "action.malformed"
        # Legal, but based on an old state: refused last.
        stale = {"type": "play", "state": "0.0", "cards": truthful_cards(zero.view)}
        assert (await refused(zero, stale))["code"] == "state.stale"
        # Only the sender heard of any of it, and nothing changed.
        assert [error["code"] for error in one.errors] == ["game.not_your_turn", "game.no_window"]
        assert [error["code"] for error in watcher.errors] == ["auth.spectator"]
        await still_the_same(zero, before_zero)
        await still_the_same(one, before_one)
        assert zero.state == state
        # The server still serves: the right action goes through.
        message = await zero.play(truthful_cards(zero.view))
        await zero.until(lambda c: c.answer_to(message) is not None)
        assert zero.answer_to(message) == {"id": message, "state": zero.state}
        assert (await refused(zero, {"type": "play", "state": zero.state, "cards": hand[:1]}))[
            "code"
        ] == "game.window_open"
        assert (await refused(zero, {"type": "doubt", "state": zero.state}))["code"] == "game.not_now"  # own claim


async def test_after_the_game_is_over_every_action_is_refused(server: ServerProcess, http: httpx.AsyncClient) -> None:
    await every_action_refused_after_the_end(server, http)


async def every_action_refused_after_the_end(server: ServerProcess, http: httpx.AsyncClient) -> None:
    table = await started_table(server, http, people=1)
    async with TableClient.connect(server.ws, table.code, table.tokens[0]) as me:
        await play_to_the_end(me, random.Random(5))
        assert me.over
        answer = await refused(me, {"type": "play", "state": me.state, "cards": ["AS"]})
        assert answer["code"] == "game.over"
        assert (await refused(me, {"type": "decline", "state": me.state}))["code"] == "game.over"


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children, max_size=4),
    max_leaves=12,
)
forged_messages = st.one_of(
    json_values.map(json.dumps),
    st.fixed_dictionaries(
        {"type": st.sampled_from(["play", "doubt", "decline", "hello", "sync", "PLAY", ""])},
        optional={
            "state": json_values,
            "cards": st.lists(st.text(max_size=4), max_size=60) | json_values,
            "rank": json_values,
            "seat": json_values,
            "id": json_values,
            "extra": json_values,
        },
    ).map(json.dumps),
    st.text(max_size=200),
    st.binary(max_size=100),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(messages=st.lists(forged_messages, min_size=1, max_size=8))
def test_forged_and_malformed_messages_are_refused_and_change_nothing(
    forged_table: tuple[ServerProcess, str, str], messages: list[str | bytes]
) -> None:
    server, code, token = forged_table
    asyncio.run(forge(server, code, token, messages))


async def forge(server: ServerProcess, code: str, token: str, messages: list[str | bytes]) -> None:
    """Send the messages as the seat of ``token``: each is refused with a namespaced error and the seat's
    view is exactly what it was."""
    async with TableClient.connect(server.ws, code, token) as client:
        assert client.room is not None
        before = client.view
        for message in messages:
            await client.send_raw(message)
        await still_the_same(client, before)
        assert all(error["code"].split(".")[0] in NAMESPACES for error in client.errors)


NAMESPACES = {"protocol", "auth", "game", "action", "state", "limit"}


@pytest.fixture(scope="module")
def forged_table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ServerProcess, str, str]]:
    """A table waiting for seat 0 to play, on a server of its own where an away seat is never taken over
    (the forger connects afresh for every example) and there is no turn timer: nothing moves unless seat 0
    makes a valid play, which no forged message is. Forged messages come as seat 0."""

    async def make(server: ServerProcess) -> tuple[str, str]:
        async with httpx.AsyncClient(base_url=server.http) as http:
            table = await new_table(http, players=3, people=3, bots=None)
            await start(http, table)
            return table.code, table.tokens[0]

    with running_server(tmp_path_factory.mktemp("forged"), (*TEST_OPTIONS, "--grace-seconds", "3600")) as server:
        code, token = asyncio.run(make(server))
        yield server, code, token


async def test_a_frame_larger_than_the_limit_closes_only_that_connection(
    server: ServerProcess, http: httpx.AsyncClient
) -> None:
    table = await started_table(server, http)
    async with TableClient.connect(server.ws, table.code, table.tokens[0]) as me:
        async with TableClient.connect(server.ws, table.code, table.tokens[1]) as other:
            before = me.view
            await other.send_raw(json.dumps({"type": "sync", "id": "x" * 100_000}))
            await other.until(lambda c: c.closed)
        await still_the_same(me, before)
    response = await http.get("/api/health")
    assert response.json() == {"ok": True, "protocol": 1}


async def test_a_single_server_names_no_node_for_its_rooms(server: ServerProcess, http: httpx.AsyncClient) -> None:
    table = await new_table(http, players=3, people=1, bots=None)
    named = await http.get(f"/api/rooms/{table.code}/node")
    assert named.json() == {"code": table.code, "node": None}
    assert "x-idoubtit-node" not in named.headers


async def test_http_refusals_are_namespaced_and_store_nothing(server: ServerProcess, http: httpx.AsyncClient) -> None:
    bad_rules = await http.post("/api/rooms", json={"players": 2})
    assert bad_rules.status_code == 400
    assert bad_rules.json()["error"]["code"] == "room.invalid"
    assert "players" in bad_rules.json()["error"]["message"]
    outside_bot = await http.post("/api/rooms", json={"players": 4, "bot_level": "os:system"})
    assert outside_bot.json()["error"]["code"] == "room.bad_bot"
    table = await new_table(http, players=3, people=1, bots=None)
    not_host = await http.post(f"/api/rooms/{table.code}/start", headers={"Authorization": "Bearer nope"})
    assert (not_host.status_code, not_host.json()["error"]["code"]) == (403, "auth.not_host")
    early = await http.post(f"/api/rooms/{table.code}/start", headers=host(table))
    assert (early.status_code, early.json()["error"]["code"]) == (409, "room.conflict")
    nameless = await http.post(f"/api/rooms/{table.code}/seats", json={"name": "  "})
    assert nameless.json()["error"]["code"] == "room.invalid"
    taken = await http.post(f"/api/rooms/{table.code}/seats", json={"name": "Bo", "seat": 0})
    assert (taken.status_code, taken.json()["error"]["code"]) == (409, "room.conflict")
    unknown = await http.get("/api/rooms/AAAAAA")
    assert (unknown.status_code, unknown.json()["error"]["code"]) == (404, "room.not_found")
    huge = await http.post("/api/rooms", content=b"{" + b" " * 10_000 + b"}")
    assert huge.json()["error"]["code"] == "protocol.too_large"
    room = (await http.get(f"/api/rooms/{table.code}")).json()
    assert [seat is None for seat in room["seats"]] == [False, True, True]
    assert room["status"] == "waiting"


async def test_limits_on_message_rate_and_rooms_per_address(tmp_path: Any) -> None:
    limited = ServerProcess(
        str(tmp_path / "archive.sqlite3"),
        ("--messages-per-second", "5", "--rooms-per-address", "2", "--bot-delay-seconds", "0"),
    ).start()
    try:
        async with httpx.AsyncClient(base_url=limited.http) as http:
            table = await new_table(http, players=3, people=1)
            await new_table(http, players=3, people=1)
            third = await http.post("/api/rooms", json={"players": 3})
            assert (third.status_code, third.json()["error"]["code"]) == (429, "limit.rooms_per_address")
            async with TableClient.connect(limited.ws, table.code, table.tokens[0]) as me:
                for _ in range(60):
                    await me.send({"type": "sync"})
                await me.until(lambda c: any(error["code"] == "limit.rate" for error in c.errors))
                await asyncio.sleep(1)
                before = len(me.received)
                await me.send({"type": "sync"})  # the bucket refills: served again
                await me.until(lambda c: len(c.received) > before and c.received[-1]["type"] == "welcome")
            closed = await http.post(f"/api/rooms/{table.code}/close", headers=host(table))
            assert closed.status_code == 200
            fourth = await http.post("/api/rooms", json={"players": 3})
            assert fourth.status_code == 201
    finally:
        limited.stop()


def test_full_collections_freeze_their_survivors_so_the_next_ones_skip_them() -> None:
    import gc

    from idoubtit.server.app import YOUNG_COLLECTION_THRESHOLD, _freeze_survivors, tame_the_garbage_collector

    threshold = gc.get_threshold()
    try:
        tame_the_garbage_collector()
        assert gc.get_threshold()[0] == YOUNG_COLLECTION_THRESHOLD
        kept = [[index] for index in range(1000)]  # long-lived objects, as a table's log
        gc.unfreeze()
        gc.collect()
        assert gc.get_freeze_count() >= len(kept)
    finally:
        gc.callbacks.remove(_freeze_survivors)
        gc.unfreeze()
        gc.set_threshold(*threshold)


class SlowSocket:
    """A socket whose writes wait until released: a phone that stopped reading."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.closed_with: int | None = None
        self.released = asyncio.Event()

    async def send_text(self, text: str) -> None:
        await self.released.wait()
        self.sent.append(text)

    async def close(self, code: int = 1000) -> None:
        self.closed_with = code


async def test_a_client_too_slow_to_read_is_closed_with_its_own_code_and_never_holds_the_table() -> None:
    from idoubtit.server.app import CLOSE_ROOM_CLOSED, CLOSE_TOO_SLOW, MAX_QUEUED_MESSAGES, SocketConnection
    from idoubtit.server.config import ServerConfig

    socket = SlowSocket()
    connection = SocketConnection(socket, ServerConfig())  # type: ignore[arg-type]
    for number in range(MAX_QUEUED_MESSAGES + 100):
        connection.send({"type": "update", "n": number})  # never blocks, however slow the socket
    assert connection.closing
    socket.released.set()
    await asyncio.wait_for(connection._writer, timeout=5)
    assert socket.closed_with == CLOSE_TOO_SLOW
    assert len(socket.sent) == MAX_QUEUED_MESSAGES
    room_closed = SlowSocket()
    room_closed.released.set()
    told = SocketConnection(room_closed, ServerConfig())  # type: ignore[arg-type]
    told.send({"type": "closed", "room": "ACE347"})
    await told.finish()
    assert room_closed.closed_with == CLOSE_ROOM_CLOSED
    assert room_closed.sent == ['{"type":"closed","room":"ACE347"}']
