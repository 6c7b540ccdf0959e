"""How much a bot's plays could gain from knowing who could prove a bluff false: a probe, not a player.

    python scripts/safe_bluffs.py --field rock --games 800
    python scripts/safe_bluffs.py --field adaptive --games 800

Two bots play the same deals against three ``--field`` bots, dealt and seated as in
``scripts/claim_kinds.py`` (game ``g``: seed ``--seed + g // 4``, the bot in seat ``g % 4``, the bot in seat
``s`` drawing from ``random.Random(g * 10 + s)``):

- ``adaptive``, as it plays;
- ``told hands``: the adaptive bot, answering claims as it does, but whose plays are told every hand by the
  referee. It puts down every card of the due rank and adds, from the cards whose rank comes due at its
  own turns last, as many bluff cards as keep the claim beyond anyone's proof: the claim plus the most
  cards of the rank any opponent holds plus the pile's cards of the rank stays within the rank's copies
  (the pile counted whole, though a player knows only its own cards there: the probe errs on the safe
  side). It keeps one card back, the one due soonest, so that its last play can be true (R10);
- ``counted``: the same sizing without being told: the largest claim that, by its card tracker's
  distribution of what each opponent holds (taken as independent), no opponent can prove with chance at
  least :data:`COUNTED_SAFE`; where no bluff card fits, the adaptive bot's own play.

Printed for each: games won, then per game its plays, bluff cards, times caught lying and the cards taken
then, and piles taken in all with their cards. The gap between the first two is what sizing bluffs by who
can prove them is worth against that field when the hands are known, and the third shows how much of it
the count alone reaches; docs/bots.md ("Bluffs no one can prove") reads it.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, fields

from idoubtit.bots import make_bot
from idoubtit.bots.adaptive import AdaptiveBot
from idoubtit.bots.base import Bot, start_game
from idoubtit.bots.maths import own_turn_distances
from idoubtit.bots.runner import play_turn
from idoubtit.engine import Action, Card, Game, Phase, PileTaken, Play, Played, Rules, View
from idoubtit.engine.rules import RANK_COPIES_PER_DECK

PLAYERS = 4
BOTS = ("adaptive", "told hands", "counted")
#: The chance that no opponent can prove a claim, by the count, that ``counted`` asks of its bluffs.
COUNTED_SAFE = 0.9


class ToldHands(AdaptiveBot):
    """The adaptive bot whose plays see every hand (``hands``) and the pile (``pile``): see the module
    docstring. Only a measuring probe may build one: it reads what no seat may see."""

    def __init__(
        self, rng: random.Random, hands: Callable[[int], Sequence[Card]], pile: Callable[[], Sequence[Card]]
    ) -> None:
        super().__init__(rng=rng)
        self.hands, self.pile = hands, pile

    def act(self, view: View) -> Action:
        if not view.must_play or view.seat is None:
            return super().act(view)
        return Play(view.seat, safe_play(view, self.hands, self.pile()), view.due_rank)


class Counted(AdaptiveBot):
    """The adaptive bot whose plays size their bluffs by the count's chance that no one can prove them."""

    def act(self, view: View) -> Action:
        if not view.must_play or view.seat is None:
            return super().act(view)
        self.observe(view)
        due = view.due_rank
        dists = [
            self.tracker.holding_distribution(seat, due)
            for seat in range(view.rules.players)
            if seat != view.seat and view.hand_sizes[seat] > 0
        ]
        copies = RANK_COPIES_PER_DECK * view.rules.deck_count

        def unprovable(count: int) -> float:
            chance = 1.0
            for known, pmf in dists:
                chance *= sum(p for extra, p in enumerate(pmf) if known + extra + count <= copies)
            return chance

        truthful, spare, cap = split_hand(view)
        size = len(truthful)
        while size - len(truthful) < len(spare) - 1 and size < cap and unprovable(size + 1) >= COUNTED_SAFE:
            size += 1
        if size == len(truthful):
            return Play(view.seat, tuple(self.choose_cards(view)), due)
        return Play(view.seat, tuple(truthful + spare[: size - len(truthful)]), due)


def split_hand(view: View) -> tuple[list[Card], list[Card], int]:
    """The cards of the due rank (up to the cap), the others with those due last at this seat's turns
    first, and the cap on a play."""
    due, hand = view.due_rank, list(view.hand)
    cap = view.rules.max_cards_per_play or len(hand)
    distance = own_turn_distances(view.rules.players, view.rules.ascending)[due.value]
    spare = sorted((card for card in hand if card.rank is not due), key=lambda card: -distance[card.rank.value])
    return [card for card in hand if card.rank is due][:cap], spare, cap


