"""Fit the search bot's leaf score to who won games in which piles change hands often.

    python scripts/fit_leaf.py --games 100 --seed 7000
    python scripts/fit_leaf.py --games 4 --out positions.jsonl
    python scripts/fit_leaf.py --positions positions.jsonl --stuck-cost 6 --stuck-card-cost 0.5
    python scripts/fit_leaf.py --players 6 --games 60

**The games.** Seven fields at 4 seats, ``--games`` games each (the adaptive bots against three adaptive
bots half as many again): ``search[iterations=38,leaf=halved]`` (the search bot as it was when the fit
was made) against three rocks, three cautious counters and three adaptive bots, ``adaptive`` against
three adaptive bots and against three rocks, ``counter`` against three cautious counters and ``doubter``
against three beginners. Game ``g`` of every field is dealt with seed ``--seed + g`` (the same deals in
every field), the first bot sits in seat ``g % 4`` and the bot in seat ``s`` draws from
``random.Random(deal * 10 + s)``. The defaults are the fit of docs/bots.md ("The leaf and who takes the
pile"): 750 games, 36,398 positions. At other table sizes (``--players``) the fields are
:data:`TABLE_FIELDS`: the search bot as it is now and ``adaptive``, each against the panel's styles
(drawn afresh for every deal, as the gauntlet's ``--against`` does) and against adaptive bots, and
``counter`` against the styles.

**The fit.** At the start of every play, each seat is scored as the leaf scores it
(:class:`~idoubtit.bots.search.leaf.LeafScore`): ``leaf_card`` per card held, less ``leaf_order`` per
seat that plays before it, less ``leaf_power`` times log(1 + its finishing cost)
(:func:`~idoubtit.bots.maths.rough_finish_cost`, with ``--stuck-cost`` and ``--stuck-card-cost`` for a
hand with no true last play in sight), and its chance to win is the softmax of the four scores. The three
numbers are fitted by maximum likelihood of the eventual winner (SciPy's Nelder-Mead; SciPy comes with
the ``openspiel`` extra). Prints them, the log-likelihood of the winner per position for the fit and for
the named leaves (:data:`~idoubtit.bots.search.params.LEAVES`, each with its own finishing cost), and,
for seats that have just taken a pile (their hand grew since the last play), how often such seats won
against each leaf's forecast.

``--out`` keeps the positions (one game a line, JSON); ``--positions`` fits kept positions instead of
playing.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypedDict

import numpy as np
from scipy.optimize import minimize

from idoubtit import Game, Rules
from idoubtit.bots import make_bot
from idoubtit.bots.maths import advance, rough_finish_cost
from idoubtit.bots.runner import play_turn
from idoubtit.bots.search.params import LEAVES, SearchParams
from idoubtit.engine import Phase
from idoubtit.tournament.gauntlet import parse_fields

Array = np.ndarray[Any, np.dtype[np.float64]]
PLAYERS = 4
#: The panel's styles, one field drawn from them afresh for every deal.
STYLES = "bluffer+doubter+rock+cautious+bigbluff+beginner"
#: The fields at other table sizes, as below.
TABLE_FIELDS: tuple[tuple[str, str, float], ...] = (
    ("search[iterations=38]", STYLES, 1.0),
    ("search[iterations=38]", "adaptive", 1.0),
    ("adaptive", STYLES, 1.0),
    ("adaptive", "adaptive", 1.0),
    ("counter", STYLES, 1.0),
)
#: The fields, as (the bot in the turning seat, the bot in the other three, games per ``--games``).
FIELDS: tuple[tuple[str, str, float], ...] = (
    ("search[iterations=38,leaf=halved]", "rock", 1.0),
    ("search[iterations=38,leaf=halved]", "cautious", 1.0),
    ("search[iterations=38,leaf=halved]", "adaptive", 1.0),
    ("adaptive", "adaptive", 1.5),
    ("adaptive", "rock", 1.0),
    ("counter", "cautious", 1.0),
    ("doubter", "beginner", 1.0),
)
#: The sizes of a pile just taken, for the forecast table (inclusive bounds; 0 is no pile taken).
PILE_SIZES: tuple[tuple[int, int], ...] = ((0, 0), (1, 2), (3, 5), (6, 11), (12, 10_000))
#: Plays are not capped under the default rules: no hand holds more of a rank than this.
NO_CAP = 10_000


class Position(TypedDict):
    """A position at the start of a play: every seat's cards by rank value, who plays and the rank due."""

    hands: list[list[int]]
    to_play: int
    due: int
    pile: int


