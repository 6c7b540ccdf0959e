"""Every screen of the browser table, in all four languages and at four screen sizes, as a player meets it.

One game a language is played through the page: home, the room with computer players seated, the table
on your turn, a doubt window, the cards turned up after a doubt, the coach switched on (its move on your
turn, its bluff meter at a claim), and the end of the game; then, looking back, the table's history, the
game's replay (every hand face up, then as your seat saw it), the review of your game (its summary and
marks, and one decision told) and your own page. At each of those
moments the page is looked at at phone, tablet and desktop sizes: nothing may stick out sideways, no button's
text may be cut, on the table your whole hand must be in sight above your buttons (see WHOLE_HAND_SIZES),
axe-core may find no serious or critical accessibility problem, and a screenshot is kept (in the folder
``IDOUBTIT_SCREENSHOTS`` names, else in the test's temporary folder) to be looked at.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from idoubtit.bots.characters import characters
from idoubtit.coach.puzzle_reasons import CHEAP_PILE, NEAR_OUT
from idoubtit.coach.words import CLAIM_KEYS, coach_line
from idoubtit.engine import Card
from idoubtit.i18n import translations
from idoubtit.names import BOT_NAMES
from idoubtit.tui.text import rank_names
from tests.server.helpers import ServerProcess
from tests.web.axe import serious_violations
from tests.web.test_browser import QUICK, create_table, new_page

LANGUAGES = ("en", "mn", "lb", "af")
SIZES = {"small-phone": (360, 640), "phone": (390, 844), "tablet": (768, 1024), "desktop": (1366, 768)}

#: Everything a person can press or fill in that sticks out of the page, or a button whose text is cut.
PROBLEMS = (Path(__file__).parent / "problems.js").read_text(encoding="utf-8")
#: The cards of your hand that your buttons cover with the page at its top.
HAND_IN_SIGHT = (Path(__file__).parent / "hand_in_sight.js").read_text(encoding="utf-8")
#: The table's screens, and the sizes at which the oval, the whole hand and the buttons fit on one screen:
#: a small phone scrolls to its hand, and so may a phone when the coach's word (three lines in some
#: languages) sits on the buttons.
WHOLE_HAND_SIZES = {
    "your-turn": {"phone", "tablet", "desktop"},
    "doubt-window": {"phone", "tablet", "desktop"},
    "reveal": {"phone", "tablet", "desktop"},
    "coach-turn": {"phone", "tablet", "desktop"},
    "coach-claim": {"phone", "tablet", "desktop"},
}


def screenshots_folder(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("IDOUBTIT_SCREENSHOTS") or tmp_path / "screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def look_at(page: Page, folder: Path, language: str, screen: str) -> list[str]:
    """Check the page as it is now at every size; returns what is wrong (each line names size and screen)."""
    wrong: list[str] = []
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(60)
        wrong += [f"{language} {screen} {size}: {problem}" for problem in page.evaluate(PROBLEMS)]
        if size in WHOLE_HAND_SIZES.get(screen, set()):
            wrong += [f"{language} {screen} {size}: {problem}" for problem in page.evaluate(HAND_IN_SIGHT)]
        wrong += [f"{language} {screen} {size}: {problem}" for problem in serious_violations(page)]
        # What a person sees on the screen; the whole page too, for the screens one scrolls.
        page.screenshot(path=str(folder / f"{language}-{screen}-{size}.png"))
        if screen in {"home", "room", "room-picker", "result", "history", "replay", "review", "me"}:
            page.screenshot(path=str(folder / f"{language}-{screen}-{size}-whole.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    return wrong


def act_until(page: Page, done: Callable[[], bool], *, doubt: bool, timeout: float = 150.0) -> None:
    """Play on through the page (putting down the picked cards, or one card as a bluff; letting claims go or
    doubting them) until ``done()``."""
    deadline = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < deadline, "the game did not reach the wanted moment"
        try:
            play = page.locator("button[data-key=play]:not([aria-busy])")
            if play.count():
                if not play.is_enabled(timeout=QUICK):
                    page.locator(".hand button.card").first.click(timeout=QUICK)
                if play.is_enabled(timeout=QUICK):
                    play.click(timeout=QUICK)
            elif page.locator("button[data-key=doubt]:not([disabled])").count():
                page.click("button[data-key=doubt]" if doubt else "button[data-key=let-go]", timeout=QUICK)
        except PlaywrightTimeoutError:
            pass
        page.wait_for_timeout(40)


def wait_for_the_coach(page: Page, selector: str, timeout: float = 150.0) -> None:
    """Play on as act_until does, but at each decision first give the coach time to speak, until its word
    matches ``selector``."""
    deadline = time.monotonic() + timeout
    while True:
        assert time.monotonic() < deadline, f"the coach never showed {selector}"
        if page.locator(selector).count():
            page.wait_for_timeout(1500)  # a bot's doubt may still close the window: then wait for another
            if page.locator(selector).count():
                return
        deciding = "button[data-key=play]:not([aria-busy]), button[data-key=doubt]:not([disabled])"
        if page.locator(deciding).count():
            with contextlib.suppress(PlaywrightTimeoutError):
                page.wait_for_selector(".coach-panel", timeout=20_000)
            if page.locator(selector).count():
                continue
        take_one_step(page)
        page.wait_for_timeout(40)


def take_one_step(page: Page) -> None:
    """Whatever the table asks of you now: the picked cards put down (one card as a bluff), a claim let go."""
    try:
        play = page.locator("button[data-key=play]:not([aria-busy])")
        if play.count():
            if not play.is_enabled(timeout=QUICK):
                page.locator(".hand button.card").first.click(timeout=QUICK)
            if play.is_enabled(timeout=QUICK):
                play.click(timeout=QUICK)
        elif page.locator("button[data-key=let-go]:not([disabled])").count():
            page.click("button[data-key=let-go]", timeout=QUICK)
    except PlaywrightTimeoutError:
        pass


def look_back(page: Page, folder: Path, language: str) -> list[str]:
    """From the result: the table's history, the game's replay (every hand, then seat 0's), its review."""
    wrong: list[str] = []
    page.click(".result a[data-key=history]")
    page.wait_for_selector(".games .game .game-seats")
    page.wait_for_selector(".past-table")
    wrong += look_at(page, folder, language, "history")
    page.click(".games a[data-key^=replay-]")
    page.wait_for_selector(".replay-stage")
    for _ in range(12):  # a step with cards on the pile and a claim open
        page.click("button[data-key=next]")
    wrong += look_at(page, folder, language, "replay")
    page.select_option("#replay-view", "0")
    page.wait_for_selector(".replay.seat-view")
    wrong += look_at(page, folder, language, "replay-seat")
    # The review of your game, from the table's history: the summary and marks, then one decision told.
    page.go_back()
    page.wait_for_selector(".games a[data-key^=review-]")
    page.click(".games a[data-key^=review-]")
    page.wait_for_selector(".review-summary", timeout=60_000)
    wrong += look_at(page, folder, language, "review")
    worst = next(f".review-marks .mark.{label}" for label in ("blunder", "mistake", "inaccuracy", "good", "best")
                 if page.locator(f".review-marks .mark.{label}").count())  # fmt: skip
    page.locator(worst).first.focus()  # marks of neighbouring steps may overlap on a phone: the keyboard picks one
    page.keyboard.press("Enter")
    page.wait_for_selector(".review-decision")
    wrong += look_at(page, folder, language, "review-decision")
    return wrong


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_screen_fits_reads_and_passes_axe_at_every_size(
    browser: Browser, server: ServerProcess, tmp_path: Path, language: str
) -> None:
    folder = screenshots_folder(tmp_path)
    context, page = new_page(browser, locale=language, viewport={"width": 390, "height": 844})
    wrong: list[str] = []
    try:
        page.goto(server.http + "/")
        page.wait_for_selector("#name")
        assert page.evaluate("document.documentElement.lang") == language
        wrong += look_at(page, folder, language, "home")

        create_table(page, server, "Anna", players=3)
        page.click("button[data-key=add-bot]")
        page.wait_for_function("() => document.querySelectorAll('.seat-row.bot').length === 1")
        page.select_option("#bot-level", "rock")  # a character, with the line on what it is like
        page.wait_for_function("() => document.querySelector('#bot-level').value === 'rock'")
        wrong += look_at(page, folder, language, "room-picker")
        page.select_option("#bot-level", "cautious")  # the character with the longest name (Сарангэрэл)
        page.click("button[data-key=add-bot]")
        page.wait_for_selector("button[data-key=start]:not([disabled])")
        page.wait_for_selector(".seat-row .character-line")
        wrong += look_at(page, folder, language, "room")

        page.click("button[data-key=start]")
        page.wait_for_selector(".table")
        act_until(page, lambda: page.locator("button[data-key=play]:not([aria-busy])").count() > 0, doubt=False)
        wrong += look_at(page, folder, language, "your-turn")

        act_until(page, lambda: page.locator("button[data-key=doubt]:not([disabled])").count() > 0, doubt=False)
        wrong += look_at(page, folder, language, "doubt-window")

        # A bot's doubt may have closed that window while it was looked at: then doubt at the next one.
        act_until(page, lambda: page.locator(".reveal.true, .reveal.bluff").count() > 0, doubt=True)
        page.wait_for_timeout(500)  # the cards have flipped face up
        wrong += look_at(page, folder, language, "reveal")

        # The coach, switched on: its move on your turn (its cards marked in your hand), its meter at a claim.
        page.click("button[data-key=coach]")
        page.wait_for_selector("button[data-key=coach][aria-checked=true]")
        wait_for_the_coach(page, ".coach-panel.play")
        page.wait_for_selector(".hand .card.suggested")
        wrong += look_at(page, folder, language, "coach-turn")
        wait_for_the_coach(page, ".coach-panel.claim")
        wrong += look_at(page, folder, language, "coach-claim")
        page.click("button[data-key=coach]")  # off again: the rest of the game is only played out
        page.wait_for_selector("button[data-key=coach][aria-checked=false]")

        act_until(page, lambda: page.locator(".result").count() > 0, doubt=False)
        page.wait_for_selector(".result .numbers")
        wrong += look_at(page, folder, language, "result")

        wrong += look_back(page, folder, language)
        page.goto(server.http + "/me")
        page.wait_for_selector(".tiles")
        wrong += look_at(page, folder, language, "me")
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        context.close()
    assert wrong == [], "\n".join(wrong)


def hand_class(count: int) -> str:
    """The hand's size classes as the table draws them (table.js: "big" above twelve cards, "huge" above
    sixteen, "huge vast" above twenty-four)."""
    return "huge vast" if count > 24 else "huge" if count > 16 else "big" if count > 12 else ""


#: The widest move the coach may suggest with one deck: every card of the due rank and one more (tens: the
#: widest rank on a card).
LONGEST_MOVE = " ".join(Card.parse(text).pretty() for text in ("10S", "10H", "10D", "10C", "QS"))
#: Numbers as wide as its sentences hold them: a pile of fifty cards, a hand of twelve, a chance of 100 %.
WIDE_NUMBERS = {"count": 4, "seen": 4, "left": 12, "caught": 10, "shown": 12, "chance": 100, "pile": 50, "turns": 12}

#: The numbers of the sentences said only with some (coach/advice.py): a cheap pile, a claimant near the end…
AS_SAID: dict[str, dict[str, int]] = {
    "cheap_doubt": {"pile": CHEAP_PILE, "chance": 49},
    "doubt_ahead": {"chance": 49},
    "near_the_end": {"left": NEAR_OUT},
    "impossible": {"left": 3},
}
#: The answer that goes with each sentence said for one answer only.
ANSWERS = {
    "impossible": (True,),
    "certain": (False,),
    "cheap_doubt": (True,),
    "doubt_ahead": (True,),
    "big_pile": (False,),
}


def coach_lines(language: str, kind: str) -> list[str]:
    """Every sentence the coach may say at a claim (``kind`` "claim") or on your turn ("play") in
    ``language``, each with the language's longest computer name, rank and card, and wide numbers: the
    sweep puts the one that makes the coach's panel tallest on the screen."""
    tr = translations(language)
    ranks = rank_names(tr)
    rank = max(ranks, key=lambda each: len(ranks[each]))
    names = [max((*BOT_NAMES[language], *(each.name for each in characters(language))), key=len)]
    keys = sorted(CLAIM_KEYS) if kind == "claim" else ["go_out", "truth", "none_due", "truth_and_card"]
    base = {**WIDE_NUMBERS, "seat": 0, "rank": str(rank), "card": "10S"}
    whys = [
        {**base, "key": key, "doubt": doubt, **AS_SAID.get(key, {})}
        for key in keys
        for doubt in ANSWERS.get(key, (False, True))
    ]
    return sorted({coach_line(tr, why, names, ranks, lambda card: Card.parse(card).pretty()) for why in whys})


#: Gives the hand on the table each number of cards in turn (copies of its own cards, or fewer of them) with
#: the classes the table gives a hand of that size (and its panel); lets the screen "turn" so that the oval
#: is fitted again, and returns, for each size, the cards the buttons cover (all sizes measured in one go:
#: the table may be drawn again between two calls). The last size stays on the screen.
SWEEP_HAND = (
    """async ([sizes, lines]) => {
  const hand = document.querySelector('.table .hand');
  const panel = hand.closest('.hand-panel');
  const LONGEST_MOVE = '"""
    + LONGEST_MOVE
    + """';
  hand.drawn ??= { cards: [...hand.querySelectorAll('.card')], handClass: hand.className, panelClass: panel.className };
  const cards = hand.drawn.cards;
  // The coach's tallest word at this size, of every sentence it may say here (the deal's own may be short).
  const line = document.querySelector('.coach-panel .coach-line');
  if (line) {
    const panel = line.closest('.coach-panel');
    const move = panel.querySelector('.coach-cards');
    if (move) move.textContent = LONGEST_MOVE;
    let tallest = [-1, ''];
    for (const text of lines) {
      line.textContent = text;
      if (panel.offsetHeight > tallest[0]) tallest = [panel.offsetHeight, text];
    }
    line.textContent = tallest[1];
  }
  const inSight = ("""
    + HAND_IN_SIGHT
    + """);
  const results = [];
  for (const [count, size_class] of sizes) {
    hand.replaceChildren(...Array.from({ length: count }, (_, i) => cards[i % cards.length].cloneNode(true)));
    hand.className = size_class ? `hand ${size_class}` : 'hand';
    panel.classList.toggle('vast', size_class.includes('vast'));
    window.dispatchEvent(new Event('resize'));
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    results.push([count, inSight()]);
  }
  return results;
}"""
)
#: The hand as the table drew it before SWEEP_HAND (copies of cards do not answer a tap), for the game to go on.
RESTORE_HAND = """() => {
  const hand = document.querySelector('.table .hand');
  if (!hand || !hand.drawn) return;  // the table was drawn again meanwhile
  hand.replaceChildren(...hand.drawn.cards);
  hand.className = hand.drawn.handClass;
  hand.closest('.hand-panel').className = hand.drawn.panelClass;
  delete hand.drawn;
  window.dispatchEvent(new Event('resize'));
}"""
#: The sizes at which the whole hand must be in sight with the coach's word on the buttons (see
#: WHOLE_HAND_SIZES), and the most cards one hand is tried with (a whole deck of 52 is dealt to 3–5 players).
SWEEP_SIZES = ("phone", "tablet", "desktop")
MOST_CARDS = 40


def sweep_the_hand(page: Page, where: str, shots: Path, lines: list[str]) -> list[str]:
    """Every hand size from one card to MOST_CARDS at each of SWEEP_SIZES, with the tallest of the coach's
    ``lines`` in its panel: what is out of sight. A screenshot of the biggest hand at each size is kept in
    ``shots``."""
    dealt = page.locator(".table .hand .card").count()
    own_class = page.get_attribute(".table .hand", "class") or ""
    assert own_class.split()[1:] == hand_class(dealt).split(), own_class
    wrong: list[str] = []
    sizes = [[count, hand_class(count)] for count in range(1, MOST_CARDS + 1)]
    for size in SWEEP_SIZES:
        width, height = SIZES[size]
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(60)
        for count, hidden in page.evaluate(SWEEP_HAND, [sizes, lines]):
            wrong += [f"{where} {size}, {count} cards: {problem}" for problem in hidden]
        page.screenshot(path=str(shots / f"{where.replace(' ', '-')}-{MOST_CARDS}-cards-{size}.png"))
    page.evaluate(RESTORE_HAND)
    return wrong


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_hand_size_stays_in_sight_above_the_buttons_with_the_coach_on(
    browser: Browser, server: ServerProcess, tmp_path: Path, language: str
) -> None:
    """A hand of any size, from one card to forty, on your turn and at a claim with the coach's word on the
    buttons, its tallest sentence in the language (its longest names and numbers): the random deals of the
    test above meet only some sizes and sentences, this one meets them all."""
    context, page = new_page(browser, locale=language, viewport={"width": 390, "height": 844})
    try:
        create_table(page, server, "Anna", players=3)
        for bots in (1, 2):
            page.click("button[data-key=add-bot]")
            page.wait_for_function(f"() => document.querySelectorAll('.seat-row.bot').length === {bots}")
        page.click("button[data-key=start]")
        page.wait_for_selector(".table")
        act_until(page, lambda: page.locator("button[data-key=play]:not([aria-busy])").count() > 0, doubt=False)
        page.click("button[data-key=coach]")
        wait_for_the_coach(page, ".coach-panel.play")
        shots = screenshots_folder(tmp_path)
        wrong = sweep_the_hand(page, f"{language} your turn", shots, coach_lines(language, "play"))
        page.set_viewport_size({"width": 390, "height": 844})
        wait_for_the_coach(page, ".coach-panel.claim")
        wrong += sweep_the_hand(page, f"{language} a claim", shots, coach_lines(language, "claim"))
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        context.close()
    assert wrong == [], "\n".join(wrong)


#: The characters, those with the longest names (in any language) first: Clara / Сарангэрэл, Hugo / Ганбаатар…
CHARACTERS_LONGEST_FIRST = ("cautious", "bigbluff", "bluffer", "doubter", "rock")
#: Seats that overlap one another, the pile, its size or the due rank in the middle of the oval.
SEATS_APART = (Path(__file__).parent / "seats_apart.js").read_text(encoding="utf-8")


def longest_due_mark(language: str) -> str:
    """The longest of the pile's labels "Queens due" in ``language``, begun with a capital as the table does."""
    tr = translations(language)
    lines = [tr.gettext("%(rank)s due") % {"rank": name} for name in rank_names(tr).values()]
    longest = max(lines, key=len)
    return longest[:1].upper() + longest[1:]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_characters_names_are_read_whole_at_tables_of_four_to_six(
    browser: Browser, server: ServerProcess, tmp_path: Path, language: str
) -> None:
    """At a table of four, five and six, with the characters of the longest names seated, at a small phone, a
    phone and a desktop: every name whole, no seat off the screen or on another seat or on the pile."""
    folder = screenshots_folder(tmp_path)
    context, page = new_page(browser, locale=language, viewport={"width": 390, "height": 844})
    wrong: list[str] = []
    try:
        for players in (4, 5, 6):
            create_table(page, server, "Anna", players=players)
            for bots, character in enumerate(CHARACTERS_LONGEST_FIRST[: players - 1], start=1):
                page.select_option("#bot-level", character)
                page.click("button[data-key=add-bot]")
                page.wait_for_function(f"() => document.querySelectorAll('.seat-row.bot').length === {bots}")
            page.click("button[data-key=start]")
            page.wait_for_selector(".table .ring .seat")
            # The longest line the pile's due rank can say in this language (you play first: nothing redraws it).
            longest = longest_due_mark(language)
            page.evaluate("(text) => { document.querySelector('.due-mark').textContent = text; }", longest)
            for size in ("small-phone", "phone", "desktop"):
                width, height = SIZES[size]
                page.set_viewport_size({"width": width, "height": height})
                page.wait_for_timeout(60)
                found = page.evaluate(PROBLEMS) + page.evaluate(SEATS_APART)
                wrong += [f"{language} {players} players {size}: {problem}" for problem in found]
                page.screenshot(path=str(folder / f"{language}-table-of-{players}-{size}.png"))
            page.set_viewport_size({"width": 390, "height": 844})
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        context.close()
    assert wrong == [], "\n".join(wrong)
