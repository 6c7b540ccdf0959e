"""Tournament throughput with one worker and with two: games per second and the speed-up.

Run: ``python bench/tournament.py`` (``--games N``, ``--bots``).
"""

from __future__ import annotations

import argparse

from idoubtit import Rules
from idoubtit.bots import split_specs
from idoubtit.tournament import run_tournament


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--bots", default="honest,random")
    parser.add_argument("--players", type=int, default=4)
    options = parser.parse_args()
    bots = split_specs(options.bots)
    speeds = {}
    for workers in (1, 2):
        outcome = run_tournament(bots, Rules(options.players), options.games, seed=1, workers=workers)
        played = len(outcome.results)
        speeds[workers] = played / outcome.seconds
        print(f"{workers} worker(s): {played:,} games in {outcome.seconds:.2f} s = {speeds[workers]:,.0f} games/s")
    print(f"speed-up with 2 workers: {speeds[2] / speeds[1]:.2f}x")


if __name__ == "__main__":
    main()
