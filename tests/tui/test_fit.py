"""The full-screen game fits the terminals people have: every control whole at 80×24 and 120×40, in
every language, on your turn and in a doubt window; a big hand wraps; keys typed at once count."""

from __future__ import annotations

import random

import pytest
from rich.cells import cell_len
from textual import events
from textual.errors import NoWidget
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Button, Select, Static
from textual.widgets._footer import FooterKey

from idoubtit import STANDARD_DECK, Game, Played, Rules
from idoubtit.bots import make_bot
from idoubtit.i18n import LANGUAGES, translations
from idoubtit.tui.app import CardButton, TableApp
from idoubtit.tui.text import rank_names

SIZES = [(80, 24), (120, 40)]


def table(game: Game, language: str = "en") -> TableApp:
    bots = {seat: make_bot("honest", random.Random(seat)) for seat in range(1, game.rules.players)}
    return TableApp(game, bots, translations(language), delay=0)


def whole(app: TableApp, widget: Widget) -> bool:
    """Is all of ``widget`` on the screen, clipped by no container?"""
    geometry = app.screen.find_widget(widget)
    return app.screen.region.contains_region(geometry.region) and geometry.clip.contains_region(geometry.region)


async def laid_out(pilot: Pilot[None], app: TableApp) -> None:
    """Wait until every control on the screen has a place in its layout: on a busy machine one pause
    can end before the footer, recomposed when the bindings change, is laid out again."""
    for _ in range(200):
        await pilot.pause()
        try:
            for widget in app.screen.query("Button, Select, FooterKey, .seat"):
                app.screen.find_widget(widget)
        except NoWidget:
            continue
        return
    raise AssertionError("the screen was never laid out")


def cut_controls(app: TableApp) -> list[str]:
    """Every control (button, card, rank choice, footer key, line of the players' list) that is not
    wholly on the screen, or too narrow for its label."""
    problems = []
    for button in app.screen.query(Button):
        label = str(button.label)
        # A button's label has a cell of padding either side (Textual's line-pad).
        if not whole(app, button) or button.content_region.width < cell_len(label) + 2:
            problems.append(f"button {label!r} at {button.region}")
    select = app.screen.query_one("#rank", Select)
    longest = max(map(cell_len, rank_names(app.tr).values()))
    if not whole(app, select) or select.query_one("#label").content_region.width < longest:
        problems.append(f"rank choice at {select.region}")
    problems += [f"footer key {key.description!r}" for key in app.screen.query(FooterKey) if not whole(app, key)]
    for line in app.screen.query(".seat").results(Static):
        if not whole(app, line) or line.content_region.width < cell_len(str(line.render())):
            problems.append(f"players' line {line.render()!s}")
    return problems


@pytest.mark.parametrize("size", SIZES, ids=lambda size: "{}x{}".format(*size))
@pytest.mark.parametrize("language", list(LANGUAGES))
async def test_every_control_is_whole_on_your_turn_and_in_a_doubt_window(language: str, size: tuple[int, int]) -> None:
    app = table(Game.deal(Rules(4), 3), language)
    async with app.run_test(size=size) as pilot:
        await laid_out(pilot, app)
        assert app.game.view(0).must_play
        assert cut_controls(app) == []
        await pilot.press("c", "enter", "p")
        for _ in range(200):
            await pilot.pause()
            if app.game.view(0).may_doubt:
                break
        assert app.game.view(0).may_doubt
        assert not app.query_one("#let-go", Button).disabled
        await laid_out(pilot, app)
        assert cut_controls(app) == []


NAMES = [("You", "Max", "Ivy", "Ben"), ("You", "Nora", "Mia", "Sam"), ("You", "Al", "Bo", "Cy")]


