"""One seed, one seat, the same decisions: the same observations in PettingZoo and Gymnasium (and in
OpenSpiel, see test_openspiel.py), since all three encode the seat's view the same way."""

from __future__ import annotations

import random

import numpy as np
import pytest

from idoubtit.bots import make_bot
from idoubtit.env import encoding
from idoubtit.env import pettingzoo as zoo
from idoubtit.env.gymnasium import IDoubtItEnv, steps_for

OPPONENTS = "counter"


def first_legal(mask: np.ndarray) -> int:
    return int(np.flatnonzero(mask)[0])


def gymnasium_observations(seed: int, players: int, limit: int) -> list[np.ndarray]:
    """Seat 0's observation at each of its decisions, playing the first legal action each time."""
    table = IDoubtItEnv(players, opponents=OPPONENTS)
    observation, _ = table.reset(seed=seed)
    seen: list[np.ndarray] = []
    for _ in range(limit):
        seen.append(observation["observation"])
        observation, _, terminated, truncated, _ = table.step(first_legal(observation["action_mask"]))
        if terminated or truncated:
            break
    return seen


def pettingzoo_observations(seed: int, players: int, limit: int) -> list[np.ndarray]:
    """The same game in PettingZoo: seat 0 plays as above, the other seats are the same bots, seeded alike."""
    table = zoo.env(players=players)
    table.reset(seed=seed)
    assert table.episode is not None
    bots = {seat: make_bot(OPPONENTS, random.Random(f"{seed}:{seat}")) for seat in range(1, players)}
    queued: dict[int, list[int]] = {seat: [] for seat in bots}
    seen: list[np.ndarray] = []
    for agent in table.agent_iter():
        observation, _, termination, truncation, _ = table.last()
        if termination or truncation or len(seen) >= limit:
            table.step(None if termination or truncation else zoo.WAIT)
            if len(seen) >= limit:
                break
            continue
        seat = table.possible_agents.index(agent)
        mask = observation["action_mask"]
        if mask[zoo.WAIT]:
            table.step(zoo.WAIT)
        elif seat == 0:
            seen.append(observation["observation"])
            table.step(first_legal(mask))
        else:
            if not queued[seat]:
                view = table.episode.view(seat)
                queued[seat] = steps_for(view, bots[seat].act(view))
            table.step(queued[seat].pop(0))
    return seen


@pytest.mark.parametrize(("seed", "players"), [(3, 3), (8, 4), (21, 6)])
def test_pettingzoo_and_gymnasium_show_seat_zero_the_same_observations(seed: int, players: int) -> None:
    gym = gymnasium_observations(seed, players, limit=120)
    zoo_seen = pettingzoo_observations(seed, players, limit=len(gym))
    assert len(gym) > 10
    assert len(zoo_seen) == len(gym)
    for step, (left, right) in enumerate(zip(gym, zoo_seen, strict=True)):
        assert np.array_equal(left, right), f"decision {step} differs"
    assert gym[0].shape == (encoding.observation_size(zoo.env(players=players).rules),)
