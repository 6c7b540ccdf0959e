"""Looking back in a real browser: a finished game's replay (steps, play, jumps, points of view, links to
a step), a table's history and your own page in every language at phone and desktop sizes, and a game not
finished, whose replay page shows no card at all.

Games are made over HTTP at a server whose bots think for no time at all and stand in at once for a person
who is not there, so a whole game is over within a second.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Locator, Page

from idoubtit.archive import Archive
from tests.history.golden import GOLDEN_RECORD
from tests.server.helpers import ServerProcess, running_server
from tests.web.axe import serious_violations
from tests.web.test_browser import create_table, english_words, fill_and_start, new_page

FAST = (
    "--bot-delay-seconds",
    "0",
    "--grace-seconds",
    "0.2",
    "--batch-seconds",
    "0.02",
    "--rooms-per-address",
    "500",
)
LANGUAGES = ("en", "mn", "lb", "af")
SIZES = {"phone": (390, 844), "desktop": (1366, 768)}
PROBLEMS = (Path(__file__).parent / "problems.js").read_text(encoding="utf-8")
PLAYER = "looking-back-player-0001"
#: How many games the person plays: one more than the page shows at once, so that it has "Older games".
PERSON_GAMES = 11
SUITS = re.compile("[♠♥♦♣]")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    with running_server(tmp_path_factory.mktemp("looking-back"), FAST) as process:
        yield process


@pytest.fixture(scope="module")
def http(server: ServerProcess) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server.http, timeout=10) as client:
        yield client


def bots_table(http: httpx.Client, person: str | None = None, language: str = "en") -> tuple[str, dict[str, str]]:
    """A room of three: computer players only, or a person with a player id in seat 0 and two bots."""
    room = http.post("/api/rooms", json={"players": 3, "language": language}).json()
    headers = {"Authorization": f"Bearer {room['host_token']}"}
    if person:
        joined = http.post(f"/api/rooms/{room['code']}/seats", json={"name": "Ann", "player": person})
        assert joined.status_code == 201, joined.text
    filled = http.post(f"/api/rooms/{room['code']}/bots", json={"level": "medium"}, headers=headers)
    assert filled.status_code == 200, filled.text
    return room["code"], headers


def play_game(http: httpx.Client, code: str, headers: dict[str, str]) -> dict[str, Any]:
    """Deal a game and wait until the bots have played it to the end; returns its entry."""
    started = http.post(f"/api/rooms/{code}/start", headers=headers)
    assert started.status_code == 200, started.text
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        newest = http.get(f"/api/rooms/{code}/games", params={"limit": 1}).json()["games"][0]
        if newest["status"] == "finished":
            return dict(newest)
        time.sleep(0.05)
    raise AssertionError("the bots did not finish the game")


@pytest.fixture(scope="module")
def finished(http: httpx.Client) -> dict[str, Any]:
    """A finished game of three bots with a doubt and a pile taken after its first play."""
    code, headers = bots_table(http)
    for _ in range(10):
        game = play_game(http, code, headers)
        frames = http.get(f"/api/games/{game['id']}/replay").json()["frames"]
        if any(frame["doubt"] for frame in frames[2:]) and any(frame["pile_taken"] for frame in frames[2:]):
            return {"code": code, "game": game, "frames": frames}
    raise AssertionError("ten games without a doubt")


@pytest.fixture(scope="module")
def person(http: httpx.Client) -> str:
    """A table where the person with PLAYER's id sat for PERSON_GAMES games (a bot played for them)."""
    code, headers = bots_table(http, PLAYER, "mn")  # the bots' names are no English words on the Mongolian page
    for _ in range(PERSON_GAMES):
        play_game(http, code, headers)
    return code


def step_shown(page: Page) -> int:
    match = re.search(r"step=(\d+)", page.url)
    return int(match.group(1)) if match else 0


def slide(page: Page, step: int) -> None:
    """Move the replay's slider to ``step``, as a finger dragging it does."""
    page.locator("#replay-step").evaluate(
        "(slider, value) => { slider.value = value; slider.dispatchEvent(new Event('input', { bubbles: true })); }",
        str(step),
    )


def faces(page: Page, selector: str) -> int:
    return page.locator(f"{selector} .face").count()


