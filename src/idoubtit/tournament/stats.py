"""What a tournament's games say about its bots: ratings, win rates with confidence intervals, seats, pairs."""

from __future__ import annotations

import bisect
import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from openskill.models import PlackettLuce

from idoubtit.history import Totals
from idoubtit.tournament.play import GameResult

#: The normal quantile for a two-sided 95 % interval.
Z95 = 1.959963984540054


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion: sound near 0 and 1 and for small samples.

    >>> low, high = wilson_interval(50, 100)
    >>> round(low, 3), round(high, 3)
    (0.404, 0.596)
    """
    if trials == 0:
        return (0.0, 1.0)
    share = successes / trials
    denominator = 1 + z * z / trials
    centre = (share + z * z / (2 * trials)) / denominator
    spread = z * math.sqrt(share * (1 - share) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - spread), min(1.0, centre + spread))


#: A reading is never taken as surer than this of either answer when scored (a sure reading proved wrong
#: would score an infinite log-loss).
READING_CLAMP = 1e-3


def reading_loss(chance: float, happened: bool) -> float:
    """The log-loss of one reading: ``chance`` that something happens (a claim is false), which it did
    or did not; the chance is clamped to :data:`READING_CLAMP` from either end."""
    clamped = min(1.0 - READING_CLAMP, max(READING_CLAMP, chance))
    return -math.log(clamped if happened else 1.0 - clamped)


def log_loss(chances: Sequence[float], happened: Sequence[bool]) -> float:
    """The mean :func:`reading_loss` over paired readings and outcomes (0 with none)."""
    total = sum(reading_loss(chance, fact) for chance, fact in zip(chances, happened, strict=True))
    return total / max(len(chances), 1)


def roc_area(false: Sequence[float], true: Sequence[float]) -> float:
    """The chance that a false claim's reading is above a true one's, ties counting a half (NaN when either
    side has none): 0.5 is a blind reader, 1.0 one that always tells them apart.

    >>> roc_area([0.9, 0.5], [0.5, 0.1])
    0.875
    """
    if not false or not true:
        return math.nan
    ordered = sorted(true)
    above = 0.0
    for chance in false:
        below, up_to = bisect.bisect_left(ordered, chance), bisect.bisect_right(ordered, chance)
        above += below + 0.5 * (up_to - below)
    return above / (len(false) * len(ordered))


@dataclass
class BotStanding:
    """One bot's results over the tournament.

    A bot is its full spec (``search[iterations=38]``): two specs are two bots, and the same spec listed
    more than once in a field is one bot holding several seats. ``games`` counts the games it sat in,
    ``seats`` the seats it held in them (more than one a game when the field has fewer bots than seats or
    names it twice); its win rate is per seat.
    """

    name: str
    mu: float = 25.0
    sigma: float = 25.0 / 3
    games: int = 0
    seats: int = 0
    wins: float = 0.0
    seat_games: dict[int, int] = field(default_factory=dict)
    seat_wins: dict[int, float] = field(default_factory=dict)
    #: How it played, summed over its seats in finished games: bluffs, caught, doubts, piles (one
    #: definition of each, :mod:`idoubtit.history`'s, as on a table's statistics page).
    play: Totals = field(default_factory=Totals)

    @property
    def win_rate(self) -> float:
        return self.wins / self.seats if self.seats else 0.0

    @property
    def win_interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.seats)

    @property
    def rating_interval(self) -> tuple[float, float]:
        """The rating's 95 % interval, mu ± 1.96 sigma."""
        return (self.mu - Z95 * self.sigma, self.mu + Z95 * self.sigma)

    def to_dict(self) -> dict[str, Any]:
        low, high = self.win_interval
        rating_low, rating_high = self.rating_interval
        return {
            "name": self.name,
            "rating": {"mu": self.mu, "sigma": self.sigma, "ci95": [rating_low, rating_high]},
            "games": self.games,
            "seats": self.seats,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "win_rate_ci95": [low, high],
            "by_seat": {
                str(seat): {"games": count, "win_rate": self.seat_wins.get(seat, 0.0) / count}
                for seat, count in sorted(self.seat_games.items())
            },
            "play": self.play.to_dict(),
        }


@dataclass
class Standings:
    """Every bot's standing plus the head-to-head table: how often the row bot finished ahead of the column bot."""

    bots: dict[str, BotStanding]
    ahead: dict[tuple[str, str], float]
    met: dict[tuple[str, str], int]

    def ordered(self) -> list[BotStanding]:
        return sorted(self.bots.values(), key=lambda bot: (-bot.mu, bot.name))

    def head_to_head(self, row: str, column: str) -> float | None:
        meetings = self.met.get((row, column), 0)
        return self.ahead.get((row, column), 0.0) / meetings if meetings else None

    def to_dict(self) -> dict[str, Any]:
        names = [bot.name for bot in self.ordered()]
        return {
            "standings": [bot.to_dict() for bot in self.ordered()],
            "head_to_head": {
                row: {column: self.head_to_head(row, column) for column in names if column != row} for row in names
            },
        }


def standings(results: Sequence[GameResult]) -> Standings:
    """Ratings (openskill's Plackett–Luce over finishing order), win rates and pairs, in game order."""
    model = PlackettLuce()
    bots: dict[str, BotStanding] = {}
    ahead: dict[tuple[str, str], float] = defaultdict(float)
    met: dict[tuple[str, str], int] = defaultdict(int)
    for result in sorted(results, key=lambda result: result.index):
        for name in result.lineup:
            bots.setdefault(name, BotStanding(name))
        _rate(model, bots, result)
        _count(bots, ahead, met, result)
    return Standings(bots, dict(ahead), dict(met))


def _rate(model: PlackettLuce, bots: dict[str, BotStanding], result: GameResult) -> None:
    teams = [[model.rating(mu=bots[name].mu, sigma=bots[name].sigma)] for name in result.lineup]
    rated = model.rate(teams, ranks=list(result.ranks))
    # A bot in several seats of one game (more seats than bots) takes the mean of its seats' updates.
    updates: dict[str, list[tuple[float, float]]] = defaultdict(list)
    for name, (rating,) in zip(result.lineup, rated, strict=True):
        updates[name].append((rating.mu, rating.sigma))
    for name, values in updates.items():
        bots[name].mu = sum(mu for mu, _ in values) / len(values)
        bots[name].sigma = sum(sigma for _, sigma in values) / len(values)


def _count(
    bots: dict[str, BotStanding],
    ahead: dict[tuple[str, str], float],
    met: dict[tuple[str, str], int],
    result: GameResult,
) -> None:
    for name in set(result.lineup):
        bots[name].games += 1
    for seat, name in enumerate(result.lineup):
        standing = bots[name]
        won = 1.0 if result.winner == seat else 0.0
        standing.seats += 1
        standing.wins += won
        standing.seat_games[seat] = standing.seat_games.get(seat, 0) + 1
        standing.seat_wins[seat] = standing.seat_wins.get(seat, 0.0) + won
        if result.numbers:
            standing.play = standing.play.add(result.numbers[seat])
        for other_seat, other in enumerate(result.lineup):
            if other == name:
                continue
            met[(name, other)] += 1
            mine, theirs = result.ranks[seat], result.ranks[other_seat]
            ahead[(name, other)] += 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0
