"""Several nodes on one PostgreSQL (server/cluster.py), as real processes on loopback: a room is played on
one node at a time, any node sends a client to the right one, and when a node dies or is paused past its
lease another takes its rooms over from the archive, with no acknowledged action lost or applied twice."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import time
from collections.abc import Iterator
from contextlib import AsyncExitStack, contextmanager
from pathlib import Path

import httpx
import pytest
import websockets
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from idoubtit.archive import Archive
from idoubtit.client.table_client import TableClient
from idoubtit.engine import Game
from tests.archive.postgres import fresh_schema
from tests.server import test_app
from tests.server.helpers import NewTable, ServerProcess, free_port, new_table, play_to_the_end, start

#: Tables of scripted people on each of the three nodes in the kill test of whole games.
TABLES_PER_NODE = int(os.environ.get("IDOUBTIT_CLUSTER_TABLES", "20"))
#: The kill test of many tables: 67 on each node (201 in all), each played on for this many actions.
MANY_PER_NODE, AFTER = 67, 4
LEASE = "2"  # seconds: a dead node's rooms move within about this, and a third of it more
OPTIONS = (
    "--bot-delay-seconds",
    "0",
    "--batch-seconds",
    "0.02",
    "--grace-seconds",
    "30",
    "--rooms-per-address",
    "5000",
    "--messages-per-second",
    "10000",
    "--lease-seconds",
    LEASE,
)


@contextmanager
def cluster(
    url: str, directory: Path, nodes: int = 3, lease: str = LEASE, extra: tuple[str, ...] = ()
) -> Iterator[list[ServerProcess]]:
    processes = []
    try:
        for number in range(nodes):
            port = free_port()
            options = (*OPTIONS, *extra, "--lease-seconds", lease, "--node-url", f"http://127.0.0.1:{port}")
            process = ServerProcess(url, options, port=port, log_path=directory / f"node{number}.log")
            processes.append(process.start())
        yield processes
    finally:
        for process in processes:
            if process.process is not None and process.process.poll() is None:
                os.kill(process.process.pid, signal.SIGCONT)
            process.stop()


@pytest.fixture
def database(postgres_server: str) -> Iterator[str]:
    with fresh_schema(postgres_server) as url:
        yield url


async def tables_on(node: ServerProcess, count: int) -> list[NewTable]:
    async with httpx.AsyncClient(base_url=node.http, timeout=30) as http:
        return [await new_table(http, players=3, people=1, bots="easy", doubt_seconds=30) for _ in range(count)]


async def started(node: ServerProcess, tables: list[NewTable]) -> None:
    async with httpx.AsyncClient(base_url=node.http, timeout=30) as http:
        for table in tables:
            await start(http, table)


async def play_across(
    nodes: list[ServerProcess],
    table: NewTable,
    rng: random.Random,
    acked: list[int],
    *,
    killed: asyncio.Event | None = None,
    after: int | None = None,
) -> None:
    """One person plays their table to the end, connecting again (to any node) whenever it is closed under
    them. With ``after``: only until they made that many actions on connections opened once ``killed`` was
    set (at most that many per connection: a table that carries on is what is checked, not its end)."""
    deadline = time.monotonic() + 90
    since = 0
    trace: list[str] = []  # what each attempt met, for the failure's message
    while time.monotonic() < deadline:
        entry = nodes[rng.randrange(len(nodes))]
        if not entry.alive:
            continue
        try:
            async with TableClient.connect(entry.ws, table.code, table.tokens[0]) as client:
                if client.room is None:  # refused: the room is between nodes for a moment
                    trace.append(f"refused: {[error['code'] for error in client.errors]}")
                    await asyncio.sleep(0.3)
                    continue
                trace.append(f"in at step {client.view['step'] if client.view else None}")
                fresh = killed is not None and killed.is_set()
                await client.until(lambda c: c.view is not None, timeout=10)
                await play_to_the_end(client, rng, timeout=10, actions=after)
                acked.extend(int(ack["state"].split(".")[1]) for ack in client.acks)
                since += len(client.acks) if fresh else 0
                if client.over or (after is not None and since >= after):
                    return
        except (OSError, TimeoutError, EOFError, websockets.exceptions.WebSocketException) as error:
            trace.append(f"{type(error).__name__}: {error}")  # the node died under it: connect again
        await asyncio.sleep(0.3)
    raise AssertionError(f"table {table.code} did not carry on ({since} actions since the kill): {trace[-8:]}")


def check_archive(
    url: str,
    tables: list[NewTable],
    acked: dict[str, list[int]],
    moved: list[NewTable],
    not_on: str,
    to_the_end: bool = True,
) -> None:
    with Archive.open(url) as archive:
        for table in tables:
            room = archive.load_room(table.code)
            assert room.latest_game is not None
            record = room.latest_game.record
            game = Game.replay(record)  # every stored action once and in order: it replays
            assert game.is_over or not to_the_end
            assert len(record["actions"]) >= max(acked[table.code], default=0)  # nothing acknowledged is lost
            lease = archive.lease(table.code)
            assert lease is not None
            if table in moved:
                assert lease.token >= 2  # taken over: a new holder, a higher fencing token
                if not_on:
                    assert lease.node != not_on  # (a dead node can hold nothing)


@pytest.mark.parametrize(
    ("per_node", "after"),
    [pytest.param(TABLES_PER_NODE, None, id="whole-games"), pytest.param(MANY_PER_NODE, AFTER, id="200-tables")],
)
async def test_a_node_killed_mid_game_hands_its_tables_to_the_others(
    database: str, tmp_path: Path, per_node: int, after: int | None
) -> None:
    """kill -9 of one node of three: its tables go on at the others, nothing acknowledged lost or applied
    twice. Once with whole games played to their ends; once with 200 tables, each played on until its
    person made a few actions after the kill (on two cores, 200 whole games take minutes)."""
    with cluster(database, tmp_path) as nodes:
        spread = [await tables_on(node, per_node) for node in nodes]
        for node, tables in zip(nodes, spread, strict=True):
            await started(node, tables)
        tables = [table for group in spread for table in group]
        acked: dict[str, list[int]] = {table.code: [] for table in tables}
        rng = random.Random(5)
        killed = asyncio.Event()
        players = [
            asyncio.create_task(
                play_across(nodes, t, random.Random(rng.random()), acked[t.code], killed=killed, after=after)
            )
            for t in tables
        ]
        await asyncio.sleep(0.3)
        killed_at = time.monotonic()
        nodes[0].kill()  # kill -9, mid-game
        killed.set()
        with Archive.open(database) as archive:
            for table in spread[0]:
                latest = archive.load_room(table.code).latest_game
                assert latest is not None
                assert latest.status == "playing"  # its games were under way when it died
        await asyncio.gather(*players)
        took = time.monotonic() - killed_at
        assert took < 60
        check_archive(database, tables, acked, spread[0], f"http://127.0.0.1:{nodes[0].port}", after is None)
        async with httpx.AsyncClient(base_url=nodes[1].http) as http:
            for table in spread[0]:
                owner = (await http.get(f"/api/rooms/{table.code}")).json()
                assert owner.get("code") == table.code or owner["error"]["code"] == "room.elsewhere"
            # A room between nodes is "moving", never "not found" (a browser would forget its seat).
            gone = (await http.get("/api/rooms/AAAAAA")).json()
            assert gone["error"]["code"] == "room.not_found"


async def test_a_paused_node_cannot_write_after_its_rooms_moved(database: str, tmp_path: Path) -> None:
    with cluster(database, tmp_path) as nodes:
        tables = await tables_on(nodes[0], 2)
        await started(nodes[0], tables)
        assert nodes[0].process is not None
        os.kill(nodes[0].process.pid, signal.SIGSTOP)  # paused past its lease
        await asyncio.sleep(float(LEASE) * 2 + 1)
        acked: dict[str, list[int]] = {table.code: [] for table in tables}
        rng = random.Random(3)
        survivors = nodes[1:]
        players = [
            asyncio.create_task(play_across(survivors, t, random.Random(rng.random()), acked[t.code])) for t in tables
        ]
        await asyncio.sleep(0.5)
        os.kill(nodes[0].process.pid, signal.SIGCONT)  # it wakes up believing it still plays them
        await asyncio.gather(*players)
        # (Once awake it may take a room back later, fairly, when that room's lease lapses on a busy
        # machine: what matters is that it never wrote while another node held the room.)
        check_archive(database, tables, acked, tables, "")
        with Archive.open(database) as archive:
            for table in tables:
                lease = archive.lease(table.code)
                assert lease is not None
                assert lease.node != f"http://127.0.0.1:{nodes[0].port}" or lease.token >= 3


async def test_any_node_sends_a_client_to_its_table(database: str, tmp_path: Path) -> None:
    with cluster(database, tmp_path, nodes=2) as nodes:
        (table,) = await tables_on(nodes[0], 1)
        async with httpx.AsyncClient(base_url=nodes[1].http, timeout=10) as http:
            answer = await http.get(f"/api/rooms/{table.code}")
        assert (answer.status_code, answer.json()["error"]["code"]) == (409, "room.elsewhere")
        assert answer.json()["error"]["node"] == f"http://127.0.0.1:{nodes[0].port}"
        # For a proxy that routes by room code: any node names the one that plays it, also in a header.
        for node in nodes:
            async with httpx.AsyncClient(base_url=node.http, timeout=10) as http:
                named = await http.get(f"/api/rooms/{table.code.lower()}/node")
                assert named.status_code == 200
                assert named.json() == {"code": table.code, "node": f"http://127.0.0.1:{nodes[0].port}"}
                assert named.headers["x-idoubtit-node"] == f"127.0.0.1:{nodes[0].port}"
                # No room: no node plays it, and the proxy sends the request to the node asked, which
                # answers it (room.not_found) itself.
                unknown = await http.get("/api/rooms/AAAAAA/node")
                assert (unknown.status_code, unknown.json()) == (200, {"code": "AAAAAA", "node": None})
                assert unknown.headers["x-idoubtit-node"] == f"127.0.0.1:{node.port}"
        async with AsyncExitStack() as stack:
            client = await stack.enter_async_context(TableClient.connect(nodes[1].ws, table.code, table.tokens[0]))
            assert client.room is not None  # followed room.elsewhere to the node that plays it
            assert client.seat == 0
        # A room played elsewhere is no guessed code: asking for it again and again is never throttled
        # (the default allows 30 failed lookups a minute per address).
        async with httpx.AsyncClient(base_url=nodes[1].http, timeout=10) as http:
            for _ in range(20):
                assert (await http.get(f"/api/rooms/{table.code}")).json()["error"]["code"] == "room.elsewhere"
        for _ in range(20):
            async with websockets.connect(f"{nodes[1].ws}/ws/{table.code}") as socket:
                await socket.send(json.dumps({"type": "hello", "version": 1, "token": table.tokens[0]}))
                assert json.loads(await socket.recv())["code"] == "room.elsewhere"


async def test_no_card_reaches_anyone_who_may_not_see_it_through_a_cluster(database: str, tmp_path: Path) -> None:
    """The leak test's own tables and checks, with rooms made on one node and every socket sent there
    from the other."""
    from tests.server.test_leak import table_plays

    # A long lease: under a busy CI a 2 s one can lapse and move a room mid-game, which this test's
    # clients (the leak test's, which never reconnect) are not here to survive.
    with cluster(database, tmp_path, nodes=2, lease="10") as nodes:
        entry = ServerProcess(database, port=nodes[1].port)  # (only its address: the clients' way in)
        async with httpx.AsyncClient(base_url=nodes[0].http, timeout=60) as http:
            with Archive.open(database) as archive:
                views = await asyncio.gather(*(table_plays(entry, http, archive, 2, seed) for seed in range(3)))
        assert sum(played.views for played in views) > 3 * 2 * 50
        assert all(sum(played.landed.values()) > 0 for played in views)  # probes asked during the games


async def test_a_node_stopped_cleanly_hands_its_rooms_over_at_once(database: str, tmp_path: Path) -> None:
    # A lease of a minute: the other node looks for lapsed leases only every 20 s, so a room that moves
    # within 2 s moved on the release's notice (LISTEN/NOTIFY), not on a look.
    with cluster(database, tmp_path, nodes=2, lease="60") as (leaving, staying):
        (table,) = await tables_on(leaving, 1)
        stopped = time.monotonic()
        leaving.stop()  # SIGTERM: its leases are released, not left to lapse
        with Archive.open(database) as archive:
            while time.monotonic() - stopped < 20:
                lease = archive.lease(table.code)
                if lease is not None and lease.node == f"http://127.0.0.1:{staying.port}":
                    break
                await asyncio.sleep(0.1)
        took = time.monotonic() - stopped
        assert took < 2.0
        for _ in range(50):  # (it may still be opening the table from the archive: "room.moving")
            async with TableClient.connect(staying.ws, table.code, table.tokens[0]) as client:
                if client.room is not None:
                    assert client.seat == 0
                    break
                assert client.errors[0]["code"] == "room.moving"
            await asyncio.sleep(0.1)
        else:
            raise AssertionError("the table never opened on the node that took it over")


async def test_the_authority_checks_hold_through_a_cluster(database: str, tmp_path: Path) -> None:
    """The single server's authority tests, with tables made on one node and every socket opened at the
    other (which sends it on): the same refusals, in the same order, changing nothing."""
    with cluster(database, tmp_path, nodes=2, lease="10") as nodes:
        entry = ServerProcess(database, port=nodes[1].port)  # (only its address: the clients' way in)
        async with httpx.AsyncClient(base_url=nodes[0].http, timeout=60) as http:
            await test_app.each_check_in_its_order(entry, http)
            await test_app.every_action_refused_after_the_end(entry, http)
        async with TableClient.connect(entry.ws, "AAAAAA") as client:
            await client.until(lambda c: c.closed)
            assert [error["code"] for error in client.errors] == ["room.not_found"]


@pytest.fixture(scope="module")
def forged_cluster_table(
    postgres_server: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[ServerProcess, str, str]]:
    """The fuzz test's table (seat 0 to play, nobody else, nothing moves but a valid play) on one node of
    two; the forger comes in at the other."""

    async def make(node: ServerProcess) -> tuple[str, str]:
        async with httpx.AsyncClient(base_url=node.http) as http:
            table = await new_table(http, players=3, people=3, bots=None)
            await start(http, table)
            return table.code, table.tokens[0]

    with fresh_schema(postgres_server) as url:
        directory = tmp_path_factory.mktemp("forged-cluster")
        with cluster(url, directory, nodes=2, lease="10", extra=("--grace-seconds", "3600")) as nodes:
            code, token = asyncio.run(make(nodes[0]))
            yield ServerProcess(url, port=nodes[1].port), code, token


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(messages=st.lists(test_app.forged_messages, min_size=1, max_size=8))
def test_forged_and_malformed_messages_through_a_cluster_are_refused_and_change_nothing(
    forged_cluster_table: tuple[ServerProcess, str, str], messages: list[str | bytes]
) -> None:
    entry, code, token = forged_cluster_table
    asyncio.run(test_app.forge(entry, code, token, messages))
