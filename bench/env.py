"""Environment speed: steps per second for a random agent, in PettingZoo and in Gymnasium.

Run: ``python bench/env.py`` (``--steps N``, ``--players 4,6,11``). A random agent picks uniformly among
the legal actions (the mask); games restart when they end. Also runs PettingZoo's own
``performance_benchmark`` (which samples unmasked actions, so the seats refuse illegal ones there).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import time

import numpy as np
from pettingzoo.test import performance_benchmark

import idoubtit.env.gymnasium as single
from idoubtit.env import pettingzoo as zoo


def pettingzoo_steps(players: int, steps: int) -> float:
    table = zoo.env(players=players)
    rng = np.random.default_rng(1)
    table.reset(seed=1)
    started, done = time.perf_counter(), 0
    while done < steps:
        for _agent in table.agent_iter():
            observation, _, termination, truncation, _ = table.last()
            action = None if termination or truncation else int(rng.choice(np.flatnonzero(observation["action_mask"])))
            table.step(action)
            done += 1
            if done >= steps:
                break
        else:
            table.reset()
    return done / (time.perf_counter() - started)


def gymnasium_steps(players: int, steps: int) -> float:
    table = single.IDoubtItEnv(players, opponents="medium")
    rng = np.random.default_rng(1)
    observation, _ = table.reset(seed=1)
    started = time.perf_counter()
    for _ in range(steps):
        observation, _, terminated, truncated, _ = table.step(
            int(rng.choice(np.flatnonzero(observation["action_mask"])))
        )
        if terminated or truncated:
            observation, _ = table.reset()
    return steps / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=20_000)
    parser.add_argument("--players", default="4,6,11")
    options = parser.parse_args()
    print(f"{'players':>7}  {'PettingZoo steps/s':>18}  {'Gymnasium steps/s (vs medium bots)':>34}")
    for players in (int(text) for text in options.players.split(",")):
        print(
            f"{players:>7}  {pettingzoo_steps(players, options.steps):>18,.0f}  "
            f"{gymnasium_steps(players, options.steps // 4):>34,.0f}"
        )
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        performance_benchmark(zoo.env(players=4, illegal="refuse"))
    print("PettingZoo performance_benchmark (4 players):", " ".join(printed.getvalue().split()))


if __name__ == "__main__":
    main()
