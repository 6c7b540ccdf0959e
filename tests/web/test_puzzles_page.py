"""The puzzles page in a real browser: "Doubt or not?" and "What do you play?" positions from the shipped set
(GET /api/puzzles), one at a time as their seat saw them, answered by click and by key; the verdict, why,
the chances and the streak; at phone and desktop sizes and in every language.

The page is opened where the server serves the client's files (``/static/puzzles.html``); each puzzle on
screen names its id, and the test reads that puzzle from the shipped set to know what the page must show.
"""

from __future__ import annotations

import math
import os
import re
import shutil
import subprocess
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from idoubtit.coach.puzzles import load_set
from tests.server.helpers import ServerProcess
from tests.web.axe import serious_violations
from tests.web.test_browser import new_page

HERE = Path(__file__).resolve().parent
PROBLEMS = (HERE / "problems.js").read_text(encoding="utf-8")
SIZES = {"phone": (390, 844), "desktop": (1366, 768)}
SUIT_LETTERS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
#: A card as the page writes it in words: "10♥", "K♠".
PRETTY_CARD = re.compile(r"(10|[2-9AKQJ])([♠♥♦♣])")

Puzzle = dict[str, Any]


@pytest.fixture(scope="module")
def shipped() -> dict[str, Puzzle]:
    return {puzzle.id: puzzle.to_dict() for puzzle in load_set()}


def open_puzzles(page: Page, server: ServerProcess, query: str = "") -> None:
    page.goto(f"{server.http}/static/puzzles.html{query}")
    page.wait_for_selector(".pz-question[data-puzzle]")


def on_screen(page: Page, shipped: dict[str, Puzzle]) -> Puzzle:
    """The shipped puzzle the page shows now."""
    return shipped[page.get_attribute(".pz-question", "data-puzzle") or ""]


def next_puzzle(page: Page, shipped: dict[str, Puzzle]) -> Puzzle:
    before = page.get_attribute(".pz-question", "data-puzzle")
    page.click("button[data-key=next]")
    page.wait_for_function(
        "(before) => { const q = document.querySelector('.pz-question:not(.answered)');"
        " return q && q.dataset.puzzle !== before; }",
        arg=before,
    )
    return on_screen(page, shipped)


def seen_by_seat(puzzle: Puzzle) -> set[str]:
    """Every card the puzzle's seat could have seen: its hand, its own cards put down or picked up, cards turned up."""
    view = puzzle["view"]
    seen = set(view["hand"])
    for event in view["log"]:
        if event["type"] in ("played", "pile_taken") and event.get("seat") == view["seat"]:
            seen.update(event.get("cards") or [])
        if event["type"] == "revealed":
            seen.update(event["cards"])
    return seen


def cards_shown(page: Page) -> list[str]:
    """Every card on the page: each card face, and each card written out in the text (as "10♥")."""
    faces: list[str] = page.eval_on_selector_all("main .face", "(faces) => faces.map((face) => face.dataset.card)")
    text = page.inner_text("main")
    return faces + [rank + SUIT_LETTERS[suit] for rank, suit in PRETTY_CARD.findall(text)]


def stories_since_last_turn(view: dict[str, Any]) -> int:
    """How many claims the page tells since the seat's last play (that one included; every one if none)."""
    plays = [index for index, event in enumerate(view["log"]) if event["type"] == "played"]
    own = [index for index in plays if view["log"][index]["seat"] == view["seat"]]
    return len([index for index in plays if index >= (own[-1] if own else 0)])


def option_buttons(page: Page, puzzle: Puzzle) -> list[str]:
    """The selectors of the buttons that answer with each of the puzzle's options, in its order."""
    if puzzle["kind"] == "doubt":
        keys = {"doubt": "doubt", "decline": "let-go"}
        return [f"button[data-key={keys[option.split()[0]]}]" for option in puzzle["options"]]
    return [f"button[data-key=option-{index}]" for index in range(len(puzzle["options"]))]


def option_cards(option: str) -> list[str]:
    words = option.split()
    return words[2 : words.index("as")]


