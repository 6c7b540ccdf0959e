"""The archive: rooms, seats, games, actions and results, stored with SQLAlchemy (see docs/archive.md).

SQLite (a file in the user's data directory by default) or PostgreSQL; the schema is kept current by the
Alembic migrations shipped in ``idoubtit.archive.migrations``. An action is stored and committed before
:meth:`Archive.append_action` returns, so the game server can acknowledge it (write-ahead), and a
restarted server rebuilds every table from :meth:`Archive.open_rooms`.
"""

from idoubtit.archive.codes import CODE_ALPHABET, CODE_LENGTH, hash_token, normalize_code
from idoubtit.archive.database import database_url, default_path
from idoubtit.archive.errors import (
    ArchiveError,
    ConflictError,
    DuplicateStepError,
    FencedError,
    InvalidInputError,
    NotFoundError,
)
from idoubtit.archive.history import GameEntry, GamePage, GameSeat, PlayerStats, SeatTotals, TableTotals
from idoubtit.archive.leases import Fence, Lease
from idoubtit.archive.models import GameStatus, RoomStatus, SeatKind
from idoubtit.archive.snapshots import GameSnapshot, JoinedSeat, NewRoom, RoomSettings, RoomSnapshot, SeatSnapshot
from idoubtit.archive.store import Archive
from idoubtit.archive.transfer import Imported

__all__ = [
    "CODE_ALPHABET",
    "CODE_LENGTH",
    "Archive",
    "ArchiveError",
    "ConflictError",
    "DuplicateStepError",
    "Fence",
    "FencedError",
    "GameEntry",
    "GamePage",
    "GameSeat",
    "GameSnapshot",
    "GameStatus",
    "Imported",
    "InvalidInputError",
    "JoinedSeat",
    "Lease",
    "NewRoom",
    "NotFoundError",
    "PlayerStats",
    "RoomSettings",
    "RoomSnapshot",
    "RoomStatus",
    "SeatKind",
    "SeatSnapshot",
    "SeatTotals",
    "TableTotals",
    "database_url",
    "default_path",
    "hash_token",
    "normalize_code",
]
