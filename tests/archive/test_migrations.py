"""The Alembic migrations build exactly the models' schema, on SQLite and PostgreSQL, and ship with the package."""

from __future__ import annotations

import fnmatch
import io
import tomllib
from importlib import resources
from pathlib import Path

from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import inspect

from idoubtit.archive import Archive, RoomSettings
from idoubtit.archive.database import alembic_config, current_revision, head_revision
from idoubtit.archive.models import Base
from idoubtit.engine import Rules

TABLES = {"rooms", "seats", "games", "game_seats", "actions", "room_leases", "alembic_version"}
PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"


def test_the_migrations_build_exactly_the_models_schema(db_url: str) -> None:
    with Archive.open(db_url) as archive, archive.engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        assert compare_metadata(context, Base.metadata) == []
        assert set(inspect(connection).get_table_names()) == TABLES


def test_the_comparison_notices_a_schema_that_differs(db_url: str) -> None:
    # The agreement test above means something only if a difference would show up.
    with Archive.open(db_url) as archive, archive.engine.begin() as connection:
        connection.exec_driver_sql("ALTER TABLE rooms ADD COLUMN stray INTEGER")
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        differences = compare_metadata(context, Base.metadata)
    assert [(kind, column.name) for kind, _schema, _table, column in differences] == [("remove_column", "stray")]


def test_open_upgrades_a_fresh_database_to_head_and_leaves_a_current_one_alone(db_url: str) -> None:
    with Archive.open(db_url, migrate=False) as bare:
        assert current_revision(bare.engine) is None
    with Archive.open(db_url) as archive:
        assert current_revision(archive.engine) == head_revision() is not None
        code = archive.create_room(RoomSettings(Rules(3))).code
    with Archive.open(db_url) as reopened:
        assert current_revision(reopened.engine) == head_revision()
        assert reopened.load_room(code).code == code


def test_a_database_migrated_down_and_up_again_comes_back_current(db_url: str) -> None:
    with Archive.open(db_url) as archive, archive.engine.begin() as connection:
        config = alembic_config()
        config.attributes["connection"] = connection
        command.downgrade(config, "base")
        assert set(inspect(connection).get_table_names()) == {"alembic_version"}
    with Archive.open(db_url) as archive, archive.engine.connect() as connection:
        assert current_revision(archive.engine) == head_revision()
        assert compare_metadata(MigrationContext.configure(connection), Base.metadata) == []


def test_alembic_commands_by_hand_reach_the_database_by_url(db_url: str) -> None:
    # The path env.py takes when no archive hands it a connection: a person running Alembic's commands.
    command.upgrade(alembic_config(db_url), "head")
    with Archive.open(db_url, migrate=False) as archive:
        assert current_revision(archive.engine) == head_revision()


def test_offline_mode_writes_the_schema_as_sql_for_an_administrator() -> None:
    config = alembic_config("postgresql://admin@db.example/games")
    config.output_buffer = buffer = io.StringIO()
    command.upgrade(config, "head", sql=True)
    script = buffer.getvalue()
    for table in ("rooms", "seats", "games", "actions"):
        assert f"CREATE TABLE {table} (" in script
    assert "CONSTRAINT pk_actions PRIMARY KEY (game_id, step)" in script


def test_every_migration_file_is_package_data() -> None:
    patterns = tomllib.loads(PYPROJECT.read_text())["tool"]["setuptools"]["package-data"]["idoubtit"]
    migrations = resources.files("idoubtit.archive.migrations")
    package = resources.files("idoubtit")
    shipped = [
        str(Path(str(path)).relative_to(str(package)))
        for path in [migrations / "env.py", migrations / "script.py.mako", *(migrations / "versions").iterdir()]
        if path.name.endswith((".py", ".mako"))
    ]
    assert len(shipped) >= 4
    unshipped = [path for path in shipped if not any(fnmatch.fnmatch(path, pattern) for pattern in patterns)]
    assert unshipped == []


def test_stepping_down_past_the_host_seat_and_up_again_keeps_every_room_and_seat(db_url: str) -> None:
    with Archive.open(db_url) as archive:
        code = archive.create_room(RoomSettings(Rules(3))).code
        archive.join_seat(code, "Ann", number=1)
        archive.seat_bot(code, "easy", number=0, display_name="Max")
        with archive.engine.begin() as connection:
            config = alembic_config()
            config.attributes["connection"] = connection
            command.downgrade(config, "0001")
            assert "host_seat" not in {column["name"] for column in inspect(connection).get_columns("rooms")}
            assert connection.exec_driver_sql("SELECT COUNT(*) FROM seats").scalar() == 2
    with Archive.open(db_url) as upgraded:
        room = upgraded.load_room(code)
        assert [seat.display_name for seat in room.seats] == ["Max", "Ann"]
        assert room.host_seat == 1  # a room from before: its first person hosts


def test_games_stored_before_lineups_get_them_and_their_numbers_on_upgrade(db_url: str) -> None:
    from tests.archive.test_history import golden_room
    from tests.history.golden import GOLDEN_NUMBERS

    with Archive.open(db_url) as archive:
        code, game_id = golden_room(archive)
        playing = archive.start_game(code, seed=5).id
        with archive.engine.begin() as connection:
            config = alembic_config()
            config.attributes["connection"] = connection
            command.downgrade(config, "0003")
            assert "game_seats" not in inspect(connection).get_table_names()
    with Archive.open(db_url) as upgraded:
        entry = upgraded.game_entry(game_id)
        assert [seat.display_name for seat in entry.seats] == ["Ann", "Max", "Ida"]
        assert tuple(seat.numbers for seat in entry.seats) == GOLDEN_NUMBERS
        assert [seat.numbers for seat in upgraded.game_entry(playing).seats] == [None, None, None]
        assert upgraded.room_stats(code)[0].totals.games == 1
