"""Tournaments between bots: duplicate deals, openskill ratings, confidence intervals, many workers.

>>> from idoubtit.engine import Rules
>>> outcome = run_tournament(["honest", "random"], Rules(4), games=8, seed=1)
>>> len(outcome.results), sorted(outcome.standings.bots)
(8, ['honest', 'random'])
"""

from __future__ import annotations

import time

from idoubtit.engine import Rules
from idoubtit.tournament.play import GameResult
from idoubtit.tournament.runner import Progress, Tournament, TournamentResult, run_games
from idoubtit.tournament.stats import Standings, wilson_interval


def run_tournament(
    bots: list[str],
    rules: Rules,
    games: int,
    seed: int = 0,
    workers: int = 1,
    cluster: str | None = None,
    progress: Progress | None = None,
    evening: int = 1,
) -> TournamentResult:
    """Play ``games`` games (rounded up to whole rotations of the seats; with ``evening``, to whole
    evenings of that many games a table, the same bots all evening) and rate the bots."""
    tournament = Tournament(list(bots), rules, games, seed, evening)
    start = time.perf_counter()
    results = run_games(tournament, workers, cluster, progress)
    return TournamentResult(tournament, results, time.perf_counter() - start, workers)


__all__ = ["GameResult", "Standings", "Tournament", "TournamentResult", "run_tournament", "wilson_interval"]
