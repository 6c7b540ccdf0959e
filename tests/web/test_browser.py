"""The browser table in a real browser (Debian's Chromium, driven by Playwright) against a real server.

Two browser contexts are two people at one table with two bots: one creates the table, the other joins
by its code; they play through the page, a doubt goes each way (a true claim and a bluff), one of them
refreshes mid-game and is back in the seat, and the game ends with the result screen. The same table in
Mongolian must show no English; one turn is played with the keyboard alone; a phone-sized screenshot is
kept with the test's output.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from pathlib import Path

import httpx
import pytest
from babel.messages.extract import extract_from_dir
from playwright.sync_api import Browser, BrowserContext, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.server.helpers import ServerProcess
from tests.web.axe import serious_violations

WEB = Path(__file__).resolve().parents[2] / "src" / "idoubtit" / "web"
GAME_TIMEOUT = 240.0
#: Milliseconds to wait for a button that may vanish as the table moves on.
QUICK = 1500
#: Milliseconds to wait for a bot's claim to reach the screen: bots play only when their turn comes round,
#: and a loaded two-core machine running the rest of the suite can take most of a minute to get there.
BOT_CLAIM_WAIT = 60_000


def new_page(browser: Browser, **options: object) -> tuple[BrowserContext, Page]:
    context = browser.new_context(**options)  # type: ignore[arg-type]
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors  # type: ignore[attr-defined]
    return context, page


def create_table(page: Page, server: ServerProcess, name: str, players: int, doubt_seconds: int = 20) -> str:
    page.goto(server.http + "/")
    page.fill("#name", name)
    page.select_option("#players", str(players))
    page.click("summary[data-key=more]")  # the timers are folded away below the create button
    page.select_option("#doubt-seconds", str(doubt_seconds))
    page.click("button[data-key=create]")
    page.wait_for_selector(".room-code .code")
    return page.inner_text(".room-code .code").strip()


def join_by_code(page: Page, server: ServerProcess, name: str, code: str) -> None:
    page.goto(server.http + "/")
    page.fill("#name", name)
    page.fill("#code", code.lower())  # codes are read in any case
    page.click("button[data-key=join]")
    page.wait_for_selector(".room-code .code, .table")


def fill_and_start(page: Page) -> None:
    # With one seat left the room offers only "Add a computer player", which fills it just the same.
    page.wait_for_selector("button[data-key=add-bot]")
    page.click("button[data-key=fill]" if page.locator("button[data-key=fill]").count() else "button[data-key=add-bot]")
    page.wait_for_selector("button[data-key=start]:not([disabled])")
    page.click("button[data-key=start]")
    page.wait_for_selector(".table")


def hand(page: Page) -> list[str]:
    labels: list[str] = page.locator(".hand button.card").evaluate_all("(cards) => cards.map(c => c.ariaLabel)")
    return labels


def take_turn(page: Page, doubt: Callable[[Page], bool]) -> str | None:
    """Do whatever this seat must do now, through the page; returns what it did (None: nothing to do, or
    the moment passed: bots answer within milliseconds, so a window may close before the click lands)."""
    try:
        if page.locator(".result").count():
            return "over"
        play = page.locator("button[data-key=play]")
        if play.count():
            if not play.is_enabled(timeout=QUICK):  # no card of the due rank: pick one card, a bluff
                page.locator(".hand button.card").first.click(timeout=QUICK)
            if play.is_enabled(timeout=QUICK):
                play.click(timeout=QUICK)
                return "played"
            return None
        if page.locator("button[data-key=doubt]").count():
            if doubt(page):
                page.click("button[data-key=doubt]", timeout=QUICK)
                return "doubted"
            page.click("button[data-key=let-go]", timeout=QUICK)
            return "declined"
    except PlaywrightTimeoutError:
        return None
    return None


def test_two_people_and_two_bots_play_a_whole_game_in_the_browser(
    browser: Browser, server: ServerProcess, tmp_path: Path, record_property: Callable[[str, object], None]
) -> None:
    anna_context, anna = new_page(browser, viewport={"width": 1100, "height": 900})
    bo_context, bo = new_page(browser, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        code = create_table(anna, server, "Anna", players=4)
        assert re.fullmatch(r"[ACEFHJKMNPRTWXY34679]{6}", code)
        assert anna.locator("img.qr").evaluate("(image) => image.complete && image.naturalWidth > 0")
        assert code in anna.input_value("#link")
        join_by_code(bo, server, "Bo", code)
        anna.wait_for_function("() => document.querySelector('.seats').innerText.includes('Bo')")
        fill_and_start(anna)
        bo.wait_for_selector(".table")

        outcomes: set[str] = set()
        refreshed = False

        def bo_doubts(page: Page) -> bool:
            # Every claim, Anna's and the bots', until a doubt has turned up both a truth and a bluff: the
            # bots bluff often enough that one game shows both, whatever the deal.
            return len(outcomes) < 2

        deadline = time.monotonic() + GAME_TIMEOUT
        while time.monotonic() < deadline:
            # Bo reloads the page once both outcomes were seen, on a turn of Bo's to play: then no doubt
            # window is open and nothing can change Bo's hand until Bo plays (a window Bo doubted in
            # could hand Bo the pile while the page reloads).
            # The play button shows at once that a play was sent (aria-busy): a reload then could land
            # before or after the server stored it, so Bo reloads only on a turn with nothing in flight.
            if len(outcomes) == 2 and not refreshed and bo.locator("button[data-key=play]:not([aria-busy])").count():
                before = hand(bo)
                bo.reload()
                bo.wait_for_selector(".table")
                assert hand(bo) == before  # back in the seat, with the same cards
                assert bo.locator(".seat.me").count() == 1
                refreshed = True
            done = [take_turn(anna, lambda page: False), take_turn(bo, bo_doubts)]
            # What the doubts turned up, as Bo read it: one line per claim, marked true or bluff.
            outcomes.update(kind for kind in ("true", "bluff") if bo.locator(f".log li.told.{kind}").count())
            if done == ["over", "over"]:
                break
            if done == [None, None]:
                anna.wait_for_timeout(40)
        assert outcomes == {"true", "bluff"}, "the doubts did not go both ways"
        assert refreshed
        for page in (anna, bo):
            page.wait_for_selector(".result")
            assert page.locator(".result .finish li").count() == 4
        # Anyone seated may deal the next game (D8), not only the host.
        assert anna.locator("button[data-key=again]").count() == 1
        assert bo.locator("button[data-key=again]").count() == 1
        log = anna.inner_text(".log")
        assert "doubted" in log
        assert "true" in log or "a bluff" in log
        screenshot = tmp_path / "phone-result.png"
        bo.screenshot(path=str(screenshot), full_page=True)
        record_property("phone_screenshot", str(screenshot))
        assert screenshot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        anna.click("button[data-key=again]")
        bo.wait_for_function("() => !document.querySelector('.result')")
        assert anna.errors == []  # type: ignore[attr-defined]
        assert bo.errors == []  # type: ignore[attr-defined]
    finally:
        anna_context.close()
        bo_context.close()


def english_words() -> set[str]:
    """Words of four letters or more from the browser table's English strings."""
    keywords = {"t": None, "tn": (1, 2)}
    words: set[str] = set()
    for _, _, message, _, _ in extract_from_dir(str(WEB), method_map=[("**.js", "javascript")], keywords=keywords):
        for text in message if isinstance(message, tuple) else (message,):
            words.update(re.findall(r"[A-Za-z]{4,}", re.sub(r"%\(\w+\)[sd]", "", text)))
    return words


