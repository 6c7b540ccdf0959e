"""Fixtures that run every archive test on a SQLite file and on a real PostgreSQL server.

PostgreSQL comes from ``IDOUBTIT_TEST_POSTGRES_URL`` when it is set (a server the tests may create and
drop schemas in), otherwise from a throwaway cluster this session starts itself (tests/archive/postgres.py).
Without either the PostgreSQL tests fail, never skip: a storage layer tested on one database only is
not what the project promises.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from sqlalchemy import create_engine

from idoubtit.archive import Archive, database_url
from tests.archive.postgres import Cluster, PostgresUnavailableError

POSTGRES_URL_VARIABLE = "IDOUBTIT_TEST_POSTGRES_URL"
DATABASES = ["sqlite", "postgresql"]


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """A URL of a PostgreSQL server for the whole test session."""
    external = os.environ.get(POSTGRES_URL_VARIABLE)
    if external:
        yield external
        return
    try:
        cluster = Cluster.start()
    except PostgresUnavailableError as error:
        pytest.fail(f"the archive's tests need PostgreSQL: {error}", pytrace=False)
    try:
        yield cluster.url
    finally:
        cluster.stop()


@contextmanager
def fresh_schema(server_url: str) -> Iterator[str]:
    """A URL whose connections work in a new, empty schema, dropped afterwards.

    A schema per test keeps tests apart on a server that is not ours (IDOUBTIT_TEST_POSTGRES_URL) without
    needing the right to create databases, and is much quicker to make than a database.
    """
    name = f"test_{secrets.token_hex(6)}"
    url = database_url(server_url)
    admin = create_engine(url, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as connection:
            connection.exec_driver_sql(f'CREATE SCHEMA "{name}"')
        try:
            existing = url.query.get("options")
            options = f"{existing} -csearch_path={name}" if isinstance(existing, str) else f"-csearch_path={name}"
            yield url.update_query_dict({"options": options}).render_as_string(hide_password=False)
        finally:
            with admin.connect() as connection:
                connection.exec_driver_sql(f'DROP SCHEMA "{name}" CASCADE')
    finally:
        admin.dispose()


def sqlite_url(directory: Path) -> str:
    return f"sqlite:///{directory / 'archive.sqlite3'}"


@pytest.fixture(params=DATABASES)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """An empty database of each kind: a SQLite file in tmp_path, a fresh schema on PostgreSQL."""
    if request.param == "sqlite":
        yield sqlite_url(tmp_path)
        return
    with fresh_schema(request.getfixturevalue("postgres_server")) as url:
        yield url


@pytest.fixture
def archive(db_url: str) -> Iterator[Archive]:
    with Archive.open(db_url) as opened:
        yield opened
