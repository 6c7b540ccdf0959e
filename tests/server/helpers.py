"""A real server in a child process, and scripted players that talk to it over real sockets.

Used by the server's tests and by bench/server.py: every test talks to uvicorn over loopback, as a
phone would, never to the app in-process.
"""

from __future__ import annotations

import itertools
import os
import random
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from idoubtit.client.table_client import TableClient

ROOT = Path(__file__).resolve().parents[2]
START_TIMEOUT = 30.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@dataclass
class ServerProcess:
    """``idoubtit serve`` on a free loopback port; ``kill()`` sends SIGKILL, ``start()`` starts it again."""

    db: str
    options: Sequence[str] = ()
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None
    log_path: Path | None = None

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> ServerProcess:
        command = [sys.executable, "-m", "idoubtit", "serve", "--port", str(self.port), "--db", self.db]
        log = open(self.log_path, "ab") if self.log_path else subprocess.DEVNULL  # noqa: SIM115
        self.process = subprocess.Popen([*command, *self.options], cwd=ROOT, stdout=log, stderr=log)
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server stopped at once (exit {self.process.returncode})")
            try:
                if httpx.get(f"{self.http}/api/health", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError("the server did not answer in time")

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()

    @property
    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None


@contextmanager
def running_server(directory: Path, options: Sequence[str]) -> Iterator[ServerProcess]:
    """``idoubtit serve`` with ``options`` and a SQLite archive in ``directory``, stopped afterwards."""
    process = ServerProcess(str(directory / "archive.sqlite3"), options, log_path=directory / "server.log")
    process.start()
    try:
        yield process
    finally:
        process.stop()


@dataclass
class NewTable:
    code: str
    host_token: str
    tokens: dict[int, str]


async def new_table(
    http: httpx.AsyncClient, players: int = 4, people: int = 1, bots: str | None = "easy", **options: Any
) -> NewTable:
    """Create a room, seat ``people`` people (seats 0, 1, ...) and fill the rest with bots (not started)."""
    response = await http.post("/api/rooms", json={"players": players, **options})
    assert response.status_code == 201, response.text
    room = response.json()
    tokens = {}
    for number in range(people):
        joined = await http.post(f"/api/rooms/{room['code']}/seats", json={"name": f"Person {number}"})
        assert joined.status_code == 201, joined.text
        tokens[joined.json()["seat"]] = joined.json()["token"]
    if bots is not None and people < players:
        filled = await http.post(f"/api/rooms/{room['code']}/bots", json={"level": bots}, headers=host(room))
        assert filled.status_code == 200, filled.text
    return NewTable(room["code"], room["host_token"], tokens)


def host(room: dict[str, Any] | NewTable) -> dict[str, str]:
    token = room.host_token if isinstance(room, NewTable) else room["host_token"]
    return {"Authorization": f"Bearer {token}"}


async def start(http: httpx.AsyncClient, table: NewTable) -> None:
    response = await http.post(f"/api/rooms/{table.code}/start", headers=host(table))
    assert response.status_code == 200, response.text


def truthful_cards(view: dict[str, Any]) -> list[str]:
    """Every card of the due rank in the hand, or else the first card (a bluff)."""
    due = view["due_rank"]
    return [card for card in view["hand"] if card[:-1] == due] or view["hand"][:1]


async def play_to_the_end(
    client: TableClient,
    rng: random.Random,
    *,
    lie_chance: float = 0.2,
    doubt_chance: float = 0.3,
    timeout: float = 30,
    actions: int | None = None,
) -> None:
    """Play this seat until the game is over (or until it made ``actions`` actions): mostly the truth, now
    and then a bluff; doubt at random."""
    for _ in itertools.count() if actions is None else range(actions):
        await client.until(lambda c: c.over or c.my_turn or c.my_window or c.closed, timeout=timeout)
        if client.over or client.closed:
            return
        view = client.view
        assert view is not None
        state = client.state
        if client.my_turn:
            hand = view["hand"]
            cards = truthful_cards(view)
            if rng.random() < lie_chance:
                cards = rng.sample(hand, min(len(hand), rng.randint(1, 2)))
            message = await client.play(cards)
        elif rng.random() < doubt_chance:
            message = await client.doubt()
        else:
            message = await client.decline()
        await client.until(_answered(message, state), timeout=timeout)


def _answered(message: str, state: str | None) -> Callable[[TableClient], bool]:
    """The server answered ``message`` (ack or error), or the table moved on without it."""
    return lambda client: client.answer_to(message) is not None or client.state != state or client.closed