def test_in_mongolian_no_english_is_left_on_screen(browser: Browser, server: ServerProcess) -> None:
    context, page = new_page(browser, locale="mn-MN", viewport={"width": 800, "height": 900})
    try:
        page.goto(server.http + "/")
        page.wait_for_selector("#name")
        assert page.evaluate("document.documentElement.lang") == "mn"
        english = english_words()
        assert len(english) > 50

        def visible_english() -> set[str]:
            text = page.inner_text("header h1") + "\n" + page.inner_text("main") + "\n" + page.inner_text(".notice")
            return {word for word in re.findall(r"[A-Za-z]{4,}", text) if word in english}

        assert visible_english() == set()
        code = create_table(page, server, "Болд", players=3)
        assert visible_english() == set()
        fill_and_start(page)
        for _ in range(400):
            if take_turn(page, lambda _: True) == "over":
                break
            assert visible_english() == set(), page.inner_text("main")
            if len(page.inner_text(".log")) > 400:
                break
            page.wait_for_timeout(30)
        page.click("button[data-key=rules]")
        page.wait_for_selector("article.rules h2")
        assert visible_english() == set()
        assert code
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        context.close()


def tab_to(page: Page, selector: str, backwards: bool = False, limit: int = 80) -> None:
    """Press Tab (or Shift+Tab) until the focus is on an element matching ``selector``."""
    for _ in range(limit):
        if page.evaluate("(selector) => document.activeElement?.matches(selector) ?? false", selector):
            return
        page.keyboard.press("Shift+Tab" if backwards else "Tab")
    pytest.fail(f"Tab never reached {selector}")


