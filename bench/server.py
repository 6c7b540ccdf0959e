"""Server load: many tables of people playing at once over real sockets, and how fast updates arrive.

Run: ``python bench/server.py`` (defaults: 250 tables of 4, so 1,000 clients, for 30 seconds). It starts
``idoubtit serve`` on a loopback port with a fresh SQLite archive, seats four scripted people at every
table and lets them play: each thinks a while (like a person, ``--think`` seconds on average), then
plays the truth when it can (otherwise one card), and in a doubt window declines or now and then doubts.

``python bench/server.py --no-think`` is the other case: 100 tables of 4 (400 sockets) whose people answer
the moment it is their turn, as fast as the server lets them, for 20 seconds: the most a server does.
``--profile FILE`` runs the server under pyinstrument (``pip install pyinstrument``) and writes its
profile there as HTML when the run is over.

On a machine of two or more cores the server runs on the first core alone and the clients on the
others, so that the figures are those of a server on one core (as the goal for the no-think case says).

Latency is measured for every action: from the moment its sender sent it to the moment the last person
at that table received the update that shows it (the first update whose ``step`` reaches the step the
action led to, which the sender learns from its acknowledgement). Printed: clients, actions, p50, p99
and max latency, and the messages per second the server sent.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets

ROOT = Path(__file__).resolve().parents[1]


@dataclass
class Player:
    """One scripted person: its socket, what it last saw, and when each step reached it."""

    seat: int
    socket: websockets.ClientConnection
    state: str | None = None
    view: dict[str, Any] | None = None
    arrivals: dict[int, float] = field(default_factory=dict)  # view step → first time an update showed it
    sent: dict[str, float] = field(default_factory=dict)  # message id → when it was sent
    acked: list[tuple[float, int]] = field(default_factory=list)  # (sent at, step the action led to)
    messages: int = 0
    turn: asyncio.Event = field(default_factory=asyncio.Event)


async def read(player: Player) -> None:
    async for raw in player.socket:
        moment = time.perf_counter()
        message = json.loads(raw)
        player.messages += 1
        view = message.get("view")
        if message["type"] in {"welcome", "update"} and view:
            player.state, player.view = message["state"], view
            player.arrivals.setdefault(view["step"], moment)
            if "ack" in message and message["ack"] in player.sent:
                player.acked.append((player.sent.pop(message["ack"]), view["step"]))
            player.turn.set()


async def act(player: Player, rng: random.Random, think: float, stop: float) -> None:
    """Wait for this seat's decisions and answer each after thinking."""
    counter = 0
    while time.perf_counter() < stop:
        player.turn.clear()
        view = player.view
        mine = view is not None and (
            (view["phase"] == "play" and view["to_play"] == player.seat)
            or (view["phase"] == "doubt" and player.seat in view["awaiting"])
        )
        if view is None or view["phase"] == "over" or not mine:
            try:
                await asyncio.wait_for(player.turn.wait(), timeout=max(0.01, stop - time.perf_counter()))
            except TimeoutError:
                return
            continue
        state = player.state
        await asyncio.sleep(rng.uniform(0.2, 1.8) * think)
        if player.state != state:  # the table moved on meanwhile (a doubt, the window closed)
            continue
        counter += 1
        message_id = f"{player.seat}-{counter}"
        if view["phase"] == "play":
            due = view["due_rank"]
            cards = [card for card in view["hand"] if card[:-1] == due] or view["hand"][:1]
            message: dict[str, Any] = {"type": "play", "cards": cards}
        else:
            message = {"type": "doubt" if rng.random() < 0.1 else "decline"}
        player.sent[message_id] = time.perf_counter()
        await player.socket.send(json.dumps({**message, "state": state, "id": message_id}))
        with_timeout = max(0.01, stop - time.perf_counter())
        try:
            await asyncio.wait_for(_changed(player, state), timeout=with_timeout)
        except TimeoutError:
            return


async def _changed(player: Player, state: str | None) -> None:
    while player.state == state:
        player.turn.clear()
        await player.turn.wait()


async def table(http: httpx.AsyncClient, ws: str, players: int, index: int) -> list[Player]:
    room = (await http.post("/api/rooms", json={"players": players, "doubt_seconds": 10})).json()
    code, seated = room["code"], []
    for seat in range(players):
        joined = (await http.post(f"/api/rooms/{code}/seats", json={"name": f"P{index}-{seat}"})).json()
        socket = await websockets.connect(f"{ws}/ws/{code}", compression=None, max_size=2**22)
        await socket.send(json.dumps({"type": "hello", "version": 1, "token": joined["token"]}))
        seated.append(Player(seat, socket))
    await http.post(f"/api/rooms/{code}/start", headers={"Authorization": f"Bearer {room['host_token']}"})
    return seated


