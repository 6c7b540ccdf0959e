"""A real server process per test module, on a SQLite file in a temporary directory."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import httpx
import pytest

from tests.server.helpers import ServerProcess, running_server

#: Quick timers for tests: bots answer at once, doubts batch for 20 ms, a person away 1 s gets a bot;
#: scripted players answer within milliseconds, far faster than people, so their rate limit is raised.
TEST_OPTIONS = (
    "--bot-delay-seconds",
    "0",
    "--batch-seconds",
    "0.02",
    "--grace-seconds",
    "1",
    "--rooms-per-address",
    "5000",
    "--messages-per-second",
    "10000",
)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    with running_server(tmp_path_factory.mktemp("server"), TEST_OPTIONS) as process:
        yield process


@pytest.fixture
async def http(server: ServerProcess) -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(base_url=server.http, timeout=30) as client:
        yield client


def server_log(server: ServerProcess) -> str:
    return Path(server.log_path or "").read_text(encoding="utf-8", errors="replace") if server.log_path else ""
