"""OpenSpiel's ISMCTS against the project's ladder bots: its win rate, or how often it finishes ahead of the expert.

    python scripts/ismcts_vs_ladder.py --games 20 --players 4 --opponent adaptive --budget 0.01
    python scripts/ismcts_vs_ladder.py --head-to-head --games 20 --budget 0.01

ISMCTS plays through the OpenSpiel game ``python_idoubtit``; the bots see only their own seat's view and
their plays become the encoding's steps.

* **Ladder** (the default): ISMCTS in one seat (game ``g`` in seat ``g % players``), ``--opponent`` in
  the others. Prints the win rate with a 95 % Wilson interval; chance is 1 / players.
* **Head-to-head** (``--head-to-head``): ISMCTS and ``--expert`` (the expert, ``search[iterations=38]``)
  at one table with ``--others`` in the remaining seats; ISMCTS's seat goes round the table and the
  expert's round the seats left, so every pair of seats comes up. Counts the games in which the expert
  finishes ahead of ISMCTS. Places as the default rules give them: the winner first, then the others by
  the cards they hold, fewer ahead (a game called off at ``--max-steps`` is placed by cards alone); equal
  cards and no winner between the two is a tie, counted half.

**Time.** ``--budget SECONDS`` gives ISMCTS as many simulations as fit in that time per decision
(it stops on the clock; ``--simulations`` still caps it); without it, ``--simulations`` per decision. A
decision of the encoding is one step (add a card, announce, doubt or decline), so a play of ``k``
cards is ``k + 1`` ISMCTS decisions against one decision of a ladder bot: at an equal budget per
decision ISMCTS gets more time per play than the expert, not less. Both are timed and printed.

**Rollouts.** ``random`` (OpenSpiel's evaluator: uniform random play, which rarely ends a game),
``honest`` (the honest bot in every seat of the sampled world, to the end of the game) or ``short``
(the honest bot for ``--rollout-depth`` decisions, then each seat scored by the cards it holds: its
chance to win taken as a softmax of minus its cards over ``--leaf-temperature``, and its return the
expected one). A game still going after ``--max-steps`` decisions is a loss in the ladder mode.
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

Returns = np.ndarray[Any, np.dtype[np.float64]]


class HonestRollout:
    """An ISMCTS evaluator: the sampled world is played out by honest bots, each reading its own view,
    to the end of the game or, with a ``depth``, for that many bot decisions and then scored by cards held."""

    def __init__(self, depth: int | None = None, temperature: float = 2.0) -> None:
        self.bot = HonestBot()
        self.depth = depth
        self.temperature = temperature

    def evaluate(self, state: Any) -> Returns:
        rollout = state.clone()
        decisions = 0
        while not rollout.is_terminal():
            if self.depth is not None and decisions >= self.depth:
                return self.score(rollout)
            seat = rollout.current_player()
            view = rollout.view(seat)
            if rollout.building(seat):  # the search stopped mid-play: put it down as the due rank
                steps = [encoding.ANNOUNCE + encoding.RANKS.index(view.due_rank)]
            else:
                steps = encoding.steps_for(view, self.bot.act(view))
            decisions += 1
            for step in steps:
                if rollout.is_terminal():  # called off at max_steps in the middle of a play
                    break
                rollout.apply_action(step)
        return np.array(rollout.returns())

    def score(self, state: Any) -> Returns:
        """Each seat's expected return if its chance to win is a softmax of minus the cards it holds."""
        sizes = state.view(state.current_player()).hand_sizes
        players = len(sizes)
        weights = np.exp(-np.array(sizes, dtype=np.float64) / self.temperature)
        chance = weights / weights.sum()
        loss = 1.0 / (players - 1)
        return np.asarray(chance * (1.0 + loss) - loss, dtype=np.float64)

    def prior(self, state: Any) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(action, 1.0 / len(legal)) for action in legal]


