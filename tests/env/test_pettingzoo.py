"""The PettingZoo environment passes PettingZoo's own checks and plays whole games by the rules."""

from __future__ import annotations

from functools import partial
from types import SimpleNamespace

import numpy as np
import pytest
from pettingzoo.test import api_test, max_cycles_test, seed_test

from idoubtit.env import pettingzoo as zoo


@pytest.mark.parametrize("options", [{"players": 3}, {"players": 6, "capped_plays": True, "strict_announcing": True}])
def test_pettingzoo_api_test(options: dict[str, object]) -> None:
    api_test(zoo.env(max_cycles=400, **options), num_cycles=400)


def test_pettingzoo_seed_test() -> None:
    seed_test(partial(zoo.env, players=4, max_cycles=300), num_cycles=300)


def test_pettingzoo_max_cycles_test() -> None:
    # The check samples actions without looking at the mask, so the seats refuse illegal ones (and say so).
    module = SimpleNamespace(
        env=partial(zoo.env, illegal="refuse"), parallel_env=partial(zoo.parallel_env, illegal="refuse")
    )
    max_cycles_test(module)


def test_a_whole_game_ends_with_plus_one_for_the_winner_and_zero_sum() -> None:
    table = zoo.env(players=4)
    table.reset(seed=11)
    rng = np.random.default_rng(11)
    totals = dict.fromkeys(table.possible_agents, 0.0)
    for agent in table.agent_iter(max_iter=200_000):
        observation, reward, termination, truncation, _ = table.last()
        totals[agent] += reward
        if termination or truncation:
            table.step(None)
            continue
        mask = observation["action_mask"]
        assert mask.sum() >= 1
        table.step(int(rng.choice(np.flatnonzero(mask))))
    assert sorted(totals.values()) == pytest.approx([-1 / 3, -1 / 3, -1 / 3, 1.0])


def test_an_illegal_action_raises_by_default_and_changes_nothing() -> None:
    table = zoo.env(players=3)
    table.reset(seed=1)
    agent = table.agent_selection
    before = table.observe(agent)["observation"].copy()
    with pytest.raises(ValueError, match="not legal"):
        table.step(zoo.WAIT)  # player_0 must play: waiting is not an option
    assert np.array_equal(table.observe(agent)["observation"], before)
    refusing = zoo.env(players=3, illegal="refuse", illegal_reward=-0.5)
    refusing.reset(seed=1)
    refusing.step(zoo.WAIT)
    assert "refused" in refusing.infos["player_0"]
    assert refusing.rewards["player_0"] == -0.5