def test_the_looking_back_addresses_serve_the_page(http: httpx.Client) -> None:
    for path in ("/r/ABCDEF/history", "/g/1", "/me"):
        response = http.get(path)
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/html")
        assert '<div id="app">' in response.text


def test_a_replay_steps_back_and_forth_by_button_and_key_and_jumps_to_a_doubt(
    browser: Browser, server: ServerProcess, finished: dict[str, Any]
) -> None:
    game, frames = finished["game"], finished["frames"]
    last = len(frames) - 1
    context, page = new_page(browser, viewport={"width": 1366, "height": 768})
    try:
        page.goto(f"{server.http}/g/{game['id']}")
        page.wait_for_selector(".replay-stage")
        counter = page.locator("#replay-counter")
        assert counter.inner_text() == f"Step 0 of {last}"
        assert faces(page, ".replay-seats") == 52  # the deal, every hand face up
        assert page.is_disabled("button[data-key=previous]")

        page.click("button[data-key=next]")
        assert counter.inner_text() == f"Step 1 of {last}"
        assert step_shown(page) == 1
        actor = game["seats"][frames[1]["seat"]]["name"]
        assert actor in page.inner_text(".replay-now .narration")
        assert page.inner_text(".replay-now .notation") == frames[1]["action"]
        assert page.locator(".replay-log li.current").get_attribute("data-step") == "1"
        page.click("button[data-key=previous]")
        assert counter.inner_text() == f"Step 0 of {last}"
        assert "step=" not in page.url
        page.evaluate("document.activeElement?.blur()")
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowRight")
        assert step_shown(page) == 2
        page.keyboard.press("ArrowLeft")
        assert step_shown(page) == 1

        # The next doubt: the frame shown is one the replay marks as a doubt, told as one.
        doubt = next(index for index in range(2, len(frames)) if frames[index]["doubt"])
        page.click("button[data-key=next-doubt]")
        assert step_shown(page) == doubt
        assert page.locator(".replay-now.doubt").count() == 1
        assert "I doubt it" in page.inner_text(".replay-now .narration")
        assert page.inner_text(".replay-now .notation") == frames[doubt]["action"]
        taken = next((index for index in range(doubt + 1, len(frames)) if frames[index]["pile_taken"]), None)
        if taken is not None:
            page.click("button[data-key=next-pile]")
            assert step_shown(page) == taken
            assert page.locator(".replay-now.pile-taken").count() == 1
        else:
            assert page.is_disabled("button[data-key=next-pile]")
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        context.close()


