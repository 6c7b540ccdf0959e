"""Make the shipped set of puzzles (src/idoubtit/coach/puzzles.json) from bot games, reproducibly.

Bot games of 3 to 6 seats (levels and characters mixed) are played from ``--seed``, one after the
other, and each seat's clear positions are taken (idoubtit.coach.puzzles) until every kind and difficulty
holds ``--per-cell`` puzzles, or ``--games`` games are played. The same options give the same file.

    python scripts/make_puzzles.py --seed 1 --per-cell 100 --games 400
    python scripts/make_puzzles.py --recheck

``--recheck`` makes no new puzzles: it searches every puzzle of the set in ``--out`` again with today's
expert and keeps those whose answer it still finds clearly best, showing its chances
(idoubtit.coach.puzzles.recheck): what to run when the expert changes.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

from idoubtit.coach.puzzles import (
    ITERATIONS,
    Puzzle,
    Quotas,
    Search,
    bot_games,
    gather,
    load_set,
    recheck,
    save_set,
    shipped_path,
)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1, help="the seed of the games and of the searches")
    parser.add_argument("--per-cell", type=int, default=100, help="puzzles of each kind and difficulty")
    parser.add_argument("--games", type=int, default=400, help="the most games to play")
    parser.add_argument("--iterations", type=int, default=ITERATIONS, help="sampled deals of the first search")
    parser.add_argument("--out", type=Path, default=shipped_path(), help="the set file to write")
    parser.add_argument("--recheck", action="store_true", help="recheck the set in --out with today's expert")
    options = parser.parse_args(argv)
    began = time.perf_counter()
    if options.recheck:
        old = load_set(options.out)
        made_by = json.loads(options.out.read_text(encoding="utf-8")).get("made_by", "")
        kept = recheck(old)
        note = "python scripts/make_puzzles.py --recheck"
        save_set(kept, options.out, made_by=made_by if note in made_by else f"{made_by}; {note}")
        print(f"{len(old) - len(kept)} of {len(old)} puzzles left out, {time.perf_counter() - began:.0f} s")
        report(kept, options.out)
        return

    def progress(games: int, puzzles: int) -> None:
        print(f"{games} games, {puzzles} puzzles, {time.perf_counter() - began:.0f} s", file=sys.stderr, flush=True)

    puzzles = gather(
        bot_games(options.games, options.seed),
        Search(iterations=options.iterations, seed=options.seed),
        Quotas(per_cell=options.per_cell),
        progress,
    )
    command = (
        f"python scripts/make_puzzles.py --seed {options.seed} --per-cell {options.per_cell}"
        f" --games {options.games} --iterations {options.iterations}"
    )
    save_set(puzzles, options.out, made_by=command)
    report(puzzles, options.out)


def report(puzzles: list[Puzzle], path: Path) -> None:
    """The set's puzzles by kind and difficulty, and its size."""
    cells = Counter((puzzle.kind, puzzle.difficulty) for puzzle in puzzles)
    for (kind, difficulty), count in sorted(cells.items()):
        print(f"{kind:6} {difficulty:7} {count}")
    print(f"{len(puzzles)} puzzles in {path} ({path.stat().st_size / 1e6:.2f} MB)")


if __name__ == "__main__":
    main()
