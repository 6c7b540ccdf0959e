"""The full-screen game, driven headless through Textual's pilot, as a person would play it."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from textual import events
from textual.widgets import Button, RichLog, Static

from idoubtit import Action, Decline, Game, Phase, Play, Rank, Rules, View
from idoubtit.bots import make_bot
from idoubtit.coach import Coach
from idoubtit.i18n import translations
from idoubtit.tui import app as table_module
from idoubtit.tui.app import CardButton, ResultScreen, TableApp
from idoubtit.tui.text import called_game, table_coach


def table(rules: Rules, seed: int, language: str = "en") -> TableApp:
    game = Game.deal(rules, seed)
    bots = {seat: make_bot("honest", random.Random(seat)) for seat in range(1, rules.players)}
    return TableApp(game, bots, translations(language), delay=0)


def log_text(app: TableApp) -> str:
    return "\n".join(strip.text for strip in app.query_one("#log", RichLog).lines)


async def test_a_whole_game_with_the_keyboard_then_another() -> None:
    app = table(Rules(3), seed=5)
    async with app.run_test(size=(110, 34)) as pilot:
        doubts = 0
        for _ in range(2000):
            await pilot.pause()
            if app.game.is_over:
                break
            view = app.game.view(0)
            if view.must_play:
                await pilot.press("right", "enter", "p")  # pick the second card (or the first) and play
            elif view.may_doubt:
                doubts += 1
                await pilot.press("d" if doubts % 3 == 0 else "n")
        await pilot.pause()
        assert app.game.is_over
        assert isinstance(app.screen, ResultScreen)
        assert "I doubt it" in log_text(app) or doubts < 3
        result = str(app.screen.query_one("#result-text", Static).render())
        assert "wins" in result or "You win!" in result
        # Every seat in the finishing order: the winner out, the others with the cards they were left with.
        assert next(line.split(":")[-1] for line in result.splitlines() if line[:2] in {"1.", "2.", "3."}) == " out"
        assert sum("cards left" in line or "card left" in line for line in result.splitlines()) == 2
        first_game = app.game
        await pilot.press("n")  # another game at the same table
        await pilot.pause()
        assert app.game is not first_game
        assert app.game.first == 1  # D8: the seat after the previous first player starts
        assert app.played == [first_game]  # kept for the archive, which stores every game of the table
        assert not isinstance(app.screen, ResultScreen)
        await pilot.press("q")


async def test_each_game_at_the_table_gets_a_coach_of_its_own_seeded_by_its_number(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The coach's randomness is the game's number at the table (public), never its deal's seed: the
    next game's coach too comes from :func:`~idoubtit.tui.text.table_coach`, which is never shown the deal."""
    numbers: list[int] = []

    def counted(rules: Rules, me: int, number: int = 1) -> Coach:
        numbers.append(number)
        return table_coach(rules, me, number)

    monkeypatch.setattr(table_module, "table_coach", counted)
    game = Game.deal(Rules(3), 5)
    bots = {seat: make_bot("honest", random.Random(seat)) for seat in (1, 2)}
    app = TableApp(game, bots, translations("en"), delay=0, coach=True)
    async with app.run_test(size=(110, 34)) as pilot:
        first = app.coach
        await app.after_result(True)  # what "another game" on the result screen does
        await pilot.pause()
        assert app.game is not game
        assert app.coach is not first
        assert numbers == [1, 2]
        await pilot.press("q")


async def test_picking_cards_with_the_mouse_and_playing_them() -> None:
    app = table(Rules(4), seed=2)
    async with app.run_test(size=(110, 34)) as pilot:
        await pilot.pause()
        buttons = list(app.query(CardButton))
        await pilot.press("c")  # put back the cards picked for us
        await pilot.click(buttons[0])
        await pilot.click(buttons[2])
        assert [button.picked for button in buttons[:3]] == [True, False, True]
        picked = {buttons[0].card, buttons[2].card}
        await pilot.click("#play")
        await pilot.pause()
        played = next(event for event in app.game.view(0).log if event.to_dict()["type"] == "played")
        assert played.to_dict()["count"] == 2
        assert set(getattr(played, "cards", ())) == picked
        assert "You put down “2 Aces”." in log_text(app)


