"""The terminal game's sentences (``idoubtit.tui.text``): what the person reads of each event."""

# ruff: noqa: N802  (a test named after the variant it checks, V3)

from __future__ import annotations

import pytest

from idoubtit.engine import Game, GameOver, Rank, Rules
from idoubtit.i18n import translations
from idoubtit.tui.text import Narrator, called_game, called_note, finishing_order


def called_game_of_three() -> Game:
    """A V3 game whose play on goes round in circles: seat 0 finishes, the other two announce wrong ranks
    (V5, R7) and take their own cards back every turn, until the engine calls the game."""
    game = Game.from_hands(Rules(3, play_on_for_places=True, strict_announcing=True), ["AS", "KS KH", "QS"])
    game.play(0, "AS", "A")
    while not game.is_over:
        seat = game.to_play
        game.play(seat, game.hand(seat)[:1], Rank.TWO if game.due_rank is not Rank.TWO else Rank.THREE)
    return game


def test_V3_a_called_game_tells_why_it_ended_and_the_places_follow_the_cards_held() -> None:
    game = called_game_of_three()
    over = game.events()[-1]
    assert isinstance(over, GameOver)
    assert over.called
    tr = translations("en")
    narrator = Narrator(tr, ["You", "Max", "Ann"], me=0)
    told = narrator.tell(over)
    assert told == f"{called_game(tr)} You win the game!"
    assert told.startswith("The same position came round a third time")
    assert narrator.tell(over._replace(called=False)) == "You win the game!"
    assert called_note(tr, game.view(1)) == called_game(tr)  # the result screen says it too
    order = finishing_order(tr, game.view(0), ["You", "Max", "Ann"])
    assert order == ["1. You: out", "2. Ann: 1 card left", "3. Max: 3 cards left"]


@pytest.mark.parametrize("language", ["mn", "lb", "af"])
def test_the_called_game_sentence_is_translated(language: str) -> None:
    english = called_game(translations("en"))
    text = called_game(translations(language))
    assert text
    assert text != english


def test_a_game_that_ends_as_usual_has_no_called_note() -> None:
    game = Game.from_hands(Rules(3, play_on_for_places=True), ["AS", "KS", "QS QH"])
    game.play(0, "AS")
    game.play(1, "KS")  # the last two cards of the game's play on: seat 1 goes out, seat 2 is left
    assert game.is_over
    assert called_note(translations("en"), game.view(2)) is None
