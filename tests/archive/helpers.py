"""Shared by the archive's tests and the crash writer: seat a full table and play stored actions with bots."""

from __future__ import annotations

import random

from idoubtit.archive import Archive, GameSnapshot, JoinedSeat, RoomSettings
from idoubtit.bots import make_bot
from idoubtit.bots.runner import play_turn
from idoubtit.engine import Game, Rules


def full_room(archive: Archive, players: int = 4) -> tuple[str, JoinedSeat]:
    """A room with a person in seat 0 and bots everywhere else; returns its code and the person's seat."""
    code = archive.create_room(RoomSettings(Rules(players))).code
    person = archive.join_seat(code, "Ann")
    archive.fill_with_bots(code, "random")
    return code, person


def play_stored(archive: Archive, snapshot: GameSnapshot, rounds: int | None = None, seed: int = 0) -> Game:
    """Rebuild the game from its stored record, then play it on with random bots, storing every action
    before going on (as the server does), for ``rounds`` decision rounds or to the end."""
    game = Game.replay(snapshot.record)
    players = game.rules.players
    bots = {seat: make_bot("random", random.Random(seed * 100 + seat)) for seat in range(players)}
    played = 0
    while not game.is_over and (rounds is None or played < rounds):
        stored = game.step
        play_turn(game, bots)
        for step, action in enumerate(game.actions()[stored:], start=stored):
            archive.append_action(snapshot.id, step, str(action))
        played += 1
    return game
