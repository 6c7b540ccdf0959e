"""Who plays which deal in which seat: duplicate deals, so that the luck of the deal and the seat cancel."""

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

    def bot_seed(self, tournament_seed: int, seat: int) -> str:
        """The seed of one seat's bot: fixed by the job alone, so any worker plays it the same way."""
        return f"{tournament_seed}/{self.deal}/{self.rotation}/{seat}"


def lineup_for(bots: list[str], players: int, rng: random.Random) -> tuple[str, ...]:
    """The bots at a deal's table: all of them when they fill it exactly, each in turn when there are
    fewer bots than seats, and a fresh draw of ``players`` different bots when there are more."""
    if len(bots) >= players:
        return tuple(rng.sample(bots, players)) if len(bots) > players else tuple(bots)
    return tuple(bots[seat % len(bots)] for seat in range(players))


def schedule(bots: list[str], players: int, games: int, seed: int) -> list[Job]:
    """Jobs for at least ``games`` games: every deal is played once per rotation of the seats.

    A lineup rotated ``players`` times puts every bot in every seat once on the same cards, so a bot
    cannot win a tournament by being dealt good hands or by sitting in a lucky seat.
    """
    if not bots:
        raise ValueError("a tournament needs at least one bot")
    if games < 1:
        raise ValueError(f"a tournament needs at least one game, not {games}")
    rng = random.Random(seed)
    deals = -(-games // players)  # ceiling: whole rotations only
    jobs: list[Job] = []
    for deal in range(deals):
        deal_seed = rng.randrange(2**32)
        lineup = lineup_for(bots, players, rng)
        for rotation in range(players):
            rotated = lineup[-rotation:] + lineup[:-rotation] if rotation else lineup
            jobs.append(Job(len(jobs), deal, rotation, deal_seed, rotated))
    return jobs
