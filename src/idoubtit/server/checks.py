"""The checks a person's action passes before a table takes it, in the order the protocol promises
(docs/protocol.md, "Order of checks"): token → game not over → this seat may act now → action legal →
state id. Each refusal is a :class:`~idoubtit.server.protocol.ServerError` that names what was wrong."""

from __future__ import annotations

from idoubtit.engine import Action, Decline, Doubt, Game, IDoubtItError, Phase, Play
from idoubtit.server.protocol import ActionRequest, ServerError


def checked_action(
    game: Game | None, seat: int | None, request: ActionRequest, *, code: str, answered: bool, at: tuple[int, int]
) -> tuple[Action, Game]:
    """The action ``request`` asks of ``seat`` in room ``code``, and the game after it (a copy).

    ``answered`` says whether the seat's doubt of the open claim already waits in the table's batch;
    ``at`` is where the table is: its game number and the step of its decision (the state id).
    """
    if seat is None:
        raise ServerError("auth.spectator", "spectators watch; only a seat's token may act")
    if request.seat is not None and request.seat != seat:
        raise ServerError("auth.wrong_seat", f"this connection holds seat {seat}, not seat {request.seat}")
    if game is None:
        raise ServerError("game.not_started", f"room {code} has no game yet; the host starts it")
    if game.is_over:
        raise ServerError("game.over", "the game is over; the host may start another one")
    _check_may_act(game, seat, request.kind, answered)
    action = _action_for(seat, request)
    trial = game.copy()
    try:
        trial.apply(action)
    except IDoubtItError as error:
        raise ServerError(f"action.{error.code}", str(error)) from None
    if request.state != f"{at[0]}.{at[1]}":
        raise ServerError("state.stale", _stale(request.state, at))
    return action, trial


def _check_may_act(game: Game, seat: int, kind: str, answered: bool) -> None:
    if kind == "play":
        if game.phase is Phase.DOUBT:
            raise ServerError("game.window_open", "a doubt window is open; the next play waits for it to close")
        if seat != game.to_play:
            raise ServerError("game.not_your_turn", f"it is seat {game.to_play}'s turn to play, not seat {seat}'s")
        return
    if game.phase is not Phase.DOUBT:
        raise ServerError("game.no_window", f"no claim is open to {kind}; seat {game.to_play} is to play")
    if seat not in game.awaiting or answered:
        raise ServerError("game.not_now", f"seat {seat} may not {kind} this claim (its own, or already answered)")


def _action_for(seat: int, request: ActionRequest) -> Action:
    if request.kind == "play":
        return Play(seat, request.cards, request.rank)
    if request.kind == "doubt":
        return Doubt((seat,))
    return Decline(seat)


def _stale(state: str, at: tuple[int, int]) -> str:
    """Why ``state`` is not the table's: an older decision, one the table has not reached, or no state id."""
    table = f"{at[0]}.{at[1]}"
    number, dot, step = state.partition(".")
    if not (dot and number.isascii() and number.isdigit() and step.isascii() and step.isdigit()):
        return f"{state[:20]!r} is not a state id (such as '1.0'); the table is at {table}"
    if (int(number), int(step)) < at:
        return f"state {state} is old; the table is at {table}"
    return f"state {state} is ahead of the table, which is at {table}; ask for sync"