async def run(tables: int, players: int, seconds: float, think: float, port: int, profile: str | None) -> None:
    directory = Path(tempfile.mkdtemp(prefix="idoubtit-bench-"))
    # People with no think time answer far faster than the default message rate allows a phone.
    rate = "20" if think > 0 else "1000"
    runner = (
        [sys.executable]
        if profile is None
        else [
            sys.executable,
            "-m",
            "pyinstrument",
            "-r",
            "html" if profile.endswith(".html") else "text",
            "-o",
            profile,
        ]
    )
    server = subprocess.Popen(
        [
            *runner, "-m", "idoubtit", "serve", "--port", str(port), "--db", str(directory / "bench.sqlite3"),
            "--rooms-per-address", str(tables + 10), "--max-rooms", str(tables + 10), "--messages-per-second", rate,
        ],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    share_the_cores(server.pid)
    try:
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=60) as http:
            for _ in range(100):
                try:
                    if (await http.get("/api/health")).status_code == 200:
                        break
                except httpx.HTTPError:
                    await asyncio.sleep(0.1)
            seated: list[list[Player]] = []
            for index in range(tables):
                seated.append(await table(http, f"ws://127.0.0.1:{port}", players, index))
        everyone = [player for group in seated for player in group]
        readers = [asyncio.create_task(read(player)) for player in everyone]
        started = time.perf_counter()
        stop = started + seconds
        rng = random.Random(1)
        await asyncio.gather(*(act(player, random.Random(rng.random()), think, stop) for player in everyone))
        elapsed = time.perf_counter() - started
        await asyncio.sleep(0.5)  # let the last updates arrive
        for player in everyone:
            await player.socket.close()
        for reader in readers:
            reader.cancel()
        report(seated, elapsed)
    finally:
        # SIGINT: uvicorn stops and raises it again, which the profiler takes as the end of its run.
        server.send_signal(signal.SIGINT if profile else signal.SIGTERM)
        server.wait(timeout=60)
        shutil.rmtree(directory, ignore_errors=True)
    print(
        f"CPU seconds over the whole run (seating included): server {_cpu(resource.RUSAGE_CHILDREN):.1f}, "
        f"these clients {_cpu(resource.RUSAGE_SELF):.1f}"
    )


def _cpu(who: int) -> float:
    usage = resource.getrusage(who)
    return usage.ru_utime + usage.ru_stime


def share_the_cores(server: int) -> None:
    """The goal is stated for a server on one core: the server gets the first core, the clients the rest."""
    cores = sorted(os.sched_getaffinity(0))
    if len(cores) > 1:
        os.sched_setaffinity(server, cores[:1])
        os.sched_setaffinity(0, cores[1:])


def measured_latencies(seated: list[list[Player]]) -> list[float]:
    """Each action's latency, sorted: from its sending to the last person at its table seeing it."""
    latencies = []
    for group in seated:
        for player in group:
            for sent, step in player.acked:
                arrivals = [other.arrivals.get(step) for other in group]
                if all(arrival is not None for arrival in arrivals):
                    latencies.append(max(a for a in arrivals if a is not None) - sent)
    return sorted(latencies)


def report(seated: list[list[Player]], elapsed: float) -> None:
    latencies = measured_latencies(seated)
    messages = sum(player.messages for group in seated for player in group)
    clients = sum(len(group) for group in seated)
    p99 = latencies[int(0.99 * (len(latencies) - 1))]
    print(f"{clients} clients at {len(seated)} tables for {elapsed:.0f} s: {len(latencies)} actions measured")
    print(
        f"latency action → last recipient: p50 {statistics.median(latencies) * 1000:.1f} ms, "
        f"p99 {p99 * 1000:.1f} ms, max {latencies[-1] * 1000:.1f} ms"
    )
    print(f"messages sent by the server: {messages / elapsed:,.0f}/s ({len(latencies) / elapsed:,.0f} actions/s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, help="default 250 (100 with --no-think)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, help="how long the tables play once all are seated (default 30, 20)")
    parser.add_argument("--think", type=float, default=1.0, help="average seconds a person takes per decision")
    parser.add_argument("--no-think", action="store_true", help="people answer at once: the server's worst case")
    parser.add_argument("--profile", help="run the server under pyinstrument and write its profile (HTML) here")
    parser.add_argument("--port", type=int, default=8765)
    options = parser.parse_args()
    think = 0.0 if options.no_think else options.think
    tables = options.tables or (100 if options.no_think else 250)
    seconds = options.seconds or (20.0 if options.no_think else 30.0)
    asyncio.run(run(tables, options.players, seconds, think, options.port, options.profile))


if __name__ == "__main__":
    main()
