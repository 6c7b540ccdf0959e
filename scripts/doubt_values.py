"""What the search bot thinks a doubt is worth, at every claim it searches, against what the claim was.

    python scripts/doubt_values.py --games 240 --field adaptive
    python scripts/doubt_values.py --games 120 --bot "search[iterations=152]" --out doubts.jsonl
    python scripts/doubt_values.py --games 120 --players 6 --field "bluffer+doubter+rock+cautious+bigbluff+beginner"

At ``--players`` seats (4 by default), game ``g`` is dealt with seed ``--seed + g // players`` (each deal once
from every seat), the search bot (``--bot``) sits in seat ``g % players`` and ``--field`` bots in the others
(a pool joined by ``+`` is drawn from afresh for every deal, as the gauntlet's ``--against`` does); the bot in
seat ``s`` draws from ``random.Random(g * 10 + s)``. At every doubt window the search bot answers by search
(not those the count or the rules settle), the script keeps the pile's size, the model's chance that the claim
is false (``lie``), whether it was false (read off the referee's pile, never shown to the bot), whether the
bot doubted, and the two numbers the search weighed by ``lie``, each the search's average over its sampled
deals (:attr:`~idoubtit.bots.search.loop.SearchResult.versions`):

- ``gain``: what doubting a false claim is worth over letting it go (the claimant takes the pile);
- ``cost``: what doubting a true claim costs over letting it go (the bot takes the pile).

A doubt is searched as ``lie * gain - (1 - lie) * cost > 0``. Printed: the search bot's win rate, then by
the pile's size and by ``lie``, how many claims, how many were false, how often the bot doubted and was
right, the mean gain and how often it was below zero, the mean cost and how often it was below zero
(taking the pile of a true claim scored better than letting it go) with the bot's doubts made there; and
of the false claims it let go, how often another seat caught them at the table, beside how often, in the
search's false version of the claim, another seat caught it in the rollouts right after the bot let it
go (which leaves a right doubt little to gain). ``--out`` keeps every decision (JSON, one a line).
docs/bots.md ("What a doubt is worth to the search") has the figures.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypedDict

from idoubtit.bots import make_bot
from idoubtit.bots.base import Bot, start_game
from idoubtit.bots.runner import ask, play_turn, settle_window
from idoubtit.bots.search import SearchBot
from idoubtit.bots.search.simulator import Simulator, State
from idoubtit.engine import Doubt, Game, Phase, Rules
from idoubtit.tournament.gauntlet import parse_fields

#: How many opponents, in words, for the report's first line.
COUNT_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
#: Pile sizes and lie chances, as the tables group them: (label, from, below).
PILES = (("1-2", 1, 3), ("3-5", 3, 6), ("6-11", 6, 12), ("12+", 12, 10**6))
LIES = (("0-0.2", 0.0, 0.2), ("0.2-0.4", 0.2, 0.4), ("0.4-0.6", 0.4, 0.6), ("0.6-1", 0.6, 1.01))


class Decision(TypedDict):
    """One claim the search bot answered by search."""

    pile: int
    claimant_cards: int
    lie: float
    false: bool
    doubted: bool
    #: Whether another seat doubted it at the table (R9: in the same decision round).
    others_doubted: bool
    gain: float
    cost: float
    #: In the search's false version of the claim, after its own "let it go": the share of the rollouts
    #: in which another seat caught the claim in that same window (so the claimant took the pile anyway).
    caught_without_it: float


class CatchCount:
    """Counts, over one search, the first windows of a false claim the search let go, and those in which
    another seat caught it (the simulator's ``_first_window`` wrapped; the search's answers unchanged)."""

    def __init__(self) -> None:
        self.windows = self.caught = 0
        self.original = original = Simulator._first_window

        def counted(
            simulator: Simulator, state: State, forced: int | None, skip: int | None, declined: frozenset[int]
        ) -> None:
            claim = state.claim
            watched = forced is None and skip == simulator.seat and claim is not None and claim[3] > 0
            before = state.sizes[claim[0]] if watched and claim is not None else 0
            original(simulator, state, forced, skip, declined)
            if watched and claim is not None:
                self.windows += 1
                self.caught += state.sizes[claim[0]] > before

        Simulator._first_window = counted  # type: ignore[method-assign,assignment]

    def restore(self) -> None:
        """Put the simulator's own window back."""
        Simulator._first_window = self.original  # type: ignore[method-assign]

    def take(self) -> float:
        """The share caught since the last call (0 with no such window), and start counting afresh."""
        share = self.caught / self.windows if self.windows else 0.0
        self.windows = self.caught = 0
        return share


