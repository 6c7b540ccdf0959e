"""The archive looking back: who sat where in each game, each seat's numbers, pages of games, totals.

The numbers themselves are :mod:`idoubtit.history`'s, worked out once when a game is finished and kept
in ``game_seats`` beside the lineup; pages read those rows, so a person with thousands of games costs
one indexed query, not thousands of replays.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final

from sqlalchemy import ColumnElement, bindparam, func, select, update
from sqlalchemy.orm import Session

from idoubtit.archive.errors import InvalidInputError
from idoubtit.archive.models import (
    GAME_SEATS_TABLE,
    PLAYER_ID_LENGTH,
    ActionRow,
    GameRow,
    GameSeatRow,
    GameStatus,
    RoomRow,
    SeatKind,
    SeatRow,
)
from idoubtit.history import SeatNumbers, Totals

#: A player id: what a browser makes up (letters, digits, ``-``, ``_``), long enough not to be guessed.
PLAYER_ID: Final = re.compile(rf"[A-Za-z0-9_-]{{16,{PLAYER_ID_LENGTH}}}")
#: The most games one page holds, and how many it holds when the reader does not say.
PAGE_LIMIT: Final = 100
DEFAULT_PAGE: Final = 20


def checked_player_id(player_id: object) -> str | None:
    """A player id as given (None: none), or :class:`InvalidInputError` saying what one looks like."""
    if player_id is None:
        return None
    if not isinstance(player_id, str) or not PLAYER_ID.fullmatch(player_id):
        shown = repr(player_id) if len(repr(player_id)) <= 40 else repr(player_id)[:39] + "…"
        raise InvalidInputError(f"a player id has 16 to {PLAYER_ID_LENGTH} letters, digits, '-' or '_', not {shown}")
    return player_id


def checked_limit(limit: object) -> int:
    if limit is None:
        return DEFAULT_PAGE
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= PAGE_LIMIT:
        raise InvalidInputError(f"a page holds 1 to {PAGE_LIMIT} games, not {limit!r}")
    return limit


def lineup_row(seat: SeatRow) -> GameSeatRow:
    """The game's copy of a room's seat, as it was when the game started."""
    return GameSeatRow(
        seat=seat.number,
        display_name=seat.display_name,
        kind=seat.kind,
        bot_level=seat.bot_level,
        player_id=seat.player_id,
    )


#: Every seat's numbers of one game, in one statement run once per seat (on the table: the ORM's bulk
#: update machinery costs more than the statement for a handful of rows).
_SEAT_NUMBERS: Final = (
    update(GAME_SEATS_TABLE)
    .where(GAME_SEATS_TABLE.c.game_id == bindparam("game"), GAME_SEATS_TABLE.c.seat == bindparam("number"))
    .values(numbers=bindparam("seat_numbers"))
)


def record_seat_numbers(session: Session, game_id: int, numbers: Sequence[SeatNumbers]) -> None:
    session.connection().execute(
        _SEAT_NUMBERS,
        [
            {"game": game_id, "number": seat, "seat_numbers": seat_numbers.to_dict()}
            for seat, seat_numbers in enumerate(numbers)
        ],
    )


@dataclass(frozen=True, slots=True)
class GameSeat:
    """One seat of one game: who sat there, and (once the game is finished) their numbers in it.

    ``player_id`` is the person's own; pages others read never show it.
    """

    seat: int
    display_name: str
    kind: SeatKind
    bot_level: str | None
    player_id: str | None
    numbers: SeatNumbers | None

    def to_dict(self) -> dict[str, Any]:
        """The seat as anyone may read it: no player id."""
        return {
            "seat": self.seat,
            "name": self.display_name,
            "kind": str(self.kind),
            "bot": self.bot_level,
            "numbers": None if self.numbers is None else self.numbers.to_dict(),
        }


@dataclass(frozen=True, slots=True)
class GameEntry:
    """A game as a history lists it: when, where, who, how it ended and how long it was."""

    id: int
    room_code: str
    number: int
    status: GameStatus
    started_at: datetime
    finished_at: datetime | None
    #: How many actions were stored: the game's length.
    steps: int
    places: tuple[int, ...] | None
    seats: tuple[GameSeat, ...]

    @property
    def winner(self) -> int | None:
        return self.places[0] if self.places else None

    def to_dict(self) -> dict[str, Any]:
        """The entry as anyone may read it (no cards: those are in the record, for finished games only)."""
        return {
            "id": self.id,
            "room": self.room_code,
            "number": self.number,
            "status": str(self.status),
            "started_at": self.started_at.isoformat(),
            "finished_at": None if self.finished_at is None else self.finished_at.isoformat(),
            "steps": self.steps,
            "winner": self.winner,
            "places": None if self.places is None else list(self.places),
            "seats": [seat.to_dict() for seat in self.seats],
        }


@dataclass(frozen=True, slots=True)
class GamePage:
    """Games newest first; ``before`` is what to ask for the next (older) page, None when this is the last."""

    games: tuple[GameEntry, ...]
    before: int | None

    def to_dict(self) -> dict[str, Any]:
        return {"games": [game.to_dict() for game in self.games], "before": self.before}


@dataclass(frozen=True, slots=True)
class SeatTotals:
    """One line of a table's statistics: a seat, who sat there last, and their totals over finished games."""

    seat: int
    display_name: str
    kind: SeatKind
    totals: Totals

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "name": self.display_name, "kind": str(self.kind), **self.totals.to_dict()}


