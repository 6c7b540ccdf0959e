"""The browser table among several nodes (web/nodes.js): a page opened on a node that does not play its
room goes to the node that does, its seat's token with it, and sits down there."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, expect

from tests.archive.postgres import fresh_schema
from tests.server.test_cluster import cluster


@pytest.fixture
def database(postgres_server: str) -> Iterator[str]:
    with fresh_schema(postgres_server) as url:
        yield url


def test_a_page_on_the_wrong_node_goes_to_its_table_with_its_seat(
    browser: Browser, database: str, tmp_path: Path
) -> None:
    with cluster(database, tmp_path, nodes=2) as (home, other):
        room = httpx.post(f"{home.http}/api/rooms", json={"players": 3}).json()
        seat = httpx.post(f"{home.http}/api/rooms/{room['code']}/seats", json={"name": "Ann"}).json()
        httpx.post(
            f"{home.http}/api/rooms/{room['code']}/bots",
            json={"level": "easy"},
            headers={"Authorization": f"Bearer {room['host_token']}"},
        )
        context = browser.new_context()
        page = context.new_page()
        page.goto(f"{other.http}/")  # the person joined through the other node's address, say, before the room moved
        page.evaluate(
            "([code, token]) => localStorage.setItem(`idoubtit.seat.${code}`, token)", [room["code"], seat["token"]]
        )
        page.goto(f"{other.http}/r/{room['code']}")
        page.wait_for_url(f"{home.http}/r/{room['code']}", timeout=15_000)  # sent on, the fragment taken out
        assert "#" not in page.url
        expect(page.get_by_text("Ann").first).to_be_visible(timeout=10_000)
        # Seated as Ann, who hosts (the first person seated): the table is hers to start.
        expect(page.locator("[data-key=start]")).to_be_visible(timeout=10_000)
        kept = page.evaluate("(code) => localStorage.getItem(`idoubtit.seat.${code}`)", room["code"])
        assert kept == seat["token"]  # the seat's token lives on at the node that plays the room
        context.close()