def play_one_card_with_keys(page: Page) -> None:
    """Take this seat's turn with Tab, Space and Enter alone: clear the picked cards, pick the first one
    and play it."""
    page.wait_for_selector("button[data-key=play]")
    before = len(hand(page))
    tab_to(page, ".hand button.card")
    picked = page.locator(".hand button.card[aria-pressed=true]").count()
    for _ in range(picked + 1):
        if page.locator(".hand button.card[aria-pressed=true]").count() == 0:
            break
        tab_to(page, ".hand button.card[aria-pressed=true]")
        page.keyboard.press("Space")
    tab_to(page, ".hand button.card")
    page.keyboard.press("Enter")
    assert page.locator(".hand button.card[aria-pressed=true]").count() == 1
    tab_to(page, "button[data-key=play]")  # the action bar comes right after the hand
    page.keyboard.press("Enter")
    page.wait_for_function("(count) => document.querySelectorAll('.hand button.card').length < count", arg=before)


def wait_for_a_window(page: Page, button: str, turns: int = 6) -> None:
    """Wait until this seat's ``button`` (``doubt`` or ``let-go``) answers a bot's claim, taking the
    seat's own turns with the keys meanwhile: a bot may answer a claim before the person (honest bots
    doubt what their cards prove false), and then the person's turn may come before another claim."""
    enabled = f"button[data-key={button}]:not([disabled])"
    for _ in range(turns):
        page.wait_for_selector(f"{enabled}, button[data-key=play]", timeout=BOT_CLAIM_WAIT)
        if page.locator(enabled).count():
            return
        play_one_card_with_keys(page)
    pytest.fail(f"no claim was open to answer with {button} in {turns} turns")


def test_one_turn_with_the_keyboard_alone(browser: Browser, server: ServerProcess) -> None:
    context, page = new_page(browser, viewport={"width": 800, "height": 900})
    try:
        code = create_table(page, server, "Kim", players=3)
        # Honest computer players ("easy"): they lie only when they must and doubt only what their cards
        # prove false, so a bot seldom answers a claim before the person does.
        page.select_option("#bot-level", "easy")
        page.wait_for_function("() => document.querySelector('#bot-level').value === 'easy'")
        fill_and_start(page)
        seats = httpx.get(f"{server.http}/api/rooms/{code}").json()["seats"]
        assert [seat["level"] for seat in seats if seat["kind"] == "bot"] == ["easy", "easy"]
        play_one_card_with_keys(page)
        assert "You: 1 " in page.inner_text(".log")
        # Off your turn no card stays picked (a pile taken back must not come with cards raised).
        assert page.locator(".hand button.card[aria-pressed=true]").count() == 0
        # Screen readers hear what happened from a live region that holds only the newest lines.
        assert page.get_attribute("#announcer", "aria-live") == "polite"
        page.wait_for_function("() => document.getElementById('announcer').textContent.length > 0")
        # The doubt window is answered with a key too: "n" lets a claim go.
        wait_for_a_window(page, "let-go")
        page.evaluate("document.activeElement?.blur()")
        page.keyboard.press("n")
        page.wait_for_function("() => !document.querySelector('button[data-key=let-go]:not([disabled])')")
        # And doubted with "d": the claim, the doubter and the cards turned up then show together.
        wait_for_a_window(page, "doubt")
        page.evaluate("document.activeElement?.blur()")
        page.keyboard.press("d")
        # A bot may have doubted the person's own claim just before (its cards proved it); the reveal
        # that our "d" brings is of a bot's claim, and replaces that one.
        page.wait_for_function(
            """() => {
                const verdict = document.querySelector('.reveal.true .verdict, .reveal.bluff .verdict');
                return verdict !== null && !verdict.textContent.split('—')[0].includes('You');
            }"""
        )
        assert "You" not in page.inner_text(".reveal .verdict").split("—")[0]  # a bot's claim
        assert "you doubted" in page.inner_text(".reveal .verdict")
        page.wait_for_function("() => document.getElementById('announcer').textContent.includes('you doubted')")
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        context.close()