@pytest.mark.parametrize("names", NAMES)
async def test_the_players_list_keeps_one_line_a_player_whatever_the_names_at_80x24(names: tuple[str, ...]) -> None:
    """Short names make narrow columns: the grid must still leave each line its whole width (three columns
    of 24 cells once cut "Max (computer) 13 cards" after "13")."""
    game = Game.deal(Rules(4), 3)
    bots = {seat: make_bot("honest", random.Random(seat)) for seat in range(1, 4)}
    app = TableApp(game, bots, translations("en"), delay=0, names=names)
    async with app.run_test(size=(80, 24)) as pilot:
        await laid_out(pilot, app)
        lines = list(app.screen.query(".seat").results(Static))
        assert [line.region.height for line in lines] == [1, 1, 1, 1]
        assert cut_controls(app) == []


def big_hand_game() -> Game:
    """An 11-seat game (two decks, R1) where you hold 44 cards, as after taking a big pile."""
    deck = list(STANDARD_DECK) * 2
    random.Random(4).shuffle(deck)
    return Game.from_hands(Rules(11), [deck[:44], *(deck[44 + 6 * seat : 50 + 6 * seat] for seat in range(10))])


@pytest.mark.parametrize("language", ["en", "lb"])
async def test_a_big_hand_wraps_and_every_card_can_be_clicked_at_80x24(language: str) -> None:
    app = table(big_hand_game(), language)
    async with app.run_test(size=(80, 24)) as pilot:
        await laid_out(pilot, app)
        cards = list(app.query(CardButton))
        assert len(cards) == 44
        assert cut_controls(app) == []
        assert len({card.region.y for card in cards}) > 1  # more than one row
        await pilot.press("c")
        for card in cards:
            await pilot.click(card)
        assert all(card.picked for card in cards)
        await pilot.press("p")
        await pilot.pause()
        played = next(event for event in app.game.view(0).log if isinstance(event, Played))
        assert played.count == 44  # D5: no cap on cards per play


async def test_the_arrows_move_along_and_across_the_rows_of_a_big_hand() -> None:
    app = table(big_hand_game())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        cards = list(app.query(CardButton))
        per_row = sum(1 for card in cards if card.region.y == cards[0].region.y)
        await pilot.press("right", "down")
        assert app.focused is cards[1 + per_row]
        await pilot.press("up", "left")
        assert app.focused is cards[0]


def hand_with_aces(players: int = 4) -> tuple[Game, int]:
    """A deal where seat 0 holds at least one Ace (the first due rank, R5), and how many."""
    for seed in range(100):
        game = Game.deal(Rules(players), seed)
        aces = sum(1 for card in game.hand(0) if card.rank.symbol == "A")
        if aces:
            return game, aces
    raise AssertionError("no deal with an Ace for seat 0")


async def test_the_cards_of_the_due_rank_are_picked_for_you() -> None:
    game, aces = hand_with_aces()
    app = table(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        picked = [card.card for card in app.query(CardButton) if card.picked]
        assert len(picked) == aces
        assert all(card.rank.symbol == "A" for card in picked)
        await pilot.press("p")
        await pilot.pause()
        played = next(event for event in app.game.view(0).log if isinstance(event, Played))
        assert played.count == aces
        assert sorted(map(str, played.cards or ())) == sorted(map(str, picked))


@pytest.mark.parametrize("enter", ["enter", "ctrl+j"])
async def test_keys_typed_while_the_table_starts_are_not_lost(enter: str) -> None:
    """Keys that arrive before the table is drawn wait in the queue; they must still pick and play.
    (A terminal still in line mode sends Enter as Ctrl+J.)"""
    game = Game.deal(Rules(3), 1)
    first = game.hand(0)[0]
    app = table(game)
    for key in ("c", enter, "p"):  # put back what was picked for us, pick the first card, play it
        app.post_message(events.Key(key, None))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        played = next(event for event in app.game.view(0).log if isinstance(event, Played))
        assert played.cards == (first,)


async def test_keys_pressed_the_moment_the_table_is_up_count() -> None:
    game = Game.deal(Rules(3), 1)
    first = game.hand(0)[0]
    app = table(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c", "space", "p")
        await pilot.pause()
        played = next(event for event in app.game.view(0).log if isinstance(event, Played))
        assert played.cards == (first,)