def check_position(page: Page, puzzle: Puzzle) -> None:
    """The page shows the puzzle's position as its seat saw it, and no card it could not see."""
    view = puzzle["view"]
    assert Counter(page.eval_on_selector_all(".pz-hand .face", "(f) => f.map((x) => x.dataset.card)")) == Counter(
        view["hand"]
    )
    assert f"({len(view['hand'])})" in page.inner_text(".pz-hand-panel h2")
    seen = seen_by_seat(puzzle)
    unseen = [card for card in cards_shown(page) if card not in seen]
    assert unseen == [], f"puzzle {puzzle['id']} shows cards its seat could not see: {unseen}"
    # Every seat with its hand's size, the seat itself as "You"; what is due and the pile.
    seats = page.locator(".pz-ring .seat")
    assert seats.count() == len(view["hand_sizes"])
    for seat, size in enumerate(view["hand_sizes"]):
        chip = page.locator(f'.pz-ring .seat[data-seat="{seat}"]')
        assert re.search(rf"\b{size} cards?\b", chip.inner_text()), chip.inner_text()
        name = chip.locator(".seat-name").inner_text()
        assert name == ("You" if seat == view["seat"] else f"Seat {seat + 1}")
    status = page.inner_text(".pz .status")
    assert re.search(rf"Pile: {view['pile_size']} cards?\b", status)
    assert "Due: " in status
    assert page.inner_text(".pz-ring .pile-size") == str(view["pile_size"])
    assert page.locator(".pz-story .pz-told li").count() == stories_since_last_turn(view)
    if puzzle["kind"] == "doubt":
        claim = view["claim"]
        bubble = page.locator(f'.pz-ring .seat[data-seat="{claim["seat"]}"] .claim-bubble')
        assert bubble.inner_text().startswith(f"{claim['count']} ")
        assert f"Seat {claim['seat'] + 1} puts down" in page.inner_text(".pz-asked")
        assert page.inner_text("button[data-key=doubt]") == "I doubt it"
        assert page.inner_text("button[data-key=let-go]") == "Let it go"
    else:
        assert "are due. Which do you put down?" in page.inner_text(".pz-asked")
        assert page.locator(".pz-options button").count() == len(puzzle["options"])
        for index, option in enumerate(puzzle["options"]):
            shown = page.eval_on_selector_all(
                f"button[data-key=option-{index}] .face", "(f) => f.map((x) => x.dataset.card)"
            )
            assert Counter(shown) == Counter(option_cards(option))
            assert f"Put down: {len(shown)} " in page.inner_text(f"button[data-key=option-{index}]")
            # Pointing at an option (its button focused) lifts its cards in the hand.
            page.focus(f"button[data-key=option-{index}]")
            lifted = page.eval_on_selector_all(".pz-hand .face.lifted", "(f) => f.map((x) => x.dataset.card)")
            assert Counter(lifted) == Counter(shown)
        page.evaluate("document.activeElement.blur()")
        assert page.locator(".pz-hand .face.lifted").count() == 0


def check_verdict(page: Page, puzzle: Puzzle, right: bool, streak: int, tally: tuple[int, int, int]) -> None:
    verdict = page.inner_text("[data-key=verdict]")
    assert ("Right!" in verdict) is right
    assert ("Not this time" in verdict) is not right
    assert page.inner_text("[data-key=why]") == puzzle["reason"]
    chances = page.locator(".pz-chances li")
    assert chances.count() == len(puzzle["options"])
    for index, win in enumerate(puzzle["wins"]):
        # The page rounds as JavaScript's Math.round does, a half up (Python's round() takes a half to even).
        assert f"{math.floor(100 * win + 0.5)} % to win" in chances.nth(index).inner_text()
    assert "Best" in page.locator(".pz-chances li.best").inner_text()
    assert page.locator(".pz-chances li.best").count() == 1
    assert page.inner_text("[data-key=streak]") == f"Streak: {streak}"
    total = f"{tally[0]} of {tally[1]} right. Best streak: {tally[2]}."
    assert page.inner_text(".pz-total") == total
    assert page.inner_text("[data-key=score-line]") == total
    page.wait_for_function(
        "(words) => document.getElementById('announcer').textContent.startsWith(words)",
        arg="Right!" if right else "Not this time",
    )
    assert page.evaluate("document.activeElement.dataset.key") == "next"


