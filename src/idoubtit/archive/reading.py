"""Reading the archive: stored rows made into snapshots, every room of a query in a fixed number of queries."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, and_, func, select
from sqlalchemy.orm import Session

from idoubtit.archive.models import ActionRow, GameRow, GameStatus, RoomRow, RoomStatus, SeatKind, SeatRow
from idoubtit.archive.snapshots import GameSnapshot, RoomSettings, RoomSnapshot, SeatSnapshot


def seat_snapshot(row: SeatRow) -> SeatSnapshot:
    return SeatSnapshot(
        number=row.number,
        display_name=row.display_name,
        kind=SeatKind(row.kind),
        bot_level=row.bot_level,
        token_hash=row.token_hash,
        joined_at=row.joined_at,
    )


def game_snapshot(row: GameRow, code: str, actions: Sequence[tuple[str, datetime]]) -> GameSnapshot:
    record: dict[str, Any] = {"format": row.record_format, "rules": dict(row.rules), "first": row.first_seat}
    if row.seed is not None:
        record["seed"] = row.seed
    else:
        record["hands"] = [list(hand) for hand in row.hands or []]
    record["actions"] = [notation for notation, _ in actions]
    return GameSnapshot(
        id=row.id,
        room_code=code,
        number=row.number,
        status=GameStatus(row.status),
        record=record,
        places=None if row.places is None else tuple(row.places),
        started_at=row.started_at,
        finished_at=row.finished_at,
        last_action_at=actions[-1][1] if actions else None,
    )


def room_snapshots(session: Session, which: ColumnElement[bool]) -> list[RoomSnapshot]:
    """Snapshots of the rooms ``which`` selects, in five queries however many rooms there are."""
    rooms = list(session.scalars(select(RoomRow).where(which).order_by(RoomRow.id)))
    seats: dict[int, list[SeatSnapshot]] = {room.id: [] for room in rooms}
    for seat in session.scalars(
        select(SeatRow).join(RoomRow, RoomRow.id == SeatRow.room_id).where(which).order_by(SeatRow.number)
    ):
        seats[seat.room_id].append(seat_snapshot(seat))
    latest_number = (
        select(GameRow.room_id, func.max(GameRow.number).label("number")).group_by(GameRow.room_id).subquery()
    )
    latest_games = (
        select(GameRow)
        .join(latest_number, and_(GameRow.room_id == latest_number.c.room_id, GameRow.number == latest_number.c.number))
        .join(RoomRow, RoomRow.id == GameRow.room_id)
        .where(which)
    )
    games = {game.room_id: game for game in session.scalars(latest_games)}
    winners: dict[int, list[int]] = {room.id: [] for room in rooms}
    for room_id, places in session.execute(
        select(GameRow.room_id, GameRow.places)
        .join(RoomRow, RoomRow.id == GameRow.room_id)
        .where(which, GameRow.status == GameStatus.FINISHED)
        .order_by(GameRow.room_id, GameRow.number)
    ):
        if places:
            winners[room_id].append(int(places[0]))
    actions: dict[int, list[tuple[str, datetime]]] = {game.id: [] for game in games.values()}
    latest_ids = latest_games.with_only_columns(GameRow.id).scalar_subquery()
    for game_id, notation, stored_at in session.execute(
        select(ActionRow.game_id, ActionRow.notation, ActionRow.stored_at)
        .where(ActionRow.game_id.in_(latest_ids))
        .order_by(ActionRow.game_id, ActionRow.step)
    ):
        actions[game_id].append((notation, stored_at))
    snapshots = []
    for room in rooms:
        game = games.get(room.id)
        snapshots.append(
            RoomSnapshot(
                code=room.code,
                settings=RoomSettings.from_json(room.settings),
                status=RoomStatus(room.status),
                host_token_hash=room.host_token_hash,
                seats=tuple(seats[room.id]),
                latest_game=None if game is None else game_snapshot(game, room.code, actions[game.id]),
                created_at=room.created_at,
                updated_at=room.updated_at,
                host_seat=room.host_seat,
                winners=tuple(winners[room.id]),
                locked=bool(room.locked),
            )
        )
    return snapshots
