"""One seed, one seat, the same decisions: the same observations in PettingZoo, Gymnasium and OpenSpiel,
since all three encode the seat's view the same way."""

from __future__ import annotations

import importlib.util
import random

import numpy as np
import pytest

from idoubtit.bots import make_bot
from idoubtit.env import encoding
from idoubtit.env import pettingzoo as zoo
from idoubtit.env.encoding import steps_for
from idoubtit.env.gymnasium import IDoubtItEnv

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


#: OpenSpiel is an optional extra (the test command installs it): without it the other two are compared.
OPENSPIEL = importlib.util.find_spec("pyspiel") is not None


def openspiel_observations(seed: int, players: int, limit: int) -> list[np.ndarray]:
    """The same game in OpenSpiel, dealt by chance outcomes that reproduce the seed's deal."""
    from idoubtit.env import openspiel as spiel

    game = spiel.load(players=players)
    state = spiel.dealt_state(game, seed)
    bots = {seat: make_bot(OPPONENTS, random.Random(f"{seed}:{seat}")) for seat in range(1, players)}
    queued: dict[int, list[int]] = {seat: [] for seat in bots}
    seen: list[np.ndarray] = []
    while not state.is_terminal() and len(seen) < limit:
        seat = state.current_player()
        if seat == 0:
            seen.append(np.asarray(state.observation_tensor(0), dtype=np.float32))
            state.apply_action(min(state.legal_actions()))
            continue
        if not queued[seat]:
            view = state.view(seat)
            queued[seat] = steps_for(view, bots[seat].act(view))
        state.apply_action(queued[seat].pop(0))
    return seen


@pytest.mark.parametrize(("seed", "players"), [(3, 3), (8, 4), (21, 6)])
def test_the_three_environments_show_seat_zero_the_same_observations(seed: int, players: int) -> None:
    gym = gymnasium_observations(seed, players, limit=120)
    assert len(gym) > 10
    others = [("PettingZoo", pettingzoo_observations(seed, players, limit=len(gym)))]
    if OPENSPIEL:
        others.append(("OpenSpiel", openspiel_observations(seed, players, limit=len(gym))))
    for name, seen in others:
        assert len(seen) == len(gym), name
        for step, (left, right) in enumerate(zip(gym, seen, strict=True)):
            assert np.array_equal(left, right), f"{name}: decision {step} differs"
    assert gym[0].shape == (encoding.observation_size(zoo.env(players=players).rules),)