def screenshots() -> Path | None:
    """The folder ``IDOUBTIT_SCREENSHOTS`` names, for screenshots to look at; None when it is not set."""
    folder = os.environ.get("IDOUBTIT_SCREENSHOTS")
    if not folder:
        return None
    Path(folder).mkdir(parents=True, exist_ok=True)
    return Path(folder)


def shoot(page: Page, name: str) -> None:
    folder = screenshots()
    if folder is not None:
        page.screenshot(path=str(folder / f"puzzle-{name}.png"))
        page.screenshot(path=str(folder / f"puzzle-{name}-whole.png"), full_page=True)


def test_the_puzzles_logic_passes_its_node_tests() -> None:
    node = shutil.which("node")
    assert node is not None, "the puzzles page's logic tests need Node.js (.ci/run installs it)"
    result = subprocess.run(
        [node, "--test", str(HERE / "puzzles.test.mjs")], capture_output=True, text=True, timeout=120, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "# fail 0" in result.stdout
    assert "# pass 0" not in result.stdout


def test_the_page_loads_a_puzzle_of_the_kind_and_difficulty_chosen(
    browser: Browser, server: ServerProcess, shipped: dict[str, Puzzle]
) -> None:
    context, page = new_page(browser, viewport={"width": 390, "height": 844})
    try:
        open_puzzles(page, server)
        for kind, difficulty in (("doubt", "hard"), ("play", "easy"), ("play", "medium"), ("doubt", "easy")):
            page.select_option("#pz-kind", kind)
            page.select_option("#pz-difficulty", difficulty)
            page.wait_for_selector(f'.pz-question[data-kind="{kind}"][data-difficulty="{difficulty}"]')
            puzzle = on_screen(page, shipped)
            assert (puzzle["kind"], puzzle["difficulty"]) == (kind, difficulty)
            assert f"kind={kind}" in page.url
            assert f"difficulty={difficulty}" in page.url
            title = "Doubt or not?" if kind == "doubt" else "What do you play?"
            assert page.inner_text(".pz-question h2") == title
            assert page.inner_text(".pz-level") == difficulty
            # The next one is of the same kind and difficulty, and another puzzle.
            page.click(option_buttons(page, puzzle)[0])
            following = next_puzzle(page, shipped)
            assert (following["kind"], following["difficulty"]) == (kind, difficulty)
            assert following["id"] != puzzle["id"]
        # The choice is kept: the page opens with it again, and an address may choose too.
        open_puzzles(page, server)
        assert page.input_value("#pz-kind") == "doubt"
        assert page.input_value("#pz-difficulty") == "easy"
        assert on_screen(page, shipped)["kind"] == "doubt"
        open_puzzles(page, server, "?kind=play&difficulty=hard")
        assert page.input_value("#pz-kind") == "play"
        assert (on_screen(page, shipped)["kind"], on_screen(page, shipped)["difficulty"]) == ("play", "hard")
        page.select_option("#pz-kind", "")
        page.select_option("#pz-difficulty", "")
        page.wait_for_function("() => !location.search.includes('kind') && !location.search.includes('difficulty')")
        page.wait_for_selector(".pz-question[data-puzzle]")
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        context.close()


@pytest.mark.parametrize("kind", ["doubt", "play"])
def test_the_position_shows_the_seats_hand_and_no_card_it_could_not_see(
    browser: Browser, server: ServerProcess, shipped: dict[str, Puzzle], kind: str
) -> None:
    context, page = new_page(browser, viewport={"width": 1366, "height": 768})
    try:
        open_puzzles(page, server, f"?kind={kind}&seed=11")
        checked = set()
        for _ in range(8):
            puzzle = on_screen(page, shipped)
            assert puzzle["kind"] == kind
            check_position(page, puzzle)
            checked.add(puzzle["id"])
            page.click(option_buttons(page, puzzle)[-1])
            unseen = [card for card in cards_shown(page) if card not in seen_by_seat(puzzle)]
            assert unseen == [], f"after the answer, puzzle {puzzle['id']} shows cards its seat could not see: {unseen}"
            next_puzzle(page, shipped)
        assert len(checked) == 8
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        context.close()


def test_answering_right_and_wrong_tells_why_and_keeps_the_streak(
    browser: Browser, server: ServerProcess, shipped: dict[str, Puzzle]
) -> None:
    context, page = new_page(browser, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        open_puzzles(page, server, "?kind=doubt&seed=5")
        assert page.locator("[data-key=score-line]").count() == 0
        # Right, by a tap on the answer's button.
        puzzle = on_screen(page, shipped)
        buttons = option_buttons(page, puzzle)
        page.click(buttons[puzzle["options"].index(puzzle["answer"])])
        check_verdict(page, puzzle, right=True, streak=1, tally=(1, 1, 1))
        assert page.locator(".pz-chances li.best.chosen").count() == 1
        assert "Your answer" in page.inner_text(".pz-chances li.best")

        # Right again, from the keyboard: D doubts, N lets it go; Enter on "Next puzzle" goes on, and Tab
        # goes from the choices to the answers.
        page.keyboard.press("Enter")
        page.wait_for_selector(".pz-question:not(.answered)")
        puzzle = on_screen(page, shipped)
        assert page.evaluate("document.activeElement.dataset.key") == "question-title"
        page.focus("#pz-difficulty")
        for _ in range(3):
            page.keyboard.press("Tab")
            if page.evaluate("document.activeElement.dataset.key") == "doubt":
                break
        assert page.evaluate("document.activeElement.dataset.key") == "doubt"
        page.evaluate("document.activeElement.blur()")
        page.keyboard.press("d" if puzzle["answer"].startswith("doubt") else "n")
        check_verdict(page, puzzle, right=True, streak=2, tally=(2, 2, 2))

        # Wrong: the verdict says what the answer was; the streak starts again, the best one stays.
        puzzle = next_puzzle(page, shipped)
        wrong = next(option for option in puzzle["options"] if option != puzzle["answer"])
        buttons = option_buttons(page, puzzle)
        page.click(buttons[puzzle["options"].index(wrong)])
        check_verdict(page, puzzle, right=False, streak=0, tally=(2, 3, 2))
        to_doubt = puzzle["answer"].startswith("doubt")
        assert ("one to doubt" if to_doubt else "one to let go") in page.inner_text("[data-key=verdict]")
        assert "Your answer" in page.inner_text(".pz-chances li.chosen")
        assert page.locator(".pz-chances li.chosen.best").count() == 0

        # A play puzzle: the options by number keys, the answer named by its cards when missed.
        page.select_option("#pz-kind", "play")
        page.wait_for_selector('.pz-question[data-kind="play"]:not(.answered)')
        puzzle = on_screen(page, shipped)
        assert page.locator("[data-key=score-line]").inner_text() == "2 of 3 right. Best streak: 2."
        miss = next(index for index, option in enumerate(puzzle["options"]) if option != puzzle["answer"])
        page.locator("[data-key=question-title]").focus()
        page.keyboard.press(str(miss + 1))
        check_verdict(page, puzzle, right=False, streak=0, tally=(2, 4, 2))
        answer = " ".join(
            card[:-1] + {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[card[-1]] for card in option_cards(puzzle["answer"])
        )
        assert f"Not this time: the answer is {answer}." in page.inner_text("[data-key=verdict]")
        puzzle = next_puzzle(page, shipped)
        page.keyboard.press(str(puzzle["options"].index(puzzle["answer"]) + 1))
        check_verdict(page, puzzle, right=True, streak=1, tally=(3, 5, 2))
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        context.close()


def test_the_page_is_accessible_and_fits_a_phone_and_a_desktop(
    browser: Browser, server: ServerProcess, shipped: dict[str, Puzzle]
) -> None:
    context, page = new_page(browser, viewport={"width": 390, "height": 844})
    wrong: list[str] = []

    def look(screen: str) -> None:
        for size, (width, height) in SIZES.items():
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(80)
            wrong.extend(f"{screen} {size}: {problem}" for problem in page.evaluate(PROBLEMS))
            wrong.extend(f"{screen} {size}: {problem}" for problem in serious_violations(page))
            shoot(page, f"{screen}-{size}")
        page.set_viewport_size({"width": 390, "height": 844})

    try:
        for kind in ("doubt", "play"):
            open_puzzles(page, server, f"?kind={kind}&seed=3")
            for number in range(3):
                puzzle = on_screen(page, shipped)
                look(f"{kind}-{number}")
                page.click(option_buttons(page, puzzle)[0])
                page.wait_for_selector(".pz-verdict")
                look(f"{kind}-{number}-answered")
                next_puzzle(page, shipped)
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        context.close()
    assert wrong == []


def test_the_biggest_hands_fit_a_phone(browser: Browser, server: ServerProcess, shipped: dict[str, Puzzle]) -> None:
    """The shipped puzzle with the most cards in hand, put on the page through the puzzles' address."""
    biggest = max(shipped.values(), key=lambda puzzle: len(puzzle["view"]["hand"]))
    context, page = new_page(browser, viewport={"width": 390, "height": 844})
    page.route(
        re.compile(r".*/api/puzzles\?.*"),
        lambda route: route.fulfill(json={"puzzles": [biggest]}),
    )
    try:
        open_puzzles(page, server)
        assert on_screen(page, shipped)["id"] == biggest["id"]
        check_position(page, biggest)
        problems = page.evaluate(PROBLEMS) + serious_violations(page)
        hand = page.locator(".pz-hand").bounding_box()
        assert hand is not None
        assert hand["height"] < 844 * 0.6, hand  # the cards overlap: the hand is not many screens long
        shoot(page, "biggest-phone")
        page.click(option_buttons(page, biggest)[0])
        page.wait_for_selector(".pz-verdict")
        shoot(page, "biggest-answered-phone")
        problems += page.evaluate(PROBLEMS) + serious_violations(page)
        assert problems == []
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        context.close()


@pytest.mark.parametrize("language", ["mn", "lb", "af"])
def test_in_every_language_the_page_loads_and_shows_the_puzzle(
    browser: Browser, server: ServerProcess, shipped: dict[str, Puzzle], language: str
) -> None:
    context, page = new_page(browser, locale=language, viewport={"width": 390, "height": 844})
    try:
        open_puzzles(page, server, "?seed=2")
        assert page.evaluate("document.documentElement.lang") == language
        assert page.input_value("#language") == language
        for number in range(2):
            puzzle = on_screen(page, shipped)
            shoot(page, f"{language}-{number}-phone")
            view = puzzle["view"]
            assert page.locator(".pz-hand .face").count() == len(view["hand"])
            assert page.locator(".pz-ring .seat").count() == len(view["hand_sizes"])
            assert page.locator(".pz-options button").count() == len(puzzle["options"])
            unseen = [card for card in cards_shown(page) if card not in seen_by_seat(puzzle)]
            assert unseen == []
            page.click(option_buttons(page, puzzle)[0])
            page.wait_for_selector(".pz-verdict")
            assert page.inner_text("[data-key=why]").strip() != ""
            shoot(page, f"{language}-{number}-answered-phone")
            assert page.locator(".pz-chances li").count() == len(puzzle["options"])
            next_puzzle(page, shipped)
        # The language picked is the table's: kept under the same key, and English on request.
        assert page.evaluate("localStorage.getItem('idoubtit.language')") == language
        page.select_option("#language", "en")
        page.wait_for_function("() => document.documentElement.lang === 'en'")
        assert page.inner_text(".pz-choose h2") == "Puzzles"
        assert page.evaluate("localStorage.getItem('idoubtit.language')") == "en"
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        context.close()


def test_puzzles_that_cannot_be_loaded_are_said_so_and_tried_again(
    browser: Browser, server: ServerProcess, shipped: dict[str, Puzzle]
) -> None:
    context, page = new_page(browser, viewport={"width": 390, "height": 844})
    failing = re.compile(r".*/api/puzzles\?.*")
    page.route(failing, lambda route: route.fulfill(status=503, json={"error": {"code": "server.storage"}}))
    try:
        page.goto(f"{server.http}/static/puzzles.html?kind=doubt")
        page.wait_for_selector(".pz-message")
        assert "The puzzles could not be loaded." in page.inner_text(".pz-message")
        assert page.locator(".pz-question, .pz-hand .face").count() == 0
        assert serious_violations(page) == []
        page.unroute(failing)
        page.click("button[data-key=retry]")
        page.wait_for_selector(".pz-question[data-puzzle]")
        assert on_screen(page, shipped)["kind"] == "doubt"
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        context.close()
