"""The checks before a table takes an action, one refusal at a time, in the protocol's order."""

from __future__ import annotations

import pytest

from idoubtit.bots.fallback import default_play
from idoubtit.engine import Card, Game, Rank, Rules
from idoubtit.server.checks import checked_action
from idoubtit.server.protocol import ActionRequest, ServerError


def dealt() -> Game:
    return Game.deal(Rules(3), seed=3)


def refusal(game: Game | None, seat: int | None, request: ActionRequest, *, answered: bool = False) -> str:
    with pytest.raises(ServerError) as refused:
        checked_action(game, seat, request, code="ABCDEF", answered=answered, at=(1, 0))
    return refused.value.code


def test_a_legal_play_comes_back_with_the_game_after_it_and_the_table_untouched() -> None:
    game = dealt()
    play = default_play(game.view(0))
    action, after = checked_action(
        game, 0, ActionRequest("play", "1.0", play.cards, play.rank), code="ABCDEF", answered=False, at=(1, 0)
    )
    assert action == play
    assert after.step == 1
    assert game.step == 0


def test_each_check_refuses_in_its_order() -> None:
    game = dealt()
    held = game.view(0).hand
    foreign = next(card for card in game.view(1).hand if card not in held)
    # Every request below fails several checks: the first in the protocol's order is the one named.
    wrong_everything = ActionRequest("play", "9.9", (foreign,), Rank.ACE, seat=2)
    assert refusal(game, None, wrong_everything) == "auth.spectator"
    assert refusal(game, 1, wrong_everything) == "auth.wrong_seat"
    assert refusal(None, 1, ActionRequest("play", "9.9", (foreign,))) == "game.not_started"
    assert refusal(game, 1, ActionRequest("play", "9.9", (foreign,))) == "game.not_your_turn"
    assert refusal(game, 1, ActionRequest("decline", "9.9")) == "game.no_window"
    assert refusal(game, 0, ActionRequest("play", "9.9", (foreign,), Rank.ACE)) == "action.not_held"
    assert refusal(game, 0, ActionRequest("play", "9.9", held[:1], Rank.ACE)) == "state.stale"


def test_a_seat_whose_doubt_waits_in_the_batch_has_answered() -> None:
    game = dealt()
    play = default_play(game.view(0))
    game.play(0, play.cards, play.rank)
    checked_action(game, 1, ActionRequest("decline", "1.0"), code="ABCDEF", answered=False, at=(1, 0))
    assert refusal(game, 1, ActionRequest("decline", "1.0"), answered=True) == "game.not_now"
    assert refusal(game, 0, ActionRequest("decline", "1.0")) == "game.not_now"  # its own claim


@pytest.mark.parametrize(
    ("state", "said"),
    [("1.0", "old"), ("3.0", "ahead of the table"), ("x", "not a state id"), ("2.٣", "not a state id")],
)
def test_a_stale_state_says_how_it_is_stale(state: str, said: str) -> None:
    game = dealt()
    card: Card = game.view(0).hand[0]
    with pytest.raises(ServerError, match=said):
        checked_action(game, 0, ActionRequest("play", state, (card,), Rank.ACE), code="X", answered=False, at=(2, 5))
