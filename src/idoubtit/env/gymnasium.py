"""I Doubt It as a single-agent Gymnasium environment: you play one seat, ladder bots play the others.

Importing this module registers it as ``idoubtit/IDoubtIt-v0``:

    import gymnasium
    import idoubtit.env.gymnasium  # registers the environment
    table = gymnasium.make("idoubtit/IDoubtIt-v0", players=4, opponents="hard")
    observation, info = table.reset(seed=7)

Each step is one of your decisions in the shared encoding (docs/env.md): add a card of a rank to the
play you build, announce a rank (which puts the play down), doubt, or decline. Between your steps the
bots play (they see only their own views); in a doubt window they answer the same claim as you, and
the answers are settled together (D3, R9). ``observation["action_mask"]`` is exact.

The reward is +1 if you win, -1/(n-1) if someone else does, 0 before the end. An illegal action is
never replaced: by default (``illegal="refuse"``) it does nothing, ``info["refused"]`` says why and the
reward is ``illegal_reward`` (default 0), because Gymnasium's own checks sample unmasked actions; with
``illegal="raise"`` it raises ``ValueError`` naming the legal actions.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final, Literal

import gymnasium
import numpy as np
from gymnasium import spaces

from idoubtit.bots import Bot, make_bot
from idoubtit.engine import Game, Rules
from idoubtit.env import encoding
from idoubtit.env.episode import Episode

ENVIRONMENT_ID: Final = "idoubtit/IDoubtIt-v0"
#: Hand and pile sizes never exceed the cards in play (six decks at most): the observation's upper bound.
MAX_COUNT: Final = 6 * 52
DEFAULT_MAX_STEPS: Final = 20_000


class IDoubtItEnv(gymnasium.Env[dict[str, Any], int]):
    """One seat of a table; the others are bots given by ``opponents`` (one spec, or one per other seat)."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012  (Gymnasium declares it per instance)

    def __init__(
        self,
        players: int = 4,
        *,
        seat: int = 0,
        opponents: str | Sequence[str] = "medium",
        max_steps: int = DEFAULT_MAX_STEPS,
        illegal: Literal["raise", "refuse"] = "refuse",
        illegal_reward: float = 0.0,
        render_mode: str | None = None,
        **variants: Any,
    ) -> None:
        self.rules = Rules(players, **variants)
        if not 0 <= seat < players:
            raise ValueError(f"seat must be 0 to {players - 1}, not {seat}")
        if illegal not in ("raise", "refuse"):
            raise ValueError(f"illegal must be 'raise' or 'refuse', not {illegal!r}")
        specs = [opponents] * (players - 1) if isinstance(opponents, str) else list(opponents)
        if len(specs) != players - 1:
            raise ValueError(f"give one opponent spec, or {players - 1} (one per other seat), not {len(specs)}")
        self.seat, self.specs = seat, specs
        self.max_steps, self.illegal, self.illegal_reward = max_steps, illegal, illegal_reward
        self.render_mode = render_mode
        size = encoding.observation_size(self.rules)
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, float(MAX_COUNT), (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (encoding.NUM_ACTIONS,), np.int8),
            }
        )
        self.action_space = spaces.Discrete(encoding.NUM_ACTIONS)  # type: ignore[assignment]  # numpy's int
        self.episode: Episode | None = None
        self.bots: dict[int, Bot] = {}
        self._queued: dict[int, list[int]] = {}
        self.steps = 0

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        # The seed is the engine's deal seed (Game.deal(rules, seed)), as in the PettingZoo environment,
        # so one seed gives one deal everywhere; without one, the environment's own generator draws it.
        deal = int(self.np_random.integers(2**63)) if seed is None else seed
        self.episode = Episode(Game.deal(self.rules, deal))
        others = [seat for seat in range(self.rules.players) if seat != self.seat]
        self.bots = {
            seat: make_bot(spec, random.Random(f"{deal}:{seat}")) for seat, spec in zip(others, self.specs, strict=True)
        }
        self._queued = {}
        self.steps = 0
        self._bots_play()
        return self._observation(), {}

    def step(self, action: int) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        episode = self._episode()
        info: dict[str, Any] = {}
        legal = episode.legal(self.seat)
        reward = 0.0
        if int(action) in legal:
            episode.act(self.seat, int(action))
            self._bots_play()
        else:
            message = f"action {action} ({_name(int(action))}) is not legal now; legal: {legal}"
            if self.illegal == "raise":
                raise ValueError(message)
            info["refused"] = message
            reward = self.illegal_reward
        self.steps += 1
        terminated = episode.over
        if terminated:
            reward += episode.rewards()[self.seat]
        truncated = not terminated and self.steps >= self.max_steps
        return self._observation(), reward, terminated, truncated, info

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.episode is None:
            return None
        view = self.episode.view(self.seat)
        return f"step {view.step}: {view.phase.value}, due {view.due_rank}, hand {[str(c) for c in view.hand]}"

    def _observation(self) -> dict[str, Any]:
        episode = self._episode()
        return {"observation": episode.observation(self.seat), "action_mask": episode.mask(self.seat)}

    def _bots_play(self) -> None:
        """Let the bots decide until it is this seat's decision or the game is over."""
        episode = self._episode()
        while not episode.over:
            waiting = [seat for seat in episode.deciding if seat != self.seat]
            if not waiting:
                return
            seat = waiting[0]
            queue = self._queued.get(seat)
            if not queue:
                bot = self.bots[seat]
                # A bot's view holds the whole log, whose copy grows with the game; a bot that declares it
                # reads no log (``reads_log = False``) gets the current position only, at a fixed cost.
                view = episode.view(seat) if getattr(bot, "reads_log", True) else episode.current(seat)
                queue = self._queued[seat] = encoding.steps_for(view, bot.act(view))
            episode.act(seat, queue.pop(0))

    def _episode(self) -> Episode:
        if self.episode is None:
            raise RuntimeError("call reset() before step()")
        return self.episode


def _name(action: int) -> str:
    try:
        return encoding.action_name(action)
    except ValueError:
        return "no such action"


gymnasium.register(id=ENVIRONMENT_ID, entry_point="idoubtit.env.gymnasium:IDoubtItEnv")
