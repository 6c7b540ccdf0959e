"""A real server and Debian's Chromium driven by Playwright, for the browser table's tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Playwright, sync_playwright

from tests.server.helpers import ServerProcess, running_server

CHROMIUM = "/usr/bin/chromium"
#: Chromium as root in a sandbox-less container, with nothing that phones home.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: Bots answer quickly; a person away for a refresh keeps the seat (no stand-in within a minute).
OPTIONS = (
    "--bot-delay-seconds",
    "0.05",
    "--grace-seconds",
    "60",
    "--batch-seconds",
    "0.02",
    "--rooms-per-address",
    "500",
)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    with running_server(tmp_path_factory.mktemp("web"), OPTIONS) as process:
        yield process


# Module scope, not session: Playwright's sync driver keeps an event loop running while it is open,
# and the asynchronous tests of other modules need the thread's loop to themselves.
@pytest.fixture(scope="module")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="module")
def browser(playwright: Playwright) -> Iterator[Browser]:
    assert Path(CHROMIUM).exists(), "the browser tests need Debian's chromium (.ci/run installs it)"
    launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    try:
        yield launched
    finally:
        launched.close()
