"""A gauntlet: each candidate bot alone at a table against a field, for several fields.

A field is either one bot (``adaptive``: every other seat holds a copy of it) or a pool of bots joined
by ``+`` (``bluffer+doubter+rock``: the other seats get different bots of the pool, drawn afresh for
every deal). Every candidate plays the same deals against the same opponents, and every deal once per
rotation of the seats, so that differences between candidates are not the luck of the cards, the seat
or the draw. What a gauntlet measures is how often each candidate wins in each field.

>>> from idoubtit.engine import Rules
>>> outcome = run_gauntlet(["honest", "random"], parse_fields("random;honest+random"), Rules(3), games=6, seed=2)
>>> [(cell.candidate, cell.field, cell.games) for cell in outcome.cells]
[('honest', 'random', 6), ('random', 'random', 6), ('honest', 'honest+random', 6), ('random', 'honest+random', 6)]
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from idoubtit.bots import split_specs
from idoubtit.engine import Rules
from idoubtit.tournament.play import GameResult
from idoubtit.tournament.runner import Progress, run_jobs
from idoubtit.tournament.schedule import Job, check_evening, evening_jobs
from idoubtit.tournament.stats import wilson_interval


@dataclass(frozen=True, slots=True)
class Field:
    """The opponents a candidate faces: copies of one bot, or different bots drawn from a pool."""

    pool: tuple[str, ...]

    @property
    def name(self) -> str:
        return "+".join(self.pool)

    def opponents(self, seats: int, rng: random.Random) -> tuple[str, ...]:
        """The bots in the ``seats`` other seats for one deal."""
        if len(self.pool) == 1:
            return self.pool * seats
        if len(self.pool) >= seats:
            return tuple(rng.sample(self.pool, seats))
        return tuple(rng.choice(self.pool) for _ in range(seats))  # fewer bots than seats: some repeat

    def seating(self, candidate: str, seat: int, players: int, rng: random.Random) -> tuple[str, ...]:
        """Every seat's bot for one deal: ``candidate`` in ``seat``, this field's opponents (drawn with
        ``rng``) in the other seats, in seat order.

        >>> Field(("rock",)).seating("adaptive", 1, 4, random.Random(0))
        ('rock', 'adaptive', 'rock', 'rock')
        """
        opponents = self.opponents(players - 1, rng)
        return (*opponents[:seat], candidate, *opponents[seat:])


def parse_fields(text: str) -> list[Field]:
    """Fields separated by ``;`` (or commas outside brackets), each a bot spec or specs joined by ``+``.

    >>> [field.pool for field in parse_fields("adaptive; search[iterations=8,advisor=false]; rock+bluffer")]
    [('adaptive',), ('search[iterations=8,advisor=false]',), ('rock', 'bluffer')]
    """
    fields = []
    for part in text.split(";"):
        for spec in split_specs(part):
            pool = tuple(bot.strip() for bot in _split_outside_brackets(spec, "+") if bot.strip())
            if pool:
                fields.append(Field(pool))
    if not fields:
        raise ValueError(f"name at least one field, such as adaptive;counter;bluffer+rock, not {text!r}")
    return fields


def _split_outside_brackets(text: str, separator: str) -> list[str]:
    parts, depth, start = [], 0, 0
    for index, character in enumerate(text):
        depth += {"[": 1, "]": -1}.get(character, 0)
        if character == separator and depth <= 0:
            parts.append(text[start:index])
            start = index + 1
    return [*parts, text[start:]]


@dataclass(frozen=True, slots=True)
class Cell:
    """One candidate in one field: games, wins and the win rate with its 95 % interval."""

    candidate: str
    field: str
    games: int
    wins: int

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def win_interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)

    def to_dict(self) -> dict[str, Any]:
        low, high = self.win_interval
        return {
            "candidate": self.candidate,
            "field": self.field,
            "games": self.games,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "win_interval": [low, high],
        }


@dataclass(frozen=True)
class GauntletResult:
    candidates: list[str]
    fields: list[Field]
    rules: Rules
    seed: int
    cells: list[Cell]
    seconds: float
    workers: int
    #: Games a table played with the same bots (1: fresh bots every game).
    evening: int = 1

    def cell(self, candidate: str, field: str) -> Cell:
        return next(cell for cell in self.cells if cell.candidate == candidate and cell.field == field)

    @property
    def games(self) -> int:
        return sum(cell.games for cell in self.cells)

    def to_dict(self) -> dict[str, Any]:
        return {
            "gauntlet": {
                "candidates": self.candidates,
                "fields": [field.name for field in self.fields],
                "rules": self.rules.to_dict(),
                "seed": self.seed,
                "evening": self.evening,
            },
            "games_played": self.games,
            "seconds": self.seconds,
            "workers": self.workers,
            "cells": [cell.to_dict() for cell in self.cells],
        }


@dataclass(frozen=True, slots=True)
class _Placement:
    """Which candidate in which field a job plays, and the candidate's seat."""

    candidate: str
    field: str
    seat: int


def gauntlet_jobs(
    candidates: list[str], fields: list[Field], players: int, games: int, seed: int, evening: int = 1
) -> tuple[list[Job], list[_Placement]]:
    """The jobs of a gauntlet, ``games`` (rounded up to whole rotations) per candidate and field: each
    deal with its opponents, played by every candidate in every seat. With ``evening`` above 1 the deals
    come in evenings of that many with the same opponents, each rotation of an evening at one table
    (:mod:`~idoubtit.tournament.schedule`), rounded up to whole evenings."""
    if not candidates:
        raise ValueError("a gauntlet needs at least one candidate bot")
    if games < 1:
        raise ValueError(f"a gauntlet needs at least one game per field, not {games}")
    check_evening(evening)
    rng = random.Random(seed)
    jobs: list[Job] = []
    placements: list[_Placement] = []
    deal = 0
    for field in fields:
        for _ in range(-(-games // (players * evening))):
            seeds = [rng.randrange(2**32) for _ in range(evening)]
            opponents = field.opponents(players - 1, rng)
            for candidate in candidates:
                for job in evening_jobs(len(jobs), deal, seeds, (candidate, *opponents), players):
                    jobs.append(job)
                    placements.append(_Placement(candidate, field.name, job.rotation))
            deal += evening
    return jobs, placements


def run_gauntlet(
    candidates: list[str],
    fields: list[Field],
    rules: Rules,
    games: int,
    seed: int = 0,
    workers: int = 1,
    cluster: str | None = None,
    progress: Progress | None = None,
    evening: int = 1,
) -> GauntletResult:
    """Play every candidate against every field, ``games`` games each (whole rotations of the seats;
    with ``evening``, whole evenings of that many games at a table)."""
    jobs, placements = gauntlet_jobs(candidates, fields, rules.players, games, seed, evening)
    start = time.perf_counter()
    results = run_jobs(jobs, rules, seed, workers, cluster, progress)
    seconds = time.perf_counter() - start
    return GauntletResult(candidates, fields, rules, seed, _cells(results, placements), seconds, workers, evening)


def _cells(results: list[GameResult], placements: list[_Placement]) -> list[Cell]:
    tally: dict[tuple[str, str], list[int]] = {}
    for result in results:
        placement = placements[result.index]
        counts = tally.setdefault((placement.candidate, placement.field), [0, 0])
        counts[0] += 1
        counts[1] += result.winner == placement.seat  # as the standings count a win: going out first
    fields = list(dict.fromkeys(placement.field for placement in placements))
    candidates = list(dict.fromkeys(placement.candidate for placement in placements))
    return [Cell(candidate, field, *tally[candidate, field])
            for field in fields for candidate in candidates]  # fmt: skip