def test_the_page_loads_nothing_from_elsewhere(browser: Browser, server: ServerProcess) -> None:
    context, page = new_page(browser)
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    try:
        create_table(page, server, "Lee", players=3)
        page.click("button[data-key=rules]")
        page.wait_for_selector("article.rules h2")
        assert requested
        assert all(url.startswith(server.http) or url.startswith(server.ws) for url in requested), requested
    finally:
        context.close()


def test_a_spectator_watches_without_a_hand_and_the_chosen_language_is_remembered(
    browser: Browser, server: ServerProcess
) -> None:
    host_context, host = new_page(browser)
    watcher_context, watcher = new_page(browser, locale="en-GB")
    try:
        code = create_table(host, server, "Ines", players=3)
        fill_and_start(host)
        watcher.goto(server.http + "/")
        watcher.fill("#code", code)
        watcher.click("button[data-key=watch]")
        watcher.wait_for_selector(".table")
        assert watcher.locator(".hand").count() == 0
        assert watcher.locator("button[data-key=play], button[data-key=doubt]").count() == 0
        assert watcher.locator(".seats-round li").count() == 3
        assert "Ines" in watcher.inner_text(".seats-round")
        # Switch to Afrikaans at the table: the page changes at once, and keeps the choice after a reload.
        watcher.select_option("#language", "af")
        watcher.wait_for_function("() => document.documentElement.lang === 'af'")
        assert "Stapel" in watcher.inner_text(".status")
        watcher.reload()
        watcher.wait_for_selector(".table")
        assert watcher.evaluate("document.documentElement.lang") == "af"
        assert watcher.locator(".hand").count() == 0  # still watching, not seated
        assert watcher.errors == []  # type: ignore[attr-defined]
    finally:
        host_context.close()
        watcher_context.close()


def test_the_new_table_form_keeps_its_choices_and_offers_v4(browser: Browser, server: ServerProcess) -> None:
    context, page = new_page(browser)
    try:
        page.goto(server.http + "/")
        page.click("summary[data-key=more]")  # variants and timers are folded away under the create button
        page.check("#v4")
        page.wait_for_selector("#decks")
        page.select_option("#players", "14")
        page.select_option("#decks", "3")
        page.check("#v2")
        page.click("button[data-key=create]")  # no name yet: a notice, and the form keeps every choice
        page.wait_for_selector(".notice:not(.empty)")
        assert page.is_visible("#v4")  # still unfolded after the redraw
        assert page.input_value("#players") == "14"
        assert page.input_value("#decks") == "3"
        assert page.is_checked("#v2")
        page.fill("#name", "Noor")
        page.click("button[data-key=create]")
        page.wait_for_selector(".room-code .code")
        assert page.locator(".seats li").count() == 14
    finally:
        context.close()


def test_the_host_seats_computer_players_one_at_a_time_each_with_its_own_strength(
    browser: Browser, server: ServerProcess
) -> None:
    context, page = new_page(browser, viewport={"width": 390, "height": 844})
    try:
        create_table(page, server, "Anna", players=4)
        bots = page.locator(".seat-row.bot")
        page.select_option("#bot-level", "hard")
        page.click("button[data-key=add-bot]")
        page.wait_for_function("() => document.querySelectorAll('.seat-row.bot').length === 1")
        page.select_option("#bot-level", "easy")
        page.click("button[data-key=add-bot]")
        page.wait_for_function("() => document.querySelectorAll('.seat-row.bot').length === 2")
        assert "hard" in bots.nth(0).inner_text()
        assert "easy" in bots.nth(1).inner_text()
        # The first one goes again; the other is made an expert.
        page.click("button[data-key=remove-1]")
        page.wait_for_function("() => document.querySelectorAll('.seat-row.bot').length === 1")
        page.select_option("select[data-key=level-2]", "expert")
        page.wait_for_function("() => document.querySelector('.seat-row.bot').innerText.includes('expert')")
        page.click("button[data-key=fill]")
        page.wait_for_function("() => document.querySelectorAll('.seat-row.bot').length === 3")
        names = [line.split("(")[0].strip() for line in bots.all_inner_texts()]
        assert len(set(names)) == 3, names  # every computer player has a name of its own
        assert not {"easy", "medium", "hard", "expert"} & {name.lower() for name in names}
        page.click("button[data-key=start]")
        page.wait_for_selector(".table")
        assert page.locator(".seats-round .seat .bot-icon").count() == 3  # marked as computer players
        for name in names:
            assert name in page.inner_text(".seats-round")
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        context.close()


