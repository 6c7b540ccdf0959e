"""The search loop: every candidate action is played in the same sampled deals, with the same dice, and
the best average wins, by a margin when the first candidate (the advisor's play) is to be displaced."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from idoubtit.bots.search.sampler import Sampler
from idoubtit.bots.search.simulator import Simulator
from idoubtit.engine import Action, Doubt


@dataclass(frozen=True)
class Budget:
    """How long to search: ``iterations`` sampled deals when given (reproducible with a seeded rng),
    otherwise until ``deadline`` on the :func:`time.perf_counter` clock."""

    iterations: int | None
    deadline: float

    def spent(self, done: int, began: float) -> bool:
        """True when the search should stop after ``done`` iterations begun at ``began``."""
        if self.iterations is not None:
            return done >= self.iterations
        if done == 0:
            return False
        # Stop when one more iteration, at the pace so far, would end past the deadline.
        now = time.perf_counter()
        return now + (now - began) / done > self.deadline


@dataclass(frozen=True)
class SearchResult:
    """The chosen action, how many deals were sampled, each candidate's average, and the rollouts played."""

    action: Action
    deals: int
    averages: list[float]
    rollouts: int
    #: What the doubt's average was lowered by (its margin and its standard errors), 0 for no doubt.
    doubt_handicap: float = 0.0
    #: With a claim in doubt: each candidate's average in the claim's false version and in its true one
    #: (unweighted by the lie chance), which say what a right and a wrong doubt are worth to the search.
    versions: tuple[list[float], list[float]] | None = None


def search(
    candidates: Sequence[Action],
    sampler: Sampler,
    simulator: Simulator,
    rng: random.Random,
    budget: Budget,
    margin: float = 0.0,
    doubt_margin: float = 0.0,
    doubt_z: float = 0.0,
    grabs: bool = True,
) -> SearchResult:
    """The candidate with the best average over sampled deals; the first one keeps its place unless
    another beats it by ``margin``, and a doubt (as the last candidate) must win by ``doubt_margin``
    and by ``doubt_z`` standard errors of its gain over the first candidate (both are played in the same
    deals with the same dice, so their difference is measured deal by deal). With ``grabs`` off, a doubt
    of a claim in its true version scores no better than declining it: the pile of a true claim is never
    counted a gain."""
    totals = [0.0] * len(candidates)
    versions = ([0.0] * len(candidates), [0.0] * len(candidates)) if sampler.claim_in_doubt else None
    gains = Gains()
    done = rollouts = 0
    began = time.perf_counter()
    while not budget.spent(done, began):
        seed = rng.random()  # the same dice for every candidate: their difference is less noisy
        values, played = _iterate(candidates, sampler, simulator, seed, totals, versions, grabs)
        gains.add(values[-1] - values[0])
        rollouts += played
        done += 1
    handicap = 0.0
    if done and isinstance(candidates[-1], Doubt):
        handicap = doubt_margin + doubt_z * gains.error()
        totals[-1] -= handicap * done
    if done:
        totals[0] += margin * done
    best = max(range(len(candidates)), key=lambda index: totals[index])
    averages = [total / max(done, 1) for total in totals]
    if versions is not None:
        versions = ([total / max(done, 1) for total in versions[0]], [total / max(done, 1) for total in versions[1]])
    return SearchResult(candidates[best], done, averages, rollouts, handicap, versions)


@dataclass
class Gains:
    """The last candidate's gain over the first, deal by deal: their count, sum and sum of squares."""

    count: int = 0
    total: float = 0.0
    squares: float = 0.0

    def add(self, gain: float) -> None:
        self.count += 1
        self.total += gain
        self.squares += gain * gain

    def error(self) -> float:
        """The standard error of the mean gain (0 with fewer than two deals: nothing to tell it by)."""
        if self.count < 2:
            return 0.0
        mean = self.total / self.count
        variance = max(0.0, (self.squares - self.count * mean * mean) / (self.count - 1))
        return math.sqrt(variance / self.count)


def _iterate(
    candidates: Sequence[Action],
    sampler: Sampler,
    simulator: Simulator,
    seed: float,
    totals: list[float],
    versions: tuple[list[float], list[float]] | None = None,
    grabs: bool = True,
) -> tuple[list[float], int]:
    """One sampled deal (two when the open claim is in doubt): add each candidate's result to ``totals``
    (and, with a claim in doubt, its result in each version to ``versions``) and return those results,
    and how many rollouts that took."""
    values: list[float] = []
    if sampler.claim_in_doubt:
        # Stratified on the one fact that decides a doubt: a false and a true version of the claim in
        # every iteration, weighed by its chance, instead of leaving the mix to the dice.
        lie = sampler.lie_chance
        false_base = simulator.position(sampler.sample(claim_true=False))
        true_base = simulator.position(sampler.sample(claim_true=True))
        if_trues = [simulator.value_after(true_base, action, seed) for action in candidates]
        cap = None  # without grabs, the doubt of a true claim is worth at most what letting it go is
        if not grabs:
            pairs = zip(candidates, if_trues, strict=True)
            declines = [value for action, value in pairs if not isinstance(action, Doubt)]
            cap = declines[0] if declines else None
        for index, action in enumerate(candidates):
            if_false = simulator.value_after(false_base, action, seed)
            if_true = if_trues[index]
            if cap is not None and isinstance(action, Doubt):
                if_true = min(if_true, cap)
            false_part, true_part = lie * if_false, (1 - lie) * if_true
            totals[index] += false_part  # (added one by one, as ever: the same sums to the last bit)
            totals[index] += true_part
            values.append(false_part + true_part)
            if versions is not None:
                versions[0][index] += if_false
                versions[1][index] += if_true
        return values, 2 * len(candidates)
    base = simulator.position(sampler.sample())
    for index, action in enumerate(candidates):
        values.append(simulator.value_after(base, action, seed))
        totals[index] += values[-1]
    return values, len(candidates)