class TimedISMCTS(ismcts.ISMCTSBot):  # type: ignore[misc]  # OpenSpiel has no type hints
    """OpenSpiel's ISMCTSBot, stopping each search once ``budget`` seconds have gone (at least two simulations:
    the first only expands the root).

    The search is OpenSpiel's own ``run_search`` with a clock in its loop; ``simulations`` and ``seconds``
    add up what the searches did, for the report.
    """

    def __init__(self, *args: Any, budget: float | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.budget = budget
        self.searches = 0
        self.simulations = 0
        self.seconds = 0.0

    def run_search(self, state: Any) -> list[tuple[int, float]]:
        start = time.perf_counter()
        self.reset()
        legal_actions = state.legal_actions()
        if len(legal_actions) == 1:
            return [(legal_actions[0], 1.0)]
        self._root_node = self.create_new_node(state)
        deadline = math.inf if self.budget is None else start + self.budget
        done = 0
        while done < self._max_simulations and (done < 2 or time.perf_counter() < deadline):
            self.run_simulation(self.sample_root_state(state))
            done += 1
        self.searches += 1
        self.simulations += done
        self.seconds += time.perf_counter() - start
        return self.get_final_policy(state, self._root_node)  # type: ignore[no-any-return]


class TimedBot:
    """A ladder bot whose decisions are timed."""

    def __init__(self, spec: str, rng: random.Random) -> None:
        self.bot = make_bot(spec, rng)
        self.decisions = 0
        self.seconds = 0.0

    def act(self, view: Any) -> Any:
        start = time.perf_counter()
        action = self.bot.act(view)
        self.seconds += time.perf_counter() - start
        self.decisions += 1
        return action


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    if games == 0:
        return 0.0, 1.0
    rate = wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def searcher(game: Any, seed: int, options: argparse.Namespace) -> TimedISMCTS:
    rng = np.random.RandomState(seed)
    evaluator: Any
    if options.rollout == "random":
        evaluator = mcts.RandomRolloutEvaluator(1, rng)
    else:
        depth = options.rollout_depth if options.rollout == "short" else None
        evaluator = HonestRollout(depth, options.leaf_temperature)
    return TimedISMCTS(
        game,
        evaluator,
        options.uct_c,
        max_simulations=options.simulations,
        max_world_samples=options.world_samples,
        random_state=rng,
        budget=options.budget,
    )


def play(game: Any, seed: int, search: TimedISMCTS, seat: int, bots: dict[int, TimedBot]) -> Any:
    """One game with ``search`` in ``seat`` and ``bots`` in the others; the final state."""
    state = spiel.dealt_state(game, seed)
    queued: list[int] = []
    while not state.is_terminal():
        current = state.current_player()
        if current == seat:
            state.apply_action(search.step(state))
            continue
        if not queued:
            view = state.view(current)
            queued = encoding.steps_for(view, bots[current].act(view))
        state.apply_action(queued.pop(0))
    return state


def place_key(state: Any, seat: int) -> tuple[int, int]:
    """Sorts seats by place under the default rules: the winner first, then fewer cards held."""
    view = state.view(seat)
    return (0 if view.places and view.places[0] == seat else 1, view.hand_sizes[seat])


def describe_search(search: TimedISMCTS, options: argparse.Namespace) -> str:
    per = search.simulations / max(search.searches, 1)
    ms = 1000 * search.seconds / max(search.searches, 1)
    limit = f"{options.budget * 1000:g} ms" if options.budget is not None else f"{options.simulations} simulations"
    rollout = f"{options.rollout} rollouts"
    if options.rollout == "short":
        rollout = f"short rollouts of {options.rollout_depth}"
    return f"ISMCTS ({limit} a decision, {rollout}; {per:.1f} simulations and {ms:.1f} ms a search)"


def ladder(game: Any, options: argparse.Namespace) -> None:
    wins = 0
    start = time.perf_counter()
    players = game.num_players()
    total = TimedISMCTS(game, None, 0.0, 1)
    for index in range(options.games):
        seed = options.seed + index
        seat = index % players
        search = searcher(game, seed, options)
        bots = {other: TimedBot(options.opponent, random.Random(f"{seed}:{other}")) for other in range(players)}
        state = play(game, seed, search, seat, bots)
        won = bool(state.returns()[seat] > 0)
        wins += won
        total.searches += search.searches
        total.simulations += search.simulations
        total.seconds += search.seconds
        print(f"game {index + 1}: {'won' if won else 'lost'} ({wins}/{index + 1})", flush=True)
    low, high = wilson(wins, options.games)
    print(
        f"{describe_search(total, options)} vs {options.opponent}, {players} players:"
        f" won {wins}/{options.games} = {wins / options.games:.1%}"
        f" (95% interval {low:.1%}–{high:.1%}; chance {1 / players:.1%}) in {time.perf_counter() - start:.0f} s"
    )


def head_to_head(game: Any, options: argparse.Namespace) -> None:
    players = game.num_players()
    expert_ahead = 0.0
    expert_wins = ismcts_wins = 0
    start = time.perf_counter()
    total = TimedISMCTS(game, None, 0.0, 1)
    expert_decisions, expert_seconds = 0, 0.0
    for index in range(options.games):
        seed = options.seed + index
        seat = index % players
        expert = (seat + 1 + (index // players) % (players - 1)) % players
        search = searcher(game, seed, options)
        bots = {
            other: TimedBot(options.expert if other == expert else options.others, random.Random(f"{seed}:{other}"))
            for other in range(players)
            if other != seat
        }
        state = play(game, seed, search, seat, bots)
        mine, theirs = place_key(state, seat), place_key(state, expert)
        result = 1.0 if theirs < mine else 0.0 if mine < theirs else 0.5
        expert_ahead += result
        winner = state.view(seat).places[0] if state.view(seat).places else None
        expert_wins += winner == expert
        ismcts_wins += winner == seat
        total.searches += search.searches
        total.simulations += search.simulations
        total.seconds += search.seconds
        expert_decisions += bots[expert].decisions
        expert_seconds += bots[expert].seconds
        outcome = {1.0: "expert ahead", 0.0: "ISMCTS ahead", 0.5: "tie"}[result]
        print(f"game {index + 1}: {outcome} (expert ahead in {expert_ahead:g}/{index + 1})", flush=True)
    games = options.games
    low, high = wilson(expert_ahead, games)
    expert_ms = 1000 * expert_seconds / max(expert_decisions, 1)
    print(
        f"{options.expert} ({expert_ms:.1f} ms a decision) vs {describe_search(total, options)},"
        f" with {options.others} in the other seats, {players} players: expert ahead in {expert_ahead:g}/{games}"
        f" = {expert_ahead / games:.1%} (95% interval {low:.1%}–{high:.1%}); wins: expert {expert_wins},"
        f" ISMCTS {ismcts_wins}; in {time.perf_counter() - start:.0f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--opponent", default="honest", help="random, honest, counter, adaptive (or any bot spec)")
    parser.add_argument("--head-to-head", action="store_true", help="ISMCTS and --expert at one table")
    parser.add_argument("--expert", default="search[iterations=38]", help="the bot ISMCTS is measured against")
    parser.add_argument("--others", default="adaptive", help="the bot in the other seats of a head-to-head")
    parser.add_argument("--simulations", type=int, default=100_000, help="most ISMCTS simulations per decision")
    parser.add_argument("--budget", type=float, default=None, help="seconds of search per ISMCTS decision")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rollout", choices=("random", "honest", "short"), default="short")
    parser.add_argument("--rollout-depth", type=int, default=8, help="bot decisions in a short rollout")
    parser.add_argument("--leaf-temperature", type=float, default=2.0, help="cards per factor e in the leaf score")
    parser.add_argument("--world-samples", type=int, default=-1, help="sampled worlds per search (-1: a new one each)")
    parser.add_argument("--uct-c", type=float, default=2.0)
    parser.add_argument("--max-steps", type=int, default=3000, help="decisions before a game is called off")
    options = parser.parse_args()
    if options.budget is None and options.simulations == parser.get_default("simulations"):
        options.simulations = 50
    game = spiel.load(players=options.players, max_steps=options.max_steps)
    if options.head_to_head:
        head_to_head(game, options)
    else:
        ladder(game, options)


if __name__ == "__main__":
    main()