async def test_the_hand_is_redrawn_in_place_between_moves() -> None:
    """The hand does not blank between moves: its cards' buttons stay and are relabelled, only the
    difference in number is mounted or removed, and a pick made while others play is kept."""
    app = table(Rules(4), seed=2)
    async with app.run_test(size=(110, 34)) as pilot:
        await pilot.pause()
        before = list(app.query(CardButton))
        await pilot.press("p")  # the cards picked for us (the due rank), or one card
        await pilot.pause()
        for _ in range(50):  # the bots play on (no delay) until the person is asked again
            view = app.game.view(0)
            if view.must_play or view.may_doubt or app.game.is_over:
                break
            await pilot.pause()
        after = list(app.query(CardButton))
        hand = app.game.view(0).hand
        assert [button.card for button in after] == list(hand)
        assert [str(button.label) for button in after] == [card.pretty() for card in hand]
        assert all(old is new for old, new in zip(before, after, strict=False)), "the hand was rebuilt"
        assert [button.position for button in after] == list(range(len(hand)))
        assert all(button.has_class("red") == (button.card.suit.value in "HD") for button in after)


async def test_a_pick_made_while_others_play_is_kept_until_the_hand_changes() -> None:
    """A redraw that finds the same hand (a bot moved) leaves the person's pick alone."""
    app = table(Rules(4), seed=2)
    async with app.run_test(size=(110, 34)) as pilot:
        await pilot.pause()
        await pilot.press("p")  # our claim; the bots answer, play on, and ask us about a claim
        for _ in range(50):
            await pilot.pause()
            if app.game.view(0).may_doubt:
                break
        assert app.game.view(0).may_doubt, "seed 2 must bring a doubt window to the person"
        buttons = list(app.query(CardButton))
        assert not any(button.picked for button in buttons)
        await pilot.press("right", "enter")
        picked = [button.position for button in buttons if button.picked]
        assert len(picked) == 1
        await app.refresh_hand()  # what every move of the game does
        assert [button.position for button in app.query(CardButton) if button.picked] == picked


@pytest.mark.parametrize(("language", "words"), [("en", "You claim “1 Ace”."), ("af", "Jy sê “1 aas”.")])
async def test_the_prompt_speaks_to_the_person_about_their_own_claim(language: str, words: str) -> None:
    """While the others decide on the person's claim the prompt says "You claim", not "You claims"."""
    app = table(Rules(4), seed=2, language=language)
    async with app.run_test(size=(110, 34)) as pilot:
        await pilot.pause()
        card = app.game.view(0).hand[0]
        app.game.play(0, (card,), app.game.due_rank)  # the window on our claim, before the bots answer
        assert app.prompt_text() == words


async def test_arrow_keys_typed_faster_than_the_focus_follows_each_move_one_card() -> None:
    """A held arrow key repeats faster than the focus moves (Textual moves it after the key is handled):
    every press still counts, so five presses and one back land four cards on, and Enter picks that card."""
    app = table(Rules(4), seed=2)
    async with app.run_test(size=(110, 34)) as pilot:
        await pilot.pause()
        await pilot.press("c")
        buttons = list(app.query(CardButton))
        await pilot.press("right")  # the keyboard is on a card now
        await pilot.pause()
        assert isinstance(app.focused, CardButton)
        start = app.focused.position
        for key in ("right",) * 5 + ("left", "enter"):
            app.post_message(events.Key(key, None))  # all queued before the first is handled
        await pilot.pause()
        assert [button.position for button in buttons if button.picked] == [(start + 4) % len(buttons)]


async def test_rows_of_the_hand_typed_faster_than_the_focus_follows() -> None:
    app = table(Rules(4), seed=2)
    async with app.run_test(size=(32, 34)) as pilot:  # a narrow terminal: the hand wraps onto rows
        await pilot.pause()
        buttons = list(app.query(CardButton))
        per_row = sum(1 for button in buttons if button.region.y == buttons[0].region.y)
        assert 2 * per_row < len(buttons), "the hand must take three rows for this test"
        await pilot.press("right", "left")  # the keyboard on the first card
        await pilot.pause()
        assert app.focused is buttons[0]
        for _ in range(2):
            app.post_message(events.Key("down", None))
        await pilot.pause()
        assert app.focused is buttons[2 * per_row]


async def test_nothing_happens_when_playing_without_picking() -> None:
    app = table(Rules(3), seed=1)
    async with app.run_test(size=(110, 34)) as pilot:
        await pilot.pause()
        await pilot.press("c", "p")
        await pilot.pause()
        assert app.game.step == 0
        assert "Pick one or more cards" in str(app.query_one("#prompt", Static).render())


