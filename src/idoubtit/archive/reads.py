"""The archive's looking back, as methods of :class:`~idoubtit.archive.Archive`: pages of games, one game's
entry, each seat's and each person's totals, export and import (the queries are in archive/history.py,
the records' shape in archive/transfer.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractContextManager
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from idoubtit.archive.codes import is_room_code, normalize_code
from idoubtit.archive.errors import InvalidInputError, NotFoundError
from idoubtit.archive.history import (
    GameEntry,
    GamePage,
    PlayerStats,
    SeatTotals,
    checked_limit,
    checked_player_id,
    game_entries,
    game_page,
    in_room,
    of_player,
    player_totals,
    room_totals,
)
from idoubtit.archive.models import GameRow, RoomRow
from idoubtit.archive.transfer import Imported, exported, import_records


class LookingBack:
    """The reading side of the archive that history pages, statistics and exports use."""

    def _transaction(self) -> AbstractContextManager[Session]:
        raise NotImplementedError  # the Archive's own, one committed transaction per call

    def game_record(self, game_id: int) -> dict[str, Any]:
        raise NotImplementedError  # the Archive's own

    def room_games(self, code: str, before: int | None = None, limit: int | None = None) -> GamePage:
        """The room's games, newest first, ``limit`` to a page (default 20, at most 100), older than
        game id ``before`` (the page's own ``before`` asks for the next one)."""
        normalized, size = normalize_code(code), checked_limit(limit)
        with self._transaction() as session:
            room = room_row(session, normalized)
            return game_page(session, in_room(room.id), _before(before), size)

    def player_games(self, player_id: str, before: int | None = None, limit: int | None = None) -> GamePage:
        """The games a player id sat in, at every table, newest first (paged as :meth:`room_games`)."""
        player, size = _player(player_id), checked_limit(limit)
        with self._transaction() as session:
            return game_page(session, of_player(player), _before(before), size)

    def recent_games(self, before: int | None = None, limit: int | None = None) -> GamePage:
        """Every table's games, newest first (paged as :meth:`room_games`)."""
        size = checked_limit(limit)
        with self._transaction() as session:
            return game_page(session, GameRow.id.is_not(None), _before(before), size)

    def game_entry(self, game_id: int) -> GameEntry:
        """One game as a history lists it: room, number, times, who sat where, places, length."""
        if isinstance(game_id, bool) or not isinstance(game_id, int):
            raise InvalidInputError(f"a game id is a whole number, not {game_id!r}")
        with self._transaction() as session:
            row = session.execute(
                select(GameRow, RoomRow.code).join(RoomRow, RoomRow.id == GameRow.room_id).where(GameRow.id == game_id)
            ).first()
            if row is None:
                raise NotFoundError(f"no game with id {game_id}")
            return game_entries(session, [(row[0], row[1])])[0]

    def room_stats(self, code: str) -> list[SeatTotals]:
        """Each seat's totals over the room's finished games (a person is known by their seat at a table)."""
        normalized = normalize_code(code)
        with self._transaction() as session:
            return room_totals(session, room_row(session, normalized).id)

    def player_stats(self, player_id: str) -> PlayerStats:
        """A player id's totals over every finished game it sat in, and per table."""
        player = _player(player_id)
        with self._transaction() as session:
            return player_totals(session, player)

    def export_game(self, game_id: int, *, with_players: bool = False) -> dict[str, Any]:
        """A stored game as one JSON-ready record: the engine's record plus names, times and places.

        ``with_players`` keeps the seats' player ids (for the archive's owner moving it elsewhere).
        """
        return exported(self.game_entry(game_id), self.game_record(game_id), with_players)

    def import_records(self, records: Sequence[object]) -> list[Imported]:
        """Store exported records (:meth:`export_game`, ``idoubtit play --save``) as games of closed rooms,
        all or none: each is replayed first, and one that does not replay refuses the whole batch."""
        with self._transaction() as session:
            return import_records(session, records)


def room_row(session: Session, code: str) -> RoomRow:
    room = session.scalar(select(RoomRow).where(RoomRow.code == code)) if is_room_code(code) else None
    if room is None:
        raise NotFoundError(f"no room with code {code!r}")
    return room


def _before(before: object) -> int | None:
    if before is None:
        return None
    if isinstance(before, bool) or not isinstance(before, int) or before < 1:
        raise InvalidInputError(f"before is a game id (a whole number from 1), not {before!r}")
    return before


def _player(player_id: object) -> str:
    player = checked_player_id(player_id)
    if player is None:
        raise InvalidInputError("a player id is needed")
    return player
