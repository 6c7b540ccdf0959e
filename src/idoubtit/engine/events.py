"""What happened: the events each action returns and the public log is made of.

Two events carry cards that only one seat may see: :class:`Played` (the cards put down face down,
seen by their author) and :class:`PileTaken` (the cards picked up, seen by the taker). Their
:meth:`public` form drops the cards; views hand every other seat that form.

Events are immutable values built on named tuples, so that the engine can make thousands of them a
second cheaply. They behave as values of their own type, not as tuples: an event equals only an event
of the same type with the same fields, and events have no order.
"""

from __future__ import annotations

import enum
from typing import Any, NamedTuple

from idoubtit.engine.actions import Action, CloseWindow, Decline, Doubt, Play
from idoubtit.engine.cards import Card, Rank


def _cards_or_none(cards: tuple[Card, ...] | None) -> list[str] | None:
    return None if cards is None else [str(card) for card in cards]


class RevealReason(enum.Enum):
    DOUBT = "doubt"  # R8: someone said "I doubt it"
    LAST_PLAY = "last_play"  # R10: a play that empties the hand is always turned up


class CloseReason(enum.Enum):
    ALL_DECLINED = "all_declined"  # D3: every other player declined
    TIMER = "timer"  # D3: the table's doubt timer ran out


class Played(NamedTuple):
    """R4: ``seat`` put ``count`` cards face down announcing ``rank``; ``cards`` only for their author."""

    seat: int
    count: int  # type: ignore[assignment]  # the field hides tuple.count
    rank: Rank
    cards: tuple[Card, ...] | None = None

    def public(self) -> Played:
        return Played(self.seat, self.count, self.rank)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": "played", "seat": self.seat, "count": self.count, "rank": str(self.rank)}
        if self.cards is not None:
            data["cards"] = _cards_or_none(self.cards)
        return data


class WrongRank(NamedTuple):
    """R7: ``seat`` announced ``announced`` when ``due`` was due, and takes the pile."""

    seat: int
    announced: Rank
    due: Rank

    def to_dict(self) -> dict[str, Any]:
        return {"type": "wrong_rank", "seat": self.seat, "announced": str(self.announced), "due": str(self.due)}


class Declined(NamedTuple):
    """D3: ``seat`` will not doubt the claim on the table."""

    seat: int

    def to_dict(self) -> dict[str, Any]:
        return {"type": "declined", "seat": self.seat}


class WindowClosed(NamedTuple):
    """D3: the doubt window closed with no doubt."""

    reason: CloseReason

    def to_dict(self) -> dict[str, Any]:
        return {"type": "window_closed", "reason": self.reason.value}


class Doubted(NamedTuple):
    """R8/R9: ``seats`` said "I doubt it" together; ``doubter`` is the official doubter."""

    seats: tuple[int, ...]
    doubter: int

    def to_dict(self) -> dict[str, Any]:
        return {"type": "doubted", "seats": list(self.seats), "doubter": self.doubter}


class Revealed(NamedTuple):
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


class PileTaken(NamedTuple):
    """R7/R8/R10: ``seat`` took the whole pile of ``count`` cards; ``cards`` only for the taker."""

    seat: int
    count: int  # type: ignore[assignment]  # the field hides tuple.count
    cards: tuple[Card, ...] | None = None

    def public(self) -> PileTaken:
        return PileTaken(self.seat, self.count)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": "pile_taken", "seat": self.seat, "count": self.count}
        if self.cards is not None:
            data["cards"] = _cards_or_none(self.cards)
        return data


class Finished(NamedTuple):
    """R10 (and V3): ``seat`` got rid of every card and takes ``place`` (1 is the winner)."""

    seat: int
    place: int

    def to_dict(self) -> dict[str, Any]:
        return {"type": "finished", "seat": self.seat, "place": self.place}


class GameOver(NamedTuple):
    """D7/V3: the game ended; ``places`` lists seats in finishing order, as far as it was played.
    ``called``: V3's play on came round to the same position a third time, and those still in were
    placed by the cards they held (fewest first)."""

    winner: int
    places: tuple[int, ...]
    called: bool = False

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": "game_over", "winner": self.winner, "places": list(self.places)}
        if self.called:
            data["called"] = True
        return data


Event = Played | WrongRank | Declined | WindowClosed | Doubted | Revealed | PileTaken | Finished | GameOver


#: Every type of event.
EVENT_TYPES: tuple[type[Event], ...] = (
    Played,
    WrongRank,
    Declined,
    WindowClosed,
    Doubted,
    Revealed,
    PileTaken,
    Finished,
    GameOver,
)


def action_of(event: Event) -> Action | None:
    """The action that ``event`` is the first event of, or None for an event that follows another of its
    action (the reveal and the pile after a doubt, the close of a window by its last decline, ...).

    Every action starts with one event that tells it: a play with :class:`Played`, a doubt with
    :class:`Doubted` (its seats in R9 order), a decline with :class:`Declined`, a close by the timer with
    :class:`WindowClosed`. So any reader can cut its log into actions. A play whose cards the reader may
    not see (another seat's, in its view) gives a :class:`~idoubtit.engine.actions.Play` with no cards.

    >>> action_of(Played(0, 2, Rank.KING))
    Play(seat=0, cards=(), rank=<Rank.KING: 13>)
    >>> action_of(WindowClosed(CloseReason.ALL_DECLINED)) is None
    True
    """
    kind = type(event)
    if kind is Played:
        return Play(event.seat, event.cards or (), event.rank)  # type: ignore[union-attr]
    if kind is Doubted:
        return Doubt(event.seats)  # type: ignore[union-attr]
    if kind is Declined:
        return Decline(event.seat)  # type: ignore[union-attr]
    if kind is WindowClosed and event.reason is CloseReason.TIMER:  # type: ignore[union-attr]
        return CloseWindow()
    return None


def _same_event(self: tuple[Any, ...], other: object) -> bool:
    return type(other) is type(self) and tuple.__eq__(self, other)


def _other_event(self: tuple[Any, ...], other: object) -> bool:
    return not _same_event(self, other)


def _unordered(self: tuple[Any, ...], other: object) -> Any:
    return NotImplemented


# Named tuples would compare equal to plain tuples and to events of another type with the same fields,
# and would sort: an event is a value of its own type, equal only to the same event, with no order
# (``<`` raises TypeError). The hash stays the tuple's, which agrees with this equality.
_VALUE_METHODS: dict[str, Any] = {
    "__eq__": _same_event,
    "__ne__": _other_event,
    "__hash__": tuple.__hash__,
    "__lt__": _unordered,
    "__le__": _unordered,
    "__gt__": _unordered,
    "__ge__": _unordered,
}
for _type in EVENT_TYPES:
    for _name, _method in _VALUE_METHODS.items():
        setattr(_type, _name, _method)
del _type, _name, _method
