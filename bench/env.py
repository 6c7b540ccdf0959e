"""Environment speed: steps per second in PettingZoo, Gymnasium and OpenSpiel, early and late in long games.

Run: ``python bench/env.py`` (``--players 4,11``, ``--window N``, ``--late N``, ``--skip-vector``;
``--lengths GAMES`` and ``--resample GAMES`` measure only those).

**Early and late.** Each environment plays one long game with a policy that keeps it going: uniform over
the legal actions (the mask), except that a play that would empty the hand announces a rank that is not
due, so R7 hands the pile back and nobody ever wins. Steps per second are timed over ``--window``
steps from step 1,000 and again from step ``--late`` (20,000 by default) of the same game, the fastest of
three windows in a row at each point, by the processor time of the benchmark's process; every step
costs the same whatever the length of the game, so the two figures must agree within 20 %. A step is:

* PettingZoo: ``last()`` (the observation and mask of the agent to act) and ``step``;
* Gymnasium: ``step`` (the other seats are bots that keep the game going the same way, on their views);
* OpenSpiel: the information state string, the observation string, both tensors and the legal actions
  of the player to act, then ``apply_action``, the calls an algorithm that reads information states pays.

**Ordinary play.** Then a random agent as before (games restart when they end): PettingZoo with every
seat random, Gymnasium against ``medium`` bots; and PettingZoo's own ``performance_benchmark`` (which
samples unmasked actions, so the seats refuse illegal ones there).

**Game lengths** (``--lengths``): how many decisions (OpenSpiel's steps after the deal) games take, for
the random play of OpenSpiel's ``random_sim_test`` (uniform over the legal actions) and for the ladder's
bots in every seat, at 3, 4 and 11 players: the figures behind the default ``max_steps`` (docs/env.md).

**Resampling** (``--resample GAMES``): OpenSpiel's ``resample_from_infostate`` as ISMCTS calls it, on
the positions of games between counting bots (``counter`` in every seat, cut at 2,000 decisions), once
every 25 decisions for the seat to act, at 3 players, 3 under V3, 4, 5 under V3 and 6 under V3. Every
sample must give the seat the same information state; the figures are how many samples drew hidden
cards other than the real ones, how often the search ran out and the exact integer program was needed,
and the time per sample. With ``--resample`` only this runs.

**Vectorised.** Last, ``gymnasium.make_vec("idoubtit/IDoubtIt-v0", num_envs=2)`` against ``medium`` bots,
with one worker (``vectorization_mode="sync"``) and with two (``"async"``, one process each): steps per
second of the two tables together.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import random
import time
from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np
from pettingzoo.test import performance_benchmark

import idoubtit.env.gymnasium as single
from idoubtit.engine import Action, Decline, Doubt, Play, View
from idoubtit.env import encoding
from idoubtit.env import pettingzoo as zoo

EARLY = 1_000


def keep_going(observation: np.ndarray, mask: np.ndarray, layout: encoding.Layout, rng: np.random.Generator) -> int:
    """A legal action, uniform over the mask, except that a play emptying the hand announces a rank not due."""
    legal = np.flatnonzero(mask[: encoding.NUM_ACTIONS])
    if legal.size == 0:
        return zoo.WAIT
    hand = observation[layout.offset("hand") : layout.offset("hand") + len(encoding.RANKS)].sum()
    built = observation[layout.offset("building") : layout.offset("building") + len(encoding.RANKS)].sum()
    announces = legal[(legal >= encoding.ANNOUNCE) & (legal < encoding.DOUBT)]
    if announces.size and built >= hand:
        due = encoding.ANNOUNCE + int(np.argmax(observation[layout.offset("due_rank") :][: len(encoding.RANKS)]))
        return int(rng.choice(announces[announces != due]))
    return int(rng.choice(legal))


class KeepGoingBot:
    """A bot that keeps the game going: one random card at a time, the due rank announced except for its
    last card (then a rank that is not due, so R7 gives it the pile), and a doubt half of the time."""

    name = "keep-going"
    reads_log = False  # it reads the position only, so the environment need not copy the log for it

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, view: View) -> Action:
        assert view.seat is not None
        if view.must_play:
            card = self.rng.choice(view.hand)
            rank = view.due_rank if len(view.hand) > 1 else next(r for r in encoding.RANKS if r is not view.due_rank)
            return Play(view.seat, (card,), rank)
        return Doubt((view.seat,)) if self.rng.random() < 0.5 else Decline(view.seat)


#: Windows timed one after another at each point of the game, the fastest kept.
REPEATS = 3


def timed(step: Callable[[], None], window: int, late: int) -> tuple[float, float]:
    """Steps per second over ``window`` steps from step EARLY and from step ``late``: the fastest of
    :data:`REPEATS` windows in a row, each timed by this process's processor time, so that other work
    on the machine moves the figures as little as it can."""
    rates: list[float] = []
    done = 0
    for start in (EARLY, late):
        while done < start:
            step()
            done += 1
        best = 0.0
        for _ in range(REPEATS):
            began = time.process_time()
            for _ in range(window):
                step()
            done += window
            best = max(best, window / max(time.process_time() - began, 1e-9))
        rates.append(best)
    return rates[0], rates[1]


def pettingzoo_long(players: int, window: int, late: int) -> tuple[float, float]:
    table = zoo.env(players=players, max_cycles=10**9)
    table.reset(seed=1)
    layout, rng = encoding.Layout(players), np.random.default_rng(1)

    def step() -> None:
        observation, _, termination, truncation, _ = table.last()
        if termination or truncation:
            raise RuntimeError("the long game ended")
        table.step(keep_going(observation["observation"], observation["action_mask"], layout, rng))

    return timed(step, window, late)


def gymnasium_long(players: int, window: int, late: int) -> tuple[float, float]:
    table = single.IDoubtItEnv(players, opponents="random", max_steps=10**9)
    observation, _ = table.reset(seed=1)
    table.bots = {seat: KeepGoingBot(random.Random(seat)) for seat in table.bots}
    layout, rng = encoding.Layout(players), np.random.default_rng(1)
    current = [observation]

    def step() -> None:
        observation, _, terminated, truncated, _ = table.step(
            keep_going(current[0]["observation"], current[0]["action_mask"], layout, rng)
        )
        if terminated or truncated:
            raise RuntimeError("the long game ended")
        current[0] = observation

    return timed(step, window, late)


def openspiel_long(players: int, window: int, late: int) -> tuple[float, float] | None:
    try:
        from idoubtit.env import openspiel as spiel
    except ImportError:  # OpenSpiel is an optional extra
        return None
    game = spiel.load(players=players, max_steps=10**9)
    state = spiel.dealt_state(game, 1)
    layout, rng = encoding.Layout(players), np.random.default_rng(1)

    def step() -> None:
        player = state.current_player()
        if player < 0:
            raise RuntimeError("the long game ended")
        state.information_state_string(player)
        state.observation_string(player)
        state.information_state_tensor(player)
        observation = np.asarray(state.observation_tensor(player), dtype=np.float32)
        mask = np.zeros(encoding.NUM_ACTIONS, dtype=np.int8)
        mask[state.legal_actions()] = 1
        state.apply_action(keep_going(observation, mask, layout, rng))

    return timed(step, window, late)


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


def vector_steps(players: int, steps: int, mode: str, envs: int = 2) -> float:
    """Steps per second of ``envs`` Gymnasium tables stepped together (each step moves every table)."""
    tables: Any = gymnasium.make_vec(
        single.ENVIRONMENT_ID, num_envs=envs, vectorization_mode=mode, players=players, opponents="medium"
    )
    try:
        rng = np.random.default_rng(1)
        observations, _ = tables.reset(seed=1)
        started = time.perf_counter()
        for _ in range(steps):
            actions = np.array(
                [int(rng.choice(np.flatnonzero(mask))) if mask.any() else 0 for mask in observations["action_mask"]]
            )
            observations, *_ = tables.step(actions)
        return steps * envs / (time.perf_counter() - started)
    finally:
        tables.close()


def game_length(players: int, seed: int, spec: str | None, cap: int) -> int:
    """Decisions until the game ends (``cap`` if it has not by then): uniformly random, or bots in every seat."""
    from idoubtit.bots import make_bot
    from idoubtit.engine import Game, Rules
    from idoubtit.env.episode import Episode

    episode, rng = Episode(Game.deal(Rules(players), seed)), random.Random(seed)
    bots = {seat: make_bot(spec, random.Random(f"{seed}:{seat}")) for seat in range(players)} if spec else {}
    queued: dict[int, list[int]] = {seat: [] for seat in range(players)}
    taken = 0
    while not episode.over and taken < cap:
        seat = episode.deciding[0]
        if not bots:
            episode.act(seat, rng.choice(episode.legal(seat)))
        else:
            if not queued[seat]:
                view = episode.view(seat)
                queued[seat] = encoding.steps_for(view, bots[seat].act(view))
            episode.act(seat, queued[seat].pop(0))
        taken += 1
    return taken


def lengths(tables: list[int], games: int, cap: int) -> None:
    print(f"Game lengths in decisions ({games} games each, random play cut at {cap:,}):")
    print(f"{'players':>7}  {'play':<8}  {'median':>7}  {'90 %':>7}  {'longest':>7}  {'unfinished':>10}")
    for players in tables:
        for spec in (None, "easy", "medium", "hard"):
            measured = sorted(game_length(players, seed, spec, cap) for seed in range(games))
            unfinished = sum(length >= cap for length in measured)
            print(
                f"{players:>7}  {spec or 'random':<8}  {measured[len(measured) // 2]:>7,}  "
                f"{measured[int(len(measured) * 0.9)]:>7,}  {measured[-1]:>7,}  {unfinished:>10}"
            )


#: The tables ``--resample`` measures: a name, and the OpenSpiel game's parameters.
RESAMPLE_TABLES: list[tuple[str, dict[str, Any]]] = [
    ("3", {"players": 3}),
    ("3, V3", {"players": 3, "play_on_for_places": True}),
    ("4", {"players": 4}),
    ("5, V3", {"players": 5, "play_on_for_places": True}),
    ("6, V3", {"players": 6, "play_on_for_places": True}),
]


def resampling(games: int, every: int = 25, cap: int = 2_000) -> None:
    """Resample at positions of bot games: consistency, how many drew other hidden cards, exact fits, time."""
    from idoubtit.bots import make_bot
    from idoubtit.env import openspiel as spiel
    from idoubtit.env import resample

    print(f"Resampling, once every {every} decisions of {games} games between counting bots (cut at {cap:,}):")
    print(f"{'table':<7}  {'samples':>7}  {'other cards':>11}  {'exact':>5}  {'mean ms':>7}  {'99 % ms':>7}")
    for name, params in RESAMPLE_TABLES:
        samples = other = exact = 0
        times: list[float] = []
        for seed in range(games):
            state = spiel.dealt_state(spiel.load(max_steps=cap + 1_000, **params), seed)
            bots = {seat: make_bot("counter", random.Random(f"{seed}:{seat}")) for seat in range(state.num_players())}
            for _ in range(cap // every):
                _play_on(state, bots, every)
                if state.is_terminal():
                    break
                seat = state.current_player()
                view, dealt = state.view(seat), state.dealt_to(seat)
                began = time.perf_counter()
                sample = state.resample_from_infostate(seat, random.Random(samples).random)
                times.append(time.perf_counter() - began)
                if sample.information_state_string(seat) != state.information_state_string(seat):
                    raise AssertionError(f"a sample changed seat {seat}'s information state")
                samples += 1
                other += sample.history()[: state.rules.card_count] != state.history()[: state.rules.card_count]
                exact += resample.searched_history(state.rules, seat, dealt, view, random.Random(samples)) is None
        times.sort()
        print(
            f"{name:<7}  {samples:>7}  {other:>11}  {exact:>5}  {1000 * sum(times) / len(times):>7.1f}  "
            f"{1000 * times[int(len(times) * 0.99)]:>7.0f}"
        )


def _play_on(state: Any, bots: dict[int, Any], decisions: int) -> None:
    """Let the bots play about ``decisions`` decisions (a play is finished, not cut)."""
    queued: list[int] = []
    taken = 0
    while (taken < decisions or queued) and not state.is_terminal():
        seat = state.current_player()
        if not queued:
            view = state.view(seat)
            queued = encoding.steps_for(view, bots[seat].act(view))
        state.apply_action(queued.pop(0))
        taken += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default="4,11")
    parser.add_argument("--window", type=int, default=1_000, help="steps timed early and late")
    parser.add_argument("--late", type=int, default=20_000, help="the step the late window starts at")
    parser.add_argument("--steps", type=int, default=4_000, help="steps of ordinary play")
    parser.add_argument("--skip-vector", action="store_true")
    parser.add_argument("--lengths", type=int, default=0, metavar="GAMES", help="measure game lengths only")
    parser.add_argument("--cap", type=int, default=100_000, help="where --lengths cuts random games")
    parser.add_argument("--resample", type=int, default=0, metavar="GAMES", help="measure resampling only")
    options = parser.parse_args()
    tables = [int(text) for text in options.players.split(",")]
    if options.resample:
        resampling(options.resample)
        return
    if options.lengths:
        lengths(tables, options.lengths, options.cap)
        return
    late = options.late
    print(
        f"Long games, steps/s from step {EARLY:,} and from step {late:,} (the fastest of {REPEATS} windows of"
        f" {options.window:,} steps, processor time):"
    )
    print(f"{'players':>7}  {'environment':<11}  {'early':>8}  {'late':>8}  {'late/early':>10}")
    runs: list[tuple[str, Callable[[int, int, int], tuple[float, float] | None]]] = [
        ("PettingZoo", pettingzoo_long),
        ("Gymnasium", gymnasium_long),
        ("OpenSpiel", openspiel_long),
    ]
    for players in tables:
        for name, run in runs:
            rates = run(players, options.window, late)
            if rates is None:
                print(f"{players:>7}  {name:<11}  (not installed)")
                continue
            early, later = rates
            print(f"{players:>7}  {name:<11}  {early:>8,.0f}  {later:>8,.0f}  {later / early:>10.2f}")
    print()
    print(f"{'players':>7}  {'PettingZoo steps/s':>18}  {'Gymnasium steps/s (vs medium bots)':>34}")
    for players in tables:
        print(
            f"{players:>7}  {pettingzoo_steps(players, options.steps):>18,.0f}  "
            f"{gymnasium_steps(players, options.steps // 4):>34,.0f}"
        )
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        performance_benchmark(zoo.env(players=4, illegal="refuse"))
    print("PettingZoo performance_benchmark (4 players):", " ".join(printed.getvalue().split()))
    if not options.skip_vector:
        print()
        print("Gymnasium vector env, 2 tables at 4 players vs medium bots:")
        for workers, mode in ((1, "sync"), (2, "async")):
            print(f"  {workers} worker(s) ({mode}): {vector_steps(4, options.steps // 8, mode):,.0f} steps/s")


if __name__ == "__main__":
    main()
