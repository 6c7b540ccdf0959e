"""What one seat (or a spectator) may know of a game: the only way game data leaves the engine."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

from idoubtit.engine.cards import Card, Rank
from idoubtit.engine.events import Event
from idoubtit.engine.rules import Rules


class Phase(enum.Enum):
    PLAY = "play"  # the seat ``to_play`` must put down cards
    DOUBT = "doubt"  # the doubt window on the last claim is open (D3)
    OVER = "over"  # someone won (D7), or under V3 every place is settled


@dataclass(frozen=True, slots=True)
class Claim:
    """The claim on the table during a doubt window: what everyone heard (R4)."""

    seat: int
    count: int
    rank: Rank

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "count": self.count, "rank": str(self.rank)}


@dataclass(frozen=True, slots=True)
class SeatStats:
    """One seat's numbers over a game that is over, worked out from the game's own log.

    ``bluffs`` are plays whose cards were not all of the announced rank (R6) or that announced a rank
    other than the due one (R7); ``bluffs_caught`` are those the seat had to take back: turned up by a
    doubt (R8) or as a last play (R10), or a wrong rank, which takes the pile at once (R7).
    ``doubts`` counts the times the seat was the official doubter (R9), ``doubts_right`` those that
    turned up a bluff. ``piles_taken`` and ``cards_taken`` count every pile the seat took, for whatever
    reason, and the cards in them.
    """

    claims: int = 0
    bluffs: int = 0
    bluffs_caught: int = 0
    doubts: int = 0
    doubts_right: int = 0
    piles_taken: int = 0
    cards_taken: int = 0

    def to_dict(self) -> dict[str, int]:
        return {
            "claims": self.claims,
            "bluffs": self.bluffs,
            "bluffs_caught": self.bluffs_caught,
            "doubts": self.doubts,
            "doubts_right": self.doubts_right,
            "piles_taken": self.piles_taken,
            "cards_taken": self.cards_taken,
        }


@dataclass(frozen=True, slots=True)
class View:
    """One seat's view of the game (``seat`` None: a spectator, who holds no hand).

    ``awaiting`` lists the seats whose decision the game waits for: the seat to play, or during a
    doubt window every seat that may still doubt or decline. ``log`` is the public log with this
    seat's own secrets (its plays' cards, the cards it picked up) filled in.

    Once the game is over (phase OVER) every hand is turned face up for everyone: ``final_hands``
    holds each seat's remaining cards (sorted) and ``stats`` each seat's numbers (:class:`SeatStats`).
    Before that both are None.
    """

    seat: int | None
    rules: Rules
    step: int
    phase: Phase
    to_play: int
    due_rank: Rank
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    pile_size: int
    claim: Claim | None
    awaiting: tuple[int, ...]
    winner: int | None
    places: tuple[int, ...]
    log: tuple[Event, ...]
    final_hands: tuple[tuple[Card, ...], ...] | None = None
    stats: tuple[SeatStats, ...] | None = None
    #: The step the log starts at: 0 for the whole log, else the log holds only the events of the
    #: actions from this step on (``Game.view(seat, since=step)``).
    since: int = 0

    @property
    def may_doubt(self) -> bool:
        """True when this seat may say "I doubt it" (or decline) now."""
        return self.phase is Phase.DOUBT and self.seat in self.awaiting

    @property
    def must_play(self) -> bool:
        """True when this seat must put down cards now."""
        return self.phase is Phase.PLAY and self.seat == self.to_play

    def to_dict(self) -> dict[str, Any]:
        """A plain, JSON-ready dict of everything in the view."""
        return {
            "seat": self.seat,
            "rules": self.rules.to_dict(),
            "step": self.step,
            "phase": self.phase.value,
            "to_play": self.to_play,
            "due_rank": str(self.due_rank),
            "hand": [str(card) for card in self.hand],
            "hand_sizes": list(self.hand_sizes),
            "pile_size": self.pile_size,
            "claim": None if self.claim is None else self.claim.to_dict(),
            "awaiting": list(self.awaiting),
            "winner": self.winner,
            "places": list(self.places),
            "log": [event.to_dict() for event in self.log],
            "final_hands": None
            if self.final_hands is None
            else [[str(card) for card in hand] for hand in self.final_hands],
            "stats": None if self.stats is None else [seat.to_dict() for seat in self.stats],
        }
