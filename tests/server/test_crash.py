"""SIGKILL the server in the middle of games and start it again, on SQLite and on PostgreSQL: every game
resumes exactly at its last acknowledged action, with its seats and tokens intact, and plays to its end.

An update reaches a client only after its action is stored (write-ahead), so whatever a client saw before
the kill must be in the archive after it; the archive may hold at most the actions that were committed
but not yet announced when the kill landed.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from idoubtit.archive import Archive, GameStatus
from idoubtit.client.table_client import TableClient
from idoubtit.engine import Game
from tests.archive.postgres import fresh_schema
from tests.server.helpers import NewTable, ServerProcess, host, new_table, play_to_the_end, start

OPTIONS = ("--bot-delay-seconds", "0.01", "--grace-seconds", "0.5", "--messages-per-second", "10000")
BOT_TABLES = 4


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield str(tmp_path / "archive.sqlite3")
        return
    with fresh_schema(request.getfixturevalue("postgres_server")) as url:
        yield url


def stored_game(db: str, code: str) -> tuple[Game, GameStatus, list[dict[str, object]]]:
    with Archive.open(db) as archive:
        room = archive.load_room(code)
    assert room.latest_game is not None
    seats: list[dict[str, object]] = [
        {"seat": seat.number, "name": seat.display_name, "kind": seat.kind.value} for seat in room.seats
    ]
    return Game.replay(room.latest_game.record), room.latest_game.status, seats


async def test_sigkill_mid_game_then_restart_resumes_every_game_exactly(db: str, tmp_path: Path) -> None:
    server = ServerProcess(db, OPTIONS, log_path=tmp_path / "server.log").start()
    try:
        async with httpx.AsyncClient(base_url=server.http, timeout=30) as http:
            person = await new_table(http, players=3, people=1, bots="medium", doubt_seconds=60)
            robots: list[NewTable] = []
            for _ in range(BOT_TABLES):
                robots.append(await new_table(http, players=4, people=0, bots="easy"))
            for table in (person, *robots):
                await start(http, table)
            async with TableClient.connect(server.ws, person.code, person.tokens[0]) as me:
                playing = asyncio.create_task(play_to_the_end(me, random.Random(7)))
                await me.until(lambda c: len(c.log) >= 40, timeout=30)
                server.kill()  # mid-game, mid-action perhaps: no chance to tidy up
                await me.until(lambda c: c.closed)
                playing.cancel()
                seen = list(me.log)
                seen_hand = list(me.view["hand"]) if me.view else []
        # Everything the person saw is stored; at most a little more is.
        stored, status, seats_before = stored_game(db, person.code)
        assert status is GameStatus.PLAYING
        stored_log = stored.view(0).to_dict()["log"]
        assert stored_log[: len(seen)] == seen
        robot_steps = {}
        for table in robots:
            game, _, _ = stored_game(db, table.code)
            robot_steps[table.code] = game.step
        assert any(not stored_game(db, table.code)[0].is_over for table in robots), "the kill came too late"

        server.start()
        async with httpx.AsyncClient(base_url=server.http, timeout=30) as http:
            async with TableClient.connect(server.ws, person.code, person.tokens[0]) as me:
                # The same seat, by the same token, at exactly the stored position.
                assert me.seat == 0
                assert me.view is not None
                resumed, _, seats_after = stored_game(db, person.code)
                assert me.log[: len(stored_log)] == stored_log
                assert seats_after == seats_before
                if me.log == stored_log:
                    assert me.view["hand"] == [str(card) for card in resumed.hand(0)]
                assert seen_hand  # the person held cards when the server died
                await asyncio.wait_for(play_to_the_end(me, random.Random(8)), timeout=120)
                assert me.over
            for table in robots:  # bot tables carry on by themselves from where they were
                room = await wait_until_over(http, table.code)
                assert room["status"] == "finished"
        for table in (person, *robots):
            game, status, _ = stored_game(db, table.code)
            assert game.is_over
            assert status is GameStatus.FINISHED
        for table in robots:
            assert stored_game(db, table.code)[0].step >= robot_steps[table.code]
    finally:
        server.stop()


async def wait_until_over(
    http: httpx.AsyncClient, code: str, timeout: float = 120, game: int | None = None
) -> dict[str, Any]:
    """The room once its game (game number ``game``, if given) is over."""
    async with asyncio.timeout(timeout):
        while True:
            room: dict[str, Any] = (await http.get(f"/api/rooms/{code}")).json()
            if room["status"] == "finished" and game in (None, room["game"]):
                return room
            await asyncio.sleep(0.2)


async def test_the_names_the_host_seat_and_the_evenings_score_survive_a_restart(db: str, tmp_path: Path) -> None:
    server = ServerProcess(db, OPTIONS, log_path=tmp_path / "server.log").start()
    try:
        async with httpx.AsyncClient(base_url=server.http, timeout=30) as http:
            # Two people who never come: stand-ins play their seats once the grace period is over.
            table = await new_table(http, players=3, people=2, bots="easy", language="lb")
            handed = await http.post(f"/api/rooms/{table.code}/host", json={"seat": 1}, headers=host(table))
            assert handed.json() == {"host_seat": 1}
            for number in (1, 2, 3):
                await start(http, table)
                await wait_until_over(http, table.code, game=number)
            before = (await http.get(f"/api/rooms/{table.code}")).json()
            assert sum(before["score"]) == 3
        server.kill()
        server.start()
        async with httpx.AsyncClient(base_url=server.http, timeout=30) as http:
            after = (await http.get(f"/api/rooms/{table.code}")).json()
            assert after["score"] == before["score"]
            assert after["host_seat"] == 1
            assert [(seat["name"], seat["kind"], seat["level"]) for seat in after["seats"]] == [
                (seat["name"], seat["kind"], seat["level"]) for seat in before["seats"]
            ]
            # The person who hosts deals on, and the score goes on from where it was.
            dealt = await http.post(
                f"/api/rooms/{table.code}/start", headers={"Authorization": f"Bearer {table.tokens[1]}"}
            )
            assert dealt.json() == {"game": 4}
            room = await wait_until_over(http, table.code, game=4)
            assert sum(room["score"]) == 4
    finally:
        server.stop()
