"""The archive's tables as SQLAlchemy 2 declarative models.

The schema is the same on SQLite and PostgreSQL: no dialect-specific types, status columns are short
strings guarded by CHECK constraints (portable, and new statuses need no ``ALTER TYPE``), and every
constraint has a name from :data:`NAMING_CONVENTION` so that later migrations can drop or alter it by
name (SQLite's batch mode needs that). The first migration creates exactly these tables; a test checks
that the two agree.
"""

from __future__ import annotations

from datetime import UTC, datetime
from enum import StrEnum
from typing import Any, ClassVar, Final, cast

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    CheckConstraint,
    DateTime,
    Dialect,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    false,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship
from sqlalchemy.types import TypeDecorator

#: Constraint and index names, so that migrations can refer to them on every database.
NAMING_CONVENTION = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

#: Longest display name a seat may carry (checked by the archive: SQLite does not enforce VARCHAR lengths).
NAME_LENGTH = 40
#: Longest bot spec (a name or level, possibly with options such as ``search[iterations=200]``).
BOT_LEVEL_LENGTH = 100
#: A SHA-256 digest in hexadecimal.
HASH_LENGTH = 64
#: Longest node URL a lease names.
NODE_URL_LENGTH = 200
#: Longest player id a browser (or the terminal game) may keep: letters, digits, ``-`` and ``_``.
PLAYER_ID_LENGTH = 64


class RoomStatus(StrEnum):
    """Where a room is in its life: seats filling, a game on, between games, or closed for good."""

    WAITING = "waiting"
    PLAYING = "playing"
    FINISHED = "finished"
    CLOSED = "closed"


class GameStatus(StrEnum):
    """A game is being played, was played to its end, or was given up (its room was closed)."""

    PLAYING = "playing"
    FINISHED = "finished"
    ABANDONED = "abandoned"


class SeatKind(StrEnum):
    """A seat is taken by a person (who holds a token) or by a computer player (which needs none)."""

    HUMAN = "human"
    BOT = "bot"


def _one_of(column: str, values: type[StrEnum]) -> str:
    return f"{column} IN ({', '.join(repr(str(value)) for value in values)})"


class UTCDateTime(TypeDecorator[datetime]):
    """A moment in time, stored in UTC and always read back timezone-aware.

    PostgreSQL keeps the zone (``timestamptz``); SQLite keeps none, so the value is stored as naive UTC
    there and marked as UTC again when read. Naive datetimes are refused: their zone would be a guess.
    """

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError(f"naive datetime {value!r}: the archive stores only timezone-aware times")
        value = value.astimezone(UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


def now() -> datetime:
    """The current time, timezone-aware, as the archive stores it."""
    return datetime.now(UTC)


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)
    type_annotation_map: ClassVar[dict[Any, Any]] = {datetime: UTCDateTime(), dict[str, Any]: JSON(), list[Any]: JSON()}


