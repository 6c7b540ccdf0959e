"""How well the bots read claims: the log-loss of the chance each model gives that a claim is false.

Run: ``python bench/calibration.py`` (defaults: 40 evenings of 5 games a field, 4 seats, seed 5). In
every game seat 0 is an adaptive bot and the other three seats are the field (one bot's copies, or three
bots drawn from a pool joined by ``+`` for each evening, as in a gauntlet). Beside seat 0 sit two
observers fed that seat's views and nothing else, which never act: a counter bot (one fixed model of
how players bluff, the same for everyone) and an adaptive bot (that model fitted to each opponent's own
record). An evening is a series of games at one table, the same bots in the same seats, as at a real
table: the adaptive model carries what it learned of each opponent from one game to the next.
Whenever seat 0 may doubt a claim, each observer says how likely the claim is false; the referee knows
whether it was.

Printed per field: the claims read, the share of them that were false, and the log-loss (natural
logarithm, per claim; lower is better) of: always the field's share of false claims (the best a reader
can do that looks at nothing but the field), the counter's model, the adaptive model in the first game
of an evening (all it knows is that game), and in the later games of the evening.

``--keeping`` gives the adaptive observer the keep shares of ``search[keeping=true]`` (it learns per
opponent whether that player keeps the ranks coming due); ``--one-card-back`` reads claims of one card as
the search bot's model does by default (the cards the claimant put down since it last announced the rank
back in the pool its hand was drawn from); ``--voids`` reads a hand as holding none of a rank its player
announced since it last took a pile (``search[voids=true]``). ``--by-size`` also prints, per field, the
claims of one card and those of more apart, as the adaptive model reads them in the first game of an
evening: how many, how many were false, the mean chance it gave, its log-loss and how well it tells
false claims from true ones (the area under the ROC curve: the chance that a false claim drawn at random
is read as likelier false than a true one; 0.5 is blind, 1 sure).
"""

from __future__ import annotations

import argparse
import dataclasses
import random
from dataclasses import dataclass, field

from idoubtit.bots import Bot, make_bot
from idoubtit.bots.adaptive import LEARNS_KEEPING, AdaptiveBot, AdaptiveParams
from idoubtit.bots.base import start_game
from idoubtit.bots.counter import CounterBot
from idoubtit.bots.runner import ask, settle_window
from idoubtit.engine import Doubt, Game, Phase, Play, Rules
from idoubtit.tournament.gauntlet import Field, parse_fields
from idoubtit.tournament.stats import reading_loss, roc_area

FIELDS = (
    "adaptive;counter;bluffer;doubter;rock;cautious;bigbluff;beginner;bluffer+doubter+rock+cautious+bigbluff+beginner"
)
MAX_ROUNDS = 5_000


@dataclass
class Readings:
    """For one field: per claim, whether it was false, in which game of its evening, and what each
    reader said."""

    truths: list[bool] = field(default_factory=list)
    games: list[int] = field(default_factory=list)
    #: How many cards each claim was of.
    sizes: list[int] = field(default_factory=list)
    chances: dict[str, list[float]] = field(default_factory=lambda: {"counter": [], "adaptive": []})

    def log_loss(self, reader: str | float, games: range | None = None, sizes: range | None = None) -> float:
        """The mean log-loss of ``reader`` (an observer's name, or one chance for every claim) over the
        claims of the games numbered in ``games`` and of the sizes in ``sizes`` (all when None)."""
        total, claims = 0.0, 0
        for index, truth in enumerate(self.truths):
            if not self._counted(index, games, sizes):
                continue
            chance = reader if isinstance(reader, float) else self.chances[reader][index]
            total += reading_loss(chance, truth)
            claims += 1
        return total / max(1, claims)

    def _counted(self, index: int, games: range | None, sizes: range | None) -> bool:
        return (games is None or self.games[index] in games) and (sizes is None or self.sizes[index] in sizes)

    @property
    def share(self) -> float:
        return sum(self.truths) / max(1, len(self.truths))

    def by_size(self, reader: str, games: range, sizes: range) -> tuple[int, float, float, float, float]:
        """Over the claims of ``games`` and ``sizes``: how many, the share false, ``reader``'s mean chance,
        its log-loss and its area under the ROC curve (nan when all of them were false or all true)."""
        picked = [index for index in range(len(self.truths)) if self._counted(index, games, sizes)]
        chances = self.chances[reader]
        false = [chances[index] for index in picked if self.truths[index]]
        true = [chances[index] for index in picked if not self.truths[index]]
        claims = max(1, len(picked))
        mean = sum(chances[index] for index in picked) / claims
        return len(picked), len(false) / claims, mean, self.log_loss(reader, games, sizes), roc_area(false, true)


