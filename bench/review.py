"""How good the review's win chances are: its estimate for the option each seat chose, against whether
that seat went on to win, over many bot games (a calibration table).

Run: ``python bench/review.py`` (``--games 100``, ``--players 4``, ``--iterations 120``, ``--field`` the
bots at the table). Every seat of every game is reviewed; each decision gives one estimate (the chosen
option's chance to win, from the seat's view then) and one outcome (1 if that seat won the game). The
table groups the estimates in tenths and prints, for each, how many decisions fell there, their mean
estimate and how often those seats won; then the Brier score of the estimates against a constant
1/players guess, and the seconds one review of one seat took (median and slowest).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from idoubtit.bots import make_bot, split_specs
from idoubtit.bots.runner import play_out
from idoubtit.coach import review_game
from idoubtit.engine import Game, Rules


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--iterations", type=int, default=120)
    parser.add_argument("--field", default="easy,medium,hard,bluffer", help="bots, cycled over the seats")
    options = parser.parse_args()
    field = split_specs(options.field)
    pairs: list[tuple[float, float]] = []
    seconds: list[float] = []
    for seed in range(options.games):
        bots = [make_bot(field[seat % len(field)], random.Random(f"{seed}/{seat}")) for seat in range(options.players)]
        game = play_out(Game.deal(Rules(options.players), seed), bots)
        record = game.record()
        for seat in range(options.players):
            began = time.perf_counter()
            review = review_game(record, seat, iterations=options.iterations, seed=seed)
            seconds.append(time.perf_counter() - began)
            won = 1.0 if game.winner == seat else 0.0
            for decision in review.decisions:
                chosen = next(option for option in decision.options if option.action == decision.chosen)
                pairs.append((chosen.win, won))
    print(f"{options.games} games at {options.players} seats ({options.field}), {len(pairs):,} decisions")
    print(f"{'estimate':>10} {'decisions':>10} {'mean estimate':>14} {'won':>7}")
    for tenth in range(10):
        low, high = tenth / 10, (tenth + 1) / 10
        inside = [
            (estimate, won) for estimate, won in pairs if low <= estimate < high or (tenth == 9 and estimate >= 1)
        ]
        if inside:
            mean = statistics.fmean(estimate for estimate, _ in inside)
            share = statistics.fmean(won for _, won in inside)
            print(f"{low:>4.1f}–{high:<4.1f} {len(inside):>10,} {mean:>14.3f} {share:>7.3f}")
    brier = statistics.fmean((estimate - won) ** 2 for estimate, won in pairs)
    constant = statistics.fmean((1 / options.players - won) ** 2 for _, won in pairs)
    print(f"Brier score {brier:.4f} (a constant 1/{options.players}: {constant:.4f})")
    print(f"one seat's review: median {statistics.median(seconds):.2f} s, slowest {max(seconds):.2f} s")


if __name__ == "__main__":
    main()
