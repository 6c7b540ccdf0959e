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

**The search** is ``idoubtit.env.ismcts.GuidedISMCTS``: OpenSpiel's ISMCTSBot choosing by PUCT, its
prior most on the step ``--guide`` would take (``--guide-weight``; the honest bot by default, read
from the current position alone), its leaves played on by the honest rule for ``--rollout-depth``
decisions (0: to the end) and then scored by the cards each seat holds (a softmax of minus the cards
over ``--leaf-temperature``), ``--world-samples`` sampled worlds a search (-1: a new one every
simulation). A game still going after ``--max-steps`` decisions is a loss in the ladder mode.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import numpy as np

from idoubtit.bots import make_bot
from idoubtit.env import encoding
from idoubtit.env import openspiel as spiel
from idoubtit.env.ismcts import BotGuide, GuidedISMCTS
from idoubtit.tournament.stats import wilson_interval


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


def searcher(game: Any, seed: int, options: argparse.Namespace) -> GuidedISMCTS:
    guide = None if options.guide == "honest" else make_bot(options.guide, random.Random(seed))
    padding = tuple(float(share) for share in options.padding.split(",") if share.strip())
    evaluator = BotGuide(
        guide,
        weight=options.guide_weight,
        padding=padding,
        depth=options.rollout_depth or None,
        temperature=options.leaf_temperature,
    )
    return GuidedISMCTS(
        game,
        evaluator,
        options.uct_c,
        options.simulations,
        budget=options.budget,
        max_world_samples=options.world_samples,
        random_state=np.random.RandomState(seed),
    )


def play(game: Any, seed: int, search: GuidedISMCTS, seat: int, bots: dict[int, TimedBot]) -> Any:
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


def describe_search(search: GuidedISMCTS, options: argparse.Namespace) -> str:
    per = search.simulations / max(search.searches, 1)
    ms = 1000 * search.seconds / max(search.searches, 1)
    limit = f"{options.budget * 1000:g} ms" if options.budget is not None else f"{options.simulations} simulations"
    rollout = f"rollouts of {options.rollout_depth}" if options.rollout_depth else "rollouts to the end"
    padded = f", padded {options.padding}" if options.padding else ""
    guide = f"guided by {options.guide} ({options.guide_weight:g}{padded})"
    return f"ISMCTS ({limit} a decision, {guide}, {rollout}; {per:.1f} simulations and {ms:.1f} ms a search)"


def ladder(game: Any, options: argparse.Namespace) -> None:
    wins = 0
    start = time.perf_counter()
    players = game.num_players()
    total = GuidedISMCTS(game, BotGuide(), 2.0, 1)
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
    low, high = wilson_interval(wins, options.games)
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
    total = GuidedISMCTS(game, BotGuide(), 2.0, 1)
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
    low, high = wilson_interval(expert_ahead, games)
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
    parser.add_argument("--guide", default="honest", help="the bot whose next step gets most of the prior")
    parser.add_argument("--guide-weight", type=float, default=0.8, help="the prior of the guide's step")
    parser.add_argument(
        "--padding", default="", help="shares of the guide's weight for its play padded with 1, 2, … bluff cards"
    )
    parser.add_argument("--rollout-depth", type=int, default=8, help="bot decisions in a rollout (0: to the end)")
    parser.add_argument("--leaf-temperature", type=float, default=2.0, help="cards per factor e in the leaf score")
    parser.add_argument("--world-samples", type=int, default=4, help="sampled worlds per search (-1: a new one each)")
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
