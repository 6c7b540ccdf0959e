"""The coach at the browser table and the review of a finished game, in a real browser.

A person playing two computers switches the coach on: a claim open to their doubt shows the coach's bluff
meter and its reason with what it would do, their turn shows the move it would make (its cards marked in
the hand), and the advice goes when the table moves on. At a table of two people the coach of "auto" is not
offered until the host allows it, in the room-creation form or in the lobby. After a game, "Review my game"
opens the replay with the review: a progress line while the server makes it, then the summary and the marks
over the slider, each a way to its step, where the decision is told with its label and reason.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from typing import Any

import httpx
import pytest
from babel.messages.extract import extract_from_file
from playwright.sync_api import Browser, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.server.helpers import ServerProcess, running_server
from tests.web.test_browser import QUICK, join_by_code, new_page

WEB = Path(__file__).resolve().parents[2] / "src" / "idoubtit" / "web"
WORDS = Path(__file__).resolve().parents[2] / "src" / "idoubtit" / "coach" / "words.py"
OPTIONS = (
    "--bot-delay-seconds",
    "0.05",
    "--grace-seconds",
    "0.2",
    "--batch-seconds",
    "0.02",
    "--rooms-per-address",
    "500",
)
SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANKS = {
    "A": "Aces", "K": "Kings", "Q": "Queens", "J": "Jacks", "10": "Tens", "9": "Nines", "8": "Eights",
    "7": "Sevens", "6": "Sixes", "5": "Fives", "4": "Fours", "3": "Threes", "2": "Twos",
}  # fmt: skip
#: How long the coach (the expert bot, on a shared machine) may take to speak.
COACH_WAIT = 30_000


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    with running_server(tmp_path_factory.mktemp("coach"), OPTIONS) as process:
        yield process


@pytest.fixture(scope="module")
def http(server: ServerProcess) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server.http, timeout=60) as client:
        yield client


def pretty(card: str) -> str:
    rank = card[:-1].upper()
    return ("10" if rank == "T" else rank) + SUITS[card[-1].upper()]


def create_table(page: Page, server: ServerProcess, name: str, players: int, coach: str | None = None) -> str:
    page.goto(server.http + "/")
    page.fill("#name", name)
    page.select_option("#players", str(players))
    page.click("summary[data-key=more]")
    page.select_option("#doubt-seconds", "20")
    if coach is not None:
        page.select_option("#coach", coach)
    page.click("button[data-key=create]")
    page.wait_for_selector(".room-code .code")
    return page.inner_text(".room-code .code").strip()


def settings(http: httpx.Client, code: str) -> dict[str, Any]:
    room: dict[str, Any] = http.get(f"/api/rooms/{code}").json()
    return room


def msgids(path: Path, method: str) -> set[str]:
    keywords = {"t": None, "tn": (1, 2), "_": None, "n": (1, 2)}
    return {m if isinstance(m, str) else m[0] for _, m, _, _ in extract_from_file(method, str(path), keywords=keywords)}


def test_the_browser_says_the_coach_and_the_review_in_the_terminals_words() -> None:
    """Every sentence of coach/words.py is one the browser asks the catalog for, by the very same msgid."""
    python = msgids(WORDS, "python")
    browser = msgids(WEB / "coach.js", "javascript") | msgids(WEB / "review.js", "javascript")
    assert len(python) > 25
    assert python - browser == set()


# Read in one go, inside one task of the page, so that a window another seat closes meanwhile cannot
# leave half an answer: null when the coach's panel is not (or no longer) on screen.
MEASURE = """(scroll) => {
  window.scrollTo(0, scroll);
  const panel = document.querySelector(".coach-panel"), bar = document.querySelector(".action-bar");
  if (!panel || !bar) return null;
  const text = (selector) => { const found = panel.querySelector(selector); return found ? found.innerText : null; };
  const meter = panel.querySelector("[role=meter]"), label = document.querySelector("#coach-meter-label");
  return { panel: panel.getBoundingClientRect().toJSON(), bar: bar.getBoundingClientRect().toJSON(),
           kind: panel.classList.contains("claim") ? "claim" : "play", height: window.innerHeight,
           value: meter ? meter.getAttribute("aria-valuenow") : null, label: label ? label.innerText : null,
           number: text(".coach-number"), line: text(".coach-line") };
}"""


def in_sight(page: Page, kind: str) -> dict[str, Any] | None:
    """The coach's word is on your buttons, in sight at the bottom of the screen however the page is scrolled;
    what it says then, or None if the moment passed (another seat doubted and the window closed)."""
    seen: dict[str, Any] | None = None
    for scroll in (0, 10_000):
        seen = page.evaluate(MEASURE, scroll)
        if seen is None or seen["kind"] != kind:
            return None
        panel, bar = seen["panel"], seen["bar"]
        assert panel["y"] >= 0
        assert abs(panel["y"] + panel["height"] - bar["y"]) <= 2
        assert bar["y"] + bar["height"] <= seen["height"] + 1
    page.evaluate("() => window.scrollTo(0, 0)")
    return seen


def the_claim_shows_the_meter_and_a_reason(page: Page) -> bool:
    """A claim open to your doubt: the coach's bluff meter (its number in words too) and its reason."""
    page.wait_for_selector(".coach-panel.claim", timeout=COACH_WAIT)
    seen = in_sight(page, "claim")
    if seen is None:
        return False  # the next claim will do
    value = int(seen["value"] or "-1")
    assert 0 <= value <= 100
    assert seen["label"] == "Bluff chance"
    assert seen["number"] == f"{value}%"
    line = seen["line"] or ""
    assert line.endswith(("I would doubt it.", "I would let it go.")), line
    assert len(line) > 30
    return True