def observer_params(keeping: bool = False, one_card_back: bool = False, voids: bool = False) -> AdaptiveParams:
    """The adaptive observer's settings: the adaptive bot's, with the search bot's model options asked for."""
    params = LEARNS_KEEPING if keeping else AdaptiveParams()
    return dataclasses.replace(params, one_card_back=one_card_back, voids=voids)


def evening(
    rules: Rules,
    opponents: tuple[str, ...],
    games: int,
    seed: int,
    readings: Readings,
    observer: AdaptiveParams | None = None,
) -> None:
    """``games`` games at one table: seat 0 an adaptive bot, ``opponents`` in the other seats, the same
    bots (and observers) all evening; every claim seat 0 may doubt is read by both observers."""
    bots = {0: make_bot("adaptive", random.Random(f"{seed}/0"))}
    for seat, spec in enumerate(opponents, start=1):
        bots[seat] = make_bot(spec, random.Random(f"{seed}/{seat}"))
    observers: dict[str, CounterBot] = {
        "counter": CounterBot(random.Random(1)),
        "adaptive": AdaptiveBot(random.Random(2), observer),
    }
    deals = random.Random(seed)
    for number in range(games):
        game = Game.deal(rules, deals.randrange(2**32))
        for seat, bot in [*bots.items(), *((0, observer) for observer in observers.values())]:
            start_game(bot, seat, rules)
        read_game(game, bots, observers, number, readings)


def read_game(
    game: Game, bots: dict[int, Bot], observers: dict[str, CounterBot], number: int, readings: Readings
) -> None:
    claim_false = False
    for _ in range(MAX_ROUNDS):
        if game.is_over:
            return
        if game.phase is Phase.PLAY:
            seat = game.to_play
            action = ask(bots[seat], game, seat)
            game.apply(action)
            claim = game.view(0).claim
            if isinstance(action, Play) and claim is not None:
                claim_false = any(card.rank is not claim.rank for card in action.cards)
            continue
        if 0 in game.awaiting:
            view = game.view(0)
            readings.truths.append(claim_false)
            readings.games.append(number)
            readings.sizes.append(view.claim.count if view.claim is not None else 0)
            for name, observer in observers.items():
                observer.observe(view)
                readings.chances[name].append(observer.false_probability(view))
        answers = {seat: isinstance(ask(bots[seat], game, seat), Doubt) for seat in game.awaiting}
        settle_window(
            game, [s for s, doubts in answers.items() if doubts], [s for s, doubts in answers.items() if not doubts]
        )


def read_field(
    one: Field, rules: Rules, evenings: int, games: int, seed: int, observer: AdaptiveParams | None = None
) -> Readings:
    readings = Readings()
    draws = random.Random(f"{seed}/{one.name}")
    for number in range(evenings):
        evening(rules, one.opponents(rules.players - 1, draws), games, seed * 1_000_003 + number, readings, observer)
    return readings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--evenings", type=int, default=40, help="evenings per field")
    parser.add_argument("--games", type=int, default=5, help="games per evening")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--fields", default=FIELDS, help="as --against takes them (default: the panel and more)")
    parser.add_argument("--keeping", action="store_true", help="the adaptive observer learns keep shares")
    parser.add_argument(
        "--one-card-back", action="store_true", help="one-card claims read with the played cards back in the pool"
    )
    parser.add_argument(
        "--voids", action="store_true", help="hands hold none of a rank announced since their last pile taken"
    )
    parser.add_argument("--by-size", action="store_true", help="also claims of one card and of more, apart")
    arguments = parser.parse_args()
    rules = Rules(arguments.players)
    later = range(1, arguments.games)
    print(f"{'field':<48} {'claims':>7} {'false':>6} {'share':>6} {'counter':>8} {'adaptive':>9} {'later':>6}")
    for one in parse_fields(arguments.fields):
        observer = observer_params(arguments.keeping, arguments.one_card_back, arguments.voids)
        readings = read_field(one, rules, arguments.evenings, arguments.games, arguments.seed, observer)
        losses = [readings.log_loss(readings.share), readings.log_loss("counter")]
        losses += [readings.log_loss("adaptive", range(1)), readings.log_loss("adaptive", later)]
        figures = " ".join(f"{loss:>{width}.3f}" for loss, width in zip(losses, (6, 8, 9, 6), strict=True))
        print(f"{one.name:<48} {len(readings.truths):>7,} {readings.share:>6.1%} {figures}")
        if arguments.by_size:
            for label, sizes in (("one card", range(1, 2)), ("more", range(2, 10_000))):
                claims, false, mean, loss, area = readings.by_size("adaptive", range(1), sizes)
                print(
                    f"  {label:<9} first game: {claims:,} claims, {false:.1%} false, mean chance {mean:.3f},"
                    f" log-loss {loss:.3f}, ROC area {area:.3f}"
                )


if __name__ == "__main__":
    main()
