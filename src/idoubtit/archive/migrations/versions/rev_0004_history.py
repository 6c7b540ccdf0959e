"""Who sat where in each game, with each seat's numbers, and the player id a person's browser keeps.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-21

Games stored before this revision get their lineup from their room's seats as they are now (the best
the archive knows), and finished games get their numbers by replaying their records.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | Sequence[str] | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("seats", sa.Column("player_id", sa.String(length=64), nullable=True))
    op.create_table(
        "game_seats",
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("display_name", sa.String(length=40), nullable=False),
        sa.Column("kind", sa.String(length=8), nullable=False),
        sa.Column("bot_level", sa.String(length=100), nullable=True),
        sa.Column("player_id", sa.String(length=64), nullable=True),
        sa.Column("numbers", sa.JSON(none_as_null=True), nullable=True),
        sa.CheckConstraint("kind IN ('human', 'bot')", name=op.f("ck_game_seats_kind")),
        sa.CheckConstraint("seat >= 0", name=op.f("ck_game_seats_seat")),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name=op.f("fk_game_seats_game_id_games"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("game_id", "seat", name=op.f("pk_game_seats")),
    )
    op.create_index("ix_game_seats_player_id", "game_seats", ["player_id"], unique=False)
    _fill_lineups()


def _fill_lineups() -> None:
    """Earlier games: the room's seats as lineup; numbers for the finished ones (replayed)."""
    from idoubtit.engine import IDoubtItError  # the engine and history only: no app state here
    from idoubtit.history import record_numbers

    if op.get_context().as_sql:  # offline mode writes SQL for an empty database: no rows to fill
        return
    bind = op.get_bind()
    games = sa.table(
        "games",
        sa.column("id"),
        sa.column("room_id"),
        sa.column("status"),
        sa.column("record_format"),
        sa.column("rules", sa.JSON),
        sa.column("seed", sa.BigInteger),
        sa.column("hands", sa.JSON),
        sa.column("first_seat"),
    )
    seats = sa.table(
        "seats",
        sa.column("room_id"),
        sa.column("number"),
        sa.column("display_name"),
        sa.column("kind"),
        sa.column("bot_level"),
    )
    actions = sa.table("actions", sa.column("game_id"), sa.column("step"), sa.column("notation"))
    game_seats = sa.table(
        "game_seats",
        sa.column("game_id"),
        sa.column("seat"),
        sa.column("display_name"),
        sa.column("kind"),
        sa.column("bot_level"),
        sa.column("numbers", sa.JSON),
    )
    for game in bind.execute(sa.select(games)).mappings().all():
        numbers: Sequence[dict[str, object] | None] = []
        if game["status"] == "finished":
            record = {"format": game["record_format"], "rules": game["rules"], "first": game["first_seat"]}
            record.update({"seed": game["seed"]} if game["seed"] is not None else {"hands": game["hands"]})
            record["actions"] = list(
                bind.execute(
                    sa.select(actions.c.notation).where(actions.c.game_id == game["id"]).order_by(actions.c.step)
                ).scalars()
            )
            try:
                numbers = [seat.to_dict() for seat in record_numbers(record)]
            except (IDoubtItError, TypeError, ValueError, KeyError):  # a record that does not replay keeps no
                # numbers rather than stopping the upgrade
                numbers = []
        rows = bind.execute(sa.select(seats).where(seats.c.room_id == game["room_id"])).mappings().all()
        values = [
            {
                "game_id": game["id"],
                "seat": row["number"],
                "display_name": row["display_name"],
                "kind": row["kind"],
                "bot_level": row["bot_level"],
                "numbers": numbers[row["number"]] if row["number"] < len(numbers) else None,
            }
            for row in rows
        ]
        if values:
            bind.execute(sa.insert(game_seats), values)


def downgrade() -> None:
    op.drop_index("ix_game_seats_player_id", table_name="game_seats")
    op.drop_table("game_seats")
    op.drop_column("seats", "player_id")
