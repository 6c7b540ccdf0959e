"""The process the crash test kills: it plays a game with bots and stores every action, then says so.

Run as ``python -m tests.archive.crash_writer URL`` from the project's root. It prints ``room CODE TOKEN``,
``game ID``, and then ``ack STEP NOTATION`` after each :meth:`Archive.append_action` has returned, that
is after each action a server would acknowledge. It plays on, game after game, until it is killed.
"""

from __future__ import annotations

import random
import sys

from idoubtit.archive import Archive
from idoubtit.bots import make_bot
from idoubtit.bots.runner import play_turn
from idoubtit.engine import Game
from tests.archive.helpers import full_room

PLAYERS = 5


def main(url: str) -> None:
    archive = Archive.open(url)
    code, person = full_room(archive, players=PLAYERS)
    print("room", code, person.token, flush=True)
    bots = {seat: make_bot("random", random.Random(seat)) for seat in range(PLAYERS)}
    for seed in range(1_000_000):
        snapshot = archive.start_game(code, seed=seed)
        print("game", snapshot.id, flush=True)
        game = Game.replay(snapshot.record)
        while not game.is_over:
            stored = game.step
            play_turn(game, bots)
            for step, action in enumerate(game.actions()[stored:], start=stored):
                archive.append_action(snapshot.id, step, str(action))
                print("ack", step, action, flush=True)
        archive.finish_game(snapshot.id, game.places)


if __name__ == "__main__":
    main(sys.argv[1])
