"""Connecting to the archive's database and bringing its schema up to date with Alembic.

One function turns what a person types after ``--db`` into an engine: nothing (a SQLite file in the
user's data directory), a path (a SQLite file there), or a URL (``postgresql://…`` and
``postgresql+psycopg://…`` both use psycopg 3, the driver this package depends on).
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any, Final

import platformdirs
from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, create_engine, event, text
from sqlalchemy.engine import URL, make_url
from sqlalchemy.pool import StaticPool

DEFAULT_FILENAME: Final = "idoubtit.sqlite3"
#: How long a SQLite writer waits for another connection's write lock before giving up, in seconds.
SQLITE_BUSY_TIMEOUT: Final = 30.0
#: Any fixed number: PostgreSQL sessions that upgrade the schema take this advisory lock, one at a time.
_MIGRATION_LOCK_ID: Final = 0x1D0B7
_MIGRATIONS_PACKAGE: Final = "idoubtit.archive.migrations"


def default_path() -> Path:
    """Where the archive lives when no ``--db`` is given: ``idoubtit.sqlite3`` in the user's data directory."""
    return Path(platformdirs.user_data_dir("idoubtit")) / DEFAULT_FILENAME


def database_url(target: str | Path | None) -> URL:
    """The SQLAlchemy URL for ``--db``: None → the default file, a path → a SQLite file, else a URL.

    >>> database_url("postgresql://u:p@db.example/games").drivername
    'postgresql+psycopg'
    >>> database_url("games.sqlite3").database.endswith("games.sqlite3")
    True
    """
    if target is None:
        return URL.create("sqlite", database=str(default_path()))
    if isinstance(target, Path) or "://" not in target:
        return URL.create("sqlite", database=str(Path(target).expanduser().resolve()))
    url = make_url(target)
    # Without a driver SQLAlchemy would pick psycopg2, which is not installed; "postgres://" is a common alias.
    if url.drivername in {"postgresql", "postgres"}:
        url = url.set(drivername="postgresql+psycopg")
    return url


def create_archive_engine(url: URL) -> Engine:
    """An engine set up for the archive's guarantees on each kind of database."""
    if url.get_backend_name() != "sqlite":
        # pre_ping: a connection left over from before a database restart is replaced, not handed out broken.
        return create_engine(url, pool_pre_ping=True)
    memory = url.database in {None, "", ":memory:"}
    options: dict[str, Any] = {"connect_args": {"timeout": SQLITE_BUSY_TIMEOUT, "check_same_thread": False}}
    if memory:  # one shared connection, or each connection would see its own empty database
        options["poolclass"] = StaticPool
    else:  # SQLite creates the file but not its directory (the user data directory may not exist yet)
        Path(str(url.database)).parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(url, **options)
    event.listen(engine, "connect", _configure_sqlite)
    event.listen(engine, "begin", _begin_immediate)
    return engine


def _configure_sqlite(dbapi_connection: Any, _record: Any) -> None:
    # The driver's own transaction handling is switched off so that _begin_immediate decides how to begin.
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    try:
        # SQLite leaves foreign keys unchecked unless asked, per connection.
        cursor.execute("PRAGMA foreign_keys = ON")
        # WAL lets readers go on while a writer commits; synchronous FULL makes every commit durable even
        # against a power cut, not only against a crash of the process: an acknowledged action stays stored.
        cursor.execute("PRAGMA journal_mode = WAL")
        cursor.execute("PRAGMA synchronous = FULL")
    finally:
        cursor.close()


def _begin_immediate(connection: Connection) -> None:
    # A deferred transaction that reads and then writes can fail at once with SQLITE_BUSY when another
    # connection wrote in between; taking the write lock up front makes it wait (busy timeout) instead.
    connection.exec_driver_sql("BEGIN IMMEDIATE")


def alembic_config(url: URL | str | None = None) -> Config:
    """An Alembic configuration for the migrations shipped in this package.

    The archive passes its connection in ``config.attributes["connection"]``; ``url`` is for using
    Alembic's commands by hand, e.g. ``command.revision(alembic_config(url), "...", autogenerate=True)``.
    """
    config = Config()
    config.set_main_option("script_location", str(resources.files(_MIGRATIONS_PACKAGE)))
    # New revision files get a name that is also a module name ("rev_<id>_<slug>.py").
    config.set_main_option("file_template", "rev_%%(rev)s_%%(slug)s")
    if url is not None:
        resolved = url if isinstance(url, URL) else database_url(url)
        # ConfigParser reads "%" as interpolation; passwords in URLs may hold one.
        config.set_main_option("sqlalchemy.url", resolved.render_as_string(hide_password=False).replace("%", "%%"))
    return config


def upgrade(engine: Engine) -> None:
    """Bring the schema to the newest revision: a fresh database gets every table, an old one the missing steps."""
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            # Two servers starting at once against one database upgrade one after the other.
            connection.execute(text("SELECT pg_advisory_xact_lock(:id)"), {"id": _MIGRATION_LOCK_ID})
        config = alembic_config()
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def current_revision(engine: Engine) -> str | None:
    """The revision the database is at (None: no schema yet)."""
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def head_revision() -> str | None:
    """The newest revision shipped with this package."""
    return ScriptDirectory.from_config(alembic_config()).get_current_head()
