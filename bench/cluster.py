"""How fast a cluster recovers: the time from ``kill -9`` of one node to every one of its tables being
played again by another node, on one PostgreSQL, all on this machine.

Run: ``python bench/cluster.py`` (``--tables 30`` on the node that is killed, ``--lease 6`` seconds,
``--nodes 3``). It starts a throwaway PostgreSQL (as the tests do: Debian's server binaries or the
``pgserver`` wheel of the test extra), the nodes, and the tables with a person and bots each, deals
every game, kills the first node and asks the others, every 50 ms, who plays each table. It prints the
seconds until the first and until the last of the dead node's tables answered from a living node.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the tests' helpers start the processes

from tests.archive.postgres import Cluster
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--lease", type=float, default=6.0)
    parser.add_argument("--nodes", type=int, default=3)
    options = parser.parse_args()
    database = Cluster.start()
    try:
        with tempfile.TemporaryDirectory() as directory:
            nodes = start_nodes(database.url, options.nodes, options.lease, Path(directory))
            try:
                first, last = asyncio.run(recovery(nodes, options.tables))
            finally:
                for node in nodes:
                    node.stop()
    finally:
        database.stop()
    print(f"{options.tables} tables on the killed node, {options.nodes} nodes, lease {options.lease:g} s:")
    print(f"first table playing again after {first:.1f} s, the last after {last:.1f} s")


if __name__ == "__main__":
    main()