def test_the_host_picks_a_character_by_name_reads_what_it_is_like_and_it_sits_under_that_name(
    browser: Browser, server: ServerProcess
) -> None:
    context, page = new_page(browser, viewport={"width": 390, "height": 844})
    try:
        create_table(page, server, "Anna", players=3)
        about = page.locator("#bot-level-about")
        assert about.inner_text() == "Counts the cards and doubts by the odds."  # medium, the default
        characters = page.locator("#bot-level optgroup").nth(1).locator("option").all_inner_texts()
        assert {"Felix (easy)", "Clara (medium)"} <= set(characters), characters
        page.select_option("#bot-level", "bluffer")
        page.wait_for_function("() => document.querySelector('#bot-level-about').innerText.startsWith('Bluffs')")
        assert page.input_value("#bot-level") == "bluffer"  # the choice stays through the page's redraw
        page.click("button[data-key=add-bot]")
        page.wait_for_function("() => document.querySelectorAll('.seat-row.bot').length === 1")
        felix = page.locator(".seat-row.bot").nth(0)
        assert felix.locator(".who").inner_text().startswith("Felix")
        assert "Bluffs on most turns" in felix.locator(".character-line").inner_text()
        assert "easy" in felix.locator(".bot-mark").inner_text()
        page.select_option("select[data-key=level-1]", "cautious")  # the host changes it into another one
        page.wait_for_function("() => document.querySelector('.seat-row.bot .who').innerText.startsWith('Clara')")
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        context.close()


def test_a_reaction_shows_at_the_senders_seat_and_the_server_limits_them(
    browser: Browser, server: ServerProcess
) -> None:
    anna_context, anna = new_page(browser)
    bo_context, bo = new_page(browser)
    try:
        code = create_table(anna, server, "Anna", players=3)
        join_by_code(bo, server, "Bo", code)
        fill_and_start(anna)
        bo.wait_for_selector(".table")
        # Anna (seat 0) starts, so Bo waits: the waiting line must be readable, not paper on paper.
        bo.wait_for_selector(".waiting-text")
        assert "Anna" in bo.inner_text(".waiting-text")
        contrast = [v for v in serious_violations(bo) if v.startswith("color-contrast")]
        assert contrast == []
        colours = bo.evaluate(
            """() => { const text = document.querySelector('.waiting-text');
                const bar = document.querySelector('.action-bar');
                return [getComputedStyle(text).color, getComputedStyle(bar).backgroundColor]; }"""
        )
        assert colours[0] != colours[1]
        anna.click("button[data-key=react]")
        anna.click("button[data-key=react-nice_bluff]")
        bo.wait_for_selector('.seat[data-seat="0"] .reaction-bubble')
        assert bo.inner_text('.seat[data-seat="0"] .reaction-bubble') == "Nice bluff!"
        # At once again: the server refuses (reactions are rate-limited), and says so.
        anna.click("button[data-key=react]")
        anna.click("button[data-key=react-wow]")
        anna.wait_for_selector(".notice:not(.empty)")
        assert "reaction" in anna.inner_text(".notice")
        bo.wait_for_timeout(300)
        assert "Wow!" not in bo.inner_text(".seats-round")
        assert anna.errors == []  # type: ignore[attr-defined]
        assert bo.errors == []  # type: ignore[attr-defined]
    finally:
        anna_context.close()
        bo_context.close()


