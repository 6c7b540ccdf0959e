"""Drive a game with computer players: each bot is asked with its own seat's view, never the game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from idoubtit.bots.base import Bot, start_game
from idoubtit.engine import Action, Decline, Doubt, Event, Game, IllegalActionError, Phase, Play


def ask(bot: Bot, game: Game, seat: int) -> Action:
    """The action ``bot`` chooses for ``seat``, checked to be of the kind the moment calls for."""
    action = bot.act(game.view(seat))
    if game.phase is Phase.PLAY:
        expected: tuple[type, ...] = (Play,)
    else:
        expected = (Doubt, Decline)
    own_seat = action.seats == (seat,) if isinstance(action, Doubt) else getattr(action, "seat", None) == seat
    if not isinstance(action, expected) or not own_seat:
        kinds = " or ".join(kind.__name__ for kind in expected)
        raise IllegalActionError(
            f"bot {bot.name!r} at seat {seat} answered {action}; it must answer {kinds} for itself"
        )
    return action


def window_answers(game: Game, bots: Mapping[int, Bot]) -> dict[int, bool]:
    """Ask every bot seat that may doubt now: True if it says "I doubt it", False if it declines."""
    return {seat: isinstance(ask(bots[seat], game, seat), Doubt) for seat in game.awaiting if seat in bots}


def settle_window(game: Game, doubters: Sequence[int], decliners: Sequence[int]) -> list[Event]:
    """Apply one decision round of a doubt window (D3): simultaneous doubts settle by R9; otherwise
    every decline is recorded (the window closes once all other players have declined)."""
    if doubters:
        return game.doubt(*doubters)
    events: list[Event] = []
    for seat in decliners:
        events.extend(game.decline(seat))
    return events


def play_turn(game: Game, bots: Mapping[int, Bot]) -> list[Event]:
    """One decision round with bots in every seat that must act now."""
    if game.phase is Phase.PLAY:
        return game.apply(ask(bots[game.to_play], game, game.to_play))
    answers = window_answers(game, bots)
    return settle_window(
        game,
        [seat for seat, doubts in answers.items() if doubts],
        [seat for seat, doubts in answers.items() if not doubts],
    )


def play_out(game: Game, bots: Sequence[Bot], max_rounds: int | None = None) -> Game:
    """Play ``game`` to its end with one bot per seat (or stop after ``max_rounds`` decision rounds).

    Each bot is told first that a game begins at its seat (:func:`~idoubtit.bots.base.start_game`).
    """
    seated = dict(enumerate(bots))
    for seat, bot in seated.items():
        start_game(bot, seat, game.rules)
    rounds = 0
    while not game.is_over and (max_rounds is None or rounds < max_rounds):
        play_turn(game, seated)
        rounds += 1
    return game
