"""Who plays which deal in which seat: duplicate deals, so that the luck of the deal and the seat cancel.

With evenings (``evening`` games a table), the same bots sit at one table for that many deals in a row,
as friends play an evening: a bot that learns its opponents (``adaptive``, ``search``) carries what it
learned into the table's next game. Each evening's deals are played in every rotation of the seats,
each rotation a table of its own.
"""

from __future__ import annotations

import random
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Job:
    """One game of a tournament: a deal (its seed) and the bot sitting in each seat."""

    index: int
    deal: int
    rotation: int
    deal_seed: int
    lineup: tuple[str, ...]
    #: The table (a run of jobs in a row played by the same bots, in order), or None: fresh bots.
    table: int | None = None

    def bot_seed(self, tournament_seed: int, seat: int) -> str:
        """The seed of one seat's bot: fixed by the job alone, so any worker plays it the same way."""
        return f"{tournament_seed}/{self.deal}/{self.rotation}/{seat}"


def lineup_for(bots: list[str], players: int, rng: random.Random) -> tuple[str, ...]:
    """The bots at a deal's table: all of them when they fill it exactly, each in turn when there are
    fewer bots than seats, and a fresh draw of ``players`` different bots when there are more."""
    if len(bots) >= players:
        return tuple(rng.sample(bots, players)) if len(bots) > players else tuple(bots)
    return tuple(bots[seat % len(bots)] for seat in range(players))


def schedule(bots: list[str], players: int, games: int, seed: int, evening: int = 1) -> list[Job]:
    """Jobs for at least ``games`` games: every deal is played once per rotation of the seats.

    A lineup rotated ``players`` times puts every bot in every seat once on the same cards, so a bot
    cannot win a tournament by being dealt good hands or by sitting in a lucky seat. With ``evening``
    above 1, deals come in evenings of that many with one lineup, each rotation of an evening played at
    one table (the module's docstring).
    """
    if not bots:
        raise ValueError("a tournament needs at least one bot")
    if games < 1:
        raise ValueError(f"a tournament needs at least one game, not {games}")
    check_evening(evening)
    rng = random.Random(seed)
    deals = -(-games // players)  # ceiling: whole rotations only
    jobs: list[Job] = []
    for first in range(0, -(-deals // evening) * evening, evening):
        seeds = [rng.randrange(2**32) for _ in range(evening)]
        lineup = lineup_for(bots, players, rng)
        jobs.extend(evening_jobs(len(jobs), first, seeds, lineup, players))
    return jobs


def check_evening(evening: int) -> None:
    if evening < 1:
        raise ValueError(f"an evening is at least one game at a table, not {evening}")


def rotated(lineup: tuple[str, ...], rotation: int) -> tuple[str, ...]:
    """The lineup with every bot moved ``rotation`` seats on."""
    return lineup[-rotation:] + lineup[:-rotation] if rotation else lineup


def evening_jobs(start: int, first: int, seeds: list[int], lineup: tuple[str, ...], players: int) -> list[Job]:
    """One evening's jobs from index ``start``: its deals (numbered from ``first``) in order at one table
    per rotation of ``lineup``, each table numbered by its first job. An evening of one deal is a plain
    duplicate deal, every game with fresh bots (no table)."""
    jobs: list[Job] = []
    for rotation in range(players):
        table = start + len(jobs) if len(seeds) > 1 else None
        for number, deal_seed in enumerate(seeds):
            jobs.append(Job(start + len(jobs), first + number, rotation, deal_seed, rotated(lineup, rotation), table))
    return jobs
