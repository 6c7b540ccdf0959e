"""Games out of the archive and back in: a game as one JSON record, many as JSON lines.

An exported game is the engine's versioned record (:meth:`idoubtit.engine.Game.record`, which
:meth:`Game.replay` reads) with a ``table`` beside it: the room, the game's number there, its status and
times, its places, and who sat where. ``idoubtit play --save`` writes the same shape, so either imports.
Importing replays every record through the engine's checked door first: a record that does not replay,
or whose stated places its actions contradict, is refused and nothing of the batch is stored.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import insert, select
from sqlalchemy.orm import Session

from idoubtit.archive.codes import hash_token, is_room_code, new_room_code, new_token, normalize_code
from idoubtit.archive.errors import InvalidInputError
from idoubtit.archive.history import GameEntry, checked_player_id
from idoubtit.archive.models import (
    BOT_LEVEL_LENGTH,
    NAME_LENGTH,
    ActionRow,
    GameRow,
    GameSeatRow,
    GameStatus,
    RoomRow,
    RoomStatus,
    SeatKind,
    SeatRow,
    now,
)
from idoubtit.archive.snapshots import RoomSettings
from idoubtit.engine import Game, IDoubtItError
from idoubtit.history import game_numbers


def exported(entry: GameEntry, record: dict[str, Any], with_players: bool) -> dict[str, Any]:
    """A stored game as one JSON-ready record; ``with_players`` keeps the player ids (an owner's export)."""
    seats = []
    for seat in entry.seats:
        shown: dict[str, Any] = {"name": seat.display_name, "kind": str(seat.kind), "bot": seat.bot_level}
        if with_players and seat.player_id is not None:
            shown["player"] = seat.player_id
        seats.append(shown)
    table = {
        "room": entry.room_code,
        "number": entry.number,
        "status": str(entry.status),
        "started_at": entry.started_at.isoformat(),
        "finished_at": None if entry.finished_at is None else entry.finished_at.isoformat(),
        "places": None if entry.places is None else list(entry.places),
        "seats": seats,
    }
    return {**record, "table": table}


@dataclass(frozen=True, slots=True)
class Imported:
    """Where one imported record went: its room's code (here), its number there and its game id."""

    room_code: str
    number: int
    game_id: int


@dataclass(frozen=True, slots=True)
class _Checked:
    """A record that replayed, with what its ``table`` says (or what stands in for a missing one)."""

    record: dict[str, Any]
    game: Game
    source_room: str | None
    seats: list[dict[str, Any]]
    started_at: datetime
    finished_at: datetime | None


def import_records(session: Session, records: Sequence[object]) -> list[Imported]:
    """Store these exported records as closed rooms' games, in their order (see the module's docstring).

    Records of one source room go to one room here, which keeps the source's code when it is free;
    a record without a room gets a room of its own.
    """
    checked = [_checked(index, record) for index, record in enumerate(records)]
    rooms: dict[str, RoomRow] = {}
    imported = []
    for item in checked:
        key = item.source_room if item.source_room is not None else f"#{len(rooms)}"
        room = rooms.get(key)
        if room is None:
            room = rooms[key] = _new_room(session, item)
        imported.append(_store(session, room, item))
    return imported


def _checked(index: int, record: object) -> _Checked:
    where = f"record {index + 1}"
    if not isinstance(record, dict):
        raise InvalidInputError(f"{where} is not a JSON object")
    engine_record = {key: value for key, value in record.items() if key != "table"}
    try:
        game = Game.replay(engine_record)
    except (IDoubtItError, TypeError, ValueError, KeyError) as error:
        raise InvalidInputError(f"{where} does not replay: {error}") from None
    given = record.get("table")
    table: dict[str, Any] = given if isinstance(given, dict) else {}
    places = table.get("places")
    if places is not None and list(places) != list(game.places):
        raise InvalidInputError(f"{where} says places {places}, but its actions end with {list(game.places)}")
    seats = table.get("seats")
    if not isinstance(seats, list) or len(seats) != game.rules.players:
        seats = [{} for _ in range(game.rules.players)]
    source = table.get("room")
    started, finished = _moment(table.get("started_at"), where), _moment(table.get("finished_at"), where)
    return _Checked(
        record=game.record(),
        game=game,
        source_room=normalize_code(source) if isinstance(source, str) and source else None,
        seats=[seat if isinstance(seat, dict) else {} for seat in seats],
        started_at=started or now(),
        finished_at=finished or (now() if game.is_over else None),
    )


def _moment(text: object, where: str) -> datetime | None:
    if text is None:
        return None
    try:
        moment = datetime.fromisoformat(str(text))
    except ValueError:
        raise InvalidInputError(f"{where}: {text!r} is not an ISO 8601 time") from None
    if moment.tzinfo is None:
        raise InvalidInputError(f"{where}: {text!r} has no time zone")
    return moment


def _new_room(session: Session, item: _Checked) -> RoomRow:
    code = item.source_room
    if code is None or not is_room_code(code) or session.scalar(select(RoomRow.id).where(RoomRow.code == code)):
        code = new_room_code()
        while session.scalar(select(RoomRow.id).where(RoomRow.code == code)):
            code = new_room_code()
    room = RoomRow(
        code=code,
        settings=RoomSettings(item.game.rules).to_json(),
        host_token_hash=hash_token(new_token()),
        status=RoomStatus.CLOSED,
        created_at=item.started_at,
        updated_at=now(),
    )
    session.add(room)
    session.flush()
    return room


def _store(session: Session, room: RoomRow, item: _Checked) -> Imported:
    number = (
        session.scalar(select(GameRow.number).where(GameRow.room_id == room.id).order_by(GameRow.number.desc())) or 0
    ) + 1
    record, game = item.record, item.game
    over = game.is_over
    numbers = game_numbers(game) if over else None
    row = GameRow(
        room_id=room.id,
        number=number,
        record_format=record["format"],
        rules=record["rules"],
        seed=record.get("seed"),
        hands=record.get("hands"),
        first_seat=record["first"],
        status=GameStatus.FINISHED if over else GameStatus.ABANDONED,
        places=list(game.places) if over else None,
        started_at=item.started_at,
        finished_at=item.finished_at,
        lineup=[
            _lineup_seat(seat, info, None if numbers is None else numbers[seat].to_dict())
            for seat, info in enumerate(item.seats)
        ],
    )
    session.add(row)
    session.flush()
    if record["actions"]:
        moment = item.finished_at or item.started_at
        session.execute(
            insert(ActionRow),
            [
                {"game_id": row.id, "step": step, "notation": text, "stored_at": moment}
                for step, text in enumerate(record["actions"])
            ],
        )
    _seat_room(session, room, row.lineup)
    return Imported(room.code, number, row.id)


def _lineup_seat(seat: int, info: dict[str, Any], numbers: dict[str, Any] | None) -> GameSeatRow:
    bot = info.get("bot")
    kind = SeatKind.BOT if info.get("kind") == "bot" or (info.get("kind") is None and bot) else SeatKind.HUMAN
    name = info.get("name")
    # A seat without a name stays without one: each reader shows "Seat 2" in its own language.
    name = " ".join(name.split())[:NAME_LENGTH] if isinstance(name, str) else ""
    if not name.isprintable():
        raise InvalidInputError(f"seat {seat}: the name {info.get('name')!r} is not printable text")
    level = str(bot)[:BOT_LEVEL_LENGTH] if kind is SeatKind.BOT and bot else ("easy" if kind is SeatKind.BOT else None)
    player = checked_player_id(info.get("player")) if kind is SeatKind.HUMAN else None
    return GameSeatRow(seat=seat, display_name=name, kind=kind, bot_level=level, player_id=player, numbers=numbers)


def _seat_room(session: Session, room: RoomRow, lineup: Sequence[GameSeatRow]) -> None:
    """The imported room's seats are those of its latest game (a closed room still shows who sat where)."""
    for old in session.scalars(select(SeatRow).where(SeatRow.room_id == room.id)):
        session.delete(old)
    session.flush()
    for seat in lineup:
        human = seat.kind == SeatKind.HUMAN
        session.add(
            SeatRow(
                room_id=room.id,
                number=seat.seat,
                display_name=seat.display_name,
                kind=seat.kind,
                bot_level=None if human else seat.bot_level,
                token_hash=hash_token(new_token()) if human else None,
                joined_at=room.created_at,
                player_id=seat.player_id,
            )
        )
