"""Looking back at games: each seat's numbers, totals over many games, and step-by-step replays.

Everything here is a pure function of game records (:meth:`idoubtit.engine.Game.record`): the archive,
the server, the terminal commands and the tournament reports all count with it, so "a bluff", "caught"
and "a right doubt" mean one thing everywhere. It imports only the engine.
"""

from idoubtit.history.numbers import SeatNumbers, Totals, game_numbers, record_numbers, totals
from idoubtit.history.replay import replay_frames

__all__ = ["SeatNumbers", "Totals", "game_numbers", "record_numbers", "replay_frames", "totals"]
