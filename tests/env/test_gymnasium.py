"""The Gymnasium environment: registered on import, passes Gymnasium's checker, plays against the ladder."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import idoubtit.env.gymnasium as single
from idoubtit.engine import Rules
from idoubtit.env import encoding


def test_importing_registers_the_environment_and_it_passes_check_env() -> None:
    assert single.ENVIRONMENT_ID in gymnasium.registry
    table = gymnasium.make(single.ENVIRONMENT_ID, players=4, opponents="hard")
    check_env(table.unwrapped)


@pytest.mark.parametrize(("players", "options"), [(3, {"opponents": "easy"}), (7, {"capped_plays": True})])
def test_whole_games_against_bots_end_with_the_documented_reward(players: int, options: dict[str, object]) -> None:
    table = single.IDoubtItEnv(players, **options)  # type: ignore[arg-type]
    rng = np.random.default_rng(3)
    for seed in range(3):
        observation, _ = table.reset(seed=seed)
        done, reward = False, 0.0
        while not done:
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
            observation, reward, terminated, truncated, _ = table.step(action)
            done = terminated or truncated
        assert reward in (1.0, pytest.approx(-1 / (players - 1)))


def test_the_same_seed_gives_the_same_game() -> None:
    def run() -> list[np.ndarray]:
        table = gymnasium.make(single.ENVIRONMENT_ID, players=4)
        observation, _ = table.reset(seed=42)
        seen = [observation["observation"]]
        for _ in range(30):
            action = int(np.flatnonzero(observation["action_mask"])[0])
            observation, _, terminated, truncated, _ = table.step(action)
            seen.append(observation["observation"])
            if terminated or truncated:
                break
        return seen

    assert all(np.array_equal(a, b) for a, b in zip(run(), run(), strict=True))


def test_illegal_actions_are_refused_and_said_so_or_raise() -> None:
    table = single.IDoubtItEnv(players=3)
    observation, _ = table.reset(seed=0)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    after, reward, terminated, _, info = table.step(illegal)
    assert "not legal" in info["refused"]
    assert np.array_equal(after["observation"], observation["observation"])
    assert (reward, terminated) == (0.0, False)
    strict = single.IDoubtItEnv(players=3, illegal="raise")
    strict.reset(seed=0)
    with pytest.raises(ValueError, match="legal"):
        strict.step(illegal)


@pytest.mark.parametrize("mode", ["sync", "async"])
def test_the_registered_id_makes_a_vector_env_whose_tables_play_on_their_own(mode: str) -> None:
    tables = gymnasium.make_vec(single.ENVIRONMENT_ID, num_envs=2, vectorization_mode=mode, players=3)
    try:
        observations, _ = tables.reset(seed=5)
        assert observations["observation"].shape == (2, encoding.observation_size(Rules(3)))
        rng = np.random.default_rng(0)
        ended = np.zeros(2, dtype=bool)
        for _ in range(400):
            actions = np.array(
                [int(rng.choice(np.flatnonzero(mask))) if mask.any() else 0 for mask in observations["action_mask"]]
            )
            observations, rewards, terminated, _, _ = tables.step(actions)
            assert rewards.shape == (2,)
            ended |= terminated
            if ended.all():
                break
        assert ended.any(), "a table finished a game"
        assert not np.array_equal(observations["observation"][0], observations["observation"][1])
    finally:
        tables.close()
