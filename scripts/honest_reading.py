"""How sharp a reading of a truthful player's one-card claims can be: the adaptive model against a reader
that knows the player's policy exactly.

    python scripts/honest_reading.py --field rock --games 60
    python scripts/honest_reading.py --field cautious --games 60 --draws 3000

A rock (and a cautious counter, a doubter, a beginner: they play alike) tells the truth whenever it can
and, holding none of the due rank, puts down the one card whose rank is due last; so its claim of one card
is false exactly when it held none. In each game an adaptive bot sits in seat 0 and three ``--field`` bots
in the others (game ``g``: deal seed ``--seed * 1000 + g``). At every one-card claim seat 0 may answer, by
a claimant that has taken no pile yet, two readers say how likely it is false: the adaptive model, fed
seat 0's views, and the *policy reader*: it draws the claimant's first hand ``--draws`` times from the
cards seat 0 was not dealt, keeps the draws from which that policy makes every claim the claimant made
(and puts down every card of it turned up), and with which it could claim one card now, and gives the
share of those that hold none of the claimed rank. It uses nothing seat 0 could not see; it ignores
what the other players' claims say. Printed: the claims read, the share false, and for each reader its
mean chance, log-loss (natural logarithm; lower is better) and ROC area (0.5 is blind).
docs/bots.md ("What better reading would be worth") has the figures.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from idoubtit.bots import make_bot
from idoubtit.bots.adaptive import AdaptiveBot
from idoubtit.bots.base import start_game
from idoubtit.bots.runner import ask, settle_window
from idoubtit.engine import STANDARD_DECK, Card, Doubt, Game, Phase, PileTaken, Play, Rank, Revealed, Rules
from idoubtit.tournament.stats import log_loss, roc_area

PLAYERS = 4


@dataclass(frozen=True)
class Turn:
    """One of a player's plays as the table saw it: the rank it claimed, how many cards, and the cards
    turned up by a doubt (None: not turned up)."""

    rank: Rank
    count: int
    shown: tuple[Card, ...] | None = None


def rank_steps(due: Rank, rank: Rank, ascending: bool) -> int:
    """How many ranks after ``due`` ``rank`` comes (the order a truthful player sheds its far cards by)."""
    step = Rank.next_up if ascending else Rank.next_down
    current, steps = due, 0
    while current is not rank:
        current, steps = step(current), steps + 1
    return steps


def replay(hand: Sequence[Card], turns: Sequence[Turn], ascending: bool) -> Counter[Rank] | None:
    """The ranks left in ``hand`` after a truthful player made ``turns`` from it (every card of the rank
    claimed, or with none the card due last), or None when it could not have made them."""
    counts = Counter(card.rank for card in hand)
    for turn in turns:
        held = counts[turn.rank]
        if held:
            if turn.count != held:
                return None
            counts[turn.rank] = 0
            continue
        if turn.count != 1:
            return None
        holding = [rank for rank, count in counts.items() if count]
        farthest = max(holding, key=lambda rank: rank_steps(turn.rank, rank, ascending))
        if turn.shown is not None and turn.shown[0].rank is not farthest:
            return None
        counts[farthest] -= 1
    return counts


def policy_reading(
    unseen: Sequence[Card],
    shown: Sequence[Card],
    turns: Sequence[Turn],
    rank: Rank,
    hand_size: int,
    rng: random.Random,
    draws: int,
    ascending: bool = False,
) -> float | None:
    """The share of first hands (``shown`` cards and the rest drawn from ``unseen``) consistent with
    ``turns`` that hold none of ``rank`` now, among those that could claim one card of it, with half a
    draw of each kind added so that a few kept draws give no certainty (None: no draw was consistent)."""
    free = [card for card in unseen if card not in shown]
    kept = none = 0
    for _ in range(draws):
        counts = replay([*shown, *rng.sample(free, hand_size - len(shown))], turns, ascending)
        if counts is None or counts[rank] > 1:
            continue
        kept += 1
        none += counts[rank] == 0
    return (none + 0.5) / (kept + 1.0) if kept else None


def split_by_truth(chances: Sequence[float], truths: Sequence[bool]) -> tuple[list[float], list[float]]:
    """The readings of the false claims, and those of the true ones."""
    pairs = list(zip(chances, truths, strict=True))
    return [chance for chance, false in pairs if false], [chance for chance, false in pairs if not false]


def read_game(field: str, seed: int, number: int, draws: int) -> list[tuple[float, float, bool]]:
    """Game ``number``: per one-card claim read, the adaptive model's chance, the policy reader's, and
    whether it was false."""
    game = Game.deal(Rules(PLAYERS), seed=seed * 1000 + number)
    bots = {0: make_bot("adaptive", random.Random(f"{seed}/{number}/0"))}
    bots.update({seat: make_bot(field, random.Random(f"{seed}/{number}/{seat}")) for seat in range(1, PLAYERS)})
    model = AdaptiveBot(random.Random(2))
    for seat, bot in [*bots.items(), (0, model)]:
        start_game(bot, seat, game.rules)
    rng = random.Random(f"draws/{seed}/{number}")
    unseen = [card for card in STANDARD_DECK if card not in game.hand(0)]
    dealt = len(game.hand(0))
    turns: dict[int, list[Turn]] = {seat: [] for seat in range(PLAYERS)}
    shown: dict[int, list[Card]] = {seat: [] for seat in range(PLAYERS)}
    took: set[int] = set()
    read_up_to = 0
    readings: list[tuple[float, float, bool]] = []
    while not game.is_over:
        log = game.view(0).log
        for event in log[read_up_to:]:
            if isinstance(event, PileTaken):
                took.add(event.seat)
            elif isinstance(event, Revealed) and turns[event.seat]:
                last = turns[event.seat][-1]
                turns[event.seat][-1] = Turn(last.rank, last.count, tuple(event.cards))
                shown[event.seat].extend(event.cards)
        read_up_to = len(log)
        if game.phase is Phase.PLAY:
            action = ask(bots[game.to_play], game, game.to_play)
            assert isinstance(action, Play)
            game.apply(action)
            continue
        claim = game.claim
        assert claim is not None, "a doubt window is open on a claim"
        false = any(card.rank is not claim.rank for card in game.pile()[-claim.count :])
        if 0 in game.awaiting and claim.count == 1 and claim.seat not in took:
            view = game.view(0)
            model.observe(view)
            policy = policy_reading(unseen, shown[claim.seat], turns[claim.seat], claim.rank, dealt, rng, draws)
            if policy is not None:
                readings.append((model.false_probability(view), policy, false))
        answers = {seat: isinstance(ask(bots[seat], game, seat), Doubt) for seat in game.awaiting}
        claimant, turn = claim.seat, Turn(claim.rank, claim.count)
        settle_window(game, [s for s, d in answers.items() if d], [s for s, d in answers.items() if not d])
        if game.phase is not Phase.DOUBT:  # the window closed: the play is part of the claimant's record
            turns[claimant].append(turn)
    return readings


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--field", default="rock", help="the bot in seats 1-3 (one that tells the truth when it can)")
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--draws", type=int, default=3000, help="first hands drawn per claim")
    parser.add_argument("--seed", type=int, default=7)
    options = parser.parse_args(argv)
    if options.games < 1 or options.draws < 1:
        parser.error("--games and --draws must be at least 1")
    rows = [
        row for number in range(options.games) for row in read_game(options.field, options.seed, number, options.draws)
    ]
    truths = [false for _, _, false in rows]
    print(f"{len(rows)} one-card claims by {options.field} read, {sum(truths) / max(len(rows), 1):.1%} false")
    for name, chances in (("adaptive model", [row[0] for row in rows]), ("policy reader", [row[1] for row in rows])):
        print(
            f"  {name:<15} mean {sum(chances) / max(len(chances), 1):.3f}, log-loss {log_loss(chances, truths):.3f},"
            f" ROC area {roc_area(*split_by_truth(chances, truths)):.3f}"
        )


if __name__ == "__main__":
    main()
