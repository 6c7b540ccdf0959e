"""Rooms a host locked: nobody new may take a seat.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-20

Every room stored before this revision is unlocked, as a new room is.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | Sequence[str] | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("rooms", sa.Column("locked", sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade() -> None:
    # A plain DROP COLUMN, as in 0002: batch mode would copy the rooms table and cascade to its seats.
    op.drop_column("rooms", "locked")