class RoomRow(Base):
    """A table people meet at: its code, the host's settings and a token hash for the host."""

    __tablename__ = "rooms"
    __table_args__ = (CheckConstraint(_one_of("status", RoomStatus), name="status"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    code: Mapped[str] = mapped_column(String(16), unique=True)
    #: :meth:`idoubtit.archive.RoomSettings.to_json`: rules, timers, language, bot level for absent people.
    settings: Mapped[dict[str, Any]]
    #: SHA-256 of the host's token; the clear token is handed out once, when the room is created.
    host_token_hash: Mapped[str] = mapped_column(String(HASH_LENGTH))
    status: Mapped[str] = mapped_column(String(16), index=True)
    created_at: Mapped[datetime]
    updated_at: Mapped[datetime]
    #: The seat of the person who hosts at the table (whose seat token does what the host token does):
    #: the first person seated, until hosting is handed to another; None before anyone is seated.
    host_seat: Mapped[int | None] = mapped_column(Integer)
    #: Locked by the host: nobody new may take a seat.
    locked: Mapped[bool] = mapped_column(Boolean, server_default=false())

    seats: Mapped[list[SeatRow]] = relationship(
        back_populates="room", order_by="SeatRow.number", cascade="all, delete-orphan"
    )
    games: Mapped[list[GameRow]] = relationship(
        back_populates="room", order_by="GameRow.number", cascade="all, delete-orphan"
    )


class SeatRow(Base):
    """A seat taken at a room's table, by a person (bound to a token) or a bot (bound to a level)."""

    __tablename__ = "seats"
    __table_args__ = (
        UniqueConstraint("room_id", "number"),
        CheckConstraint(_one_of("kind", SeatKind), name="kind"),
        CheckConstraint("number >= 0", name="number"),
        # A person's seat has a token and no level; a bot's seat has a level and no token.
        CheckConstraint(
            "(kind = 'human' AND token_hash IS NOT NULL AND bot_level IS NULL)"
            " OR (kind = 'bot' AND token_hash IS NULL AND bot_level IS NOT NULL)",
            name="kind_fields",
        ),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    room_id: Mapped[int] = mapped_column(ForeignKey("rooms.id", ondelete="CASCADE"))
    number: Mapped[int]
    display_name: Mapped[str] = mapped_column(String(NAME_LENGTH))
    kind: Mapped[str] = mapped_column(String(8))
    bot_level: Mapped[str | None] = mapped_column(String(BOT_LEVEL_LENGTH))
    #: SHA-256 of the seat's token, never the token: a leaked database lets nobody take a seat.
    token_hash: Mapped[str | None] = mapped_column(String(HASH_LENGTH), unique=True)
    joined_at: Mapped[datetime]
    #: The random player id the person's browser keeps (no account): their games across tables.
    player_id: Mapped[str | None] = mapped_column(String(PLAYER_ID_LENGTH))

    room: Mapped[RoomRow] = relationship(back_populates="seats")


class GameRow(Base):
    """One game at a room's table: the record's header (rules, deal, first player) and its result.

    The actions live in :class:`ActionRow`; header plus actions is a record :meth:`Game.replay` reads.
    """

    __tablename__ = "games"
    __table_args__ = (
        UniqueConstraint("room_id", "number"),
        CheckConstraint(_one_of("status", GameStatus), name="status"),
        CheckConstraint("number >= 1", name="number"),
        CheckConstraint("first_seat >= 0", name="first_seat"),
        # The deal is a seed or explicit hands, never both and never neither.
        CheckConstraint("(seed IS NULL) <> (hands IS NULL)", name="deal"),
        Index("ix_games_status_room_id", "status", "room_id"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    room_id: Mapped[int] = mapped_column(ForeignKey("rooms.id", ondelete="CASCADE"))
    #: 1 for the room's first game, 2 for the next one, and so on.
    number: Mapped[int]
    #: The record format the header and actions follow (:data:`idoubtit.engine.game.RECORD_FORMAT`).
    record_format: Mapped[str] = mapped_column(String(32))
    rules: Mapped[dict[str, Any]]
    seed: Mapped[int | None] = mapped_column(BigInteger)
    hands: Mapped[list[Any] | None] = mapped_column(JSON(none_as_null=True))
    first_seat: Mapped[int]
    status: Mapped[str] = mapped_column(String(16))
    #: Seats in finishing order, winner first; set when the game is finished.
    places: Mapped[list[Any] | None] = mapped_column(JSON(none_as_null=True))
    started_at: Mapped[datetime]
    finished_at: Mapped[datetime | None]

    room: Mapped[RoomRow] = relationship(back_populates="games")
    lineup: Mapped[list[GameSeatRow]] = relationship(order_by="GameSeatRow.seat", cascade="all, delete-orphan")


class GameSeatRow(Base):
    """Who sat in one seat of one game, copied from the room's seat when the game started (seats change
    between games), and, once the game is over, the seat's numbers in it (:class:`idoubtit.history.SeatNumbers`).

    Statistics read these rows, not the records: a person's page sums stored numbers instead of
    replaying every game they ever played.
    """

    __tablename__ = "game_seats"
    __table_args__ = (
        CheckConstraint(_one_of("kind", SeatKind), name="kind"),
        CheckConstraint("seat >= 0", name="seat"),
        Index("ix_game_seats_player_id", "player_id"),
    )

    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    display_name: Mapped[str] = mapped_column(String(NAME_LENGTH))
    kind: Mapped[str] = mapped_column(String(8))
    bot_level: Mapped[str | None] = mapped_column(String(BOT_LEVEL_LENGTH))
    player_id: Mapped[str | None] = mapped_column(String(PLAYER_ID_LENGTH))
    #: :meth:`idoubtit.history.SeatNumbers.to_dict`, set when the game is finished.
    numbers: Mapped[dict[str, Any] | None] = mapped_column(JSON(none_as_null=True))


class RoomLeaseRow(Base):
    """Which server node plays a room, until when, and the lease's fencing token (see archive/leases.py).

    The token grows by one each time the room changes hands, so a write that carries an older token
    comes from a node that lost the room, and is refused in the writing transaction itself.
    """

    __tablename__ = "room_leases"

    room_id: Mapped[int] = mapped_column(ForeignKey("rooms.id", ondelete="CASCADE"), primary_key=True)
    #: The node's own URL (``--node-url``): where clients of this room are sent.
    node: Mapped[str] = mapped_column(String(NODE_URL_LENGTH))
    token: Mapped[int] = mapped_column(BigInteger)
    expires_at: Mapped[datetime]


class ActionRow(Base):
    """One acknowledged action of a game, in notation.

    The primary key (game, step) makes a second write of the same step fail in the database itself,
    so a replayed or duplicated write can never slip in unnoticed, even from two processes at once.
    """

    __tablename__ = "actions"
    __table_args__ = (CheckConstraint("step >= 0", name="step"),)

    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    #: The action's position in the record's action list, from 0 (the game's ``step`` before it was taken).
    step: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    notation: Mapped[str] = mapped_column(Text)
    #: When the action was stored, which is when it was acknowledged: a restarted server resumes timers from it.
    stored_at: Mapped[datetime]


#: The actions' and the games' tables themselves, for the server's hot path (storing a batch of actions):
#: statements on a table skip the ORM's bookkeeping (an insert of a batch costs a quarter as much, same rows).
ACTIONS_TABLE: Final[Table] = cast(Table, ActionRow.__table__)
GAMES_TABLE: Final[Table] = cast(Table, GameRow.__table__)
#: Those of the rooms and the games' seats, for finishing a game (once per game, but the table waits on it).
ROOMS_TABLE: Final[Table] = cast(Table, RoomRow.__table__)
GAME_SEATS_TABLE: Final[Table] = cast(Table, GameSeatRow.__table__)