def cards_of(page: Page, selector: str) -> list[str]:
    cards: list[str] = page.locator(selector).evaluate_all(
        "(cards) => cards.map((card) => card.innerText.replace(/\\s+/g, ''))"
    )
    return sorted(cards)


def the_turn_shows_the_coachs_move(page: Page) -> bool:
    """Your turn: the coach's move, its cards marked in your hand, and "Pick these" picks them."""
    page.wait_for_selector(".coach-panel.play", timeout=COACH_WAIT)
    assert in_sight(page, "play") is not None  # your own turn waits for you
    shown = sorted(page.inner_text(".coach-panel .coach-cards").split())
    assert shown
    assert shown == cards_of(page, ".hand .card.suggested")
    assert page.inner_text(".coach-panel .coach-line").startswith(("Put down", "You have no"))
    page.click("button[data-key=coach-pick]")
    assert cards_of(page, ".hand .card.selected") == shown
    return True


def test_a_person_playing_computers_switches_the_coach_on_and_hears_it_at_claims_and_turns(
    browser: Browser, server: ServerProcess, http: httpx.Client
) -> None:
    context, page = new_page(browser, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        code = create_table(page, server, "Anna", players=3)
        assert settings(http, code)["settings"]["coach"] == "auto"
        page.click("button[data-key=fill]")
        page.wait_for_selector("button[data-key=start]:not([disabled])")
        page.click("button[data-key=start]")
        page.wait_for_selector(".table .hand-panel")
        switch = page.locator("button[data-key=coach]")
        assert switch.get_attribute("role") == "switch"
        assert switch.get_attribute("aria-checked") == "false"
        assert page.locator(".coach-mark").count() == 0
        switch.click()
        page.wait_for_selector("button[data-key=coach][aria-checked=true]")
        page.wait_for_selector(".seat.me .coach-mark")  # everyone sees who has the coach on
        assert settings(http, code)["seats"][0]["coach"] is True

        saw_claim = saw_turn = False
        deadline = time.monotonic() + 180
        while not (saw_claim and saw_turn):
            assert time.monotonic() < deadline, "no claim and turn with the coach's word"
            assert page.locator(".result").count() == 0, "the game ended before the coach spoke at both"
            try:
                if page.locator("button[data-key=doubt]:not([disabled])").count():
                    if not saw_claim:
                        saw_claim = the_claim_shows_the_meter_and_a_reason(page)
                    page.click("button[data-key=let-go]", timeout=QUICK)
                    page.wait_for_selector(".coach-panel.claim", state="detached", timeout=QUICK * 4)
                elif page.locator("button[data-key=play]:not([aria-busy])").count():
                    if not saw_turn:
                        saw_turn = the_turn_shows_the_coachs_move(page)
                    play = page.locator("button[data-key=play]")
                    if not play.is_enabled(timeout=QUICK):
                        page.locator(".hand button.card").first.click(timeout=QUICK)
                    play.click(timeout=QUICK)
                    # The table moved on: that advice is no longer shown.
                    page.wait_for_selector(".coach-panel.play", state="detached", timeout=QUICK * 4)
            except PlaywrightTimeoutError:
                pass
            page.wait_for_timeout(40)

        switch.click()
        page.wait_for_selector("button[data-key=coach][aria-checked=false]")
        page.wait_for_selector(".coach-mark", state="detached")
        assert page.locator(".coach-panel").count() == 0
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        context.close()


def test_among_two_people_the_coach_waits_for_the_hosts_leave_from_the_form_or_the_lobby(
    browser: Browser, server: ServerProcess, http: httpx.Client
) -> None:
    anna_context, anna = new_page(browser, viewport={"width": 1366, "height": 768})
    bo_context, bo = new_page(browser, viewport={"width": 390, "height": 844})
    try:
        code = create_table(anna, server, "Anna", players=3, coach="off")
        assert settings(http, code)["settings"]["coach"] == "off"  # the form's choice reached the room
        assert anna.input_value("#coach-mode") == "off"
        anna.select_option("#coach-mode", "auto")
        deadline = time.monotonic() + 10
        while settings(http, code)["settings"]["coach"] != "auto":
            assert time.monotonic() < deadline
            time.sleep(0.05)
        join_by_code(bo, server, "Bo", code)
        assert bo.locator("#coach-mode").count() == 0  # only the host chooses
        anna.wait_for_function("() => document.querySelector('.seats').innerText.includes('Bo')")
        anna.click("button[data-key=add-bot]")
        anna.wait_for_selector("button[data-key=start]:not([disabled])")
        anna.click("button[data-key=start]")
        anna.wait_for_selector(".table .hand-panel")
        bo.wait_for_selector(".table .hand-panel")
        # Two people under "auto": no coach is offered to either.
        assert anna.locator("button[data-key=coach]").count() == 0
        assert bo.locator("button[data-key=coach]").count() == 0
        assert anna.errors == []  # type: ignore[attr-defined]
        assert bo.errors == []  # type: ignore[attr-defined]
    finally:
        anna_context.close()
        bo_context.close()


def test_the_host_allows_the_coach_in_the_lobby_and_everyone_sees_who_has_it_on(
    browser: Browser, server: ServerProcess, http: httpx.Client
) -> None:
    anna_context, anna = new_page(browser, viewport={"width": 1366, "height": 768})
    bo_context, bo = new_page(browser, viewport={"width": 390, "height": 844})
    try:
        code = create_table(anna, server, "Anna", players=3)
        join_by_code(bo, server, "Bo", code)
        anna.wait_for_function("() => document.querySelector('.seats').innerText.includes('Bo')")
        anna.select_option("#coach-mode", "on")
        anna.wait_for_function("() => document.querySelector('#coach-mode').value === 'on'")
        deadline = time.monotonic() + 10
        while settings(http, code)["settings"]["coach"] != "on":
            assert time.monotonic() < deadline, "the host's choice did not reach the room"
            time.sleep(0.05)
        anna.click("button[data-key=add-bot]")
        anna.wait_for_selector("button[data-key=start]:not([disabled])")
        anna.click("button[data-key=start]")
        bo.wait_for_selector(".table .hand-panel")
        bo.click("button[data-key=coach]")
        bo.wait_for_selector("button[data-key=coach][aria-checked=true]")
        # Anna sees the mark by Bo's name; her own coach is still off.
        anna.wait_for_selector('.seat[data-seat="1"] .coach-mark')
        assert anna.locator('.seat[data-seat="0"] .coach-mark').count() == 0
        assert anna.get_attribute("button[data-key=coach]", "aria-checked") == "false"
        assert "coach on" in anna.inner_text('.seat[data-seat="1"] .seat-name')  # said to screen readers too
        assert anna.errors == []  # type: ignore[attr-defined]
        assert bo.errors == []  # type: ignore[attr-defined]
    finally:
        anna_context.close()
        bo_context.close()


@pytest.fixture(scope="module")
def finished(http: httpx.Client) -> dict[str, Any]:
    """A finished game of a person (a bot stood in for them: nobody had the page open) and two bots, whose
    review of the person's seat has at least one mistake to link to (deals are random: a few games may be needed)."""
    for _ in range(6):
        game = finished_game(http)
        review = http.get(f"/api/games/{game['game']['id']}/review", params={"seat": game["seat"]}, timeout=120)
        if review.json()["review"]["biggest_mistakes"]:
            return game
    raise AssertionError("six games in a row had no mistake to review")


#: Kept by the page from its start: the first progress line of a review it showed (its aria-live and its
#: text), however briefly it was there.
PROGRESS_WATCH = """
window.reviewProgressSeen = null;
new MutationObserver(() => {
  const line = document.querySelector(".review-progress");
  if (line && window.reviewProgressSeen === null) {
    window.reviewProgressSeen = { live: line.getAttribute("aria-live"), text: line.textContent };
  }
}).observe(document, { childList: true, subtree: true });
"""


def finished_game(http: httpx.Client) -> dict[str, Any]:
    """One game of a person (a bot stands in) and two bots, played to its end."""
    room = http.post("/api/rooms", json={"players": 3}).json()
    headers = {"Authorization": f"Bearer {room['host_token']}"}
    seat = http.post(f"/api/rooms/{room['code']}/seats", json={"name": "Ann"}).json()
    assert http.post(f"/api/rooms/{room['code']}/bots", json={"level": "medium"}, headers=headers).status_code == 200
    assert http.post(f"/api/rooms/{room['code']}/start", headers=headers).status_code == 200
    deadline = time.monotonic() + 120
    while True:
        assert time.monotonic() < deadline, "the game did not finish"
        game = http.get(f"/api/rooms/{room['code']}/games", params={"limit": 1}).json()["games"][0]
        if game["status"] == "finished":
            break
        time.sleep(0.1)
    return {"code": room["code"], "token": seat["token"], "seat": seat["seat"], "game": game}


def review_sentence(why: dict[str, Any]) -> str:
    """The review's English sentence as coach/words.py says it, with cards and ranks as the page writes them."""
    import gettext

    from idoubtit.coach.words import review_line
    from idoubtit.engine import Rank

    names = {Rank.parse(rank): plural for rank, plural in RANKS.items()}
    return review_line(gettext.NullTranslations(), why, names, lambda cards: " ".join(pretty(card) for card in cards))


def the_marks_lead_to_each_decision(page: Page, decisions: list[dict[str, Any]]) -> None:
    """The worst decision's mark jumps to the table it was made at, which tells it; the arrow keys go on."""
    worst = max(decisions, key=lambda decision: decision["loss"])
    page.click(f".review-marks .mark[data-step='{worst['step']}']")
    page.wait_for_selector(f".review-decision[data-step='{worst['step']}']")
    # The address names the step, except step 0, the replay's first table, which needs no name.
    if worst["step"]:
        assert re.search(rf"step={worst['step']}\b", page.url)
    else:
        assert "step=" not in page.url
    assert page.inner_text("#replay-counter").startswith(f"Step {worst['step']} of")
    # The decision is told in sight, above the replay's bar (the summary is above it on the page).
    box, bar = page.locator(".review-decision").bounding_box(), page.locator(".replay-bar").bounding_box()
    assert box is not None
    assert bar is not None
    assert box["y"] >= 0
    assert box["y"] + box["height"] <= bar["y"] + 1
    told = page.inner_text(".review-decision")
    label = {"best": "Best", "good": "Good", "inaccuracy": "Inaccuracy", "mistake": "Mistake", "blunder": "Blunder"}
    assert label[worst["label"]] in told
    assert page.inner_text(".review-decision .decision-why") == review_sentence(worst["why"])
    lost = Decimal(str(worst["loss"])).quantize(Decimal("0.1"), ROUND_HALF_UP).normalize()
    assert f"Points lost\n{lost:f}" in told

    # The marks are one tab stop; the arrow keys go from decision to decision.
    index = decisions.index(worst)
    assert page.get_attribute(f".review-marks .mark[data-step='{worst['step']}']", "tabindex") == "0"
    page.focus(f".review-marks .mark[data-step='{worst['step']}']")
    page.keyboard.press("ArrowLeft" if index else "ArrowRight")
    other = decisions[index - 1 if index else index + 1]
    page.wait_for_selector(f".review-decision[data-step='{other['step']}']")
    assert page.evaluate("document.activeElement.dataset.step") == str(other["step"])


def test_review_my_game_shows_its_progress_then_the_summary_and_marks_that_lead_to_each_decision(
    browser: Browser, server: ServerProcess, http: httpx.Client, finished: dict[str, Any]
) -> None:
    code, game = finished["code"], finished["game"]
    context, page = new_page(browser, viewport={"width": 1366, "height": 768})
    seated = f"localStorage.setItem('idoubtit.seat.{code}', '{finished['token']}');"
    page.add_init_script(seated + " localStorage.setItem('idoubtit.name', 'Ann');")
    page.add_init_script(PROGRESS_WATCH)
    try:
        # Back at the table after the game: its result offers the review of your own seat.
        page.goto(f"{server.http}/r/{code}")
        page.wait_for_selector(".result a[data-key=review]")
        assert page.get_attribute(".result a[data-key=review]", "href") == f"/g/{game['id']}?review={finished['seat']}"
        page.click(".result a[data-key=review]")
        page.wait_for_selector(".review-summary", timeout=60_000)
        # The progress line came first (the fixture made this review already, so it may have shown for a
        # moment only: the page's own watcher caught it).
        progress = page.evaluate("window.reviewProgressSeen")
        assert progress is not None, "no progress line was shown while the review was made"
        assert progress["live"] == "polite"
        assert "Reviewing your game…" in progress["text"]
        assert f"review={finished['seat']}" in page.url
        review = http.get(f"/api/games/{game['id']}/review", params={"seat": finished["seat"]}).json()["review"]
        assert page.inner_text(".accuracy strong") == f"{int(review['accuracy'] + 0.5)}%"
        for label, count in review["labels"].items():
            assert page.inner_text(f".label-counts .{label} strong") == str(count)
        assert page.locator(".review-summary a[data-key^=mistake-]").count() == len(review["biggest_mistakes"])
        assert page.locator(".review-summary a[data-key^=bluff-]").count() == len(review["bluffs_that_worked"])
        decisions = review["decisions"]
        marks = page.locator(".review-marks .mark")
        assert marks.count() == len(decisions)
        assert marks.evaluate_all("(marks) => marks.map((mark) => Number(mark.dataset.step))") == [
            decision["step"] for decision in decisions
        ]
        # A review is seen from the reviewed seat: its own hand face up, the others' face down.
        assert page.input_value("#replay-view") == str(finished["seat"])

        the_marks_lead_to_each_decision(page, decisions)

        # A biggest mistake's link leads to its step as well.
        first = review["biggest_mistakes"][0]
        page.click(f".review-summary a[data-key=mistake-{first}]")
        page.wait_for_selector(f".review-decision[data-step='{first}']")

        # The table's history offers the same review on that game.
        page.goto(f"{server.http}/r/{code}/history")
        review_link = page.wait_for_selector(f"a[data-key=review-{game['id']}]")
        assert review_link is not None
        assert review_link.get_attribute("href") == f"/g/{game['id']}?review={finished['seat']}"
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        context.close()


def test_a_busy_review_worker_is_told_in_words_and_asked_again(
    browser: Browser, server: ServerProcess, finished: dict[str, Any]
) -> None:
    game = finished["game"]
    context, page = new_page(browser, viewport={"width": 390, "height": 844})
    busy = {"code": "limit.reviews", "message": "eight reviews already wait"}
    page.route("**/api/games/*/review*", lambda route: route.fulfill(status=503, json={"error": busy}))
    try:
        page.goto(f"{server.http}/g/{game['id']}?review=1")
        page.wait_for_selector(".review-error")
        assert "Many games are being reviewed right now" in page.inner_text(".review-error")
        assert page.locator(".replay-stage").count() == 1  # the replay itself is there all the same
        page.unroute("**/api/games/*/review*")
        page.click("button[data-key=review-again]")
        page.wait_for_selector(".review-summary", timeout=60_000)
        assert page.locator(".review-marks .mark").count() > 0
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        context.close()
