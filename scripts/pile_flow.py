"""Where a bot's cards come from, field by field: the piles it takes and why, and how often it closes a game.

    python scripts/pile_flow.py --bots "search[iterations=38],adaptive" --fields adaptive,rock --games 800

Each bot of ``--bots`` plays alone against each field in ``--fields`` (one bot, whose copies fill the other
seats, or a pool joined by ``+`` whose bots are drawn afresh for every deal, as the gauntlet's ``--against``),
at tables of ``--players`` (4 by default), dealt and seated as in ``scripts/claim_kinds.py`` (game ``g`` at n
seats: seed ``--seed + g // n``, the bot in seat ``g % n``, the bot in seat ``s`` drawing from
``random.Random(g * 10 + s)``, a pool's draw from ``random.Random(seed of the deal)``), so every bot meets the
same deals and the same opponents. Printed per bot and field,
a game on average: its plays; its doubts and how many were right; its claims turned up by a doubt, false
and true; the piles it took, by why (``caught``: its claim was doubted and false, or its last play was
false; ``wrong doubt``: it doubted a true claim; ``other``: a wrong rank under R7), with the cards they held;
and the share of games in which its hand came down to k cards or fewer (short of going out), with how often
it then won. A bot that reaches one card and still loses has not closed the game; one that takes many cards
by wrong doubts pays for its reading. docs/bots.md reads these figures ("Where the expert's cards come from").
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from idoubtit.bots import make_bot, split_specs
from idoubtit.bots.base import start_game
from idoubtit.bots.runner import play_turn
from idoubtit.engine import Doubted, Game, PileTaken, Played, Revealed, Rules
from idoubtit.engine.events import RevealReason
from idoubtit.tournament.gauntlet import parse_fields

PLAYERS = 4
#: The hand sizes the closing table looks at.
CLOSE = (1, 2, 3, 5)
WHY = ("caught", "wrong doubt", "other")


@dataclass
class Flow:
    """One game, as the bot's seat went through it."""

    won: bool = False
    plays: int = 0
    doubts: int = 0
    right_doubts: int = 0
    false_turned_up: int = 0
    true_turned_up: int = 0
    takes: dict[str, list[int]] = field(default_factory=lambda: {why: [] for why in WHY})
    fewest: int = 99


#: Decision rounds after which a game counts as lost for the bot (a cycle nobody breaks).
MAX_ROUNDS = 5000


def play_one(bot_spec: str, field_spec: str, game_number: int, seed: int, players: int = PLAYERS) -> Flow:
    """Game ``game_number`` of the bot against ``field_spec`` (one bot, or a pool joined by ``+`` drawn afresh
    for every deal, as the gauntlet draws it), with what its seat went through."""
    seat = game_number % players
    deal = seed + game_number // players
    game = Game.deal(Rules(players, open_table_sizes=players < 3), deal)
    (field,) = parse_fields(field_spec)
    specs = field.seating(bot_spec, seat, players, random.Random(deal))
    bots = {s: make_bot(spec, random.Random(game_number * 10 + s)) for s, spec in enumerate(specs)}
    for s, bot in bots.items():
        start_game(bot, s, game.rules)
    flow = Flow()
    rounds = 0
    while not game.is_over and rounds < MAX_ROUNDS:  # two players who never lie may trade cards for ever
        rounds += 1
        note(flow, seat, play_turn(game, bots))
        if game.hand(seat):  # its hand before it went out, if it did
            flow.fewest = min(flow.fewest, len(game.hand(seat)))
    flow.won = game.winner == seat
    return flow


def note(flow: Flow, seat: int, events: Sequence[object]) -> None:
    """Count one decision round's events for the bot's seat."""
    doubted: Doubted | None = None
    turned_up: Revealed | None = None
    for event in events:
        if isinstance(event, Played) and event.seat == seat:
            flow.plays += 1
        elif isinstance(event, Doubted):
            doubted = event
            flow.doubts += event.doubter == seat
        elif isinstance(event, Revealed):
            turned_up = event
            if event.reason is RevealReason.DOUBT and event.seat == seat:
                flow.true_turned_up += event.truthful
                flow.false_turned_up += not event.truthful
            if doubted is not None and doubted.doubter == seat and not event.truthful:
                flow.right_doubts += 1
        elif isinstance(event, PileTaken) and event.seat == seat:
            if doubted is not None and doubted.doubter == seat:
                why = "wrong doubt"
            elif turned_up is not None and turned_up.seat == seat:
                why = "caught"  # its claim doubted and false, or its last play false (R10)
            else:
                why = "other"  # a wrong rank announced (R7)
            flow.takes[why].append(event.count)


def report(bot_spec: str, field_spec: str, flows: list[Flow]) -> str:
    """The lines printed for one bot in one field: each figure on average over ``flows``."""
    games = len(flows)
    lines = [f"{bot_spec} against {field_spec}: won {sum(f.won for f in flows) / games:.1%} of {games} games"]
    per_game = {
        "plays": sum(f.plays for f in flows),
        "doubts": sum(f.doubts for f in flows),
        "right doubts": sum(f.right_doubts for f in flows),
        "own claims turned up false": sum(f.false_turned_up for f in flows),
        "own claims turned up true": sum(f.true_turned_up for f in flows),
    }
    lines += [f"  {name}: {total / games:.2f} a game" for name, total in per_game.items()]
    for why in WHY:
        sizes = [size for f in flows for size in f.takes[why]]
        if sizes:
            lines.append(
                f"  piles taken, {why}: {len(sizes) / games:.2f} a game, {sum(sizes) / games:.2f} cards a game"
                f" ({sum(sizes) / len(sizes):.1f} a pile)"
            )
    for cards in CLOSE:
        reached = [f for f in flows if f.fewest <= cards]
        if reached:
            won = sum(f.won for f in reached) / len(reached)
            share = len(reached) / games
            lines.append(f"  down to {cards} card(s) or fewer: {share:.0%} of games, won {won:.0%} of those")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--bots", default="search[iterations=38],adaptive", help="comma-separated bot specs")
    parser.add_argument("--fields", default="adaptive", help="';'-separated fields, as the gauntlet's --against")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--players", type=int, default=PLAYERS)
    args = parser.parse_args()
    with ProcessPoolExecutor(args.workers) as pool:
        for field_spec in (field.name for field in parse_fields(args.fields)):
            for bot_spec in split_specs(args.bots):
                jobs = [(bot_spec, field_spec, g, args.seed, args.players) for g in range(args.games)]
                flows = list(pool.map(play_one, *zip(*jobs, strict=True), chunksize=8))
                print(report(bot_spec, field_spec, flows), flush=True)


if __name__ == "__main__":
    main()
