"""Playing one tournament game. Top-level functions only, so that process pools and Dask can ship them."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from idoubtit.bots import Bot, make_bot
from idoubtit.bots.runner import play_out
from idoubtit.engine import Game, Rules
from idoubtit.history import SeatNumbers, game_numbers
from idoubtit.tournament.schedule import Job

#: A game that runs this many decision rounds is stopped and ranked as it stands (bots can stall).
MAX_ROUNDS = 20_000


@dataclass(frozen=True, slots=True)
class GameResult:
    """How one game ended: each seat's bot and finishing rank (1 is best; equal ranks are ties)."""

    index: int
    deal: int
    lineup: tuple[str, ...]
    ranks: tuple[int, ...]
    winner: int | None
    steps: int
    #: Each seat's numbers (bluffs, doubts, piles: :mod:`idoubtit.history`'s one definition of them);
    #: empty for a game stopped before its end.
    numbers: tuple[SeatNumbers, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "deal": self.deal,
            "lineup": list(self.lineup),
            "ranks": list(self.ranks),
            "winner": self.winner,
            "steps": self.steps,
            "numbers": [seat.to_dict() for seat in self.numbers],
        }


def finishing_ranks(game: Game) -> tuple[int, ...]:
    """Rank every seat: the placed seats in their order (R10, V3), then the rest by cards left, ties shared."""
    players = game.rules.players
    ranks = [0] * players
    for place, seat in enumerate(game.places, start=1):
        ranks[seat] = place
    rest = sorted((size, seat) for seat, size in enumerate(game.hand_sizes) if ranks[seat] == 0)
    next_rank = len(game.places) + 1
    for position, (size, seat) in enumerate(rest):
        if position and size != rest[position - 1][0]:
            next_rank = len(game.places) + 1 + position
        ranks[seat] = next_rank
    return tuple(ranks)


def play_job(job: Job, rules: dict[str, Any], tournament_seed: int, bots: list[Bot] | None = None) -> GameResult:
    """Play one job's game to its end with freshly built, seeded bots (they see only their views), or
    with ``bots``, the table's own, who remember its earlier games."""
    table = Rules.from_dict(rules)
    if bots is None:
        bots = seated_bots(job, tournament_seed)
    game = play_out(Game.deal(table, job.deal_seed), bots, max_rounds=MAX_ROUNDS)
    numbers = game_numbers(game) if game.is_over else ()
    return GameResult(job.index, job.deal, job.lineup, finishing_ranks(game), game.winner, game.step, numbers)


def seated_bots(job: Job, tournament_seed: int) -> list[Bot]:
    """The job's bots, one per seat, each seeded by the job alone."""
    return [make_bot(name, random.Random(job.bot_seed(tournament_seed, seat))) for seat, name in enumerate(job.lineup)]


def play_batch(jobs: list[Job], rules: dict[str, Any], tournament_seed: int) -> list[GameResult]:
    """Play ``jobs`` in order; the jobs of one table (an evening) share its bots, built at its first job."""
    results: list[GameResult] = []
    bots: list[Bot] | None = None
    for number, job in enumerate(jobs):
        if job.table is None:
            bots = None
        elif number == 0 or jobs[number - 1].table != job.table:
            if job.index != job.table:
                raise ValueError(f"job {job.index} is not the first of table {job.table}: a table is played whole")
            bots = seated_bots(job, tournament_seed)
        results.append(play_job(job, rules, tournament_seed, bots))
    return results