class Record(TypedDict):
    """One game: its field, the turning seat, the winner and its positions."""

    hero: str
    field: str
    seat: int
    winner: int
    positions: list[Position]


def counts(game: Game, seat: int) -> list[int]:
    """The seat's cards, counted by rank value (index 0 unused)."""
    row = [0] * 14
    for card in game.hand(seat):
        row[card.rank.value] += 1
    return row


def play_game(hero: str, field: str, deal: int, seat: int, players: int = PLAYERS) -> Record:
    """One game of ``hero`` in ``seat`` against ``field`` in the other seats (a pool ``a+b`` drawn from
    for this deal), with every play's position."""
    rules = Rules(players)
    (pool,) = parse_fields(field)
    specs = pool.seating(hero, seat, players, random.Random(deal))
    bots = {s: make_bot(spec, random.Random(deal * 10 + s)) for s, spec in enumerate(specs)}
    for s, bot in bots.items():
        start = getattr(bot, "start", None)
        if start is not None:
            start(s, rules)
    game = Game.deal(rules, deal)
    positions: list[Position] = []
    while not game.is_over:
        if game.phase is Phase.PLAY:
            hands = [counts(game, s) for s in range(players)]
            positions.append(
                {"hands": hands, "to_play": game.to_play, "due": game.due_rank.value, "pile": game.pile_size}
            )
        play_turn(game, bots)
    winner = game.winner
    assert winner is not None
    return {"hero": hero, "field": field, "seat": seat, "winner": winner, "positions": positions}


def collect(games: int, seed: int, players: int = PLAYERS) -> list[Record]:
    """The games of every field (see the module docstring)."""
    records: list[Record] = []
    for hero, field, share in FIELDS if players == PLAYERS else TABLE_FIELDS:
        started = time.perf_counter()
        count = round(games * share)
        records.extend(play_game(hero, field, seed + g, g % players, players) for g in range(count))
        print(f"{hero} against {field}: {count} games, {time.perf_counter() - started:.0f} s", flush=True)
    return records


class Features:
    """Every position's seats, in seat order: cards held, seats before it in the turn order, finishing cost
    (by ``cost``), whether the seat won and how many cards it has just taken."""

    def __init__(self, records: Sequence[Record], cost: Callable[[list[int], list[int]], float]) -> None:
        cards: list[list[float]] = []
        order: list[list[float]] = []
        costs: list[list[float]] = []
        winners: list[int] = []
        taken: list[list[float]] = []
        players = {len(position["hands"]) for record in records for position in record["positions"]}
        if len(players) > 1:
            raise ValueError(f"fit one table size at a time, not games of {sorted(players)} seats together")
        seats = players.pop() if players else PLAYERS
        for record in records:
            before: list[int] | None = None
            for position in record["positions"]:
                row_cards, row_order, row_cost = [0.0] * seats, [0.0] * seats, [0.0] * seats
                seat, first = position["to_play"], position["due"]
                for place in range(seats):
                    hand = position["hands"][seat]
                    schedule = [advance(first, (turn - 1) * seats, False) for turn in range(14)]
                    row_cards[seat], row_order[seat], row_cost[seat] = sum(hand), place, cost(hand, schedule)
                    first, seat = advance(first, 1, False), (seat + 1) % seats
                sizes = [sum(hand) for hand in position["hands"]]
                if before is None:
                    taken.append([0.0] * seats)
                else:
                    taken.append([max(0, now - then) for now, then in zip(sizes, before, strict=True)])
                before = sizes
                cards.append(row_cards)
                order.append(row_order)
                costs.append(row_cost)
                winners.append(record["winner"])
        self.cards: Array = np.array(cards, dtype=np.float64)
        self.order: Array = np.array(order, dtype=np.float64)
        self.log_cost: Array = np.log1p(np.array(costs, dtype=np.float64))
        self.winners = np.array(winners, dtype=np.int64)
        self.taken: Array = np.array(taken, dtype=np.float64)
        self.won: Array = np.zeros_like(self.cards)
        self.won[np.arange(len(winners)), self.winners] = 1.0

    def __len__(self) -> int:
        return len(self.winners)

    def log_chances(self, power: float, card: float, order: float) -> Array:
        """Each seat's log chance to win, as the leaf forecasts it."""
        score = card * self.cards - order * self.order - power * self.log_cost
        score -= score.max(axis=1, keepdims=True)
        result: Array = score - np.log(np.exp(score).sum(axis=1, keepdims=True))
        return result

    def log_likelihood(self, power: float, card: float, order: float) -> float:
        """The log-likelihood of the winner per position."""
        return float(self.log_chances(power, card, order)[np.arange(len(self)), self.winners].mean())


