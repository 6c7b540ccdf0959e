"""What the archive takes and hands out: a room's settings, and frozen snapshots of rooms, seats and games.

Snapshots are plain values, never live ORM objects, so callers may keep them across threads and transactions.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from idoubtit.archive.errors import InvalidInputError
from idoubtit.archive.models import BOT_LEVEL_LENGTH, GameStatus, RoomStatus, SeatKind
from idoubtit.engine import IDoubtItError, Rules
from idoubtit.i18n import DEFAULT_LANGUAGE, LANGUAGES, known_language

if TYPE_CHECKING:
    from idoubtit.archive.leases import Lease

#: The host's choices for the coach at a table (see :attr:`RoomSettings.coach`).
COACH_MODES = ("auto", "on", "off")


@dataclass(frozen=True, slots=True)
class RoomSettings:
    """What the host chose for a room: the rules, the timers, the language, the bot for absent people.

    ``turn_seconds=None`` means no turn timer. ``bot_level`` is a bot spec (a level such as ``easy``,
    or a bot name) that plays for a person who has been away too long.
    """

    rules: Rules
    doubt_seconds: float = 5.0
    turn_seconds: float | None = None
    language: str = "en"
    bot_level: str = "easy"
    #: Whether a person may switch on a coach: ``on``, ``off``, or ``auto`` (while at most one person sits).
    coach: str = "auto"

    def __post_init__(self) -> None:
        if not isinstance(self.rules, Rules):
            raise InvalidInputError(f"rules must be Rules, not {type(self.rules).__name__}")
        object.__setattr__(self, "doubt_seconds", _seconds(self.doubt_seconds, "doubt_seconds"))
        if self.turn_seconds is not None:
            object.__setattr__(self, "turn_seconds", _seconds(self.turn_seconds, "turn_seconds"))
        language = known_language(self.language)
        if language is None:
            raise InvalidInputError(
                f"language must be one of {', '.join(LANGUAGES)} (or a tag of one, such as en-GB),"
                f" not {_quoted(self.language)}"
            )
        object.__setattr__(self, "language", language)
        if not isinstance(self.bot_level, str) or not 0 < len(self.bot_level.strip()) <= BOT_LEVEL_LENGTH:
            raise InvalidInputError(f"bot_level must be a bot level or spec, not {self.bot_level!r}")
        if self.coach not in COACH_MODES:
            raise InvalidInputError(f"coach must be one of {', '.join(COACH_MODES)}, not {_quoted(self.coach)}")

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict, as stored in the ``rooms.settings`` column."""
        return {
            "rules": self.rules.to_dict(),
            "doubt_seconds": self.doubt_seconds,
            "turn_seconds": self.turn_seconds,
            "language": self.language,
            "bot_level": self.bot_level,
            "coach": self.coach,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RoomSettings:
        """Read :meth:`to_json` back. A language no longer known (or stored before languages were
        checked) is read as English, so such a room still opens."""
        try:
            return cls(
                rules=Rules.from_dict(data["rules"]),
                doubt_seconds=data["doubt_seconds"],
                turn_seconds=data["turn_seconds"],
                language=known_language(data.get("language")) or DEFAULT_LANGUAGE,
                bot_level=data["bot_level"],
                coach=data.get("coach", "auto"),  # rooms stored before the coach allow it as a new room does
            )
        except (KeyError, TypeError, IDoubtItError) as error:
            raise InvalidInputError(f"room settings {data!r} cannot be read: {error}") from None


def _quoted(value: object, limit: int = 40) -> str:
    """A client's value as a message quotes it: its repr (which escapes what no encoder takes), shortened."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _seconds(value: object, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value) or value <= 0:
        raise InvalidInputError(f"{name} must be a positive number of seconds, not {value!r}")
    return float(value)


@dataclass(frozen=True, slots=True)
class NewRoom:
    """A room just created: its code, and the host's token in clear (handed out this once only); with
    the lease its node took in the same transaction, when it was created for a node of a cluster."""

    code: str
    host_token: str
    lease: Lease | None = None


@dataclass(frozen=True, slots=True)
class JoinedSeat:
    """A seat just taken: its number, and the person's token in clear (handed out this once only)."""

    code: str
    number: int
    token: str


@dataclass(frozen=True, slots=True)
class SeatSnapshot:
    """A seat as stored. ``token_hash`` is the SHA-256 of a person's token (None for a bot)."""

    number: int
    display_name: str
    kind: SeatKind
    bot_level: str | None
    token_hash: str | None
    joined_at: datetime


@dataclass(frozen=True, slots=True)
class GameSnapshot:
    """A game as stored: ``record`` is what :meth:`Game.replay` reads, every acknowledged action included."""

    id: int
    room_code: str
    number: int
    status: GameStatus
    record: dict[str, Any]
    places: tuple[int, ...] | None
    started_at: datetime
    finished_at: datetime | None
    #: When the last action was stored (None before the first): a restarted server resumes timers from it.
    last_action_at: datetime | None

    @property
    def step(self) -> int:
        """How many actions are stored: the step the next action gets, and the replayed game's ``step``."""
        return len(self.record["actions"])


@dataclass(frozen=True, slots=True)
class RoomSnapshot:
    """A room as stored, with everything a restarted server needs to carry on with it."""

    code: str
    settings: RoomSettings
    status: RoomStatus
    host_token_hash: str
    seats: tuple[SeatSnapshot, ...]
    #: The room's most recent game, whatever its status (None before the first game).
    latest_game: GameSnapshot | None
    created_at: datetime
    updated_at: datetime
    #: The seat of the person who hosts at the table (None before anyone is seated).
    host_seat: int | None
    #: The winner of every finished game of the room, in the order the games were played.
    winners: tuple[int, ...]
    #: Locked by the host: nobody new may take a seat.
    locked: bool = False
    #: Seat numbers in use, for quick lookups.
    _taken: frozenset[int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_taken", frozenset(seat.number for seat in self.seats))

    @property
    def game(self) -> GameSnapshot | None:
        """The game being played now, if any."""
        game = self.latest_game
        return game if game is not None and game.status is GameStatus.PLAYING else None

    @property
    def games_played(self) -> int:
        """How many games the room has started."""
        return 0 if self.latest_game is None else self.latest_game.number

    @property
    def next_first(self) -> int:
        """The seat that plays first in the next game: 0 at first, then the seat after the last first (D8)."""
        if self.latest_game is None:
            return 0
        return (int(self.latest_game.record["first"]) + 1) % self.settings.rules.players

    @property
    def wins(self) -> tuple[int, ...]:
        """For each seat number, how many of the room's finished games it won."""
        return tuple(self.winners.count(number) for number in range(self.settings.rules.players))

    @property
    def empty_seats(self) -> tuple[int, ...]:
        return tuple(number for number in range(self.settings.rules.players) if number not in self._taken)

    def seat(self, number: int) -> SeatSnapshot | None:
        return next((seat for seat in self.seats if seat.number == number), None)
