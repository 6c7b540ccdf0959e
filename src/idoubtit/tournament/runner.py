"""Running a tournament's games: in this process, on a pool of processes, or on a Dask cluster.

However the games are spread out, each one depends only on its job (deal seed, lineup, bot seeds),
and results are put back in job order, so the same seed gives the same results with any number of
workers. (Bots that stop thinking on a clock, like ``search`` with a time budget, are the exception:
give them a fixed number of iterations for reproducible tournaments.)
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from idoubtit.engine import Rules
from idoubtit.tournament.play import GameResult, play_batch
from idoubtit.tournament.schedule import Job, schedule
from idoubtit.tournament.stats import Standings, standings

Progress = Callable[[int], None]


@dataclass(frozen=True)
class Tournament:
    """What to play: the bots (names, levels or dotted paths), the table, how many games, the seed."""

    bots: list[str]
    rules: Rules
    games: int
    seed: int = 0
    #: Games a table plays with the same bots (1: fresh bots every game; :mod:`~idoubtit.tournament.schedule`).
    evening: int = 1

    def jobs(self) -> list[Job]:
        return schedule(self.bots, self.rules.players, self.games, self.seed, self.evening)

    def to_dict(self) -> dict[str, Any]:
        return {
            "bots": self.bots,
            "rules": self.rules.to_dict(),
            "games": self.games,
            "seed": self.seed,
            "evening": self.evening,
        }


@dataclass
class TournamentResult:
    tournament: Tournament
    results: list[GameResult]
    seconds: float = 0.0
    workers: int = 1
    standings: Standings = field(init=False)

    def __post_init__(self) -> None:
        self.standings = standings(self.results)

    def to_dict(self) -> dict[str, Any]:
        return {
            "tournament": self.tournament.to_dict(),
            "games_played": len(self.results),
            "seconds": self.seconds,
            "workers": self.workers,
            **self.standings.to_dict(),
            "games": [result.to_dict() for result in self.results],
        }


def default_workers() -> int:
    """One worker per core this process may use."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def batches(jobs: list[Job], size: int) -> list[list[Job]]:
    """``jobs`` in batches of about ``size``, never splitting a table (its games share its bots)."""
    work: list[list[Job]] = []
    for job in jobs:
        same_table = bool(work) and job.table is not None and work[-1][-1].table == job.table
        if work and (same_table or len(work[-1]) < size):
            work[-1].append(job)
        else:
            work.append([job])
    return work


def batch_size(jobs: int, workers: int) -> int:
    """Big enough to keep shipping overhead small, small enough for a steady progress bar and load balance."""
    return max(1, min(64, jobs // (workers * 16) or 1))


def run_games(
    tournament: Tournament,
    workers: int = 1,
    cluster: str | None = None,
    progress: Progress | None = None,
) -> list[GameResult]:
    """Play every game of ``tournament`` and return the results in job order."""
    return run_jobs(tournament.jobs(), tournament.rules, tournament.seed, workers, cluster, progress)


def run_jobs(
    jobs: list[Job],
    rules: Rules,
    seed: int,
    workers: int = 1,
    cluster: str | None = None,
    progress: Progress | None = None,
) -> list[GameResult]:
    """Play ``jobs`` (a tournament's or a gauntlet's) on ``rules`` and return the results in job order."""
    play = partial(play_batch, rules=rules.to_dict(), tournament_seed=seed)
    if cluster is not None:
        stream = _on_dask(cluster, batches(jobs, batch_size(len(jobs), workers)), play)
    elif workers <= 1:
        stream = (play(batch) for batch in batches(jobs, 1))
    else:
        stream = _on_pool(workers, batches(jobs, batch_size(len(jobs), workers)), play)
    results: list[GameResult] = []
    for batch in stream:
        results.extend(batch)
        if progress is not None:
            progress(len(batch))
    return sorted(results, key=lambda result: result.index)


def _on_pool(
    workers: int, work: list[list[Job]], play: Callable[[list[Job]], list[GameResult]]
) -> Iterator[list[GameResult]]:
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield from pool.map(play, work)


def _on_dask(
    address: str, work: list[list[Job]], play: Callable[[list[Job]], list[GameResult]]
) -> Iterator[list[GameResult]]:
    from distributed import Client, as_completed

    with Client(address) as client:
        futures = client.map(play, work, pure=False)
        for future in as_completed(futures):
            yield future.result()
