"""What happened: the events each action returns and the public log is made of.

Two events carry cards that only one seat may see: :class:`Played` (the cards put down face down,
seen by their author) and :class:`PileTaken` (the cards picked up, seen by the taker). Their
:meth:`public` form drops the cards; views hand every other seat that form.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

from idoubtit.engine.cards import Card, Rank


def _cards_or_none(cards: tuple[Card, ...] | None) -> list[str] | None:
    return None if cards is None else [str(card) for card in cards]


class RevealReason(enum.Enum):
    DOUBT = "doubt"  # R8: someone said "I doubt it"
    LAST_PLAY = "last_play"  # R10: a play that empties the hand is always turned up


class CloseReason(enum.Enum):
    ALL_DECLINED = "all_declined"  # D3: every other player declined
    TIMER = "timer"  # D3: the table's doubt timer ran out


@dataclass(frozen=True, slots=True)
class Played:
    """R4: ``seat`` put ``count`` cards face down announcing ``rank``; ``cards`` only for their author."""

    seat: int
    count: int
    rank: Rank
    cards: tuple[Card, ...] | None = None

    def public(self) -> Played:
        return Played(self.seat, self.count, self.rank)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": "played", "seat": self.seat, "count": self.count, "rank": str(self.rank)}
        if self.cards is not None:
            data["cards"] = _cards_or_none(self.cards)
        return data


@dataclass(frozen=True, slots=True)
class WrongRank:
    """R7: ``seat`` announced ``announced`` when ``due`` was due, and takes the pile."""

    seat: int
    announced: Rank
    due: Rank

    def to_dict(self) -> dict[str, Any]:
        return {"type": "wrong_rank", "seat": self.seat, "announced": str(self.announced), "due": str(self.due)}


@dataclass(frozen=True, slots=True)
class Declined:
    """D3: ``seat`` will not doubt the claim on the table."""

    seat: int

    def to_dict(self) -> dict[str, Any]:
        return {"type": "declined", "seat": self.seat}


@dataclass(frozen=True, slots=True)
class WindowClosed:
    """D3: the doubt window closed with no doubt."""

    reason: CloseReason

    def to_dict(self) -> dict[str, Any]:
        return {"type": "window_closed", "reason": self.reason.value}


@dataclass(frozen=True, slots=True)
class Doubted:
    """R8/R9: ``seats`` said "I doubt it" together; ``doubter`` is the official doubter."""

    seats: tuple[int, ...]
    doubter: int

    def to_dict(self) -> dict[str, Any]:
        return {"type": "doubted", "seats": list(self.seats), "doubter": self.doubter}


@dataclass(frozen=True, slots=True)
class Revealed:
    """R8/R10: ``seat``'s cards turned face up for everyone; ``truthful`` if all were of ``rank``."""

    seat: int
    cards: tuple[Card, ...]
    rank: Rank
    truthful: bool
    reason: RevealReason

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": "revealed",
            "seat": self.seat,
            "cards": _cards_or_none(self.cards),
            "rank": str(self.rank),
            "truthful": self.truthful,
            "reason": self.reason.value,
        }


@dataclass(frozen=True, slots=True)
class PileTaken:
    """R7/R8/R10: ``seat`` took the whole pile of ``count`` cards; ``cards`` only for the taker."""

    seat: int
    count: int
    cards: tuple[Card, ...] | None = None

    def public(self) -> PileTaken:
        return PileTaken(self.seat, self.count)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": "pile_taken", "seat": self.seat, "count": self.count}
        if self.cards is not None:
            data["cards"] = _cards_or_none(self.cards)
        return data


@dataclass(frozen=True, slots=True)
class Finished:
    """R10 (and V3): ``seat`` got rid of every card and takes ``place`` (1 is the winner)."""

    seat: int
    place: int

    def to_dict(self) -> dict[str, Any]:
        return {"type": "finished", "seat": self.seat, "place": self.place}


@dataclass(frozen=True, slots=True)
class GameOver:
    """D7/V3: the game ended; ``places`` lists seats in finishing order, as far as it was played."""

    winner: int
    places: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"type": "game_over", "winner": self.winner, "places": list(self.places)}


Event = Played | WrongRank | Declined | WindowClosed | Doubted | Revealed | PileTaken | Finished | GameOver