async def test_v5_strict_announcing_asks_for_the_rank() -> None:
    app = table(Rules(3, strict_announcing=True), seed=1)
    async with app.run_test(size=(110, 34)) as pilot:
        await pilot.pause()
        await pilot.press("c", "enter", "p")  # a card picked, but no rank chosen
        await pilot.pause()
        assert app.game.step == 0
        assert "say which rank you announce" in str(app.query_one("#prompt", Static).render())


async def test_the_doubt_buttons_work_only_in_a_doubt_window() -> None:
    app = table(Rules(3), seed=4)
    async with app.run_test(size=(110, 34)) as pilot:
        await pilot.pause()
        assert app.query_one("#doubt", Button).disabled
        await pilot.press("d")
        assert app.game.step == 0
        await pilot.press("c", "enter", "p")
        for _ in range(50):
            await pilot.pause()
            if app.game.view(0).may_doubt:
                break
        assert app.game.phase is Phase.DOUBT
        assert not app.query_one("#doubt", Button).disabled
        await pilot.click("#doubt")
        await pilot.pause()
        assert any(event.to_dict()["type"] == "doubted" for event in app.game.view(0).log)


async def test_the_table_speaks_the_chosen_language() -> None:
    app = table(Rules(3), seed=1, language="af")
    async with app.run_test(size=(110, 34)) as pilot:
        await pilot.pause()
        assert str(app.query_one("#doubt", Button).label).startswith("Ek twyfel dit")


async def test_the_coach_shows_its_word_under_the_prompt() -> None:
    game = Game.deal(Rules(3), 5)
    bots = {seat: make_bot("medium", random.Random(seat)) for seat in (1, 2)}
    app = TableApp(game, bots, translations("en"), delay=0, coach=True)
    async with app.run_test(size=(80, 24)) as pilot:
        said: set[str] = set()
        for _ in range(200):
            await pilot.pause()
            view = app.game.view(0)
            words = str(app.query_one("#coach", Static).render())
            if view.must_play or view.may_doubt:
                assert words.startswith("Coach: ")
                said.add("bluff" if words.startswith("Coach: bluff ") else "move")
                await (pilot.press("right", "enter", "p") if view.must_play else pilot.press("n"))
            if app.game.is_over or len(said) > 1:
                break
        assert said == {"bluff", "move"}  # a claim's meter as well as a move
        await pilot.press("q")


class WrongAnnouncer:
    """A computer player that always announces a rank other than the one due (V5), so R7 hands its card
    back every turn: two of them, once the person has gone out, meet the same position again and again."""

    name = "wrong announcer"

    def act(self, view: View) -> Action:
        assert view.seat is not None
        if not view.must_play:
            return Decline(view.seat)
        wrong = Rank.TWO if view.due_rank is not Rank.TWO else Rank.THREE
        return Play(view.seat, view.hand[:1], wrong)


@pytest.mark.parametrize("language", ["en", "mn", "lb", "af"])
async def test_V3_a_play_on_that_goes_round_in_circles_ends_called_and_the_result_says_why(  # noqa: N802
    language: str, tmp_path: Path
) -> None:
    rules = Rules(3, play_on_for_places=True, strict_announcing=True)
    game = Game.from_hands(rules, ["AS", "KS KH", "QS"])
    game.play(0, "AS", "A")  # the person goes out first (R10), and the two computer players play on (V3)
    tr = translations(language)
    app = TableApp(game, {1: WrongAnnouncer(), 2: WrongAnnouncer()}, tr, delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(200):
            await pilot.pause()
            if isinstance(app.screen, ResultScreen):
                break
        assert app.game.is_over
        assert app.game.places == (0, 2, 1)  # seat 2 holds one card, seat 1 three
        result = str(app.screen.query_one("#result-text", Static).render())
        assert called_game(tr) in result
        assert called_game(tr) in " ".join(log_text(app).split())  # the log wraps its lines
        folder = Path(os.environ.get("IDOUBTIT_SCREENSHOTS") or tmp_path)
        folder.mkdir(parents=True, exist_ok=True)
        app.save_screenshot(str(folder / f"terminal-called-{language}.svg"))
        await pilot.press("q")