@pytest.mark.parametrize("width", [360, 390])
def test_a_hand_of_52_cards_keeps_every_card_in_reach_on_a_phone(
    browser: Browser, server: ServerProcess, width: int
) -> None:
    # Tall enough to show the whole hand at once: a point off the screen hits nothing.
    context, page = new_page(browser, viewport={"width": width, "height": 1600}, is_mobile=True, has_touch=True)
    try:
        page.goto(server.http + "/")
        page.fill("#name", "Pat")
        page.click("summary[data-key=more]")
        page.check("#v4")  # V4: two players with two decks, 52 cards each
        page.select_option("#players", "2")
        page.select_option("#decks", "2")
        page.click("button[data-key=create]")
        page.wait_for_selector(".room-code .code")
        page.click("button[data-key=add-bot]")
        page.wait_for_selector("button[data-key=start]:not([disabled])")
        page.click("button[data-key=start]")
        page.wait_for_selector(".hand button.card")
        assert page.locator(".hand button.card").count() == 52
        # Each card must show a strip of its own, at least 24 px wide, that a finger lands on.
        unreachable = page.evaluate(
            """() => [...document.querySelectorAll('.hand button.card')].filter((card) => {
                const box = card.getBoundingClientRect();
                if (box.left < 0 || box.right > document.documentElement.clientWidth) return true;
                const hit = document.elementFromPoint(box.left + 12, box.bottom - 8);
                return !(hit === card || card.contains(hit));
            }).map((card) => card.ariaLabel)"""
        )
        assert unreachable == []
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        context.close()


#: Counts the tones the page starts and the card flights it lays over the page (runs before any script).
WATCH_SOUND_AND_MOTION = """
window.__tones = 0; window.__flights = 0; window.__flightsTakingClicks = 0; window.__longestFlight = 0;
const original = window.AudioContext && window.AudioContext.prototype.createOscillator;
if (original) window.AudioContext.prototype.createOscillator = function () {
  window.__tones += 1;
  return original.call(this);
};
new MutationObserver((changes) => { for (const change of changes) for (const node of change.addedNodes) {
  if (node.classList && node.classList.contains("flying")) {
    window.__flights += 1;
    node.__born = performance.now();
    if (getComputedStyle(node).pointerEvents !== "none") window.__flightsTakingClicks += 1;
  }
} for (const change of changes) for (const node of change.removedNodes) {
  if (node.__born) window.__longestFlight = Math.max(window.__longestFlight, performance.now() - node.__born);
} }).observe(document, { childList: true, subtree: true });
"""


def test_sound_is_off_until_turned_on_and_the_choice_is_remembered(browser: Browser, server: ServerProcess) -> None:
    context, page = new_page(browser)
    page.add_init_script(WATCH_SOUND_AND_MOTION)
    try:
        create_table(page, server, "Sol", players=3)
        assert page.get_attribute("button[data-key=sound]", "aria-pressed") == "false"
        fill_and_start(page)
        page.wait_for_selector("button[data-key=play]")
        assert page.evaluate("window.__tones") == 0  # off by default: not a sound on the first turn
        page.click("button[data-key=sound]")
        assert page.get_attribute("button[data-key=sound]", "aria-pressed") == "true"
        assert page.evaluate("window.__tones") > 0  # a cue says it is on
        page.reload()
        page.wait_for_selector(".table")
        assert page.get_attribute("button[data-key=sound]", "aria-pressed") == "true"
        before = page.evaluate("window.__tones")
        act_until_tones = time.monotonic() + 60
        while page.evaluate("window.__tones") == before:  # the next turn or doubt is heard
            assert time.monotonic() < act_until_tones, "no cue was played"
            take_turn(page, lambda _: True)
            page.wait_for_timeout(50)
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        context.close()


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_cards_fly_to_the_pile_without_taking_clicks_unless_less_motion_is_asked(
    browser: Browser, server: ServerProcess, motion: str
) -> None:
    context, page = new_page(browser, reduced_motion=motion)
    page.add_init_script(WATCH_SOUND_AND_MOTION)
    try:
        create_table(page, server, "Mo", players=3)
        fill_and_start(page)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and page.locator(".log li").count() < 6:
            take_turn(page, lambda _: False)
            page.wait_for_timeout(50)
        assert page.locator(".log li").count() >= 6
        flights = page.evaluate("window.__flights")
        if motion == "reduce":
            assert flights == 0
        else:
            assert flights > 0
            assert page.evaluate("window.__flightsTakingClicks") == 0
            # Every flight is gone within the animation's 380 ms, its small delays and a margin.
            assert 0 < page.evaluate("window.__longestFlight") <= 700
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        context.close()


