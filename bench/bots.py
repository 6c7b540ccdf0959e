"""Bot decision times: median and 95th percentile per decision, at 4 and 11 players.

Run: ``python bench/bots.py`` (``--bots`` to choose, ``--decisions N`` per bot and table size).

Each bot plays whole seeded games against copies of itself (every seat the same bot), and every call of
``act`` is timed, plays and doubt-window answers alike, until enough decisions have been seen.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from idoubtit import Action, Game, Rules, View
from idoubtit.bots import BOTS, Bot, make_bot, split_specs
from idoubtit.bots.runner import play_turn


class Timed:
    """A bot whose every decision is timed."""

    def __init__(self, bot: Bot, times: list[float]) -> None:
        self.bot, self.name, self.times = bot, bot.name, times

    def act(self, view: View) -> Action:
        start = time.perf_counter()
        action = self.bot.act(view)
        self.times.append(time.perf_counter() - start)
        return action


def decision_times(spec: str, players: int, decisions: int) -> list[float]:
    times: list[float] = []
    seed = 0
    while len(times) < decisions:
        bots = {seat: Timed(make_bot(spec, random.Random(seed * 100 + seat)), times) for seat in range(players)}
        game = Game.deal(Rules(players), seed)
        while not game.is_over and len(times) < decisions:
            play_turn(game, bots)
        seed += 1
    return times


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    default = [name for name in BOTS if name != "search"] + ["search[budget=0.01]", "search"]
    parser.add_argument(
        "--bots",
        default=",".join(default),
        help="bot specs, comma-separated (options in brackets stay with their spec)",
    )
    parser.add_argument("--decisions", type=int, default=400, help="decisions timed per bot and table size")
    options = parser.parse_args()
    print(f"{'bot':>22} {'players':>7} {'decisions':>9} {'median ms':>10} {'p95 ms':>8} {'max ms':>8}")
    for spec in split_specs(options.bots):
        for players in (4, 11):
            times = decision_times(spec, players, options.decisions)
            median, p95 = statistics.median(times) * 1000, percentile(times, 0.95) * 1000
            print(f"{spec:>22} {players:>7} {len(times):>9} {median:>10.3f} {p95:>8.3f} {max(times) * 1000:>8.2f}")


if __name__ == "__main__":
    main()
