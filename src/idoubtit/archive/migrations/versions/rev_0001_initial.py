"""The archive's first schema: rooms, seats, games and actions.

Revision ID: 0001
Revises:
Create Date: 2026-11-29

Written out in full rather than imported from the models, so that this revision keeps creating the same
tables after the models move on; ``tests/archive/test_migrations.py`` checks the two still agree.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | Sequence[str] | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "rooms",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("code", sa.String(length=16), nullable=False),
        sa.Column("settings", sa.JSON(), nullable=False),
        sa.Column("host_token_hash", sa.String(length=64), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("status IN ('waiting', 'playing', 'finished', 'closed')", name=op.f("ck_rooms_status")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_rooms")),
        sa.UniqueConstraint("code", name=op.f("uq_rooms_code")),
    )
    op.create_index(op.f("ix_rooms_status"), "rooms", ["status"], unique=False)

    op.create_table(
        "seats",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("room_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("display_name", sa.String(length=40), nullable=False),
        sa.Column("kind", sa.String(length=8), nullable=False),
        sa.Column("bot_level", sa.String(length=100), nullable=True),
        sa.Column("token_hash", sa.String(length=64), nullable=True),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint(
            "(kind = 'human' AND token_hash IS NOT NULL AND bot_level IS NULL)"
            " OR (kind = 'bot' AND token_hash IS NULL AND bot_level IS NOT NULL)",
            name=op.f("ck_seats_kind_fields"),
        ),
        sa.CheckConstraint("kind IN ('human', 'bot')", name=op.f("ck_seats_kind")),
        sa.CheckConstraint("number >= 0", name=op.f("ck_seats_number")),
        sa.ForeignKeyConstraint(["room_id"], ["rooms.id"], name=op.f("fk_seats_room_id_rooms"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_seats")),
        sa.UniqueConstraint("room_id", "number", name=op.f("uq_seats_room_id_number")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_seats_token_hash")),
    )

    op.create_table(
        "games",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("room_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("record_format", sa.String(length=32), nullable=False),
        sa.Column("rules", sa.JSON(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=True),
        sa.Column("hands", sa.JSON(none_as_null=True), nullable=True),
        sa.Column("first_seat", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("places", sa.JSON(none_as_null=True), nullable=True),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.CheckConstraint("status IN ('playing', 'finished', 'abandoned')", name=op.f("ck_games_status")),
        sa.CheckConstraint("(seed IS NULL) <> (hands IS NULL)", name=op.f("ck_games_deal")),
        sa.CheckConstraint("first_seat >= 0", name=op.f("ck_games_first_seat")),
        sa.CheckConstraint("number >= 1", name=op.f("ck_games_number")),
        sa.ForeignKeyConstraint(["room_id"], ["rooms.id"], name=op.f("fk_games_room_id_rooms"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_games")),
        sa.UniqueConstraint("room_id", "number", name=op.f("uq_games_room_id_number")),
    )
    op.create_index("ix_games_status_room_id", "games", ["status", "room_id"], unique=False)

    op.create_table(
        "actions",
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("step", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("notation", sa.Text(), nullable=False),
        sa.Column("stored_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("step >= 0", name=op.f("ck_actions_step")),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], name=op.f("fk_actions_game_id_games"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("game_id", "step", name=op.f("pk_actions")),
    )


def downgrade() -> None:
    op.drop_table("actions")
    op.drop_index("ix_games_status_room_id", table_name="games")
    op.drop_table("games")
    op.drop_table("seats")
    op.drop_index(op.f("ix_rooms_status"), table_name="rooms")
    op.drop_table("rooms")
