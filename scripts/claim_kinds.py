"""How a bot's claims come about, field by field: true, forced lies, and lies told while holding the due rank.

    python scripts/claim_kinds.py --bot "search[iterations=38]" --fields doubter,adaptive --games 100
    python scripts/claim_kinds.py --bot honest --fields doubter --games 100

The bot (``--bot``) plays against three bots of each field in ``--fields``, dealt and seated as in
``scripts/doubt_headroom.py`` (game ``g``: seed ``--seed + g // 4``, the bot in seat ``g % 4``, the bot in seat
``s`` drawing from ``random.Random(g * 10 + s)``), so the same seed gives the same deals to every bot. Each
of its plays is sorted by the hand it was made from, which only the referee sees:

- ``true, all``: every card put down is of the due rank, and it held no more of it (up to any V2 cap);
- ``true, kept back``: every card is of the due rank, but it held more of it and kept some;
- ``forced lie``: it held none of the due rank, so any claim was false;
- ``lie, holding``: it held some of the due rank and still put down a card of another rank (a padded
  play, or a card of another rank played instead of its own).

Printed per field: games won, then per kind the plays a game, cards a play, the share doubted, the share
turned up false (a doubted lie: the bot takes the pile back), and how many of that kind's plays fell in
the bot's first three plays of a game. A lie told while holding the due rank is a lie by choice; docs/bots.md
reads these counts ("Opponents who doubt blindly, in the rollouts").
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from idoubtit.bots import make_bot
from idoubtit.bots.base import Bot, start_game
from idoubtit.bots.runner import ask, window_answers
from idoubtit.engine import Card, Game, Phase, Play, Rank, Rules

PLAYERS = 4
KINDS = ("true, all", "true, kept back", "forced lie", "lie, holding")
#: How many of a game's first plays count as its opening, before the bot has seen the table play much.
OPENING = 3


@dataclass
class Tally:
    """One kind of play, counted over games."""

    plays: int = 0
    cards: int = 0
    doubted: int = 0
    caught: int = 0
    opening: int = 0

    def add(self, other: Tally) -> None:
        self.plays += other.plays
        self.cards += other.cards
        self.doubted += other.doubted
        self.caught += other.caught
        self.opening += other.opening


@dataclass
class GameRecord:
    """What one game says of the bot: whether it won, and its plays by kind."""

    won: bool = False
    kinds: dict[str, Tally] = field(default_factory=lambda: {kind: Tally() for kind in KINDS})


def kind_of(hand: Sequence[Card], cards: Sequence[Card], rank: Rank, cap: int | None) -> str:
    """Which of :data:`KINDS` a play of ``cards`` announced as ``rank`` is, made from ``hand`` (the referee's view of
    the seat's cards; ``cap`` is the V2 cap on a play, None without one)."""
    held = sum(card.rank is rank for card in hand)
    true_cards = sum(card.rank is rank for card in cards)
    if held == 0:
        return "forced lie"
    if true_cards < len(cards):
        return "lie, holding"
    could = held if cap is None else min(held, cap)
    return "true, all" if true_cards >= could else "true, kept back"


def claim_is_false(game: Game) -> bool:
    """The referee's fact: whether the open claim's cards include one of another rank."""
    claim = game.claim
    return claim is not None and any(card.rank != claim.rank for card in game.pile()[-claim.count :])


def play(bot_spec: str, field_spec: str, seed: int, number: int) -> GameRecord:
    """Game ``number`` of ``bot_spec`` against three ``field_spec`` bots: the bot's plays by kind."""
    seat = number % PLAYERS
    game = Game.deal(Rules(PLAYERS), seed=seed + number // PLAYERS)
    bots: dict[int, Bot] = {
        s: make_bot(bot_spec if s == seat else field_spec, random.Random(number * 10 + s)) for s in range(PLAYERS)
    }
    for each, bot in bots.items():
        start_game(bot, each, game.rules)
    record = GameRecord()
    made = 0
    open_tally: Tally | None = None  # the bot's claim still in its window
    while not game.is_over:
        if game.phase is Phase.PLAY:
            to_play = game.to_play
            hand, due = game.hand(to_play), game.due_rank
            action = ask(bots[to_play], game, to_play)
            game.apply(action)
            open_tally = None
            if to_play == seat and isinstance(action, Play):
                claimed = action.rank or due  # a play names the due rank unless a variant lets it name another
                open_tally = record.kinds[kind_of(hand, action.cards, claimed, game.rules.max_cards_per_play)]
                open_tally.plays += 1
                open_tally.cards += len(action.cards)
                open_tally.opening += made < OPENING
                made += 1
            continue
        false = claim_is_false(game)
        answers = window_answers(game, bots)
        doubters = [s for s, doubts in answers.items() if doubts]
        if doubters:
            if open_tally is not None:
                open_tally.doubted += 1
                open_tally.caught += false
            game.doubt(*doubters)
        else:
            for each in answers:
                game.decline(each)
    record.won = game.places[0] == seat
    return record


def play_one(job: tuple[str, str, int, int]) -> GameRecord:
    return play(*job)


def summary(records: Sequence[GameRecord]) -> tuple[int, dict[str, Tally]]:
    """Games won, and each kind's tally over ``records``."""
    totals = {kind: Tally() for kind in KINDS}
    for record in records:
        for kind, tally in record.kinds.items():
            totals[kind].add(tally)
    return sum(record.won for record in records), totals


def report(bot_spec: str, field_spec: str, records: Sequence[GameRecord]) -> list[str]:
    """The lines printed for one field."""
    games = len(records)
    wins, totals = summary(records)
    lines = [f"{bot_spec} against three {field_spec}: won {wins} of {games} ({wins / max(games, 1):.1%})"]
    opening = f"in first {OPENING}"
    lines.append(f"  {'kind':<16} {'a game':>7} {'cards':>6} {'doubted':>8} {'caught':>7} {opening:>11}")
    for kind, tally in totals.items():
        plays = max(tally.plays, 1)
        lines.append(
            f"  {kind:<16} {tally.plays / max(games, 1):>7.2f} {tally.cards / plays:>6.2f}"
            f" {tally.doubted / plays:>8.0%} {tally.caught / plays:>7.0%} {tally.opening:>11}"
        )
    return lines


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--bot", default="search[iterations=38]", help="the bot whose claims are counted")
    parser.add_argument("--fields", default="doubter", help="comma-separated: the bot in the other three seats")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=1)
    options = parser.parse_args(argv)
    if options.games < 1:
        parser.error(f"--games must be at least 1, not {options.games}")
    for field_spec in options.fields.split(","):
        jobs = [(options.bot, field_spec, options.seed, number) for number in range(options.games)]
        if options.workers > 1:
            with ProcessPoolExecutor(options.workers) as pool:
                records = list(pool.map(play_one, jobs, chunksize=4))
        else:
            records = [play_one(job) for job in jobs]
        print("\n".join(report(options.bot, field_spec, records)), flush=True)


if __name__ == "__main__":
    main()
