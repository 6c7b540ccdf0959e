"""OpenSpiel's ISMCTS in one seat against the project's ladder bots in the others: its win rate.

    python scripts/ismcts_vs_ladder.py --games 20 --players 3 --opponent honest --simulations 50

ISMCTS sits in a different seat each game (game ``g`` in seat ``g % players``) and plays through the
OpenSpiel game ``python_idoubtit``; the bots see only their own seat's view and their plays become the
encoding's steps. Rollouts are random (OpenSpiel's evaluator), or with ``--rollout honest`` played by
the honest bot in every seat of the sampled world, which ends games far sooner than random play does.
A game still going after ``--max-steps`` decisions is a loss. Prints the win rate with a 95 % Wilson
interval; chance is 1 / players.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from idoubtit.bots import HonestBot, make_bot
from idoubtit.env import encoding
from idoubtit.env import openspiel as spiel


class HonestRollout:
    """An ISMCTS evaluator: the sampled world is played out by honest bots, each reading its own view."""

    def __init__(self) -> None:
        self.bot = HonestBot()

    def evaluate(self, state: Any) -> np.ndarray[Any, np.dtype[np.float64]]:
        rollout = state.clone()
        while not rollout.is_terminal():
            seat = rollout.current_player()
            view = rollout.view(seat)
            if rollout.building(seat):  # the search stopped mid-play: put it down as the due rank
                steps = [encoding.ANNOUNCE + encoding.RANKS.index(view.due_rank)]
            else:
                steps = encoding.steps_for(view, self.bot.act(view))
            for step in steps:
                if rollout.is_terminal():  # called off at max_steps in the middle of a play
                    break
                rollout.apply_action(step)
        return np.array(rollout.returns())

    def prior(self, state: Any) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(action, 1.0 / len(legal)) for action in legal]


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    if games == 0:
        return 0.0, 1.0
    rate = wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def play(game: Any, seed: int, seat: int, options: argparse.Namespace) -> bool:
    """One game; True if ISMCTS (in ``seat``) won it."""
    rng = np.random.RandomState(seed)
    evaluator = HonestRollout() if options.rollout == "honest" else mcts.RandomRolloutEvaluator(1, rng)
    searcher = ismcts.ISMCTSBot(game, evaluator, options.uct_c, max_simulations=options.simulations, random_state=rng)
    bots = {other: make_bot(options.opponent, random.Random(f"{seed}:{other}")) for other in range(game.num_players())}
    state = spiel.dealt_state(game, seed)
    queued: list[int] = []
    while not state.is_terminal():
        current = state.current_player()
        if current == seat:
            state.apply_action(searcher.step(state))
            continue
        if not queued:
            view = state.view(current)
            queued = encoding.steps_for(view, bots[current].act(view))
        state.apply_action(queued.pop(0))
    return bool(state.returns()[seat] > 0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--opponent", default="honest", help="random, honest, counter, adaptive (or any bot spec)")
    parser.add_argument("--simulations", type=int, default=50, help="ISMCTS simulations per decision")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rollout", choices=("random", "honest"), default="honest")
    parser.add_argument("--uct-c", type=float, default=2.0)
    parser.add_argument("--max-steps", type=int, default=3000, help="decisions before a game is called off")
    options = parser.parse_args()
    game = spiel.load(players=options.players, max_steps=options.max_steps)
    wins = 0
    start = time.perf_counter()
    for index in range(options.games):
        won = play(game, options.seed + index, index % options.players, options)
        wins += won
        print(f"game {index + 1}: {'won' if won else 'lost'} ({wins}/{index + 1})", flush=True)
    low, high = wilson(wins, options.games)
    print(
        f"ISMCTS ({options.simulations} simulations, {options.rollout} rollouts) vs {options.opponent},"
        f" {options.players} players: won {wins}/{options.games} = {wins / options.games:.1%}"
        f" (95% interval {low:.1%}–{high:.1%}; chance {1 / options.players:.1%}) in {time.perf_counter() - start:.0f} s"
    )


if __name__ == "__main__":
    main()