def play(
    game_number: int,
    bot_spec: str,
    field: str,
    seed: int,
    decisions: list[Decision],
    catches: CatchCount,
    players: int = 4,
) -> bool:
    """One game; the search bot's searched answers to claims are added to ``decisions``. Whether it won."""
    seat = game_number % players
    deal = seed + game_number // players
    game = Game.deal(Rules(players), seed=deal)
    (pool,) = parse_fields(field)
    specs = pool.seating(bot_spec, seat, players, random.Random(deal))
    bots: dict[int, Bot] = {s: make_bot(spec, random.Random(game_number * 10 + s)) for s, spec in enumerate(specs)}
    searcher = bots[seat]
    if not isinstance(searcher, SearchBot) or searcher.advised_doubts or searcher.gated_doubts:
        raise SystemExit(f"--bot must be a search bot without advised or gated doubts, not {bot_spec!r}")
    for number, bot in bots.items():
        start_game(bot, number, game.rules)
    while not game.is_over:
        if game.phase is Phase.PLAY:
            play_turn(game, bots)
            continue
        answers: dict[int, bool] = {}
        searched: Decision | None = None
        for number in game.awaiting:
            searcher.last_versions = None
            catches.take()
            answers[number] = isinstance(ask(bots[number], game, number), Doubt)
            if number == seat and searcher.last_versions is not None:
                searched = decision(game, searcher, seat, answers[number], catches.take())
        if searched is not None:
            searched["others_doubted"] = any(d for number, d in answers.items() if number != seat)
            decisions.append(searched)
        settle_window(game, [s for s, d in answers.items() if d], [s for s, d in answers.items() if not d])
    return game.places[0] == seat


def decision(game: Game, searcher: SearchBot, seat: int, doubted: bool, caught: float) -> Decision:
    """The claim on the table and what the search made of it (candidates in the order decline, doubt);
    whether the claim was false is the referee's fact, read off the pile."""
    claim = game.claim
    assert claim is not None
    assert searcher.last_versions is not None
    if_false, if_true = searcher.last_versions
    return {
        "pile": game.pile_size,
        "claimant_cards": game.hand_sizes[claim.seat],
        "lie": searcher.model.false_probability(game.view(seat)),
        "false": any(card.rank != claim.rank for card in game.pile()[-claim.count :]),
        "doubted": doubted,
        "others_doubted": False,
        "gain": if_false[1] - if_false[0],
        "cost": if_true[0] - if_true[1],
        "caught_without_it": caught,
    }


def table(
    decisions: Sequence[Decision],
    groups: Sequence[tuple[str, float, float]],
    key: Callable[[Decision], float],
    name: str,
) -> list[str]:
    """A Markdown table of the decisions, grouped by ``key`` (the pile's size or the lie chance) in ``groups``."""
    lines = [
        f"| {name} | claims | false | doubted | doubts right | mean gain | gain < 0 | mean cost | cost < 0"
        " | its doubts there | false, let go: caught by another | in its rollouts |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for label, low, high in groups:
        rows = [d for d in decisions if low <= key(d) < high]
        if not rows:
            continue
        doubts = [d for d in rows if d["doubted"]]
        below = [d for d in rows if d["cost"] < 0]
        let_go = [d for d in rows if d["false"] and not d["doubted"]]
        rollout_catch = f"{mean(rows, lambda d: d['caught_without_it']):.0%}"
        lines.append(
            f"| {label} | {len(rows):,} | {share(rows, lambda d: d['false'])} | {share(rows, lambda d: d['doubted'])}"
            f" | {share(doubts, lambda d: d['false'])} | {mean(rows, lambda d: d['gain']):+.3f}"
            f" | {share(rows, lambda d: d['gain'] < 0)} | {mean(rows, lambda d: d['cost']):+.3f}"
            f" | {len(below) / len(rows):.0%} | {sum(d['doubted'] for d in below)} of {len(doubts)}"
            f" | {share(let_go, lambda d: d['others_doubted'])} | {rollout_catch} |"
        )
    return lines


def share(rows: Sequence[Decision], test: Callable[[Decision], bool]) -> str:
    return f"{sum(map(test, rows)) / len(rows):.0%}" if rows else "–"


def mean(rows: Sequence[Decision], value: Callable[[Decision], float]) -> float:
    return sum(map(value, rows)) / len(rows)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=240)
    parser.add_argument("--bot", default="search[iterations=38]", help="the search bot's spec")
    parser.add_argument("--field", default="adaptive", help="the bot in the other seats, or a pool a+b+c")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--out", type=Path, help="keep every decision here (JSON, one a line)")
    options = parser.parse_args(argv)
    decisions: list[Decision] = []
    began = time.perf_counter()
    catches = CatchCount()
    try:
        wins = sum(
            play(number, options.bot, options.field, options.seed, decisions, catches, options.players)
            for number in range(options.games)
        )
    finally:
        catches.restore()
    others = options.players - 1
    count = COUNT_WORDS[others] if others < len(COUNT_WORDS) else str(others)
    print(f"{options.bot} against {count} {options.field}: won {wins} of {options.games} ({wins / options.games:.1%}),")
    print(f"{len(decisions):,} claims answered by search, in {time.perf_counter() - began:.0f} s\n")
    print("\n".join(table(decisions, PILES, lambda d: d["pile"], "pile")))
    print()
    print("\n".join(table(decisions, LIES, lambda d: d["lie"], "lie")))
    if options.out:
        options.out.write_text("".join(json.dumps(d) + "\n" for d in decisions), encoding="utf-8")


if __name__ == "__main__":
    main()
