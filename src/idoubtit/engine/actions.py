"""Actions and their one notation, shared by the command line, logs, records and tests.

=====================  ==================================================
``play 0 AS 10H``      seat 0 puts down A♠ and 10♥, announcing the due rank
``play 0 AS 10H as K`` the same, announcing Kings
``doubt 2``            seat 2 says "I doubt it"
``doubt 1 3``          seats 1 and 3 say it at the same moment (R9)
``decline 1``          seat 1 will not doubt
``close``              the doubt window closes with no doubt (a timer ran out)
=====================  ==================================================
"""

from __future__ import annotations

from dataclasses import dataclass

from idoubtit.engine.cards import Card, Rank, format_cards, parse_cards
from idoubtit.engine.errors import MalformedInputError

NOTATION_HELP = "play SEAT CARD... [as RANK] | doubt SEAT... | decline SEAT | close"


@dataclass(frozen=True, slots=True)
class Play:
    """R4: put ``cards`` face down, announcing ``rank`` (None: the due rank)."""

    seat: int
    cards: tuple[Card, ...]
    rank: Rank | None = None

    def __str__(self) -> str:
        announced = "" if self.rank is None else f" as {self.rank.symbol}"
        return f"play {self.seat} {format_cards(self.cards)}{announced}"


@dataclass(frozen=True, slots=True)
class Doubt:
    """R8: these seats say "I doubt it" at the same moment; R9 picks the official doubter."""

    seats: tuple[int, ...]

    def __str__(self) -> str:
        return "doubt " + " ".join(str(seat) for seat in self.seats)


@dataclass(frozen=True, slots=True)
class Decline:
    """D3: the seat will not doubt the claim on the table."""

    seat: int

    def __str__(self) -> str:
        return f"decline {self.seat}"


@dataclass(frozen=True, slots=True)
class CloseWindow:
    """D3: the doubt window closes with no doubt (the table's timer ran out)."""

    def __str__(self) -> str:
        return "close"


Action = Play | Doubt | Decline | CloseWindow


def _seat(text: str, action: str) -> int:
    if not (text.isascii() and text.isdigit()):
        raise MalformedInputError(f"{action!r}: {text!r} is not a seat number; write {NOTATION_HELP}")
    return int(text)


def parse_action(text: str) -> Action:
    """Read an action from its notation.

    >>> parse_action("play 0 AS 10h as k")
    Play(seat=0, cards=(Card.parse('AS'), Card.parse('10H')), rank=<Rank.KING: 13>)
    >>> str(parse_action("doubt 3 1"))
    'doubt 3 1'
    """
    words = text.split()
    if not words:
        raise MalformedInputError(f"an empty action; write {NOTATION_HELP}")
    verb, args = words[0].lower(), words[1:]
    if verb == "play" and len(args) >= 2:
        return _parse_play(text, args)
    if verb == "doubt" and args:
        return Doubt(tuple(_seat(arg, text) for arg in args))
    if verb == "decline" and len(args) == 1:
        return Decline(_seat(args[0], text))
    if verb == "close" and not args:
        return CloseWindow()
    raise MalformedInputError(f"{text!r} is not an action; write {NOTATION_HELP}")


def _is_card(text: str) -> bool:
    try:
        Card.parse(text)
    except MalformedInputError:
        return False
    return True


def _parse_play(text: str, args: list[str]) -> Play:
    seat, rest = _seat(args[0], text), args[1:]
    rank = None
    # "as" also spells the Ace of spades: it announces a rank only when what follows is not a card
    # ("play 0 AS as K" is one Ace of spades announced as a King; "play 0 AS 10H" two cards).
    if len(rest) >= 2 and rest[-2].lower() == "as" and not _is_card(rest[-1]):
        rank, rest = Rank.parse(rest[-1]), rest[:-2]
    if not rest:
        raise MalformedInputError(f"{text!r} names no cards; write {NOTATION_HELP}")
    return Play(seat, parse_cards(rest), rank)
