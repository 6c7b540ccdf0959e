"""The seat of the person who hosts at a room's table.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-06

A room stored before this revision gets the seat of its first person (by the time they joined), as a room
created from now on does; a room with nobody seated yet gets it when the first person joins.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | Sequence[str] | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("rooms", sa.Column("host_seat", sa.Integer(), nullable=True))
    op.execute(
        "UPDATE rooms SET host_seat = (SELECT seats.number FROM seats"
        " WHERE seats.room_id = rooms.id AND seats.kind = 'human'"
        " ORDER BY seats.joined_at, seats.number LIMIT 1)"
    )


def downgrade() -> None:
    # A plain DROP COLUMN (SQLite has it since 3.35): batch mode would copy the rooms table, and dropping
    # the old copy would cascade to every seat and game.
    op.drop_column("rooms", "host_seat")