def test_the_replays_slider_goes_anywhere_and_play_runs_on_until_paused(
    browser: Browser, server: ServerProcess, finished: dict[str, Any]
) -> None:
    game, frames = finished["game"], finished["frames"]
    last = len(frames) - 1
    context, page = new_page(browser, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        page.goto(f"{server.http}/g/{game['id']}")
        page.wait_for_selector(".replay-stage")
        counter = page.locator("#replay-counter")
        # The slider goes anywhere in the game; the pile shows its cards in the order they were put down.
        middle = last // 2
        slide(page, middle)
        assert counter.inner_text() == f"Step {middle} of {last}"
        assert page.locator(".replay-pile .face .rank").all_inner_texts() == [
            card[:-1] for card in frames[middle]["pile"]
        ]
        assert faces(page, ".replay-seats") == sum(len(hand) for hand in frames[middle]["hands"])

        # Play runs on by itself at the chosen speed, and pause stops it.
        page.select_option("#replay-speed", "4")
        before = step_shown(page)
        page.click("button[data-key=play-pause]")
        page.wait_for_function("(step) => Number(new URL(location).searchParams.get('step')) >= step + 3", arg=before)
        page.click("button[data-key=play-pause]")
        paused = step_shown(page)
        page.wait_for_timeout(700)
        assert step_shown(page) == paused
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        context.close()


def test_a_replay_as_one_seat_saw_it_hides_the_others_cards_and_its_link_opens_at_that_step(
    browser: Browser, server: ServerProcess, finished: dict[str, Any]
) -> None:
    game, frames = finished["game"], finished["frames"]
    last = len(frames) - 1
    middle = last // 2
    context, page = new_page(
        browser, viewport={"width": 390, "height": 844}, permissions=["clipboard-read", "clipboard-write"]
    )
    try:
        page.goto(f"{server.http}/g/{game['id']}?step={middle}")
        page.wait_for_selector(".replay-stage")
        assert page.locator("#replay-counter").inner_text() == f"Step {middle} of {last}"
        assert faces(page, '.replay-seat:not([data-seat="1"])') > 0

        # As seat 1 saw it: its own hand face up, the others' and the pile face down with their counts.
        page.select_option("#replay-view", "1")
        page.wait_for_selector(".replay.seat-view")
        assert "seat=1" in page.url
        assert f"step={middle}" in page.url
        frame = frames[middle]
        assert faces(page, '.replay-seat[data-seat="1"]') == len(frame["hands"][1])
        assert faces(page, '.replay-seat:not([data-seat="1"])') == 0
        assert faces(page, ".replay-pile") == 0
        for seat in (0, 2):
            panel = page.locator(f'.replay-seat[data-seat="{seat}"]')
            assert f"{frame['hand_sizes'][seat]} card" in panel.inner_text()
            assert panel.locator(".hand-down .back").count() == min(frame["hand_sizes"][seat], 12)
        if frame["pile"]:
            assert f"{len(frame['pile'])} card" in page.inner_text(".replay-pile .pile-facts")
        # Another seat's play shows its count in the notation, not its cards.
        other_play = next(
            index for index, one in enumerate(frames) if one["kind"] == "play" and one["seat"] not in (None, 1)
        )
        slide(page, other_play)
        assert "??" in page.inner_text(".replay-now .notation")
        assert faces(page, '.replay-seat:not([data-seat="1"])') == 0

        # The link to this step opens at this step, from this point of view.
        page.click("button[data-key=copy-step]")
        copied = page.evaluate("navigator.clipboard.readText()")
        assert copied == page.url
        assert f"step={other_play}" in copied
        assert "seat=1" in copied
        other = context.new_page()
        other.goto(copied)
        other.wait_for_selector(".replay-stage")
        assert other.locator("#replay-counter").inner_text() == f"Step {other_play} of {last}"
        assert other.input_value("#replay-view") == "1"
        assert other.locator('.replay-seat:not([data-seat="1"]) .face').count() == 0
        other.close()
        # Every hand face up again.
        page.select_option("#replay-view", "")
        page.wait_for_selector(".replay:not(.seat-view)")
        assert "seat=" not in page.url
        assert faces(page, ".replay-seats") == sum(len(hand) for hand in frames[other_play]["hands"])
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        context.close()


def test_a_game_not_finished_shows_no_card_while_played_nor_once_given_up(
    browser: Browser, server: ServerProcess, http: httpx.Client
) -> None:
    host_context, host = new_page(browser, viewport={"width": 390, "height": 844})
    context, page = new_page(browser, viewport={"width": 390, "height": 844})
    try:
        code = create_table(host, server, "Ines", players=3)
        # The room links to its history, empty before the first game.
        host.click("a[data-key=history]")
        host.wait_for_selector(".past-games")
        assert f"/r/{code}/history" in host.url
        # (The list says "Loading…" until the server has answered.)
        host.locator(".past-games").get_by_text("No game has been played at this table yet.").wait_for()
        host.click("a[data-key=back-to-table]")
        host.wait_for_selector(".room-code .code")
        fill_and_start(host)  # Ines sits and never plays: the game waits on her
        listed = http.get(f"/api/rooms/{code}/games").json()["games"]
        assert listed[0]["status"] == "playing"
        game_id = listed[0]["id"]
        # The join sent the browser's own player id: the game counts among that id's games.
        player = host.evaluate("localStorage.getItem('idoubtit.player')")
        assert re.fullmatch(r"[A-Za-z0-9_-]{22,64}", player)
        assert [game["id"] for game in http.get(f"/api/players/{player}/games").json()["games"]] == [game_id]

        page.goto(f"{server.http}/g/{game_id}")
        page.wait_for_selector(".replay-unavailable")
        assert "still being played" in page.inner_text("main")
        assert page.locator(".face, .card, .back").count() == 0
        assert not SUITS.search(page.inner_text("body"))
        assert page.get_attribute("a[data-key=watch]", "href") == f"/r/{code}"

        page.goto(f"{server.http}/r/{code}/history")
        page.wait_for_selector(".games .game")
        item = page.locator(".games .game").first
        assert "In progress" in item.inner_text()
        assert item.locator("a[href^='/g/']").count() == 0  # no replay of a game being played
        item.locator("a[data-key^=watch]").click()
        page.wait_for_selector(".table")
        assert page.locator(".hand").count() == 0  # watching, not seated
        assert "You are watching this table." in page.inner_text("main")

        host_token = host.evaluate(f"localStorage.getItem('idoubtit.host.{code}')")
        closed = http.post(f"/api/rooms/{code}/close", headers={"Authorization": f"Bearer {host_token}"})
        assert closed.status_code == 200
        page.goto(f"{server.http}/g/{game_id}")
        page.wait_for_selector(".replay-unavailable")
        assert "given up" in page.inner_text("main")
        assert page.locator(".face, .card, .back").count() == 0
        assert not SUITS.search(page.inner_text("body"))
        assert host.errors == []  # type: ignore[attr-defined]
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        host_context.close()
        context.close()


def looks_right(page: Page, screen: str) -> list[str]:
    """Nothing sticks out or is cut, and axe-core finds nothing serious, at phone and desktop sizes."""
    wrong: list[str] = []
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(60)
        wrong += [f"{screen} {size}: {problem}" for problem in page.evaluate(PROBLEMS)]
        wrong += [f"{screen} {size}: {problem}" for problem in serious_violations(page)]
    page.set_viewport_size({"width": 390, "height": 844})
    return wrong


def visible_english(page: Page, english: set[str]) -> set[str]:
    return {word for word in re.findall(r"[A-Za-z]{4,}", page.inner_text("main")) if word in english}


KEEP_PLAYER = f"if (!localStorage.getItem('idoubtit.player')) localStorage.setItem('idoubtit.player', '{PLAYER}');"


def assert_seats_side_by_side(table: Locator, seats: int) -> None:
    """Every seat's name over its column of the numbers table, a measure's numbers side by side under them."""
    head = table.locator("thead").bounding_box()
    assert head is not None
    assert (head["width"], head["height"]) > (100, 10), head
    columns = [table.locator("thead th").nth(index).bounding_box() for index in range(seats)]
    cells = [table.locator("tbody tr").first.locator("td").nth(index).bounding_box() for index in range(seats)]
    tops = {round(cell["y"]) for cell in cells if cell is not None}
    assert len(tops) == 1, cells  # one line
    for column, cell in zip(columns, cells, strict=True):
        assert column is not None
        assert cell is not None
        assert column["x"] < cell["x"] + cell["width"], (column, cell)
        assert cell["x"] < column["x"] + column["width"], (column, cell)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_tables_history_and_your_own_page_read_well_in_every_language(
    browser: Browser, server: ServerProcess, http: httpx.Client, person: str, language: str
) -> None:
    context, page = new_page(browser, locale=language, viewport={"width": 390, "height": 844})
    page.add_init_script(KEEP_PLAYER)
    english = english_words()
    wrong: list[str] = []
    try:
        page.goto(f"{server.http}/r/{person}/history")
        page.wait_for_selector(".games .game")
        assert page.evaluate("document.documentElement.lang") == language
        games = http.get(f"/api/rooms/{person}/games", params={"limit": 100}).json()["games"]
        assert page.locator(".games .game").count() == 10
        first = page.locator(".games .game").first
        assert first.locator("time").get_attribute("datetime") == games[0]["started_at"]
        assert re.search(r"\d", first.locator("time").inner_text())
        assert first.locator("a[href^='/g/']").get_attribute("href") == f"/g/{games[0]['id']}"
        winner = games[0]["seats"][games[0]["winner"]]["name"]
        assert winner in first.locator(".game-seats li.won").inner_text()
        # Each seat's numbers: a column a seat, a row a measure; the rates as the language writes them.
        table = page.locator(".past-table table")
        assert table.locator("thead th").count() == 3
        assert table.locator("tbody tr").count() == 10
        stats = http.get(f"/api/rooms/{person}/stats").json()["seats"]
        assert table.locator("tbody tr").first.locator("td").all_inner_texts() == [str(line["games"]) for line in stats]
        assert_seats_side_by_side(table, 3)  # on a phone too
        wrong += looks_right(page, f"{language} history")
        if language == "mn":
            assert visible_english(page, english) == set()
        page.click("button[data-key=older]")
        page.wait_for_function(f"() => document.querySelectorAll('.games .game').length === {PERSON_GAMES}")
        assert page.locator("button[data-key=older]").count() == 0

        page.goto(f"{server.http}/me")
        page.wait_for_selector(".tiles")
        assert page.locator(".tile dd").first.inner_text().strip() == str(PERSON_GAMES)
        assert page.locator(".table-lines li").count() == 1
        assert person in page.inner_text(".table-lines")
        assert page.locator(".past-games .game").count() == 10
        assert page.locator(".past-games a[href^='/g/']").count() == 10
        wrong += looks_right(page, f"{language} me")
        if language == "mn":
            assert visible_english(page, english) == set()
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        context.close()
    assert wrong == []


def test_your_own_page_is_linked_from_home_and_forgetting_the_id_starts_it_afresh(
    browser: Browser, server: ServerProcess, person: str
) -> None:
    context, page = new_page(browser, viewport={"width": 390, "height": 844})
    page.add_init_script(KEEP_PLAYER)
    try:
        page.goto(server.http + "/")
        page.fill("#name", "Ann")
        page.click("a[data-key=me]")
        page.wait_for_selector(".tiles")
        assert page.url.endswith("/me")
        assert page.input_value("#me-name") == "Ann"  # the name is the one home keeps
        page.fill("#me-name", "Annie")
        assert page.evaluate("localStorage.getItem('idoubtit.name')") == "Annie"
        page.click("button[data-key=forget]")
        page.click("button[data-key=forget-no]")  # thought better of it: nothing changes
        assert page.evaluate("localStorage.getItem('idoubtit.player')") == PLAYER
        assert page.locator(".tiles").count() == 1
        page.click("button[data-key=forget]")
        page.click("button[data-key=forget-yes]")
        page.wait_for_selector(".notice:not(.empty)")
        fresh = page.evaluate("localStorage.getItem('idoubtit.player')")
        assert fresh != PLAYER
        assert re.fullmatch(r"[A-Za-z0-9_-]{22,64}", fresh)
        page.wait_for_function("() => !document.querySelector('.tiles') && !!document.querySelector('.past-games p')")
        assert "You have not played a game yet." in page.inner_text(".past-games")
        page.go_back()  # home again, and forward to the own page by the browser's buttons
        page.wait_for_selector("#name")
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        context.close()


def test_a_game_imported_without_names_shows_its_seats_in_the_readers_language(
    browser: Browser, server: ServerProcess
) -> None:
    unnamed = "imported-without-names-01"
    table = {"seats": [{"kind": "human", "player": unnamed}, {}, {}]}
    with Archive.open(server.db) as archive:
        (stored,) = archive.import_records([{**GOLDEN_RECORD, "table": table}])
    context, page = new_page(browser, locale="lb", viewport={"width": 390, "height": 844})
    page.add_init_script(f"localStorage.setItem('idoubtit.player', '{unnamed}');")
    try:
        page.goto(f"{server.http}/r/{stored.room_code}/history")
        page.wait_for_selector(".games .game")
        seats = [seat.split("\n")[0].strip() for seat in page.locator(".game-seats li").all_inner_texts()]
        assert seats == ["Sëtzplaz 1", "Sëtzplaz 2", "Sëtzplaz 3"]
        assert page.locator(".game-seats .seat-name").count() == 0  # not "Sëtzplaz 1 Sëtzplaz 1"
        assert "Gewënner" in page.locator(".game-seats li.won").inner_text()  # the outcome stays
        assert [name.strip() for name in page.locator(".past-table thead th").all_inner_texts()][-3:] == seats
        assert serious_violations(page) == []
        page.goto(f"{server.http}/me")
        page.wait_for_selector(".table-lines li")
        line = page.locator(".table-lines li")
        assert stored.room_code in line.inner_text()
        assert line.locator(".as").count() == 0  # no name to tell, and no made-up one
        assert serious_violations(page) == []
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        context.close()
