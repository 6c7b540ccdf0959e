"""How fast a cluster recovers: the time from ``kill -9`` of one node to every one of its tables being
played again by another node, on one PostgreSQL, all on this machine.

Run: ``python bench/cluster.py`` (``--tables 30`` on the node that is killed, ``--lease 6`` seconds,
``--nodes 3``). It starts a throwaway PostgreSQL (as the tests do: Debian's server binaries or the
``pgserver`` wheel of the test extra), the nodes, and the tables with a person and bots each, deals
every game, kills the first node and asks the others, every 50 ms, who plays each table. It prints the
seconds until the first and until the last of the dead node's tables answered from a living node.

Before that, the load: ``--clients 600`` scripted people (tables of four, thinking about a second per
decision, as ``bench/server.py`` plays them) spread over 1, then 2, then 3 nodes, each table made on
its node and played there, for ``--seconds 20``. For each count of nodes it prints the clients per
node, the p50 and p99 latency from an action to the last person at its table seeing it, and the CPU
each node spent per client and second (what says how many people one node holds on one core).
``--skip-load`` or ``--skip-recovery`` leave one half out.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the tests' helpers start the processes

from server import Player, act, measured_latencies, read, table  # bench/server.py: the same scripted people

from tests.archive.postgres import Cluster, fresh_schema
from tests.server.helpers import ServerProcess, free_port, host, new_table


def start_nodes(url: str, count: int, lease: float, directory: Path) -> list[ServerProcess]:
    nodes = []
    for number in range(count):
        port = free_port()
        options = (
            "--bot-delay-seconds",
            "0.5",
            "--rooms-per-address",
            "5000",
            "--max-rooms",
            "5000",
            "--messages-per-second",
            "20",
            "--lease-seconds",
            str(lease),
            "--node-url",
            f"http://127.0.0.1:{port}",
        )
        nodes.append(ServerProcess(url, options, port=port, log_path=directory / f"node{number}.log").start())
    return nodes


async def recovery(nodes: list[ServerProcess], tables: int) -> tuple[float, float]:
    async with httpx.AsyncClient(base_url=nodes[0].http, timeout=30) as http:
        codes = []
        for _ in range(tables):
            table = await new_table(http, players=3, people=1, bots="easy", doubt_seconds=30)
            await http.post(f"/api/rooms/{table.code}/start", headers=host(table))
            codes.append(table.code)
    dead = f"http://127.0.0.1:{nodes[0].port}"
    killed = time.monotonic()
    nodes[0].kill()
    back: dict[str, float] = {}
    async with httpx.AsyncClient(timeout=5) as http:
        while len(back) < len(codes) and time.monotonic() - killed < 120:
            for code in codes:
                if code in back:
                    continue
                answer = (await http.get(f"{nodes[1].http}/api/rooms/{code}")).json()
                elsewhere = answer.get("error", {}).get("node")
                if answer.get("code") == code or (elsewhere and elsewhere != dead):
                    back[code] = time.monotonic() - killed
            await asyncio.sleep(0.05)
    return min(back.values()), max(back.values())


def cpu_seconds(pid: int) -> float:
    """User and system CPU of a process so far (Linux's /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def load(nodes: list[ServerProcess], clients: int, seconds: float) -> tuple[list[float], list[float]]:
    """Tables of four spread over the nodes, played for a while; the latencies measured and each node's
    CPU seconds over the play."""
    seated: list[list[Player]] = []
    lobbies = [httpx.AsyncClient(base_url=node.http, timeout=60) for node in nodes]
    try:
        for index in range(clients // 4):
            seated.append(await table(lobbies[index % len(nodes)], nodes[index % len(nodes)].ws, 4, index))
    finally:
        for lobby in lobbies:
            await lobby.aclose()
    everyone = [player for group in seated for player in group]
    readers = [asyncio.create_task(read(player)) for player in everyone]
    pids = [node.process.pid for node in nodes if node.process is not None]
    before = [cpu_seconds(pid) for pid in pids]
    stop = time.perf_counter() + seconds
    rng = random.Random(1)
    await asyncio.gather(*(act(player, random.Random(rng.random()), 1.0, stop) for player in everyone))
    spent = [cpu_seconds(pid) - start for pid, start in zip(pids, before, strict=True)]
    await asyncio.sleep(0.5)  # the last updates
    for player in everyone:
        await player.socket.close()
    for reader in readers:
        reader.cancel()
    return measured_latencies(seated), spent


def scaling(database: Cluster, clients: int, seconds: float, directory: Path) -> None:
    print(f"{clients} people at tables of four, about a second per decision, {seconds:g} s of play:")
    for count in (1, 2, 3):
        with fresh_schema(database.url) as url:
            nodes = start_nodes(url, count, 6.0, directory)
            try:
                latencies, spent = asyncio.run(load(nodes, clients, seconds))
            finally:
                for node in nodes:
                    node.stop()
        p99 = latencies[int(0.99 * (len(latencies) - 1))] * 1000
        per_client = sum(spent) / clients / seconds * 1000
        print(
            f"  {count} node{'s' if count > 1 else ' '}: {clients // count} clients per node, "
            f"{len(latencies)} actions, "
            f"p50 {statistics.median(latencies) * 1000:.0f} ms, p99 {p99:.0f} ms; "
            f"CPU per node {', '.join(f'{cpu / seconds:.0%}' for cpu in spent)} of a core "
            f"({per_client:.2f} ms of CPU per client and second)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--lease", type=float, default=6.0)
    parser.add_argument("--nodes", type=int, default=3)
    parser.add_argument("--clients", type=int, default=600)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--skip-load", action="store_true")
    parser.add_argument("--skip-recovery", action="store_true")
    options = parser.parse_args()
    database = Cluster.start()
    try:
        with tempfile.TemporaryDirectory() as directory:
            if not options.skip_load:
                scaling(database, options.clients, options.seconds, Path(directory))
            if not options.skip_recovery:
                with fresh_schema(database.url) as url:
                    nodes = start_nodes(url, options.nodes, options.lease, Path(directory))
                    try:
                        first, last = asyncio.run(recovery(nodes, options.tables))
                    finally:
                        for node in nodes:
                            node.stop()
                print(f"{options.tables} tables on the killed node, {options.nodes} nodes, lease {options.lease:g} s:")
                print(f"first table playing again after {first:.1f} s, the last after {last:.1f} s")
    finally:
        database.stop()


if __name__ == "__main__":
    main()
