"""A finished game step by step, every hand face up: what the replay viewer and ``idoubtit replay`` show.

A replay is a list of frames, one for the deal and one after each action. A frame holds the table as it
was (every hand, the pile's cards in order, whose turn, the claim) and the action's events twice over:
in full, and as each seat saw them (the engine's ``view(seat)``, so a seat's point of view is the
engine's own projection, not a second copy of its rules in a viewer). Only ever for a game that is
over: a game still being played must be shown through ``view()`` alone.
"""

from __future__ import annotations

from typing import Any

from idoubtit.engine import Decline, Doubt, Doubted, Event, Game, IDoubtItError, Phase, PileTaken, Play, parse_action
from idoubtit.engine.game import RECORD_FORMAT


def replay_frames(record: dict[str, Any]) -> list[dict[str, Any]]:
    """The frames of a finished game's record: the deal (step 0), then one after each action.

    Each frame is JSON-ready: ``step``; ``action`` (notation, None at the deal), ``seat`` (who acted;
    None for the window's closing) and ``kind`` (play, doubt, decline, close); ``events`` in full and
    ``seen``, one list per seat of the events as that seat saw them; ``hands`` (sorted), ``hand_sizes``,
    ``pile`` (in the order put down), ``to_play``, ``due_rank``, ``phase``, ``claim``, ``places``; and
    ``doubt`` / ``pile_taken``, true when the action brought a doubt or a pile taken (the viewer jumps
    to them).
    """
    if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
        raise IDoubtItError(f"not a game record: it needs 'format': {RECORD_FORMAT!r}")
    game = Game.replay({**record, "actions": []})
    players = game.rules.players
    frames = [_frame(game, None, [], [[] for _ in range(players)])]
    actions = record.get("actions", [])
    for step, text in enumerate(actions):
        action = parse_action(text)
        events = game.apply(action)
        seen = [[event.to_dict() for event in game.view(seat, since=step).log] for seat in range(players)]
        frames.append(_frame(game, str(action), events, seen))
    if not game.is_over:
        raise IDoubtItError(f"replay: the game is not over after its {len(actions)} actions; its cards stay hidden")
    return frames


def _frame(game: Game, action: str | None, events: list[Event], seen: list[list[dict[str, Any]]]) -> dict[str, Any]:
    parsed = None if action is None else parse_action(action)
    doubted = [event for event in events if isinstance(event, Doubted)]
    claim = game.claim
    return {
        "step": game.step,
        "action": action,
        # A doubt's seat is its official doubter (R9), whoever else spoke at the same moment.
        "seat": doubted[0].doubter if doubted else _actor(parsed),
        "kind": None if parsed is None else _kind(parsed),
        "events": [event.to_dict() for event in events],
        "seen": seen,
        "hands": [[str(card) for card in game.hand(seat)] for seat in range(game.rules.players)],
        "hand_sizes": list(game.hand_sizes),
        "pile": [str(card) for card in game.pile()],
        "to_play": None if game.phase is Phase.OVER else game.to_play,
        "due_rank": str(game.due_rank),
        "phase": game.phase.value,
        "claim": None if claim is None else claim.to_dict(),
        "places": list(game.places),
        "doubt": bool(doubted),
        "pile_taken": any(isinstance(event, PileTaken) for event in events),
    }


def _actor(action: object) -> int | None:
    if isinstance(action, Play | Decline):
        return action.seat
    return None


def _kind(action: object) -> str:
    if isinstance(action, Play):
        return "play"
    if isinstance(action, Doubt):
        return "doubt"
    if isinstance(action, Decline):
        return "decline"
    return "close"
