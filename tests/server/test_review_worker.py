"""Reviews through a real server (server/history.py, ``ReviewWorker``): made in a worker process, so a
table never waits for one, and refused with ``limit.reviews`` (503) when too many already wait."""

from __future__ import annotations

import asyncio
import random
import subprocess
import time
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path

import httpx
import pytest

from idoubtit.client.table_client import TableClient
from idoubtit.server.history import REVIEWS_WAITING
from tests.server.conftest import TEST_OPTIONS
from tests.server.helpers import ServerProcess, new_table, play_to_the_end, start, truthful_cards

#: The longest a table's action may wait for its answer while a review is being made. Well under a
#: review's time (seconds), well over a loaded machine's ordinary answer (milliseconds).
PROMPT_SECONDS = 1.0
#: How long a stopping server may take to finish the reviews its worker has already begun.
STOP_SECONDS = 120


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    """A server of each test's own: the reviews one test leaves waiting never hold up another's."""
    process = ServerProcess(str(tmp_path / "archive.sqlite3"), TEST_OPTIONS, log_path=tmp_path / "server.log")
    process.start()
    try:
        yield process
    finally:
        stop_after_its_reviews(process)


def stop_after_its_reviews(server: ServerProcess) -> None:
    """Stop the server as gently as its reviews under way need: it drops those still waiting, but one
    being made runs to its end, and a server killed before that leaves its worker process behind."""
    child = server.process
    if child is None or child.poll() is not None:
        return
    child.terminate()
    try:
        child.wait(timeout=STOP_SECONDS)
    except subprocess.TimeoutExpired:
        server.kill()


@pytest.fixture
async def http(server: ServerProcess) -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(base_url=server.http, timeout=30) as client:
        yield client


async def finished_game(server: ServerProcess, http: httpx.AsyncClient, players: int, seed: int) -> int:
    """The archive's id of a game played to its end: a scripted person in seat 0, easy bots elsewhere."""
    table = await new_table(http, players=players)
    async with TableClient.connect(server.ws, table.code, table.tokens[0]) as person:
        await start(http, table)
        await play_to_the_end(person, random.Random(seed), timeout=60)
    games = (await http.get(f"/api/rooms/{table.code}/games")).json()["games"]
    assert games[0]["status"] == "finished"
    game_id: int = games[0]["id"]
    return game_id


def asked_review(http: httpx.AsyncClient, game_id: int, seat: int) -> asyncio.Task[httpx.Response]:
    """A review asked for now and answered later (a review takes seconds)."""
    return asyncio.create_task(http.get(f"/api/games/{game_id}/review", params={"seat": seat}, timeout=300))


async def timed_actions(client: TableClient, busy: Callable[[], bool], most: int = 60) -> list[float]:
    """Play this seat while ``busy()`` holds: how long each action waited for the server's answer."""
    waits: list[float] = []
    while busy() and len(waits) < most:
        await client.until(lambda c: c.over or c.my_turn or c.my_window, timeout=30)
        if client.over:
            break
        waits.append(await acted(client))
    return waits


async def acted(client: TableClient) -> float:
    """One action of this seat (the truth, never a doubt), and how long its acknowledgement took."""
    view = client.view
    assert view is not None
    sent = time.monotonic()
    message = await (client.play(truthful_cards(view)) if client.my_turn else client.decline())
    await client.until(lambda c: c.answer_to(message) is not None, timeout=30)
    waited = time.monotonic() - sent
    answer = client.answer_to(message)
    assert answer is not None
    assert answer.get("type") != "error", answer  # acknowledged, not refused
    return waited


async def test_a_table_keeps_moving_while_a_review_is_made(server: ServerProcess, http: httpx.AsyncClient) -> None:
    long_game = await finished_game(server, http, players=6, seed=1)  # two decks: many decisions to search
    table = await new_table(http, players=3)
    async with TableClient.connect(server.ws, table.code, table.tokens[0]) as person:
        await start(http, table)
        began = time.monotonic()
        review = asked_review(http, long_game, 0)
        await asyncio.sleep(0.2)  # the question is at the server, and its review under way
        waits = await timed_actions(person, lambda: not review.done())
        answer = await review
        took = time.monotonic() - began
    assert answer.status_code == 200, answer.text
    assert answer.json()["review"]["decisions"]
    assert len(waits) >= 5, f"only {len(waits)} actions in the {took:.1f} s the review took"
    assert max(waits) < min(PROMPT_SECONDS, took / 4), f"an action waited {max(waits):.2f} s"


async def test_more_reviews_than_may_wait_are_refused_for_now(server: ServerProcess, http: httpx.AsyncClient) -> None:
    games = [await finished_game(server, http, players=3, seed=seed) for seed in range(4)]
    kept = await http.get(f"/api/games/{games[0]}/review", params={"seat": 0}, timeout=300)
    assert kept.status_code == 200, kept.text
    # Eleven new reviews at once: eight may wait for the worker, the others are refused at once.
    asked = [asked_review(http, game, seat) for game in games for seat in range(3)][1:]
    extra = len(asked) - REVIEWS_WAITING
    async with asyncio.timeout(30):
        while sum(task.done() for task in asked) < extra:
            await asyncio.sleep(0.05)
    refused = [task.result() for task in asked if task.done()]
    codes = [(answer.status_code, answer.json().get("error", {}).get("code")) for answer in refused]
    assert codes == [(503, "limit.reviews")] * extra
    assert "ask again" in refused[0].json()["error"]["message"]
    again = await http.get(f"/api/games/{games[0]}/review", params={"seat": 0})  # made already: no new work
    assert again.status_code == 200
    assert again.json() == kept.json()
    # The server dies while its worker makes the eight: the worker ends too, and soon.
    assert server.process is not None
    workers = children_of(server.process.pid)
    assert len(workers) >= 1
    server.kill()
    for task in asked:
        task.cancel()
    await asyncio.gather(*asked, return_exceptions=True)
    deadline = time.monotonic() + 10
    while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
        await asyncio.sleep(0.1)
    assert not [pid for pid in workers if alive(pid)], "a review worker outlived its server"


def children_of(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (from /proc: the tests run on Linux)."""
    children = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                children.append(int(entry.name))
    return children


def alive(pid: int) -> bool:
    """Whether ``pid`` still runs (a zombie, ended but not yet waited for, does not count)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False