def finish_cost(stuck_cost: float, stuck_card_cost: float) -> Callable[[list[int], list[int]], float]:
    """The leaf's finishing cost, with the search bot's bluff and stack costs."""
    params = SearchParams()

    def cost(hand: list[int], schedule: list[int]) -> float:
        return rough_finish_cost(
            hand, schedule, NO_CAP, params.bluff_cost, params.stack_cost, stuck_cost, stuck_card_cost
        )

    return cost


def fit(features: Features, card: float | None = None) -> tuple[float, float, float]:
    """``leaf_power``, ``leaf_card`` and ``leaf_order`` of the greatest likelihood; with ``card`` given,
    ``leaf_card`` is held at it and the other two are fitted."""

    def numbers(theta: Array) -> tuple[float, float, float]:
        if card is None:
            return float(theta[0]), float(theta[1]), float(theta[2])
        return float(theta[0]), card, float(theta[1])

    def loss(theta: Array) -> float:
        return -features.log_likelihood(*numbers(theta))

    params = SearchParams()
    start = [params.leaf_power, params.leaf_card, params.leaf_order]
    if card is not None:
        del start[1]
    result = minimize(loss, start, method="Nelder-Mead", options={"maxiter": 4000, "xatol": 1e-4, "fatol": 1e-7})
    return numbers(result.x)


def forecast_table(features: Features, leaves: dict[str, tuple[Features, tuple[float, float, float]]]) -> None:
    """Seats by the pile they have just taken: how often they won, and each leaf's forecast."""
    print("\n| pile just taken | seats | won | " + " | ".join(f"{name} leaf's forecast" for name in leaves) + " |")
    print("| --- | ---: | ---: | " + " | ".join("---:" for _ in leaves) + " |")
    for low, high in PILE_SIZES:
        label = "none" if high == 0 else f"{low} or more" if high >= NO_CAP else f"{low}–{high} cards"
        mask = (features.taken >= low) & (features.taken <= high)
        cells = [
            f"{100 * float(np.exp(leaf.log_chances(*theta))[mask].mean()):.1f} %" for leaf, theta in leaves.values()
        ]
        won = 100 * float(features.won[mask].mean()) if mask.any() else float("nan")
        print(f"| {label} | {int(mask.sum()):,} | {won:.1f} % | " + " | ".join(cells) + " |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games a field (150 % of it for adaptive bots)")
    parser.add_argument("--seed", type=int, default=7000, help="the deal of each field's first game")
    parser.add_argument("--players", type=int, default=PLAYERS, help="seats at every table")
    parser.add_argument("--out", type=Path, default=None, help="keep the positions in this file (JSON lines)")
    parser.add_argument("--positions", type=Path, default=None, help="fit the positions kept in this file")
    parser.add_argument("--stuck-cost", type=float, default=SearchParams().stuck_cost)
    parser.add_argument("--stuck-card-cost", type=float, default=SearchParams().stuck_card_cost)
    parser.add_argument(
        "--card", type=float, default=None, help="hold leaf_card at this (0: a card more never raises a chance)"
    )
    options = parser.parse_args()
    if options.positions is not None:
        with options.positions.open() as kept:
            records: list[Record] = [json.loads(line) for line in kept]
    else:
        records = collect(options.games, options.seed, options.players)
    if options.out is not None:
        with options.out.open("w") as out:
            out.writelines(json.dumps(record) + "\n" for record in records)
    features = Features(records, finish_cost(options.stuck_cost, options.stuck_card_cost))
    print(f"\n{len(records)} games, {len(features):,} positions")
    power, card, order = fit(features, options.card)
    print(f"fitted: leaf_power {power:.3f}, leaf_card {card:.4f}, leaf_order {order:.4f}")
    print(f"  log-likelihood of the winner {features.log_likelihood(power, card, order):.4f}")
    leaves: dict[str, tuple[Features, tuple[float, float, float]]] = {"fitted": (features, (power, card, order))}
    for name, numbers in LEAVES.items():
        leaf = (numbers["stuck_cost"], numbers["stuck_card_cost"])
        same = leaf == (options.stuck_cost, options.stuck_card_cost)
        scored = features if same else Features(records, finish_cost(*leaf))
        theta = (numbers["leaf_power"], numbers["leaf_card"], numbers["leaf_order"])
        leaves[name] = (scored, theta)
        print(f"  the {name} leaf: {scored.log_likelihood(*theta):.4f}")
    forecast_table(features, leaves)


if __name__ == "__main__":
    main()