def test_on_a_phone_everything_needed_is_in_reach_and_nothing_jumps(browser: Browser, server: ServerProcess) -> None:
    context, page = new_page(browser, viewport={"width": 360, "height": 640}, is_mobile=True, has_touch=True)
    try:
        page.goto(server.http + "/")
        create = page.locator("button[data-key=create]").bounding_box()
        assert create is not None
        assert create["y"] + create["height"] <= 640  # "Create table" above the fold
        page.fill("#name", "Pat")
        page.click("summary[data-key=more]")
        page.check("#v4")  # two players, one deck: 26 cards each
        page.select_option("#players", "2")
        page.click("button[data-key=create]")
        page.wait_for_selector(".room-code .code")
        page.click("button[data-key=add-bot]")
        page.wait_for_selector("button[data-key=start]:not([disabled])")
        page.click("button[data-key=start]")
        page.wait_for_selector("button[data-key=play]")
        assert page.locator("#announce").count() == 0  # no one-choice rank menu unless V5
        # The action bar stays at the bottom of the screen, below the hand, wherever the page is scrolled.
        for scroll in (0, 400):
            page.evaluate("(y) => window.scrollTo(0, y)", scroll)
            bar = page.locator(".action-bar").bounding_box()
            assert bar is not None
            assert bar["y"] + bar["height"] <= 641
        hand_top = page.evaluate("() => document.querySelector('.hand-panel').getBoundingClientRect().top + scrollY")
        # A tap answers at once: the button says the play was sent before the server has answered.
        if not page.locator("button[data-key=play]").is_enabled():
            page.locator(".hand button.card").first.click()
        busy = page.evaluate(
            """() => { const button = document.querySelector('button[data-key=play]'); button.click();
                const now = document.querySelector('button[data-key=play]');
                return now && now.getAttribute('aria-busy'); }"""
        )
        assert busy == "true"
        page.wait_for_selector("button[data-key=doubt]:not([disabled]), button[data-key=play]:not([aria-busy])")
        deadline = time.monotonic() + 30
        while not page.locator("button[data-key=doubt]:not([disabled])").count():  # the bot's claim
            assert time.monotonic() < deadline
            take_turn(page, lambda _: False)
            page.wait_for_timeout(30)
        # The doubt timer runs on the doubt button itself, and opening the window moved nothing above it.
        assert page.locator("button[data-key=doubt] #timer").count() == 1
        assert page.locator("button[data-key=doubt] .timebar").count() == 1
        again = page.evaluate("() => document.querySelector('.hand-panel').getBoundingClientRect().top + scrollY")
        assert again == hand_top
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        context.close()


HAND_TOP = "() => document.querySelector('.hand-panel').getBoundingClientRect().top + scrollY"


@pytest.mark.parametrize("language", ["en", "mn", "lb", "af"])
def test_on_a_phone_the_hand_stays_put_through_reveals_long_words_and_refusals(
    browser: Browser, server: ServerProcess, language: str
) -> None:
    """Whatever is turned up (one card or four, a long verdict), however long the due rank's name, and when
    the server refuses something, the cards under a finger do not move."""
    context, page = new_page(
        browser, viewport={"width": 360, "height": 640}, is_mobile=True, has_touch=True, locale=language
    )
    try:
        page.goto(server.http + "/")
        page.fill("#name", "Pat")
        page.select_option("#players", "4")
        page.click("button[data-key=create]")
        page.wait_for_selector(".room-code .code")
        fill_and_start(page)
        page.wait_for_selector(".hand-panel")
        top = page.evaluate(HAND_TOP)
        # A refusal (a second reaction within two seconds) floats over the table, and a tap dismisses it.
        for _ in range(2):
            page.click("button[data-key=react]")
            page.click("button[data-key=react-wow]")
        page.wait_for_selector(".notice.floating")
        assert page.evaluate(HAND_TOP) == top
        page.click(".notice.floating")
        page.wait_for_selector(".notice.empty", state="attached")
        reveals: set[str] = set()
        dues: set[str] = set()
        deadline = time.monotonic() + 40
        while (len(reveals) < 4 or len(dues) < 4) and time.monotonic() < deadline:
            if take_turn(page, lambda _: True) == "over":
                break
            reveals.add(page.inner_text(".reveal"))
            dues.add(page.inner_text(".status .due"))
            assert page.evaluate(HAND_TOP) == top, (reveals, dues)
            page.wait_for_timeout(30)
        assert len(reveals) >= 3  # (nothing turned up yet, and at least two doubts settled)
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        context.close()


