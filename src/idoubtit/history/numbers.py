"""Each seat's numbers in a finished game, and totals over many games (one person's, one table's, one bot's).

The counting itself is the engine's (:class:`idoubtit.engine.SeatStats`, worked out from a game's own
log): a bluff is a play whose cards were not all of the announced rank (R6) or that announced a rank
other than the due one (R7); it was caught when its player had to take it back (a doubt, R8; a last
play turned up, R10; a wrong rank, R7); a doubt was right when it turned up a bluff. This module adds
what only the end of a game tells (places, cards left) and sums games up.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass, fields
from typing import Any

from idoubtit.engine import Game, IDoubtItError


@dataclass(frozen=True, slots=True)
class SeatNumbers:
    """One seat's numbers over one game that is over (see the module's docstring for what they count).

    ``place`` is the seat's finishing place from 1 when the game placed it (the winner, and under V3
    everyone), else None; ``cards_left`` the cards it still held when the game ended.
    """

    claims: int = 0
    bluffs: int = 0
    bluffs_caught: int = 0
    doubts: int = 0
    doubts_right: int = 0
    piles_taken: int = 0
    cards_taken: int = 0
    cards_left: int = 0
    won: bool = False
    place: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SeatNumbers:
        """The inverse of :meth:`to_dict`; unknown keys are ignored, missing ones count as zero."""
        known = {field.name for field in fields(cls)}
        return cls(**{key: value for key, value in data.items() if key in known})


def game_numbers(game: Game) -> tuple[SeatNumbers, ...]:
    """Every seat's numbers in ``game``, which must be over (only then are its secrets anyone's to count)."""
    if not game.is_over:
        raise IDoubtItError(f"game numbers: the game is not over (step {game.step}, {game.phase.value} phase)")
    view = game.view(None)
    assert view.stats is not None  # set once the game is over, as final_hands
    assert view.final_hands is not None
    places = {seat: place for place, seat in enumerate(view.places, start=1)}
    return tuple(
        SeatNumbers(
            **stats.to_dict(),
            cards_left=len(view.final_hands[seat]),
            won=view.winner == seat,
            place=places.get(seat),
        )
        for seat, stats in enumerate(view.stats)
    )


def record_numbers(record: dict[str, Any]) -> tuple[SeatNumbers, ...]:
    """:func:`game_numbers` of a game record (replayed through the engine's checked door)."""
    return game_numbers(Game.replay(record))


@dataclass(frozen=True, slots=True)
class Totals:
    """Numbers summed over games: one person's, one seat's at a table, or one bot's.

    The rates are None where there is nothing to divide by (no claims, no bluffs, no doubts...), so a
    page shows "–" rather than a made-up 0 %.
    """

    games: int = 0
    wins: int = 0
    claims: int = 0
    bluffs: int = 0
    bluffs_caught: int = 0
    doubts: int = 0
    doubts_right: int = 0
    piles_taken: int = 0
    cards_taken: int = 0
    cards_left: int = 0

    def add(self, numbers: SeatNumbers) -> Totals:
        """These totals with one more game's numbers."""
        return Totals(
            games=self.games + 1,
            wins=self.wins + int(numbers.won),
            claims=self.claims + numbers.claims,
            bluffs=self.bluffs + numbers.bluffs,
            bluffs_caught=self.bluffs_caught + numbers.bluffs_caught,
            doubts=self.doubts + numbers.doubts,
            doubts_right=self.doubts_right + numbers.doubts_right,
            piles_taken=self.piles_taken + numbers.piles_taken,
            cards_taken=self.cards_taken + numbers.cards_taken,
            cards_left=self.cards_left + numbers.cards_left,
        )

    @property
    def win_rate(self) -> float | None:
        return _share(self.wins, self.games)

    @property
    def bluff_rate(self) -> float | None:
        """Of the claims made, the share that were bluffs."""
        return _share(self.bluffs, self.claims)

    @property
    def caught_rate(self) -> float | None:
        """Of the bluffs made, the share that were caught."""
        return _share(self.bluffs_caught, self.bluffs)

    @property
    def doubt_accuracy(self) -> float | None:
        """Of the doubts made, the share that turned up a bluff."""
        return _share(self.doubts_right, self.doubts)

    @property
    def pile_size(self) -> float | None:
        """The mean number of cards in a pile taken."""
        return None if not self.piles_taken else self.cards_taken / self.piles_taken

    @property
    def cards_left_per_game(self) -> float | None:
        return None if not self.games else self.cards_left / self.games

    def to_dict(self) -> dict[str, Any]:
        """The counts, then the rates (None where there is nothing to divide by)."""
        return {
            **{field.name: getattr(self, field.name) for field in fields(self)},
            "win_rate": self.win_rate,
            "bluff_rate": self.bluff_rate,
            "caught_rate": self.caught_rate,
            "doubt_accuracy": self.doubt_accuracy,
            "pile_size": self.pile_size,
            "cards_left_per_game": self.cards_left_per_game,
        }


def totals(games: Iterable[SeatNumbers]) -> Totals:
    """The totals of one seat's numbers over several games.

    >>> totals([SeatNumbers(claims=4, bluffs=2, bluffs_caught=1, won=True), SeatNumbers(claims=6)]).bluff_rate
    0.2
    """
    summed = Totals()
    for numbers in games:
        summed = summed.add(numbers)
    return summed


def _share(part: int, whole: int) -> float | None:
    return None if not whole else part / whole