def safe_play(view: View, hands: Callable[[int], Sequence[Card]], pile: Sequence[Card]) -> tuple[Card, ...]:
    """Every card of the due rank, plus the bluff cards no opponent could prove false (module docstring)."""
    assert view.seat is not None
    due, hand = view.due_rank, list(view.hand)
    truthful, spare, cap = split_hand(view)
    if len(truthful) == len(hand):
        return tuple(hand)  # a true last play
    copies = RANK_COPIES_PER_DECK * view.rules.deck_count
    most_held = max(
        (sum(card.rank is due for card in hands(seat)) for seat in range(view.rules.players) if seat != view.seat),
        default=0,
    )
    room = copies - most_held - sum(card.rank is due for card in pile)
    bluffs = spare[:-1][: max(0, min(room, cap) - len(truthful))]  # the last spare card stays for a true finish
    cards = truthful + bluffs
    return tuple(cards) if cards else (spare[0],)


@dataclass
class Tally:
    """What one bot did over some games."""

    games: int = 0
    won: int = 0
    plays: int = 0
    bluff_cards: int = 0
    caught: int = 0
    caught_cards: int = 0
    taken: int = 0
    taken_cards: int = 0

    def add(self, other: Tally) -> None:
        for each in fields(self):
            setattr(self, each.name, getattr(self, each.name) + getattr(other, each.name))


def play(bot_name: str, field_spec: str, seed: int, number: int) -> Tally:
    """Game ``number`` of ``bot_name`` (one of :data:`BOTS`) against three ``field_spec`` bots."""
    seat = number % PLAYERS
    game = Game.deal(Rules(PLAYERS), seed=seed + number // PLAYERS)
    bots: dict[int, Bot] = {
        s: make_bot(field_spec if s != seat else "adaptive", random.Random(number * 10 + s)) for s in range(PLAYERS)
    }
    if bot_name == "told hands":
        bots[seat] = ToldHands(random.Random(number * 10 + seat), game.hand, game.pile)
    elif bot_name == "counted":
        bots[seat] = Counted(rng=random.Random(number * 10 + seat))
    for each, bot in bots.items():
        start_game(bot, each, game.rules)
    tally = Tally(games=1)
    while not game.is_over:
        mine = game.phase is Phase.PLAY and game.to_play == seat
        due = game.due_rank
        claimant = game.claim.seat if game.claim is not None else None
        for event in play_turn(game, bots):
            if mine and isinstance(event, Played) and event.cards is not None:
                tally.plays += 1
                tally.bluff_cards += sum(card.rank is not due for card in event.cards)
            if isinstance(event, PileTaken) and event.seat == seat:
                tally.taken += 1
                tally.taken_cards += event.count
                if claimant == seat:
                    tally.caught += 1
                    tally.caught_cards += event.count
    tally.won = int(game.places[0] == seat)
    return tally


def play_one(job: tuple[str, str, int, int]) -> Tally:
    return play(*job)


def measure(field_spec: str, games: int, seed: int, workers: int) -> dict[str, Tally]:
    """Both bots of :data:`BOTS` over the same ``games`` against ``field_spec``."""
    totals = {name: Tally() for name in BOTS}
    for name in BOTS:
        jobs = [(name, field_spec, seed, number) for number in range(games)]
        if workers > 1:
            with ProcessPoolExecutor(workers) as pool:
                tallies: Sequence[Tally] = list(pool.map(play_one, jobs, chunksize=8))
        else:
            tallies = [play_one(job) for job in jobs]
        for tally in tallies:
            totals[name].add(tally)
    return totals


def report(field_spec: str, totals: dict[str, Tally]) -> str:
    lines = [
        f"against three {field_spec}",
        "| bot | won | plays | bluff cards | caught lying (cards) | piles taken (cards) |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    for name, tally in totals.items():
        n = max(tally.games, 1)
        lines.append(
            f"| {name} | {tally.won / n:.1%} | {tally.plays / n:.2f} | {tally.bluff_cards / n:.2f} | "
            f"{tally.caught / n:.2f} ({tally.caught_cards / n:.1f}) | "
            f"{tally.taken / n:.2f} ({tally.taken_cards / n:.1f}) |"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--field", default="rock", help="the bot the three others are (default: rock)")
    parser.add_argument("--games", type=int, default=800)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    print(report(args.field, measure(args.field, args.games, args.seed, args.workers)))


if __name__ == "__main__":
    main()