#: For every rank, the status line as the page words it (its own catalog), with the longest pile count beside
#: it: the due rank's width and the room it was given. Measured at once, before the next drawing of the table.
DUE_WIDTHS = """async () => {
  const base = document.querySelector("script[type=module]").src;
  const { t } = await import(new URL("i18n.js", base));
  const { RANKS, rankPlural } = await import(new URL("cards.js", base));
  const due = document.querySelector(".table .status .due");
  const pile = document.querySelector(".table .status .pile-count");
  pile.textContent = t("Pile: %(count)d cards", { count: 104 });
  return RANKS.map((rank) => {
    due.textContent = t("Due: %(rank)s", { rank: rankPlural(rank) });
    return [due.textContent, due.scrollWidth, due.clientWidth, document.documentElement.scrollWidth];
  });
}"""


@pytest.mark.parametrize("language", ["en", "mn", "lb", "af"])
def test_on_a_small_phone_the_due_rank_is_never_cut_in_the_status_line(
    browser: Browser, server: ServerProcess, language: str
) -> None:
    """In a flat oval the status line is the only place that names the due rank: whatever the rank and however
    big the pile, the pile's count gives way and the due rank is read whole, with nothing pushed sideways."""
    context, page = new_page(browser, viewport={"width": 360, "height": 640}, locale=language)
    try:
        create_table(page, server, "Pat", players=3)
        fill_and_start(page)
        page.wait_for_selector(".table .status .due")
        widths = page.evaluate(DUE_WIDTHS)
        assert len(widths) == 13
        cut = [text for text, needed, given, _ in widths if needed > given]
        assert cut == []
        assert all(page_width <= 360 for *_, page_width in widths)
    finally:
        context.close()


def test_the_host_hands_hosting_to_another_person_at_the_table(browser: Browser, server: ServerProcess) -> None:
    anna_context, anna = new_page(browser)
    bo_context, bo = new_page(browser)
    try:
        code = create_table(anna, server, "Anna", players=4)
        join_by_code(bo, server, "Bo", code)
        assert bo.locator("button[data-key=add-bot]").count() == 0  # not the host (yet)
        # Screen readers hear who sat down.
        anna.wait_for_function("() => document.getElementById('announcer').textContent.includes('Bo sat down.')")
        anna.wait_for_selector("button[data-key=host-1]")
        anna.click("button[data-key=host-1]")
        bo.wait_for_selector("button[data-key=add-bot]")  # Bo may seat computer players and start now
        assert "host" in bo.locator(".seat-row").nth(1).inner_text()
        bo.click("button[data-key=fill]")
        bo.wait_for_selector("button[data-key=start]:not([disabled])")
        bo.click("button[data-key=start]")
        anna.wait_for_selector(".table")
        anna.wait_for_function("() => document.getElementById('announcer').textContent.includes('cards are dealt')")
        assert anna.errors == []  # type: ignore[attr-defined]
        assert bo.errors == []  # type: ignore[attr-defined]
    finally:
        anna_context.close()
        bo_context.close()


def test_a_locked_table_takes_nobody_new_and_says_so(browser: Browser, server: ServerProcess) -> None:
    anna_context, anna = new_page(browser)
    bo_context, bo = new_page(browser)
    try:
        code = create_table(anna, server, "Anna", players=3)
        anna.check("#lock")
        anna.wait_for_function("() => document.querySelector('#lock').checked")
        bo.goto(server.http + "/")
        bo.fill("#name", "Bo")
        bo.fill("#code", code)
        bo.click("button[data-key=join]")
        bo.wait_for_selector(".notice:not(.empty)")
        assert "locked" in bo.inner_text(".notice")
        anna.uncheck("#lock")
        anna.wait_for_timeout(300)
        bo.click("button[data-key=join]")
        bo.wait_for_selector(".room-code .code")
        anna.wait_for_function("() => document.querySelector('.seats').innerText.includes('Bo')")
        assert anna.errors == []  # type: ignore[attr-defined]
        assert bo.errors == []  # type: ignore[attr-defined]
    finally:
        anna_context.close()
        bo_context.close()
