"""I Doubt It as a PettingZoo AEC environment, for 3–11 players (2–20 under V4) and every variant.

    from idoubtit.env.pettingzoo import env
    table = env(players=4, capped_plays=True)
    table.reset(seed=7)
    for agent in table.agent_iter():
        observation, reward, termination, truncation, info = table.last()
        action = None if termination or truncation else choose(observation["action_mask"])
        table.step(action)

Agents are ``player_0`` … ``player_{n-1}`` (seats). They act round-robin, one step each per cycle, in
seat order: a seat with a decision takes one step of it (one card added to the play it builds, or the
announcement that puts the play down, or its answer to a claim); a seat with nothing to decide has one
legal action, ``WAIT``. Seats answering the same claim answer in the same cycle, and their answers are
settled together (D3, R9). Observations are ``{"observation": vector, "action_mask": mask}`` in the
shared encoding (docs/env.md); the mask is exact.

Rewards come at the end: +1 to the winner, -1/(n-1) to every other seat. ``max_cycles`` truncates a
game that runs too long. An illegal action is never replaced by another: by default it raises
``ValueError`` naming the legal actions; with ``illegal="refuse"`` it does nothing, the seat's info
says why (``info["refused"]``) and the seat gets ``illegal_reward`` (default 0), which is what tools
that sample unmasked actions need.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Final, Literal

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import conversions

from idoubtit.engine import Game, Rules
from idoubtit.env import encoding
from idoubtit.env.episode import Episode

#: The extra action of this environment: a seat with nothing to decide waits.
WAIT: Final = encoding.NUM_ACTIONS
NUM_ACTIONS: Final = WAIT + 1
DEFAULT_MAX_CYCLES: Final = 100_000
#: Hand sizes and pile sizes never exceed the cards in play: an upper bound for the observation space.
MAX_COUNT: Final = 6 * 52


def env(**options: Any) -> raw_env:
    """The environment (PettingZoo's convention: ``env`` for use, ``raw_env`` unwrapped; here they are
    the same class, since the environment checks actions itself and never substitutes one)."""
    return raw_env(**options)


def parallel_env(**options: Any) -> Any:
    """The same game through PettingZoo's parallel API: every seat gives an action each cycle."""
    return conversions.aec_to_parallel(raw_env(**options))


class raw_env(AECEnv):  # type: ignore[misc]  # noqa: N801  (PettingZoo's name; PettingZoo has no type hints)
    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "name": "idoubtit_v0", "is_parallelizable": True}

    def __init__(
        self,
        players: int = 4,
        *,
        max_cycles: int = DEFAULT_MAX_CYCLES,
        illegal: Literal["raise", "refuse"] = "raise",
        illegal_reward: float = 0.0,
        render_mode: str | None = None,
        **variants: Any,
    ) -> None:
        super().__init__()
        if illegal not in ("raise", "refuse"):
            raise ValueError(f"illegal must be 'raise' or 'refuse', not {illegal!r}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.rules = Rules(players, **variants)
        self.max_cycles = max_cycles
        self.illegal = illegal
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        size = encoding.observation_size(self.rules)
        space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, float(MAX_COUNT), (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (NUM_ACTIONS,), np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        self.action_spaces = {agent: spaces.Discrete(NUM_ACTIONS) for agent in self.possible_agents}
        self._seeds = random.Random()
        self.episode: Episode | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # ----------------------------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = random.Random(seed)
            for space in self.action_spaces.values():
                space.seed(seed)
        # The seed is the engine's deal seed (Game.deal(rules, seed)), as in the Gymnasium environment;
        # a reset without one draws the next deal from the generator the last seed started.
        deal = seed if seed is not None else self._seeds.getrandbits(63)
        self.episode = Episode(Game.deal(self.rules, deal))
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.cycles = 0
        self._turn = 0
        self.agent_selection = self.agents[0]

    def observe(self, agent: str) -> dict[str, Any]:
        episode = self._episode()
        seat = self.possible_agents.index(agent)
        mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
        mask[:WAIT] = episode.mask(seat)
        if not mask.any() and not episode.over:
            mask[WAIT] = 1
        return {"observation": episode.observation(seat), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        episode = self._episode()
        seat = self.possible_agents.index(agent)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.infos[agent] = {}
        self._take(episode, seat, action)
        if episode.over:
            self.rewards = dict(zip(self.agents, episode.rewards(), strict=True))
            self.terminations = dict.fromkeys(self.agents, True)
        self._turn = (self._turn + 1) % len(self.possible_agents)
        if self._turn == 0:
            self.cycles += 1
            if self.cycles >= self.max_cycles and not episode.over:
                self.truncations = dict.fromkeys(self.agents, True)
        self.agent_selection = self.possible_agents[self._turn]
        self._accumulate_rewards()
        if self.render_mode == "ansi":
            self.render()

    def _take(self, episode: Episode, seat: int, action: int | None) -> None:
        legal = episode.legal(seat)
        chosen = -1 if action is None else int(action)
        if chosen == WAIT and not legal:
            return
        if chosen in legal:
            episode.act(seat, chosen)
            return
        allowed = legal or [WAIT]
        message = f"action {action} is not legal for {self.possible_agents[seat]} now; legal: {allowed}"
        if self.illegal == "raise":
            raise ValueError(message)
        self.infos[self.possible_agents[seat]] = {"refused": message}
        self.rewards[self.possible_agents[seat]] = self.illegal_reward

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.episode is None:
            return None
        game = self.episode.game
        view = game.view(None)
        return (
            f"step {game.step}: {view.phase.value}, due {view.due_rank}, to play seat {view.to_play}, "
            f"hands {list(view.hand_sizes)}, pile {view.pile_size}"
        )

    def close(self) -> None:
        self.episode = None

    def _episode(self) -> Episode:
        if self.episode is None:
            raise RuntimeError("call reset() before using the environment")
        return self.episode