@dataclass(frozen=True, slots=True)
class TableTotals:
    """One line of a person's statistics: a table they played at, the name they used, their totals there."""

    room_code: str
    display_name: str
    totals: Totals

    def to_dict(self) -> dict[str, Any]:
        return {"room": self.room_code, "name": self.display_name, **self.totals.to_dict()}


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """A person's statistics over every finished game their player id sat in, and per table."""

    player_id: str
    totals: Totals
    tables: tuple[TableTotals, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "player": self.player_id,
            "totals": self.totals.to_dict(),
            "tables": [table.to_dict() for table in self.tables],
        }


def game_page(session: Session, which: ColumnElement[bool], before: int | None, limit: int) -> GamePage:
    """The games ``which`` selects, newest (highest id) first, older than game id ``before``: four queries."""
    query = select(GameRow, RoomRow.code).join(RoomRow, RoomRow.id == GameRow.room_id).where(which)
    if before is not None:
        query = query.where(GameRow.id < before)
    rows = session.execute(query.order_by(GameRow.id.desc()).limit(limit + 1)).all()
    more = len(rows) > limit
    rows = rows[:limit]
    entries = game_entries(session, [(game, code) for game, code in rows])
    return GamePage(tuple(entries), entries[-1].id if more and entries else None)


def game_entries(session: Session, rows: Sequence[tuple[GameRow, str]]) -> list[GameEntry]:
    """History entries of these games (rows with their room codes), their lineups and lengths in two queries."""
    ids = [game.id for game, _ in rows]
    seats: dict[int, list[GameSeat]] = {game_id: [] for game_id in ids}
    for row in session.scalars(select(GameSeatRow).where(GameSeatRow.game_id.in_(ids)).order_by(GameSeatRow.seat)):
        seats[row.game_id].append(game_seat(row))
    steps = dict(
        session.execute(
            select(ActionRow.game_id, func.count()).where(ActionRow.game_id.in_(ids)).group_by(ActionRow.game_id)
        ).all()
    )
    return [
        GameEntry(
            id=game.id,
            room_code=code,
            number=game.number,
            status=GameStatus(game.status),
            started_at=game.started_at,
            finished_at=game.finished_at,
            steps=int(steps.get(game.id, 0)),
            places=None if game.places is None else tuple(int(seat) for seat in game.places),
            seats=tuple(seats[game.id]),
        )
        for game, code in rows
    ]


def game_seat(row: GameSeatRow) -> GameSeat:
    return GameSeat(
        seat=row.seat,
        display_name=row.display_name,
        kind=SeatKind(row.kind),
        bot_level=row.bot_level,
        player_id=row.player_id,
        numbers=None if row.numbers is None else SeatNumbers.from_dict(row.numbers),
    )


def room_totals(session: Session, room_id: int) -> list[SeatTotals]:
    """Each seat's totals over the room's finished games, named as in the latest game it sat in."""
    rows = session.execute(
        select(GameSeatRow)
        .join(GameRow, GameRow.id == GameSeatRow.game_id)
        .where(GameRow.room_id == room_id, GameRow.status == GameStatus.FINISHED, GameSeatRow.numbers.is_not(None))
        .order_by(GameSeatRow.seat, GameRow.number)
    ).scalars()
    lines: dict[int, SeatTotals] = {}
    for row in rows:
        assert row.numbers is not None  # the query asks for rows with numbers only
        earlier = lines.get(row.seat)
        summed = (Totals() if earlier is None else earlier.totals).add(SeatNumbers.from_dict(row.numbers))
        lines[row.seat] = SeatTotals(row.seat, row.display_name, SeatKind(row.kind), summed)
    return [lines[seat] for seat in sorted(lines)]


def player_totals(session: Session, player_id: str) -> PlayerStats:
    """A person's totals over all their finished games, and per table (most games first)."""
    rows = session.execute(
        select(GameSeatRow.display_name, GameSeatRow.numbers, RoomRow.code)
        .join(GameRow, GameRow.id == GameSeatRow.game_id)
        .join(RoomRow, RoomRow.id == GameRow.room_id)
        .where(
            GameSeatRow.player_id == player_id,
            GameRow.status == GameStatus.FINISHED,
            GameSeatRow.numbers.is_not(None),
        )
        .order_by(GameRow.id)
    ).all()
    overall = Totals()
    tables: dict[str, TableTotals] = {}
    for name, numbers, code in rows:
        seat_numbers = SeatNumbers.from_dict(numbers)
        overall = overall.add(seat_numbers)
        earlier = tables.get(code)
        tables[code] = TableTotals(code, name, (Totals() if earlier is None else earlier.totals).add(seat_numbers))
    ordered = sorted(tables.values(), key=lambda table: (-table.totals.games, table.room_code))
    return PlayerStats(player_id, overall, tuple(ordered))


def in_room(room_id: int) -> ColumnElement[bool]:
    return GameRow.room_id == room_id


def of_player(player_id: str) -> ColumnElement[bool]:
    return GameRow.id.in_(select(GameSeatRow.game_id).where(GameSeatRow.player_id == player_id))
